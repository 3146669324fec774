import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

export const GOOD_PASSWORD = 'Swasthya2026';

export async function mailbox(t: TestApp, to: string) {
  const res = await t.request(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return (
    (await res.json()) as {
      data: { messages: Array<{ to: string; subject: string; text: string; createdAt: string }> };
    }
  ).data.messages;
}

/** The token of the newest mailed link that matches (verification: `?token=`, reset: `/reset-password/`). */
export async function mailedToken(t: TestApp, to: string, kind: 'verify' | 'reset'): Promise<string> {
  const [newest] = await mailbox(t, to);
  const pattern = kind === 'verify' ? /\/verify-email\?token=([\w-]+)/ : /\/reset-password\/([\w-]+)/;
  const match = newest?.text.match(pattern);
  if (!match?.[1]) throw new Error(`no ${kind} link mailed to ${to}`);
  return match[1];
}

export async function register(t: TestApp, body: Record<string, unknown>) {
  return t.request('/api/users/register', { method: 'POST', json: body });
}

export async function signin(t: TestApp, email: string, password = GOOD_PASSWORD) {
  return t.request('/api/users/signin', { method: 'POST', json: { email, password } });
}

/** Registers, verifies through the mailed link and signs in; returns the token and the user. */
export async function newAccount(t: TestApp, email: string, role = 'USER', password = GOOD_PASSWORD) {
  const res = await register(t, { email, password, role, name: `Test ${role.toLowerCase()}` });
  expect(res.status).toBe(201);
  const token = await mailedToken(t, email, 'verify');
  expect((await t.request(`/api/users/verify-email?token=${token}`)).status).toBe(200);
  const signed = await signin(t, email, password);
  expect(signed.status).toBe(200);
  const { data } = (await signed.json()) as {
    data: { token: string; user: { id: string; role: string; referenceId: string | null } };
  };
  return data;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
