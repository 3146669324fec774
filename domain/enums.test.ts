import { describe, it, expect } from 'vitest';
import * as E from './enums.ts';

type EnumEntry = { values: readonly string[]; labels: Readonly<Record<string, string>> };

/** Enumerations the SPEC lists in full: each must match the SPEC exactly, in order. */
const SPEC_COMPLETE: Record<string, [EnumEntry, readonly string[]]> = {
  role: [
    { values: E.ROLES, labels: E.ROLE_LABELS },
    ['USER', 'ADMIN', 'PATIENT', 'DOCTOR', 'HOSPITAL', 'DIAGNOSTICS', 'PHARMACY'],
  ],
  'affiliation party type': [
    { values: E.AFFILIATION_PARTY_TYPES, labels: E.AFFILIATION_PARTY_TYPE_LABELS },
    ['INTERNAL', 'PHARMACY'],
  ],
  'provider kind': [
    { values: E.PROVIDER_KINDS, labels: E.PROVIDER_KIND_LABELS },
    ['HOSPITAL', 'DIAGNOSTICS', 'PHARMACY', 'DOCTOR'],
  ],
  'affiliation status': [
    { values: E.AFFILIATION_STATUSES, labels: E.AFFILIATION_STATUS_LABELS },
    ['PENDING', 'ACTIVE', 'SUSPENDED', 'TERMINATED', 'EXPIRED'],
  ],
  'affiliation type': [
    { values: E.AFFILIATION_TYPES, labels: E.AFFILIATION_TYPE_LABELS },
    [
      'NETWORK',
      'PARTNERSHIP',
      'FRANCHISE',
      'SUBSIDIARY',
      'REFERRAL',
      'PREFERRED_PROVIDER',
      'CONTRACT',
      'COLLABORATION',
    ],
  ],
  'affiliation benefit': [
    { values: E.AFFILIATION_BENEFITS, labels: E.AFFILIATION_BENEFIT_LABELS },
    [
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
    ],
  ],
  'affiliation decision': [
    { values: E.AFFILIATION_DECISIONS, labels: E.AFFILIATION_DECISION_LABELS },
    ['ACCEPT', 'REJECT'],
  ],
  actor: [{ values: E.ACTORS, labels: E.ACTOR_LABELS }, ['PATIENT', 'DOCTOR', 'HOSPITAL', 'SYSTEM']],
  'appointment status': [
    { values: E.APPOINTMENT_STATUSES, labels: E.APPOINTMENT_STATUS_LABELS },
    ['PENDING', 'ACCEPTED', 'REJECTED', 'RESCHEDULED', 'CONFIRMED', 'CANCELLED', 'COMPLETED', 'NO_SHOW', 'EXPIRED'],
  ],
  'appointment mode': [
    { values: E.APPOINTMENT_MODES, labels: E.APPOINTMENT_MODE_LABELS },
    ['IN_PERSON', 'VIRTUAL', 'HOME_VISIT'],
  ],
  'record status': [
    { values: E.RECORD_STATUSES, labels: E.RECORD_STATUS_LABELS },
    [
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
    ],
  ],
  'consultation status': [
    { values: E.CONSULTATION_STATUSES, labels: E.CONSULTATION_STATUS_LABELS },
    [
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
    ],
  ],
  'consultation type': [
    { values: E.CONSULTATION_TYPES, labels: E.CONSULTATION_TYPE_LABELS },
    ['IN_PERSON', 'VIDEO', 'AUDIO', 'CHAT', 'HOME_VISIT'],
  ],
  'visit type': [
    { values: E.VISIT_TYPES, labels: E.VISIT_TYPE_LABELS },
    ['INITIAL', 'FOLLOW_UP', 'EMERGENCY', 'ROUTINE', 'SPECIALIST'],
  ],
  weekday: [
    { values: E.WEEKDAYS, labels: E.WEEKDAY_LABELS },
    ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'],
  ],
  severity: [{ values: E.SEVERITIES, labels: E.SEVERITY_LABELS }, ['MILD', 'MODERATE', 'SEVERE']],
  delivery: [
    { values: E.DELIVERY_METHODS, labels: E.DELIVERY_METHOD_LABELS },
    ['PICKUP', 'HOME_DELIVERY', 'HOSPITAL_DELIVERY', 'LOCKER_DELIVERY'],
  ],
  accreditation: [
    { values: E.ACCREDITATIONS, labels: E.ACCREDITATION_LABELS },
    ['NABL', 'ISO', 'CAP', 'JCI', 'NABH', 'CLIA'],
  ],
  equipment: [
    { values: E.EQUIPMENT_KINDS, labels: E.EQUIPMENT_KIND_LABELS },
    [
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
    ],
  ],
  'diagnostics facility type': [
    { values: E.DIAGNOSTICS_FACILITY_TYPES, labels: E.DIAGNOSTICS_FACILITY_TYPE_LABELS },
    ['IMAGING_CENTER', 'BLOOD_LAB', 'DIAGNOSTIC_CLINIC', 'MULTISPECIALTY_DIAGNOSTICS'],
  ],
  'order priority': [
    { values: E.ORDER_PRIORITIES, labels: E.ORDER_PRIORITY_LABELS },
    ['ROUTINE', 'URGENT', 'EMERGENCY'],
  ],
  'document category': [
    { values: E.DOCUMENT_CATEGORIES, labels: E.DOCUMENT_CATEGORY_LABELS },
    [
      'REGISTRATION',
      'LICENSE',
      'CERTIFICATION',
      'FINANCIAL',
      'COMPLIANCE',
      'IDENTITY',
      'INFRASTRUCTURE',
      'ACCREDITATION',
    ],
  ],
  'expiry urgency': [
    { values: E.EXPIRY_URGENCIES, labels: E.EXPIRY_URGENCY_LABELS },
    ['EXPIRED', 'CRITICAL', 'WARNING', 'NOTICE', 'EARLY_NOTICE'],
  ],
  'consultation channel': [
    { values: E.CONSULTATION_CHANNELS, labels: E.CONSULTATION_CHANNEL_LABELS },
    ['ONLINE', 'OFFLINE', 'BOTH'],
  ],
  employment: [
    { values: E.EMPLOYMENT_TYPES, labels: E.EMPLOYMENT_TYPE_LABELS },
    ['FULL_TIME', 'PART_TIME', 'VISITING'],
  ],
  'hospital type': [
    { values: E.HOSPITAL_TYPES, labels: E.HOSPITAL_TYPE_LABELS },
    [
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
    ],
  ],
  'geo type': [{ values: E.GEO_TYPES, labels: E.GEO_TYPE_LABELS }, ['Point']],
  'notification channel': [
    { values: E.NOTIFICATION_CHANNELS, labels: E.NOTIFICATION_CHANNEL_LABELS },
    ['SMS', 'EMAIL', 'PUSH', 'CALL'],
  ],
  'notification priority': [
    { values: E.NOTIFICATION_PRIORITIES, labels: E.NOTIFICATION_PRIORITY_LABELS },
    ['LOW', 'MEDIUM', 'HIGH', 'URGENT'],
  ],
  'notification delivery status': [
    { values: E.NOTIFICATION_DELIVERY_STATUSES, labels: E.NOTIFICATION_DELIVERY_STATUS_LABELS },
    ['PENDING', 'SENT', 'DELIVERED', 'READ', 'FAILED'],
  ],
  'notification type': [
    { values: E.NOTIFICATION_TYPES, labels: E.NOTIFICATION_TYPE_LABELS },
    [
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
    ],
  ],
  'notification type (interface)': [
    { values: E.NOTIFICATION_UI_TYPES, labels: E.NOTIFICATION_UI_TYPE_LABELS },
    [
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
    ],
  ],
  'notification status': [{ values: E.NOTIFICATION_STATUSES, labels: E.NOTIFICATION_STATUS_LABELS }, ['Sent', 'Read']],
  'pharmacy order priority': [
    { values: E.PHARMACY_ORDER_PRIORITIES, labels: E.PHARMACY_ORDER_PRIORITY_LABELS },
    ['LOW', 'NORMAL', 'HIGH', 'URGENT'],
  ],
  'order kind': [
    { values: E.PHARMACY_ORDER_TYPES, labels: E.PHARMACY_ORDER_TYPE_LABELS },
    ['NEW_PRESCRIPTION', 'REFILL', 'TRANSFER', 'EMERGENCY'],
  ],
  'payment status': [
    { values: E.PAYMENT_STATUSES, labels: E.PAYMENT_STATUS_LABELS },
    ['PENDING', 'PARTIAL', 'COMPLETED', 'FAILED', 'REFUNDED'],
  ],
  'medicine category': [
    { values: E.MEDICINE_CATEGORIES, labels: E.MEDICINE_CATEGORY_LABELS },
    ['PRESCRIPTION', 'OTC', 'GENERIC', 'HOMEOPATHIC', 'AYURVEDIC', 'NUTRACEUTICALS', 'VITAMINS'],
  ],
  'product category': [
    { values: E.PRODUCT_CATEGORIES, labels: E.PRODUCT_CATEGORY_LABELS },
    [
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
    ],
  ],
  'pharmacy order status': [
    { values: E.PHARMACY_ORDER_STATUSES, labels: E.PHARMACY_ORDER_STATUS_LABELS },
    [
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
    ],
  ],
  'pharmacy services': [
    { values: E.PHARMACY_SERVICES, labels: E.PHARMACY_SERVICE_LABELS },
    [
      'PHARMACIST_CONSULTATION',
      'VACCINATIONS',
      'BLOOD_PRESSURE_MONITORING',
      'BLOOD_SUGAR_MONITORING',
      'COMPOUNDING_SERVICES',
      'HOME_DELIVERY',
      'EMERGENCY_MEDICATIONS',
    ],
  ],
  'pharmacy types': [
    { values: E.PHARMACY_TYPES, labels: E.PHARMACY_TYPE_LABELS },
    [
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
    ],
  ],
  'account status': [
    { values: E.ACCOUNT_STATUSES, labels: E.ACCOUNT_STATUS_LABELS },
    ['ACTIVE', 'INACTIVE', 'SUSPENDED', 'PENDING', 'UNDER_REVIEW'],
  ],
  'prescription item status': [
    { values: E.PRESCRIPTION_ITEM_STATUSES, labels: E.PRESCRIPTION_ITEM_STATUS_LABELS },
    ['PENDING', 'VERIFIED', 'IN_STOCK', 'OUT_OF_STOCK', 'DISPENSED', 'CANCELLED'],
  ],
  'document review action': [
    { values: E.DOCUMENT_REVIEW_ACTIONS, labels: E.DOCUMENT_REVIEW_ACTION_LABELS },
    ['APPROVE', 'REJECT', 'REQUEST_REUPLOAD', 'MARK_UNDER_REVIEW'],
  ],
  'onboarding required action': [
    { values: E.ONBOARDING_REQUIRED_ACTIONS, labels: E.ONBOARDING_REQUIRED_ACTION_LABELS },
    [
      'REUPLOAD_REJECTED_DOCUMENTS',
      'UPDATE_EXPIRED_DOCUMENTS',
      'UPLOAD_PENDING_DOCUMENTS',
      'AWAITING_VERIFICATION',
      'NONE',
    ],
  ],
  'document status': [
    { values: E.DOCUMENT_STATUSES, labels: E.DOCUMENT_STATUS_LABELS },
    [
      'PENDING',
      'VERIFIED',
      'REJECTED',
      'EXPIRED',
      'NOT_UPLOADED',
      'UPLOADED',
      'UNDER_REVIEW',
      'APPROVED',
      'REUPLOAD_REQUESTED',
    ],
  ],
  urgency: [{ values: E.URGENCIES, labels: E.URGENCY_LABELS }, ['LOW', 'MEDIUM', 'HIGH', 'URGENT']],
  'waitlist status': [
    { values: E.WAITLIST_STATUSES, labels: E.WAITLIST_STATUS_LABELS },
    ['ACTIVE', 'NOTIFIED', 'CONVERTED', 'CANCELLED', 'EXPIRED'],
  ],
  gender: [{ values: E.GENDERS, labels: E.GENDER_LABELS }, ['MALE', 'FEMALE', 'OTHER']],
  'sort order': [{ values: E.SORT_ORDERS, labels: E.SORT_ORDER_LABELS }, ['asc', 'desc']],
};

/** Enumerations the SPEC shows only in part: the values it names must be present. */
const SPEC_PARTIAL: Record<string, [EnumEntry, readonly string[]]> = {
  'diagnostic test type': [
    { values: E.DIAGNOSTIC_TEST_TYPES, labels: E.DIAGNOSTIC_TEST_TYPE_LABELS },
    ['X_RAY', 'CT_SCAN', 'MRI', 'CBC', 'LIPID_PROFILE', 'LFT', 'KFT', 'TFT'],
  ],
  specialization: [
    { values: E.SPECIALIZATIONS, labels: E.SPECIALIZATION_LABELS },
    ['CARDIOLOGY', 'NEUROLOGY', 'AYURVEDA', 'HOMEOPATHY', 'NATUROPATHY', 'UNANI_MEDICINE'],
  ],
  'document type': [
    { values: E.DOCUMENT_TYPES, labels: E.DOCUMENT_TYPE_LABELS },
    [
      'PAN_CARD',
      'AADHAR_CARD',
      'GST_REGISTRATION',
      'TRADE_LICENSE',
      'CLINICAL_ESTABLISHMENT_REGISTRATION',
      'DRUG_LICENSE',
      'MEDICAL_COUNCIL_REGISTRATION',
      'NABH_ACCREDITATION',
      'NABL_ACCREDITATION',
      'BIOMEDICAL_WASTE_AUTHORIZATION',
      'FIRE_NOC',
      'AERB_LICENSE',
      'PCPNDT_REGISTRATION',
    ],
  ],
  'hospital classification': [
    { values: E.HOSPITAL_CLASSIFICATIONS, labels: E.HOSPITAL_CLASSIFICATION_LABELS },
    [
      'GENERAL',
      'TEACHING',
      'SPECIALTY',
      'SUPER_SPECIALTY',
      'DISTRICT_HOSPITAL',
      'PRIMARY_HEALTH_CENTRE',
      'COMMUNITY_HEALTH_CENTRE',
    ],
  ],
  'Indian state': [
    { values: E.INDIAN_STATES, labels: E.INDIAN_STATE_LABELS },
    ['ANDHRA_PRADESH', 'TAMIL_NADU', 'UTTAR_PRADESH', 'WEST_BENGAL', 'TELANGANA', 'ODISHA'],
  ],
  'blood group': [{ values: E.BLOOD_GROUPS, labels: E.BLOOD_GROUP_LABELS }, ['A_POSITIVE', 'O_NEGATIVE']],
  language: [{ values: E.LANGUAGES, labels: E.LANGUAGE_LABELS }, ['ENGLISH', 'HINDI', 'TAMIL', 'BENGALI']],
  'realtime event': [
    { values: E.REALTIME_EVENTS, labels: E.REALTIME_EVENT_LABELS },
    [
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
    ],
  ],
};

const ALL = { ...SPEC_COMPLETE, ...SPEC_PARTIAL };

describe('enumerations spelt as the SPEC lists them in full', () => {
  it.each(Object.entries(SPEC_COMPLETE))('%s matches the SPEC exactly', (_name, [entry, expected]) => {
    expect([...entry.values]).toEqual(expected);
  });
});

describe('enumerations the SPEC shows in part', () => {
  it.each(Object.entries(SPEC_PARTIAL))('%s contains every value the SPEC names', (_name, [entry, named]) => {
    expect(entry.values).toEqual(expect.arrayContaining([...named]));
  });
});

describe('every enumeration', () => {
  it.each(Object.entries(ALL))('%s has no duplicates', (_name, [entry]) => {
    expect(new Set(entry.values).size).toBe(entry.values.length);
  });

  it.each(Object.entries(ALL))('%s has a non-empty label for each value and no stray labels', (_name, [entry]) => {
    expect(Object.keys(entry.labels).sort()).toEqual([...entry.values].sort());
    for (const value of entry.values) expect(entry.labels[value]?.trim()).toBeTruthy();
  });

  it('upper-case enumerations use only A–Z, digits and underscores', () => {
    const mixedCase = new Set<readonly string[]>([
      E.NOTIFICATION_UI_TYPES,
      E.NOTIFICATION_STATUSES,
      E.REALTIME_EVENTS,
      E.GEO_TYPES,
      E.SORT_ORDERS,
    ]);
    for (const [entry] of Object.values(ALL)) {
      if (mixedCase.has(entry.values)) continue;
      for (const value of entry.values) expect(value).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
    }
  });
});

describe('counts the SPEC states', () => {
  it('has exactly the 28 states', () => {
    expect(E.INDIAN_STATES).toHaveLength(28);
    expect(E.INDIAN_STATES).not.toContain('DELHI');
  });

  it('has 21 kinds of equipment, with endoscopy, colonoscopy and bronchoscopy equipment', () => {
    expect(E.EQUIPMENT_KINDS).toHaveLength(21);
    expect(E.EQUIPMENT_KINDS).toEqual(
      expect.arrayContaining(['ENDOSCOPY_EQUIPMENT', 'COLONOSCOPY_EQUIPMENT', 'BRONCHOSCOPY_EQUIPMENT']),
    );
  });

  it('has 28 document types', () => {
    expect(E.DOCUMENT_TYPES).toHaveLength(28);
  });

  it('has about 45 diagnostic test types', () => {
    expect(E.DIAGNOSTIC_TEST_TYPES.length).toBeGreaterThanOrEqual(40);
    expect(E.DIAGNOSTIC_TEST_TYPES.length).toBeLessThanOrEqual(50);
  });

  it('has about 46 doctor specialisations', () => {
    expect(E.SPECIALIZATIONS.length).toBeGreaterThanOrEqual(42);
    expect(E.SPECIALIZATIONS.length).toBeLessThanOrEqual(50);
  });

  it('keeps the hospital type list and a broader classification list', () => {
    expect(E.HOSPITAL_TYPES).toHaveLength(11);
    expect(E.HOSPITAL_CLASSIFICATIONS.length).toBeGreaterThan(E.HOSPITAL_TYPES.length);
  });
});

describe('labels', () => {
  it('shows roles as the interface does', () => {
    expect(E.ROLE_LABELS).toEqual({
      ADMIN: 'Admin',
      HOSPITAL: 'Hospital',
      DOCTOR: 'Doctor',
      DIAGNOSTICS: 'Diagnostics',
      PHARMACY: 'Pharmacy',
      PATIENT: 'Patient',
      USER: 'User',
    });
  });

  it('shows states as place names', () => {
    expect(E.INDIAN_STATE_LABELS.ANDHRA_PRADESH).toBe('Andhra Pradesh');
    expect(E.INDIAN_STATE_LABELS.TAMIL_NADU).toBe('Tamil Nadu');
    expect(E.INDIAN_STATE_LABELS.WEST_BENGAL).toBe('West Bengal');
  });

  it('shows blood groups in their usual notation', () => {
    expect(E.BLOOD_GROUP_LABELS.A_POSITIVE).toBe('A+');
    expect(E.BLOOD_GROUP_LABELS.AB_NEGATIVE).toBe('AB-');
  });

  it('keeps acronyms in capitals and uses Indian-English spelling', () => {
    expect(E.EQUIPMENT_KIND_LABELS.MRI_MACHINE).toBe('MRI machine');
    expect(E.EQUIPMENT_KIND_LABELS.X_RAY_MACHINE).toBe('X-ray machine');
    expect(E.DIAGNOSTIC_TEST_TYPE_LABELS.CT_SCAN).toBe('CT scan');
    expect(E.DIAGNOSTIC_TEST_TYPE_LABELS.VITAMIN_B12).toBe('Vitamin B12');
    expect(E.DOCUMENT_TYPE_LABELS.PAN_CARD).toBe('PAN card');
    expect(E.DOCUMENT_TYPE_LABELS.FIRE_NOC).toBe('Fire NOC');
    expect(E.DOCUMENT_TYPE_LABELS.TRADE_LICENSE).toBe('Trade licence');
    expect(E.SPECIALIZATION_LABELS.PEDIATRICS).toBe('Paediatrics');
    expect(E.HOSPITAL_CLASSIFICATION_LABELS.SUPER_SPECIALTY).toBe('Super speciality');
    expect(E.DIAGNOSTICS_FACILITY_TYPE_LABELS.IMAGING_CENTER).toBe('Imaging centre');
  });

  it('gives server notification types readable labels', () => {
    expect(E.NOTIFICATION_TYPE_LABELS.APPOINTMENT_UPDATE).toBe('Appointment update');
    expect(E.NOTIFICATION_TYPE_LABELS.AFFILIATION_COMMISSION_STATEMENT).toBe('Affiliation commission statement');
    expect(E.NOTIFICATION_TYPE_LABELS.SMS).toBe('SMS');
  });

  it('maps each interface notification type to exactly one server type of the same name', () => {
    const mapped = Object.values(E.NOTIFICATION_UI_TYPE_BY_TYPE);
    expect([...mapped].sort()).toEqual([...E.NOTIFICATION_UI_TYPES].sort());
    for (const [serverType, uiType] of Object.entries(E.NOTIFICATION_UI_TYPE_BY_TYPE)) {
      expect(serverType.replaceAll('_', '')).toBe(uiType.toUpperCase());
    }
  });

  it('files every document type under a known category', () => {
    expect(Object.keys(E.DOCUMENT_TYPE_CATEGORIES).sort()).toEqual([...E.DOCUMENT_TYPES].sort());
    for (const category of Object.values(E.DOCUMENT_TYPE_CATEGORIES)) {
      expect(E.DOCUMENT_CATEGORIES).toContain(category);
    }
    expect(E.DOCUMENT_TYPE_CATEGORIES.AADHAR_CARD).toBe('IDENTITY');
    expect(E.DOCUMENT_TYPE_CATEGORIES.NABL_ACCREDITATION).toBe('ACCREDITATION');
  });
});

describe('labelOf', () => {
  it('returns the label for a known value', () => {
    expect(E.labelOf(E.ROLE_LABELS, 'HOSPITAL')).toBe('Hospital');
  });

  it('returns the fallback for a missing or unknown value', () => {
    expect(E.labelOf(E.ROLE_LABELS, null)).toBe('');
    expect(E.labelOf(E.ROLE_LABELS, undefined, '—')).toBe('—');
    expect(E.labelOf(E.ROLE_LABELS, 'SUPERUSER', 'Unknown')).toBe('Unknown');
  });

  it('does not read inherited object properties', () => {
    expect(E.labelOf(E.ROLE_LABELS, 'constructor', 'none')).toBe('none');
    expect(E.labelOf(E.ROLE_LABELS, 'toString', 'none')).toBe('none');
  });
});

describe('isOneOf', () => {
  it('accepts exact values only', () => {
    expect(E.isOneOf(E.ROLES, 'DOCTOR')).toBe(true);
    expect(E.isOneOf(E.ROLES, 'doctor')).toBe(false);
    expect(E.isOneOf(E.ROLES, 42)).toBe(false);
    expect(E.isOneOf(E.ROLES, undefined)).toBe(false);
  });
});
