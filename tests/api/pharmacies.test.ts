import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDICINE_CATEGORIES, PHARMACY_SERVICES, PHARMACY_TYPES, PRODUCT_CATEGORIES } from '../../domain/enums.ts';
import { pharmacies } from '../../server/db/schema/index.ts';
import { GENEROUS_LIMITS, startTestApp, type TestApp } from './support/test-app.ts';
import { bearer, newAccount } from './support/accounts.ts';
import {
  PUNE_ADDRESS,
  haversineKm,
  newAdmin,
  seededRandom,
  listedEntries,
  matchesDirectoryText,
} from './support/directory.ts';

let t: TestApp;
let admin: string;
let owner: { token: string; user: { id: string } };
let rival: { token: string; user: { id: string } };
let patient: string;
/** A pharmacy account that never onboards. */
let newcomer: string;
let pharmacyId: string;
let rivalPharmacyId: string;

const onboardBody = {
  name: 'Sahyadri Medicals',
  licenseNumber: 'MH-PUNE-20B-114422',
  pharmacyType: 'RETAIL',
  services: ['PHARMACIST_CONSULTATION', 'VACCINATIONS'],
  medicationTypes: ['PRESCRIPTION', 'OTC'],
  insurancePartners: ['Star Health'],
  phone: '+91 98220 12345',
  email: 'desk@sahyadri-medicals.example.in',
  address: PUNE_ADDRESS,
  latitude: 18.5167,
  longitude: 73.8411,
  openingHours: { TUESDAY: { open: '08:30', close: '22:00' } },
};

const json = async (res: Response) => (await res.json()) as Record<string, any>;
const send = (method: string, path: string, token: string, body?: unknown) =>
  t.request(path, { method, headers: bearer(token), ...(body === undefined ? {} : { json: body }) });
const get = (path: string, token: string) => send('GET', path, token);
const post = (path: string, token: string, body?: unknown) => send('POST', path, token, body);
const put = (path: string, token: string, body: unknown) => send('PUT', path, token, body);
const patch = (path: string, token: string, body: unknown) => send('PATCH', path, token, body);
const del = (path: string, token: string) => send('DELETE', path, token);

async function expectInvalid(res: Response, path: string, message?: RegExp) {
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(400);
  expect(body.error).toBe('VALIDATION');
  const issues = body.details.issues as Array<{ path: string; message: string }>;
  expect(
    issues.map((i) => i.path),
    JSON.stringify(issues),
  ).toContain(path);
  if (message) expect(issues.find((i) => i.path === path)!.message).toMatch(message);
}

const setVisibility = (
  id: string,
  verificationStatus: 'PENDING' | 'VERIFIED',
  status: 'ACTIVE' | 'ARCHIVED' = 'ACTIVE',
) => t.database.db.update(pharmacies).set({ verificationStatus, status }).where(eq(pharmacies.id, id));

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (label: string) => Buffer.concat([Buffer.from(PNG_SIGNATURE), Buffer.from(label)]);
const jpeg = (label: string) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(label)]);
const webp = (label: string) =>
  Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WEBP'), Buffer.from(label)]);

function upload(id: string, token: string, bytes: Buffer, filename = 'front.png', type = 'image/png', field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return t.request(`/api/pharmacies/${id}/images`, { method: 'POST', body: form, headers: bearer(token) });
}

beforeAll(async () => {
  t = await startTestApp({ rateLimits: GENEROUS_LIMITS });
  admin = await newAdmin(t, 'pharmacy.admin@example.in');
  owner = await newAccount(t, 'desk@sahyadri-medicals.example.in', 'PHARMACY');
  rival = await newAccount(t, 'desk@rival-chemist.example.in', 'PHARMACY');
  newcomer = (await newAccount(t, 'desk@new-chemist.example.in', 'PHARMACY')).token;
  patient = (await newAccount(t, 'patient.p@example.in', 'PATIENT')).token;
});
afterAll(() => t?.close());

describe('POST /api/pharmacies/onboard', () => {
  it('needs a signed-in pharmacy account', async () => {
    expect((await t.request('/api/pharmacies/onboard', { method: 'POST', json: onboardBody })).status).toBe(401);
    expect((await post('/api/pharmacies/onboard', patient, onboardBody)).status).toBe(403);
    expect((await post('/api/pharmacies/onboard', admin, onboardBody)).status).toBe(403);
  });

  it.each([
    ['no drug licence number', { licenseNumber: undefined }, 'body.licenseNumber'],
    ['a too short licence number', { licenseNumber: 'X1' }, 'body.licenseNumber'],
    ['no name', { name: undefined }, 'body.name'],
    ['an unknown pharmacy type', { pharmacyType: 'SPACESHIP' }, 'body.pharmacyType'],
    ['an unknown service', { services: ['TELEPORTATION'] }, 'body.services.0'],
    ['an unknown medication type', { medicationTypes: ['OTC', 'ALLOPATHIC'] }, 'body.medicationTypes.1'],
    ['an unknown product', { products: ['CIGARETTES'] }, 'body.products.0'],
    ['a non-boolean flag', { hasHomeDelivery: 'yes' }, 'body.hasHomeDelivery'],
    ['a bad phone', { phone: '12345' }, 'body.phone'],
    ['a bad email', { email: 'desk@' }, 'body.email'],
    ['a bad pincode', { address: { ...PUNE_ADDRESS, pincode: '41100' } }, 'body.address.pincode'],
    ['an unknown state', { address: { ...PUNE_ADDRESS, state: 'GOTHAM' } }, 'body.address.state'],
    ['a latitude off the globe', { latitude: 95 }, 'body.latitude'],
    [
      'opening hours that close before they open',
      { openingHours: { MONDAY: { open: '21:00', close: '09:00' } } },
      'body.openingHours.MONDAY.close',
    ],
  ])('refuses %s with 400 naming the field', async (_case, change, path) => {
    await expectInvalid(await post('/api/pharmacies/onboard', owner.token, { ...onboardBody, ...change }), path);
  });

  it('creates the pharmacy, links it to the account, normalises the phone and fills defaults', async () => {
    const res = await post('/api/pharmacies/onboard', owner.token, onboardBody);
    expect(res.status).toBe(201);
    const { data } = await json(res);
    pharmacyId = data.id;
    expect(data).toMatchObject({
      name: 'Sahyadri Medicals',
      licenseNumber: 'MH-PUNE-20B-114422',
      phone: '9822012345',
      city: 'Pune',
      state: 'MAHARASHTRA',
      latitude: 18.5167,
      services: ['PHARMACIST_CONSULTATION', 'VACCINATIONS'],
      products: [],
      hasHomeDelivery: false,
      hasEmergencyService: false,
      openingHours: { TUESDAY: { open: '08:30', close: '22:00' } },
      emergencyInfo: null,
      verificationStatus: 'PENDING',
      status: 'ACTIVE',
      pharmacists: [],
      images: [],
    });
    const me = await json(await t.request('/api/users/user-details', { headers: bearer(owner.token) }));
    expect(me.data.referenceId).toBe(pharmacyId);
  });

  it('refuses a second onboarding with 409', async () => {
    const res = await post('/api/pharmacies/onboard', owner.token, { ...onboardBody, name: 'Second Shop' });
    expect(res.status).toBe(409);
    expect((await json(res)).error).toBe('CONFLICT');
  });

  it('answers /me for the owner, 404 for a pharmacy account without one and 403 for other roles', async () => {
    const mine = await get('/api/pharmacies/me', owner.token);
    expect(mine.status).toBe(200);
    expect((await json(mine)).data.id).toBe(pharmacyId);
    expect((await get('/api/pharmacies/me', newcomer)).status).toBe(404);
    expect((await get('/api/pharmacies/me', patient)).status).toBe(403);
  });
});

describe('GET /api/pharmacies/:id', () => {
  beforeAll(async () => {
    const res = await post('/api/pharmacies/onboard', rival.token, {
      ...onboardBody,
      name: 'Rival Chemists',
      licenseNumber: 'MH-PUNE-20B-999',
    });
    rivalPharmacyId = (await json(res)).data.id;
  });

  it('shows a pharmacy that is not verified to its owner and admins only', async () => {
    expect((await get(`/api/pharmacies/${pharmacyId}`, owner.token)).status).toBe(200);
    expect((await get(`/api/pharmacies/${pharmacyId}`, admin)).status).toBe(200);
    expect((await get(`/api/pharmacies/${pharmacyId}`, patient)).status).toBe(404);
    expect((await get(`/api/pharmacies/${pharmacyId}`, rival.token)).status).toBe(404);
  });

  it('shows a verified, active pharmacy to anyone signed in', async () => {
    await setVisibility(pharmacyId, 'VERIFIED');
    try {
      const res = await get(`/api/pharmacies/${pharmacyId}`, patient);
      expect(res.status).toBe(200);
      expect((await json(res)).data.name).toBe('Sahyadri Medicals');
      expect((await t.request(`/api/pharmacies/${pharmacyId}`)).status).toBe(401);
    } finally {
      await setVisibility(pharmacyId, 'PENDING');
    }
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    await expectInvalid(await get('/api/pharmacies/not-an-id', owner.token), 'params.id');
    expect((await get('/api/pharmacies/00000000-0000-4000-8000-000000000000', admin)).status).toBe(404);
  });
});

describe('PUT /api/pharmacies/:id', () => {
  it('changes only the fields sent, for the owner', async () => {
    const res = await put(`/api/pharmacies/${pharmacyId}`, owner.token, {
      hasHomeDelivery: true,
      products: ['BABY_CARE', 'FIRST_AID'],
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({
      hasHomeDelivery: true,
      products: ['BABY_CARE', 'FIRST_AID'],
      name: 'Sahyadri Medicals',
      licenseNumber: 'MH-PUNE-20B-114422',
      services: ['PHARMACIST_CONSULTATION', 'VACCINATIONS'],
      medicationTypes: ['PRESCRIPTION', 'OTC'],
      insurancePartners: ['Star Health'],
      phone: '9822012345',
      latitude: 18.5167,
      openingHours: { TUESDAY: { open: '08:30', close: '22:00' } },
    });
  });

  it('moves the searchable place with the address, and lets an admin change it', async () => {
    const res = await put(`/api/pharmacies/${pharmacyId}`, admin, {
      address: { ...PUNE_ADDRESS, city: 'Pimpri-Chinchwad', pincode: '411018' },
      description: 'Open late near the station.',
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({
      city: 'Pimpri-Chinchwad',
      address: { city: 'Pimpri-Chinchwad', pincode: '411018' },
      description: 'Open late near the station.',
      hasHomeDelivery: true,
    });
  });

  it('answers 404 to another pharmacy and 403 to a patient, and changes nothing', async () => {
    const byRival = await put(`/api/pharmacies/${pharmacyId}`, rival.token, { name: 'Hijacked' });
    expect(byRival.status).toBe(404);
    expect((await json(byRival)).error).toBe('NOT_FOUND');
    expect((await put(`/api/pharmacies/${pharmacyId}`, patient, { name: 'Hijacked' })).status).toBe(403);
    expect((await put(`/api/pharmacies/${pharmacyId}`, newcomer, { name: 'Hijacked' })).status).toBe(404);
    const mine = await json(await get('/api/pharmacies/me', owner.token));
    expect(mine.data.name).toBe('Sahyadri Medicals');
  });

  it.each([
    ['an empty change', {}, 'body'],
    ['an unknown pharmacy type', { pharmacyType: 'KIOSK' }, 'body.pharmacyType'],
    ['an unknown product', { products: ['FIREWORKS'] }, 'body.products.0'],
    ['a bad phone', { phone: '000' }, 'body.phone'],
    ['a short licence number', { licenseNumber: 'A' }, 'body.licenseNumber'],
    [
      'bad opening hours',
      { openingHours: { FRIDAY: { open: '9am', close: '21:00' } } },
      'body.openingHours.FRIDAY.open',
    ],
  ])('refuses %s with 400 naming the field', async (_case, body, path) => {
    await expectInvalid(await put(`/api/pharmacies/${pharmacyId}`, owner.token, body), path);
  });

  it('refuses a malformed id with 400', async () => {
    await expectInvalid(await put('/api/pharmacies/42', owner.token, { name: 'New name' }), 'params.id');
  });
});

describe('PATCH /api/pharmacies/:id/opening-hours', () => {
  const path = () => `/api/pharmacies/${pharmacyId}/opening-hours`;

  it('replaces the days sent, keeps the others, and removes a day sent as null', async () => {
    const res = await patch(path(), owner.token, {
      MONDAY: { open: '09:00', close: '21:30' },
      SATURDAY: { open24Hours: true },
      SUNDAY: { closed: true },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data.openingHours).toEqual({
      MONDAY: { open: '09:00', close: '21:30' },
      TUESDAY: { open: '08:30', close: '22:00' },
      SATURDAY: { open24Hours: true },
      SUNDAY: { closed: true },
    });
    const removed = await patch(path(), admin, { TUESDAY: null, MONDAY: { open: '00:00', close: '23:59' } });
    expect(removed.status).toBe(200);
    expect((await json(removed)).data.openingHours).toEqual({
      MONDAY: { open: '00:00', close: '23:59' },
      SATURDAY: { open24Hours: true },
      SUNDAY: { closed: true },
    });
  });

  it.each([
    ['closing before opening', { MONDAY: { open: '21:00', close: '09:00' } }, 'body.MONDAY.close', /later than open/],
    ['closing when it opens', { MONDAY: { open: '09:00', close: '09:00' } }, 'body.MONDAY.close', /later than open/],
    ['a time not as HH:mm', { MONDAY: { open: '9am', close: '21:00' } }, 'body.MONDAY.open', /HH:mm/],
    ['an hour past 23', { MONDAY: { open: '24:00', close: '23:00' } }, 'body.MONDAY.open', /HH:mm/],
    ['an open time without a close time', { MONDAY: { open: '09:00' } }, 'body.MONDAY.close', /close is required/],
    ['an empty day', { WEDNESDAY: {} }, 'body.WEDNESDAY.open', /open is required/],
    ['closed with times', { SUNDAY: { closed: true, open: '09:00' } }, 'body.SUNDAY.closed', /closed day/],
    ['24 hours with times', { SATURDAY: { open24Hours: true, close: '10:00' } }, 'body.SATURDAY.open24Hours', /24/],
    ['open24Hours false', { SATURDAY: { open24Hours: false } }, 'body.SATURDAY.open24Hours', /only be true/],
    ['closed false', { SUNDAY: { closed: false } }, 'body.SUNDAY.closed', /only be true/],
    ['a misspelt field', { MONDAY: { opens: '09:00', close: '21:00' } }, 'body.MONDAY', /Unknown field "opens"/],
    ['a day that is not a weekday', { FUNDAY: { closed: true } }, 'body', /MONDAY.*"FUNDAY" is not one/],
    ['a day given as text', { MONDAY: '9 to 9' }, 'body.MONDAY', /open24Hours/],
    ['no day at all', {}, 'body', /at least one weekday/],
  ])('refuses %s with a clear 400', async (_case, body, where, message) => {
    await expectInvalid(await patch(path(), owner.token, body), where, message);
  });

  it('answers 404 to another pharmacy and 403 to a patient, and changes nothing', async () => {
    expect((await patch(path(), rival.token, { MONDAY: { closed: true } })).status).toBe(404);
    expect((await patch(path(), patient, { MONDAY: { closed: true } })).status).toBe(403);
    const mine = await json(await get('/api/pharmacies/me', owner.token));
    expect(mine.data.openingHours.MONDAY).toEqual({ open: '00:00', close: '23:59' });
  });
});

describe('PATCH /api/pharmacies/:id/emergency-info', () => {
  const path = () => `/api/pharmacies/${pharmacyId}/emergency-info`;

  it('sets the emergency info with a normalised phone, and a later change replaces it', async () => {
    const res = await patch(path(), owner.token, {
      available24x7: true,
      phone: '098220 11111',
      instructions: 'Ring the night bell at the side door.',
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data.emergencyInfo).toEqual({
      available24x7: true,
      phone: '9822011111',
      instructions: 'Ring the night bell at the side door.',
    });
    const replaced = await patch(path(), owner.token, { available24x7: false });
    expect((await json(replaced)).data.emergencyInfo).toEqual({ available24x7: false });
  });

  it.each([
    ['no available24x7', { phone: '9822011111' }, 'body.available24x7'],
    ['available24x7 as text', { available24x7: 'yes' }, 'body.available24x7'],
    ['a bad phone', { available24x7: true, phone: '12' }, 'body.phone'],
    ['too long instructions', { available24x7: true, instructions: 'x'.repeat(1001) }, 'body.instructions'],
  ])('refuses %s with 400 naming the field', async (_case, body, where) => {
    await expectInvalid(await patch(path(), owner.token, body), where);
  });

  it('answers 404 to another pharmacy and 403 to a patient', async () => {
    expect((await patch(path(), rival.token, { available24x7: true })).status).toBe(404);
    expect((await patch(path(), patient, { available24x7: true })).status).toBe(403);
    expect((await json(await get('/api/pharmacies/me', owner.token))).data.emergencyInfo).toEqual({
      available24x7: false,
    });
  });
});

describe('pharmacists', () => {
  let pharmacistId: string;
  const base = () => `/api/pharmacies/${pharmacyId}/pharmacists`;
  const pharmacist = {
    name: 'Meera Kulkarni',
    registrationNumber: 'MSPC-2014-55321',
    phone: '98230 44556',
    email: 'meera@sahyadri-medicals.example.in',
  };

  it('adds a pharmacist for the owner', async () => {
    const res = await post(base(), owner.token, pharmacist);
    expect(res.status).toBe(201);
    const { data } = await json(res);
    pharmacistId = data.id;
    expect(data).toMatchObject({
      pharmacyId,
      name: 'Meera Kulkarni',
      phone: '9823044556',
      isVerified: false,
      verifiedAt: null,
    });
  });

  it.each([
    ['no registration number', { ...pharmacist, registrationNumber: undefined }, 'body.registrationNumber'],
    ['a one-letter name', { ...pharmacist, name: 'M' }, 'body.name'],
    ['a bad phone', { ...pharmacist, phone: '555' }, 'body.phone'],
    ['a bad email', { ...pharmacist, email: 'meera' }, 'body.email'],
  ])('refuses %s with 400 naming the field', async (_case, body, where) => {
    await expectInvalid(await post(base(), owner.token, body), where);
  });

  it('keeps other pharmacies and patients out', async () => {
    expect((await post(base(), rival.token, pharmacist)).status).toBe(404);
    expect((await post(base(), patient, pharmacist)).status).toBe(403);
    expect((await put(`${base()}/${pharmacistId}`, rival.token, { name: 'Spy' })).status).toBe(404);
    expect((await del(`${base()}/${pharmacistId}`, rival.token)).status).toBe(404);
    expect((await del(`${base()}/${pharmacistId}`, patient)).status).toBe(403);
    // Through its own pharmacy's path the rival does not reach our pharmacist either.
    const viaOwnPath = `/api/pharmacies/${rivalPharmacyId}/pharmacists/${pharmacistId}`;
    expect((await put(viaOwnPath, rival.token, { name: 'Spy' })).status).toBe(404);
    expect((await del(viaOwnPath, rival.token)).status).toBe(404);
  });

  it('changes only the fields sent', async () => {
    const res = await put(`${base()}/${pharmacistId}`, owner.token, { phone: '+91-98230-99887' });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({
      name: 'Meera Kulkarni',
      registrationNumber: 'MSPC-2014-55321',
      phone: '9823099887',
      email: 'meera@sahyadri-medicals.example.in',
    });
    await expectInvalid(await put(`${base()}/${pharmacistId}`, owner.token, {}), 'body');
    await expectInvalid(await put(`${base()}/${pharmacistId}`, owner.token, { phone: '1' }), 'body.phone');
    await expectInvalid(await put(`${base()}/not-an-id`, owner.token, { name: 'Meera K' }), 'params.pharmacistId');
    expect((await put(`${base()}/00000000-0000-4000-8000-000000000000`, owner.token, { name: 'X Y' })).status).toBe(
      404,
    );
  });

  it('lets only an admin verify a pharmacist', async () => {
    const verify = `${base()}/${pharmacistId}/verify`;
    expect((await post(verify, owner.token)).status).toBe(403);
    expect((await post(verify, rival.token)).status).toBe(403);
    expect((await post(verify, patient)).status).toBe(403);
    expect((await t.request(verify, { method: 'POST' })).status).toBe(401);
    const unverified = await json(await get('/api/pharmacies/me', owner.token));
    expect(unverified.data.pharmacists[0].isVerified).toBe(false);

    const before = Date.now();
    const res = await post(verify, admin);
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data.isVerified).toBe(true);
    expect(Date.parse(data.verifiedAt)).toBeGreaterThanOrEqual(before - 1000);

    // Verifying again keeps the first time.
    const again = await json(await post(verify, admin));
    expect(again.data.verifiedAt).toBe(data.verifiedAt);
    expect((await post(`/api/pharmacies/${rivalPharmacyId}/pharmacists/${pharmacistId}/verify`, admin)).status).toBe(
      404,
    );
    await expectInvalid(await post(`${base()}/nope/verify`, admin), 'params.pharmacistId');
  });

  it('keeps the verification for the same registration and drops it for a new one', async () => {
    const same = await put(`${base()}/${pharmacistId}`, owner.token, {
      name: 'Meera S. Kulkarni',
      registrationNumber: 'MSPC-2014-55321',
    });
    expect((await json(same)).data).toMatchObject({ name: 'Meera S. Kulkarni', isVerified: true });
    const changed = await put(`${base()}/${pharmacistId}`, owner.token, { registrationNumber: 'MSPC-2020-00001' });
    expect((await json(changed)).data).toMatchObject({ isVerified: false, verifiedAt: null });
  });

  it('shows staff contact details to the pharmacy and admins, not to other users', async () => {
    await setVisibility(pharmacyId, 'VERIFIED');
    try {
      const forPatient = await json(await get(`/api/pharmacies/${pharmacyId}`, patient));
      expect(forPatient.data.pharmacists).toHaveLength(1);
      expect(forPatient.data.pharmacists[0]).toMatchObject({ name: 'Meera S. Kulkarni' });
      expect(forPatient.data.pharmacists[0]).not.toHaveProperty('phone');
      expect(forPatient.data.pharmacists[0]).not.toHaveProperty('email');
      const forAdmin = await json(await get(`/api/pharmacies/${pharmacyId}`, admin));
      expect(forAdmin.data.pharmacists[0].phone).toBe('9823099887');
    } finally {
      await setVisibility(pharmacyId, 'PENDING');
    }
  });

  it('removes a pharmacist', async () => {
    expect((await del(`${base()}/${pharmacistId}`, owner.token)).status).toBe(200);
    expect((await del(`${base()}/${pharmacistId}`, owner.token)).status).toBe(404);
    expect((await json(await get('/api/pharmacies/me', owner.token))).data.pharmacists).toEqual([]);
  });
});

describe('pharmacy images', () => {
  const first = png('shop front');
  let firstImage: { id: string; imageUrl: string };

  it('stores an image the owner uploads and serves it back with its type and a private cache', async () => {
    const res = await upload(pharmacyId, owner.token, first);
    expect(res.status).toBe(201);
    const { data } = await json(res);
    firstImage = data;
    expect(data).toMatchObject({ pharmacyId, contentType: 'image/png', size: first.length });
    expect(data.imageUrl).toBe(`/api/pharmacies/${pharmacyId}/images/${data.id}/content`);

    const content = await get(data.imageUrl, owner.token);
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe('image/png');
    expect(content.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(Buffer.from(await content.arrayBuffer()).equals(first)).toBe(true);

    const profile = await json(await get('/api/pharmacies/me', owner.token));
    expect(profile.data.images.map((i: { imageUrl: string }) => i.imageUrl)).toEqual([data.imageUrl]);
  });

  it('decides the type by content: JPEG and WebP are accepted whatever their name says', async () => {
    const asPng = await upload(pharmacyId, owner.token, jpeg('counter'), 'counter.png', 'image/png');
    expect(asPng.status).toBe(201);
    expect((await json(asPng)).data.contentType).toBe('image/jpeg');
    const web = await upload(pharmacyId, owner.token, webp('shelves'), 'shelves.webp', 'image/webp');
    expect((await json(web)).data.contentType).toBe('image/webp');
  });

  it('refuses a file named .png whose bytes are not an image', async () => {
    const res = await upload(pharmacyId, owner.token, Buffer.from('not really a picture'), 'shop.png', 'image/png');
    expect(res.status).toBe(400);
    expect((await json(res)).message).toMatch(/Only JPEG, PNG, WebP files are accepted/);
  });

  it('accepts exactly 5 MB and refuses anything larger with a clear message', async () => {
    const exact = Buffer.concat([Buffer.from(PNG_SIGNATURE), Buffer.alloc(5 * 1024 * 1024 - PNG_SIGNATURE.length, 7)]);
    expect((await upload(pharmacyId, owner.token, exact)).status).toBe(201);
    const tooBig = Buffer.concat([exact, Buffer.from([1])]);
    const res = await upload(pharmacyId, owner.token, tooBig);
    expect([400, 413]).toContain(res.status);
    expect((await json(res)).message).toMatch(/larger than 5 MB/);
  });

  it('refuses a request without the file field, or not multipart', async () => {
    const res = await upload(pharmacyId, owner.token, png('x'), 'x.png', 'image/png', 'photo');
    expect(res.status).toBe(400);
    expect((await json(res)).message).toMatch(/"file" field/);
    const asJson = await post(`/api/pharmacies/${pharmacyId}/images`, owner.token, { file: 'x' });
    expect(asJson.status).toBe(400);
    expect((await json(asJson)).message).toMatch(/multipart/);
  });

  it("answers 404 to a pharmacy uploading to someone else's pharmacy, and 403 to a patient", async () => {
    const res = await upload(pharmacyId, rival.token, png('intruder'));
    expect(res.status).toBe(404);
    expect((await upload(pharmacyId, newcomer, png('intruder'))).status).toBe(404);
    expect((await upload(pharmacyId, patient, png('intruder'))).status).toBe(403);
    const list = await json(await get(`/api/pharmacies/${pharmacyId}/images`, owner.token));
    expect(list.data.images).toHaveLength(4);
  });

  it('lets an admin add one', async () => {
    expect((await upload(pharmacyId, admin, png('from admin'))).status).toBe(201);
  });

  it('shows images to whoever may see the pharmacy, and to no one else', async () => {
    const list = `/api/pharmacies/${pharmacyId}/images`;
    expect((await get(list, patient)).status).toBe(404);
    expect((await get(firstImage.imageUrl, patient)).status).toBe(404);
    expect((await get(firstImage.imageUrl, rival.token)).status).toBe(404);
    await setVisibility(pharmacyId, 'VERIFIED');
    try {
      const res = await get(list, patient);
      expect(res.status).toBe(200);
      const { data } = await json(res);
      expect(data.images).toHaveLength(5);
      expect(data.pagination).toEqual({ page: 1, limit: 10, total: 5, totalPages: 1 });
      const content = await get(firstImage.imageUrl, patient);
      expect(content.status).toBe(200);
      expect(Buffer.from(await content.arrayBuffer()).equals(first)).toBe(true);
      // An image id under another pharmacy's path is not found.
      await setVisibility(rivalPharmacyId, 'VERIFIED');
      expect((await get(`/api/pharmacies/${rivalPharmacyId}/images/${firstImage.id}/content`, patient)).status).toBe(
        404,
      );
      expect(
        (await get(`/api/pharmacies/${pharmacyId}/images/00000000-0000-4000-8000-000000000000/content`, patient))
          .status,
      ).toBe(404);
    } finally {
      await setVisibility(pharmacyId, 'PENDING');
      await setVisibility(rivalPharmacyId, 'PENDING');
    }
  });

  it('holds at most 10 images per pharmacy (409 beyond), and room comes back after a removal', async () => {
    for (let i = 0; i < 4; i++) {
      expect((await upload(pharmacyId, owner.token, png(`extra ${i}`))).status).toBe(201);
    }
    // Three uploads at once for the one place left: exactly one gets it.
    const racing = await Promise.all([1, 2, 3].map((i) => upload(pharmacyId, owner.token, png(`racing ${i}`))));
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const eleventh = await upload(pharmacyId, owner.token, png('eleventh'));
    expect(eleventh.status).toBe(409);
    expect((await json(eleventh)).message).toMatch(/at most 10 images/);
    const list = await json(await get(`/api/pharmacies/${pharmacyId}/images`, owner.token));
    expect(list.data.pagination.total).toBe(10);

    const last = list.data.images[9];
    expect((await del(`/api/pharmacies/${pharmacyId}/images/${last.id}`, owner.token)).status).toBe(200);
    expect((await upload(pharmacyId, owner.token, png('eleventh'))).status).toBe(201);
  });

  it('removes an image by id for the owner only; others get 404 or 403; it is then gone', async () => {
    const path = `/api/pharmacies/${pharmacyId}/images/${firstImage.id}`;
    expect((await del(path, rival.token)).status).toBe(404);
    expect((await del(`/api/pharmacies/${rivalPharmacyId}/images/${firstImage.id}`, rival.token)).status).toBe(404);
    expect((await del(path, patient)).status).toBe(403);
    expect((await get(firstImage.imageUrl, owner.token)).status).toBe(200);

    expect((await del(path, owner.token)).status).toBe(200);
    expect((await get(firstImage.imageUrl, owner.token)).status).toBe(404);
    expect((await del(path, owner.token)).status).toBe(404);
    const list = await json(await get(`/api/pharmacies/${pharmacyId}/images`, owner.token));
    expect(list.data.images.map((i: { id: string }) => i.id)).not.toContain(firstImage.id);
    await expectInvalid(await del(`/api/pharmacies/${pharmacyId}/images/shop.png`, owner.token), 'params.imageUrl');
  });
});

describe('DELETE /api/pharmacies/:id', () => {
  it('archives for the owner: gone from search and from other users, kept for the owner and admins', async () => {
    await setVisibility(rivalPharmacyId, 'VERIFIED');
    const find = async (token: string) =>
      (await json(await get('/api/pharmacies/search?searchQuery=rival%20chemists', token))).data.pharmacies as Array<{
        id: string;
        status: string;
      }>;
    expect((await find(patient)).map((p) => p.id)).toEqual([rivalPharmacyId]);

    expect((await del(`/api/pharmacies/${rivalPharmacyId}`, patient)).status).toBe(403);
    expect((await del(`/api/pharmacies/${rivalPharmacyId}`, owner.token)).status).toBe(404);
    expect((await find(patient)).map((p) => p.id)).toEqual([rivalPharmacyId]);

    const res = await del(`/api/pharmacies/${rivalPharmacyId}`, rival.token);
    expect(res.status).toBe(200);
    expect((await json(res)).message).toMatch(/archived/i);
    expect(await find(patient)).toEqual([]);
    expect((await get(`/api/pharmacies/${rivalPharmacyId}`, patient)).status).toBe(404);
    expect((await json(await get('/api/pharmacies/me', rival.token))).data.status).toBe('ARCHIVED');
    expect((await find(admin)).map((p) => [p.id, p.status])).toEqual([[rivalPharmacyId, 'ARCHIVED']]);
    // The account stays linked to it, so it cannot onboard a second pharmacy.
    expect((await post('/api/pharmacies/onboard', rival.token, onboardBody)).status).toBe(409);
  });

  it('lets an admin archive any pharmacy and refuses a malformed id', async () => {
    await expectInvalid(await del('/api/pharmacies/abc', admin), 'params.id');
    expect((await del(`/api/pharmacies/${rivalPharmacyId}`, admin)).status).toBe(200);
  });
});

describe('GET /api/pharmacies/search', () => {
  const MUMBAI = { latitude: 19.076, longitude: 72.8777 };
  type Row = typeof pharmacies.$inferSelect;
  let rows: Row[] = [];

  beforeAll(async () => {
    const random = seededRandom(7);
    const cities = [
      ['Mumbai', 'MAHARASHTRA', 19.076, 72.8777],
      ['Thane', 'MAHARASHTRA', 19.2183, 72.9781],
      ['Pune', 'MAHARASHTRA', 18.5204, 73.8567],
      ['Surat', 'GUJARAT', 21.1702, 72.8311],
      ['Bengaluru', 'KARNATAKA', 12.9716, 77.5946],
    ] as const;
    const start = Date.UTC(2025, 0, 1);
    const seeded: Array<typeof pharmacies.$inferInsert> = [];
    for (let i = 0; i < 150; i++) {
      const [city, state, lat, lon] = random.pick(cities);
      const placed = i % 23 !== 5;
      seeded.push({
        name: `${random.pick(['Apollo', 'Wellness', 'Noble', 'Sanjivani', 'Dhanvantari', 'Lifeline'])} Pharmacy ${i}`,
        licenseNumber: `DL-${i}`,
        pharmacyType: random.pick(PHARMACY_TYPES),
        services: random.some(PHARMACY_SERVICES, 2),
        medicationTypes: random.some(MEDICINE_CATEGORIES, 3),
        products: random.some(PRODUCT_CATEGORIES, 4),
        hasHomeDelivery: random.next() < 0.5,
        hasEmergencyService: random.next() < 0.3,
        insurancePartners: random.some(['Star Health', 'HDFC Ergo', 'ICICI Lombard', 'Niva Bupa'], 2),
        rating: Math.round(random.between(0, 50)) / 10,
        reviewCount: Math.floor(random.between(0, 400)),
        address: { ...PUNE_ADDRESS, city, state },
        city,
        state,
        pincode: '400001',
        latitude: placed ? lat + random.between(-0.3, 0.3) : null,
        longitude: placed ? lon + random.between(-0.3, 0.3) : null,
        verificationStatus: i % 10 === 0 ? 'PENDING' : 'VERIFIED',
        status: i % 17 === 0 ? 'INACTIVE' : i % 19 === 0 ? 'ARCHIVED' : 'ACTIVE',
        createdAt: new Date(start + Math.floor(random.between(0, 1000)) * 3_600_000),
      });
    }
    await t.database.db.insert(pharmacies).values(seeded);
    // The brute force runs over everything in the table, the pharmacies onboarded above included.
    rows = await t.database.db.select().from(pharmacies);
  });

  const visible = () => listedEntries(rows);
  const byId = (a: Row, b: Row) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const km = (p: Row) =>
    p.latitude == null || p.longitude == null
      ? null
      : haversineKm(MUMBAI.latitude, MUMBAI.longitude, p.latitude, p.longitude);
  const textMatches = (p: Row, query: string) => matchesDirectoryText(p, p.services, query);

  type Listed = { id: string } & Record<string, any>;
  type Found = { pharmacies: Listed[]; pagination: Record<string, number> };
  const search = async (token: string, query: string) => {
    const res = await get(`/api/pharmacies/search?${query}`, token);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await json(res)).data as Found;
  };
  /** Every page of a query, in order. */
  const searchAll = async (token: string, query: string) => {
    const all: Listed[] = [];
    let total: number | undefined;
    for (let page = 1; ; page++) {
      const found = await search(token, `${query}&limit=100&page=${page}`);
      total = found.pagination.total!;
      all.push(...found.pharmacies);
      if (found.pharmacies.length < 100) break;
    }
    expect(all).toHaveLength(total!);
    return all;
  };
  const ids = (list: Array<{ id: string }>) => list.map((p) => p.id);

  it('needs a signed-in caller', async () => {
    expect((await t.request('/api/pharmacies/search')).status).toBe(401);
  });

  it('shows non-admins only verified, active pharmacies; admins see all', async () => {
    const forPatient = await searchAll(patient, 'state=GUJARAT');
    expect(ids(forPatient).sort()).toEqual(ids(visible().filter((p) => p.state === 'GUJARAT')).sort());
    expect(forPatient.every((p) => p.verificationStatus === 'VERIFIED' && p.status === 'ACTIVE')).toBe(true);
    const forAdmin = await searchAll(admin, 'state=GUJARAT');
    expect(ids(forAdmin).sort()).toEqual(ids(rows.filter((p) => p.state === 'GUJARAT')).sort());
    expect(forAdmin.length).toBeGreaterThan(forPatient.length);
  });

  it.each([
    ['monitoring', 'a service word'],
    ['noble', 'a name'],
  ])('matches brute force for a radius, hasHomeDelivery and the text "%s" (%s), sorted by distance', async (text) => {
    const query = `latitude=${MUMBAI.latitude}&longitude=${MUMBAI.longitude}&maxDistanceInKm=45&hasHomeDelivery=true&searchQuery=${text}&sortBy=distance`;
    const found = await searchAll(patient, query);
    const expected = visible()
      .map((p) => ({ p, km: km(p) }))
      .filter(({ p, km }) => km !== null && km <= 45 && p.hasHomeDelivery && textMatches(p, text))
      .sort((a, b) => a.km! - b.km! || byId(a.p, b.p));
    expect(found.length).toBeGreaterThan(0);
    expect(ids(found)).toEqual(expected.map((e) => e.p.id));
    found.forEach((p, i) => expect(p.distanceKm).toBeCloseTo(expected[i]!.km!, 1));
  });

  it('gives a distance to every result that has coordinates, and puts those without last', async () => {
    for (const sortOrder of ['asc', 'desc'] as const) {
      const found = await searchAll(
        patient,
        `latitude=${MUMBAI.latitude}&longitude=${MUMBAI.longitude}&sortBy=distance&sortOrder=${sortOrder}`,
      );
      const sign = sortOrder === 'asc' ? 1 : -1;
      const expected = visible().sort((a, b) => {
        const [x, y] = [km(a), km(b)];
        if (x === null || y === null) return x === y ? byId(a, b) : x === null ? 1 : -1;
        return sign * (x - y) || byId(a, b);
      });
      expect(ids(found)).toEqual(ids(expected));
      found.forEach((p, i) => {
        const distance = km(expected[i]!);
        if (distance === null) expect(p).not.toHaveProperty('distanceKm');
        else expect(p.distanceKm).toBeCloseTo(distance, 1);
      });
      expect(found.some((p) => p.latitude === null)).toBe(true);
    }
    const plain = await search(patient, 'limit=5');
    expect(plain.pharmacies.every((p) => !('distanceKm' in p))).toBe(true);
  });

  it('matches brute force for each filter', async () => {
    const cases: Array<[string, (p: Row) => boolean]> = [
      ['services=VACCINATIONS', (p) => p.services.includes('VACCINATIONS')],
      [
        'services=HOME_DELIVERY,EMERGENCY_MEDICATIONS',
        (p) => p.services.some((s) => ['HOME_DELIVERY', 'EMERGENCY_MEDICATIONS'].includes(s)),
      ],
      [
        'medicationTypes=AYURVEDIC&medicationTypes=HOMEOPATHIC',
        (p) => p.medicationTypes.some((m) => ['AYURVEDIC', 'HOMEOPATHIC'].includes(m)),
      ],
      ['products=BABY_CARE', (p) => p.products.includes('BABY_CARE')],
      ['hasHomeDelivery=false', (p) => !p.hasHomeDelivery],
      ['hasEmergencyService=true', (p) => p.hasEmergencyService],
      ['minRating=4.2', (p) => p.rating >= 4.2],
      ['minRating=0', () => true],
      ['minReviews=250', (p) => p.reviewCount >= 250],
      ['minRating=3.5&minReviews=100', (p) => p.rating >= 3.5 && p.reviewCount >= 100],
      [
        'insurancePartners=star%20health,NIVA%20BUPA',
        (p) => p.insurancePartners.some((i) => ['Star Health', 'Niva Bupa'].includes(i)),
      ],
      ['city=thane', (p) => p.city === 'Thane'],
      ['state=KARNATAKA', (p) => p.state === 'KARNATAKA'],
      ['searchQuery=Surat', (p) => textMatches(p, 'surat')],
      ['searchQuery=sugar%20monitoring', (p) => textMatches(p, 'sugar monitoring')],
      ['searchQuery=LIFELINE', (p) => textMatches(p, 'lifeline')],
      ['searchQuery=100%25', () => false],
    ];
    for (const [query, keep] of cases) {
      const found = await searchAll(patient, query);
      const expected = visible().filter(keep);
      expect(ids(found).sort(), query).toEqual(ids(expected).sort());
      if (!query.includes('%25')) expect(expected.length, query).toBeGreaterThan(0);
    }
  });

  it.each(['name', 'rating', 'reviewCount', 'createdAt'] as const)(
    'sorts by %s both ways, ties in id order',
    async (sortBy) => {
      const key = (p: Row) => (sortBy === 'createdAt' ? p.createdAt.getTime() : p[sortBy]);
      for (const sortOrder of ['asc', 'desc'] as const) {
        const found = await searchAll(patient, `sortBy=${sortBy}&sortOrder=${sortOrder}`);
        const sign = sortOrder === 'asc' ? 1 : -1;
        const expected = visible().sort((a, b) => {
          const [x, y] = [key(a), key(b)];
          return (x < y ? -sign : x > y ? sign : 0) || byId(a, b);
        });
        expect(ids(found), `${sortBy} ${sortOrder}`).toEqual(ids(expected));
      }
    },
  );

  it('pages without gaps or repeats, and answers the boundaries', async () => {
    const expected = ids(visible().sort((a, b) => b.rating - a.rating || byId(a, b)));
    const total = expected.length;
    const totalPages = Math.ceil(total / 25);
    const seen: string[] = [];
    for (let page = 1; page <= totalPages; page++) {
      const found = await search(patient, `sortBy=rating&sortOrder=desc&limit=25&page=${page}`);
      expect(found.pagination).toEqual({ page, limit: 25, total, totalPages });
      expect(found.pharmacies).toHaveLength(page < totalPages ? 25 : total - 25 * (totalPages - 1));
      seen.push(...ids(found.pharmacies));
    }
    expect(seen).toEqual(expected);

    const past = await search(patient, `sortBy=rating&sortOrder=desc&limit=25&page=${totalPages + 1}`);
    expect(past.pharmacies).toEqual([]);
    expect(past.pagination).toEqual({ page: totalPages + 1, limit: 25, total, totalPages });
    const lastOne = await search(patient, `sortBy=rating&sortOrder=desc&limit=1&page=${total}`);
    expect(ids(lastOne.pharmacies)).toEqual([expected[total - 1]]);
    const defaults = await search(patient, '');
    expect(defaults.pagination).toMatchObject({ page: 1, limit: 20, total });
    const nothing = await search(patient, 'searchQuery=zzzz-no-such-pharmacy');
    expect(nothing.pagination).toEqual({ page: 1, limit: 20, total: 0, totalPages: 0 });
  });

  it.each([
    ['latitude=abc&longitude=72', 'query.latitude', /latitude must be a number/],
    ['latitude=95&longitude=72', 'query.latitude', /between -90 and 90/],
    ['latitude=19&longitude=181', 'query.longitude', /between -180 and 180/],
    ['latitude=19', 'query.longitude', /together/],
    ['longitude=72', 'query.latitude', /together/],
    ['maxDistanceInKm=5', 'query.maxDistanceInKm', /needs latitude and longitude/],
    ['latitude=19&longitude=72&maxDistanceInKm=-3', 'query.maxDistanceInKm', /more than 0/],
    ['sortBy=distance', 'query.sortBy', /needs latitude and longitude/],
    ['sortBy=popularity', 'query.sortBy', /sortBy must be one of name, rating, reviewCount, distance, createdAt/],
    ['sortOrder=sideways', 'query.sortOrder', undefined],
    ['services=TELEPORTATION', 'query.services.0', /services/],
    ['services=VACCINATIONS,ASTROLOGY', 'query.services.1', /services/],
    ['medicationTypes=ALLOPATHIC', 'query.medicationTypes.0', /medicationTypes/],
    ['products=FIREWORKS', 'query.products.0', /products/],
    ['hasHomeDelivery=maybe', 'query.hasHomeDelivery', undefined],
    ['hasEmergencyService=2', 'query.hasEmergencyService', undefined],
    ['minRating=6', 'query.minRating', /between 0 and 5/],
    ['minRating=good', 'query.minRating', /minRating must be a number/],
    ['minReviews=-1', 'query.minReviews', /0 or more/],
    ['minReviews=2.5', 'query.minReviews', /whole number/],
    ['minReviews=99999999999', 'query.minReviews', /at most/],
    ['state=DELHI_NCR', 'query.state', /state/],
    ['page=0', 'query.page', /page/],
    ['limit=101', 'query.limit', /at most 100/],
    ['limit=0', 'query.limit', /at least 1/],
  ])('answers %s with 400 naming the parameter', async (query, where, message) => {
    await expectInvalid(await get(`/api/pharmacies/search?${query}`, patient), where, message);
  });
});
