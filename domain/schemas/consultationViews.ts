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
import { idSchema, paginationSchema } from './common.ts';

/** The consultation as the API answers it (requests: consultations.ts). */

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
  /** Its calls (VIDEO, AUDIO, CHAT): when the first opened, whether one is open, when the last ended, how long altogether. */
  telemedicine: z.object({
    startedAt: z.string().nullable(),
    open: z.boolean(),
    endedAt: z.string().nullable(),
    durationSeconds: z.number().int(),
  }),
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

/** One past consultation in the patient chart: what was found and prescribed (no notes). */
export const chartConsultationSchema = consultationSummarySchema.extend({
  chiefComplaint: z.string(),
  completedAt: z.string().nullable(),
  diagnoses: z.array(diagnosisSchema),
  prescriptions: z.array(prescriptionSchema),
});
export type ChartConsultation = z.output<typeof chartConsultationSchema>;

export const chartConsultationList = z.object({
  data: z.object({ consultations: z.array(chartConsultationSchema), pagination: paginationSchema }),
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
