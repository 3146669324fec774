import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_REFERENCE_IDS, seedDemoData } from '../../server/db/seed.ts';
import { createFileStore } from '../../server/platform/files.ts';
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
      'frontdesk@caremesh.test:HOSPITAL:linked',
      'billing@caremesh.test:HOSPITAL:linked',
      'pharmacist@caremesh.test:PHARMACY:linked',
      'qc@caremesh.test:PHARMACY:linked',
      'collector@caremesh.test:DIAGNOSTICS:linked',
      'signer@caremesh.test:DIAGNOSTICS:linked',
    ]);
    // The organisations' teams: one owner each, members with their duties.
    const hospitalToken = (
      await (
        await t.request('/api/users/signin', {
          method: 'POST',
          json: { email: 'hospital@caremesh.test', password: DEMO_PASSWORD },
        })
      ).json()
    ).data.token as string;
    const team = (
      await (await t.request('/api/teams/me', { headers: { authorization: `Bearer ${hospitalToken}` } })).json()
    ).data as { members: Array<{ email: string; isOwner: boolean; duties: string[]; state: string }> };
    expect(team.members.map((m) => [m.email, m.isOwner, m.duties, m.state])).toEqual([
      ['hospital@caremesh.test', true, [], 'ACTIVE'],
      ['frontdesk@caremesh.test', false, ['FRONT_DESK'], 'ACTIVE'],
      ['billing@caremesh.test', false, ['BILLING'], 'ACTIVE'],
    ]);
  });
});

describe('demo data with its documents', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ rateLimits: GENEROUS_LIMITS });
  }, 60_000);
  afterAll(() => t?.close());

  const signin = async (email: string) => {
    const res = await t.request('/api/users/signin', { method: 'POST', json: { email, password: DEMO_PASSWORD } });
    return { authorization: `Bearer ${(await res.json()).data.token as string}` };
  };

  it('gives the demo doctor patients in care, and the echo report the demo patient shared with her confirmed visit', async () => {
    const files = createFileStore(path.join(t.config.dataDir, 'files'));
    expect(await seedDemoData(t.database.db, files)).toBe(DEMO_ACCOUNTS.length);
    const doctor = await signin('doctor@caremesh.test');
    const patients = (await (await t.request('/api/patients?limit=100', { headers: doctor })).json()).data.patients;
    expect(patients.length).toBeGreaterThanOrEqual(2);
    expect(patients.map((p: { id: string }) => p.id)).toContain(DEMO_REFERENCE_IDS.patient);

    const confirmed = (
      await (await t.request('/api/appointments/doctor?status=CONFIRMED', { headers: doctor })).json()
    ).data.appointments.find((a: { patient: { id: string } }) => a.patient.id === DEMO_REFERENCE_IDS.patient);
    const shared = (await (await t.request(`/api/appointments/${confirmed.id}/documents`, { headers: doctor })).json())
      .data.documents;
    expect(shared.map((d: { title: string }) => d.title)).toEqual(['Echo report']);
    const file = await t.request(`/api/patients/${DEMO_REFERENCE_IDS.patient}/documents/${shared[0].id}/content`, {
      headers: doctor,
    });
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    // The blood tests she kept to herself: the doctor does not see them, she does.
    const seen = async (headers: Record<string, string>) =>
      (
        await (await t.request(`/api/patients/${DEMO_REFERENCE_IDS.patient}/documents`, { headers })).json()
      ).data.documents.map((d: { title: string }) => d.title);
    expect(await seen(doctor)).toEqual(['Echo report']);
    expect((await seen(await signin('patient@caremesh.test'))).sort()).toEqual(['Blood test results', 'Echo report']);
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
