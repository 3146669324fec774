import { expect } from 'vitest';
import type { Role } from '../../../domain/enums.ts';
import type { TestApp } from './test-app.ts';
import { bearer, newAccount } from './accounts.ts';
import { json } from './appointments.ts';
import { PUNE_ADDRESS } from './directory.ts';

/** An account with its organisation or profile: the token, the user id and the row it refers to. */
export type Org = { token: string; userId: string; referenceId: string };

/** A new verified account of `role` that creates its organisation (or profile) at `path`. */
export async function onboard(t: TestApp, email: string, role: Role, path: string, body: unknown): Promise<Org> {
  const account = await newAccount(t, email, role);
  const res = await t.request(path, { method: 'POST', json: body, headers: bearer(account.token) });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(201);
  return { token: account.token, userId: account.user.id, referenceId: (await json(res)).data.id };
}

export const pharmacyBody = (name: string, licence: string) => ({
  name,
  licenseNumber: licence,
  pharmacyType: 'RETAIL',
  phone: '+91 98220 12345',
  address: PUNE_ADDRESS,
  latitude: 18.5167,
  longitude: 73.8411,
});

export const diagnosticsBody = (name: string, licence: string) => ({
  name,
  licenseNumber: licence,
  facilityType: 'MULTISPECIALTY_DIAGNOSTICS',
  testsAvailable: ['CBC'],
  phone: '+91 98220 55555',
  address: PUNE_ADDRESS,
  latitude: 18.5167,
  longitude: 73.8411,
});

export const onboardPharmacy = (t: TestApp, email: string, name: string, licence: string) =>
  onboard(t, email, 'PHARMACY', '/api/pharmacies/onboard', pharmacyBody(name, licence));

export const onboardDiagnostics = (t: TestApp, email: string, name: string, licence: string) =>
  onboard(t, email, 'DIAGNOSTICS', '/api/diagnostics/onboard', diagnosticsBody(name, licence));
