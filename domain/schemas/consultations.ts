import { z } from 'zod';
import {
  CONSULTATION_STATUSES,
  CONSULTATION_TYPES,
  DIAGNOSIS_CERTAINTIES,
  DIAGNOSIS_RANKS,
  DRUG_FORMS,
  DRUG_ROUTES,
  GENDERS,
  ORDER_PRIORITIES,
  SEVERITIES,
  TEMPERATURE_UNITS,
  VISIT_TYPES,
} from '../enums.ts';
import { CONSULTATION_ACTIONS } from '../rules/consultations.ts';
import { idSchema, isoDate, paginationQuery, phoneSchema } from './common.ts';
import { dateOfBirthSchema } from './patients.ts';
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
  phone: phoneSchema.optional(),
  dateOfBirth: dateOfBirthSchema.optional(),
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

export * from './consultationViews.ts';
