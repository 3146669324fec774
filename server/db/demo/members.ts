import { DEMO_RESULTS_TURNAROUND, DEMO_TESTS_AVAILABLE } from './diagnosticsCatalogue.ts';
import type { Address } from '../../../domain/schemas/common.ts';
import type {
  DepartmentRow,
  DiagnosticsRow,
  DoctorRow,
  EmergencyContactRow,
  HospitalRow,
  MedicalHistoryRow,
  PatientRow,
  PharmacistRow,
  PharmacyRow,
} from './generators.ts';

/** Fixed ids, so the demo profiles and the accounts linked to them are the same on every machine. */
export const DEMO_REFERENCE_IDS = {
  hospital: '0d3c5a0e-7a51-4c1b-9a38-000000000001',
  doctor: '0d3c5a0e-7a51-4c1b-9a38-000000000002',
  diagnostics: '0d3c5a0e-7a51-4c1b-9a38-000000000003',
  pharmacy: '0d3c5a0e-7a51-4c1b-9a38-000000000004',
  patient: '0d3c5a0e-7a51-4c1b-9a38-000000000005',
} as const;

/** The demo accounts' own ids, fixed too: rows that record who created them point at these. */
export const DEMO_USER_IDS: Readonly<Record<string, string>> = {
  'admin@caremesh.test': '0d3c5a0e-7a51-4c1b-9a38-000000000101',
  'hospital@caremesh.test': '0d3c5a0e-7a51-4c1b-9a38-000000000102',
  'doctor@caremesh.test': '0d3c5a0e-7a51-4c1b-9a38-000000000103',
  'diagnostics@caremesh.test': '0d3c5a0e-7a51-4c1b-9a38-000000000104',
  'pharmacy@caremesh.test': '0d3c5a0e-7a51-4c1b-9a38-000000000105',
  'patient@caremesh.test': '0d3c5a0e-7a51-4c1b-9a38-000000000106',
  'user@caremesh.test': '0d3c5a0e-7a51-4c1b-9a38-000000000107',
  'newhospital@caremesh.test': '0d3c5a0e-7a51-4c1b-9a38-000000000108',
  'frontdesk@caremesh.test': '0d3c5a0e-7a51-4c1b-9a38-000000000109',
  'billing@caremesh.test': '0d3c5a0e-7a51-4c1b-9a38-000000000110',
  'pharmacist@caremesh.test': '0d3c5a0e-7a51-4c1b-9a38-000000000111',
  'qc@caremesh.test': '0d3c5a0e-7a51-4c1b-9a38-000000000112',
  'collector@caremesh.test': '0d3c5a0e-7a51-4c1b-9a38-000000000113',
  'signer@caremesh.test': '0d3c5a0e-7a51-4c1b-9a38-000000000114',
};
export const DEMO_DOCTOR_USER_ID = DEMO_USER_IDS['doctor@caremesh.test']!;
export const DEMO_HOSPITAL_USER_ID = DEMO_USER_IDS['hospital@caremesh.test']!;

const at = (iso: string) => new Date(iso);
const memberId = (n: number) => `0d3c5a0e-7a51-4c1b-9a38-${String(n).padStart(12, '0')}`;

const HOSPITAL_ADDRESS: Address = {
  buildingNumber: '30-C',
  street: 'Karve Road',
  locality: 'Deccan Gymkhana',
  landmark: 'Near Nal Stop',
  city: 'Pune',
  state: 'MAHARASHTRA',
  pincode: '411004',
};

const hospital: HospitalRow = {
  id: DEMO_REFERENCE_IDS.hospital,
  name: 'Sahyadri Care Hospital',
  email: 'hospital@caremesh.test',
  phone: '9850012345',
  address: HOSPITAL_ADDRESS,
  city: 'Pune',
  state: 'MAHARASHTRA',
  pincode: '411004',
  latitude: 18.507612,
  longitude: 73.832417,
  description:
    'A 220-bed multi-speciality hospital on Karve Road, Pune: cardiac care with a cath lab, neurology, joint ' +
    'replacement, a level III NICU and a casualty that never closes.',
  rating: 4.5,
  reviewCount: 812,
  verificationStatus: 'VERIFIED',
  status: 'ACTIVE',
  registrationNumber: 'MH/CEA/2012/01457',
  hospitalType: 'MULTISPECIALTY',
  classification: 'MULTISPECIALTY',
  specialties: [
    'CARDIOLOGY',
    'NEUROLOGY',
    'ORTHOPEDICS',
    'PEDIATRICS',
    'NEONATOLOGY',
    'OBSTETRICS_GYNECOLOGY',
    'GENERAL_MEDICINE',
    'GENERAL_SURGERY',
    'NEPHROLOGY',
    'EMERGENCY_MEDICINE',
    'CRITICAL_CARE',
    'RADIOLOGY',
  ],
  emergencyServices: true,
  icuAvailability: true,
  ambulanceService: true,
  insurancePartners: ['Ayushman Bharat PM-JAY', 'CGHS', 'ECHS', 'New India Assurance', 'United India Insurance'],
  totalBeds: 220,
  establishedYear: 2004,
  website: 'https://sahyadri-care-hospital.example.com',
  createdAt: at('2024-03-11T10:15:00+05:30'),
  updatedAt: at('2025-11-02T16:40:00+05:30'),
};

const department = (
  n: number,
  name: string,
  headOfDepartment: string,
  phone: string,
  floor: string,
  description: string,
): DepartmentRow => ({
  id: memberId(200 + n),
  hospitalId: hospital.id,
  name,
  headOfDepartment,
  phone,
  floor,
  description,
  createdAt: hospital.createdAt,
});

const departments: DepartmentRow[] = [
  department(1, 'Cardiology', 'Dr Arjun Rao', '9850012351', '3rd floor', 'OPD, cath lab, echo and TMT; cardiac ICU.'),
  department(2, 'Neurology', 'Dr Farhan Shaikh', '9850012352', '4th floor', 'Stroke unit, EEG and EMG studies.'),
  department(3, 'Orthopaedics', 'Dr Sunil Kulkarni', '9850012353', '2nd floor', 'Joint replacement and trauma.'),
  department(4, 'Paediatrics', 'Dr Madhuri Deshpande', '9850012354', '1st floor', 'Child OPD and level III NICU.'),
  department(5, 'Obstetrics & gynaecology', 'Dr Ashwini Joshi', '9850012355', '1st floor', 'Labour ward, IVF clinic.'),
  department(
    6,
    'General medicine',
    'Dr Vaishali Gokhale',
    '9850012356',
    'Ground floor',
    'OPD 9 am to 1 pm, 5 to 8 pm.',
  ),
  department(7, 'Emergency medicine', 'Dr Omkar Patil', '9850012357', 'Ground floor', 'Casualty and triage, 24 hours.'),
];

const emergencyContact = (
  n: number,
  name: string,
  designation: string,
  phone: string,
  available24x7: boolean,
): EmergencyContactRow => ({
  id: memberId(300 + n),
  hospitalId: hospital.id,
  name,
  designation,
  phone,
  available24x7,
  createdAt: hospital.createdAt,
});

const emergencyContacts: EmergencyContactRow[] = [
  emergencyContact(1, 'Dr Omkar Patil', 'Head, emergency medicine', '9850012360', true),
  emergencyContact(2, 'Ambulance control room', 'Ambulance dispatch', '9850012361', true),
  emergencyContact(3, 'Blood bank', 'Blood bank duty officer', '9850012362', true),
  emergencyContact(4, 'Sister Mary Fernandes', 'Nursing superintendent', '9850012363', false),
];

const doctor: DoctorRow = {
  id: DEMO_REFERENCE_IDS.doctor,
  name: 'Dr Arjun Rao',
  slug: 'dr-arjun-rao',
  email: 'doctor@caremesh.test',
  phone: '9822045678',
  address: HOSPITAL_ADDRESS,
  city: 'Pune',
  state: 'MAHARASHTRA',
  pincode: '411004',
  latitude: hospital.latitude,
  longitude: hospital.longitude,
  description:
    'Interventional cardiologist with 14 years of practice: angioplasty, heart failure and preventive ' +
    'cardiology. Heads cardiology at Sahyadri Care Hospital; video consultations on weekday evenings.',
  rating: 4.8,
  reviewCount: 356,
  verificationStatus: 'VERIFIED',
  status: 'ACTIVE',
  registrationNumber: 'MHMC-2011-07731',
  gender: 'MALE',
  specializations: ['CARDIOLOGY', 'CRITICAL_CARE'],
  qualifications: ['MBBS', 'MD (General Medicine)', 'DM (Cardiology)'],
  experienceYears: 14,
  consultationFee: 1000,
  languagesSpoken: ['ENGLISH', 'HINDI', 'MARATHI', 'KANNADA'],
  availability: 'BOTH',
  telemedicineAvailable: true,
  insuranceAccepted: ['CGHS', 'ECHS', 'New India Assurance'],
  hospitalId: hospital.id,
  createdAt: at('2024-03-18T09:30:00+05:30'),
  updatedAt: at('2025-10-21T18:05:00+05:30'),
};

const diagnostics: DiagnosticsRow = {
  id: DEMO_REFERENCE_IDS.diagnostics,
  name: 'Precision Diagnostics',
  email: 'diagnostics@caremesh.test',
  phone: '9890034567',
  address: {
    buildingNumber: 'Shop 4-6',
    street: 'Paud Road',
    locality: 'Kothrud',
    landmark: 'Near Kothrud Depot',
    city: 'Pune',
    state: 'MAHARASHTRA',
    pincode: '411038',
  },
  city: 'Pune',
  state: 'MAHARASHTRA',
  pincode: '411038',
  latitude: 18.50741,
  longitude: 73.807702,
  description:
    'NABL-accredited lab with MRI, CT and digital X-ray under one roof in Kothrud. Home sample collection ' +
    'across Pune from 6 am; most blood reports the same evening.',
  rating: 4.6,
  reviewCount: 1204,
  verificationStatus: 'VERIFIED',
  status: 'ACTIVE',
  licenseNumber: 'MH/DCL/2013/00388',
  facilityType: 'MULTISPECIALTY_DIAGNOSTICS',
  testsAvailable: DEMO_TESTS_AVAILABLE,
  equipmentAvailable: [
    'MRI_MACHINE',
    'CT_SCANNER',
    'X_RAY_MACHINE',
    'ULTRASOUND_MACHINE',
    'ECG_MACHINE',
    'BLOOD_ANALYZER',
    'MICROSCOPE',
    'CENTRIFUGE',
    'AUTOANALYZER',
    'MAMMOGRAPHY_MACHINE',
  ],
  accreditations: ['NABL', 'ISO'],
  hasHomeCollection: true,
  hasEmergencyService: true,
  insuranceAccepted: ['CGHS', 'ECHS', 'New India Assurance', 'Oriental Insurance'],
  resultsTurnaround: DEMO_RESULTS_TURNAROUND,
  staffing: {
    pathologists: 3,
    radiologists: 2,
    technicians: 14,
    expertise: ['Histopathology', 'Neuroradiology', 'Clinical biochemistry'],
  },
  createdAt: at('2024-04-02T11:00:00+05:30'),
  updatedAt: at('2025-09-14T12:20:00+05:30'),
};

const pharmacy: PharmacyRow = {
  id: DEMO_REFERENCE_IDS.pharmacy,
  name: 'Jeevan Pharmacy',
  email: 'pharmacy@caremesh.test',
  phone: '9767056789',
  address: {
    buildingNumber: 'Shop 2',
    street: 'ITI Road',
    locality: 'Aundh',
    landmark: 'Near Bremen Chowk',
    city: 'Pune',
    state: 'MAHARASHTRA',
    pincode: '411007',
  },
  city: 'Pune',
  state: 'MAHARASHTRA',
  pincode: '411007',
  latitude: 18.558964,
  longitude: 73.808713,
  description:
    'Family chemist in Aundh since 1998: prescription and generic medicines, diabetes care, free BP and ' +
    'sugar checks, and home delivery within 5 km until 11 pm.',
  rating: 4.4,
  reviewCount: 468,
  verificationStatus: 'VERIFIED',
  status: 'ACTIVE',
  licenseNumber: 'MH/PUN/20B-21B/2015/45821',
  pharmacyType: 'RETAIL',
  services: [
    'PHARMACIST_CONSULTATION',
    'BLOOD_PRESSURE_MONITORING',
    'BLOOD_SUGAR_MONITORING',
    'HOME_DELIVERY',
    'EMERGENCY_MEDICATIONS',
  ],
  medicationTypes: ['PRESCRIPTION', 'OTC', 'GENERIC', 'NUTRACEUTICALS', 'VITAMINS'],
  products: [
    'PAIN_RELIEF',
    'ANTIBIOTICS',
    'COUGH_COLD',
    'DIGESTIVE_AIDS',
    'DIABETES_CARE',
    'BABY_CARE',
    'SKIN_CARE',
    'INHALERS_RESPIRATORY',
    'FIRST_AID',
  ],
  hasHomeDelivery: true,
  hasEmergencyService: true,
  insurancePartners: ['ECHS', 'CGHS'],
  openingHours: {
    MONDAY: { open: '08:00', close: '23:00' },
    TUESDAY: { open: '08:00', close: '23:00' },
    WEDNESDAY: { open: '08:00', close: '23:00' },
    THURSDAY: { open: '08:00', close: '23:00' },
    FRIDAY: { open: '08:00', close: '23:00' },
    SATURDAY: { open: '08:00', close: '23:00' },
    SUNDAY: { open: '09:00', close: '14:00' },
  },
  emergencyInfo: {
    available24x7: false,
    phone: '9767056790',
    instructions: 'After 11 pm, call the pharmacist on duty; urgent prescriptions are delivered within 5 km.',
  },
  createdAt: at('2024-02-20T14:45:00+05:30'),
  updatedAt: at('2025-12-01T10:10:00+05:30'),
};

const pharmacist = (
  n: number,
  name: string,
  registrationNumber: string,
  phone: string,
  verified: boolean,
): PharmacistRow => ({
  id: memberId(400 + n),
  pharmacyId: pharmacy.id,
  name,
  registrationNumber,
  phone,
  email: null,
  isVerified: verified,
  verifiedAt: verified ? at('2024-03-05T12:00:00+05:30') : null,
  createdAt: pharmacy.createdAt,
});

const pharmacistRows: PharmacistRow[] = [
  pharmacist(1, 'Rutuja Pawar', 'MHPC/2012/48213', '9767056791', true),
  pharmacist(2, 'Sameer Shaikh', 'MHPC/2016/61907', '9767056792', true),
  pharmacist(3, 'Nikhil Apte', 'MHPC/2023/90412', '9767056793', false),
];

const patient: PatientRow = {
  id: DEMO_REFERENCE_IDS.patient,
  firstName: 'Priya',
  lastName: 'Sharma',
  email: 'patient@caremesh.test',
  phone: '9881067890',
  dateOfBirth: '1992-08-14',
  gender: 'FEMALE',
  bloodGroup: 'B_POSITIVE',
  address: {
    buildingNumber: 'B-704',
    street: 'Baner Road',
    locality: 'Baner',
    landmark: 'Opposite the city park',
    city: 'Pune',
    state: 'MAHARASHTRA',
    pincode: '411045',
  },
  city: 'Pune',
  state: 'MAHARASHTRA',
  emergencyContact: { name: 'Rohit Sharma', relationship: 'Spouse', phone: '9881067891' },
  allergies: ['Penicillin'],
  chronicConditions: ['Hypothyroidism'],
  createdBy: DEMO_DOCTOR_USER_ID,
  createdAt: at('2024-05-06T17:20:00+05:30'),
  updatedAt: at('2025-10-21T18:30:00+05:30'),
  deletedAt: null,
};

const history = (n: number, condition: string, diagnosedOn: string, severity: 'MILD' | 'MODERATE', notes: string) => ({
  id: memberId(500 + n),
  patientId: patient.id,
  condition,
  diagnosedOn,
  severity,
  notes,
  recordedBy: DEMO_DOCTOR_USER_ID,
  createdAt: patient.createdAt,
});

const medicalHistoryRows: MedicalHistoryRow[] = [
  history(1, 'Hypothyroidism', '2019-02-11', 'MILD', 'On levothyroxine 50 mcg; TSH normal at the last check.'),
  history(2, 'Iron-deficiency anaemia', '2021-07-23', 'MILD', 'Hb 10.1 g/dL; three months of oral iron.'),
  history(3, 'Dengue fever', '2023-09-04', 'MODERATE', 'Platelets fell to 58,000; recovered with fluids.'),
];

/** The profiles the demo accounts act for, with everything a real member would have filled in. */
export const DEMO_MEMBERS = {
  hospital,
  departments,
  emergencyContacts,
  doctor,
  diagnostics,
  pharmacy,
  pharmacists: pharmacistRows,
  patient,
  medicalHistory: medicalHistoryRows,
};
