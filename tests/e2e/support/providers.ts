import { expect, type APIRequestContext } from '@playwright/test';
import type { ProviderKind } from '../../../domain/enums.ts';
import { VERIFICATION_CATALOGUE } from '../../../domain/rules/verificationCatalogue.ts';
import { DEMO_PASSWORD, mailedLink } from './accounts.ts';
import { apiSession, bearer, type ApiSession } from './sessions.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const ADDRESS = {
  buildingNumber: '21',
  street: 'Prabhat Road',
  locality: 'Erandwane',
  city: 'Pune',
  state: 'MAHARASHTRA',
  pincode: '411004',
};
const indiaDay = (days: number) => new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);

const ONBOARDING: Partial<Record<ProviderKind, { path: string; body: (name: string, stamp: string) => object }>> = {
  DIAGNOSTICS: {
    path: '/api/diagnostics/onboard',
    body: (name, stamp) => ({
      name,
      licenseNumber: `MH-PUN-DX-${stamp}`,
      facilityType: 'MULTISPECIALTY_DIAGNOSTICS',
      testsAvailable: ['CBC'],
      phone: '+91 98220 55555',
      address: ADDRESS,
      latitude: 18.5104,
      longitude: 73.8372,
    }),
  },
  DOCTOR: {
    path: '/api/doctors/onboard',
    body: (name, stamp) => ({
      name,
      registrationNumber: `MMC-2019-${stamp}`,
      specializations: ['CARDIOLOGY'],
      experienceYears: 8,
      consultationFee: 700,
      address: ADDRESS,
    }),
  },
};

/**
 * A new provider of `kind`, verified the way a real one is: an account verified through the mailed
 * link, its profile, each required document uploaded and approved by the admin, then VERIFIED.
 * Its password is the demo one, so `apiSession` signs it in like any demo account.
 */
export async function newVerifiedProvider(
  request: APIRequestContext,
  kind: 'DIAGNOSTICS' | 'DOCTOR',
  name: string,
): Promise<{ email: string; session: ApiSession; id: string }> {
  const stamp = Date.now().toString().slice(-6);
  const email = `${kind.toLowerCase()}.aff.${stamp}@example.in`;
  const registered = await request.post('/api/users/register', {
    data: { email, password: DEMO_PASSWORD, role: kind, name },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const link = new URL(await mailedLink(request, email, 'verify'), 'http://x');
  const verified = await request.get(`/api/users/verify-email?token=${link.searchParams.get('token')}`);
  expect(verified.status(), await verified.text()).toBe(200);

  const first = await apiSession(request, email);
  const onboarding = ONBOARDING[kind]!;
  const created = await request.post(onboarding.path, {
    data: onboarding.body(name, stamp),
    headers: bearer(first.token),
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { data: { id: string } }).data.id;

  const admin = await apiSession(request, 'admin@caremesh.test');
  const required = VERIFICATION_CATALOGUE[kind].filter((entry) => entry.required === true);
  for (const entry of required) {
    const uploaded = await request.post('/api/verification/documents/upload', {
      headers: bearer(first.token),
      multipart: {
        documentType: entry.documentType,
        documentNumber: `${entry.documentType.slice(0, 4)}-${stamp}`,
        issuingAuthority: entry.issuingAuthority,
        issueDate: indiaDay(-100),
        ...(entry.expires ? { expiryDate: indiaDay(700) } : {}),
        files: { name: 'document.png', mimeType: 'image/png', buffer: PNG },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const reviewed = await request.post(`/api/verification/admin/entity/${id}/document/${entry.documentType}/verify`, {
      headers: bearer(admin.token),
      data: { entityType: kind, action: 'APPROVE' },
    });
    expect(reviewed.status(), await reviewed.text()).toBe(200);
  }
  const status = await request.post(`/api/verification/admin/entity/${id}/status`, {
    headers: bearer(admin.token),
    data: { entityType: kind, status: 'VERIFIED' },
  });
  expect(status.status(), await status.text()).toBe(200);
  // Signed in again, so the session carries the profile it now refers to.
  const res = await request.post('/api/users/signin', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  const session = ((await res.json()) as { data: ApiSession }).data;
  expect(session.user.referenceId).toBe(id);
  return { email, session, id };
}
