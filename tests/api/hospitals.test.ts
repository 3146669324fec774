import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSPITAL_TYPES, SPECIALIZATIONS } from '../../domain/enums.ts';
import { hospitals } from '../../server/db/schema/index.ts';
import { GENEROUS_LIMITS, startTestApp, type TestApp } from './support/test-app.ts';
import { bearer, newAccount } from './support/accounts.ts';
import { PUNE_ADDRESS, haversineKm, newAdmin, seededRandom, listedEntries } from './support/directory.ts';
import { json, signedRequests } from './support/requests.ts';

let t: TestApp;
let admin: string;
let owner: { token: string; user: { id: string } };
let rival: { token: string; user: { id: string } };
let patient: string;
let hospitalId: string;

const onboardBody = {
  name: 'Sahyadri Care Hospital',
  registrationNumber: 'MH-PUNE-2011-0042',
  hospitalType: 'PRIVATE',
  specialties: ['CARDIOLOGY', 'NEUROLOGY'],
  emergencyServices: true,
  icuAvailability: true,
  insurancePartners: ['Star Health'],
  phone: '+91 98220 12345',
  address: PUNE_ADDRESS,
  latitude: 18.5167,
  longitude: 73.8411,
};

const { post, patch } = signedRequests(() => t);

beforeAll(async () => {
  t = await startTestApp({ rateLimits: GENEROUS_LIMITS });
  admin = await newAdmin(t, 'hospital.admin@example.in');
  owner = await newAccount(t, 'desk@sahyadri.example.in', 'HOSPITAL');
  rival = await newAccount(t, 'desk@rival.example.in', 'HOSPITAL');
  patient = (await newAccount(t, 'patient.h@example.in', 'PATIENT')).token;
});
afterAll(() => t?.close());

describe('POST /api/hospitals/onboard', () => {
  it('is for hospital accounts only', async () => {
    const res = await post('/api/hospitals/onboard', patient, onboardBody);
    expect(res.status).toBe(403);
  });

  it.each([
    ['a bad pincode', { address: { ...PUNE_ADDRESS, pincode: '41100' } }, 'body.address.pincode'],
    ['a union territory or unknown state', { address: { ...PUNE_ADDRESS, state: 'GOTHAM' } }, 'body.address.state'],
    ['a bad phone', { phone: '12345' }, 'body.phone'],
    ['no registration number', { registrationNumber: undefined }, 'body.registrationNumber'],
    ['an unknown hospital type', { hospitalType: 'SPACESHIP' }, 'body.hospitalType'],
    ['an unknown specialty', { specialties: ['ASTROLOGY'] }, 'body.specialties.0'],
  ])('refuses %s with 400 naming the field', async (_case, change, path) => {
    const res = await post('/api/hospitals/onboard', owner.token, { ...onboardBody, ...change });
    expect(res.status).toBe(400);
    expect((await json(res)).details.issues.map((i: { path: string }) => i.path)).toContain(path);
  });

  it('takes a union territory as the state, and finds the hospital by it', async () => {
    const delhi = await newAccount(t, 'desk@yamuna.example.in', 'HOSPITAL');
    const res = await post('/api/hospitals/onboard', delhi.token, {
      ...onboardBody,
      name: 'Yamuna Care Hospital',
      registrationNumber: 'DL-CEA-2021-0456',
      address: { ...PUNE_ADDRESS, city: 'New Delhi', state: 'DELHI', pincode: '110024' },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await json(res)).data).toMatchObject({ state: 'DELHI', city: 'New Delhi' });
    const found = await t.request('/api/hospitals/search?state=DELHI', { headers: bearer(admin) });
    expect((await json(found)).data.hospitals.map((h: { name: string }) => h.name)).toEqual(['Yamuna Care Hospital']);
    const gotham = await post('/api/hospitals/onboard', delhi.token, {
      ...onboardBody,
      address: { ...PUNE_ADDRESS, state: 'GOTHAM' },
    });
    expect(gotham.status).toBe(400);
  });

  it('creates the hospital, links it to the account and normalises the phone', async () => {
    const res = await post('/api/hospitals/onboard', owner.token, onboardBody);
    expect(res.status).toBe(201);
    const { data } = await json(res);
    hospitalId = data.id;
    expect(data).toMatchObject({
      name: 'Sahyadri Care Hospital',
      phone: '9822012345',
      city: 'Pune',
      state: 'MAHARASHTRA',
      verificationStatus: 'PENDING',
      status: 'ACTIVE',
      departments: [],
      emergencyContacts: [],
    });
    const me = await json(await t.request('/api/users/user-details', { headers: bearer(owner.token) }));
    expect(me.data.referenceId).toBe(hospitalId);
  });

  it('refuses a second onboarding with 409', async () => {
    const res = await post('/api/hospitals/onboard', owner.token, { ...onboardBody, name: 'Second' });
    expect(res.status).toBe(409);
  });

  it('answers /me for the owner and 404 for a hospital account without one', async () => {
    const mine = await t.request('/api/hospitals/me', { headers: bearer(owner.token) });
    expect(mine.status).toBe(200);
    expect((await json(mine)).data.id).toBe(hospitalId);
    expect((await t.request('/api/hospitals/me', { headers: bearer(rival.token) })).status).toBe(404);
  });
});

describe('changing a hospital', () => {
  let rivalHospitalId: string;
  beforeAll(async () => {
    const res = await post('/api/hospitals/onboard', rival.token, { ...onboardBody, name: 'Rival Hospital' });
    rivalHospitalId = (await json(res)).data.id;
  });

  it('lets the owner and an admin change it', async () => {
    const byOwner = await patch(`/api/hospitals/${hospitalId}`, owner.token, {
      totalBeds: 220,
      ambulanceService: true,
    });
    expect(byOwner.status).toBe(200);
    // What the change does not mention stays as it was.
    expect((await json(byOwner)).data).toMatchObject({
      totalBeds: 220,
      ambulanceService: true,
      emergencyServices: true,
      specialties: ['CARDIOLOGY', 'NEUROLOGY'],
      insurancePartners: ['Star Health'],
    });
    const byAdmin = await patch(`/api/hospitals/${hospitalId}`, admin, {
      description: 'Multi-specialty care in Deccan.',
    });
    expect(byAdmin.status).toBe(200);
  });

  it('answers 404 to another hospital, and 403 to other roles', async () => {
    const res = await patch(`/api/hospitals/${hospitalId}`, rival.token, { name: 'Hijacked' });
    expect(res.status).toBe(404);
    expect((await patch(`/api/hospitals/${hospitalId}`, patient, { name: 'Hijacked' })).status).toBe(403);
    const mine = await json(await t.request('/api/hospitals/me', { headers: bearer(owner.token) }));
    expect(mine.data.name).toBe('Sahyadri Care Hospital');
  });

  it('refuses an empty change and a malformed id', async () => {
    expect((await patch(`/api/hospitals/${hospitalId}`, owner.token, {})).status).toBe(400);
    expect((await patch('/api/hospitals/not-an-id', owner.token, { totalBeds: 1 })).status).toBe(400);
  });

  it('manages departments, only within its own hospital', async () => {
    const added = await post(`/api/hospitals/${hospitalId}/departments`, owner.token, {
      name: 'Cardiology',
      floor: '3',
    });
    expect(added.status).toBe(201);
    const department = (await json(added)).data;
    const changed = await t.request(`/api/hospitals/${hospitalId}/departments/${department.id}`, {
      method: 'PUT',
      json: { name: 'Cardiology & CTVS', headOfDepartment: 'Dr Nair' },
      headers: bearer(owner.token),
    });
    expect((await json(changed)).data).toMatchObject({ name: 'Cardiology & CTVS', headOfDepartment: 'Dr Nair' });

    // The rival reaches neither through our path nor through its own.
    expect((await post(`/api/hospitals/${hospitalId}/departments`, rival.token, { name: 'Spy ward' })).status).toBe(
      404,
    );
    const viaOwnPath = await t.request(`/api/hospitals/${rivalHospitalId}/departments/${department.id}`, {
      method: 'DELETE',
      headers: bearer(rival.token),
    });
    expect(viaOwnPath.status).toBe(404);

    const profile = await json(await t.request('/api/hospitals/me', { headers: bearer(owner.token) }));
    expect(profile.data.departments.map((d: { name: string }) => d.name)).toEqual(['Cardiology & CTVS']);
    const gone = await t.request(`/api/hospitals/${hospitalId}/departments/${department.id}`, {
      method: 'DELETE',
      headers: bearer(owner.token),
    });
    expect(gone.status).toBe(200);
  });

  it('manages emergency contacts with validated phones', async () => {
    const bad = await post(`/api/hospitals/${hospitalId}/emergency-contacts`, owner.token, {
      name: 'Casualty',
      phone: '555',
    });
    expect(bad.status).toBe(400);
    const added = await post(`/api/hospitals/${hospitalId}/emergency-contacts`, owner.token, {
      name: 'Casualty desk',
      phone: '98225 30000',
      available24x7: true,
    });
    expect(added.status).toBe(201);
    const contact = (await json(added)).data;
    const changed = await patch(`/api/hospitals/${hospitalId}/emergency-contacts/${contact.id}`, owner.token, {
      designation: 'CMO',
    });
    expect((await json(changed)).data.designation).toBe('CMO');
    expect(
      (
        await patch(`/api/hospitals/${rivalHospitalId}/emergency-contacts/${contact.id}`, rival.token, {
          designation: 'x',
        })
      ).status,
    ).toBe(404);
  });
});

describe('GET /api/hospitals/search', () => {
  const CENTRE = { latitude: 19.076, longitude: 72.8777 }; // Mumbai
  type Seeded = typeof hospitals.$inferInsert & { latitude: number; longitude: number };
  const seeded: Seeded[] = [];

  beforeAll(async () => {
    const random = seededRandom(42);
    const cities = [
      ['Mumbai', 'MAHARASHTRA', 19.076, 72.8777],
      ['Thane', 'MAHARASHTRA', 19.2183, 72.9781],
      ['Pune', 'MAHARASHTRA', 18.5204, 73.8567],
      ['Surat', 'GUJARAT', 21.1702, 72.8311],
      ['Bengaluru', 'KARNATAKA', 12.9716, 77.5946],
    ] as const;
    for (let i = 0; i < 150; i++) {
      const [city, state, lat, lon] = random.pick(cities);
      seeded.push({
        name: `${random.pick(['Apollo', 'Lotus', 'Sanjeevani', 'Care', 'Jeevan', 'Ruby'])} Hospital ${i}`,
        registrationNumber: `REG-${i}`,
        hospitalType: random.pick(HOSPITAL_TYPES),
        specialties: random.some(SPECIALIZATIONS, 4),
        emergencyServices: random.next() < 0.5,
        icuAvailability: random.next() < 0.5,
        ambulanceService: random.next() < 0.5,
        insurancePartners: random.some(['Star Health', 'HDFC Ergo', 'ICICI Lombard', 'Niva Bupa'], 2),
        totalBeds: Math.floor(random.between(10, 800)),
        rating: Math.round(random.between(30, 50)) / 10,
        address: { ...PUNE_ADDRESS, city, state },
        city,
        state,
        pincode: '400001',
        latitude: lat + random.between(-0.3, 0.3),
        longitude: lon + random.between(-0.3, 0.3),
        verificationStatus: i % 10 === 0 ? 'PENDING' : 'VERIFIED',
        status: i % 17 === 0 ? 'INACTIVE' : 'ACTIVE',
      });
    }
    await t.database.db.insert(hospitals).values(seeded);
  });

  const visible = () => listedEntries(seeded);
  const search = async (token: string, query: string) => {
    const res = await t.request(`/api/hospitals/search?${query}`, { headers: bearer(token) });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await json(res)).data as { hospitals: Array<Record<string, any>>; pagination: Record<string, number> };
  };

  it('needs a signed-in caller', async () => {
    expect((await t.request('/api/hospitals/search')).status).toBe(401);
  });

  it('shows non-admins only verified, active hospitals; admins see all with their status', async () => {
    const forPatient = await search(patient, 'limit=100&state=GUJARAT');
    const expected = visible().filter((h) => h.state === 'GUJARAT');
    expect(forPatient.pagination.total).toBe(expected.length);
    expect(forPatient.hospitals.every((h) => h.verificationStatus === 'VERIFIED' && h.status === 'ACTIVE')).toBe(true);
    const forAdmin = await search(admin, 'limit=100&state=GUJARAT');
    expect(forAdmin.pagination.total).toBe(seeded.filter((h) => h.state === 'GUJARAT').length);
  });

  it('matches a brute-force filter for a radius, two filters and a text query, sorted by distance', async () => {
    const query = `latitude=${CENTRE.latitude}&longitude=${CENTRE.longitude}&maxDistanceInKm=40&emergencyServices=true&specialties=CARDIOLOGY,NEUROLOGY,MEDICAL_ONCOLOGY&searchQuery=hospital&sortBy=distance&limit=100`;
    const { hospitals: found, pagination } = await search(patient, query);
    const expected = visible()
      .map((h) => ({ h, km: haversineKm(CENTRE.latitude, CENTRE.longitude, h.latitude, h.longitude) }))
      .filter(
        ({ h, km }) =>
          km <= 40 &&
          h.emergencyServices &&
          h.specialties!.some((s) => ['CARDIOLOGY', 'NEUROLOGY', 'MEDICAL_ONCOLOGY'].includes(s)),
      )
      .sort((a, b) => a.km - b.km);
    expect(pagination.total).toBe(expected.length);
    expect(found.map((h) => h.name)).toEqual(expected.map((e) => e.h.name));
    found.forEach((h, i) => expect(h.distanceKm).toBeCloseTo(expected[i]!.km, 1));
    expect(found.length).toBeGreaterThan(0);
  });

  it('matches brute force for each filter', async () => {
    const cases: Array<[string, (h: Seeded) => boolean]> = [
      ['hospitalType=PRIVATE', (h) => h.hospitalType === 'PRIVATE'],
      ['icuAvailability=false', (h) => !h.icuAvailability],
      ['ambulanceService=true', (h) => Boolean(h.ambulanceService)],
      ['insurancePartners=star%20health', (h) => h.insurancePartners!.includes('Star Health')],
      ['city=pune', (h) => h.city === 'Pune'],
      ['searchQuery=RUBY', (h) => h.name.includes('Ruby')],
    ];
    for (const [query, keep] of cases) {
      const { pagination } = await search(patient, `${query}&limit=1`);
      expect(pagination.total, query).toBe(visible().filter(keep).length);
    }
  });

  it('sorts by rating descending with a stable order across pages', async () => {
    const all = visible().sort((a, b) => Number(b.rating) - Number(a.rating));
    const pages: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const { hospitals: found, pagination } = await search(
        patient,
        `sortBy=rating&sortOrder=desc&limit=25&page=${page}`,
      );
      expect(pagination).toEqual({ page, limit: 25, total: all.length, totalPages: Math.ceil(all.length / 25) });
      pages.push(...found.map((h) => h.name));
    }
    expect(new Set(pages).size).toBe(pages.length);
    const ratings = pages.map((name) => Number(all.find((h) => h.name === name)!.rating));
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
  });

  it('answers a page past the end with no rows and the right total', async () => {
    const { hospitals: found, pagination } = await search(patient, 'page=999&limit=10');
    expect(found).toEqual([]);
    expect(pagination.total).toBe(visible().length + 0);
  });

  it.each([
    ['latitude=200&longitude=10', 'query.latitude'],
    ['latitude=19', 'query.longitude'],
    ['maxDistanceInKm=5', 'query.maxDistanceInKm'],
    ['sortBy=distance', 'query.sortBy'],
    ['sortBy=popularity', 'query.sortBy'],
    ['hospitalType=SPACESHIP', 'query.hospitalType'],
    ['specialties=ASTROLOGY', 'query.specialties.0'],
    ['limit=500', 'query.limit'],
    ['state=DELHI_NCR', 'query.state'],
  ])('answers %s with 400 naming the parameter', async (query, path) => {
    const res = await t.request(`/api/hospitals/search?${query}`, { headers: bearer(patient) });
    expect(res.status).toBe(400);
    expect((await json(res)).details.issues.map((i: { path: string }) => i.path)).toContain(path);
  });
});
