import { createHash } from 'node:crypto';
import { and, asc, count, eq, lt, type AnyColumn } from 'drizzle-orm';
import { todayInIndia } from '../../domain/rules/time.ts';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDIAN_STATES } from '../../domain/enums.ts';
import type { Db } from '../../server/db/client.ts';
import { DEMO_NETWORK_SIZE, buildDemoNetwork, type DemoNetwork } from '../../server/db/demo/network.ts';
import { networkProblems } from '../../server/db/demo/validation.ts';
import {
  diagnosticsCentres,
  doctors,
  hospitalDepartments,
  hospitalEmergencyContacts,
  hospitals,
  medicalHistory,
  patients,
  pharmacies,
  pharmacists,
  users,
} from '../../server/db/schema/index.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_REFERENCE_IDS, seedDemoData } from '../../server/db/seed.ts';
import { listedInDirectory } from '../../server/platform/search.ts';
import { bearer } from './support/accounts.ts';
import { GENEROUS_LIMITS, startTestApp, type TestApp } from './support/test-app.ts';

const NETWORK_TABLES = {
  hospitals,
  hospitalDepartments,
  hospitalEmergencyContacts,
  doctors,
  diagnosticsCentres,
  pharmacies,
  pharmacists,
  patients,
  medicalHistory,
} satisfies Record<keyof DemoNetwork, PgTable & { id: AnyColumn }>;

async function storedNetwork(db: Db): Promise<DemoNetwork> {
  const entries = await Promise.all(
    Object.entries(NETWORK_TABLES).map(async ([key, table]) => [
      key,
      // Without listedUntil: the verification demo sets it from the papers (checked on its own below).
      (
        await db
          .select()
          .from(table as typeof hospitals)
          .orderBy(asc(table.id))
      ).map((row) => {
        const { listedUntil: _listedUntil, ...rest } = row as typeof row & { listedUntil?: unknown };
        return rest;
      }),
    ]),
  );
  return Object.fromEntries(entries) as DemoNetwork;
}

/** Every stored row of the demo, in id order; of the accounts only what cannot differ between runs. */
async function digestOf(db: Db): Promise<string> {
  const accounts = await db
    .select({ id: users.id, email: users.email, role: users.role, name: users.name, referenceId: users.referenceId })
    .from(users)
    .orderBy(asc(users.id));
  return createHash('sha256')
    .update(JSON.stringify({ accounts, network: await storedNetwork(db) }))
    .digest('hex');
}

async function signinAs(t: TestApp, email: string): Promise<string> {
  const res = await t.request('/api/users/signin', { method: 'POST', json: { email, password: DEMO_PASSWORD } });
  expect(res.status, email).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

describe('the demo network', () => {
  let t: TestApp;
  let second: TestApp | undefined;
  const expected = buildDemoNetwork();

  beforeAll(async () => {
    t = await startTestApp({ rateLimits: GENEROUS_LIMITS });
    const started = performance.now();
    expect(await seedDemoData(t.database.db)).toBe(DEMO_ACCOUNTS.length);
    console.log(`seeded the demo network on ${t.database.kind} in ${Math.round(performance.now() - started)} ms`);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('stores at least 200 hospitals, 500 doctors, 100 diagnostics centres, 150 pharmacies and 300 patients', async () => {
    const db = t.database.db;
    for (const [key, table] of Object.entries(NETWORK_TABLES)) {
      const [row] = await db.select({ n: count() }).from(table as typeof hospitals);
      expect(row?.n, key).toBe(expected[key as keyof DemoNetwork].length);
    }
    expect(expected.hospitals.length).toBeGreaterThanOrEqual(200);
    expect(expected.doctors.length).toBeGreaterThanOrEqual(500);
    expect(expected.diagnosticsCentres.length).toBeGreaterThanOrEqual(100);
    expect(expected.pharmacies.length).toBeGreaterThanOrEqual(150);
    expect(expected.patients.length).toBeGreaterThanOrEqual(300);
    expect(expected.hospitals.length).toBe(DEMO_NETWORK_SIZE.hospitals + 1);
  });

  it('has a city with hospitals, doctors, diagnostics centres and pharmacies in every one of the 28 states', async () => {
    const db = t.database.db;
    for (const table of [hospitals, doctors, diagnosticsCentres, pharmacies]) {
      const states = await db
        .selectDistinct({ state: table.state })
        .from(table as typeof hospitals)
        .orderBy(asc(table.state));
      expect(states.map((s) => s.state)).toEqual([...INDIAN_STATES].sort());
    }
  });

  it('is stored exactly as generated, and every stored row is one the API accepts', async () => {
    const stored = await storedNetwork(t.database.db);
    const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));
    for (const key of Object.keys(NETWORK_TABLES) as Array<keyof DemoNetwork>) {
      expect(stored[key], key).toEqual(byId(expected[key] as Array<{ id: string }>));
    }
    expect(networkProblems(stored)).toEqual([]);
  });

  it('gives every verified provider its papers, in each urgency band, and the admin real work', async () => {
    const standing = async (email: string) => {
      const res = await t.request('/api/verification/documents', { headers: bearer(await signinAs(t, email)) });
      expect(res.status, email).toBe(200);
      return (await res.json()).data as {
        requiredAction: string;
        listed: boolean;
        checklist: Array<{ documentType: string; required: boolean; status: string; urgency: string | null }>;
      };
    };
    const urgencyOf = (s: Awaited<ReturnType<typeof standing>>, type: string) =>
      s.checklist.find((i) => i.documentType === type)?.urgency;

    const hospital = await standing('hospital@caremesh.test');
    expect(hospital).toMatchObject({ requiredAction: 'NONE', listed: true });
    expect(hospital.checklist.filter((i) => i.required).every((i) => i.status === 'APPROVED')).toBe(true);
    expect([urgencyOf(hospital, 'FIRE_NOC'), urgencyOf(hospital, 'BIOMEDICAL_WASTE_AUTHORIZATION')]).toEqual([
      'WARNING',
      'EARLY_NOTICE',
    ]);
    expect(urgencyOf(await standing('doctor@caremesh.test'), 'MEDICAL_COUNCIL_REGISTRATION')).toBe('CRITICAL');
    expect(urgencyOf(await standing('diagnostics@caremesh.test'), 'CLINICAL_ESTABLISHMENT_REGISTRATION')).toBe(
      'NOTICE',
    );
    // The pharmacist's registration lapsed three days ago: still listed, within the grace period.
    const pharmacy = await standing('pharmacy@caremesh.test');
    expect(pharmacy).toMatchObject({ requiredAction: 'UPDATE_EXPIRED_DOCUMENTS', listed: true });
    expect(urgencyOf(pharmacy, 'PHARMACIST_REGISTRATION')).toBe('EXPIRED');

    const adminToken = await signinAs(t, 'admin@caremesh.test');
    const queue = (
      await (await t.request('/api/verification/admin/pending?limit=100', { headers: bearer(adminToken) })).json()
    ).data as { entities: Array<{ awaitingReview: number; sentBack: number; verificationStatus: string }> };
    expect(queue.entities.filter((e) => e.awaitingReview > 0).length).toBeGreaterThan(10);
    expect(queue.entities.some((e) => e.sentBack > 0)).toBe(true);
    expect(queue.entities.some((e) => e.verificationStatus === 'UNDER_REVIEW')).toBe(true);

    // Verified but delisted: a required paper past its grace period.
    const delisted = await t.database.db
      .select({ id: hospitals.id })
      .from(hospitals)
      .where(and(eq(hospitals.verificationStatus, 'VERIFIED'), lt(hospitals.listedUntil, todayInIndia())));
    expect(delisted.length).toBe(2);
    const userToken = await signinAs(t, 'user@caremesh.test');
    for (const { id } of delisted) {
      expect((await t.request(`/api/hospitals/${id}`, { headers: bearer(userToken) })).status).toBe(404);
    }
  });

  // Seeds a whole second network: tens of seconds on a busy machine.
  it('is deterministic: a second fresh database holds identical rows', { timeout: 120_000 }, async () => {
    second = await startTestApp();
    expect(await seedDemoData(second.database.db)).toBe(DEMO_ACCOUNTS.length);
    expect(await digestOf(second.database.db)).toBe(await digestOf(t.database.db));
  });

  it('lets every member account open the profile its referenceId names, with a full profile', async () => {
    const hospitalToken = await signinAs(t, 'hospital@caremesh.test');
    const hospital = await t.request('/api/hospitals/me', { headers: bearer(hospitalToken) });
    expect(hospital.status).toBe(200);
    const { data: h } = await hospital.json();
    expect(h).toMatchObject({
      id: DEMO_REFERENCE_IDS.hospital,
      name: 'Sahyadri Care Hospital',
      city: 'Pune',
      state: 'MAHARASHTRA',
      verificationStatus: 'VERIFIED',
      status: 'ACTIVE',
      emergencyServices: true,
    });
    expect(h.departments.length).toBeGreaterThanOrEqual(5);
    expect(h.emergencyContacts.length).toBeGreaterThanOrEqual(3);

    const doctor = await t.request('/api/doctors/me', { headers: bearer(await signinAs(t, 'doctor@caremesh.test')) });
    expect(doctor.status).toBe(200);
    expect((await doctor.json()).data).toMatchObject({
      id: DEMO_REFERENCE_IDS.doctor,
      name: 'Dr Arjun Rao',
      slug: 'dr-arjun-rao',
      hospitalId: DEMO_REFERENCE_IDS.hospital,
      verificationStatus: 'VERIFIED',
    });

    const centre = await t.request('/api/diagnostics/me', {
      headers: bearer(await signinAs(t, 'diagnostics@caremesh.test')),
    });
    expect(centre.status).toBe(200);
    const { data: c } = await centre.json();
    expect(c).toMatchObject({ id: DEMO_REFERENCE_IDS.diagnostics, name: 'Precision Diagnostics', city: 'Pune' });
    expect(c.testsAvailable.length).toBeGreaterThan(10);

    const pharmacy = await t.request('/api/pharmacies/me', {
      headers: bearer(await signinAs(t, 'pharmacy@caremesh.test')),
    });
    expect(pharmacy.status).toBe(200);
    const { data: p } = await pharmacy.json();
    expect(p).toMatchObject({ id: DEMO_REFERENCE_IDS.pharmacy, name: 'Jeevan Pharmacy', city: 'Pune' });
    expect(Object.keys(p.openingHours)).toHaveLength(7);
    const [staff] = await t.database.db
      .select({ n: count() })
      .from(pharmacists)
      .where(eq(pharmacists.pharmacyId, DEMO_REFERENCE_IDS.pharmacy));
    expect(staff?.n).toBeGreaterThanOrEqual(2);

    const patient = await t.request('/api/patients/me', {
      headers: bearer(await signinAs(t, 'patient@caremesh.test')),
    });
    expect(patient.status).toBe(200);
    expect((await patient.json()).data).toMatchObject({
      id: DEMO_REFERENCE_IDS.patient,
      firstName: 'Priya',
      lastName: 'Sharma',
    });
  });

  it('shows a user the verified, active entries only and an admin all of them', async () => {
    const userToken = await signinAs(t, 'user@caremesh.test');
    const adminToken = await signinAs(t, 'admin@caremesh.test');
    const kinds = [
      { path: '/api/hospitals/search', table: hospitals },
      { path: '/api/doctors/search', table: doctors },
      { path: '/api/diagnostics/search', table: diagnosticsCentres },
      { path: '/api/pharmacies/search', table: pharmacies },
    ];
    for (const { path, table } of kinds) {
      const totalFor = async (token: string) => {
        const res = await t.request(`${path}?limit=1`, { headers: bearer(token) });
        expect(res.status, path).toBe(200);
        return ((await res.json()) as { data: { pagination: { total: number } } }).data.pagination.total;
      };
      const t2 = table as typeof hospitals;
      const [all] = await t.database.db.select({ n: count() }).from(t2);
      const [visible] = await t.database.db.select({ n: count() }).from(t2).where(listedInDirectory(t2));
      expect(await totalFor(userToken), path).toBe(visible?.n);
      expect(await totalFor(adminToken), path).toBe(all?.n);
      expect(visible!.n).toBeLessThan(all!.n);
    }
  });

  it('finds the demo hospital among verified hospitals near the centre of Pune', async () => {
    const token = await signinAs(t, 'user@caremesh.test');
    const res = await t.request(
      '/api/hospitals/search?latitude=18.5204&longitude=73.8567&maxDistanceInKm=5&sortBy=distance&limit=100',
      { headers: bearer(token) },
    );
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.hospitals.length).toBeGreaterThan(1);
    expect(data.hospitals.map((h: { id: string }) => h.id)).toContain(DEMO_REFERENCE_IDS.hospital);
    for (const h of data.hospitals) expect(h.city).toBe('Pune');
  });
});
