import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../server/db/schema/index.ts';
import { publicRoute } from '../../server/platform/access.ts';
import { GENEROUS_LIMITS, startTestApp, type TestApp } from './support/test-app.ts';
import { GOOD_PASSWORD, register } from './support/accounts.ts';

// What a failing query carries as bound parameters in real use: a new password's hash, an email, a name.
const EMAIL = 'meera.iyer@example.in';
const NAME = 'Meera Iyer';
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g';

const logLines: string[] = [];
let t: TestApp;

// Routes of this suite only: real queries that fail with personal data bound to them.
const failingQueries: FastifyPluginAsyncZod = async (app) => {
  const access = { access: publicRoute('a probe of this suite') };
  app.post('/api/probe/duplicate-account', { config: access }, async () => {
    // The same email twice: a unique violation whose detail and parameters name the person.
    await t.database.db.insert(users).values({ email: EMAIL, name: NAME, passwordHash: HASH });
    return { data: null };
  });
  app.get('/api/probe/bad-cast', { config: access }, async () => {
    await t.database.db.execute(sql`select ${EMAIL}::int, ${HASH}::uuid`);
    return { data: null };
  });
};

beforeAll(async () => {
  t = await startTestApp({
    rateLimits: GENEROUS_LIMITS,
    logTo: { write: (line) => void logLines.push(line) },
    configure: async (app) => {
      await app.register(failingQueries);
    },
  });
});

afterAll(async () => {
  await t?.close();
});

function entriesWith(message: string) {
  return logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((e) => e.msg === message);
}

describe('a failing query in the log', () => {
  it('names the error code, table and constraint, never the values bound to it', async () => {
    expect((await register(t, { email: EMAIL, password: GOOD_PASSWORD, name: NAME })).status).toBe(201);
    logLines.length = 0;
    const res = await t.request('/api/probe/duplicate-account', { method: 'POST' });
    expect(res.status).toBe(500);
    const [entry] = entriesWith('request failed');
    expect(entry).toBeDefined();
    const logged = JSON.stringify(entry);
    expect(logged).toContain('23505');
    expect(logged).toContain('users');
    expect(logged).toContain('users_email_key');
    for (const secret of [EMAIL, NAME, HASH, '$argon2id$', 'meera']) expect(logged).not.toContain(secret);
  });

  it('keeps the values out of a cast error too, whose message quotes the value', async () => {
    logLines.length = 0;
    const res = await t.request('/api/probe/bad-cast');
    expect(res.status).toBe(500);
    const [entry] = entriesWith('request failed');
    const logged = JSON.stringify(entry);
    expect(logged).toContain('22P02');
    for (const secret of [EMAIL, HASH, 'argon2id', 'meera']) expect(logged).not.toContain(secret);
  });

  it('never shows the caller the query or its values', async () => {
    const res = await t.request('/api/probe/bad-cast');
    const text = await res.text();
    for (const secret of [EMAIL, HASH, 'select', '22P02']) expect(text).not.toContain(secret);
  });
});

describe('an email in a request line', () => {
  it('is redacted like a token', async () => {
    logLines.length = 0;
    await t.request(`/api/dev/mailbox?to=${encodeURIComponent(EMAIL)}`);
    expect(logLines.join('\n')).not.toContain('meera');
  });
});
