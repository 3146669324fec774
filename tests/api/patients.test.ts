import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOOD_GROUPS, GENDERS, INDIAN_REGIONS } from '../../domain/enums.ts';
import { patients } from '../../server/db/schema/index.ts';
import { GENEROUS_LIMITS, startTestApp, type TestApp } from './support/test-app.ts';
import { bearer, newAccount } from './support/accounts.ts';
import { PUNE_ADDRESS, newAdmin, seededRandom } from './support/directory.ts';

type Account = { token: string; user: { id: string; referenceId: string | null } };

let t: TestApp;
let admin: string;
let alice: Account;
let bob: Account;
let doctor: string;
let hospital: string;
let pharmacy: string;
let diagnostics: string;
let plainUser: string;
let aliceId: string;
let bobId: string;
let unlinkedId: string;

const MB = 1024 * 1024;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** A small but complete PDF (header, one empty page, xref, trailer). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n' +
    'xref\n0 4\n0000000000 65535 f \n0000000009 00000 n \n0000000052 00000 n \n0000000101 00000 n \n' +
    'trailer<</Size 4/Root 1 0 R>>\nstartxref\n164\n%%EOF\n',
  'latin1',
);
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const aliceBody = {
  firstName: 'Alice',
  lastName: 'Fernandes',
  phone: '+91 98220 11111',
  dateOfBirth: '1990-04-12',
  gender: 'FEMALE',
  bloodGroup: 'B_POSITIVE',
  address: PUNE_ADDRESS,
  emergencyContact: { name: 'Rita Fernandes', relationship: 'Mother', phone: '098220 22222' },
  allergies: ['Penicillin'],
  chronicConditions: ['Asthma'],
};

const json = async (res: Response) => (await res.json()) as Record<string, any>;
const get = (path: string, token?: string) => t.request(path, token ? { headers: bearer(token) } : {});
const send = (method: string, path: string, token: string, body: unknown) =>
  t.request(path, { method, json: body, headers: bearer(token) });
const issuePaths = async (res: Response) =>
  ((await json(res)).details?.issues ?? []).map((i: { path: string }) => i.path) as string[];

function upload(patientId: string, token: string, file: { bytes: Buffer; name: string } | null, title?: string) {
  const form = new FormData();
  if (title !== undefined) form.append('title', title);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  return t.request(`/api/patients/${patientId}/documents`, { method: 'POST', body: form, headers: bearer(token) });
}

beforeAll(async () => {
  t = await startTestApp({ rateLimits: GENEROUS_LIMITS });
  admin = await newAdmin(t, 'patients.admin@example.in');
  alice = await newAccount(t, 'alice@example.in', 'PATIENT');
  bob = await newAccount(t, 'bob@example.in', 'PATIENT');
  doctor = (await newAccount(t, 'dr.rao@example.in', 'DOCTOR')).token;
  hospital = (await newAccount(t, 'desk@kem.example.in', 'HOSPITAL')).token;
  pharmacy = (await newAccount(t, 'counter@medplus.example.in', 'PHARMACY')).token;
  diagnostics = (await newAccount(t, 'lab@thyrocare.example.in', 'DIAGNOSTICS')).token;
  plainUser = (await newAccount(t, 'browser@example.in', 'USER')).token;
});
afterAll(() => t?.close());

describe('POST /api/patients', () => {
  it('is for patients, users and admins only', async () => {
    for (const token of [doctor, hospital, pharmacy]) {
      expect((await send('POST', '/api/patients', token, aliceBody)).status).toBe(403);
    }
    expect((await t.request('/api/patients', { method: 'POST', json: aliceBody })).status).toBe(401);
  });

  it('makes a user who creates their patient profile a patient', async () => {
    const newcomer = await newAccount(t, 'becomes.patient@example.in', 'USER');
    const created = await send('POST', '/api/patients', newcomer.token, { firstName: 'Neha', lastName: 'Gupta' });
    expect(created.status).toBe(201);
    const me = await get('/api/users/user-details', newcomer.token);
    const details = (await me.json()) as { data: { role: string; referenceId: string } };
    expect(details.data.role).toBe('PATIENT');
    expect(details.data.referenceId).toBe(((await created.json()) as { data: { id: string } }).data.id);
    // Now a patient: a second profile is refused.
    expect((await send('POST', '/api/patients', newcomer.token, { firstName: 'Neha', lastName: 'Gupta' })).status).toBe(
      409,
    );
  });

  it.each([
    ['no first name', { firstName: undefined }, 'body.firstName'],
    ['a blank last name', { lastName: '   ' }, 'body.lastName'],
    ['a bad phone', { phone: '12345' }, 'body.phone'],
    ['a bad email', { email: 'alice-at-example' }, 'body.email'],
    ['a birth date in the future', { dateOfBirth: '2999-01-01' }, 'body.dateOfBirth'],
    ['a birth date that does not exist', { dateOfBirth: '2001-02-29' }, 'body.dateOfBirth'],
    ['a birth date in another format', { dateOfBirth: '12/04/1990' }, 'body.dateOfBirth'],
    ['an unknown gender', { gender: 'UNKNOWN' }, 'body.gender'],
    ['an unknown blood group', { bloodGroup: 'C_POSITIVE' }, 'body.bloodGroup'],
    ['a bad pincode', { address: { ...PUNE_ADDRESS, pincode: '41100' } }, 'body.address.pincode'],
    [
      'an emergency contact with a bad phone',
      { emergencyContact: { name: 'Rita', phone: '555' } },
      'body.emergencyContact.phone',
    ],
    ['an empty allergy', { allergies: ['Dust', ' '] }, 'body.allergies.1'],
  ])('refuses %s with 400 naming the field', async (_case, change, path) => {
    const res = await send('POST', '/api/patients', alice.token, { ...aliceBody, ...change });
    expect(res.status).toBe(400);
    expect(await issuePaths(res)).toContain(path);
  });

  it('refuses a birth date of today: it must be in the past', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const res = await send('POST', '/api/patients', alice.token, { ...aliceBody, dateOfBirth: today });
    expect(res.status).toBe(400);
    expect(await issuePaths(res)).toContain('body.dateOfBirth');
  });

  it('creates the patient, normalises phones, copies the place and links the account', async () => {
    const res = await send('POST', '/api/patients', alice.token, aliceBody);
    expect(res.status).toBe(201);
    const { data } = await json(res);
    aliceId = data.id;
    expect(data).toMatchObject({
      firstName: 'Alice',
      lastName: 'Fernandes',
      email: 'alice@example.in',
      phone: '9822011111',
      dateOfBirth: '1990-04-12',
      city: 'Pune',
      state: 'MAHARASHTRA',
      emergencyContact: { name: 'Rita Fernandes', relationship: 'Mother', phone: '9822022222' },
      allergies: ['Penicillin'],
      chronicConditions: ['Asthma'],
      deletedAt: null,
    });
    expect(data).not.toHaveProperty('createdBy');
    const me = await json(await get('/api/users/user-details', alice.token));
    expect(me.data.referenceId).toBe(aliceId);
  });

  it('refuses a second profile with 409', async () => {
    const res = await send('POST', '/api/patients', alice.token, { ...aliceBody, firstName: 'Second' });
    expect(res.status).toBe(409);
  });

  it('links exactly one profile when two are created at once', async () => {
    const twin = await newAccount(t, 'twin@example.in', 'PATIENT');
    const body = { firstName: 'Twin', lastName: 'Kapoor' };
    const statuses = await Promise.all([
      send('POST', '/api/patients', twin.token, body),
      send('POST', '/api/patients', twin.token, body),
    ]).then((all) => all.map((r) => r.status).sort());
    expect(statuses).toEqual([201, 409]);
    const rows = await t.database.db.select().from(patients).where(eq(patients.createdBy, twin.user.id));
    expect(rows).toHaveLength(1);
  });

  it('lets an admin create a record that no account is linked to', async () => {
    const res = await send('POST', '/api/patients', admin, { firstName: 'Walkin', lastName: 'Gupta' });
    expect(res.status).toBe(201);
    const { data } = await json(res);
    unlinkedId = data.id;
    expect(data).toMatchObject({ email: null, allergies: [], chronicConditions: [], address: null, city: null });
    const me = await json(await get('/api/users/user-details', admin));
    expect(me.data.referenceId).toBeNull();
    bobId = (await json(await send('POST', '/api/patients', bob.token, { firstName: 'Bob', lastName: 'Dsouza' }))).data
      .id;
  });

  it('answers /me for the patient, 404 before a profile exists, 403 for other roles', async () => {
    const mine = await get('/api/patients/me', alice.token);
    expect(mine.status).toBe(200);
    expect((await json(mine)).data.id).toBe(aliceId);
    const newcomer = await newAccount(t, 'newcomer@example.in', 'PATIENT');
    expect((await get('/api/patients/me', newcomer.token)).status).toBe(404);
    expect((await get('/api/patients/me', doctor)).status).toBe(403);
  });
});

describe('who sees which patient', () => {
  it('shows a patient themself and answers 404 for anyone else', async () => {
    expect((await get(`/api/patients/${aliceId}`, alice.token)).status).toBe(200);
    expect((await get(`/api/patients/${bobId}`, alice.token)).status).toBe(404);
    expect((await get(`/api/patients/${unlinkedId}`, alice.token)).status).toBe(404);
    expect((await get(`/api/patients/${MISSING_ID}`, alice.token)).status).toBe(404);
  });

  it('answers 404 to doctors, hospitals and every other role for any id (no appointments yet)', async () => {
    for (const token of [doctor, hospital, pharmacy, diagnostics, plainUser]) {
      const res = await get(`/api/patients/${aliceId}`, token);
      expect(res.status).toBe(404);
      expect(JSON.stringify(await json(res))).not.toContain('Fernandes');
    }
  });

  it('shows an admin every patient', async () => {
    for (const id of [aliceId, bobId, unlinkedId]) expect((await get(`/api/patients/${id}`, admin)).status).toBe(200);
  });

  it('refuses a malformed id with 400 and an anonymous caller with 401', async () => {
    const res = await get('/api/patients/not-an-id', admin);
    expect(res.status).toBe(400);
    expect(await issuePaths(res)).toContain('params.id');
    expect((await get(`/api/patients/${aliceId}`)).status).toBe(401);
  });

  it('lists only themself to a patient and nobody to a doctor or hospital', async () => {
    const mine = (await json(await get('/api/patients?limit=100', alice.token))).data;
    expect(mine.patients.map((p: { id: string }) => p.id)).toEqual([aliceId]);
    expect(mine.pagination).toEqual({ page: 1, limit: 100, total: 1, totalPages: 1 });
    for (const token of [doctor, hospital]) {
      const res = await get('/api/patients', token);
      expect(res.status).toBe(200);
      expect((await json(res)).data).toEqual({
        patients: [],
        pagination: { page: 1, limit: 10, total: 0, totalPages: 0 },
      });
    }
  });

  it('refuses the list to pharmacies, diagnostics centres and plain users with 403', async () => {
    for (const token of [pharmacy, diagnostics, plainUser]) {
      const res = await get('/api/patients', token);
      expect(res.status).toBe(403);
      expect((await json(res)).error).toBe('FORBIDDEN');
    }
    expect((await get('/api/patients')).status).toBe(401);
  });

  it.each([
    ['sortBy=age', 'query.sortBy'],
    ['sortOrder=up', 'query.sortOrder'],
    ['limit=500', 'query.limit'],
    ['page=0', 'query.page'],
    ['bloodGroup=Z_POSITIVE', 'query.bloodGroup'],
    ['state=DELHI_NCR', 'query.state'],
    ['phoneNumber=12345', 'query.phoneNumber'],
    ['gender=MALE', 'query'],
  ])('answers GET /patients?%s with 400 naming the parameter', async (query, path) => {
    const res = await get(`/api/patients?${query}`, admin);
    expect(res.status).toBe(400);
    expect(await issuePaths(res)).toContain(path);
  });
});

describe('PUT /api/patients/{id}', () => {
  it('changes only what is sent', async () => {
    const res = await send('PUT', `/api/patients/${aliceId}`, alice.token, { bloodGroup: 'O_NEGATIVE' });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({
      bloodGroup: 'O_NEGATIVE',
      firstName: 'Alice',
      phone: '9822011111',
      city: 'Pune',
      allergies: ['Penicillin'],
      emergencyContact: { name: 'Rita Fernandes' },
    });
  });

  it('clears an optional field sent as null, with the place copied from the address', async () => {
    const moved = await send('PUT', `/api/patients/${aliceId}`, alice.token, {
      address: { ...PUNE_ADDRESS, city: 'Nashik', pincode: '422001' },
    });
    expect((await json(moved)).data).toMatchObject({ city: 'Nashik', state: 'MAHARASHTRA' });
    const cleared = await send('PUT', `/api/patients/${aliceId}`, admin, { address: null, phone: null });
    expect(cleared.status).toBe(200);
    expect((await json(cleared)).data).toMatchObject({ address: null, city: null, state: null, phone: null });
    await send('PUT', `/api/patients/${aliceId}`, alice.token, { address: PUNE_ADDRESS, phone: '9822011111' });
  });

  it.each([
    ['an empty change', {}, 'body'],
    ['a bad phone', { phone: '1234' }, 'body.phone'],
    ['a future birth date', { dateOfBirth: '2999-12-31' }, 'body.dateOfBirth'],
    ['a null first name', { firstName: null }, 'body.firstName'],
    ['an unknown gender', { gender: 'X' }, 'body.gender'],
  ])('refuses %s with 400', async (_case, body, path) => {
    const res = await send('PUT', `/api/patients/${aliceId}`, alice.token, body);
    expect(res.status).toBe(400);
    expect(await issuePaths(res)).toContain(path);
  });

  it('answers 404 to another patient and 403 to roles that never change patients', async () => {
    expect((await send('PUT', `/api/patients/${aliceId}`, bob.token, { firstName: 'Hacked' })).status).toBe(404);
    for (const token of [doctor, hospital, pharmacy, plainUser]) {
      expect((await send('PUT', `/api/patients/${aliceId}`, token, { firstName: 'Hacked' })).status).toBe(403);
    }
    expect((await json(await get('/api/patients/me', alice.token))).data.firstName).toBe('Alice');
  });

  it('refuses a malformed id with 400', async () => {
    expect((await send('PUT', '/api/patients/123', admin, { firstName: 'X' })).status).toBe(400);
  });
});

describe('patient documents', () => {
  let pdfId: string;

  it('stores a real PDF and gives it back byte for byte, as a private attachment', async () => {
    const res = await upload(aliceId, alice.token, { bytes: PDF, name: 'discharge-summary.pdf' }, 'Discharge summary');
    expect(res.status).toBe(201);
    const { data } = await json(res);
    pdfId = data.id;
    expect(data).toMatchObject({
      patientId: aliceId,
      title: 'Discharge summary',
      fileName: 'discharge-summary.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
      uploadedBy: alice.user.id,
    });
    expect(data).not.toHaveProperty('fileKey');

    const download = await get(`/api/patients/${aliceId}/documents/${pdfId}/content`, alice.token);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('cache-control')).toBe('private, no-store');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="discharge-summary\.pdf"/);
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('stores a PNG under a safe name whatever the upload called it', async () => {
    const res = await upload(aliceId, admin, { bytes: PNG, name: '../../etc/scan;rm -rf.exe' }, 'X-ray');
    expect(res.status).toBe(201);
    const { data } = await json(res);
    expect(data).toMatchObject({
      fileName: 'scan_rm -rf.png',
      contentType: 'image/png',
      uploadedBy: expect.any(String),
    });
    const download = await get(`/api/patients/${aliceId}/documents/${data.id}/content`, admin);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-disposition')).toContain('filename="scan_rm -rf.png"');
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);

    // A picture has a thumbnail for lists: inline, kept by the user's own device only, to those who may read it.
    const thumbnail = await get(`/api/patients/${aliceId}/documents/${data.id}/thumbnail`, alice.token);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/png');
    expect(thumbnail.headers.get('content-disposition')).toBe('inline');
    expect(thumbnail.headers.get('cache-control')).toBe('private, max-age=604800');
    expect(Buffer.from(await thumbnail.arrayBuffer()).equals(PNG)).toBe(true);
    for (const token of [bob.token, doctor, pharmacy]) {
      expect((await get(`/api/patients/${aliceId}/documents/${data.id}/thumbnail`, token)).status).toBe(404);
    }
    expect((await get(`/api/patients/${aliceId}/documents/${data.id}/thumbnail`)).status).toBe(401);
    // A PDF has none.
    const none = await get(`/api/patients/${aliceId}/documents/${pdfId}/thumbnail`, alice.token);
    expect(none.status).toBe(404);
    expect((await json(none)).message).toBe(
      'This document has no thumbnail: only pictures (JPEG, PNG, WebP) have one.',
    );
  });

  it('keeps a name in another script, with an ASCII fallback', async () => {
    const res = await upload(aliceId, alice.token, { bytes: PDF, name: 'रिपोर्ट.pdf' }, 'Report');
    const { data } = await json(res);
    expect(data.fileName).toBe('रिपोर्ट.pdf');
    const download = await get(`/api/patients/${aliceId}/documents/${data.id}/content`, alice.token);
    const disposition = download.headers.get('content-disposition')!;
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('रिपोर्ट.pdf')}`);
    expect(disposition).toMatch(/filename="[\x20-\x7e]+"/);
  });

  it('refuses a file whose bytes are not an allowed type, whatever its name says', async () => {
    const res = await upload(
      aliceId,
      alice.token,
      { bytes: Buffer.from('<html>not a pdf</html>'), name: 'r.pdf' },
      'Fake',
    );
    expect(res.status).toBe(400);
    expect((await json(res)).message).toMatch(/Only JPEG, PNG, WebP, PDF files are accepted/);
  });

  it('refuses a file over 10 MB with a clear message', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(10 * MB + 1)]);
    const res = await upload(aliceId, alice.token, { bytes: big, name: 'big.pdf' }, 'Too big');
    expect([400, 413]).toContain(res.status);
    expect((await json(res)).message).toMatch(/larger than 10 MB/);
  });

  it('refuses an upload without a title, without a file or not as multipart', async () => {
    const untitled = await upload(aliceId, alice.token, { bytes: PDF, name: 'a.pdf' });
    expect(untitled.status).toBe(400);
    expect(await issuePaths(untitled)).toContain('body.title');
    const long = await upload(aliceId, alice.token, { bytes: PDF, name: 'a.pdf' }, 'x'.repeat(201));
    expect(await issuePaths(long)).toContain('body.title');
    const fileless = await upload(aliceId, alice.token, null, 'No file');
    expect(fileless.status).toBe(400);
    expect((await json(fileless)).message).toMatch(/"file"/);
    const asJson = await send('POST', `/api/patients/${aliceId}/documents`, alice.token, { title: 'x' });
    expect(asJson.status).toBe(400);
    expect((await upload('nope', alice.token, { bytes: PDF, name: 'a.pdf' }, 'x')).status).toBe(400);
  });

  it("answers 404 to an upload to someone else's record", async () => {
    for (const token of [bob.token, doctor, hospital, pharmacy, plainUser]) {
      const res = await upload(aliceId, token, { bytes: PDF, name: 'spy.pdf' }, 'Spy');
      expect(res.status).toBe(404);
    }
  });

  it('lists documents newest first, in pages, to those who may see the patient', async () => {
    const all = (await json(await get(`/api/patients/${aliceId}/documents?limit=100`, alice.token))).data;
    expect(all.documents.map((d: { title: string }) => d.title)).toEqual(['Report', 'X-ray', 'Discharge summary']);
    expect(all.pagination).toEqual({ page: 1, limit: 100, total: 3, totalPages: 1 });
    const second = (await json(await get(`/api/patients/${aliceId}/documents?limit=2&page=2`, admin))).data;
    expect(second.documents.map((d: { title: string }) => d.title)).toEqual(['Discharge summary']);
    expect(second.pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });
    for (const token of [bob.token, doctor, pharmacy]) {
      expect((await get(`/api/patients/${aliceId}/documents`, token)).status).toBe(404);
    }
    const bad = await get(`/api/patients/${aliceId}/documents?limit=0`, alice.token);
    expect(await issuePaths(bad)).toContain('query.limit');
  });

  it("answers 404 to a download of someone else's document, by either path", async () => {
    for (const token of [bob.token, doctor, hospital, pharmacy]) {
      expect((await get(`/api/patients/${aliceId}/documents/${pdfId}/content`, token)).status).toBe(404);
    }
    // Bob's own id does not open Alice's document either.
    expect((await get(`/api/patients/${bobId}/documents/${pdfId}/content`, bob.token)).status).toBe(404);
    expect((await get(`/api/patients/${aliceId}/documents/${MISSING_ID}/content`, alice.token)).status).toBe(404);
    const malformed = await get(`/api/patients/${aliceId}/documents/x/content`, alice.token);
    expect(await issuePaths(malformed)).toContain('params.documentId');
  });
});

describe('medical history', () => {
  it('records entries from the patient and an admin and lists them newest first', async () => {
    const first = await send('POST', `/api/patients/${aliceId}/medical-history`, alice.token, {
      condition: 'Type 2 diabetes',
      diagnosedOn: '2019-06-01',
      severity: 'MODERATE',
      notes: 'On metformin',
    });
    expect(first.status).toBe(201);
    expect((await json(first)).data).toMatchObject({
      patientId: aliceId,
      condition: 'Type 2 diabetes',
      diagnosedOn: '2019-06-01',
      severity: 'MODERATE',
      recordedBy: alice.user.id,
    });
    const second = await send('POST', `/api/patients/${aliceId}/medical-history`, admin, { condition: 'Dengue' });
    expect((await json(second)).data).toMatchObject({ diagnosedOn: null, severity: null, notes: null });
    const list = (await json(await get(`/api/patients/${aliceId}/medical-history`, alice.token))).data;
    expect(list.medicalHistory.map((h: { condition: string }) => h.condition)).toEqual(['Dengue', 'Type 2 diabetes']);
    expect(list.pagination).toEqual({ page: 1, limit: 10, total: 2, totalPages: 1 });
    const paged = (await json(await get(`/api/patients/${aliceId}/medical-history?limit=1&page=2`, admin))).data;
    expect(paged.medicalHistory.map((h: { condition: string }) => h.condition)).toEqual(['Type 2 diabetes']);
  });

  it.each([
    ['no condition', { severity: 'MILD' }, 'body.condition'],
    ['a blank condition', { condition: '  ' }, 'body.condition'],
    ['a diagnosis date in the future', { condition: 'Flu', diagnosedOn: '2999-01-01' }, 'body.diagnosedOn'],
    ['a diagnosis date in another format', { condition: 'Flu', diagnosedOn: '01-06-2019' }, 'body.diagnosedOn'],
    ['an unknown severity', { condition: 'Flu', severity: 'CRITICAL' }, 'body.severity'],
    ['notes that are too long', { condition: 'Flu', notes: 'x'.repeat(2001) }, 'body.notes'],
  ])('refuses %s with 400 naming the field', async (_case, body, path) => {
    const res = await send('POST', `/api/patients/${aliceId}/medical-history`, alice.token, body);
    expect(res.status).toBe(400);
    expect(await issuePaths(res)).toContain(path);
  });

  it("answers 404 to anyone else reading or adding to a patient's history", async () => {
    for (const token of [bob.token, doctor, hospital, pharmacy, plainUser]) {
      expect(
        (await send('POST', `/api/patients/${aliceId}/medical-history`, token, { condition: 'Forged' })).status,
      ).toBe(404);
      expect((await get(`/api/patients/${aliceId}/medical-history`, token)).status).toBe(404);
    }
    expect((await get(`/api/patients/${aliceId}/medical-history?page=0`, alice.token)).status).toBe(400);
  });
});

describe('DELETE /api/patients/{id}', () => {
  let carol: Account;
  let carolId: string;

  beforeAll(async () => {
    carol = await newAccount(t, 'carol@example.in', 'PATIENT');
    carolId = (await json(await send('POST', '/api/patients', carol.token, { firstName: 'Carol', lastName: 'Mehta' })))
      .data.id;
    await upload(carolId, carol.token, { bytes: PNG, name: 'id.png' }, 'ID');
  });

  it('answers 404 to another patient and 403 to roles that never delete patients', async () => {
    expect((await t.request(`/api/patients/${carolId}`, { method: 'DELETE', headers: bearer(bob.token) })).status).toBe(
      404,
    );
    for (const token of [doctor, pharmacy]) {
      expect((await t.request(`/api/patients/${carolId}`, { method: 'DELETE', headers: bearer(token) })).status).toBe(
        403,
      );
    }
    expect((await t.request('/api/patients/zzz', { method: 'DELETE', headers: bearer(admin) })).status).toBe(400);
  });

  it('hides the record from everyone but admins once the patient deletes it', async () => {
    const res = await t.request(`/api/patients/${carolId}`, { method: 'DELETE', headers: bearer(carol.token) });
    expect(res.status).toBe(200);
    expect((await get(`/api/patients/${carolId}`, carol.token)).status).toBe(404);
    expect((await get('/api/patients/me', carol.token)).status).toBe(404);
    expect((await get(`/api/patients/${carolId}/documents`, carol.token)).status).toBe(404);
    expect((await send('PUT', `/api/patients/${carolId}`, carol.token, { firstName: 'Back' })).status).toBe(404);
    expect((await json(await get('/api/patients', carol.token))).data.pagination.total).toBe(0);

    const forAdmin = await get(`/api/patients/${carolId}`, admin);
    expect(forAdmin.status).toBe(200);
    expect((await json(forAdmin)).data.deletedAt).toEqual(expect.any(String));
    const listed = (await json(await get('/api/patients?lastName=mehta&limit=100', admin))).data;
    expect(listed.patients).toEqual([]);
    expect((await get(`/api/patients/${carolId}/documents`, admin)).status).toBe(200);
  });

  it('lets the patient create a new profile after deleting the old one', async () => {
    const res = await send('POST', '/api/patients', carol.token, { firstName: 'Carol', lastName: 'Mehta' });
    expect(res.status).toBe(201);
    const newId = (await json(res)).data.id;
    expect(newId).not.toBe(carolId);
    expect((await json(await get('/api/patients/me', carol.token))).data.id).toBe(newId);
    expect((await send('POST', '/api/patients', carol.token, { firstName: 'C', lastName: 'M' })).status).toBe(409);
  });
});

describe('GET /api/patients over seeded data', () => {
  type Row = typeof patients.$inferSelect;
  let live: Row[];

  beforeAll(async () => {
    const random = seededRandom(7);
    const firstNames = ['Aarav', 'Ananya', 'Diya', 'Ishaan', 'Kavya', 'Rohan', 'Saanvi', 'Arjun', 'Meera', 'Neha'];
    const lastNames = ['Sharma', 'Verma', 'Iyer', 'Nair', 'Reddy', 'Patel', 'Deshpande', 'Kulkarni', 'Shah', 'Rao'];
    const places = [
      ['Pune', 'MAHARASHTRA'],
      ['Mumbai', 'MAHARASHTRA'],
      ['Bengaluru', 'KARNATAKA'],
      ['Mysuru', 'KARNATAKA'],
      ['Chennai', 'TAMIL_NADU'],
    ] as const;
    const now = Date.now();
    const rows: Array<typeof patients.$inferInsert> = [];
    for (let i = 0; i < 64; i++) {
      const firstName = random.pick(firstNames);
      const lastName = random.pick(lastNames);
      const place = random.next() < 0.85 ? random.pick(places) : null;
      const year = 1940 + Math.floor(random.between(0, 80));
      const month = String(1 + Math.floor(random.between(0, 12))).padStart(2, '0');
      const day = String(1 + Math.floor(random.between(0, 28))).padStart(2, '0');
      rows.push({
        firstName,
        lastName,
        email: random.next() < 0.8 ? `${firstName}.${lastName}${i}@${random.pick(['Gmail.com', 'example.IN'])}` : null,
        phone: random.next() < 0.8 ? `9${String(100_000_000 + i * 7919).slice(0, 9)}` : null,
        dateOfBirth: random.next() < 0.85 ? `${year}-${month}-${day}` : null,
        gender: random.next() < 0.9 ? random.pick(GENDERS) : null,
        bloodGroup: random.next() < 0.9 ? random.pick(BLOOD_GROUPS) : null,
        address: place ? { ...PUNE_ADDRESS, city: place[0], state: place[1] } : null,
        city: place?.[0] ?? null,
        state: place?.[1] ?? null,
        // Spread over the last 100 days: some this month, some before.
        createdAt: new Date(now - Math.floor(random.between(0, 100 * 24 * 60)) * 60_000 - i),
        deletedAt: i % 16 === 5 ? new Date(now) : null,
      });
    }
    await t.database.db.insert(patients).values(rows);
    live = (await t.database.db.select().from(patients)).filter((p) => p.deletedAt === null);
  });

  const list = async (query: string, token = admin) => {
    const res = await get(`/api/patients?${query}`, token);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await json(res)).data as { patients: Array<Record<string, any>>; pagination: Record<string, number> };
  };
  const lower = (s: string | null) => (s ?? '').toLowerCase();
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const byLastName = (a: Row, b: Row) =>
    cmp(lower(a.lastName), lower(b.lastName)) || cmp(lower(a.firstName), lower(b.firstName)) || cmp(a.id, b.id);

  it('lists every patient that is not deleted to an admin, by last name then first name', async () => {
    expect(live.length).toBeGreaterThanOrEqual(60);
    const { patients: found, pagination } = await list('limit=100');
    expect(pagination.total).toBe(live.length);
    expect(found.map((p) => p.id)).toEqual([...live].sort(byLastName).map((p) => p.id));
  });

  it('matches a brute-force filter for each filter and for a combination', async () => {
    const somePhone = live.find((p) => p.phone)!.phone!;
    const cases: Array<[string, (p: Row) => boolean]> = [
      ['firstName=AN', (p) => lower(p.firstName).includes('an')],
      ['lastName=sha', (p) => lower(p.lastName).includes('sha')],
      ['email=GMAIL', (p) => lower(p.email).includes('gmail')],
      ['email=example.in', (p) => lower(p.email).includes('example.in')],
      [
        `phoneNumber=${encodeURIComponent(`+91 ${somePhone.slice(0, 5)} ${somePhone.slice(5)}`)}`,
        (p) => p.phone === somePhone,
      ],
      ['bloodGroup=O_NEGATIVE', (p) => p.bloodGroup === 'O_NEGATIVE'],
      ['city=PUNE', (p) => lower(p.city) === 'pune'],
      ['state=KARNATAKA', (p) => p.state === 'KARNATAKA'],
      [
        'state=MAHARASHTRA&bloodGroup=A_POSITIVE&lastName=a',
        (p) => p.state === 'MAHARASHTRA' && p.bloodGroup === 'A_POSITIVE' && lower(p.lastName).includes('a'),
      ],
      ['firstName=%25', (p) => p.firstName.includes('%')],
      ['firstName=_', (p) => p.firstName.includes('_')],
    ];
    for (const [query, keep] of cases) {
      const { patients: found, pagination } = await list(`${query}&limit=100`);
      const expected = live.filter(keep).sort(byLastName);
      // Every case but the escaped wildcards must select something, or the comparison proves little.
      if (!query.startsWith('firstName=%25') && query !== 'firstName=_')
        expect(expected.length, query).toBeGreaterThan(0);
      expect(pagination.total, query).toBe(expected.length);
      expect(
        found.map((p) => p.id),
        query,
      ).toEqual(expected.map((p) => p.id));
    }
  });

  it('sorts by each key in both directions, with missing birth dates last', async () => {
    const sorters: Record<string, (a: Row, b: Row) => number> = {
      firstName: (a, b) => cmp(lower(a.firstName), lower(b.firstName)) || cmp(lower(a.lastName), lower(b.lastName)),
      lastName: (a, b) => cmp(lower(a.lastName), lower(b.lastName)) || cmp(lower(a.firstName), lower(b.firstName)),
      createdAt: (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
      dateOfBirth: (a, b) => cmp(a.dateOfBirth ?? '', b.dateOfBirth ?? ''),
    };
    for (const [sortBy, sorter] of Object.entries(sorters)) {
      for (const order of ['asc', 'desc'] as const) {
        const sign = order === 'asc' ? 1 : -1;
        const expected = [...live].sort((a, b) => {
          if (sortBy === 'dateOfBirth' && (a.dateOfBirth === null) !== (b.dateOfBirth === null)) {
            return a.dateOfBirth === null ? 1 : -1;
          }
          return sign * sorter(a, b) || cmp(a.id, b.id);
        });
        const { patients: found } = await list(`sortBy=${sortBy}&sortOrder=${order}&limit=100`);
        expect(
          found.map((p) => p.id),
          `${sortBy} ${order}`,
        ).toEqual(expected.map((p) => p.id));
      }
    }
  });

  it('pages without gaps or overlaps, and answers a page past the end with no rows', async () => {
    const expected = [...live].sort(byLastName).map((p) => p.id);
    const limit = 7;
    const totalPages = Math.ceil(expected.length / limit);
    const seen: string[] = [];
    for (let page = 1; page <= totalPages; page++) {
      const { patients: found, pagination } = await list(`limit=${limit}&page=${page}`);
      expect(pagination).toEqual({ page, limit, total: expected.length, totalPages });
      expect(found.length).toBe(page < totalPages ? limit : expected.length - limit * (totalPages - 1));
      seen.push(...found.map((p) => p.id));
    }
    expect(seen).toEqual(expected);
    const past = await list(`limit=${limit}&page=${totalPages + 1}`);
    expect(past.patients).toEqual([]);
    expect(past.pagination.total).toBe(expected.length);
    const defaults = await list('');
    expect(defaults.pagination).toMatchObject({ page: 1, limit: 10 });
  });

  it('still shows a patient only themself, and a doctor nobody, under any filter', async () => {
    expect((await list('limit=100&state=MAHARASHTRA', alice.token)).patients.map((p) => p.id)).toEqual([aliceId]);
    expect((await list('limit=100&state=KARNATAKA', alice.token)).patients).toEqual([]);
    expect((await list('limit=100', doctor)).pagination.total).toBe(0);
  });

  it('answers statistics that match the data, to admins only', async () => {
    for (const token of [alice.token, doctor, hospital, pharmacy]) {
      expect((await get('/api/patients/statistics/overview', token)).status).toBe(403);
    }
    const res = await get('/api/patients/statistics/overview', admin);
    expect(res.status).toBe(200);
    const { data } = await json(res);

    const IST = 330 * 60_000;
    const india = new Date(Date.now() + IST);
    const monthStart = Date.UTC(india.getUTCFullYear(), india.getUTCMonth(), 1) - IST;
    expect(data.monthStartsAt).toBe(new Date(monthStart).toISOString());

    const tally = (values: readonly string[], of: (p: Row) => string | null) =>
      Object.fromEntries(
        [...values, 'UNSPECIFIED'].map((v) => [v, live.filter((p) => (of(p) ?? 'UNSPECIFIED') === v).length]),
      );
    const newThisMonth = live.filter((p) => p.createdAt.getTime() >= monthStart).length;
    expect(data).toEqual({
      total: live.length,
      newThisMonth,
      monthStartsAt: data.monthStartsAt,
      byGender: tally(GENDERS, (p) => p.gender),
      byBloodGroup: tally(BLOOD_GROUPS, (p) => p.bloodGroup),
      byState: tally(INDIAN_REGIONS, (p) => p.state),
    });
    expect(newThisMonth).toBeGreaterThan(0);
    expect(newThisMonth).toBeLessThan(live.length);
  });
});
