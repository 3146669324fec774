// The session check answers from a short-lived cache of accounts instead of a query per request
// (server/platform/sessionCache.ts). What it must never do: let a session live on after a password
// reset or a sign-out, however warm the cache, on the instance that made the change or on another
// one sharing the same PostgreSQL database and Redis.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client.ts';
import { GENEROUS_LIMITS, freshDatabase, startTestApp, type TestApp } from './support/test-app.ts';
import { bearer, mailedToken, newAccount, signin } from './support/accounts.ts';
import { json } from './support/requests.ts';

const POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = 'redis://127.0.0.1:6379';
const NEW_PASSWORD = 'Naya-Password-2026';

const details = (t: TestApp, token: string) => t.request('/api/users/user-details', { headers: bearer(token) });
const unread = (t: TestApp, token: string) => t.request('/api/notifications/unread/count', { headers: bearer(token) });

/** Signed-in requests that have certainly been answered from the cache (the same session, again and again). */
async function warm(t: TestApp, token: string) {
  for (let i = 0; i < 3; i++) {
    expect((await details(t, token)).status).toBe(200);
    expect((await unread(t, token)).status).toBe(200);
  }
}

async function resetPassword(t: TestApp, email: string) {
  const asked = await t.request('/api/users/request-reset-password', { method: 'POST', json: { email } });
  expect(asked.status).toBe(200);
  const token = await mailedToken(t, email, 'reset');
  const reset = await t.request(`/api/users/reset-password/${token}`, {
    method: 'POST',
    json: { password: NEW_PASSWORD },
  });
  expect(reset.status).toBe(200);
}

describe('the session cache on one instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ rateLimits: GENEROUS_LIMITS });
  });
  afterAll(() => t?.close());

  it('ends every session at once when the password is reset, however warm the cache', async () => {
    const email = 'cache.reset@example.in';
    const { token } = await newAccount(t, email);
    await warm(t, token);
    await resetPassword(t, email);
    expect((await details(t, token)).status).toBe(401);
    expect((await unread(t, token)).status).toBe(401);
    const fresh = (await json(await signin(t, email, NEW_PASSWORD))).data.token as string;
    expect((await details(t, fresh)).status).toBe(200);
  });

  it('ends the signed-out session at once and keeps the others', async () => {
    const email = 'cache.signout@example.in';
    const { token: phone } = await newAccount(t, email);
    const desk = (await json(await signin(t, email))).data.token as string;
    await warm(t, phone);
    await warm(t, desk);
    expect((await t.request('/api/users/signout', { method: 'POST', headers: bearer(phone) })).status).toBe(200);
    expect((await details(t, phone)).status).toBe(401);
    expect((await unread(t, phone)).status).toBe(401);
    expect((await details(t, desk)).status).toBe(200);
  });

  it('answers user-details with the account as it is, not as it was first read', async () => {
    const email = 'cache.details@example.in';
    const { token, user } = await newAccount(t, email, 'PATIENT');
    await warm(t, token);
    expect((await json(await details(t, token))).data).toMatchObject({ id: user.id, referenceId: null });
    const created = await t.request('/api/patients', {
      method: 'POST',
      headers: bearer(token),
      json: {
        firstName: 'Asha',
        lastName: 'Kulkarni',
        phone: '098220 12345',
        address: {
          buildingNumber: '4',
          street: 'FC Road',
          locality: 'Shivajinagar',
          city: 'Pune',
          state: 'MAHARASHTRA',
          pincode: '411005',
        },
      },
    });
    expect(created.status).toBe(201);
    const profileId = (await json(created)).data.id as string;
    expect((await json(await details(t, token))).data).toMatchObject({ id: user.id, referenceId: profileId });
  });
});

describe('the session cache across two instances sharing PostgreSQL and Redis', () => {
  let shared: { database: Database; dispose(): Promise<void> } | undefined;
  let a: TestApp | undefined;
  let b: TestApp | undefined;
  beforeAll(async () => {
    shared = await freshDatabase(POSTGRES_ADMIN_URL);
    const options = { database: shared.database, env: { REDIS_URL }, rateLimits: GENEROUS_LIMITS };
    a = await startTestApp(options);
    b = await startTestApp(options);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await shared?.dispose();
  });

  it('a sign-out through A ends the session on B at once', async () => {
    const email = 'cluster.signout@example.in';
    const { token } = await newAccount(a!, email);
    await warm(a!, token);
    await warm(b!, token);
    expect((await a!.request('/api/users/signout', { method: 'POST', headers: bearer(token) })).status).toBe(200);
    expect((await details(b!, token)).status).toBe(401);
    expect((await unread(b!, token)).status).toBe(401);
    expect((await details(a!, token)).status).toBe(401);
  });

  it('a password reset through B ends the sessions on A at once', async () => {
    const email = 'cluster.reset@example.in';
    const { token } = await newAccount(b!, email);
    await warm(a!, token);
    await warm(b!, token);
    await resetPassword(b!, email);
    expect((await details(a!, token)).status).toBe(401);
    expect((await unread(a!, token)).status).toBe(401);
    expect((await details(b!, token)).status).toBe(401);
  });
});
