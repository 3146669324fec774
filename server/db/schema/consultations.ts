import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CONSULTATION_ALERT_KINDS,
  CONSULTATION_STATUSES,
  CONSULTATION_TYPES,
  DIAGNOSIS_CERTAINTIES,
  DIAGNOSIS_RANKS,
  DRUG_FORMS,
  DRUG_ROUTES,
  ORDER_PRIORITIES,
  ROLES,
  SEVERITIES,
  TEMPERATURE_UNITS,
  VISIT_TYPES,
} from '../../../domain/enums.ts';
import type { DrugCheck } from '../../../domain/rules/drugSafety.ts';
import type { VitalInterpretation } from '../../../domain/rules/vitals.ts';
import { appointments } from './appointments.ts';
import { doctors } from './doctors.ts';
import { hospitals } from './organisations.ts';
import { patients } from './patients.ts';

const stamps = () => ({
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One visit's clinical record: by its doctor and/or hospital, for one patient, from an appointment or a walk-in. */
export const consultations = pgTable(
  'consultations',
  {
    id: uuid().primaryKey().defaultRandom(),
    appointmentId: uuid().references(() => appointments.id, { onDelete: 'set null' }),
    patientId: uuid()
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    doctorId: uuid().references(() => doctors.id, { onDelete: 'set null' }),
    hospitalId: uuid().references(() => hospitals.id, { onDelete: 'set null' }),
    status: text({ enum: CONSULTATION_STATUSES }).notNull().default('SCHEDULED'),
    consultationType: text({ enum: CONSULTATION_TYPES }).notNull().default('IN_PERSON'),
    visitType: text({ enum: VISIT_TYPES }).notNull().default('INITIAL'),
    severity: text({ enum: SEVERITIES }),
    chiefComplaint: text().notNull().default(''),
    history: text().notNull().default(''),
    examination: text().notNull().default(''),
    advice: text().notNull().default(''),
    followUp: text().notNull().default(''),
    /** Read by the patient with their record. */
    notes: text().notNull().default(''),
    /** Clinicians only: never shown to the patient, nor under emergency access. */
    privateNotes: text().notNull().default(''),
    startedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    /** Telemedicine: when the first call opened, when the open one began (null: none open), when the last ended. */
    telemedicineStartedAt: timestamp({ withTimezone: true }),
    telemedicineSessionAt: timestamp({ withTimezone: true }),
    telemedicineEndedAt: timestamp({ withTimezone: true }),
    /** The calls' length altogether, in seconds. */
    telemedicineSeconds: integer().notNull().default(0),
    createdBy: uuid().notNull(),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('consultations_appointment_key').on(t.appointmentId),
    index('consultations_patient_idx').on(t.patientId, t.createdAt),
    index('consultations_doctor_idx').on(t.doctorId, t.createdAt),
    index('consultations_hospital_idx').on(t.hospitalId, t.createdAt),
    check('consultations_party_check', sql`${t.doctorId} is not null or ${t.hospitalId} is not null`),
  ],
);

const part = () => ({
  id: uuid().primaryKey().defaultRandom(),
  consultationId: uuid()
    .notNull()
    .references(() => consultations.id, { onDelete: 'cascade' }),
  createdBy: uuid().notNull(),
  ...stamps(),
});

export const consultationDiagnoses = pgTable(
  'consultation_diagnoses',
  {
    ...part(),
    code: text(),
    description: text().notNull(),
    certainty: text({ enum: DIAGNOSIS_CERTAINTIES }).notNull(),
    rank: text({ enum: DIAGNOSIS_RANKS }).notNull(),
    notes: text(),
  },
  (t) => [index('consultation_diagnoses_idx').on(t.consultationId, t.createdAt)],
);

export const consultationVitals = pgTable(
  'consultation_vitals',
  {
    ...part(),
    temperature: doublePrecision(),
    temperatureUnit: text({ enum: TEMPERATURE_UNITS }).notNull().default('C'),
    pulse: doublePrecision(),
    systolic: doublePrecision(),
    diastolic: doublePrecision(),
    respiratoryRate: doublePrecision(),
    spo2: doublePrecision(),
    weightKg: doublePrecision(),
    heightCm: doublePrecision(),
    bmi: doublePrecision(),
    bloodSugar: doublePrecision(),
    /** The server's reading of each value against the patient's age band (domain/rules/vitals.ts). */
    readings: jsonb().$type<VitalInterpretation[]>().notNull().default([]),
  },
  (t) => [index('consultation_vitals_idx').on(t.consultationId, t.createdAt)],
);

export const consultationPrescriptions = pgTable(
  'consultation_prescriptions',
  {
    ...part(),
    genericName: text().notNull(),
    brandName: text(),
    strength: text(),
    form: text({ enum: DRUG_FORMS }).notNull(),
    route: text({ enum: DRUG_ROUTES }).notNull(),
    dose: text().notNull(),
    frequency: text().notNull(),
    duration: text().notNull(),
    quantity: integer(),
    instructions: text(),
    /** The checks as they answered when the line was written (domain/rules/drugSafety.ts). */
    allergyCheck: jsonb().$type<DrugCheck>().notNull(),
    interactionCheck: jsonb().$type<DrugCheck>().notNull(),
    /** Why the doctor prescribed it despite a contraindication. */
    overrideReason: text(),
  },
  (t) => [index('consultation_prescriptions_idx').on(t.consultationId, t.createdAt)],
);

/** Tests to be ordered: the diagnostics area turns them into diagnostic orders. */
export const consultationTests = pgTable(
  'consultation_tests',
  {
    ...part(),
    testName: text().notNull(),
    priority: text({ enum: ORDER_PRIORITIES }).notNull().default('ROUTINE'),
    instructions: text(),
  },
  (t) => [index('consultation_tests_idx').on(t.consultationId, t.createdAt)],
);

export const consultationConsents = pgTable(
  'consultation_consents',
  {
    ...part(),
    scope: text().notNull(),
    agreed: boolean().notNull(),
    givenBy: text({ enum: ['PATIENT', 'GUARDIAN'] }).notNull(),
    guardianName: text(),
    recordedByName: text().notNull(),
  },
  (t) => [index('consultation_consents_idx').on(t.consultationId, t.createdAt)],
);

export const consultationAlerts = pgTable(
  'consultation_alerts',
  {
    id: uuid().primaryKey().defaultRandom(),
    consultationId: uuid()
      .notNull()
      .references(() => consultations.id, { onDelete: 'cascade' }),
    kind: text({ enum: CONSULTATION_ALERT_KINDS }).notNull(),
    severity: text({ enum: ['CRITICAL', 'WARNING'] }).notNull(),
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp({ withTimezone: true }),
    acknowledgedBy: uuid(),
    acknowledgedByName: text(),
    comment: text(),
  },
  (t) => [index('consultation_alerts_idx').on(t.consultationId, t.createdAt)],
);

/** Every read and every change of a consultation: who, in which role, when, what. */
export const consultationAudit = pgTable(
  'consultation_audit',
  {
    id: uuid().primaryKey().defaultRandom(),
    consultationId: uuid()
      .notNull()
      .references(() => consultations.id, { onDelete: 'cascade' }),
    actorUserId: uuid(),
    actorRole: text({ enum: ROLES }).notNull(),
    actorName: text().notNull(),
    action: text().notNull(),
    what: text().notNull(),
    /** Done under an emergency grant. */
    emergency: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consultation_audit_idx').on(t.consultationId, t.createdAt)],
);

/** Break-the-glass: a doctor or hospital not on the consultation reads it for a while, with a reason. */
export const consultationEmergencyGrants = pgTable(
  'consultation_emergency_grants',
  {
    id: uuid().primaryKey().defaultRandom(),
    consultationId: uuid()
      .notNull()
      .references(() => consultations.id, { onDelete: 'cascade' }),
    userId: uuid().notNull(),
    role: text({ enum: ROLES }).notNull(),
    referenceId: uuid(),
    name: text().notNull(),
    reason: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('consultation_emergency_grants_idx').on(t.consultationId, t.userId, t.expiresAt),
    index('consultation_emergency_grants_time_idx').on(t.createdAt),
  ],
);
