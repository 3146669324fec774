import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCREDITATIONS,
  DIAGNOSTIC_TEST_TYPES,
  DIAGNOSTICS_FACILITY_TYPES,
  EQUIPMENT_KINDS,
} from '../../domain/enums.ts';
import { diagnosticsCentres } from '../../server/db/schema/index.ts';
import { GENEROUS_LIMITS, startTestApp, type TestApp } from './support/test-app.ts';
import { newAccount } from './support/accounts.ts';
import {
  PUNE_ADDRESS,
  haversineKm,
  newAdmin,
  seededRandom,
  expectExactNamePaging,
  listedEntries,
  byName,
  matchesDirectoryText,
} from './support/directory.ts';
import { issuePaths, json, signedRequests } from './support/requests.ts';

let t: TestApp;
let admin: string;
let owner: { token: string; user: { id: string } };
let rival: { token: string; user: { id: string } };
let patient: string;
let centreId: string;
let rivalCentreId: string;

const onboardBody = {
  name: 'Deccan Diagnostics',
  licenseNumber: 'MH-CEA-PUNE-2019-0117',
  facilityType: 'MULTISPECIALTY_DIAGNOSTICS',
  testsAvailable: ['CBC', 'LIPID_PROFILE', 'MRI', 'X_RAY'],
  equipmentAvailable: ['MRI_MACHINE', 'X_RAY_MACHINE', 'BLOOD_ANALYZER'],
  accreditations: ['NABL'],
  hasHomeCollection: true,
  insuranceAccepted: ['Star Health'],
  phone: '+91 98220 55555',
  address: PUNE_ADDRESS,
  latitude: 18.5167,
  longitude: 73.8411,
};

const { get, post, patch } = signedRequests(() => t);

beforeAll(async () => {
  t = await startTestApp({ rateLimits: GENEROUS_LIMITS });
  admin = await newAdmin(t, 'diagnostics.admin@example.in');
  owner = await newAccount(t, 'desk@deccan-diagnostics.example.in', 'DIAGNOSTICS');
  rival = await newAccount(t, 'desk@rival-lab.example.in', 'DIAGNOSTICS');
  patient = (await newAccount(t, 'patient.d@example.in', 'PATIENT')).token;
});
afterAll(() => t?.close());

describe('POST /api/diagnostics/onboard', () => {
  it('needs a signed-in diagnostics account', async () => {
    expect((await t.request('/api/diagnostics/onboard', { method: 'POST', json: onboardBody })).status).toBe(401);
    expect((await post('/api/diagnostics/onboard', patient, onboardBody)).status).toBe(403);
    expect((await post('/api/diagnostics/onboard', admin, onboardBody)).status).toBe(403);
  });

  it.each([
    ['no licence number', { licenseNumber: undefined }, 'body.licenseNumber'],
    ['a too-short name', { name: 'D' }, 'body.name'],
    ['an unknown facility type', { facilityType: 'SPACESHIP' }, 'body.facilityType'],
    ['an unknown test', { testsAvailable: ['CBC', 'ASTROLOGY'] }, 'body.testsAvailable.1'],
    ['unknown equipment', { equipmentAvailable: ['TRICORDER'] }, 'body.equipmentAvailable.0'],
    ['an unknown accreditation', { accreditations: ['ACME'] }, 'body.accreditations.0'],
    ['a non-boolean flag', { hasEmergencyService: 'yes' }, 'body.hasEmergencyService'],
    ['a bad phone', { phone: '12345' }, 'body.phone'],
    ['a bad email', { email: 'lab@' }, 'body.email'],
    ['a bad pincode', { address: { ...PUNE_ADDRESS, pincode: '011004' } }, 'body.address.pincode'],
    ['a latitude off the globe', { latitude: 95 }, 'body.latitude'],
  ])('refuses %s with 400 naming the field', async (_case, change, path) => {
    const res = await post('/api/diagnostics/onboard', owner.token, { ...onboardBody, ...change });
    expect(res.status).toBe(400);
    expect(await issuePaths(res)).toContain(path);
  });

  it('creates the centre, links it to the account and fills defaults', async () => {
    const res = await post('/api/diagnostics/onboard', owner.token, onboardBody);
    expect(res.status).toBe(201);
    const { data } = await json(res);
    centreId = data.id;
    expect(data).toMatchObject({
      name: 'Deccan Diagnostics',
      licenseNumber: 'MH-CEA-PUNE-2019-0117',
      phone: '9822055555',
      city: 'Pune',
      state: 'MAHARASHTRA',
      hasHomeCollection: true,
      hasEmergencyService: false,
      testsAvailable: ['CBC', 'LIPID_PROFILE', 'MRI', 'X_RAY'],
      resultsTurnaround: {},
      staffing: {},
      verificationStatus: 'PENDING',
      status: 'ACTIVE',
    });
    const me = await json(await get('/api/users/user-details', owner.token));
    expect(me.data.referenceId).toBe(centreId);
  });

  it('refuses a second onboarding with 409 and leaves the first as it was', async () => {
    const res = await post('/api/diagnostics/onboard', owner.token, { ...onboardBody, name: 'Second Lab' });
    expect(res.status).toBe(409);
    expect((await json(await get('/api/diagnostics/me', owner.token))).data.name).toBe('Deccan Diagnostics');
  });
});

describe('GET /api/diagnostics/me and /api/diagnostics/{diagnosticsId}', () => {
  it('answers /me for the owner, 404 before onboarding and 403 for other roles', async () => {
    const mine = await get('/api/diagnostics/me', owner.token);
    expect(mine.status).toBe(200);
    expect((await json(mine)).data.id).toBe(centreId);
    expect((await get('/api/diagnostics/me', rival.token)).status).toBe(404);
    expect((await get('/api/diagnostics/me', patient)).status).toBe(403);
  });

  it('shows an unverified centre only to its owner and admins', async () => {
    expect((await get(`/api/diagnostics/${centreId}`, owner.token)).status).toBe(200);
    expect((await get(`/api/diagnostics/${centreId}`, admin)).status).toBe(200);
    expect((await get(`/api/diagnostics/${centreId}`, patient)).status).toBe(404);
    expect((await get(`/api/diagnostics/${centreId}`, rival.token)).status).toBe(404);
  });

  it('shows a verified, active centre to anyone signed in', async () => {
    await t.database.db
      .update(diagnosticsCentres)
      .set({ verificationStatus: 'VERIFIED' })
      .where(eq(diagnosticsCentres.id, centreId));
    const res = await get(`/api/diagnostics/${centreId}`, patient);
    expect(res.status).toBe(200);
    expect((await json(res)).data.name).toBe('Deccan Diagnostics');
    expect((await t.request(`/api/diagnostics/${centreId}`)).status).toBe(401);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const bad = await get('/api/diagnostics/not-an-id', patient);
    expect(bad.status).toBe(400);
    expect(await issuePaths(bad)).toContain('params.diagnosticsId');
    expect((await get('/api/diagnostics/00000000-0000-4000-8000-000000000000', admin)).status).toBe(404);
  });
});

describe('changing a diagnostics centre', () => {
  beforeAll(async () => {
    const res = await post('/api/diagnostics/onboard', rival.token, {
      ...onboardBody,
      name: 'Rival Pathology Lab',
      facilityType: 'BLOOD_LAB',
    });
    rivalCentreId = (await json(res)).data.id;
  });

  it('lets the owner change some fields and keeps the rest', async () => {
    const res = await patch(`/api/diagnostics/${centreId}`, owner.token, {
      hasEmergencyService: true,
      accreditations: ['NABL', 'ISO'],
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({
      hasEmergencyService: true,
      accreditations: ['NABL', 'ISO'],
      hasHomeCollection: true,
      testsAvailable: ['CBC', 'LIPID_PROFILE', 'MRI', 'X_RAY'],
      insuranceAccepted: ['Star Health'],
      facilityType: 'MULTISPECIALTY_DIAGNOSTICS',
    });
  });

  it('lets an admin change any centre', async () => {
    const res = await patch(`/api/diagnostics/${rivalCentreId}`, admin, { description: 'Blood tests near FC Road.' });
    expect(res.status).toBe(200);
    expect((await json(res)).data.description).toBe('Blood tests near FC Road.');
  });

  it('answers 404 to another centre and 403 to other roles, changing nothing', async () => {
    expect((await patch(`/api/diagnostics/${centreId}`, rival.token, { name: 'Hijacked' })).status).toBe(404);
    expect((await patch(`/api/diagnostics/${centreId}`, patient, { name: 'Hijacked' })).status).toBe(403);
    expect((await json(await get('/api/diagnostics/me', owner.token))).data.name).toBe('Deccan Diagnostics');
  });

  it.each([
    ['an empty change', {}, 'body'],
    ['an unknown facility type', { facilityType: 'SPACESHIP' }, 'body.facilityType'],
    ['an unknown test', { testsAvailable: ['ASTROLOGY'] }, 'body.testsAvailable.0'],
    ['a bad phone', { phone: '0000' }, 'body.phone'],
    ['a licence number that is too short', { licenseNumber: 'X' }, 'body.licenseNumber'],
  ])('refuses %s with 400 naming the field', async (_case, body, path) => {
    const res = await patch(`/api/diagnostics/${centreId}`, owner.token, body);
    expect(res.status).toBe(400);
    expect(await issuePaths(res)).toContain(path);
  });

  it('refuses a malformed id', async () => {
    const res = await patch('/api/diagnostics/not-an-id', owner.token, { name: 'New name' });
    expect(res.status).toBe(400);
    expect(await issuePaths(res)).toContain('params.diagnosticsId');
  });
});

describe('PATCH /api/diagnostics/{diagnosticsId}/results-turnaround', () => {
  const path = () => `/api/diagnostics/${centreId}/results-turnaround`;

  it('replaces the whole map for the owner', async () => {
    const first = await patch(path(), owner.token, { CBC: 6, MRI: 48 });
    expect(first.status).toBe(200);
    expect((await json(first)).data.resultsTurnaround).toEqual({ CBC: 6, MRI: 48 });
    const second = await patch(path(), owner.token, { LIPID_PROFILE: 12 });
    expect((await json(second)).data.resultsTurnaround).toEqual({ LIPID_PROFILE: 12 });
    const cleared = await patch(path(), owner.token, {});
    expect((await json(cleared)).data.resultsTurnaround).toEqual({});
  });

  it.each([
    ['an unknown test type', { CBC: 6, SPACESHIP: 3 }, 'body.SPACESHIP'],
    ['zero hours', { CBC: 0 }, 'body.CBC'],
    ['more than 720 hours', { MRI: 721 }, 'body.MRI'],
    ['fractional hours', { MRI: 2.5 }, 'body.MRI'],
    ['hours as text', { MRI: '24' }, 'body.MRI'],
    ['a test the centre does not offer', { ECG: 2 }, 'body.ECG'],
  ])('refuses %s with 400 naming the test', async (_case, body, name) => {
    const res = await patch(path(), owner.token, body);
    expect(res.status).toBe(400);
    expect(await issuePaths(res)).toContain(name);
  });

  it('refuses a list instead of a map', async () => {
    expect((await patch(path(), owner.token, [{ CBC: 6 }])).status).toBe(400);
  });

  it('accepts the 1 and 720 hour bounds', async () => {
    const res = await patch(path(), owner.token, { CBC: 1, MRI: 720 });
    expect((await json(res)).data.resultsTurnaround).toEqual({ CBC: 1, MRI: 720 });
  });

  it('drops the turnaround of a test the centre stops offering', async () => {
    const res = await patch(`/api/diagnostics/${centreId}`, owner.token, {
      testsAvailable: ['CBC', 'LIPID_PROFILE', 'X_RAY'],
    });
    expect((await json(res)).data.resultsTurnaround).toEqual({ CBC: 1 });
  });

  it('answers 404 to another centre, 403 to other roles, and lets an admin set it', async () => {
    expect((await patch(path(), rival.token, { CBC: 2 })).status).toBe(404);
    expect((await patch(path(), patient, { CBC: 2 })).status).toBe(403);
    expect((await json(await get('/api/diagnostics/me', owner.token))).data.resultsTurnaround).toEqual({ CBC: 1 });
    const byAdmin = await patch(path(), admin, { CBC: 4 });
    expect(byAdmin.status).toBe(200);
    expect((await json(byAdmin)).data.resultsTurnaround).toEqual({ CBC: 4 });
  });
});

describe('PATCH /api/diagnostics/{diagnosticsId}/staffing-expertise', () => {
  const path = () => `/api/diagnostics/${centreId}/staffing-expertise`;

  it('sets counts and expertise, keeping what a later change leaves out', async () => {
    const first = await patch(path(), owner.token, {
      pathologists: 3,
      radiologists: 2,
      expertise: ['Neuro-imaging', 'Histopathology', 'Neuro-imaging'],
    });
    expect(first.status).toBe(200);
    expect((await json(first)).data.staffing).toEqual({
      pathologists: 3,
      radiologists: 2,
      expertise: ['Neuro-imaging', 'Histopathology'],
    });
    const second = await patch(path(), owner.token, { technicians: 12, radiologists: 0 });
    expect((await json(second)).data.staffing).toEqual({
      pathologists: 3,
      radiologists: 0,
      technicians: 12,
      expertise: ['Neuro-imaging', 'Histopathology'],
    });
  });

  it.each([
    ['an empty change', {}, 'body'],
    ['a negative count', { pathologists: -1 }, 'body.pathologists'],
    ['a count over 500', { technicians: 501 }, 'body.technicians'],
    ['a fractional count', { radiologists: 1.5 }, 'body.radiologists'],
    ['an empty area of expertise', { expertise: ['Cytology', ' '] }, 'body.expertise.1'],
    ['expertise as text', { expertise: 'Cytology' }, 'body.expertise'],
  ])('refuses %s with 400 naming the field', async (_case, body, name) => {
    const res = await patch(path(), owner.token, body);
    expect(res.status).toBe(400);
    expect(await issuePaths(res)).toContain(name);
  });

  it('answers 404 to another centre and 403 to other roles', async () => {
    expect((await patch(path(), rival.token, { pathologists: 99 })).status).toBe(404);
    expect((await patch(path(), patient, { pathologists: 99 })).status).toBe(403);
    expect(
      (await patch(`/api/diagnostics/${rivalCentreId}/staffing-expertise`, owner.token, { pathologists: 9 })).status,
    ).toBe(404);
    expect((await json(await get('/api/diagnostics/me', owner.token))).data.staffing.pathologists).toBe(3);
  });
});

describe('GET /api/diagnostics/search', () => {
  const CENTRE = { latitude: 19.076, longitude: 72.8777 }; // Mumbai
  type Seeded = typeof diagnosticsCentres.$inferInsert & {
    name: string;
    city: string;
    latitude: number;
    longitude: number;
    rating: number;
    testsAvailable: string[];
    equipmentAvailable: string[];
    accreditations: string[];
    insuranceAccepted: string[];
  };
  const seeded: Seeded[] = [];

  beforeAll(async () => {
    const random = seededRandom(7);
    const cities = [
      ['Mumbai', 'MAHARASHTRA', 19.076, 72.8777],
      ['Thane', 'MAHARASHTRA', 19.2183, 72.9781],
      ['Pune', 'MAHARASHTRA', 18.5204, 73.8567],
      ['Surat', 'GUJARAT', 21.1702, 72.8311],
      ['Bengaluru', 'KARNATAKA', 12.9716, 77.5946],
    ] as const;
    // Brands with distinct first letters, so name order is the same under any collation.
    const brands = ['Thyrocare', 'Metropolis', 'Suburban', 'Vijaya', 'Healthians', 'Redcliffe'];
    for (let i = 0; i < 150; i++) {
      const [city, state, lat, lon] = random.pick(cities);
      seeded.push({
        name: `${random.pick(brands)} Lab ${String(i).padStart(3, '0')}`,
        licenseNumber: `LIC-${i}`,
        facilityType: random.pick(DIAGNOSTICS_FACILITY_TYPES),
        testsAvailable: random.some(DIAGNOSTIC_TEST_TYPES, 6),
        equipmentAvailable: random.some(EQUIPMENT_KINDS, 4),
        accreditations: random.some(ACCREDITATIONS, 2),
        hasHomeCollection: random.next() < 0.5,
        hasEmergencyService: random.next() < 0.4,
        insuranceAccepted: random.some(['Star Health', 'HDFC Ergo', 'ICICI Lombard', 'Niva Bupa'], 2),
        rating: Math.round(random.between(30, 50)) / 10,
        address: { ...PUNE_ADDRESS, city, state },
        city,
        state,
        pincode: '400001',
        latitude: lat + random.between(-0.3, 0.3),
        longitude: lon + random.between(-0.3, 0.3),
        verificationStatus: i % 10 === 0 ? 'PENDING' : i % 23 === 0 ? 'REJECTED' : 'VERIFIED',
        status: i % 17 === 0 ? 'SUSPENDED' : 'ACTIVE',
      });
    }
    await t.database.db.insert(diagnosticsCentres).values(seeded);
    // The two onboarded centres: the owner's is verified now, the rival's is not.
    const ownerCentre = await json(await get('/api/diagnostics/me', owner.token));
    seeded.push({ ...ownerCentre.data, rating: 0 });
    const rivalCentre = await json(await get('/api/diagnostics/me', rival.token));
    seeded.push({ ...rivalCentre.data, rating: 0 });
  });

  const visible = () => listedEntries(seeded);
  const textMatches = (c: Seeded, query: string) => matchesDirectoryText(c, c.testsAvailable, query);
  const search = async (token: string, query: string) => {
    const res = await get(`/api/diagnostics/search?${query}`, token);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await json(res)).data as {
      diagnosticsCentres: Array<Record<string, any>>;
      pagination: Record<string, number>;
    };
  };

  it('needs a signed-in caller', async () => {
    expect((await t.request('/api/diagnostics/search')).status).toBe(401);
  });

  it('shows non-admins only verified, active centres; admins see all', async () => {
    const forPatient = await search(patient, 'limit=100&state=MAHARASHTRA');
    const expected = visible().filter((c) => c.state === 'MAHARASHTRA');
    expect(forPatient.pagination.total).toBe(expected.length);
    expect(
      forPatient.diagnosticsCentres.every((c) => c.verificationStatus === 'VERIFIED' && c.status === 'ACTIVE'),
    ).toBe(true);
    const forAdmin = await search(admin, 'limit=100&state=MAHARASHTRA');
    expect(forAdmin.pagination.total).toBe(seeded.filter((c) => c.state === 'MAHARASHTRA').length);
    const forRival = await search(rival.token, `limit=100&searchQuery=rival`);
    expect(forRival.pagination.total).toBe(0);
  });

  it('matches a brute-force filter for a radius, two filters and a text query, sorted by distance', async () => {
    const tests = ['CBC', 'MRI', 'LIPID_PROFILE', 'TFT', 'ECG', 'HBA1C'];
    const query = `latitude=${CENTRE.latitude}&longitude=${CENTRE.longitude}&maxDistanceInKm=45&hasHomeCollection=true&testsAvailable=${tests.join(',')}&searchQuery=lab&sortBy=distance&limit=100`;
    const { diagnosticsCentres: found, pagination } = await search(patient, query);
    const expected = visible()
      .map((c) => ({ c, km: haversineKm(CENTRE.latitude, CENTRE.longitude, c.latitude, c.longitude) }))
      .filter(
        ({ c, km }) =>
          km <= 45 && c.hasHomeCollection && c.testsAvailable.some((x) => tests.includes(x)) && textMatches(c, 'lab'),
      )
      .sort((a, b) => a.km - b.km);
    expect(found.length).toBeGreaterThan(3);
    expect(pagination.total).toBe(expected.length);
    expect(found.map((c) => c.name)).toEqual(expected.map((e) => e.c.name));
    found.forEach((c, i) => expect(c.distanceKm).toBeCloseTo(expected[i]!.km, 1));
  });

  it('matches brute force for each filter', async () => {
    const cases: Array<[string, (c: Seeded) => boolean]> = [
      ['facilityType=IMAGING_CENTER', (c) => c.facilityType === 'IMAGING_CENTER'],
      [
        'testsAvailable=MRI&testsAvailable=CT_SCAN',
        (c) => c.testsAvailable.some((x) => ['MRI', 'CT_SCAN'].includes(x)),
      ],
      [
        'equipmentAvailable=PET_SCANNER,MRI_MACHINE',
        (c) => c.equipmentAvailable.some((x) => ['PET_SCANNER', 'MRI_MACHINE'].includes(x)),
      ],
      ['accreditations=NABL', (c) => c.accreditations.includes('NABL')],
      ['accreditations=CAP,JCI', (c) => c.accreditations.some((x) => ['CAP', 'JCI'].includes(x))],
      ['hasHomeCollection=false', (c) => !c.hasHomeCollection],
      ['hasEmergencyService=true', (c) => Boolean(c.hasEmergencyService)],
      [
        'insuranceAccepted=niva%20bupa,hdfc%20ergo',
        (c) => c.insuranceAccepted.some((x) => ['Niva Bupa', 'HDFC Ergo'].includes(x)),
      ],
      ['city=thane', (c) => c.city === 'Thane'],
      ['state=KARNATAKA', (c) => c.state === 'KARNATAKA'],
      ['searchQuery=METROPOLIS', (c) => textMatches(c, 'metropolis')],
      ['searchQuery=surat', (c) => textMatches(c, 'surat')],
      ['searchQuery=lipid%20profile', (c) => textMatches(c, 'lipid profile')],
      ['searchQuery=mri', (c) => textMatches(c, 'mri')],
    ];
    for (const [query, keep] of cases) {
      const { pagination } = await search(patient, `${query}&limit=1`);
      const expected = visible().filter(keep).length;
      expect(expected, query).toBeGreaterThan(0);
      expect(pagination.total, query).toBe(expected);
    }
  });

  it('pages through a name order exactly, both ways, with the right boundaries', async () => {
    await expectExactNamePaging(
      visible()
        .sort(byName)
        .map((c) => c.name),
      40,
      async (query) => {
        const { diagnosticsCentres: found, pagination } = await search(patient, query);
        return { found, pagination };
      },
    );
  });

  it('sorts by rating descending and createdAt, stable across pages', async () => {
    const names: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const { diagnosticsCentres: found } = await search(patient, `sortBy=rating&sortOrder=desc&limit=30&page=${page}`);
      names.push(...found.map((c) => c.name));
    }
    expect(new Set(names).size).toBe(visible().length);
    const ratings = names.map((name) => Number(seeded.find((c) => c.name === name)!.rating));
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);

    // The onboarded centre was created before the seeded ones.
    const { diagnosticsCentres: oldest } = await search(patient, 'sortBy=createdAt&sortOrder=asc&limit=1');
    expect(oldest[0]!.name).toBe('Deccan Diagnostics');
    const { diagnosticsCentres: last } = await search(
      patient,
      `sortBy=createdAt&sortOrder=desc&limit=1&page=${visible().length}`,
    );
    expect(last[0]!.name).toBe('Deccan Diagnostics');
  });

  it('answers a one-row page and a page past the end with the right totals', async () => {
    const one = await search(patient, 'limit=1&page=1');
    expect(one.diagnosticsCentres).toHaveLength(1);
    expect(one.pagination).toEqual({ page: 1, limit: 1, total: visible().length, totalPages: visible().length });
    const past = await search(patient, 'limit=10&page=999');
    expect(past.diagnosticsCentres).toEqual([]);
    expect(past.pagination.total).toBe(visible().length);
    const none = await search(patient, 'searchQuery=no-such-lab-anywhere');
    expect(none.pagination).toEqual({ page: 1, limit: 20, total: 0, totalPages: 0 });
  });

  it.each([
    ['latitude=200&longitude=10', 'query.latitude'],
    ['latitude=19&longitude=abc', 'query.longitude'],
    ['latitude=19', 'query.longitude'],
    ['longitude=72', 'query.latitude'],
    ['maxDistanceInKm=5', 'query.maxDistanceInKm'],
    ['latitude=19&longitude=72&maxDistanceInKm=-3', 'query.maxDistanceInKm'],
    ['sortBy=distance', 'query.sortBy'],
    ['sortBy=popularity', 'query.sortBy'],
    ['sortOrder=sideways', 'query.sortOrder'],
    ['facilityType=SPACESHIP', 'query.facilityType'],
    ['testsAvailable=CBC,ASTROLOGY', 'query.testsAvailable.1'],
    ['equipmentAvailable=TRICORDER', 'query.equipmentAvailable.0'],
    ['accreditations=ACME', 'query.accreditations.0'],
    ['hasHomeCollection=maybe', 'query.hasHomeCollection'],
    ['limit=500', 'query.limit'],
    ['page=0', 'query.page'],
    ['state=DELHI_NCR', 'query.state'],
  ])('answers %s with 400 naming the parameter', async (query, name) => {
    const res = await get(`/api/diagnostics/search?${query}`, patient);
    expect(res.status).toBe(400);
    expect(await issuePaths(res)).toContain(name);
  });
});
