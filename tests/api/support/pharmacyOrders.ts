import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { consultationPrescriptions, consultations, pharmacies } from '../../../server/db/schema/index.ts';
import { GOOD_PASSWORD, bearer, mailedToken, signin } from './accounts.ts';
import { appointmentWorld, json } from './appointments.ts';
import { onboard, pharmacyBody, type Org } from './organisations.ts';
import type { TestApp } from './test-app.ts';

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export function call(t: TestApp, token: string, method: string, path: string, body?: unknown) {
  return method === 'GET'
    ? t.request(path, { headers: bearer(token) })
    : t.request(path, { method, json: body ?? {}, headers: bearer(token) });
}

export const day = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

/** Adds a medicine to `pharmacy` with one batch per [batchNumber, expiry, quantity]. */
export async function stock(
  t: TestApp,
  pharmacy: { token: string },
  medicine: Record<string, unknown>,
  batches: Array<[string, string, number]>,
) {
  const res = await call(t, pharmacy.token, 'POST', '/api/pharmacy-inventory', {
    category: 'PRESCRIPTION',
    strength: '500 mg',
    form: 'Tablet',
    reorderLevel: 10,
    ...medicine,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const id = (await json(res)).data.id as string;
  for (const [batchNumber, expiryDate, quantity] of batches) {
    const b = await call(t, pharmacy.token, 'POST', `/api/pharmacy-inventory/${id}/batches`, {
      batchNumber,
      expiryDate,
      mrp: 2.5,
      purchasePrice: 1.8,
      quantity,
    });
    expect(b.status, await b.clone().text()).toBe(201);
  }
  return id;
}

/**
 * The appointment world, a listed pharmacy (owner holds every duty) with a pharmacist, a quality
 * checker and a delivery person on its team, another listed pharmacy, and a consultation of the
 * world's patient with the world's doctor that prescribed amoxicillin.
 */
export async function pharmacyWorld(t: TestApp, tag: string) {
  const w = await appointmentWorld(t, tag);
  const pharmacy = await onboard(
    t,
    `rx.${tag}@example.in`,
    'PHARMACY',
    '/api/pharmacies/onboard',
    pharmacyBody(`Jeevan ${tag}`, `MH-${tag}-P1`),
  );
  const otherPharmacy = await onboard(
    t,
    `rx2.${tag}@example.in`,
    'PHARMACY',
    '/api/pharmacies/onboard',
    pharmacyBody(`Other ${tag}`, `MH-${tag}-P2`),
  );
  const db = t.database.db;
  for (const id of [pharmacy.referenceId, otherPharmacy.referenceId]) {
    await db.update(pharmacies).set({ verificationStatus: 'VERIFIED' }).where(eq(pharmacies.id, id));
  }
  const member = async (email: string, duties: string[]): Promise<Org> => {
    const res = await t.request('/api/teams/me/members', {
      method: 'POST',
      json: { email, name: `Staff ${duties[0]}`, duties },
      headers: bearer(pharmacy.token),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const userId = (await json(res)).data.id as string;
    const link = await mailedToken(t, email, 'reset');
    expect(
      (await t.request(`/api/users/reset-password/${link}`, { method: 'POST', json: { password: GOOD_PASSWORD } }))
        .status,
    ).toBe(200);
    const signed = await signin(t, email);
    return { token: (await json(signed)).data.token as string, userId, referenceId: pharmacy.referenceId };
  };
  const pharmacist = await member(`pharmacist.${tag}@example.in`, ['PHARMACIST']);
  const checker = await member(`qc.${tag}@example.in`, ['QUALITY_CHECKER']);
  const rider = await member(`rider.${tag}@example.in`, ['DELIVERY']);
  const [consultation] = await db
    .insert(consultations)
    .values({
      patientId: w.patient.referenceId,
      doctorId: w.doctor.referenceId,
      status: 'COMPLETED',
      createdBy: w.doctor.userId,
    })
    .returning();
  const noCheck = { drug: 'x', outcome: 'NONE_KNOWN', findings: [], notChecked: [], message: '' } as never;
  await db.insert(consultationPrescriptions).values({
    consultationId: consultation!.id,
    createdBy: w.doctor.userId,
    genericName: 'Amoxycillin',
    strength: '500 mg',
    form: 'CAPSULE',
    route: 'ORAL',
    dose: '1',
    frequency: 'TDS',
    duration: '5 days',
    quantity: 15,
    allergyCheck: noCheck,
    interactionCheck: noCheck,
  });
  return { ...w, pharmacy, otherPharmacy, pharmacist, checker, rider, consultationId: consultation!.id };
}
export type PharmacyWorld = Awaited<ReturnType<typeof pharmacyWorld>>;
