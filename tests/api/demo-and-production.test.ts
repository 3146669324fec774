import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../../server/db/seed.ts';
import { GENEROUS_LIMITS, startTestApp, type TestApp } from './support/test-app.ts';

describe('demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ rateLimits: GENEROUS_LIMITS });
  });
  afterAll(() => t?.close());

  it('creates the verified demo accounts once; each signs in with the demo password', async () => {
    expect(await seedDemoData(t.database.db)).toBe(DEMO_ACCOUNTS.length);
    expect(await seedDemoData(t.database.db)).toBe(0);
    for (const account of DEMO_ACCOUNTS) {
      const res = await t.request('/api/users/signin', {
        method: 'POST',
        json: { email: account.email, password: DEMO_PASSWORD },
      });
      expect(res.status, account.email).toBe(200);
      const { data } = await res.json();
      expect(data.user).toMatchObject({ email: account.email, role: account.role, referenceId: account.referenceId });
    }
    const roles = DEMO_ACCOUNTS.map((a) => `${a.email}:${a.role}:${a.referenceId ? 'linked' : 'none'}`);
    expect(roles).toEqual([
      'admin@caremesh.test:ADMIN:none',
      'hospital@caremesh.test:HOSPITAL:linked',
      'doctor@caremesh.test:DOCTOR:linked',
      'diagnostics@caremesh.test:DIAGNOSTICS:linked',
      'pharmacy@caremesh.test:PHARMACY:linked',
      'patient@caremesh.test:PATIENT:linked',
      'user@caremesh.test:USER:none',
      'newhospital@caremesh.test:HOSPITAL:none',
    ]);
  });
});

describe('production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { NODE_ENV: 'production', ALLOW_EMBEDDED_DATABASE: 'true' } });
  });
  afterAll(() => t?.close());

  it('has no development mailbox', async () => {
    const res = await t.request('/api/dev/mailbox?to=admin@caremesh.test');
    expect(res.status).toBe(404);
    expect((await res.json()).error).toBe('NOT_FOUND');
  });
});
