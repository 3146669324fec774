import { z } from 'zod';
import {
  CONSULTATION_ALERT_KINDS,
  CONSULTATION_STATUSES,
  CONSULTATION_TYPES,
  DIAGNOSIS_CERTAINTIES,
  DIAGNOSIS_RANKS,
  DRUG_FORMS,
  DRUG_ROUTES,
  GENDERS,
  INTERACTION_SEVERITIES,
  ORDER_PRIORITIES,
  ROLES,
  SAFETY_OUTCOMES,
  SEVERITIES,
  TEMPERATURE_UNITS,
  VISIT_TYPES,
  VITAL_READINGS,
} from '../enums.ts';
import { CONSULTATION_ACTIONS } from '../rules/consultations.ts';
import { idSchema, isoDate, paginationQuery, paginationSchema } from './common.ts';
import { lineText, notesText } from './text.ts';

/** The consultation: the clinical record of one visit (SPEC §7 "Consultations"). */

const line = (label: string, max = 200) =>
  lineText(label, { error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const optionalLine = (label: string, max = 200) =>
  lineText(label).trim().max(max, `${label} must be at most ${max} characters`).optional();
const notes = (label: string, max = 4000) =>
  notesText(label).trim().max(max, `${label} must be at most ${max} characters`);

export const newWalkInPatient = z.object({
  firstName: line('First name', 100),
  lastName: line('Last name', 100),
  phone: optionalLine('Phone', 20),
  dateOfBirth: isoDate.optional(),
  gender: z.enum(GENDERS).optional(),
  allergies: z.array(line('An allergy', 100)).max(30).default([]),
});

export const createConsultationBody = z
  .object({
    /** From an ACCEPTED or CONFIRMED appointment, by its doctor or hospital. */
    appointmentId: idSchema.optional(),
    /** A walk-in (a hospital only): a patient already in its care… */
    patientId: idSchema.optional(),
    /** …or one it registers now. */
    newPatient: newWalkInPatient.optional(),
    /** A walk-in at the hospital with one of its doctors. */
    doctorId: idSchema.optional(),
    consultationType: z.enum(CONSULTATION_TYPES).default('IN_PERSON'),
    visitType: z.enum(VISIT_TYPES).default('INITIAL'),
    chiefComplaint: optionalLine('Chief complaint', 500),
    /** Start at once (IN_PROGRESS) or keep it SCHEDULED. */
    startNow: z.boolean().default(true),
  })
  .refine((b) => [b.appointmentId, b.patientId, b.newPatient].filter((v) => v !== undefined).length === 1, {
    message: 'Give exactly one of appointmentId, patientId or newPatient',
    path: ['appointmentId'],
  });

export const consultationListQuery = paginationQuery.extend({
  patientId: idSchema.optional(),
  doctorId: idSchema.optional(),
  hospitalId: idSchema.optional(),
  status: z.enum(CONSULTATION_STATUSES).optional(),
  consultationType: z.enum(CONSULTATION_TYPES).optional(),
  dateFrom: isoDate.optional(),
  dateTo: isoDate.optional(),
});
export type ConsultationListQuery = z.input<typeof consultationListQuery>;

export const updateConsultationBody = z.object({
  consultationType: z.enum(CONSULTATION_TYPES).optional(),
  visitType: z.enum(VISIT_TYPES).optional(),
  severity: z.enum(SEVERITIES).nullable().optional(),
  chiefComplaint: notes('Chief complaint', 500).optional(),
  history: notes('History').optional(),
  examination: notes('Examination').optional(),
  advice: notes('Advice', 2000).optional(),
  followUp: notes('Follow-up', 500).optional(),
  /** A status change (the workflow table, domain/rules/consultations.ts). */
  action: z.enum(CONSULTATION_ACTIONS).optional(),
  reason: optionalLine('Reason', 500),
});

export const diagnosisBody = z.object({
  code: lineText('Code')
    .trim()
    .max(10)
    .regex(/^[A-Za-z]\d{2}(\.\d{1,2})?$/, 'Code must look like an ICD-10 code, such as E11.9')
    .optional(),
  description: line('Diagnosis', 300),
  certainty: z.enum(DIAGNOSIS_CERTAINTIES).default('PROVISIONAL'),
  rank: z.enum(DIAGNOSIS_RANKS).default('PRIMARY'),
  notes: optionalLine('Notes', 500),
});

const measure = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`)
    .optional();

export const vitalsBody = z
  .object({
    temperature: measure('Temperature', 25, 115),
    temperatureUnit: z.enum(TEMPERATURE_UNITS).default('C'),
    pulse: measure('Pulse', 10, 300),
    systolic: measure('Systolic pressure', 40, 300),
    diastolic: measure('Diastolic pressure', 20, 200),
    respiratoryRate: measure('Respiratory rate', 2, 120),
    spo2: measure('SpO2', 30, 100),
    weightKg: measure('Weight', 0.3, 400),
    heightCm: measure('Height', 20, 260),
    bloodSugar: measure('Blood sugar', 10, 1500),
  })
  .refine(
    (v) =>
      [
        v.temperature,
        v.pulse,
        v.systolic,
        v.diastolic,
        v.respiratoryRate,
        v.spo2,
        v.weightKg,
        v.heightCm,
        v.bloodSugar,
      ].some((x) => x !== undefined),
    { message: 'Record at least one measurement', path: ['pulse'] },
  )
  .refine(
    (v) => v.temperature === undefined || (v.temperatureUnit === 'C' ? v.temperature <= 46 : v.temperature >= 77),
    {
      message: 'That temperature does not fit the unit chosen',
      path: ['temperature'],
    },
  );

export const prescriptionBody = z.object({
  genericName: line('Generic name', 200),
  brandName: optionalLine('Brand', 200),
  strength: optionalLine('Strength', 50),
  form: z.enum(DRUG_FORMS).default('TABLET'),
  route: z.enum(DRUG_ROUTES).default('ORAL'),
  dose: line('Dose', 100),
  frequency: line('Frequency', 100),
  duration: line('Duration', 100),
  quantity: z.number().int().min(1).max(10000).optional(),
  instructions: optionalLine('Instructions', 500),
  /** Needed when the checks find a contraindication: why the doctor prescribes it anyway. */
  overrideReason: optionalLine('Override reason', 500),
});

export const diagnosticTestBody = z.object({
  testName: line('Test', 200),
  priority: z.enum(ORDER_PRIORITIES).default('ROUTINE'),
  instructions: optionalLine('Instructions', 500),
});

export const clinicalNotesBody = z.object({
  /** Notes the patient reads with their record. */
  notes: notes('Clinical notes', 10000).default(''),
  /** Notes private to clinicians: never shown to the patient. */
  privateNotes: notes('Private notes', 10000).default(''),
});

export const consentBody = z.object({
  scope: line('What was agreed to', 500),
  agreed: z.boolean(),
  givenBy: z.enum(['PATIENT', 'GUARDIAN']).default('PATIENT'),
  guardianName: optionalLine('Guardian name', 100),
});

export const acknowledgeAlertBody = z.object({ comment: optionalLine('Comment', 500) });

export const drugCheckBody = z.object({
  drugs: z.array(line('Drug', 200)).min(1, 'Name at least one drug').max(20),
});

export const emergencyAccessQuery = z.object({
  reason: lineText('Reason', { error: 'Say why you need emergency access' })
    .trim()
    .min(10, 'Say why you need emergency access (at least 10 characters)')
    .max(500),
});

// ── answers ───────────────────────────────────────────────────────────────────────────

const person = z.object({ id: idSchema, name: z.string() });

export const diagnosisSchema = z.object({
  id: idSchema,
  code: z.string().nullable(),
  description: z.string(),
  certainty: z.enum(DIAGNOSIS_CERTAINTIES),
  rank: z.enum(DIAGNOSIS_RANKS),
  notes: z.string().nullable(),
  createdAt: z.string(),
});

export const vitalReadingSchema = z.object({
  kind: z.string(),
  label: z.string(),
  value: z.number(),
  unit: z.string(),
  reading: z.enum(VITAL_READINGS),
  normalRange: z.string(),
});

export const vitalsSchema = z.object({
  id: idSchema,
  temperature: z.number().nullable(),
  temperatureUnit: z.enum(TEMPERATURE_UNITS),
  pulse: z.number().nullable(),
  systolic: z.number().nullable(),
  diastolic: z.number().nullable(),
  respiratoryRate: z.number().nullable(),
  spo2: z.number().nullable(),
  weightKg: z.number().nullable(),
  heightCm: z.number().nullable(),
  bmi: z.number().nullable(),
  bloodSugar: z.number().nullable(),
  readings: z.array(vitalReadingSchema),
  recordedAt: z.string(),
});

export const safetyFindingSchema = z.object({
  severity: z.enum(INTERACTION_SEVERITIES),
  reason: z.string(),
  source: z.string(),
  sourceDate: z.string(),
  about: z.string(),
});

export const drugCheckSchema = z.object({
  drug: z.string(),
  outcome: z.enum(SAFETY_OUTCOMES),
  findings: z.array(safetyFindingSchema),
  notChecked: z.array(z.string()),
  message: z.string(),
});

export const prescriptionSchema = z.object({
  id: idSchema,
  genericName: z.string(),
  brandName: z.string().nullable(),
  strength: z.string().nullable(),
  form: z.enum(DRUG_FORMS),
  route: z.enum(DRUG_ROUTES),
  dose: z.string(),
  frequency: z.string(),
  duration: z.string(),
  quantity: z.number().nullable(),
  instructions: z.string().nullable(),
  allergyCheck: drugCheckSchema,
  interactionCheck: drugCheckSchema,
  overrideReason: z.string().nullable(),
  createdAt: z.string(),
});

export const diagnosticTestSchema = z.object({
  id: idSchema,
  testName: z.string(),
  priority: z.enum(ORDER_PRIORITIES),
  instructions: z.string().nullable(),
  createdAt: z.string(),
});

export const consentSchema = z.object({
  id: idSchema,
  scope: z.string(),
  agreed: z.boolean(),
  givenBy: z.enum(['PATIENT', 'GUARDIAN']),
  guardianName: z.string().nullable(),
  recordedByName: z.string(),
  recordedAt: z.string(),
});

export const alertSchema = z.object({
  id: idSchema,
  kind: z.enum(CONSULTATION_ALERT_KINDS),
  message: z.string(),
  severity: z.enum(['CRITICAL', 'WARNING']),
  createdAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedByName: z.string().nullable(),
  comment: z.string().nullable(),
});

export const ACCESS_KINDS = ['TREATING', 'PATIENT', 'EMERGENCY'] as const;

export const consultationSchema = z.object({
  id: idSchema,
  status: z.enum(CONSULTATION_STATUSES),
  consultationType: z.enum(CONSULTATION_TYPES),
  visitType: z.enum(VISIT_TYPES),
  severity: z.enum(SEVERITIES).nullable(),
  appointmentId: idSchema.nullable(),
  patient: person.extend({
    age: z.number().nullable(),
    gender: z.enum(GENDERS).nullable(),
    allergies: z.array(z.string()),
    chronicConditions: z.array(z.string()),
  }),
  doctor: person.extend({ qualifications: z.array(z.string()), registrationNumber: z.string().nullable() }).nullable(),
  hospital: person.nullable(),
  chiefComplaint: z.string(),
  history: z.string(),
  examination: z.string(),
  advice: z.string(),
  followUp: z.string(),
  notes: z.string(),
  /** Null when the caller may not read them (the patient, emergency access). */
  privateNotes: z.string().nullable(),
  diagnoses: z.array(diagnosisSchema),
  vitals: z.array(vitalsSchema),
  prescriptions: z.array(prescriptionSchema),
  tests: z.array(diagnosticTestSchema),
  consents: z.array(consentSchema),
  alerts: z.array(alertSchema),
  /** The status changes the caller may make now. */
  actions: z.array(z.enum(CONSULTATION_ACTIONS)),
  /** Whether the caller may add and change the clinical parts now. */
  canRecord: z.boolean(),
  access: z.enum(ACCESS_KINDS),
  /** Under emergency access: when it ends. */
  accessUntil: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Consultation = z.output<typeof consultationSchema>;

export const consultationSummarySchema = z.object({
  id: idSchema,
  status: z.enum(CONSULTATION_STATUSES),
  consultationType: z.enum(CONSULTATION_TYPES),
  visitType: z.enum(VISIT_TYPES),
  patient: person,
  doctor: person.nullable(),
  hospital: person.nullable(),
  primaryDiagnosis: z.string().nullable(),
  openAlerts: z.number().int(),
  startedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ConsultationSummary = z.output<typeof consultationSummarySchema>;

export const consultationList = z.object({
  data: z.object({ consultations: z.array(consultationSummarySchema), pagination: paginationSchema }),
});

/** The limited view: who, when, what was found and prescribed — no notes, no history. */
export const limitedConsultationSchema = consultationSchema.pick({
  id: true,
  status: true,
  consultationType: true,
  visitType: true,
  patient: true,
  doctor: true,
  hospital: true,
  diagnoses: true,
  vitals: true,
  prescriptions: true,
  alerts: true,
  access: true,
  accessUntil: true,
  startedAt: true,
  completedAt: true,
});

export const auditEntrySchema = z.object({
  id: idSchema,
  action: z.string(),
  what: z.string(),
  actorName: z.string(),
  actorRole: z.enum(ROLES),
  emergency: z.boolean(),
  at: z.string(),
});
export const auditLogSchema = z.object({ entries: z.array(auditEntrySchema), pagination: paginationSchema });

export const emergencyGrantSchema = z.object({
  id: idSchema,
  consultationId: idSchema,
  grantedToName: z.string(),
  grantedToRole: z.enum(ROLES),
  reason: z.string(),
  grantedAt: z.string(),
  expiresAt: z.string(),
  reads: z.number().int(),
});
export const emergencyAccessSchema = z.object({
  grant: emergencyGrantSchema,
  consultation: limitedConsultationSchema,
});
export const emergencyGrantList = z.object({
  grants: z.array(emergencyGrantSchema),
  pagination: paginationSchema,
});

export const allergyCheckSchema = z.object({
  allergies: z.array(z.string()),
  unrecognisedAllergies: z.array(z.string()),
  results: z.array(drugCheckSchema),
});
export const interactionCheckSchema = z.object({
  against: z.array(z.string()),
  results: z.array(drugCheckSchema),
});

export const progressSchema = z.object({
  status: z.enum(CONSULTATION_STATUSES),
  steps: z.array(
    z.object({ action: z.string(), from: z.string(), to: z.string(), byRole: z.string(), at: z.string() }),
  ),
});
