import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { DEMO_PASSWORD } from './accounts.ts';

export type ApiSession = {
  token: string;
  user: { id: string; email: string; role: string; referenceId: string | null };
};

// Sign-in is rate limited per address and account (10 in 15 minutes): one API sign-in per account
// serves every test of this worker, for as long as the server still accepts its token.
const sessions = new Map<string, ApiSession>();

export async function apiSession(request: APIRequestContext, email: string): Promise<ApiSession> {
  const known = sessions.get(email);
  if (known) {
    const check = await request.get('/api/users/user-details', { headers: bearer(known.token) });
    if (check.ok()) return known;
  }
  const res = await request.post('/api/users/signin', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  const { data } = (await res.json()) as { data: ApiSession };
  sessions.set(email, data);
  return data;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Signs the browser context in with an API session: the app keeps its session in the jwtToken cookie. */
export async function useSession(context: BrowserContext, baseURL: string, session: ApiSession) {
  await context.addCookies([{ name: 'jwtToken', value: session.token, url: baseURL, sameSite: 'Strict' }]);
}
