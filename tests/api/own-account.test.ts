import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENEROUS_LIMITS, startTestApp, type TestApp } from './support/test-app.ts';
import { GOOD_PASSWORD, bearer, newAccount, register, signin } from './support/accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ rateLimits: GENEROUS_LIMITS });
});
afterAll(() => t?.close());

const json = async (res: Response) => (await res.json()) as Record<string, any>;
const NEW_PASSWORD = 'Aarogya2027x';
const details = (token: string) => t.request('/api/users/user-details', { headers: bearer(token) });

describe('POST /api/users/change-password', () => {
  it('needs the current password, and says which field is wrong', async () => {
    const me = await newAccount(t, 'change.wrong@example.in');
    const res = await t.request('/api/users/change-password', {
      method: 'POST',
      headers: bearer(me.token),
      json: { currentPassword: 'not-it-at-all', newPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify((await json(res)).details)).toContain('body.currentPassword');
    expect((await signin(t, 'change.wrong@example.in')).status).toBe(200);
  });

  it('refuses a weak new password', async () => {
    const me = await newAccount(t, 'change.weak@example.in');
    const res = await t.request('/api/users/change-password', {
      method: 'POST',
      headers: bearer(me.token),
      json: { currentPassword: GOOD_PASSWORD, newPassword: 'short' },
    });
    expect(res.status).toBe(400);
  });

  it('changes it: the old password and other sessions stop working, this device goes on with the new token', async () => {
    const me = await newAccount(t, 'change.ok@example.in');
    const otherDevice = (await json(await signin(t, 'change.ok@example.in'))).data.token as string;
    const res = await t.request('/api/users/change-password', {
      method: 'POST',
      headers: bearer(me.token),
      json: { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.data.user).toMatchObject({ id: me.user.id, email: 'change.ok@example.in' });
    expect((await details(body.data.token)).status).toBe(200);
    expect((await details(otherDevice)).status).toBe(401);
    expect((await details(me.token)).status).toBe(401);
    expect((await signin(t, 'change.ok@example.in')).status).toBe(401);
    expect((await signin(t, 'change.ok@example.in', NEW_PASSWORD)).status).toBe(200);
  });
});

describe('DELETE /api/users/me', () => {
  it('is for Users only', async () => {
    const patient = await newAccount(t, 'delete.patient@example.in', 'PATIENT');
    const res = await t.request('/api/users/me', {
      method: 'DELETE',
      headers: bearer(patient.token),
      json: { password: GOOD_PASSWORD },
    });
    expect(res.status).toBe(403);
  });

  it('keeps the account on a wrong password', async () => {
    const me = await newAccount(t, 'delete.wrong@example.in');
    const res = await t.request('/api/users/me', {
      method: 'DELETE',
      headers: bearer(me.token),
      json: { password: 'not-it-at-all' },
    });
    expect(res.status).toBe(400);
    expect((await details(me.token)).status).toBe(200);
  });

  it('deletes it: no session, no sign-in, and the email is free to register again', async () => {
    const me = await newAccount(t, 'delete.ok@example.in');
    const res = await t.request('/api/users/me', {
      method: 'DELETE',
      headers: bearer(me.token),
      json: { password: GOOD_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe('Your account is deleted.');
    expect((await details(me.token)).status).toBe(401);
    expect((await signin(t, 'delete.ok@example.in')).status).toBe(401);
    const again = await register(t, { email: 'delete.ok@example.in', password: GOOD_PASSWORD });
    expect(again.status).toBe(201);
    expect((await json(again)).data.id).not.toBe(me.user.id);
  });
});
