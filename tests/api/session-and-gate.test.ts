// The access gate, the development mailbox, server-side sign-out and token rules: each case here is
// an attack that once worked against the API.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENEROUS_LIMITS, TEST_JWT_SECRET, startTestApp, type TestApp } from './support/test-app.ts';
import { bearer, newAccount, signin } from './support/accounts.ts';
import { connectSocket, json } from './support/appointments.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ rateLimits: GENEROUS_LIMITS });
});
afterAll(() => t?.close());

describe('the development mailbox', () => {
  it('is not there unless DEV_ROUTES asks for it, even outside production', async () => {
    const plain = await startTestApp({ env: { NODE_ENV: 'development', DEV_ROUTES: 'false' } });
    try {
      const res = await plain.request('/api/dev/mailbox?to=admin@caremesh.test');
      expect(res.status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('answers this machine only: another address, or a request a proxy forwarded, gets 404', async () => {
    const local = await t.request('/api/dev/mailbox?to=someone@example.in');
    expect(local.status).toBe(200);
    const remote = await t.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox?to=someone@example.in',
      remoteAddress: '203.0.113.9',
    });
    expect(remote.statusCode).toBe(404);
    const forwarded = await t.request('/api/dev/mailbox?to=someone@example.in', {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(forwarded.status).toBe(404);
  });
});

describe('the access gate', () => {
  it('answers 401 to an anonymous caller before it looks at the body', async () => {
    const res = await t.request('/api/appointments/patient/book-appointment', {
      method: 'POST',
      json: { nonsense: true },
    });
    expect(res.status).toBe(401);
    expect((await json(res)).error).toBe('UNAUTHORIZED');
  });

  it('answers 403 to a role the route does not admit before it looks at the body', async () => {
    const { token } = await newAccount(t, 'gate.user@example.in', 'USER');
    const res = await t.request('/api/appointments/patient/book-appointment', {
      method: 'POST',
      json: { nonsense: true },
      headers: bearer(token),
    });
    expect(res.status).toBe(403);
  });

  /** Sends the headers of a `size`-byte body and one small chunk, then waits for an answer. */
  function partialUpload(path: string, headers: Record<string, string>, size: number) {
    const url = new URL(t.baseUrl);
    return new Promise<{ status: number; sent: number }>((resolve, reject) => {
      const req = http.request({
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        headers: { ...headers, 'content-length': String(size) },
      });
      let sent = 0;
      req.on('response', (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, sent });
        req.destroy();
      });
      req.on('error', (error) => (sent > 0 ? undefined : reject(error)));
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      req.write(chunk);
      sent += chunk.length;
      // No more bytes are sent: an answer can only come from a server that did not wait for them.
      setTimeout(() => reject(new Error('the server waited for the body of an anonymous request')), 5_000).unref();
    });
  }

  it('never reads the body of an anonymous keyed request (90 MB announced, 64 KB sent)', async () => {
    const answer = await partialUpload(
      '/api/patients/00000000-0000-4000-8000-000000000000/documents',
      { 'content-type': 'multipart/form-data; boundary=x', 'idempotency-key': randomUUID() },
      90 * 1024 * 1024,
    );
    expect(answer.status).toBe(401);
  });

  it('holds a keyed multipart body to the JSON limit on a route that takes no files', async () => {
    const { token } = await newAccount(t, 'gate.patient@example.in', 'PATIENT');
    const answer = await partialUpload(
      '/api/idempotency-keys/lookup',
      {
        ...bearer(token),
        'content-type': 'multipart/form-data; boundary=x',
        'idempotency-key': randomUUID(),
      },
      20 * 1024 * 1024,
    );
    expect(answer.status).toBe(413);
  });
});

describe('tokens and sign-out', () => {
  const key = new TextEncoder().encode(TEST_JWT_SECRET);

  it('refuses a correctly signed token that never expires', async () => {
    const { user } = await newAccount(t, 'forever@example.in', 'USER');
    const forged = await new SignJWT({ role: 'USER', referenceId: null, tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt()
      .sign(key);
    expect((await t.request('/api/users/user-details', { headers: bearer(forged) })).status).toBe(401);
  });

  it('ends this session on the server, closes its sockets, and leaves the other sessions alone', async () => {
    const email = 'two.devices@example.in';
    const phone = (await newAccount(t, email, 'USER')).token;
    const desk = ((await json(await signin(t, email))) as { data: { token: string } }).data.token;
    const socket = await connectSocket(t.baseUrl, phone);
    const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));

    const out = await t.request('/api/users/signout', { method: 'POST', headers: bearer(phone) });
    expect(out.status).toBe(200);
    await closed;
    expect((await t.request('/api/users/user-details', { headers: bearer(phone) })).status).toBe(401);
    expect((await t.request('/api/users/user-details', { headers: bearer(desk) })).status).toBe(200);
    // The cookie the service worker replays with is the same token: refused too.
    const cookie = await t.request('/api/users/user-details', { headers: { cookie: `jwtToken=${phone}` } });
    expect(cookie.status).toBe(401);
    await expect(connectSocket(t.baseUrl, phone)).rejects.toThrow();
  });

  it('refuses sign-out without a session', async () => {
    expect((await t.request('/api/users/signout', { method: 'POST' })).status).toBe(401);
  });
});
