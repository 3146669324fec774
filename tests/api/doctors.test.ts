import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSULTATION_CHANNELS, GENDERS, LANGUAGES, SPECIALIZATIONS } from '../../domain/enums.ts';
import { doctors } from '../../server/db/schema/index.ts';
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

type Account = { token: string; user: { id: string } };
let t: TestApp;
let admin: string;
let doctor: Account;
let rivalDoctor: Account;
let patient: string;
let hospitalDesk: Account;
let otherHospitalDesk: Account;
let hospitalId: string;
let otherHospitalId: string;
let doctorId: string;
let rivalDoctorId: string;

const onboardBody = {
  name: 'Dr Arjun Rao',
  registrationNumber: 'MMC-2009-045512',
  gender: 'MALE',
  specializations: ['CARDIOLOGY', 'GENERAL_MEDICINE'],
  qualifications: ['MBBS', 'MD (Medicine)', 'DM (Cardiology)'],
  experienceYears: 14,
  consultationFee: 800,
  languagesSpoken: ['ENGLISH', 'HINDI', 'MARATHI'],
  availability: 'OFFLINE',
  telemedicineAvailable: false,
  insuranceAccepted: ['Star Health'],
  phone: '098220 44444',
  address: PUNE_ADDRESS,
  latitude: 18.5167,
  longitude: 73.8411,
};

const hospitalBody = {
  name: 'Sahyadri Care Hospital',
  registrationNumber: 'MH-PUNE-2011-0042',
  hospitalType: 'PRIVATE',
  address: PUNE_ADDRESS,
};

const { get, post, patch } = signedRequests(() => t);
const verify = (id: string) =>
  t.database.db.update(doctors).set({ verificationStatus: 'VERIFIED' }).where(eq(doctors.id, id));

beforeAll(async () => {
  t = await startTestApp({ rateLimits: GENEROUS_LIMITS });
  admin = await newAdmin(t, 'doctors.admin@example.in');
  doctor = await newAccount(t, 'arjun.rao@example.in', 'DOCTOR');
  rivalDoctor = await newAccount(t, 'arjun.rao.thane@example.in', 'DOCTOR');
  patient = (await newAccount(t, 'patient.doc@example.in', 'PATIENT')).token;
  hospitalDesk = await newAccount(t, 'desk@sahyadri-doc.example.in', 'HOSPITAL');
  otherHospitalDesk = await newAccount(t, 'desk@other-doc.example.in', 'HOSPITAL');
  hospitalId = (await json(await post('/api/hospitals/onboard', hospitalDesk.token, hospitalBody))).data.id;
  otherHospitalId = (
    await json(
      await post('/api/hospitals/onboard', otherHospitalDesk.token, { ...hospitalBody, name: 'Other Hospital' }),
    )
  ).data.id;
});
afterAll(() => t?.close());

describe('POST /api/doctors/onboard', () => {
  it('needs a signed-in doctor account', async () => {
    expect((await t.request('/api/doctors/onboard', { method: 'POST', json: onboardBody })).status).toBe(401);
    expect((await post('/api/doctors/onboard', patient, onboardBody)).status).toBe(403);
    expect((await post('/api/doctors/onboard', hospitalDesk.token, onboardBody)).status).toBe(403);
  });

  it.each([
    ['no name', { name: undefined }, 'body.name'],
    ['no registration number', { registrationNumber: undefined }, 'body.registrationNumber'],
    ['no specialisation', { specializations: [] }, 'body.specializations'],
    ['an unknown specialisation', { specializations: ['CARDIOLOGY', 'ASTROLOGY'] }, 'body.specializations.1'],
    ['an unknown gender', { gender: 'ROBOT' }, 'body.gender'],
    ['more than 70 years of experience', { experienceYears: 71 }, 'body.experienceYears'],
    ['fractional experience', { experienceYears: 2.5 }, 'body.experienceYears'],
    ['a negative fee', { consultationFee: -1 }, 'body.consultationFee'],
    ['a fee over ₹1,00,000', { consultationFee: 100_001 }, 'body.consultationFee'],
    ['a fee finer than paise', { consultationFee: 499.999 }, 'body.consultationFee'],
    ['an unknown language', { languagesSpoken: ['KLINGON'] }, 'body.languagesSpoken.0'],
    ['an unknown availability', { availability: 'SOMETIMES' }, 'body.availability'],
    ['an empty qualification', { qualifications: ['MBBS', ''] }, 'body.qualifications.1'],
    ['a malformed hospital id', { hospitalId: 'sahyadri' }, 'body.hospitalId'],
    ['a hospital that does not exist', { hospitalId: '00000000-0000-4000-8000-000000000000' }, 'body.hospitalId'],
    // A place at a hospital is the hospital's to approve, through an affiliation.
    ['a place at a hospital named by the doctor', { hospitalId: 'HOSPITAL' }, 'body.hospitalId'],
    ['a bad phone', { phone: '12345' }, 'body.phone'],
    ['a bad pincode', { address: { ...PUNE_ADDRESS, pincode: 'ABCDEF' } }, 'body.address.pincode'],
  ])('refuses %s with 400 naming the field', async (_case, change, path) => {
    const body: Record<string, unknown> = { ...onboardBody, ...change };
    if (body.hospitalId === 'HOSPITAL') body.hospitalId = hospitalId;
    const res = await post('/api/doctors/onboard', doctor.token, body);
    expect(res.status).toBe(400);
    expect(await issuePaths(res)).toContain(path);
    expect((await get('/api/doctors/me', doctor.token)).status).toBe(404);
  });

  it('creates the profile with a slug from the name and links it to the account', async () => {
    const res = await post('/api/doctors/onboard', doctor.token, { ...onboardBody, hospitalId: null });
    expect(res.status).toBe(201);
    const { data } = await json(res);
    doctorId = data.id;
    expect(data.hospitalId).toBeNull();
    // Dr Rao practises at Sahyadri, as the hospital's approval of an affiliation leaves it.
    await t.database.db.update(doctors).set({ hospitalId }).where(eq(doctors.id, doctorId));
    data.hospitalId = hospitalId;
    expect(data).toMatchObject({
      name: 'Dr Arjun Rao',
      slug: 'dr-arjun-rao',
      phone: '9822044444',
      gender: 'MALE',
      specializations: ['CARDIOLOGY', 'GENERAL_MEDICINE'],
      qualifications: ['MBBS', 'MD (Medicine)', 'DM (Cardiology)'],
      experienceYears: 14,
      consultationFee: 800,
      availability: 'OFFLINE',
      hospitalId,
      verificationStatus: 'PENDING',
      status: 'ACTIVE',
    });
    const me = await json(await get('/api/users/user-details', doctor.token));
    expect(me.data.referenceId).toBe(doctorId);
  });

  it('refuses a second onboarding with 409', async () => {
    const res = await post('/api/doctors/onboard', doctor.token, { ...onboardBody, name: 'Dr Someone Else' });
    expect(res.status).toBe(409);
    expect((await json(await get('/api/doctors/me', doctor.token))).data.name).toBe('Dr Arjun Rao');
  });

  it('fills defaults for what a minimal profile leaves out', async () => {
    const res = await post('/api/doctors/onboard', rivalDoctor.token, {
      name: 'Dr. Arjun  Rao',
      registrationNumber: 'MMC-2015-078812',
      specializations: ['DERMATOLOGY'],
      address: { ...PUNE_ADDRESS, city: 'Thane', pincode: '400601' },
    });
    expect(res.status).toBe(201);
    const { data } = await json(res);
    rivalDoctorId = data.id;
    expect(data).toMatchObject({
      slug: 'dr-arjun-rao-2',
      gender: null,
      qualifications: [],
      experienceYears: 0,
      consultationFee: null,
      languagesSpoken: [],
      availability: 'BOTH',
      telemedicineAvailable: false,
      insuranceAccepted: [],
      hospitalId: null,
    });
  });
});

describe('slugs', () => {
  const onboardAs = async (email: string, name: string) => {
    const account = await newAccount(t, email, 'DOCTOR');
    const res = await post('/api/doctors/onboard', account.token, { ...onboardBody, name });
    expect(res.status).toBe(201);
    return (await json(res)).data as { id: string; slug: string };
  };

  it('appends -3, -4 … to further clashes and handles accents and odd names', async () => {
    expect((await onboardAs('arjun3@example.in', 'DR ARJUN RAO')).slug).toBe('dr-arjun-rao-3');
    expect((await onboardAs('zoe@example.in', 'Dr Zoë Mañjunath')).slug).toBe('dr-zoe-manjunath');
    expect((await onboardAs('devanagari@example.in', 'डॉ. अर्जुन')).slug).toBe('doctor');
    expect((await onboardAs('devanagari2@example.in', 'डॉ. मीरा')).slug).toBe('doctor-2');
  });

  it('takes the lowest free suffix and is not fooled by longer names that start the same', async () => {
    expect((await onboardAs('arjun.kulkarni@example.in', 'Dr Arjun Rao Kulkarni')).slug).toBe('dr-arjun-rao-kulkarni');
    expect((await onboardAs('arjun5@example.in', 'Dr Arjun Rao 5')).slug).toBe('dr-arjun-rao-5');
    expect((await onboardAs('arjun4@example.in', 'Dr Arjun Rao')).slug).toBe('dr-arjun-rao-4');
    expect((await onboardAs('arjun6@example.in', 'Dr Arjun Rao')).slug).toBe('dr-arjun-rao-6');
  });

  it('gives doctors of the same name onboarding at once different slugs', async () => {
    const accounts = await Promise.all([1, 2, 3, 4].map((n) => newAccount(t, `meera.${n}@example.in`, 'DOCTOR')));
    const results = await Promise.all(
      accounts.map((account) => post('/api/doctors/onboard', account.token, { ...onboardBody, name: 'Dr Meera Iyer' })),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const slugs = await Promise.all(results.map(async (r) => (await json(r)).data.slug as string));
    expect(slugs.sort()).toEqual(['dr-meera-iyer', 'dr-meera-iyer-2', 'dr-meera-iyer-3', 'dr-meera-iyer-4']);
  });

  it('finds a doctor by slug, with the same visibility as by id', async () => {
    expect((await json(await get('/api/doctors/slug/dr-arjun-rao', doctor.token))).data.id).toBe(doctorId);
    expect((await json(await get('/api/doctors/slug/dr-arjun-rao-2', admin))).data.id).toBe(rivalDoctorId);
    // Unverified: the public, other doctors and other hospitals do not see it.
    expect((await get('/api/doctors/slug/dr-arjun-rao', patient)).status).toBe(404);
    expect((await get('/api/doctors/slug/dr-arjun-rao', rivalDoctor.token)).status).toBe(404);
    expect((await get('/api/doctors/slug/dr-arjun-rao', otherHospitalDesk.token)).status).toBe(404);
    // The hospital the doctor practises at does.
    expect((await get('/api/doctors/slug/dr-arjun-rao', hospitalDesk.token)).status).toBe(200);
    await verify(doctorId);
    const res = await get('/api/doctors/slug/dr-arjun-rao', patient);
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({ id: doctorId, name: 'Dr Arjun Rao' });
  });

  it('answers 404 for an unknown slug and 400 for a malformed one', async () => {
    expect((await get('/api/doctors/slug/dr-nobody-at-all', admin)).status).toBe(404);
    for (const bad of ['Dr-Arjun-Rao', 'dr--arjun', 'dr_arjun', '-dr-arjun', 'dr-arjun-']) {
      const res = await get(`/api/doctors/slug/${bad}`, admin);
      expect(res.status, bad).toBe(400);
      expect(await issuePaths(res)).toContain('params.slug');
    }
    expect((await t.request('/api/doctors/slug/dr-arjun-rao')).status).toBe(401);
  });
});

describe('GET /api/doctors/me and /api/doctors/{doctorId}', () => {
  it('answers /me for a doctor, 404 before onboarding, 403 for other roles', async () => {
    expect((await json(await get('/api/doctors/me', doctor.token))).data.id).toBe(doctorId);
    const fresh = await newAccount(t, 'not.yet@example.in', 'DOCTOR');
    expect((await get('/api/doctors/me', fresh.token)).status).toBe(404);
    expect((await get('/api/doctors/me', patient)).status).toBe(403);
    expect((await get('/api/doctors/me', hospitalDesk.token)).status).toBe(403);
  });

  it('shows an unverified doctor only to themself, their hospital and admins', async () => {
    expect((await get(`/api/doctors/${rivalDoctorId}`, rivalDoctor.token)).status).toBe(200);
    expect((await get(`/api/doctors/${rivalDoctorId}`, admin)).status).toBe(200);
    expect((await get(`/api/doctors/${rivalDoctorId}`, patient)).status).toBe(404);
    expect((await get(`/api/doctors/${rivalDoctorId}`, doctor.token)).status).toBe(404);
    expect((await get(`/api/doctors/${rivalDoctorId}`, hospitalDesk.token)).status).toBe(404);
    expect((await get(`/api/doctors/${doctorId}`, patient)).status).toBe(200);
  });

  it('hides a suspended doctor from the public again', async () => {
    await t.database.db.update(doctors).set({ status: 'SUSPENDED' }).where(eq(doctors.id, doctorId));
    expect((await get(`/api/doctors/${doctorId}`, patient)).status).toBe(404);
    expect((await get(`/api/doctors/${doctorId}`, doctor.token)).status).toBe(200);
    await t.database.db.update(doctors).set({ status: 'ACTIVE' }).where(eq(doctors.id, doctorId));
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const bad = await get('/api/doctors/not-an-id', patient);
    expect(bad.status).toBe(400);
    expect(await issuePaths(bad)).toContain('params.doctorId');
    expect((await get('/api/doctors/00000000-0000-4000-8000-000000000000', admin)).status).toBe(404);
  });
});

describe('PATCH /api/doctors/{doctorId}', () => {
  it('lets the doctor change some fields, keeps the rest, and never changes the slug', async () => {
    const res = await patch(`/api/doctors/${doctorId}`, doctor.token, {
      name: 'Dr Arjun Rao Kulkarni',
      consultationFee: 950.5,
      availability: 'BOTH',
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({
      name: 'Dr Arjun Rao Kulkarni',
      slug: 'dr-arjun-rao',
      consultationFee: 950.5,
      availability: 'BOTH',
      experienceYears: 14,
      specializations: ['CARDIOLOGY', 'GENERAL_MEDICINE'],
      languagesSpoken: ['ENGLISH', 'HINDI', 'MARATHI'],
      hospitalId,
    });
    expect((await json(await get('/api/doctors/slug/dr-arjun-rao', patient))).data.name).toBe('Dr Arjun Rao Kulkarni');
  });

  it('never lets a doctor, their hospital or an admin move the doctor’s place: that is an affiliation', async () => {
    // Joining a hospital without its consent, by the doctor or for them by an admin.
    for (const token of [rivalDoctor.token, admin]) {
      const moved = await patch(`/api/doctors/${rivalDoctorId}`, token, { hospitalId: otherHospitalId });
      expect(moved.status).toBe(400);
      const refusal = await json(moved);
      expect(refusal.message).toContain('affiliation the hospital approves');
      expect(refusal.details.issues.map((i: { path: string }) => i.path)).toContain('body.hospitalId');
    }
    expect((await json(await get(`/api/doctors/${rivalDoctorId}`, admin))).data.hospitalId).toBeNull();
    // Leaving a hospital is ending the affiliation too; resending the place unchanged is harmless.
    const left = await patch(`/api/doctors/${doctorId}`, doctor.token, { hospitalId: null });
    expect(left.status).toBe(400);
    const same = await patch(`/api/doctors/${doctorId}`, doctor.token, { hospitalId, experienceYears: 14 });
    expect(same.status).toBe(200);
    expect((await json(same)).data.hospitalId).toBe(hospitalId);
    const unknown = await patch(`/api/doctors/${rivalDoctorId}`, rivalDoctor.token, {
      hospitalId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(400);
    expect(await issuePaths(unknown)).toContain('body.hospitalId');
  });

  it('lets an admin change any doctor', async () => {
    const res = await patch(`/api/doctors/${rivalDoctorId}`, admin, { experienceYears: 9 });
    expect(res.status).toBe(200);
    expect((await json(res)).data.experienceYears).toBe(9);
  });

  it('answers 404 to another doctor and 403 to other roles, changing nothing', async () => {
    expect((await patch(`/api/doctors/${doctorId}`, rivalDoctor.token, { consultationFee: 1 })).status).toBe(404);
    expect((await patch(`/api/doctors/${doctorId}`, patient, { consultationFee: 1 })).status).toBe(403);
    expect((await patch(`/api/doctors/${doctorId}`, hospitalDesk.token, { consultationFee: 1 })).status).toBe(403);
    expect((await json(await get('/api/doctors/me', doctor.token))).data.consultationFee).toBe(950.5);
  });

  it.each([
    ['an empty change', {}, 'body'],
    ['no specialisation', { specializations: [] }, 'body.specializations'],
    ['an unknown language', { languagesSpoken: ['HINDI', 'ELVISH'] }, 'body.languagesSpoken.1'],
    ['experience below zero', { experienceYears: -1 }, 'body.experienceYears'],
    ['a fee as text', { consultationFee: '800' }, 'body.consultationFee'],
    ['an unknown availability', { availability: 'NEVER' }, 'body.availability'],
    ['a one-letter name', { name: 'A' }, 'body.name'],
  ])('refuses %s with 400 naming the field', async (_case, body, path) => {
    const res = await patch(`/api/doctors/${doctorId}`, doctor.token, body);
    expect(res.status).toBe(400);
    expect(await issuePaths(res)).toContain(path);
  });

  it('refuses a malformed id', async () => {
    const res = await patch('/api/doctors/not-an-id', doctor.token, { experienceYears: 3 });
    expect(res.status).toBe(400);
    expect(await issuePaths(res)).toContain('params.doctorId');
  });
});

describe('GET /api/doctors/search', () => {
  const CENTRE = { latitude: 12.9716, longitude: 77.5946 }; // Bengaluru
  type Seeded = typeof doctors.$inferInsert & {
    name: string;
    city: string;
    latitude: number;
    longitude: number;
    rating: number;
    experienceYears: number;
    consultationFee: number | null;
    specializations: string[];
    languagesSpoken: string[];
    insuranceAccepted: string[];
    availability: (typeof CONSULTATION_CHANNELS)[number];
  };
  const seeded: Seeded[] = [];

  beforeAll(async () => {
    // The doctors onboarded above are archived, so the public sees only the seeded ones.
    await t.database.db.update(doctors).set({ status: 'ARCHIVED' });
    const onboarded = (await t.database.db.select().from(doctors)) as Seeded[];
    const random = seededRandom(2026);
    const cities = [
      ['Bengaluru', 'KARNATAKA', 12.9716, 77.5946],
      ['Mysuru', 'KARNATAKA', 12.2958, 76.6394],
      ['Chennai', 'TAMIL_NADU', 13.0827, 80.2707],
      ['Hyderabad', 'TELANGANA', 17.385, 78.4867],
      ['Pune', 'MAHARASHTRA', 18.5204, 73.8567],
    ] as const;
    // Surnames with distinct first letters, so name order is the same under any collation.
    const surnames = ['Bhat', 'Gowda', 'Iyer', 'Nair', 'Reddy', 'Shetty'];
    for (let i = 0; i < 150; i++) {
      const [city, state, lat, lon] = random.pick(cities);
      const surname = random.pick(surnames);
      const specializations = random.some(SPECIALIZATIONS, 3);
      seeded.push({
        name: `${surname} Doctor ${String(i).padStart(3, '0')}`,
        slug: `seed-${i}`,
        registrationNumber: `KMC-${i}`,
        gender: random.pick(GENDERS),
        specializations: specializations.length ? specializations : ['GENERAL_MEDICINE'],
        qualifications: ['MBBS'],
        experienceYears: Math.floor(random.between(0, 41)),
        // Some doctors do not state a fee.
        consultationFee: i % 13 === 0 ? null : Math.round(random.between(200, 3000)),
        languagesSpoken: random.some(LANGUAGES, 3),
        availability: random.pick(CONSULTATION_CHANNELS),
        telemedicineAvailable: random.next() < 0.5,
        insuranceAccepted: random.some(['Star Health', 'HDFC Ergo', 'ICICI Lombard', 'Niva Bupa'], 2),
        hospitalId: i % 5 === 0 ? hospitalId : null,
        rating: Math.round(random.between(30, 50)) / 10,
        address: { ...PUNE_ADDRESS, city, state },
        city,
        state,
        pincode: '560001',
        latitude: lat + random.between(-0.4, 0.4),
        longitude: lon + random.between(-0.4, 0.4),
        verificationStatus: i % 10 === 0 ? 'PENDING' : i % 21 === 0 ? 'UNDER_REVIEW' : 'VERIFIED',
        status: i % 17 === 0 ? 'INACTIVE' : 'ACTIVE',
      });
    }
    await t.database.db.insert(doctors).values(seeded);
    seeded.push(...onboarded);
  });

  const visible = () => listedEntries(seeded);
  const textMatches = (d: Seeded, query: string) => matchesDirectoryText(d, d.specializations, query);
  const search = async (token: string, query: string) => {
    const res = await get(`/api/doctors/search?${query}`, token);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await json(res)).data as { doctors: Array<Record<string, any>>; pagination: Record<string, number> };
  };

  it('needs a signed-in caller', async () => {
    expect((await t.request('/api/doctors/search')).status).toBe(401);
  });

  it('shows non-admins only verified, active doctors; admins see all', async () => {
    const forPatient = await search(patient, 'limit=100&state=KARNATAKA');
    const expected = visible().filter((d) => d.state === 'KARNATAKA');
    expect(forPatient.pagination.total).toBe(expected.length);
    expect(forPatient.doctors.every((d) => d.verificationStatus === 'VERIFIED' && d.status === 'ACTIVE')).toBe(true);
    const forAdmin = await search(admin, 'limit=100&state=KARNATAKA');
    expect(forAdmin.pagination.total).toBe(seeded.filter((d) => d.state === 'KARNATAKA').length);
  });

  it('matches a brute-force filter for a radius, two filters and a text query, sorted by distance', async () => {
    const query = `latitude=${CENTRE.latitude}&longitude=${CENTRE.longitude}&maxDistanceInKm=60&minExperience=5&availability=ONLINE&searchQuery=doctor&sortBy=distance&limit=100`;
    const { doctors: found, pagination } = await search(patient, query);
    const expected = visible()
      .map((d) => ({ d, km: haversineKm(CENTRE.latitude, CENTRE.longitude, d.latitude, d.longitude) }))
      .filter(
        ({ d, km }) =>
          km <= 60 && d.experienceYears >= 5 && ['ONLINE', 'BOTH'].includes(d.availability) && textMatches(d, 'doctor'),
      )
      .sort((a, b) => a.km - b.km);
    expect(found.length).toBeGreaterThan(3);
    expect(pagination.total).toBe(expected.length);
    expect(found.map((d) => d.name)).toEqual(expected.map((e) => e.d.name));
    found.forEach((d, i) => expect(d.distanceKm).toBeCloseTo(expected[i]!.km, 1));
  });

  it('matches brute force for each filter', async () => {
    const cases: Array<[string, (d: Seeded) => boolean]> = [
      [
        'specializations=CARDIOLOGY,NEUROLOGY',
        (d) => d.specializations.some((s) => ['CARDIOLOGY', 'NEUROLOGY'].includes(s)),
      ],
      ['minExperience=20', (d) => d.experienceYears >= 20],
      ['minExperience=0', () => true],
      ['maxConsultationFee=1000', (d) => d.consultationFee !== null && d.consultationFee <= 1000],
      ['maxConsultationFee=0', (d) => d.consultationFee === 0],
      ['insuranceAccepted=icici%20lombard', (d) => d.insuranceAccepted.includes('ICICI Lombard')],
      ['gender=FEMALE', (d) => d.gender === 'FEMALE'],
      ['languagesSpoken=KANNADA', (d) => d.languagesSpoken.includes('KANNADA')],
      [
        'languagesSpoken=TAMIL&languagesSpoken=TELUGU',
        (d) => d.languagesSpoken.some((l) => ['TAMIL', 'TELUGU'].includes(l)),
      ],
      ['availability=ONLINE', (d) => d.availability === 'ONLINE' || d.availability === 'BOTH'],
      ['availability=OFFLINE', (d) => d.availability === 'OFFLINE' || d.availability === 'BOTH'],
      ['availability=BOTH', (d) => d.availability === 'BOTH'],
      ['telemedicineAvailable=true', (d) => Boolean(d.telemedicineAvailable)],
      ['telemedicineAvailable=false', (d) => !d.telemedicineAvailable],
      ['city=MYSURU', (d) => d.city === 'Mysuru'],
      ['state=TELANGANA', (d) => d.state === 'TELANGANA'],
      ['searchQuery=Iyer', (d) => textMatches(d, 'iyer')],
      ['searchQuery=chennai', (d) => textMatches(d, 'chennai')],
      ['searchQuery=cardio', (d) => textMatches(d, 'cardio')],
      ['searchQuery=general%20surgery', (d) => textMatches(d, 'general surgery')],
      [
        'minExperience=10&maxConsultationFee=1500&languagesSpoken=HINDI,ENGLISH&gender=MALE',
        (d) =>
          d.experienceYears >= 10 &&
          d.consultationFee !== null &&
          d.consultationFee <= 1500 &&
          d.languagesSpoken.some((l) => ['HINDI', 'ENGLISH'].includes(l)) &&
          d.gender === 'MALE',
      ],
    ];
    for (const [query, keep] of cases) {
      const { pagination } = await search(patient, `${query}&limit=1`);
      const expected = visible().filter(keep).length;
      if (query !== 'maxConsultationFee=0') expect(expected, query).toBeGreaterThan(0);
      expect(pagination.total, query).toBe(expected);
    }
  });

  it('lists a hospital its own doctors in any state, and everyone else only the verified ones', async () => {
    const ours = seeded.filter((d) => d.hospitalId === hospitalId);
    const own = await search(hospitalDesk.token, `hospitalId=${hospitalId}&limit=100`);
    expect(own.pagination.total).toBe(ours.length);
    expect(own.doctors.some((d) => d.verificationStatus !== 'VERIFIED')).toBe(true);
    const ourVisible = visible().filter((d) => d.hospitalId === hospitalId).length;
    for (const token of [otherHospitalDesk.token, patient, doctor.token]) {
      expect((await search(token, `hospitalId=${hospitalId}&limit=100`)).pagination.total).toBe(ourVisible);
    }
    expect((await search(admin, `hospitalId=${hospitalId}&limit=100`)).pagination.total).toBe(ours.length);
    // Its own list still narrows by the other filters.
    const online = await search(hospitalDesk.token, `hospitalId=${hospitalId}&availability=ONLINE&limit=100`);
    expect(online.pagination.total).toBe(ours.filter((d) => d.availability !== 'OFFLINE').length);
  });

  it('sorts by experience and by fee (fees not stated come last), both ways', async () => {
    const all: Array<Record<string, any>> = [];
    for (let page = 1; page <= 2; page++) {
      all.push(...(await search(patient, `sortBy=experienceYears&sortOrder=desc&limit=100&page=${page}`)).doctors);
    }
    expect(all).toHaveLength(visible().length);
    const years = all.map((d) => d.experienceYears as number);
    expect([...years].sort((a, b) => b - a)).toEqual(years);

    for (const sortOrder of ['asc', 'desc'] as const) {
      const fees: Array<number | null> = [];
      for (let page = 1; page <= 2; page++) {
        const { doctors: found } = await search(
          patient,
          `sortBy=consultationFee&sortOrder=${sortOrder}&limit=100&page=${page}`,
        );
        fees.push(...found.map((d) => d.consultationFee as number | null));
      }
      const stated = visible()
        .map((d) => d.consultationFee)
        .filter((f): f is number => f !== null)
        .sort((a, b) => (sortOrder === 'asc' ? a - b : b - a));
      const unstated = visible().filter((d) => d.consultationFee === null).length;
      expect(unstated).toBeGreaterThan(0);
      expect(fees).toEqual([...stated, ...Array<null>(unstated).fill(null)]);
    }
  });

  it('pages through a name order exactly, both ways, with the right boundaries', async () => {
    await expectExactNamePaging(
      visible()
        .sort(byName)
        .map((d) => d.name),
      30,
      async (query) => {
        const { doctors: found, pagination } = await search(patient, query);
        return { found, pagination };
      },
    );
  });

  it('sorts by rating descending with a stable order across pages', async () => {
    const names: string[] = [];
    for (let page = 1; page <= Math.ceil(visible().length / 20); page++) {
      const { doctors: found } = await search(patient, `sortBy=rating&sortOrder=desc&limit=20&page=${page}`);
      names.push(...found.map((d) => d.name));
    }
    expect(new Set(names).size).toBe(visible().length);
    const ratings = names.map((name) => seeded.find((d) => d.name === name)!.rating);
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
  });

  it.each([
    ['latitude=-91&longitude=77', 'query.latitude'],
    ['latitude=12.9&longitude=181', 'query.longitude'],
    ['latitude=north&longitude=77', 'query.latitude'],
    ['longitude=77', 'query.latitude'],
    ['maxDistanceInKm=10', 'query.maxDistanceInKm'],
    ['sortBy=distance', 'query.sortBy'],
    ['sortBy=fee', 'query.sortBy'],
    ['specializations=ASTROLOGY', 'query.specializations.0'],
    ['languagesSpoken=HINDI,ELVISH', 'query.languagesSpoken.1'],
    ['gender=ROBOT', 'query.gender'],
    ['availability=SOMETIMES', 'query.availability'],
    ['minExperience=-2', 'query.minExperience'],
    ['minExperience=many', 'query.minExperience'],
    ['maxConsultationFee=-1', 'query.maxConsultationFee'],
    ['maxConsultationFee=cheap', 'query.maxConsultationFee'],
    ['telemedicineAvailable=perhaps', 'query.telemedicineAvailable'],
    ['hospitalId=me', 'query.hospitalId'],
    ['limit=0', 'query.limit'],
  ])('answers %s with 400 naming the parameter', async (query, name) => {
    const res = await get(`/api/doctors/search?${query}`, patient);
    expect(res.status).toBe(400);
    expect(await issuePaths(res)).toContain(name);
  });
});
