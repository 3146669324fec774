import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { INDIAN_STATES } from '../../../domain/enums.ts';
import { DEMO_MEMBERS, DEMO_REFERENCE_IDS } from './members.ts';
import { DEMO_NETWORK_SIZE, buildDemoNetwork, cityPlan, type DemoNetwork } from './network.ts';
import { CITIES } from './places.ts';
import { createRandom } from './random.ts';
import { networkProblems } from './validation.ts';

const digest = (network: DemoNetwork) => createHash('sha256').update(JSON.stringify(network)).digest('hex');
const network = buildDemoNetwork();

describe('buildDemoNetwork', () => {
  it('is deterministic: the same seed gives the same rows, another seed other rows', () => {
    expect(digest(buildDemoNetwork())).toBe(digest(network));
    const other = buildDemoNetwork('another seed');
    expect(digest(other)).not.toBe(digest(network));
    expect(other.hospitals[0]).toEqual(network.hospitals[0]);
    expect(other.hospitals[1]?.id).not.toBe(network.hospitals[1]?.id);
  });

  it('holds at least 200 hospitals, 500 doctors, 100 diagnostics centres, 150 pharmacies and 300 patients', () => {
    expect(network.hospitals.length).toBe(DEMO_NETWORK_SIZE.hospitals + 1);
    expect(network.doctors.length).toBe(DEMO_NETWORK_SIZE.doctors + 1);
    expect(network.diagnosticsCentres.length).toBe(DEMO_NETWORK_SIZE.diagnosticsCentres + 1);
    expect(network.pharmacies.length).toBe(DEMO_NETWORK_SIZE.pharmacies + 1);
    expect(network.patients.length).toBe(DEMO_NETWORK_SIZE.patients + 1);
    expect(network.hospitals.length).toBeGreaterThanOrEqual(200);
    expect(network.doctors.length).toBeGreaterThanOrEqual(500);
    expect(network.diagnosticsCentres.length).toBeGreaterThanOrEqual(100);
    expect(network.pharmacies.length).toBeGreaterThanOrEqual(150);
    expect(network.patients.length).toBeGreaterThanOrEqual(300);
    expect(network.hospitalDepartments.length).toBeGreaterThan(network.hospitals.length);
    expect(network.hospitalEmergencyContacts.length).toBeGreaterThanOrEqual(network.hospitals.length);
    expect(network.pharmacists.length).toBeGreaterThanOrEqual(network.pharmacies.length);
    expect(network.medicalHistory.length).toBeGreaterThan(network.patients.length / 2);
  });

  it('has hospitals, doctors, diagnostics centres, pharmacies and patients in every state and every city', () => {
    for (const rows of [
      network.hospitals,
      network.doctors,
      network.diagnosticsCentres,
      network.pharmacies,
      network.patients,
    ]) {
      expect(new Set(rows.map((r) => r.state))).toEqual(new Set(INDIAN_STATES));
      expect(new Set(rows.map((r) => r.city))).toEqual(new Set(CITIES.map((c) => c.name)));
    }
  });

  it('gives every row a unique id, every doctor a unique slug and every organisation a unique name in its city', () => {
    const ids = Object.values(network).flatMap((rows: Array<{ id: string }>) => rows.map((r) => r.id));
    expect(new Set(ids).size).toBe(ids.length);
    const slugs = network.doctors.map((d) => d.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const rows of [network.hospitals, network.diagnosticsCentres, network.pharmacies]) {
      const named = rows.map((r) => `${r.city}|${r.name}`);
      expect(new Set(named).size).toBe(named.length);
    }
  });

  it('makes every row one the API accepts as it is: phones, PIN codes, states, enumerations, shapes', () => {
    expect(networkProblems(network)).toEqual([]);
  });

  it('would notice a row the API refuses or would store differently', () => {
    const [, hospital] = network.hospitals;
    const [, doctor] = network.doctors;
    const [, pharmacy] = network.pharmacies;
    const [, patient] = network.patients;
    const broken = {
      hospitals: [
        { ...hospital!, phone: '5123456789' },
        { ...hospital!, pincode: '999999' },
      ],
      doctors: [
        { ...doctor!, specializations: ['ASTROLOGY'] },
        { ...doctor!, phone: '+91 98765 43210' },
      ],
      pharmacies: [{ ...pharmacy!, openingHours: { MONDAY: { open: '9am', close: '5pm' } } }],
      patients: [{ ...patient!, state: 'DELHI' }],
    } as unknown as Partial<DemoNetwork>;
    const problems = networkProblems(broken);
    expect(problems).toEqual([
      expect.stringMatching(/^hospital .*: phone Enter a valid Indian mobile number/),
      expect.stringMatching(/^hospital .*: city, state and pincode differ from the address/),
      expect.stringMatching(/^doctor .*: specializations\.0 Unknown specialisation/),
      expect.stringMatching(/^doctor .*: the API would store it differently/),
      expect.stringMatching(/^pharmacy .*: openingHours\.MONDAY\.open .*HH:mm/),
      expect.stringMatching(/^patient .*: DELHI is not a state/),
      expect.stringMatching(/^patient .*: city and state differ from the address/),
    ]);
  });

  it('links children to parents that exist, and doctors to hospitals in their own city', () => {
    const hospitals = new Map(network.hospitals.map((h) => [h.id, h]));
    const pharmacies = new Set(network.pharmacies.map((p) => p.id));
    const patients = new Map(network.patients.map((p) => [p.id, p]));
    for (const d of network.hospitalDepartments) expect(hospitals.has(d.hospitalId)).toBe(true);
    for (const c of network.hospitalEmergencyContacts) expect(hospitals.has(c.hospitalId)).toBe(true);
    for (const p of network.pharmacists) expect(pharmacies.has(p.pharmacyId)).toBe(true);
    for (const h of network.medicalHistory) {
      const patient = patients.get(h.patientId);
      expect(patient).toBeDefined();
      expect(h.diagnosedOn! > patient!.dateOfBirth!).toBe(true);
    }
    const practising = network.doctors.filter((d) => d.hospitalId);
    expect(practising.length / network.doctors.length).toBeGreaterThan(0.4);
    expect(practising.length).toBeLessThan(network.doctors.length);
    for (const doctor of practising) {
      const hospital = hospitals.get(doctor.hospitalId!);
      expect(hospital?.city).toBe(doctor.city);
      expect(doctor.address).toEqual(hospital?.address);
    }
  });

  it('verifies about nine in ten of each kind; the rest are pending, under review or inactive', () => {
    for (const rows of [network.hospitals, network.doctors, network.diagnosticsCentres, network.pharmacies]) {
      const visible = rows.filter((r) => r.verificationStatus === 'VERIFIED' && r.status === 'ACTIVE').length;
      expect(visible / rows.length).toBeGreaterThan(0.84);
      expect(visible / rows.length).toBeLessThan(0.96);
    }
    const all = [...network.hospitals, ...network.doctors, ...network.diagnosticsCentres, ...network.pharmacies];
    const states = new Set(all.map((r) => `${r.verificationStatus}/${r.status}`));
    expect(states).toEqual(new Set(['VERIFIED/ACTIVE', 'PENDING/ACTIVE', 'UNDER_REVIEW/ACTIVE', 'VERIFIED/INACTIVE']));
    for (const row of all.filter((r) => r.verificationStatus !== 'VERIFIED')) expect(row.reviewCount).toBe(0);
  });

  it('starts with the demo members, complete: Sahyadri Care Hospital in Pune and Dr Arjun Rao practising there', () => {
    const hospital = network.hospitals.find((h) => h.id === DEMO_REFERENCE_IDS.hospital);
    expect(hospital).toMatchObject({ name: 'Sahyadri Care Hospital', city: 'Pune', verificationStatus: 'VERIFIED' });
    expect(network.hospitalDepartments.filter((d) => d.hospitalId === hospital?.id).length).toBeGreaterThanOrEqual(5);
    expect(network.hospitalEmergencyContacts.filter((c) => c.hospitalId === hospital?.id).length).toBeGreaterThan(2);
    expect(network.doctors.find((d) => d.id === DEMO_REFERENCE_IDS.doctor)).toMatchObject({
      name: 'Dr Arjun Rao',
      hospitalId: DEMO_REFERENCE_IDS.hospital,
      verificationStatus: 'VERIFIED',
      status: 'ACTIVE',
    });
    // The heads of department practise there too.
    const colleagues = network.doctors.filter((d) => d.hospitalId === DEMO_REFERENCE_IDS.hospital).map((d) => d.name);
    for (const head of DEMO_MEMBERS.departments.map((d) => d.headOfDepartment)) expect(colleagues).toContain(head);
    expect(network.diagnosticsCentres.find((c) => c.id === DEMO_REFERENCE_IDS.diagnostics)?.name).toBe(
      'Precision Diagnostics',
    );
    const pharmacy = network.pharmacies.find((p) => p.id === DEMO_REFERENCE_IDS.pharmacy);
    expect(pharmacy?.name).toBe('Jeevan Pharmacy');
    expect(Object.keys(pharmacy?.openingHours ?? {})).toHaveLength(7);
    expect(network.pharmacists.filter((p) => p.pharmacyId === pharmacy?.id).length).toBeGreaterThanOrEqual(2);
    expect(network.patients.find((p) => p.id === DEMO_REFERENCE_IDS.patient)).toMatchObject({
      firstName: 'Priya',
      lastName: 'Sharma',
    });
    expect(network.medicalHistory.filter((h) => h.patientId === DEMO_REFERENCE_IDS.patient).length).toBeGreaterThan(0);
  });
});

describe('cityPlan', () => {
  it('places one in every city first, then by size', () => {
    const plan = cityPlan(createRandom('plan'), 2_000);
    expect(new Set(plan)).toEqual(new Set(CITIES));
    const count = (name: string) => plan.filter((c) => c.name === name).length;
    expect(count('Bengaluru')).toBeGreaterThan(count('Gangtok') * 4);
    expect(cityPlan(createRandom('few'), 5)).toHaveLength(5);
  });
});
