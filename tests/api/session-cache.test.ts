// The session check answers from a short-lived cache of accounts instead of a query per request
// (server/platform/sessionCache.ts). What it must never do: let a session live on after a password
// reset or a sign-out, however warm the cache, on the instance that made the change or on another
// one sharing the same PostgreSQL database and Redis.
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../server/db/client.ts';
import { ACK_WAIT_MS, createSessionCache, type CachedAccount } from '../../server/platform/sessionCache.ts';
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

/** A TCP relay to Redis that holds everything it carries, both ways, for `delayMs`: a slow network or a busy instance. */
async function slowRelay(delayMs: number): Promise<{ url: string; close(): void }> {
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(6379, '127.0.0.1');
    sockets.add(client).add(upstream);
    const carry = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => setTimeout(() => to.destroyed || to.write(chunk), delayMs));
    carry(client, upstream);
    carry(upstream, client);
    // What was under way still arrives (a QUIT's answer before the close that follows it).
    const end = () =>
      setTimeout(() => {
        client.destroy();
        upstream.destroy();
      }, delayMs + 50);
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(relay.address() as net.AddressInfo).port}`,
    close() {
      for (const socket of sockets) socket.destroy();
      relay.close();
    },
  };
}

describe('an account change told to an instance that hears it late', () => {
  const quiet = { error() {}, warn() {}, info() {} } as unknown as FastifyBaseLogger;

  it('is answered only once that instance has dropped the account', async () => {
    const relay = await slowRelay(150);
    const late = await createSessionCache({ db: {} as Db, redisUrl: relay.url, log: quiet });
    const teller = await createSessionCache({ db: {} as Db, redisUrl: REDIS_URL, log: quiet });
    try {
      const userId = randomUUID();
      const account = {
        user: { id: userId, email: 'late@example.in', role: 'PATIENT', referenceId: null },
        tokenVersion: 1,
        emailVerifiedAt: null,
        createdAt: new Date(),
      } as unknown as CachedAccount;
      late.store(account, 'session-1', late.generation());
      expect(late.lookup(userId, 1, 'session-1')).toBeDefined();

      const started = Date.now();
      await teller.forget(userId);
      // The late instance heard it 150 ms after it was sent, and the change waited for it to say so.
      expect(late.lookup(userId, 1, 'session-1')).toBeUndefined();
      expect(Date.now() - started).toBeGreaterThanOrEqual(150);
      expect(Date.now() - started).toBeLessThan(ACK_WAIT_MS);
    } finally {
      await Promise.all([late.close(), teller.close()]);
      relay.close();
    }
  });
});
