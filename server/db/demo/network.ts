import type { Specialization } from '../../../domain/enums.ts';
import {
  createNameBook,
  createSlugBook,
  makeDepartments,
  makeDiagnosticsCentre,
  makeDoctor,
  makeEmergencyContacts,
  makeHospital,
  makeMedicalHistory,
  makePatient,
  makePharmacists,
  makePharmacy,
  type DepartmentRow,
  type DiagnosticsRow,
  type DoctorRow,
  type EmergencyContactRow,
  type HospitalRow,
  type MedicalHistoryRow,
  type PatientRow,
  type PharmacistRow,
  type PharmacyRow,
} from './generators.ts';
import { DEMO_DOCTOR_USER_ID, DEMO_HOSPITAL_USER_ID, DEMO_MEMBERS } from './members.ts';
import type { Person } from './people.ts';
import { CITIES, cityNamed, type City } from './places.ts';
import { createRandom, type Random } from './random.ts';

export const DEMO_SEED = 'caremesh-demo-network-v1';

/** How many of each the demo network generates, on top of the demo members' own profiles. */
export const DEMO_NETWORK_SIZE = {
  hospitals: 240,
  doctors: 600,
  diagnosticsCentres: 120,
  pharmacies: 180,
  patients: 320,
};
export type NetworkSize = typeof DEMO_NETWORK_SIZE;

export type DemoNetwork = {
  hospitals: HospitalRow[];
  hospitalDepartments: DepartmentRow[];
  hospitalEmergencyContacts: EmergencyContactRow[];
  doctors: DoctorRow[];
  diagnosticsCentres: DiagnosticsRow[];
  pharmacies: PharmacyRow[];
  pharmacists: PharmacistRow[];
  patients: PatientRow[];
  medicalHistory: MedicalHistoryRow[];
};

/** Which city each of `count` entries goes to: every city once (so every state is covered), the rest by size. */
export function cityPlan(random: Random, count: number): City[] {
  const plan = count >= CITIES.length ? [...CITIES] : random.shuffle(CITIES).slice(0, count);
  while (plan.length < count) plan.push(random.weighted(CITIES, (c) => c.weight));
  return plan;
}

/** The heads of department at the demo hospital also practise there. */
const DEMO_HOSPITAL_STAFF: ReadonlyArray<readonly [Person, Specialization]> = [
  [{ firstName: 'Farhan', lastName: 'Shaikh', gender: 'MALE' }, 'NEUROLOGY'],
  [{ firstName: 'Sunil', lastName: 'Kulkarni', gender: 'MALE' }, 'ORTHOPEDICS'],
  [{ firstName: 'Madhuri', lastName: 'Deshpande', gender: 'FEMALE' }, 'PEDIATRICS'],
  [{ firstName: 'Ashwini', lastName: 'Joshi', gender: 'FEMALE' }, 'OBSTETRICS_GYNECOLOGY'],
  [{ firstName: 'Vaishali', lastName: 'Gokhale', gender: 'FEMALE' }, 'GENERAL_MEDICINE'],
  [{ firstName: 'Omkar', lastName: 'Patil', gender: 'MALE' }, 'EMERGENCY_MEDICINE'],
];

/**
 * The whole demo network as rows for the tables: the demo members' profiles, then hospitals (with
 * departments and emergency contacts), doctors (most practising at a hospital of their city),
 * diagnostics centres, pharmacies (with pharmacists) and patients (with some medical history).
 * Pure: the same seed and size give the same rows.
 */
export function buildDemoNetwork(seed: string = DEMO_SEED, size: NetworkSize = DEMO_NETWORK_SIZE): DemoNetwork {
  const root = createRandom(seed);
  const m = DEMO_MEMBERS;
  const names = createNameBook();
  names('Pune', 'Deccan Gymkhana', () => m.hospital.name);
  names('Pune', 'Kothrud', () => m.diagnostics.name);
  names('Pune', 'Aundh', () => m.pharmacy.name);
  const slugs = createSlugBook([m.doctor.slug]);

  const network: DemoNetwork = {
    hospitals: [m.hospital],
    hospitalDepartments: [...m.departments],
    hospitalEmergencyContacts: [...m.emergencyContacts],
    doctors: [m.doctor],
    diagnosticsCentres: [m.diagnostics],
    pharmacies: [m.pharmacy],
    pharmacists: [...m.pharmacists],
    patients: [m.patient],
    medicalHistory: [...m.medicalHistory],
  };

  const hospitalRandom = root.fork('hospitals');
  const hospitalsByCity = new Map<string, HospitalRow[]>([['Pune', [m.hospital]]]);
  for (const city of cityPlan(hospitalRandom, size.hospitals)) {
    const hospital = makeHospital(hospitalRandom, city, names);
    network.hospitals.push(hospital);
    network.hospitalDepartments.push(...makeDepartments(hospitalRandom, hospital, city));
    network.hospitalEmergencyContacts.push(...makeEmergencyContacts(hospitalRandom, hospital, city));
    const local = hospitalsByCity.get(city.name);
    if (local) local.push(hospital);
    else hospitalsByCity.set(city.name, [hospital]);
  }

  const doctorRandom = root.fork('doctors');
  const pune = cityNamed('Pune');
  for (const [person, specialization] of DEMO_HOSPITAL_STAFF) {
    const colleague = makeDoctor(doctorRandom, pune, slugs, { hospital: m.hospital, person, specialization });
    network.doctors.push({ ...colleague, verificationStatus: 'VERIFIED', status: 'ACTIVE' });
  }
  for (const city of cityPlan(doctorRandom, size.doctors - DEMO_HOSPITAL_STAFF.length)) {
    const local = hospitalsByCity.get(city.name) ?? [];
    const hospital = local.length > 0 && doctorRandom.chance(0.6) ? doctorRandom.pick(local) : undefined;
    network.doctors.push(makeDoctor(doctorRandom, city, slugs, { hospital }));
  }

  const diagnosticsRandom = root.fork('diagnostics');
  for (const city of cityPlan(diagnosticsRandom, size.diagnosticsCentres)) {
    network.diagnosticsCentres.push(makeDiagnosticsCentre(diagnosticsRandom, city, names));
  }

  const pharmacyRandom = root.fork('pharmacies');
  for (const city of cityPlan(pharmacyRandom, size.pharmacies)) {
    const pharmacy = makePharmacy(pharmacyRandom, city, names);
    network.pharmacies.push(pharmacy);
    network.pharmacists.push(...makePharmacists(pharmacyRandom, pharmacy, city));
  }

  const patientRandom = root.fork('patients');
  for (const city of cityPlan(patientRandom, size.patients)) {
    // Half were registered by the demo doctor or hospital desk, so their lists are not empty.
    const roll = patientRandom.next();
    const createdBy = roll < 0.25 ? DEMO_DOCTOR_USER_ID : roll < 0.5 ? DEMO_HOSPITAL_USER_ID : null;
    const { patient, born } = makePatient(patientRandom, city, createdBy);
    network.patients.push(patient);
    network.medicalHistory.push(
      ...makeMedicalHistory(
        patientRandom,
        patient,
        born,
        createdBy === DEMO_HOSPITAL_USER_ID ? createdBy : DEMO_DOCTOR_USER_ID,
      ),
    );
  }
  return network;
}
