import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { diagnosticsCentres, patients } from '../../../server/db/schema/index.ts';
import { GOOD_PASSWORD, bearer, mailedToken, signin } from './accounts.ts';
import { appointmentInStatus, appointmentWorld, json } from './appointments.ts';
import { PUNE_ADDRESS } from './directory.ts';
import { diagnosticsBody, onboard, type Org } from './organisations.ts';
import type { TestApp } from './test-app.ts';

/** A 1×1 PNG, for the routes that take files. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Potassium-like ranges on ELECTROLYTES: criticals at 2.5 and 6.5, impossible beyond 0 to 15. */
export const ELECTROLYTES_ENTRY = {
  price: 450,
  sampleType: 'SERUM',
  fastingHours: 0,
  turnaroundHours: 6,
  homeCollection: true,
  unit: 'mmol/L',
  referenceRanges: [{ sex: 'ANY', ageFrom: 0, ageTo: null, low: 3.5, high: 5.1, criticalLow: 2.5, criticalHigh: 6.5 }],
  absoluteLow: 0,
  absoluteHigh: 15,
};
/** Haemoglobin-like ranges on CBC, by sex for adults only: a child has no range, so no flag. */
export const CBC_ENTRY = {
  price: 350,
  sampleType: 'BLOOD',
  turnaroundHours: 12,
  homeCollection: true,
  unit: 'g/dL',
  referenceRanges: [
    { sex: 'MALE', ageFrom: 18, ageTo: null, low: 13, high: 17, criticalLow: 7, criticalHigh: 20 },
    { sex: 'FEMALE', ageFrom: 18, ageTo: null, low: 12, high: 15, criticalLow: 7, criticalHigh: 20 },
  ],
  absoluteLow: 0,
  absoluteHigh: 30,
};
export const XRAY_ENTRY = { price: 600, sampleType: 'NONE', turnaroundHours: 24, homeCollection: false };

export const tomorrowWindow = () => {
  const start = new Date(Date.now() + 86_400_000);
  start.setUTCHours(2, 0, 0, 0);
  return {
    address: PUNE_ADDRESS,
    windowStart: start.toISOString(),
    windowEnd: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
  };
};

/**
 * Everyone an order involves: the appointment world (a patient in the care of a doctor and hospital
 * by a confirmed appointment, another patient, another doctor and hospital, an admin), a listed
 * centre with a catalogue and a collector and a signer on its team, and another centre.
 */
export async function orderWorld(t: TestApp, tag: string) {
  const w = await appointmentWorld(t, tag);
  await appointmentInStatus(t, w, 'CONFIRMED');
  const centre = await onboard(
    t,
    `lab.${tag}@example.in`,
    'DIAGNOSTICS',
    '/api/diagnostics/onboard',
    diagnosticsBody(`Precision ${tag} Labs`, `MH-${tag}-L1`),
  );
  const otherCentre = await onboard(
    t,
    `lab2.${tag}@example.in`,
    'DIAGNOSTICS',
    '/api/diagnostics/onboard',
    diagnosticsBody(`Metro ${tag} Labs`, `MH-${tag}-L2`),
  );
  const db = t.database.db;
  for (const id of [centre.referenceId, otherCentre.referenceId]) {
    await db.update(diagnosticsCentres).set({ verificationStatus: 'VERIFIED' }).where(eq(diagnosticsCentres.id, id));
  }
  // A woman of 36: the CBC range for adult women applies.
  await db
    .update(patients)
    .set({ gender: 'FEMALE', dateOfBirth: '1990-03-01' })
    .where(eq(patients.id, w.patient.referenceId));
  for (const [test, entry] of [
    ['ELECTROLYTES', ELECTROLYTES_ENTRY],
    ['CBC', CBC_ENTRY],
    ['X_RAY', XRAY_ENTRY],
  ] as const) {
    for (const c of [centre, otherCentre]) {
      const res = await t.request(`/api/diagnostics/${c.referenceId}/tests/${test}`, {
        method: 'PUT',
        json: entry,
        headers: bearer(c.token),
      });
      expect(res.status, await res.clone().text()).toBe(200);
    }
  }
  const member = async (email: string, duties: string[]): Promise<Org> => {
    const res = await t.request('/api/teams/me/members', {
      method: 'POST',
      json: { email, name: `Staff ${duties[0]}`, duties },
      headers: bearer(centre.token),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const userId = (await json(res)).data.id as string;
    const link = await mailedToken(t, email, 'reset');
    expect(
      (await t.request(`/api/users/reset-password/${link}`, { method: 'POST', json: { password: GOOD_PASSWORD } }))
        .status,
    ).toBe(200);
    const signed = await signin(t, email);
    return { token: (await json(signed)).data.token as string, userId, referenceId: centre.referenceId };
  };
  const collector = await member(`collector.${tag}@example.in`, ['FIELD_COLLECTOR']);
  const signer = await member(`signer.${tag}@example.in`, ['REPORT_SIGNER', 'LAB_TECHNICIAN']);
  return { ...w, centre, otherCentre, collector, signer };
}
export type OrderWorld = Awaited<ReturnType<typeof orderWorld>>;

/** Orders tests as the world's doctor for its patient (home collection unless told otherwise). */
export async function doctorOrders(t: TestApp, w: OrderWorld, tests: string[], extra: Record<string, unknown> = {}) {
  const res = await t.request('/api/diagnostic-orders', {
    method: 'POST',
    json: {
      diagnosticCenterId: w.centre.referenceId,
      patientId: w.patient.referenceId,
      tests,
      homeCollection: tomorrowWindow(),
      ...extra,
    },
    headers: bearer(w.doctor.token),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).data as { id: string; tests: Array<{ id: string; testType: string; status: string }> };
}

export function call(t: TestApp, token: string, method: string, path: string, body?: unknown) {
  return method === 'GET'
    ? t.request(path, { headers: bearer(token) })
    : t.request(path, { method, json: body ?? {}, headers: bearer(token) });
}
