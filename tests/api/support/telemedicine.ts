import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ConsultationType } from '../../../domain/enums.ts';
import { TELECONSULTATION_CONSENT_SCOPE } from '../../../domain/rules/telemedicine.ts';
import { appointments } from '../../../server/db/schema/index.ts';
import type { TestApp } from './test-app.ts';
import { bearer } from './accounts.ts';
import { appointmentInStatus, json, type World } from './appointments.ts';

let slot = 0;

/**
 * A consultation of the world's patient with its doctor, from an accepted appointment put at a
 * time of its own relative to now (a minute long, so the doctor's slots never overlap): `minutes`
 * from now (negative: in the past), of `type`, not yet started (SCHEDULED), with the teleconsultation
 * consent recorded unless asked not to.
 */
export async function teleconsultation(
  t: TestApp,
  w: World,
  options: { type?: ConsultationType; minutes?: number; consent?: boolean } = {},
): Promise<string> {
  const { type = 'VIDEO', minutes = -10, consent = true } = options;
  const appointmentId = await appointmentInStatus(t, w, 'ACCEPTED');
  const scheduledAt = new Date(Date.now() + minutes * 60_000 + slot++ * 61_000);
  await t.database.db
    .update(appointments)
    .set({ scheduledAt, endsAt: new Date(scheduledAt.getTime() + 60_000), durationMinutes: 1 })
    .where(eq(appointments.id, appointmentId));
  const send = (method: string, path: string, body: unknown) =>
    t.request(path, { method, json: body, headers: bearer(w.doctor.token) });
  const created = await send('POST', '/api/consultations', { appointmentId, startNow: false });
  expect(created.status, await created.clone().text()).toBe(201);
  const id = (await json(created)).data.id as string;
  const typed = await send('PUT', `/api/consultations/${id}`, { consultationType: type });
  expect(typed.status, await typed.clone().text()).toBe(200);
  if (consent) {
    const res = await send('POST', `/api/consultations/${id}/consent`, {
      scope: TELECONSULTATION_CONSENT_SCOPE,
      agreed: true,
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }
  return id;
}
