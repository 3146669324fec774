// Verification: a provider's papers, the admin's review, expiry and the listing that follows them.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/rules/verification.ts';
import { todayInIndia } from '../../domain/rules/time.ts';
import { notifications, verificationDocuments } from '../../server/db/schema/index.ts';
import { GENEROUS_LIMITS, startTestApp, type TestApp } from './support/test-app.ts';
import { bearer, newAccount } from './support/accounts.ts';
import { PUNE_ADDRESS, newAdmin } from './support/directory.ts';
import { onboard, type Org } from './support/organisations.ts';
import { connectSocket, join, nextEvent } from './support/appointments.ts';
import { issuePaths, json, signedRequests } from './support/requests.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let t: TestApp;
let admin: string;
let hospital: Org;
let rival: Org;
let patient: string;
const today = todayInIndia();
const { get, post } = signedRequests(() => t);

const hospitalBody = (name: string, registrationNumber: string) => ({
  name,
  registrationNumber,
  hospitalType: 'PRIVATE',
  specialties: ['CARDIOLOGY'],
  phone: '+91 98220 12345',
  address: PUNE_ADDRESS,
  latitude: 18.5167,
  longitude: 73.8411,
});

type Paper = {
  documentType?: string;
  documentNumber?: string;
  issuingAuthority?: string;
  issueDate?: string;
  expiryDate?: string;
  files?: Array<[string, Buffer, string]>;
};

function paperForm(paper: Paper): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(paper)) {
    if (key !== 'files' && value !== undefined) form.append(key, value as string);
  }
  for (const [name, bytes, type] of paper.files ?? [['scan.png', PNG, 'image/png']]) {
    form.append('files', new Blob([new Uint8Array(bytes)], { type }), name);
  }
  return form;
}

const REQUIRED_HOSPITAL_PAPERS: Paper[] = [
  {
    documentType: 'CLINICAL_ESTABLISHMENT_REGISTRATION',
    documentNumber: 'CEA/MH/2021/0042',
    expiryDate: addDays(today, 400),
  },
  { documentType: 'FIRE_NOC', documentNumber: 'PMC-FIRE-7781', expiryDate: addDays(today, 200) },
  { documentType: 'BIOMEDICAL_WASTE_AUTHORIZATION', documentNumber: 'MPCB-BMW-1123', expiryDate: addDays(today, 300) },
  { documentType: 'PAN_CARD', documentNumber: 'AAACS1234K' },
  { documentType: 'GST_REGISTRATION', documentNumber: '27AAACS1234K1Z5' },
];

function upload(token: string, paper: Paper) {
  return t.request('/api/verification/documents/upload', {
    method: 'POST',
    headers: bearer(token),
    body: paperForm({ issuingAuthority: 'Issuing office', issueDate: addDays(today, -30), ...paper }),
  });
}

function replace(token: string, documentType: string, paper: Paper) {
  return t.request(`/api/verification/documents/${documentType}`, {
    method: 'PUT',
    headers: bearer(token),
    body: paperForm({ issuingAuthority: 'Issuing office', issueDate: addDays(today, -1), ...paper }),
  });
}

const review = (entityId: string, documentType: string, body: Record<string, unknown>) =>
  post(`/api/verification/admin/entity/${entityId}/document/${documentType}/verify`, admin, body);
const setStatus = (entityId: string, body: Record<string, unknown>) =>
  post(`/api/verification/admin/entity/${entityId}/status`, admin, body);
const mine = async (token: string) => (await json(await get('/api/verification/documents', token))).data;
const item = (standing: any, type: string) => standing.checklist.find((i: any) => i.documentType === type);

async function listedInDirectory(name: string) {
  const res = await get(`/api/hospitals/search?searchQuery=${encodeURIComponent(name)}`, patient);
  expect(res.status).toBe(200);
  return ((await json(res)).data.hospitals as Array<{ name: string }>).some((h) => h.name === name);
}

async function verificationNotices(userId: string) {
  return t.database.db
    .select({ title: notifications.title, message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'VERIFICATION')));
}

beforeAll(async () => {
  t = await startTestApp({ rateLimits: GENEROUS_LIMITS });
  admin = await newAdmin(t, 'verify.admin@example.in');
  hospital = await onboard(
    t,
    'desk@kaveri.example.in',
    'HOSPITAL',
    '/api/hospitals/onboard',
    hospitalBody('Kaveri Heart Hospital', 'MH-PUNE-2019-0077'),
  );
  // Another hospital giving the same registration number, written another way.
  rival = await onboard(
    t,
    'desk@kaveri-copy.example.in',
    'HOSPITAL',
    '/api/hospitals/onboard',
    hospitalBody('Kaveri Copy Clinic', 'mh pune 2019 0077'),
  );
  patient = (await newAccount(t, 'patient.v@example.in', 'PATIENT')).token;
});
afterAll(() => t?.close());

describe('a new provider', () => {
  it('sees the papers it must upload, and is not listed', async () => {
    const standing = await mine(hospital.token);
    expect(standing).toMatchObject({
      entityType: 'HOSPITAL',
      entityId: hospital.referenceId,
      verificationStatus: 'PENDING',
      requiredAction: 'UPLOAD_PENDING_DOCUMENTS',
      listed: false,
      graceDays: 7,
    });
    const required = standing.checklist.filter((i: any) => i.required).map((i: any) => i.documentType);
    expect(required).toEqual(REQUIRED_HOSPITAL_PAPERS.map((p) => p.documentType));
    expect(item(standing, 'FIRE_NOC')).toMatchObject({ status: 'NOT_UPLOADED', expires: true, nextStep: 'Upload it' });
    expect(await listedInDirectory('Kaveri Heart Hospital')).toBe(false);
  });

  it('is a provider role with a profile: others are refused', async () => {
    expect((await get('/api/verification/documents', patient)).status).toBe(403);
    const fresh = await newAccount(t, 'desk@not-yet.example.in', 'HOSPITAL');
    const res = await get('/api/verification/documents', fresh.token);
    expect(res.status).toBe(404);
    expect((await json(res)).message).toMatch(/complete onboarding first/);
  });
});

describe('uploading a paper', () => {
  it.each([
    ['no expiry date for a paper that expires', { documentType: 'FIRE_NOC', documentNumber: 'X-1' }, 'body.expiryDate'],
    [
      'an issue date in the future',
      { documentType: 'PAN_CARD', documentNumber: 'AAACS1234K', issueDate: addDays(today, 2) },
      'body.issueDate',
    ],
    [
      'an expiry before the issue',
      {
        documentType: 'FIRE_NOC',
        documentNumber: 'X-1',
        issueDate: addDays(today, -5),
        expiryDate: addDays(today, -10),
      },
      'body.expiryDate',
    ],
    [
      'an expiry already past',
      {
        documentType: 'FIRE_NOC',
        documentNumber: 'X-1',
        issueDate: addDays(today, -500),
        expiryDate: addDays(today, -1),
      },
      'body.expiryDate',
    ],
    ['no document number', { documentType: 'PAN_CARD' }, 'body.documentNumber'],
    ['an unknown document type', { documentType: 'LIBRARY_CARD', documentNumber: '1' }, 'body.documentType'],
  ])('refuses %s with 400 naming the field', async (_case, paper, path) => {
    const res = await upload(hospital.token, paper);
    expect(res.status).toBe(400);
    expect(await issuePaths(res)).toContain(path);
  });

  it('refuses a paper that is not for this kind of provider, a file that is not PDF or a picture, and too many files', async () => {
    const doctorsPaper = await upload(hospital.token, {
      documentType: 'MEDICAL_COUNCIL_REGISTRATION',
      documentNumber: '1',
      expiryDate: addDays(today, 10),
    });
    expect(doctorsPaper.status).toBe(400);
    expect((await json(doctorsPaper)).message).toMatch(/not a document a hospital uploads/);

    const html = await upload(hospital.token, {
      documentType: 'PAN_CARD',
      documentNumber: 'AAACS1234K',
      files: [['pan.pdf', Buffer.from('<html><script>alert(1)</script></html>'), 'application/pdf']],
    });
    expect(html.status).toBe(400);
    expect((await json(html)).message).toMatch(/Only JPEG, PNG, WebP, PDF files are accepted/);

    const six = await upload(hospital.token, {
      documentType: 'PAN_CARD',
      documentNumber: 'AAACS1234K',
      files: Array.from({ length: 6 }, (_, i) => [`page-${i}.png`, PNG, 'image/png'] as [string, Buffer, string]),
    });
    expect(six.status).toBeGreaterThanOrEqual(400);
    expect(six.status).toBeLessThan(500);
    expect((await mine(hospital.token)).checklist.every((i: any) => i.status === 'NOT_UPLOADED')).toBe(true);
  });

  it('keeps a paper of several files, tells the admins, and refuses a second upload of the same type', async () => {
    const res = await upload(hospital.token, {
      ...REQUIRED_HOSPITAL_PAPERS[0],
      files: [
        ['registration page 1.png', PNG, 'image/png'],
        ['registration.pdf', PDF, 'application/pdf'],
      ],
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const document = (await json(res)).data;
    expect(document).toMatchObject({
      documentType: 'CLINICAL_ESTABLISHMENT_REGISTRATION',
      category: 'REGISTRATION',
      version: 1,
      current: true,
      status: 'PENDING',
      review: null,
      // The person who uploaded it, not only the organisation.
      uploadedBy: 'Test hospital',
    });
    expect(document.files.map((f: any) => [f.fileName, f.contentType])).toEqual([
      ['registration page 1.png', 'image/png'],
      ['registration.pdf', 'application/pdf'],
    ]);
    const adminUser = (await json(await get('/api/users/user-details', admin))).data;
    const adminNotices = await verificationNotices(adminUser.id);
    expect(adminNotices.map((n) => n.title)).toContain('Verification submitted');

    const again = await upload(hospital.token, REQUIRED_HOSPITAL_PAPERS[0]!);
    expect(again.status).toBe(409);
    expect((await json(again)).message).toMatch(/replace it/);
  });

  it('sends a paper queued on the device once, however often the device repeats it', async () => {
    const key = crypto.randomUUID();
    const send = () =>
      t.request('/api/verification/documents/upload', {
        method: 'POST',
        headers: { ...bearer(hospital.token), 'idempotency-key': key },
        body: paperForm({
          documentType: 'TRADE_LICENSE',
          documentNumber: 'PMC-TL-5521',
          issuingAuthority: 'Municipal corporation',
          issueDate: addDays(today, -30),
          expiryDate: addDays(today, 300),
        }),
      });
    const [first, second] = [await send(), await send()];
    expect([first.status, second.status]).toEqual([201, 201]);
    expect((await json(second)).data.id).toBe((await json(first)).data.id);
    const history = (
      await json(await get('/api/verification/documents/history?documentType=TRADE_LICENSE', hospital.token))
    ).data;
    expect(history.documents).toHaveLength(1);
    expect(
      (
        await t.request('/api/verification/documents/TRADE_LICENSE', {
          method: 'DELETE',
          headers: bearer(hospital.token),
        })
      ).status,
    ).toBe(200);
  });

  it('serves its files to the provider and admins only, as what they are, never to be sniffed', async () => {
    const file = item(await mine(hospital.token), 'CLINICAL_ESTABLISHMENT_REGISTRATION').document.files[1];
    const own = await get(`/api/verification/files/${file.id}`, hospital.token);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(own.headers.get('content-disposition')).toMatch(/^inline; filename="registration.pdf"/);
    expect(own.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await own.arrayBuffer()).equals(PDF)).toBe(true);

    const download = await get(`/api/verification/files/${file.id}?disposition=attachment`, admin);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);

    expect((await get(`/api/verification/files/${file.id}`, rival.token)).status).toBe(404);
    expect((await get(`/api/verification/files/${file.id}`, patient)).status).toBe(403);
  });

  it('replaces by adding a version: every earlier one is kept; an undecided one can be deleted', async () => {
    const second = await replace(hospital.token, 'CLINICAL_ESTABLISHMENT_REGISTRATION', {
      documentNumber: 'CEA/MH/2021/0042',
      expiryDate: addDays(today, 500),
    });
    expect(second.status, await second.clone().text()).toBe(200);
    expect((await json(second)).data).toMatchObject({ version: 2, current: true });

    const history = (
      await json(
        await get(
          '/api/verification/documents/history?documentType=CLINICAL_ESTABLISHMENT_REGISTRATION',
          hospital.token,
        ),
      )
    ).data;
    expect(history.documents.map((d: any) => [d.version, d.current])).toEqual([
      [2, true],
      [1, false],
    ]);

    // Nobody decided on version 2 yet: it may be deleted, and version 1 is current again.
    expect(
      (
        await t.request('/api/verification/documents/CLINICAL_ESTABLISHMENT_REGISTRATION', {
          method: 'DELETE',
          headers: bearer(hospital.token),
        })
      ).status,
    ).toBe(200);
    expect(item(await mine(hospital.token), 'CLINICAL_ESTABLISHMENT_REGISTRATION').document).toMatchObject({
      version: 1,
    });

    expect(
      (await replace(hospital.token, 'FIRE_NOC', { documentNumber: '1', expiryDate: addDays(today, 9) })).status,
    ).toBe(404);
  });
});

describe('the admin’s review', () => {
  it('lists providers waiting, the longest waiting first, with filters', async () => {
    for (const paper of REQUIRED_HOSPITAL_PAPERS.slice(1)) {
      const res = await upload(hospital.token, paper);
      expect(res.status, await res.clone().text()).toBe(201);
    }
    const all = (await json(await get('/api/verification/admin/pending?limit=100', admin))).data;
    const row = all.entities.find((e: any) => e.entityId === hospital.referenceId);
    expect(row).toMatchObject({
      entityType: 'HOSPITAL',
      name: 'Kaveri Heart Hospital',
      awaitingReview: 5,
      requiredAction: 'AWAITING_VERIFICATION',
    });
    expect(row.waitingSince).toEqual(expect.any(String));
    // Providers with something waiting come before those that sent nothing.
    expect(all.entities[0].entityId).toBe(hospital.referenceId);

    const pharmacies = (await json(await get('/api/verification/admin/pending?entityType=PHARMACY', admin))).data;
    expect(pharmacies.entities.every((e: any) => e.entityType === 'PHARMACY')).toBe(true);
    const searched = (await json(await get('/api/verification/admin/pending?search=copy', admin))).data;
    expect(searched.entities.map((e: any) => e.name)).toEqual(['Kaveri Copy Clinic']);
    expect((await get('/api/verification/admin/pending', hospital.token)).status).toBe(403);
  });

  it('needs a reason to send a paper back, and the provider reads it, live', async () => {
    const socket = await connectSocket(t.baseUrl, hospital.token);
    expect(await join(socket, hospital.referenceId)).toMatchObject({ ok: true });
    const update = nextEvent(socket, 'verificationUpdate');
    const bare = await review(hospital.referenceId, 'FIRE_NOC', { action: 'REQUEST_REUPLOAD' });
    expect(bare.status).toBe(400);
    expect(await issuePaths(bare)).toContain('body.reason');

    const res = await review(hospital.referenceId, 'FIRE_NOC', {
      action: 'REQUEST_REUPLOAD',
      reason: 'The NOC scan is cut off at the bottom: upload the whole page.',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json(res)).data).toMatchObject({
      status: 'REUPLOAD_REQUESTED',
      review: { action: 'REQUEST_REUPLOAD', registryCheck: 'NOT_CHECKED', reason: expect.stringMatching(/cut off/) },
    });
    expect(await update).toEqual({
      entityType: 'HOSPITAL',
      entityId: hospital.referenceId,
      documentType: 'FIRE_NOC',
      verificationStatus: 'PENDING',
      requiredAction: 'REUPLOAD_REJECTED_DOCUMENTS',
    });
    socket.close();
    const standing = await mine(hospital.token);
    expect(standing.requiredAction).toBe('REUPLOAD_REJECTED_DOCUMENTS');
    expect(item(standing, 'FIRE_NOC').document.review.reason).toMatch(/cut off/);
    expect((await verificationNotices(hospital.userId)).map((n) => n.message).join(' ')).toMatch(/cut off/);

    // A decision already made cannot be taken back by deleting the paper.
    const removed = await t.request('/api/verification/documents/FIRE_NOC', {
      method: 'DELETE',
      headers: bearer(hospital.token),
    });
    expect(removed.status).toBe(409);
  });

  it('verifies a provider only when every required paper is approved; then it is listed and bookable', async () => {
    const early = await setStatus(hospital.referenceId, { status: 'VERIFIED' });
    expect(early.status).toBe(409);
    expect((await json(early)).message).toMatch(/Every required document must be approved/);

    expect(
      (await replace(hospital.token, 'FIRE_NOC', { documentNumber: 'PMC-FIRE-7781', expiryDate: addDays(today, 200) }))
        .status,
    ).toBe(200);
    for (const paper of REQUIRED_HOSPITAL_PAPERS) {
      const res = await review(hospital.referenceId, paper.documentType!, {
        action: 'APPROVE',
        registryCheck: paper.documentType === 'CLINICAL_ESTABLISHMENT_REGISTRATION' ? 'CHECKED_MATCHES' : 'NOT_CHECKED',
        checkNote:
          paper.documentType === 'CLINICAL_ESTABLISHMENT_REGISTRATION' ? 'Found on the state CEA register' : undefined,
      });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    const verified = await setStatus(hospital.referenceId, { status: 'VERIFIED' });
    expect(verified.status, await verified.clone().text()).toBe(200);
    expect((await json(verified)).data).toMatchObject({
      verificationStatus: 'VERIFIED',
      requiredAction: 'NONE',
      listed: true,
      // The earliest required expiry (the fire NOC, in 200 days) plus the grace period.
      listedUntil: addDays(today, 207),
    });
    expect(await listedInDirectory('Kaveri Heart Hospital')).toBe(true);
    expect((await verificationNotices(hospital.userId)).map((n) => n.title)).toContain('You are verified');
  });

  it('shows the admin the whole record: versions, each decision with what was checked, and shared numbers', async () => {
    const page = (await json(await get(`/api/verification/admin/entity/${hospital.referenceId}`, admin))).data;
    expect(page.profile).toMatchObject({ name: 'Kaveri Heart Hospital', registrationNumber: 'MH-PUNE-2019-0077' });
    expect(page.history.filter((d: any) => d.documentType === 'FIRE_NOC').map((d: any) => d.version)).toEqual([2, 1]);
    const registry = page.decisions.find((d: any) => d.documentType === 'CLINICAL_ESTABLISHMENT_REGISTRATION');
    expect(registry).toMatchObject({
      action: 'APPROVE',
      registryCheck: 'CHECKED_MATCHES',
      checkNote: 'Found on the state CEA register',
      by: expect.any(String),
    });
    expect(page.decisions.find((d: any) => d.documentType === 'PAN_CARD').registryCheck).toBe('NOT_CHECKED');
    expect(page.decisions.find((d: any) => d.documentType === null)).toMatchObject({
      action: 'VERIFY',
      to: 'VERIFIED',
    });
    expect(page.duplicates).toContainEqual({
      documentType: null,
      number: 'MH-PUNE-2019-0077',
      other: { entityType: 'HOSPITAL', entityId: rival.referenceId, name: 'Kaveri Copy Clinic' },
    });
    expect(page.allowedStatuses).toEqual(['REJECTED', 'PENDING']);
    const byType = await json(
      await get(`/api/verification/admin/entity/${hospital.referenceId}?entityType=PHARMACY`, admin),
    );
    expect(byType.error).toBe('NOT_FOUND');

    const stats = (await json(await get('/api/verification/admin/stats', admin))).data;
    expect(stats.byKind.find((k: any) => k.entityType === 'HOSPITAL').VERIFIED).toBeGreaterThanOrEqual(1);
    expect(stats.decisionsCounted).toBeGreaterThanOrEqual(6);
    expect(stats.medianHoursToDecision).toEqual(expect.any(Number));
  });
});

describe('expiry', () => {
  const setExpiry = (type: string, date: string) =>
    t.database.db
      .update(verificationDocuments)
      .set({ expiryDate: date })
      .where(
        and(
          eq(verificationDocuments.entityId, hospital.referenceId),
          eq(verificationDocuments.documentType, type as never),
          eq(verificationDocuments.current, true),
        ),
      );
  const runExpiry = () => t.app.jobs.runNow('verification.expiry');
  const titles = async () =>
    (await verificationNotices(hospital.userId)).filter((n) => /expir/i.test(n.title)).map((n) => n.title);

  it('tells the provider once per band, never twice for the same band', async () => {
    await setExpiry('FIRE_NOC', addDays(today, 20));
    await runExpiry();
    await runExpiry();
    expect(await titles()).toEqual(['Document expiring']);
    expect(item(await mine(hospital.token), 'FIRE_NOC').urgency).toBe('WARNING');

    await setExpiry('FIRE_NOC', addDays(today, 5));
    await runExpiry();
    await runExpiry();
    expect(await titles()).toEqual(['Document expiring', 'Document expiring']);
    expect(item(await mine(hospital.token), 'FIRE_NOC').urgency).toBe('CRITICAL');
  });

  it('keeps an expired provider listed through the grace period, then hides it until the renewal is approved', async () => {
    await setExpiry('FIRE_NOC', addDays(today, -3));
    await runExpiry();
    let standing = await mine(hospital.token);
    expect(standing).toMatchObject({
      requiredAction: 'UPDATE_EXPIRED_DOCUMENTS',
      listed: true,
      listedUntil: addDays(today, 4),
    });
    expect(item(standing, 'FIRE_NOC')).toMatchObject({ status: 'EXPIRED', urgency: 'EXPIRED' });
    expect(await titles()).toContain('Document expired');
    expect(await listedInDirectory('Kaveri Heart Hospital')).toBe(true);

    await setExpiry('FIRE_NOC', addDays(today, -8));
    await runExpiry();
    standing = await mine(hospital.token);
    expect(standing.listed).toBe(false);
    expect(await listedInDirectory('Kaveri Heart Hospital')).toBe(false);
    expect((await get(`/api/hospitals/${hospital.referenceId}`, patient)).status).toBe(404);

    // The renewal comes, is approved, and the hospital is back by itself.
    expect(
      (await replace(hospital.token, 'FIRE_NOC', { documentNumber: 'PMC-FIRE-9001', expiryDate: addDays(today, 365) }))
        .status,
    ).toBe(200);
    expect(await listedInDirectory('Kaveri Heart Hospital')).toBe(false);
    expect((await review(hospital.referenceId, 'FIRE_NOC', { action: 'APPROVE' })).status).toBe(200);
    standing = await mine(hospital.token);
    expect(standing).toMatchObject({ requiredAction: 'NONE', listed: true, verificationStatus: 'VERIFIED' });
    expect(await listedInDirectory('Kaveri Heart Hospital')).toBe(true);
  });
});
