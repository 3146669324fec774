/**
 * Every enumeration of SPEC §3, spelt exactly as the SPEC spells it, each with a human label map.
 * Lists the SPEC does not show in full (test types, specialisations, document types, hospital
 * classifications) are completed from Indian practice while keeping every value the SPEC names.
 */

/** Words whose display form is not plain lower case: acronyms and Indian-English spellings. */
const WORD_LABELS: Readonly<Record<string, string>> = {
  AERB: 'AERB',
  ANALYZER: 'analyser',
  ANESTHESIOLOGY: 'anaesthesiology',
  AUTHORIZATION: 'authorisation',
  CAP: 'CAP',
  CBC: 'CBC',
  CENTER: 'centre',
  CLIA: 'CLIA',
  CRP: 'CRP',
  CT: 'CT',
  DEFENSE: 'defence',
  DEXA: 'DEXA',
  ECG: 'ECG',
  EEG: 'EEG',
  EMG: 'EMG',
  ENT: 'ENT',
  ESI: 'ESI',
  ESR: 'ESR',
  FSSAI: 'FSSAI',
  GI: 'GI',
  GST: 'GST',
  GYNECOLOGY: 'gynaecology',
  HBA1C: 'HbA1c',
  HEMATOLOGY: 'haematology',
  ISO: 'ISO',
  JCI: 'JCI',
  KFT: 'KFT',
  LFT: 'LFT',
  LICENSE: 'licence',
  MRI: 'MRI',
  MULTISPECIALTY: 'multi-speciality',
  NABH: 'NABH',
  NABL: 'NABL',
  NGO: 'NGO',
  NOC: 'NOC',
  ORTHOPEDICS: 'orthopaedics',
  OTC: 'OTC',
  PAN: 'PAN',
  PCPNDT: 'PCPNDT',
  PCR: 'PCR',
  PEDIATRIC: 'paediatric',
  PEDIATRICS: 'paediatrics',
  PET: 'PET',
  REUPLOAD: 're-upload',
  SMS: 'SMS',
  SPECIALTY: 'speciality',
  TFT: 'TFT',
  TMT: 'TMT',
};

/** 'SUPER_SPECIALTY' → 'Super speciality'; acronyms keep their capitals. */
function humanize(value: string): string {
  const words = value.split('_').map((word) => {
    const known = WORD_LABELS[word];
    if (known !== undefined) return known;
    // Single letters and letter-digit codes (Vitamin D, B12) read as written.
    if (word.length === 1 || /\d/.test(word)) return word;
    return word.toLowerCase();
  });
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** 'TAMIL_NADU' → 'Tamil Nadu', for place names. */
function titleCase(value: string): string {
  return value
    .split('_')
    .map((word) => word.charAt(0) + word.slice(1).toLowerCase())
    .join(' ');
}

function labelsFor<const T extends string>(
  values: readonly T[],
  overrides: Partial<Record<T, string>> = {},
  format: (value: string) => string = humanize,
): Record<T, string> {
  const labels = {} as Record<T, string>;
  for (const value of values) labels[value] = overrides[value] ?? format(value);
  return labels;
}

/** The label for a value, or `fallback` when the value is missing or not in the map. */
export function labelOf<T extends string>(
  labels: Readonly<Record<T, string>>,
  value: string | null | undefined,
  fallback = '',
): string {
  if (value == null || !Object.hasOwn(labels, value)) return fallback;
  return labels[value as T];
}

/** Type guard: is `value` one of the enumeration's values? */
export function isOneOf<const T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

// ---- Accounts and roles ----

export const ROLES = ['USER', 'ADMIN', 'PATIENT', 'DOCTOR', 'HOSPITAL', 'DIAGNOSTICS', 'PHARMACY'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = {
  ADMIN: 'Admin',
  HOSPITAL: 'Hospital',
  DOCTOR: 'Doctor',
  DIAGNOSTICS: 'Diagnostics',
  PHARMACY: 'Pharmacy',
  PATIENT: 'Patient',
  USER: 'User',
};

export const ACCOUNT_STATUSES = ['ACTIVE', 'INACTIVE', 'SUSPENDED', 'PENDING', 'UNDER_REVIEW'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export const ACCOUNT_STATUS_LABELS = labelsFor(ACCOUNT_STATUSES);

export const ACTORS = ['PATIENT', 'DOCTOR', 'HOSPITAL', 'SYSTEM'] as const;
export type Actor = (typeof ACTORS)[number];
export const ACTOR_LABELS = labelsFor(ACTORS);

export const GENDERS = ['MALE', 'FEMALE', 'OTHER'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS = labelsFor(GENDERS);

export const BLOOD_GROUPS = [
  'A_POSITIVE',
  'A_NEGATIVE',
  'B_POSITIVE',
  'B_NEGATIVE',
  'AB_POSITIVE',
  'AB_NEGATIVE',
  'O_POSITIVE',
  'O_NEGATIVE',
] as const;
export type BloodGroup = (typeof BLOOD_GROUPS)[number];
export const BLOOD_GROUP_LABELS: Record<BloodGroup, string> = {
  A_POSITIVE: 'A+',
  A_NEGATIVE: 'A-',
  B_POSITIVE: 'B+',
  B_NEGATIVE: 'B-',
  AB_POSITIVE: 'AB+',
  AB_NEGATIVE: 'AB-',
  O_POSITIVE: 'O+',
  O_NEGATIVE: 'O-',
};

/** The 22 languages of the Eighth Schedule plus English, for doctors' languagesSpoken. */
export const LANGUAGES = [
  'ENGLISH',
  'HINDI',
  'BENGALI',
  'TELUGU',
  'MARATHI',
  'TAMIL',
  'URDU',
  'GUJARATI',
  'KANNADA',
  'ODIA',
  'MALAYALAM',
  'PUNJABI',
  'ASSAMESE',
  'MAITHILI',
  'SANTALI',
  'KASHMIRI',
  'NEPALI',
  'SINDHI',
  'KONKANI',
  'DOGRI',
  'MANIPURI',
  'BODO',
  'SANSKRIT',
] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_LABELS = labelsFor(LANGUAGES);

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const SORT_ORDER_LABELS: Record<SortOrder, string> = { asc: 'Ascending', desc: 'Descending' };

// ---- Places ----

/** The 28 states (union territories are not states and are not in the SPEC's list). */
export const INDIAN_STATES = [
  'ANDHRA_PRADESH',
  'ARUNACHAL_PRADESH',
  'ASSAM',
  'BIHAR',
  'CHHATTISGARH',
  'GOA',
  'GUJARAT',
  'HARYANA',
  'HIMACHAL_PRADESH',
  'JHARKHAND',
  'KARNATAKA',
  'KERALA',
  'MADHYA_PRADESH',
  'MAHARASHTRA',
  'MANIPUR',
  'MEGHALAYA',
  'MIZORAM',
  'NAGALAND',
  'ODISHA',
  'PUNJAB',
  'RAJASTHAN',
  'SIKKIM',
  'TAMIL_NADU',
  'TELANGANA',
  'TRIPURA',
  'UTTAR_PRADESH',
  'UTTARAKHAND',
  'WEST_BENGAL',
] as const;
export type IndianState = (typeof INDIAN_STATES)[number];
export const INDIAN_STATE_LABELS = labelsFor(INDIAN_STATES, {}, titleCase);

/** The eight union territories: not states (the SPEC's list stays the 28), but where many providers are. */
export const INDIAN_UNION_TERRITORIES = [
  'ANDAMAN_AND_NICOBAR_ISLANDS',
  'CHANDIGARH',
  'DADRA_AND_NAGAR_HAVELI_AND_DAMAN_AND_DIU',
  'DELHI',
  'JAMMU_AND_KASHMIR',
  'LADAKH',
  'LAKSHADWEEP',
  'PUDUCHERRY',
] as const;
export type IndianUnionTerritory = (typeof INDIAN_UNION_TERRITORIES)[number];

/** Where an address may be: the 28 states, then the 8 union territories (labelled as such). */
export const INDIAN_REGIONS = [...INDIAN_STATES, ...INDIAN_UNION_TERRITORIES] as const;
export type IndianRegion = (typeof INDIAN_REGIONS)[number];
export const INDIAN_REGION_LABELS: Record<IndianRegion, string> = {
  ...INDIAN_STATE_LABELS,
  ANDAMAN_AND_NICOBAR_ISLANDS: 'Andaman and Nicobar Islands (union territory)',
  CHANDIGARH: 'Chandigarh (union territory)',
  DADRA_AND_NAGAR_HAVELI_AND_DAMAN_AND_DIU: 'Dadra and Nagar Haveli and Daman and Diu (union territory)',
  DELHI: 'Delhi (union territory)',
  JAMMU_AND_KASHMIR: 'Jammu and Kashmir (union territory)',
  LADAKH: 'Ladakh (union territory)',
  LAKSHADWEEP: 'Lakshadweep (union territory)',
  PUDUCHERRY: 'Puducherry (union territory)',
};

export const GEO_TYPES = ['Point'] as const;
export type GeoType = (typeof GEO_TYPES)[number];
export const GEO_TYPE_LABELS: Record<GeoType, string> = { Point: 'Point' };

export const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS = labelsFor(WEEKDAYS);

// ---- Organisations and providers ----

export const PROVIDER_KINDS = ['HOSPITAL', 'DIAGNOSTICS', 'PHARMACY', 'DOCTOR'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];
export const PROVIDER_KIND_LABELS = labelsFor(PROVIDER_KINDS);

export const RECORD_STATUSES = [
  'DRAFT',
  'PENDING',
  'ACTIVE',
  'INACTIVE',
  'MAINTENANCE',
  'UNDER_REVIEW',
  'REQUIRES_UPDATE',
  'ON_HOLD',
  'SUSPENDED',
  'BLOCKED',
  'BLACKLISTED',
  'EXPIRED',
  'ARCHIVED',
  'DELETED',
] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];
export const RECORD_STATUS_LABELS = labelsFor(RECORD_STATUSES);

export const HOSPITAL_TYPES = [
  'GOVERNMENT',
  'PRIVATE',
  'TRUST_CHARITY',
  'MILITARY_DEFENSE',
  'MULTISPECIALTY',
  'CORPORATE',
  'FREE_CHARITY',
  'PAY_FOR_SERVICE',
  'INSURANCE_BASED',
  'NGO',
  'PUBLIC_PRIVATE',
] as const;
export type HospitalType = (typeof HOSPITAL_TYPES)[number];
export const HOSPITAL_TYPE_LABELS = labelsFor(HOSPITAL_TYPES, {
  TRUST_CHARITY: 'Trust / charity',
  MILITARY_DEFENSE: 'Military / defence',
  FREE_CHARITY: 'Free / charity',
  INSURANCE_BASED: 'Insurance-based',
  PUBLIC_PRIVATE: 'Public–private partnership',
});

/** Level of care and public-health tier, as hospitals in India describe themselves. */
export const HOSPITAL_CLASSIFICATIONS = [
  'GENERAL',
  'TEACHING',
  'SPECIALTY',
  'SUPER_SPECIALTY',
  'MULTISPECIALTY',
  'MEDICAL_COLLEGE_HOSPITAL',
  'DISTRICT_HOSPITAL',
  'SUB_DISTRICT_HOSPITAL',
  'COMMUNITY_HEALTH_CENTRE',
  'PRIMARY_HEALTH_CENTRE',
  'URBAN_HEALTH_CENTRE',
  'ESI_HOSPITAL',
  'NURSING_HOME',
  'MATERNITY_HOSPITAL',
  'CHILDRENS_HOSPITAL',
  'EYE_HOSPITAL',
  'CANCER_HOSPITAL',
  'CARDIAC_HOSPITAL',
  'PSYCHIATRIC_HOSPITAL',
  'DENTAL_HOSPITAL',
  'TRAUMA_CENTRE',
  'REHABILITATION_CENTRE',
  'DAY_CARE_CENTRE',
  'AYUSH_HOSPITAL',
] as const;
export type HospitalClassification = (typeof HOSPITAL_CLASSIFICATIONS)[number];
export const HOSPITAL_CLASSIFICATION_LABELS = labelsFor(HOSPITAL_CLASSIFICATIONS, {
  CHILDRENS_HOSPITAL: "Children's hospital",
  AYUSH_HOSPITAL: 'AYUSH hospital',
  DAY_CARE_CENTRE: 'Day-care centre',
  SUB_DISTRICT_HOSPITAL: 'Sub-district hospital',
});

export const DIAGNOSTICS_FACILITY_TYPES = [
  'IMAGING_CENTER',
  'BLOOD_LAB',
  'DIAGNOSTIC_CLINIC',
  'MULTISPECIALTY_DIAGNOSTICS',
] as const;
export type DiagnosticsFacilityType = (typeof DIAGNOSTICS_FACILITY_TYPES)[number];
export const DIAGNOSTICS_FACILITY_TYPE_LABELS = labelsFor(DIAGNOSTICS_FACILITY_TYPES);

export const ACCREDITATIONS = ['NABL', 'ISO', 'CAP', 'JCI', 'NABH', 'CLIA'] as const;
export type Accreditation = (typeof ACCREDITATIONS)[number];
export const ACCREDITATION_LABELS = labelsFor(ACCREDITATIONS);

export const EQUIPMENT_KINDS = [
  'MRI_MACHINE',
  'CT_SCANNER',
  'X_RAY_MACHINE',
  'ULTRASOUND_MACHINE',
  'ECG_MACHINE',
  'EEG_MACHINE',
  'BLOOD_ANALYZER',
  'MICROSCOPE',
  'CENTRIFUGE',
  'AUTOANALYZER',
  'FLOW_CYTOMETER',
  'PCR_MACHINE',
  'MAMMOGRAPHY_MACHINE',
  'DEXA_SCANNER',
  'PET_SCANNER',
  'ENDOSCOPY_EQUIPMENT',
  'COLONOSCOPY_EQUIPMENT',
  'BRONCHOSCOPY_EQUIPMENT',
  'AUDIOMETER',
  'TONOMETER',
  'SLEEP_STUDY_EQUIPMENT',
] as const;
export type EquipmentKind = (typeof EQUIPMENT_KINDS)[number];
export const EQUIPMENT_KIND_LABELS = labelsFor(EQUIPMENT_KINDS, {
  X_RAY_MACHINE: 'X-ray machine',
  AUTOANALYZER: 'Autoanalyser',
});

/** Imaging, blood and lab, cardiac, neuro, endoscopy, genetic and other tests offered in India. */
export const DIAGNOSTIC_TEST_TYPES = [
  'X_RAY',
  'CT_SCAN',
  'MRI',
  'ULTRASOUND',
  'DOPPLER_ULTRASOUND',
  'MAMMOGRAPHY',
  'PET_CT',
  'DEXA_SCAN',
  'FLUOROSCOPY',
  'CBC',
  'LIPID_PROFILE',
  'LFT',
  'KFT',
  'TFT',
  'BLOOD_GLUCOSE',
  'HBA1C',
  'URINE_ROUTINE',
  'STOOL_ROUTINE',
  'ELECTROLYTES',
  'VITAMIN_D',
  'VITAMIN_B12',
  'IRON_STUDIES',
  'COAGULATION_PROFILE',
  'ESR',
  'CRP',
  'CULTURE_SENSITIVITY',
  'BLOOD_GROUPING',
  'ECG',
  'ECHOCARDIOGRAM',
  'TMT',
  'HOLTER_MONITORING',
  'CARDIAC_MARKERS',
  'EEG',
  'EMG',
  'NERVE_CONDUCTION_STUDY',
  'UPPER_GI_ENDOSCOPY',
  'COLONOSCOPY',
  'BRONCHOSCOPY',
  'KARYOTYPING',
  'GENETIC_TESTING',
  'PULMONARY_FUNCTION_TEST',
  'SLEEP_STUDY',
  'AUDIOMETRY',
  'HISTOPATHOLOGY',
  'PAP_SMEAR',
] as const;
export type DiagnosticTestType = (typeof DIAGNOSTIC_TEST_TYPES)[number];
export const DIAGNOSTIC_TEST_TYPE_LABELS = labelsFor(DIAGNOSTIC_TEST_TYPES, {
  X_RAY: 'X-ray',
  PET_CT: 'PET-CT',
  CBC: 'Complete blood count (CBC)',
  LFT: 'Liver function test (LFT)',
  KFT: 'Kidney function test (KFT)',
  TFT: 'Thyroid function test (TFT)',
  ELECTROLYTES: 'Serum electrolytes',
  ESR: 'Erythrocyte sedimentation rate (ESR)',
  CRP: 'C-reactive protein (CRP)',
  CULTURE_SENSITIVITY: 'Culture & sensitivity',
  ECG: 'Electrocardiogram (ECG)',
  TMT: 'Treadmill test (TMT)',
  EEG: 'Electroencephalogram (EEG)',
  EMG: 'Electromyography (EMG)',
  PULMONARY_FUNCTION_TEST: 'Pulmonary function test (PFT)',
  PAP_SMEAR: 'Pap smear',
});

export const SPECIALIZATIONS = [
  'CARDIOLOGY',
  'NEUROLOGY',
  'ORTHOPEDICS',
  'PEDIATRICS',
  'OBSTETRICS_GYNECOLOGY',
  'DERMATOLOGY',
  'OPHTHALMOLOGY',
  'ENT',
  'PSYCHIATRY',
  'GENERAL_MEDICINE',
  'GENERAL_SURGERY',
  'GASTROENTEROLOGY',
  'NEPHROLOGY',
  'UROLOGY',
  'PULMONOLOGY',
  'ENDOCRINOLOGY',
  'MEDICAL_ONCOLOGY',
  'SURGICAL_ONCOLOGY',
  'RADIATION_ONCOLOGY',
  'RADIOLOGY',
  'PATHOLOGY',
  'ANESTHESIOLOGY',
  'RHEUMATOLOGY',
  'HEMATOLOGY',
  'INFECTIOUS_DISEASES',
  'NEUROSURGERY',
  'CARDIOTHORACIC_SURGERY',
  'PLASTIC_SURGERY',
  'VASCULAR_SURGERY',
  'PEDIATRIC_SURGERY',
  'DENTISTRY',
  'PHYSIOTHERAPY',
  'EMERGENCY_MEDICINE',
  'FAMILY_MEDICINE',
  'GERIATRICS',
  'NEONATOLOGY',
  'NUCLEAR_MEDICINE',
  'CRITICAL_CARE',
  'DIABETOLOGY',
  'CLINICAL_IMMUNOLOGY',
  'PHYSICAL_MEDICINE_REHABILITATION',
  'SIDDHA_MEDICINE',
  'AYURVEDA',
  'HOMEOPATHY',
  'NATUROPATHY',
  'UNANI_MEDICINE',
] as const;
export type Specialization = (typeof SPECIALIZATIONS)[number];
export const SPECIALIZATION_LABELS = labelsFor(SPECIALIZATIONS, {
  OBSTETRICS_GYNECOLOGY: 'Obstetrics & gynaecology',
  ENT: 'ENT (ear, nose & throat)',
  PHYSICAL_MEDICINE_REHABILITATION: 'Physical medicine & rehabilitation',
  SIDDHA_MEDICINE: 'Siddha',
  UNANI_MEDICINE: 'Unani',
});

export const CONSULTATION_CHANNELS = ['ONLINE', 'OFFLINE', 'BOTH'] as const;
export type ConsultationChannel = (typeof CONSULTATION_CHANNELS)[number];
export const CONSULTATION_CHANNEL_LABELS = labelsFor(CONSULTATION_CHANNELS, {
  BOTH: 'Online & offline',
});

export const EMPLOYMENT_TYPES = ['FULL_TIME', 'PART_TIME', 'VISITING'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
export const EMPLOYMENT_TYPE_LABELS = labelsFor(EMPLOYMENT_TYPES, {
  FULL_TIME: 'Full-time',
  PART_TIME: 'Part-time',
});

// ---- Affiliations ----

export const AFFILIATION_PARTY_TYPES = ['INTERNAL', 'PHARMACY'] as const;
export type AffiliationPartyType = (typeof AFFILIATION_PARTY_TYPES)[number];
export const AFFILIATION_PARTY_TYPE_LABELS = labelsFor(AFFILIATION_PARTY_TYPES);

export const AFFILIATION_STATUSES = ['PENDING', 'ACTIVE', 'SUSPENDED', 'TERMINATED', 'EXPIRED'] as const;
export type AffiliationStatus = (typeof AFFILIATION_STATUSES)[number];
export const AFFILIATION_STATUS_LABELS = labelsFor(AFFILIATION_STATUSES);

export const AFFILIATION_TYPES = [
  'NETWORK',
  'PARTNERSHIP',
  'FRANCHISE',
  'SUBSIDIARY',
  'REFERRAL',
  'PREFERRED_PROVIDER',
  'CONTRACT',
  'COLLABORATION',
] as const;
export type AffiliationType = (typeof AFFILIATION_TYPES)[number];
export const AFFILIATION_TYPE_LABELS = labelsFor(AFFILIATION_TYPES);

export const AFFILIATION_BENEFITS = [
  'COMMISSION',
  'DISCOUNT',
  'PRIORITY_BOOKING',
  'REVENUE_SHARE',
  'RESOURCE_SHARING',
  'KNOWLEDGE_TRANSFER',
  'BRAND_USAGE',
  'TECHNOLOGY_ACCESS',
  'VOLUME_INCENTIVE',
  'EXCLUSIVE_ACCESS',
  'TRAINING_SUPPORT',
  'MARKETING_SUPPORT',
] as const;
export type AffiliationBenefit = (typeof AFFILIATION_BENEFITS)[number];
export const AFFILIATION_BENEFIT_LABELS = labelsFor(AFFILIATION_BENEFITS);

export const AFFILIATION_DECISIONS = ['ACCEPT', 'REJECT'] as const;
export type AffiliationDecision = (typeof AFFILIATION_DECISIONS)[number];
export const AFFILIATION_DECISION_LABELS = labelsFor(AFFILIATION_DECISIONS);

// ---- Appointments, consultations, waitlist ----

export const APPOINTMENT_STATUSES = [
  'PENDING',
  'ACCEPTED',
  'REJECTED',
  'RESCHEDULED',
  'CONFIRMED',
  'CANCELLED',
  'COMPLETED',
  'NO_SHOW',
  'EXPIRED',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export const APPOINTMENT_STATUS_LABELS = labelsFor(APPOINTMENT_STATUSES, { NO_SHOW: 'No-show' });

export const APPOINTMENT_MODES = ['IN_PERSON', 'VIRTUAL', 'HOME_VISIT'] as const;
export type AppointmentMode = (typeof APPOINTMENT_MODES)[number];
export const APPOINTMENT_MODE_LABELS = labelsFor(APPOINTMENT_MODES, { IN_PERSON: 'In-person' });

export const CONSULTATION_STATUSES = [
  'SCHEDULED',
  'IN_PROGRESS',
  'CONSULTATION_COMPLETED',
  'DIAGNOSTICS_ORDERED',
  'DIAGNOSTICS_COMPLETED',
  'PHARMACY_ORDERED',
  'PHARMACY_FULFILLED',
  'BILLING_COMPLETED',
  'ADMISSION_REQUIRED',
  'ADMITTED',
  'DISCHARGED',
  'FOLLOW_UP_SCHEDULED',
  'COMPLETED',
  'CANCELLED',
] as const;
export type ConsultationStatus = (typeof CONSULTATION_STATUSES)[number];
export const CONSULTATION_STATUS_LABELS = labelsFor(CONSULTATION_STATUSES, {
  FOLLOW_UP_SCHEDULED: 'Follow-up scheduled',
});

export const CONSULTATION_TYPES = ['IN_PERSON', 'VIDEO', 'AUDIO', 'CHAT', 'HOME_VISIT'] as const;
export type ConsultationType = (typeof CONSULTATION_TYPES)[number];
export const CONSULTATION_TYPE_LABELS = labelsFor(CONSULTATION_TYPES, { IN_PERSON: 'In-person' });

export const VISIT_TYPES = ['INITIAL', 'FOLLOW_UP', 'EMERGENCY', 'ROUTINE', 'SPECIALIST'] as const;
export type VisitType = (typeof VISIT_TYPES)[number];
export const VISIT_TYPE_LABELS = labelsFor(VISIT_TYPES, { FOLLOW_UP: 'Follow-up' });

export const SEVERITIES = ['MILD', 'MODERATE', 'SEVERE'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const SEVERITY_LABELS = labelsFor(SEVERITIES);

/** Consultation clinical parts (issue: the clinical record). */
export const DIAGNOSIS_CERTAINTIES = ['PROVISIONAL', 'CONFIRMED'] as const;
export type DiagnosisCertainty = (typeof DIAGNOSIS_CERTAINTIES)[number];
export const DIAGNOSIS_CERTAINTY_LABELS = labelsFor(DIAGNOSIS_CERTAINTIES);

export const DIAGNOSIS_RANKS = ['PRIMARY', 'SECONDARY'] as const;
export type DiagnosisRank = (typeof DIAGNOSIS_RANKS)[number];
export const DIAGNOSIS_RANK_LABELS = labelsFor(DIAGNOSIS_RANKS);

/** How a vital sign reads against the ranges for the patient's age (domain/rules/vitals.ts). */
export const VITAL_READINGS = ['NORMAL', 'HIGH', 'LOW', 'CRITICAL'] as const;
export type VitalReading = (typeof VITAL_READINGS)[number];
export const VITAL_READING_LABELS = labelsFor(VITAL_READINGS);

export const TEMPERATURE_UNITS = ['C', 'F'] as const;
export type TemperatureUnit = (typeof TEMPERATURE_UNITS)[number];
export const TEMPERATURE_UNIT_LABELS = labelsFor(TEMPERATURE_UNITS, { C: '°C', F: '°F' });

/** How serious a drug interaction or an allergy cross-reaction is (domain/rules/drugKnowledge.ts). */
export const INTERACTION_SEVERITIES = ['CONTRAINDICATED', 'MAJOR', 'MODERATE'] as const;
export type InteractionSeverity = (typeof INTERACTION_SEVERITIES)[number];
export const INTERACTION_SEVERITY_LABELS = labelsFor(INTERACTION_SEVERITIES);

/** What a safety check answers for one drug: never a silent pass. */
export const SAFETY_OUTCOMES = ['FOUND', 'NONE_KNOWN', 'NOT_CHECKED'] as const;
export type SafetyOutcome = (typeof SAFETY_OUTCOMES)[number];
export const SAFETY_OUTCOME_LABELS = labelsFor(SAFETY_OUTCOMES, {
  FOUND: 'Found',
  NONE_KNOWN: 'None known',
  NOT_CHECKED: 'Not checked',
});

export const CONSULTATION_ALERT_KINDS = ['CRITICAL_VITAL', 'DRUG_INTERACTION', 'ALLERGY', 'CRITICAL_RESULT'] as const;
export type ConsultationAlertKind = (typeof CONSULTATION_ALERT_KINDS)[number];
export const CONSULTATION_ALERT_KIND_LABELS = labelsFor(CONSULTATION_ALERT_KINDS);

export const DRUG_FORMS = [
  'TABLET',
  'CAPSULE',
  'SYRUP',
  'SUSPENSION',
  'INJECTION',
  'DROPS',
  'OINTMENT',
  'CREAM',
  'GEL',
  'INHALER',
  'SACHET',
  'OTHER',
] as const;
export type DrugForm = (typeof DRUG_FORMS)[number];
export const DRUG_FORM_LABELS = labelsFor(DRUG_FORMS);

export const DRUG_ROUTES = [
  'ORAL',
  'SUBLINGUAL',
  'TOPICAL',
  'INHALED',
  'INTRAVENOUS',
  'INTRAMUSCULAR',
  'SUBCUTANEOUS',
  'RECTAL',
  'NASAL',
  'OPHTHALMIC',
  'OTIC',
  'OTHER',
] as const;
export type DrugRoute = (typeof DRUG_ROUTES)[number];
export const DRUG_ROUTE_LABELS = labelsFor(DRUG_ROUTES);

export const URGENCIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
export type Urgency = (typeof URGENCIES)[number];
export const URGENCY_LABELS = labelsFor(URGENCIES);

export const WAITLIST_STATUSES = ['ACTIVE', 'NOTIFIED', 'CONVERTED', 'CANCELLED', 'EXPIRED'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
export const WAITLIST_STATUS_LABELS = labelsFor(WAITLIST_STATUSES);

// ---- Orders and payments ----

/** Diagnostic order priority. */
export const ORDER_PRIORITIES = ['ROUTINE', 'URGENT', 'EMERGENCY'] as const;
export type OrderPriority = (typeof ORDER_PRIORITIES)[number];
export const ORDER_PRIORITY_LABELS = labelsFor(ORDER_PRIORITIES);

/** One test of a diagnostic order, from order to report (domain/rules/diagnosticOrders.ts). */
export const DIAGNOSTIC_TEST_STATUSES = [
  'ORDERED',
  'COLLECTION_SCHEDULED',
  'SAMPLE_COLLECTED',
  'SAMPLE_RECEIVED',
  'SAMPLE_REJECTED',
  'IN_PROGRESS',
  'RESULT_ENTERED',
  'RELEASED',
  'CORRECTED',
  'CANCELLED',
  'DECLINED',
] as const;
export type DiagnosticTestStatus = (typeof DIAGNOSTIC_TEST_STATUSES)[number];
export const DIAGNOSTIC_TEST_STATUS_LABELS = labelsFor(DIAGNOSTIC_TEST_STATUSES, {
  RESULT_ENTERED: 'Result entered (preliminary)',
  RELEASED: 'Released (final)',
});

/** A diagnostic order's status, following from its tests' (domain/rules/diagnosticOrders.ts orderStatusOf). */
export const DIAGNOSTIC_ORDER_STATUSES = [
  'ORDERED',
  'COLLECTION_SCHEDULED',
  'IN_PROGRESS',
  'PARTIALLY_RELEASED',
  'COMPLETED',
  'CANCELLED',
] as const;
export type DiagnosticOrderStatus = (typeof DIAGNOSTIC_ORDER_STATUSES)[number];
export const DIAGNOSTIC_ORDER_STATUS_LABELS = labelsFor(DIAGNOSTIC_ORDER_STATUSES);

/** What the server says of a numeric result against the patient's reference range; none when no range applies. */
export const RESULT_FLAGS = ['LOW', 'HIGH', 'CRITICAL_LOW', 'CRITICAL_HIGH'] as const;
export type ResultFlag = (typeof RESULT_FLAGS)[number];
export const RESULT_FLAG_LABELS = labelsFor(RESULT_FLAGS);

export const SAMPLE_TYPES = ['BLOOD', 'SERUM', 'PLASMA', 'URINE', 'STOOL', 'SPUTUM', 'SWAB', 'TISSUE', 'NONE'] as const;
export type SampleType = (typeof SAMPLE_TYPES)[number];
export const SAMPLE_TYPE_LABELS = labelsFor(SAMPLE_TYPES, { NONE: 'No sample (imaging or recording)' });

/** Whom a reference range is for. */
export const RANGE_SEXES = ['ANY', 'MALE', 'FEMALE'] as const;
export type RangeSex = (typeof RANGE_SEXES)[number];
export const RANGE_SEX_LABELS = labelsFor(RANGE_SEXES, { ANY: 'Anyone' });

export const RESULT_KINDS = ['NUMERIC', 'CODED', 'TEXT'] as const;
export type ResultKind = (typeof RESULT_KINDS)[number];
export const RESULT_KIND_LABELS = labelsFor(RESULT_KINDS);

export const DELIVERY_METHODS = ['PICKUP', 'HOME_DELIVERY', 'HOSPITAL_DELIVERY', 'LOCKER_DELIVERY'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
export const DELIVERY_METHOD_LABELS = labelsFor(DELIVERY_METHODS);

export const PAYMENT_STATUSES = ['PENDING', 'PARTIAL', 'COMPLETED', 'FAILED', 'REFUNDED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS = labelsFor(PAYMENT_STATUSES);

export const PHARMACY_ORDER_PRIORITIES = ['LOW', 'NORMAL', 'HIGH', 'URGENT'] as const;
export type PharmacyOrderPriority = (typeof PHARMACY_ORDER_PRIORITIES)[number];
export const PHARMACY_ORDER_PRIORITY_LABELS = labelsFor(PHARMACY_ORDER_PRIORITIES);

/** The SPEC's "order kind"; named for the `orderType` filter of the pharmacy order list. */
export const PHARMACY_ORDER_TYPES = ['NEW_PRESCRIPTION', 'REFILL', 'TRANSFER', 'EMERGENCY'] as const;
export type PharmacyOrderType = (typeof PHARMACY_ORDER_TYPES)[number];
export const PHARMACY_ORDER_TYPE_LABELS = labelsFor(PHARMACY_ORDER_TYPES);

export const PHARMACY_ORDER_STATUSES = [
  'RECEIVED',
  'PRESCRIPTION_VERIFICATION',
  'INSURANCE_VERIFICATION',
  'INVENTORY_CHECK',
  'APPROVED',
  'IN_PREPARATION',
  'QUALITY_CHECK',
  'READY_FOR_PICKUP',
  'OUT_FOR_DELIVERY',
  'DELIVERED',
  'COMPLETED',
  'CANCELLED',
  'RETURNED',
  'PARTIALLY_FILLED',
  'ON_HOLD',
] as const;
export type PharmacyOrderStatus = (typeof PHARMACY_ORDER_STATUSES)[number];
export const PHARMACY_ORDER_STATUS_LABELS = labelsFor(PHARMACY_ORDER_STATUSES);

export const PRESCRIPTION_ITEM_STATUSES = [
  'PENDING',
  'VERIFIED',
  'IN_STOCK',
  'OUT_OF_STOCK',
  'DISPENSED',
  'CANCELLED',
] as const;
export type PrescriptionItemStatus = (typeof PRESCRIPTION_ITEM_STATUSES)[number];
export const PRESCRIPTION_ITEM_STATUS_LABELS = labelsFor(PRESCRIPTION_ITEM_STATUSES);

/** Drugs and Cosmetics Rules 1945: what a sale of the medicine needs (domain/rules/pharmacy.ts). */
export const DRUG_SCHEDULES = ['OTC', 'H', 'H1', 'X', 'NARCOTIC'] as const;
export type DrugSchedule = (typeof DRUG_SCHEDULES)[number];
export const DRUG_SCHEDULE_LABELS: Record<DrugSchedule, string> = {
  OTC: 'Over the counter',
  H: 'Schedule H',
  H1: 'Schedule H1',
  X: 'Schedule X',
  NARCOTIC: 'Narcotic (NDPS)',
};

/** One line of a batch's stock ledger (append-only; on hand is their sum). */
export const STOCK_MOVEMENTS = ['RECEIPT', 'DISPENSE', 'RETURN', 'ADJUSTMENT', 'EXPIRY_WRITE_OFF'] as const;
export type StockMovement = (typeof STOCK_MOVEMENTS)[number];
export const STOCK_MOVEMENT_LABELS = labelsFor(STOCK_MOVEMENTS);

// ---- Pharmacies ----

export const MEDICINE_CATEGORIES = [
  'PRESCRIPTION',
  'OTC',
  'GENERIC',
  'HOMEOPATHIC',
  'AYURVEDIC',
  'NUTRACEUTICALS',
  'VITAMINS',
] as const;
export type MedicineCategory = (typeof MEDICINE_CATEGORIES)[number];
export const MEDICINE_CATEGORY_LABELS = labelsFor(MEDICINE_CATEGORIES, { OTC: 'Over the counter (OTC)' });

export const PRODUCT_CATEGORIES = [
  'PAIN_RELIEF',
  'ANTIBIOTICS',
  'ANTISEPTICS',
  'COUGH_COLD',
  'DIGESTIVE_AIDS',
  'DIABETES_CARE',
  'PERSONAL_CARE',
  'BABY_CARE',
  'EYE_CARE',
  'SKIN_CARE',
  'HAIR_CARE',
  'INHALERS_RESPIRATORY',
  'FIRST_AID',
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];
export const PRODUCT_CATEGORY_LABELS = labelsFor(PRODUCT_CATEGORIES, {
  COUGH_COLD: 'Cough & cold',
  INHALERS_RESPIRATORY: 'Inhalers & respiratory',
});

export const PHARMACY_SERVICES = [
  'PHARMACIST_CONSULTATION',
  'VACCINATIONS',
  'BLOOD_PRESSURE_MONITORING',
  'BLOOD_SUGAR_MONITORING',
  'COMPOUNDING_SERVICES',
  'HOME_DELIVERY',
  'EMERGENCY_MEDICATIONS',
] as const;
export type PharmacyService = (typeof PHARMACY_SERVICES)[number];
export const PHARMACY_SERVICE_LABELS = labelsFor(PHARMACY_SERVICES);

export const PHARMACY_TYPES = [
  'RETAIL',
  'HOSPITAL',
  'CLINIC',
  'CHAIN',
  'INDEPENDENT',
  'ONLINE',
  'MAIL_ORDER',
  'COMMUNITY',
  'COMPOUNDING',
  'SPECIALTY',
  'NUCLEAR',
  'WHOLESALE',
  'AYURVEDIC',
  'HOMEOPATHIC',
  'UNANI',
  'SIDDHA',
  'VETERINARY',
] as const;
export type PharmacyType = (typeof PHARMACY_TYPES)[number];
export const PHARMACY_TYPE_LABELS = labelsFor(PHARMACY_TYPES);

// ---- Teams ----

/** What a member of an organisation's team may do (domain/rules/teams.ts: which kinds offer which). */
export const TEAM_DUTIES = [
  'ADMINISTRATION',
  'FRONT_DESK',
  'BILLING',
  'PHARMACIST',
  'QUALITY_CHECKER',
  'DELIVERY',
  'LAB_TECHNICIAN',
  'FIELD_COLLECTOR',
  'REPORT_SIGNER',
] as const;
export type TeamDuty = (typeof TEAM_DUTIES)[number];
export const TEAM_DUTY_LABELS: Record<TeamDuty, string> = {
  ADMINISTRATION: 'Administration (profile, documents)',
  FRONT_DESK: 'Front desk',
  BILLING: 'Billing',
  PHARMACIST: 'Pharmacist (verifies prescriptions)',
  QUALITY_CHECKER: 'Quality checker',
  DELIVERY: 'Delivery',
  LAB_TECHNICIAN: 'Lab technician',
  FIELD_COLLECTOR: 'Field collector (home samples)',
  REPORT_SIGNER: 'Report signer',
};

export const TEAM_MEMBER_STATES = ['ACTIVE', 'INVITED', 'DEACTIVATED'] as const;
export type TeamMemberState = (typeof TEAM_MEMBER_STATES)[number];
export const TEAM_MEMBER_STATE_LABELS: Record<TeamMemberState, string> = {
  ACTIVE: 'Active',
  INVITED: 'Invited',
  DEACTIVATED: 'Deactivated',
};

// ---- Documents and verification ----

export const DOCUMENT_CATEGORIES = [
  'REGISTRATION',
  'LICENSE',
  'CERTIFICATION',
  'FINANCIAL',
  'COMPLIANCE',
  'IDENTITY',
  'INFRASTRUCTURE',
  'ACCREDITATION',
] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];
export const DOCUMENT_CATEGORY_LABELS = labelsFor(DOCUMENT_CATEGORIES);

/** Identity and business papers, then hospital, doctor, diagnostics and pharmacy licences and registrations. */
export const DOCUMENT_TYPES = [
  'PAN_CARD',
  'AADHAR_CARD',
  'GST_REGISTRATION',
  'TRADE_LICENSE',
  'SHOP_ESTABLISHMENT_REGISTRATION',
  'INCORPORATION_CERTIFICATE',
  'CANCELLED_CHEQUE',
  'CLINICAL_ESTABLISHMENT_REGISTRATION',
  'NURSING_HOME_REGISTRATION',
  'NABH_ACCREDITATION',
  'BIOMEDICAL_WASTE_AUTHORIZATION',
  'FIRE_NOC',
  'POLLUTION_CONTROL_CONSENT',
  'BUILDING_OCCUPANCY_CERTIFICATE',
  'PCPNDT_REGISTRATION',
  'AERB_LICENSE',
  'BLOOD_BANK_LICENSE',
  'MEDICAL_COUNCIL_REGISTRATION',
  'MEDICAL_DEGREE_CERTIFICATE',
  'SPECIALIZATION_CERTIFICATE',
  'PROFESSIONAL_INDEMNITY_INSURANCE',
  'NABL_ACCREDITATION',
  'ISO_CERTIFICATION',
  'DRUG_LICENSE',
  'WHOLESALE_DRUG_LICENSE',
  'PHARMACIST_REGISTRATION',
  'NARCOTIC_DRUGS_LICENSE',
  'FSSAI_LICENSE',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_TYPE_LABELS = labelsFor(DOCUMENT_TYPES, {
  AADHAR_CARD: 'Aadhaar card',
  POLLUTION_CONTROL_CONSENT: 'Pollution control board consent',
  PCPNDT_REGISTRATION: 'PC-PNDT registration',
  AERB_LICENSE: 'AERB licence (radiation equipment)',
  MEDICAL_COUNCIL_REGISTRATION: 'Medical council registration (NMC / state)',
  SPECIALIZATION_CERTIFICATE: 'Specialisation certificate',
  DRUG_LICENSE: 'Drug licence (retail)',
  PHARMACIST_REGISTRATION: 'Pharmacist registration (state pharmacy council)',
  NARCOTIC_DRUGS_LICENSE: 'Narcotic drugs licence',
});

/** Which category each document type is filed under in the verification area. */
export const DOCUMENT_TYPE_CATEGORIES: Record<DocumentType, DocumentCategory> = {
  PAN_CARD: 'IDENTITY',
  AADHAR_CARD: 'IDENTITY',
  GST_REGISTRATION: 'FINANCIAL',
  TRADE_LICENSE: 'LICENSE',
  SHOP_ESTABLISHMENT_REGISTRATION: 'REGISTRATION',
  INCORPORATION_CERTIFICATE: 'REGISTRATION',
  CANCELLED_CHEQUE: 'FINANCIAL',
  CLINICAL_ESTABLISHMENT_REGISTRATION: 'REGISTRATION',
  NURSING_HOME_REGISTRATION: 'REGISTRATION',
  NABH_ACCREDITATION: 'ACCREDITATION',
  BIOMEDICAL_WASTE_AUTHORIZATION: 'COMPLIANCE',
  FIRE_NOC: 'INFRASTRUCTURE',
  POLLUTION_CONTROL_CONSENT: 'COMPLIANCE',
  BUILDING_OCCUPANCY_CERTIFICATE: 'INFRASTRUCTURE',
  PCPNDT_REGISTRATION: 'REGISTRATION',
  AERB_LICENSE: 'LICENSE',
  BLOOD_BANK_LICENSE: 'LICENSE',
  MEDICAL_COUNCIL_REGISTRATION: 'REGISTRATION',
  MEDICAL_DEGREE_CERTIFICATE: 'CERTIFICATION',
  SPECIALIZATION_CERTIFICATE: 'CERTIFICATION',
  PROFESSIONAL_INDEMNITY_INSURANCE: 'FINANCIAL',
  NABL_ACCREDITATION: 'ACCREDITATION',
  ISO_CERTIFICATION: 'CERTIFICATION',
  DRUG_LICENSE: 'LICENSE',
  WHOLESALE_DRUG_LICENSE: 'LICENSE',
  PHARMACIST_REGISTRATION: 'REGISTRATION',
  NARCOTIC_DRUGS_LICENSE: 'LICENSE',
  FSSAI_LICENSE: 'LICENSE',
};

export const DOCUMENT_STATUSES = [
  'PENDING',
  'VERIFIED',
  'REJECTED',
  'EXPIRED',
  'NOT_UPLOADED',
  'UPLOADED',
  'UNDER_REVIEW',
  'APPROVED',
  'REUPLOAD_REQUESTED',
] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
export const DOCUMENT_STATUS_LABELS = labelsFor(DOCUMENT_STATUSES);

export const DOCUMENT_REVIEW_ACTIONS = ['APPROVE', 'REJECT', 'REQUEST_REUPLOAD', 'MARK_UNDER_REVIEW'] as const;
export type DocumentReviewAction = (typeof DOCUMENT_REVIEW_ACTIONS)[number];
export const DOCUMENT_REVIEW_ACTION_LABELS = labelsFor(DOCUMENT_REVIEW_ACTIONS);

export const ONBOARDING_REQUIRED_ACTIONS = [
  'REUPLOAD_REJECTED_DOCUMENTS',
  'UPDATE_EXPIRED_DOCUMENTS',
  'UPLOAD_PENDING_DOCUMENTS',
  'AWAITING_VERIFICATION',
  'NONE',
] as const;
export type OnboardingRequiredAction = (typeof ONBOARDING_REQUIRED_ACTIONS)[number];
export const ONBOARDING_REQUIRED_ACTION_LABELS = labelsFor(ONBOARDING_REQUIRED_ACTIONS, {
  NONE: 'No action needed',
});

/**
 * What a reviewer did about a registration number (after CMS's Provider Screening Module): a registry
 * looked up and matching, looked up and not matching, or not looked up — said plainly, never implied.
 */
export const REGISTRY_CHECKS = ['NOT_CHECKED', 'CHECKED_MATCHES', 'CHECKED_DOES_NOT_MATCH'] as const;
export type RegistryCheck = (typeof REGISTRY_CHECKS)[number];
export const REGISTRY_CHECK_LABELS: Record<RegistryCheck, string> = {
  NOT_CHECKED: 'Not checked against a registry',
  CHECKED_MATCHES: 'Checked: matches the registry',
  CHECKED_DOES_NOT_MATCH: 'Checked: does not match the registry',
};

export const EXPIRY_URGENCIES = ['EXPIRED', 'CRITICAL', 'WARNING', 'NOTICE', 'EARLY_NOTICE'] as const;
export type ExpiryUrgency = (typeof EXPIRY_URGENCIES)[number];
export const EXPIRY_URGENCY_LABELS = labelsFor(EXPIRY_URGENCIES);

// ---- Notifications ----

export const NOTIFICATION_TYPES = [
  'APPOINTMENT',
  'APPOINTMENT_UPDATE',
  'MEDICATION',
  'TEST_RESULT',
  'SYSTEM',
  'EMERGENCY',
  'REMINDER',
  'PAYMENT',
  'SECURITY',
  'VERIFICATION',
  'CONSULTATION_UPDATE',
  'AFFILIATION_REQUEST',
  'AFFILIATION_APPROVED',
  'AFFILIATION_REJECTED',
  'AFFILIATION_STATUS_CHANGE',
  'AFFILIATION_EXPIRING',
  'AFFILIATION_EXPIRED',
  'AFFILIATION_TERMS_UPDATED',
  'AFFILIATION_COMMISSION_STATEMENT',
  'SMS',
  'EMAIL',
  'PUSH',
  'CALL',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_TYPE_LABELS = labelsFor(NOTIFICATION_TYPES, { CALL: 'Phone call' });

/** Notification types as the interface spells them (a second enumeration in the SPEC). */
export const NOTIFICATION_UI_TYPES = [
  'Appointment',
  'AppointmentUpdate',
  'Verification',
  'AffiliationRequest',
  'AffiliationApproved',
  'AffiliationRejected',
  'AffiliationStatusChange',
  'AffiliationTermsUpdated',
  'AffiliationExpiring',
  'AffiliationExpired',
  'AffiliationCommissionStatement',
] as const;
export type NotificationUiType = (typeof NOTIFICATION_UI_TYPES)[number];
export const NOTIFICATION_UI_TYPE_LABELS: Record<NotificationUiType, string> = {
  Appointment: 'Appointment',
  AppointmentUpdate: 'Appointment update',
  Verification: 'Verification',
  AffiliationRequest: 'Affiliation request',
  AffiliationApproved: 'Affiliation approved',
  AffiliationRejected: 'Affiliation rejected',
  AffiliationStatusChange: 'Affiliation status change',
  AffiliationTermsUpdated: 'Affiliation terms updated',
  AffiliationExpiring: 'Affiliation expiring',
  AffiliationExpired: 'Affiliation expired',
  AffiliationCommissionStatement: 'Affiliation commission statement',
};

/** The interface type for each server type that has one. */
export const NOTIFICATION_UI_TYPE_BY_TYPE: Partial<Record<NotificationType, NotificationUiType>> = {
  APPOINTMENT: 'Appointment',
  APPOINTMENT_UPDATE: 'AppointmentUpdate',
  VERIFICATION: 'Verification',
  AFFILIATION_REQUEST: 'AffiliationRequest',
  AFFILIATION_APPROVED: 'AffiliationApproved',
  AFFILIATION_REJECTED: 'AffiliationRejected',
  AFFILIATION_STATUS_CHANGE: 'AffiliationStatusChange',
  AFFILIATION_TERMS_UPDATED: 'AffiliationTermsUpdated',
  AFFILIATION_EXPIRING: 'AffiliationExpiring',
  AFFILIATION_EXPIRED: 'AffiliationExpired',
  AFFILIATION_COMMISSION_STATEMENT: 'AffiliationCommissionStatement',
};

/** A stored notification's read state, spelt as the SPEC's Notification entity spells it. */
export const NOTIFICATION_STATUSES = ['Sent', 'Read'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];
export const NOTIFICATION_STATUS_LABELS: Record<NotificationStatus, string> = { Sent: 'Unread', Read: 'Read' };

export const NOTIFICATION_CHANNELS = ['SMS', 'EMAIL', 'PUSH', 'CALL'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const NOTIFICATION_CHANNEL_LABELS = labelsFor(NOTIFICATION_CHANNELS, { CALL: 'Phone call' });

export const NOTIFICATION_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];
export const NOTIFICATION_PRIORITY_LABELS = labelsFor(NOTIFICATION_PRIORITIES);

/** Per-channel delivery state of a notification. */
export const NOTIFICATION_DELIVERY_STATUSES = ['PENDING', 'SENT', 'DELIVERED', 'READ', 'FAILED'] as const;
export type NotificationDeliveryStatus = (typeof NOTIFICATION_DELIVERY_STATUSES)[number];
export const NOTIFICATION_DELIVERY_STATUS_LABELS = labelsFor(NOTIFICATION_DELIVERY_STATUSES);

// ---- Realtime ----

/** socket.io event names: SPEC §3's list, the two pushed events SPEC §4 and §7 name, and the waitlist's offers. */
export const REALTIME_EVENTS = [
  'connect',
  'disconnect',
  'join',
  'leave',
  'newAppointment',
  'appointmentDecisionByDoctorOrHospital',
  'patientCancelAppointment',
  'hospitalOrDoctorAskForReschedule',
  'patientResponseForReschedule',
  'messageToTheConversation',
  'newNotification',
  'notificationRead',
  'notificationDeleted',
  'verificationUpdate',
  'documentExpiring',
  'waitlistUpdate',
  'diagnosticOrderUpdate',
  'affiliationUpdate',
  'pharmacyOrderUpdate',
  'callSignal',
  'callEnded',
] as const;
export type RealtimeEvent = (typeof REALTIME_EVENTS)[number];
export const REALTIME_EVENT_LABELS: Record<RealtimeEvent, string> = {
  connect: 'Connected',
  disconnect: 'Disconnected',
  join: 'Join room',
  leave: 'Leave room',
  newAppointment: 'New appointment',
  appointmentDecisionByDoctorOrHospital: 'Appointment decision',
  patientCancelAppointment: 'Appointment cancelled by patient',
  hospitalOrDoctorAskForReschedule: 'Reschedule requested',
  patientResponseForReschedule: 'Reschedule answered by patient',
  messageToTheConversation: 'New message',
  newNotification: 'New notification',
  notificationRead: 'Notification read',
  notificationDeleted: 'Notification deleted',
  verificationUpdate: 'Verification update',
  documentExpiring: 'Document expiring',
  waitlistUpdate: 'Waitlist update',
  diagnosticOrderUpdate: 'Diagnostic order update',
  affiliationUpdate: 'Affiliation update',
  pharmacyOrderUpdate: 'Pharmacy order update',
  callSignal: 'Call signal',
  callEnded: 'Call ended',
};

/** Where an organisation or doctor profile stands with the admins (non-admins see VERIFIED only). */
export const VERIFICATION_STATUSES = ['PENDING', 'UNDER_REVIEW', 'VERIFIED', 'REJECTED'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
export const VERIFICATION_STATUS_LABELS: Record<VerificationStatus, string> = {
  PENDING: 'Pending verification',
  UNDER_REVIEW: 'Under review',
  VERIFIED: 'Verified',
  REJECTED: 'Rejected',
};
