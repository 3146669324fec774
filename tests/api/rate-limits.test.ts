import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/platform/context.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { GOOD_PASSWORD } from './support/accounts.ts';

// The limits exactly as production has them, behind a trusted proxy so that a test can come from many addresses.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t?.close());

async function hammer(
  path: string,
  body: Record<string, unknown> | ((i: number) => Record<string, unknown>),
  times: number,
  from?: (i: number) => string,
) {
  const statuses: number[] = [];
  let last: Response | undefined;
  for (let i = 0; i < times; i++) {
    last = await t.request(path, {
      method: 'POST',
      json: typeof body === 'function' ? body(i) : body,
      headers: from ? { 'x-forwarded-for': from(i) } : {},
    });
    statuses.push(last.status);
  }
  return { statuses, last: last as Response };
}

describe('rate limits', () => {
  it('stops repeated sign-in attempts on one account with 429 RATE_LIMITED and Retry-After', async () => {
    const { max } = DEFAULT_RATE_LIMITS.signin;
    const { statuses, last } = await hammer(
      '/api/users/signin',
      { email: 'target@example.in', password: 'Guess12345' },
      max + 1,
    );
    expect(statuses.slice(0, max).every((s) => s === 401)).toBe(true);
    expect(statuses[max]).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = await last.json();
    expect(body).toMatchObject({ error: 'RATE_LIMITED', message: expect.stringMatching(/Too many attempts/) });

    // Another account from the same address is not locked out by the first one's attempts.
    const other = await t.request('/api/users/signin', {
      method: 'POST',
      json: { email: 'other@example.in', password: 'Guess12345' },
    });
    expect(other.status).toBe(401);
  });

  it('limits registrations from one address', async () => {
    const { max } = DEFAULT_RATE_LIMITS.register;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) {
      const res = await t.request('/api/users/register', {
        method: 'POST',
        json: { email: `bulk${i}@example.in`, password: GOOD_PASSWORD },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, max).every((s) => s === 201)).toBe(true);
    expect(statuses[max]).toBe(429);
  });

  it('limits reset mail requests for one email', async () => {
    const { max } = DEFAULT_RATE_LIMITS.mailRequest;
    const { statuses, last } = await hammer(
      '/api/users/request-reset-password',
      { email: 'bulk0@example.in' },
      max + 1,
    );
    expect(statuses.slice(0, max).every((s) => s === 200)).toBe(true);
    expect(statuses[max]).toBe(429);
    expect(last.headers.get('retry-after')).toBeTruthy();
  });

  it('stops one address trying password after password on many accounts', async () => {
    const { max } = DEFAULT_RATE_LIMITS.signinPerAddress;
    const { statuses, last } = await hammer(
      '/api/users/signin',
      (i) => ({ email: `spray${i}@example.in`, password: 'Guess12345' }),
      max + 1,
      () => '203.0.113.7',
    );
    expect(statuses.slice(0, max).every((s) => s === 401)).toBe(true);
    expect(statuses[max]).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not held back by the first one's spraying.
    const other = await t.request('/api/users/signin', {
      method: 'POST',
      json: { email: 'spray0@example.in', password: 'Guess12345' },
      headers: { 'x-forwarded-for': '198.51.100.9' },
    });
    expect(other.status).toBe(401);
  });

  it('stops attempts on one account that come from many addresses', async () => {
    const { max } = DEFAULT_RATE_LIMITS.signin;
    const { statuses } = await hammer(
      '/api/users/signin',
      { email: 'botnet-target@example.in', password: 'Guess12345' },
      max + 1,
      (i) => `192.0.2.${i + 1}`,
    );
    expect(statuses.slice(0, max).every((s) => s === 401)).toBe(true);
    expect(statuses[max]).toBe(429);
  });

  it('limits mail requests from one address across many accounts, and for one account across addresses', async () => {
    const perAddress = DEFAULT_RATE_LIMITS.mailRequestPerAddress.max;
    const spray = await hammer(
      '/api/users/request-reset-password',
      (i) => ({ email: `mailspray${i}@example.in` }),
      perAddress + 1,
      () => '203.0.113.50',
    );
    expect(spray.statuses.slice(0, perAddress).every((s) => s === 200)).toBe(true);
    expect(spray.statuses[perAddress]).toBe(429);

    const perAccount = DEFAULT_RATE_LIMITS.mailRequest.max;
    const oneAccount = await hammer(
      '/api/users/resend-verification',
      { email: 'mail-target@example.in' },
      perAccount + 1,
      (i) => `198.51.100.${i + 100}`,
    );
    expect(oneAccount.statuses.slice(0, perAccount).every((s) => s === 200)).toBe(true);
    expect(oneAccount.statuses[perAccount]).toBe(429);
  });
});
