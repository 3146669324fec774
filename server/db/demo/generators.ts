import {
  DIAGNOSTIC_TEST_TYPES,
  EQUIPMENT_KINDS,
  HOSPITAL_CLASSIFICATION_LABELS,
  LANGUAGES,
  SPECIALIZATIONS,
  SPECIALIZATION_LABELS,
  WEEKDAYS,
  type BloodGroup,
  type ConsultationChannel,
  type DiagnosticTestType,
  type DiagnosticsFacilityType,
  type EquipmentKind,
  type Language,
  type PharmacyService,
  type RecordStatus,
  type Specialization,
  type VerificationStatus,
} from '../../../domain/enums.ts';
import type { Address } from '../../../domain/schemas/common.ts';
import type {
  diagnosticsCentres,
  doctors,
  hospitalDepartments,
  hospitalEmergencyContacts,
  hospitals,
  medicalHistory,
  OpeningHours,
  patients,
  pharmacies,
  pharmacists,
} from '../schema/index.ts';
import {
  ALLERGIES,
  CHRONIC_CONDITIONS,
  DIAGNOSTICS_EXPERTISE,
  DIAGNOSTICS_PREFIXES,
  DIAGNOSTICS_SUFFIXES,
  EQUIPMENT_FOR_TEST,
  FUNCTION_TESTS,
  HOSPITAL_PREFIXES,
  HOSPITAL_TEMPLATES,
  IMAGING_TESTS,
  INSURANCE_PARTNERS,
  LAB_TESTS,
  PAST_CONDITIONS,
  PHARMACY_CHAINS,
  PHARMACY_PREFIXES,
  PHARMACY_STYLES,
  RELATED_SPECIALIZATIONS,
  RELATIONSHIPS,
  SPECIALIZATION_WEIGHTS,
  TRAINING,
  TURNAROUND_HOURS,
} from './catalog.ts';
import { personFrom, fullName, slugify, type Person } from './people.ts';
import { addressIn, pointIn, STATE_INFO, type City } from './places.ts';
import type { Random } from './random.ts';

export type HospitalRow = typeof hospitals.$inferInsert & { id: string; address: Address };
export type DepartmentRow = typeof hospitalDepartments.$inferInsert & { id: string };
export type EmergencyContactRow = typeof hospitalEmergencyContacts.$inferInsert & { id: string };
export type DoctorRow = typeof doctors.$inferInsert & { id: string; address: Address };
export type DiagnosticsRow = typeof diagnosticsCentres.$inferInsert & { id: string; address: Address };
export type PharmacyRow = typeof pharmacies.$inferInsert & { id: string; address: Address };
export type PharmacistRow = typeof pharmacists.$inferInsert & { id: string };
export type PatientRow = typeof patients.$inferInsert & { id: string };
export type MedicalHistoryRow = typeof medicalHistory.$inferInsert & { id: string };

/** "Now" for the demo data: every date is counted back from it, so every run writes the same rows. */
export const DEMO_EPOCH = new Date('2026-01-01T00:00:00+05:30');
const DAY_MS = 86_400_000;

/** Where a new profile stands: nine in ten are verified and active; the rest wait for, or lost, approval. */
export function visibility(random: Random): { verificationStatus: VerificationStatus; status: RecordStatus } {
  const roll = random.next();
  if (roll < 0.9) return { verificationStatus: 'VERIFIED', status: 'ACTIVE' };
  if (roll < 0.94) return { verificationStatus: 'PENDING', status: 'ACTIVE' };
  if (roll < 0.97) return { verificationStatus: 'UNDER_REVIEW', status: 'ACTIVE' };
  return { verificationStatus: 'VERIFIED', status: 'INACTIVE' };
}

/** Joined some time in the three years before the epoch; last changed since. */
export function timestamps(random: Random): { createdAt: Date; updatedAt: Date } {
  const created = DEMO_EPOCH.getTime() - random.int(1, 1_100) * DAY_MS + random.int(0, DAY_MS / 1000 - 1) * 1000;
  const updated = created + Math.floor(random.next() * (DEMO_EPOCH.getTime() - created));
  return { createdAt: new Date(created), updatedAt: new Date(Math.floor(updated / 1000) * 1000) };
}

/** An Indian mobile number: 10 digits, starting with 9 most often, then 8, 7 and 6. */
export function mobileNumber(random: Random): string {
  const first = random.weighted(['9', '8', '7', '6'], (d) => ({ '9': 50, '8': 25, '7': 20, '6': 5 })[d] ?? 0);
  let rest = '';
  for (let i = 0; i < 9; i++) rest += String(random.int(0, 9));
  return first + rest;
}

/** Reviews and stars: none yet for a profile still waiting for approval. */
function reputation(random: Random, verified: boolean): { rating: number; reviewCount: number } {
  if (!verified || random.chance(0.06)) return { rating: 0, reviewCount: 0 };
  const reviewCount = Math.floor(random.next() ** 2 * 900) + 1;
  return { rating: Math.round(random.between(3.2, 4.95) * 10) / 10, reviewCount };
}

const mailbox = (name: string, suffix = '') => `${slugify(name)}${suffix}@example.com`;
const digits = (random: Random, n: number) => String(random.int(0, 10 ** n - 1)).padStart(n, '0');
const cityCode = (city: City) => city.name.slice(0, 3).toUpperCase();
const byEnumOrder = <T extends string>(order: readonly T[], values: Iterable<T>) => {
  const wanted = new Set(values);
  return order.filter((v) => wanted.has(v));
};
/** 'Orthopaedics' → 'orthopaedics' inside a sentence; acronyms such as 'ENT' keep their capitals. */
const lower = (label: string) => (/^[A-Z][A-Z]/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1));
const listOfWords = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

/** Keeps names unique within a city: a second "Lotus Hospital" gets its locality, a third a branch number. */
export function createNameBook() {
  const taken = new Map<string, Set<string>>();
  return (city: string, locality: string, candidate: () => string): string => {
    let names = taken.get(city);
    if (!names) taken.set(city, (names = new Set()));
    let name = candidate();
    for (let attempt = 0; names.has(name) && attempt < 5; attempt++) name = candidate();
    if (names.has(name)) name = `${name}, ${locality}`;
    for (let branch = 2; names.has(name); branch++) name = `${name.replace(/ \(branch \d+\)$/, '')} (branch ${branch})`;
    names.add(name);
    return name;
  };
}
export type NameBook = ReturnType<typeof createNameBook>;

/** Slugs are unique across all doctors: the same name in another city gets the city, then a number. */
export function createSlugBook(existing: Iterable<string> = []) {
  const taken = new Set(existing);
  return (name: string, city: string): string => {
    const base = slugify(name);
    let slug = base;
    if (taken.has(slug)) slug = `${base}-${slugify(city)}`;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${slugify(city)}-${n}`;
    taken.add(slug);
    return slug;
  };
}
export type SlugBook = ReturnType<typeof createSlugBook>;

// ---- Hospitals ----

export function makeHospital(random: Random, city: City, names: NameBook): HospitalRow {
  const template = random.weighted(HOSPITAL_TEMPLATES, (t) => t.weight);
  const address = addressIn(random, city);
  const name = names(city.name, address.locality, () => {
    if (template.place === 'city') return `${template.suffix}, ${city.name}`;
    if (template.place === 'locality') return `${template.suffix}, ${address.locality}`;
    return `${random.pick(HOSPITAL_PREFIXES)} ${template.suffix}`;
  });
  const hospitalType = random.pick(template.types);
  const government = hospitalType === 'GOVERNMENT';
  const specialties = [
    ...new Set([...template.core, ...random.some(template.extra, template.extraCount[0], template.extraCount[1])]),
  ];
  const totalBeds = random.int(template.beds[0], template.beds[1]);
  const emergencyServices = random.chance(template.emergency);
  const icuAvailability = totalBeds >= 40 && (emergencyServices ? random.chance(0.9) : random.chance(0.2));
  const ambulanceService = emergencyServices ? random.chance(0.85) : random.chance(0.15);
  const insurancePartners = government
    ? ['Ayushman Bharat PM-JAY', 'CGHS', 'ESIC'].filter(() => random.chance(0.8))
    : random.some(INSURANCE_PARTNERS, 0, 6);
  const { verificationStatus, status } = visibility(random);
  const kind = lower(HOSPITAL_CLASSIFICATION_LABELS[template.classification]);
  const label = /hospital|centre|home/.test(kind) ? kind : `${kind} hospital`;
  const known = specialties.slice(0, 3).map((s) => lower(SPECIALIZATION_LABELS[s]));
  const description =
    totalBeds === 0 || template.classification === 'URBAN_HEALTH_CENTRE'
      ? `An ${label} in ${address.locality}, ${city.name}: OPD consultations, immunisation and mother-and-child care.`
      : `A ${totalBeds}-bed ${label} in ${address.locality}, ${city.name}, known for ${listOfWords(known)}.` +
        (emergencyServices ? ' Casualty is open round the clock.' : '') +
        (icuAvailability ? ' ICU with ventilator support.' : '');
  return {
    id: random.uuid(),
    name,
    email: mailbox(name, `-${slugify(city.name)}`),
    phone: mobileNumber(random),
    address,
    city: city.name,
    state: city.state,
    pincode: address.pincode,
    ...pointIn(random, city),
    description,
    ...reputation(random, verificationStatus === 'VERIFIED'),
    verificationStatus,
    status,
    registrationNumber: `${STATE_INFO[city.state].code}/CEA/${random.int(2011, 2025)}/${digits(random, 5)}`,
    hospitalType,
    classification: template.classification,
    specialties,
    emergencyServices,
    icuAvailability,
    ambulanceService,
    insurancePartners,
    totalBeds,
    establishedYear: government ? random.int(1890, 1995) : random.int(1972, 2024),
    website: !government && random.chance(0.55) ? `https://${slugify(name)}.example.com` : null,
    ...timestamps(random),
  };
}

const FLOORS = ['Ground floor', '1st floor', '2nd floor', '3rd floor', '4th floor', 'Block B, ground floor'];

export function makeDepartments(random: Random, hospital: HospitalRow, city: City): DepartmentRow[] {
  const specialties = (hospital.specialties ?? []).slice(0, 8) as Specialization[];
  return specialties.map((specialty) => {
    const head = personFrom(random, city.region);
    const label = SPECIALIZATION_LABELS[specialty];
    return {
      id: random.uuid(),
      hospitalId: hospital.id,
      name: label,
      headOfDepartment: `Dr ${fullName(head)}`,
      phone: random.chance(0.7) ? mobileNumber(random) : null,
      floor: random.pick(FLOORS),
      description: `${label}: OPD on weekdays, ${random.pick(['9 am to 1 pm', '10 am to 2 pm', '5 pm to 8 pm'])}; admissions through the front desk.`,
      createdAt: hospital.createdAt,
    };
  });
}

export function makeEmergencyContacts(random: Random, hospital: HospitalRow, city: City): EmergencyContactRow[] {
  const contact = (name: string, designation: string, available24x7: boolean): EmergencyContactRow => ({
    id: random.uuid(),
    hospitalId: hospital.id,
    name,
    designation,
    phone: mobileNumber(random),
    available24x7,
    createdAt: hospital.createdAt,
  });
  if (!hospital.emergencyServices) {
    return [contact(fullName(personFrom(random, city.region)), 'Front office manager', false)];
  }
  const contacts = [contact(`Dr ${fullName(personFrom(random, city.region))}`, 'Casualty medical officer', true)];
  if (hospital.ambulanceService) contacts.push(contact('Ambulance control room', 'Ambulance dispatch', true));
  if (hospital.icuAvailability && random.chance(0.6)) {
    contacts.push(contact(`Sister ${fullName(personFrom(random, city.region, 'FEMALE'))}`, 'ICU in-charge', true));
  }
  return contacts;
}

// ---- Doctors ----

const SPECIALIZATION_POOL = SPECIALIZATIONS.filter((s) => (SPECIALIZATION_WEIGHTS[s] ?? 0) > 0);

function languagesFor(random: Random, city: City): Language[] {
  const spoken = new Set<Language>();
  if (random.chance(0.92)) spoken.add('ENGLISH');
  const [first, ...others] = STATE_INFO[city.state].languages;
  if (first && random.chance(0.9)) spoken.add(first);
  for (const language of others) if (random.chance(0.35)) spoken.add(language);
  if (random.chance(0.6)) spoken.add('HINDI');
  if (spoken.size === 0) spoken.add('ENGLISH');
  return byEnumOrder(LANGUAGES, spoken);
}

export type HospitalRef = Pick<HospitalRow, 'id' | 'address' | 'latitude' | 'longitude' | 'specialties'>;

export function makeDoctor(
  random: Random,
  city: City,
  slugs: SlugBook,
  options: { hospital?: HospitalRef; person?: Person; specialization?: Specialization } = {},
): DoctorRow {
  const { hospital } = options;
  const person = options.person ?? personFrom(random, city.region);
  const fromHospital = (hospital?.specialties ?? []).filter(
    (s) => (SPECIALIZATION_WEIGHTS[s as Specialization] ?? 0) > 0,
  );
  const primary =
    options.specialization ??
    ((fromHospital.length > 0 && random.chance(0.75)
      ? random.pick(fromHospital)
      : random.weighted(SPECIALIZATION_POOL, (s) => SPECIALIZATION_WEIGHTS[s] ?? 0)) as Specialization);
  const related = RELATED_SPECIALIZATIONS[primary] ?? [];
  const specializations = related.length > 0 && random.chance(0.3) ? [primary, random.pick(related)] : [primary];
  const training = TRAINING[primary];
  const experienceYears = random.int(1, 38);
  // Postgraduates mostly; a young doctor may hold the first degree only.
  const qualifications =
    experienceYears < 4 && training.degrees.length > 1 && random.chance(0.5)
      ? training.degrees.slice(0, 1)
      : [...training.degrees];
  const feeBase = random.between(training.fee[0], training.fee[1]) * (0.8 + experienceYears / 60);
  const availability: ConsultationChannel = random.weighted(['OFFLINE', 'BOTH', 'ONLINE'] as const, (c) =>
    c === 'OFFLINE' ? 45 : c === 'BOTH' ? 48 : 7,
  );
  const name = `Dr ${fullName(person)}`;
  const address = hospital ? hospital.address : addressIn(random, city);
  const place =
    hospital && hospital.latitude != null && hospital.longitude != null
      ? { latitude: hospital.latitude, longitude: hospital.longitude }
      : pointIn(random, city);
  const { verificationStatus, status } = visibility(random);
  const languagesSpoken = languagesFor(random, city);
  const specialtyLabel = lower(SPECIALIZATION_LABELS[primary]);
  const spokenLabels = languagesSpoken.map((l) => l.charAt(0) + l.slice(1).toLowerCase());
  return {
    id: random.uuid(),
    name,
    slug: slugs(name, city.name),
    email: mailbox(`dr ${person.firstName} ${person.lastName}`, String(random.int(1, 99))),
    phone: mobileNumber(random),
    address,
    city: city.name,
    state: city.state,
    pincode: address.pincode,
    ...place,
    description:
      `${experienceYears} years in ${specialtyLabel}` +
      (hospital ? `, consulting at the hospital's OPD` : `, with a clinic in ${address.locality}`) +
      `. Speaks ${listOfWords(spokenLabels)}.`,
    ...reputation(random, verificationStatus === 'VERIFIED'),
    verificationStatus,
    status,
    registrationNumber: `${STATE_INFO[city.state].code}MC-${2025 - experienceYears}-${digits(random, 5)}`,
    gender: person.gender,
    specializations,
    qualifications,
    experienceYears,
    consultationFee: Math.max(100, Math.round(feeBase / 50) * 50),
    languagesSpoken,
    availability,
    telemedicineAvailable: availability !== 'OFFLINE' && random.chance(0.85),
    insuranceAccepted: random.some(INSURANCE_PARTNERS, 0, 3),
    hospitalId: hospital?.id ?? null,
    ...timestamps(random),
  };
}

// ---- Diagnostics centres ----

const FACILITY_WEIGHTS: Record<DiagnosticsFacilityType, number> = {
  BLOOD_LAB: 40,
  DIAGNOSTIC_CLINIC: 20,
  IMAGING_CENTER: 20,
  MULTISPECIALTY_DIAGNOSTICS: 20,
};
const CLINIC_EXTRAS: readonly DiagnosticTestType[] = [
  'X_RAY',
  'ULTRASOUND',
  'ECG',
  'TMT',
  'ECHOCARDIOGRAM',
  'PULMONARY_FUNCTION_TEST',
  'AUDIOMETRY',
];

function testsFor(random: Random, facilityType: DiagnosticsFacilityType): DiagnosticTestType[] {
  const tests: DiagnosticTestType[] = [];
  if (facilityType === 'BLOOD_LAB')
    tests.push(...random.some(LAB_TESTS, 8, 20), ...(random.chance(0.4) ? ['ECG' as const] : []));
  if (facilityType === 'IMAGING_CENTER') tests.push(...random.some(IMAGING_TESTS, 3, 8), 'ECG');
  if (facilityType === 'DIAGNOSTIC_CLINIC')
    tests.push(...random.some(LAB_TESTS, 5, 10), ...random.some(CLINIC_EXTRAS, 2, 4));
  if (facilityType === 'MULTISPECIALTY_DIAGNOSTICS') {
    tests.push(
      ...random.some(LAB_TESTS, 12, 23),
      ...random.some(IMAGING_TESTS, 3, 7),
      ...random.some(FUNCTION_TESTS, 3, 8),
    );
  }
  return byEnumOrder(DIAGNOSTIC_TEST_TYPES, tests);
}

export function makeDiagnosticsCentre(random: Random, city: City, names: NameBook): DiagnosticsRow {
  const facilityType = random.weighted(
    Object.keys(FACILITY_WEIGHTS) as DiagnosticsFacilityType[],
    (t) => FACILITY_WEIGHTS[t],
  );
  const address = addressIn(random, city);
  const name = names(
    city.name,
    address.locality,
    () => `${random.pick(DIAGNOSTICS_PREFIXES)} ${random.pick(DIAGNOSTICS_SUFFIXES[facilityType])}`,
  );
  const testsAvailable = testsFor(random, facilityType);
  const equipment = new Set<EquipmentKind>(testsAvailable.flatMap((t) => EQUIPMENT_FOR_TEST[t] ?? []));
  if (facilityType === 'MULTISPECIALTY_DIAGNOSTICS' && random.chance(0.2)) equipment.add('TONOMETER');
  const hasLab = testsAvailable.some((t) => LAB_TESTS.includes(t));
  const hasImaging = testsAvailable.some((t) => IMAGING_TESTS.includes(t));
  const accreditations = [
    ...(hasLab && random.chance(0.6) ? ['NABL'] : []),
    ...(random.chance(0.4) ? ['ISO'] : []),
    ...(random.chance(0.08) ? ['NABH'] : []),
    ...(facilityType === 'MULTISPECIALTY_DIAGNOSTICS' && random.chance(0.1) ? ['CAP'] : []),
    ...(random.chance(0.02) ? ['CLIA'] : []),
    ...(random.chance(0.01) ? ['JCI'] : []),
  ];
  const hasHomeCollection =
    hasLab && random.chance(facilityType === 'BLOOD_LAB' ? 0.75 : facilityType === 'DIAGNOSTIC_CLINIC' ? 0.4 : 0.6);
  const hasEmergencyService = random.chance(facilityType === 'BLOOD_LAB' ? 0.1 : hasImaging ? 0.35 : 0.15);
  const resultsTurnaround: Record<string, number> = {};
  for (const test of testsAvailable) {
    const range = TURNAROUND_HOURS[test];
    if (range) resultsTurnaround[test] = random.int(range[0], range[1]);
  }
  const { verificationStatus, status } = visibility(random);
  const what = hasLab && hasImaging ? 'lab and imaging centre' : hasImaging ? 'imaging centre' : 'pathology lab';
  return {
    id: random.uuid(),
    name,
    email: mailbox(name, name.includes(address.locality) ? '' : `-${slugify(address.locality)}`),
    phone: mobileNumber(random),
    address,
    city: city.name,
    state: city.state,
    pincode: address.pincode,
    ...pointIn(random, city),
    description:
      `${accreditations.includes('NABL') ? 'NABL-accredited ' : ''}${what} in ${address.locality}, ${city.name}` +
      (hasHomeCollection ? `, with home sample collection across ${city.name}.` : '.') +
      (hasEmergencyService ? ' Emergency reporting at any hour.' : ''),
    ...reputation(random, verificationStatus === 'VERIFIED'),
    verificationStatus,
    status,
    licenseNumber: `${STATE_INFO[city.state].code}/DCL/${random.int(2008, 2025)}/${digits(random, 5)}`,
    facilityType,
    testsAvailable,
    equipmentAvailable: byEnumOrder(EQUIPMENT_KINDS, equipment),
    accreditations,
    hasHomeCollection,
    hasEmergencyService,
    insuranceAccepted: random.some(INSURANCE_PARTNERS, 0, 4),
    resultsTurnaround,
    staffing: {
      ...(hasLab ? { pathologists: random.int(1, 4) } : {}),
      ...(hasImaging ? { radiologists: random.int(1, 5) } : {}),
      technicians: random.int(2, 25),
      expertise: random.some(DIAGNOSTICS_EXPERTISE, 0, 3),
    },
    ...timestamps(random),
  };
}

// ---- Pharmacies ----

function openingHours(random: Random, roundTheClock: boolean, government: boolean): OpeningHours {
  const hours: OpeningHours = {};
  if (roundTheClock) {
    for (const day of WEEKDAYS) hours[day] = { open24Hours: true };
    return hours;
  }
  const open = government ? '09:00' : random.pick(['08:00', '08:30', '09:00', '09:30']);
  const close = government ? '20:00' : random.pick(['21:00', '21:30', '22:00', '22:30', '23:00']);
  for (const day of WEEKDAYS) hours[day] = { open, close };
  hours.SUNDAY = government || random.chance(0.3) ? { closed: true } : { open: '09:00', close: '13:30' };
  return hours;
}

export function makePharmacy(random: Random, city: City, names: NameBook): PharmacyRow {
  let style = random.weighted(PHARMACY_STYLES, (s) => s.weight);
  // Siddha medicine is a Tamil tradition; elsewhere that shop is an ordinary chemist.
  if (style.type === 'SIDDHA' && city.state !== 'TAMIL_NADU') style = PHARMACY_STYLES[0]!;
  const address = addressIn(random, city);
  const name = names(city.name, address.locality, () =>
    random
      .pick(style.names)
      .replace('{p}', random.pick(style.type === 'HOSPITAL' ? HOSPITAL_PREFIXES : PHARMACY_PREFIXES))
      .replace('{c}', random.pick(PHARMACY_CHAINS))
      .replace('{l}', address.locality),
  );
  const government = style.type === 'COMMUNITY';
  const hasHomeDelivery =
    style.type === 'ONLINE' || style.type === 'MAIL_ORDER'
      ? true
      : random.chance(style.type === 'RETAIL' || style.type === 'CHAIN' ? 0.55 : 0.2);
  const hasEmergencyService = random.chance(
    style.type === 'HOSPITAL' ? 0.9 : style.type === 'CHAIN' ? 0.3 : style.type === 'RETAIL' ? 0.15 : 0.04,
  );
  const roundTheClock = hasEmergencyService && random.chance(style.type === 'HOSPITAL' ? 0.85 : 0.5);
  const services: PharmacyService[] = [
    ...random.some(['PHARMACIST_CONSULTATION', 'BLOOD_PRESSURE_MONITORING', 'BLOOD_SUGAR_MONITORING'] as const, 1, 3),
    ...(random.chance(0.15) ? (['VACCINATIONS'] as const) : []),
    ...(style.type === 'COMPOUNDING' ? (['COMPOUNDING_SERVICES'] as const) : []),
    ...(hasHomeDelivery ? (['HOME_DELIVERY'] as const) : []),
    ...(hasEmergencyService ? (['EMERGENCY_MEDICATIONS'] as const) : []),
  ];
  const { verificationStatus, status } = visibility(random);
  const phone = mobileNumber(random);
  return {
    id: random.uuid(),
    name,
    email: mailbox(name, name.includes(address.locality) ? '' : `-${slugify(address.locality)}`),
    phone,
    address,
    city: city.name,
    state: city.state,
    pincode: address.pincode,
    ...pointIn(random, city),
    description: government
      ? `Generic medicines at Jan Aushadhi prices in ${address.locality}, ${city.name}.`
      : `${roundTheClock ? 'Open 24 hours' : 'Neighbourhood chemist'} in ${address.locality}, ${city.name}` +
        (hasHomeDelivery ? ', with home delivery nearby.' : '.'),
    ...reputation(random, verificationStatus === 'VERIFIED'),
    verificationStatus,
    status,
    licenseNumber: `${STATE_INFO[city.state].code}/${cityCode(city)}/20B-21B/${random.int(2005, 2025)}/${digits(random, 5)}`,
    pharmacyType: style.type,
    services,
    medicationTypes: [style.medicationTypes[0]!, ...random.some(style.medicationTypes.slice(1), 0, 4)],
    products: random.some(style.products, Math.min(3, style.products.length), style.products.length),
    hasHomeDelivery,
    hasEmergencyService,
    insurancePartners: random.some(['CGHS', 'ECHS', 'ESIC'], 0, 2),
    openingHours: openingHours(random, roundTheClock, government),
    emergencyInfo: hasEmergencyService
      ? {
          available24x7: roundTheClock,
          phone,
          instructions: roundTheClock
            ? 'Ring the bell at the night counter; the pharmacist on duty answers.'
            : 'After closing time, call the number above for urgent prescriptions.',
        }
      : null,
    ...timestamps(random),
  };
}

export function makePharmacists(random: Random, pharmacy: PharmacyRow, city: City): PharmacistRow[] {
  return Array.from({ length: random.int(1, 3) }, () => {
    const person = personFrom(random, city.region);
    const isVerified = pharmacy.verificationStatus === 'VERIFIED' && random.chance(0.85);
    return {
      id: random.uuid(),
      pharmacyId: pharmacy.id,
      name: fullName(person),
      registrationNumber: `${STATE_INFO[city.state].code}PC/${random.int(1995, 2024)}/${digits(random, 5)}`,
      phone: mobileNumber(random),
      email: random.chance(0.5) ? mailbox(`${person.firstName} ${person.lastName}`, String(random.int(1, 99))) : null,
      isVerified,
      verifiedAt: isVerified ? pharmacy.updatedAt : null,
      createdAt: pharmacy.createdAt,
    };
  });
}

// ---- Patients ----

const BLOOD_GROUP_SHARES: ReadonlyArray<readonly [BloodGroup, number]> = [
  ['B_POSITIVE', 32],
  ['O_POSITIVE', 31],
  ['A_POSITIVE', 22],
  ['AB_POSITIVE', 8],
  ['B_NEGATIVE', 2.5],
  ['O_NEGATIVE', 2],
  ['A_NEGATIVE', 1.5],
  ['AB_NEGATIVE', 1],
];

const RELATIVE_GENDER: Readonly<Record<string, 'MALE' | 'FEMALE'>> = {
  Father: 'MALE',
  Son: 'MALE',
  Brother: 'MALE',
  Mother: 'FEMALE',
  Daughter: 'FEMALE',
  Sister: 'FEMALE',
};

const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

export function makePatient(
  random: Random,
  city: City,
  createdBy: string | null,
): { patient: PatientRow; born: number } {
  const person = personFrom(random, city.region);
  const gender = random.chance(0.005) ? 'OTHER' : person.gender;
  const age = Math.min(92, Math.floor(random.next() ** 1.3 * 90) + 1);
  const born = DEMO_EPOCH.getTime() - (age * 365 + random.int(0, 364)) * DAY_MS;
  const relationship = random.pick(RELATIONSHIPS);
  const relativeGender = RELATIVE_GENDER[relationship] ?? (person.gender === 'FEMALE' ? 'MALE' : 'FEMALE');
  const relative = personFrom(random, city.region, relativeGender);
  const withAddress = random.chance(0.85);
  const address = withAddress ? addressIn(random, city) : null;
  const chronicConditions = age >= 35 && random.chance(0.35) ? random.some(CHRONIC_CONDITIONS, 1, 2) : [];
  const stamps = timestamps(random);
  // A baby is registered after being born.
  if (stamps.createdAt.getTime() < born) stamps.createdAt = new Date(born + 7 * DAY_MS);
  if (stamps.updatedAt < stamps.createdAt) stamps.updatedAt = stamps.createdAt;
  return {
    born,
    patient: {
      id: random.uuid(),
      firstName: person.firstName,
      lastName: person.lastName,
      email: random.chance(0.6) ? mailbox(`${person.firstName} ${person.lastName}`, String(random.int(1, 999))) : null,
      phone: mobileNumber(random),
      dateOfBirth: isoDate(born),
      gender,
      bloodGroup: random.chance(0.9) ? random.weighted(BLOOD_GROUP_SHARES, ([, share]) => share)[0] : null,
      address,
      city: city.name,
      state: city.state,
      emergencyContact: {
        name: `${relative.firstName} ${person.lastName}`,
        relationship,
        phone: mobileNumber(random),
      },
      allergies: random.chance(0.2) ? random.some(ALLERGIES, 1, 2) : [],
      chronicConditions,
      createdBy,
      ...stamps,
      deletedAt: null,
    },
  };
}

export function makeMedicalHistory(
  random: Random,
  patient: PatientRow,
  born: number,
  recordedBy: string,
): MedicalHistoryRow[] {
  const count = random.chance(0.6) ? random.int(1, 3) : 0;
  const from = born + 365 * DAY_MS;
  return random.some(PAST_CONDITIONS, count, count).map((past) => ({
    id: random.uuid(),
    patientId: patient.id,
    condition: past.condition,
    diagnosedOn: isoDate(from + Math.floor(random.next() * (DEMO_EPOCH.getTime() - from))),
    severity: past.severity,
    notes: past.notes,
    recordedBy,
    createdAt: patient.createdAt,
  }));
}
