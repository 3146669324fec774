import { z } from 'zod';
import { BLOOD_GROUPS, GENDERS, INDIAN_REGIONS, SEVERITIES } from '../enums.ts';
import { todayInIndia } from '../rules/time.ts';
import {
  addressSchema,
  emailSchema,
  isoDate,
  isoDateAnyYear,
  paginationQuery,
  phoneSchema,
  sortOrder,
} from './common.ts';
import { EARLIEST_DATE, lineText, notesText } from './text.ts';

/** Kept here too: the forms and the server read it beside the patient schemas. */
export { todayInIndia };

const EARLIEST_BIRTH_DATE = EARLIEST_DATE;

const personName = (label: string) =>
  lineText(label, { error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

const shortTextList = (label: string, entry: string) =>
  z
    .array(
      lineText(entry)
        .trim()
        .min(1, `${label} must not have empty entries`)
        .max(100, `${label} entries are at most 100 characters`),
    )
    .max(50, `${label} can list at most 50 entries`);

export const dateOfBirthSchema = isoDateAnyYear
  .refine((value) => value < todayInIndia(), 'Date of birth must be in the past')
  .refine((value) => value >= EARLIEST_BIRTH_DATE, 'Date of birth must be in 1900 or later');

export const emergencyContactSchema = z.object({
  name: personName('Emergency contact name'),
  relationship: lineText('Relationship').trim().min(1).max(60, 'Relationship must be at most 60 characters').optional(),
  phone: phoneSchema,
});

const patientFields = {
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email: emailSchema.optional(),
  phone: phoneSchema.optional(),
  dateOfBirth: dateOfBirthSchema.optional(),
  gender: z.enum(GENDERS, { error: `gender must be one of ${GENDERS.join(', ')}` }).optional(),
  bloodGroup: z.enum(BLOOD_GROUPS, { error: `bloodGroup must be one of ${BLOOD_GROUPS.join(', ')}` }).optional(),
  address: addressSchema.optional(),
  emergencyContact: emergencyContactSchema.optional(),
  allergies: shortTextList('Allergies', 'An allergy'),
  chronicConditions: shortTextList('Chronic conditions', 'A chronic condition'),
};

/** Defaults only when creating. A patient creating their own profile gets their account email when none is sent. */
export const createPatientBody = z.object({
  ...patientFields,
  allergies: patientFields.allergies.default([]),
  chronicConditions: patientFields.chronicConditions.default([]),
});
export type CreatePatientBody = z.input<typeof createPatientBody>;

/** Partial: a field that is not sent stays as it is; null clears an optional field (names and lists cannot be null). */
export const updatePatientBody = z
  .object({
    firstName: patientFields.firstName.optional(),
    lastName: patientFields.lastName.optional(),
    email: emailSchema.nullable().optional(),
    phone: phoneSchema.nullable().optional(),
    dateOfBirth: dateOfBirthSchema.nullable().optional(),
    gender: patientFields.gender.unwrap().nullable().optional(),
    bloodGroup: patientFields.bloodGroup.unwrap().nullable().optional(),
    address: addressSchema.nullable().optional(),
    emergencyContact: emergencyContactSchema.nullable().optional(),
    allergies: patientFields.allergies.optional(),
    chronicConditions: patientFields.chronicConditions.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change');
export type UpdatePatientBody = z.input<typeof updatePatientBody>;

export const patientSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  bloodGroup: z.enum(BLOOD_GROUPS).nullable(),
  address: addressSchema.nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  emergencyContact: z.object({ name: z.string(), relationship: z.string().optional(), phone: z.string() }).nullable(),
  allergies: z.array(z.string()),
  chronicConditions: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Set once the record is deleted; only admins ever see such a record. */
  deletedAt: z.string().nullable(),
});
export type Patient = z.output<typeof patientSchema>;

export const PATIENT_SORTS = ['firstName', 'lastName', 'createdAt', 'dateOfBirth'] as const;

/** Exactly the filters of SPEC §3; an unknown parameter is refused rather than silently ignored. */
export const patientListQuery = paginationQuery
  .extend({
    firstName: lineText('First name').trim().min(1).max(100).optional(),
    lastName: lineText('Last name').trim().min(1).max(100).optional(),
    phoneNumber: phoneSchema.optional(),
    email: lineText('Email').trim().min(1).max(254).optional(),
    bloodGroup: z.enum(BLOOD_GROUPS, { error: `bloodGroup must be one of ${BLOOD_GROUPS.join(', ')}` }).optional(),
    city: lineText('City').trim().min(1).max(100).optional(),
    state: z
      .enum(INDIAN_REGIONS, {
        error: 'state must be one of the 28 states or 8 union territories, e.g. MAHARASHTRA or DELHI',
      })
      .optional(),
    sortBy: z.enum(PATIENT_SORTS, { error: `sortBy must be one of ${PATIENT_SORTS.join(', ')}` }).default('lastName'),
    sortOrder: sortOrder.default('asc'),
  })
  .strict();
export type PatientListQuery = z.output<typeof patientListQuery>;

export const DOCUMENT_TITLE_MAX = 200;
/** The text fields of a document upload (multipart, beside the "file" part). */
export const patientDocumentFields = z.object({
  title: lineText('Title', { error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(DOCUMENT_TITLE_MAX, `Title must be at most ${DOCUMENT_TITLE_MAX} characters`),
});
export const PATIENT_DOCUMENT_MAX_MB = 10;

export const patientDocumentSchema = z.object({
  id: z.string(),
  patientId: z.string(),
  title: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedBy: z.string(),
  createdAt: z.string(),
});
export type PatientDocument = z.output<typeof patientDocumentSchema>;

export const medicalHistoryBody = z.object({
  condition: lineText('Condition', { error: 'Condition is required' })
    .trim()
    .min(1, 'Condition is required')
    .max(200, 'Condition must be at most 200 characters'),
  diagnosedOn: isoDate.refine((value) => value <= todayInIndia(), 'Diagnosis date cannot be in the future').optional(),
  severity: z.enum(SEVERITIES, { error: `severity must be one of ${SEVERITIES.join(', ')}` }).optional(),
  notes: notesText('Notes').trim().max(2000, 'Notes must be at most 2000 characters').optional(),
});
export type MedicalHistoryBody = z.input<typeof medicalHistoryBody>;

export const medicalHistoryEntrySchema = z.object({
  id: z.string(),
  patientId: z.string(),
  condition: z.string(),
  diagnosedOn: z.string().nullable(),
  severity: z.enum(SEVERITIES).nullable(),
  notes: z.string().nullable(),
  recordedBy: z.string(),
  createdAt: z.string(),
});
export type MedicalHistoryEntry = z.output<typeof medicalHistoryEntrySchema>;

/** A count per value of an enumeration, every value present (0 when none); UNSPECIFIED counts records without one. */
const countsBy = <const T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z
    .record(z.enum([...values, 'UNSPECIFIED']), z.number().int().min(0))
    .describe(`Patients per ${what}: every value is present (0 when none); UNSPECIFIED counts records without one.`);

/** GET /patients/statistics/overview: counts over patients that are not deleted. */
export const patientStatisticsSchema = z.object({
  total: z.number().int().min(0).describe('Patients that are not deleted'),
  newThisMonth: z.number().int().min(0).describe('Of those, created since monthStartsAt'),
  monthStartsAt: z.string().describe('Start of the current calendar month in India (IST), as an ISO instant'),
  byGender: countsBy(GENDERS, 'gender'),
  byBloodGroup: countsBy(BLOOD_GROUPS, 'blood group'),
  byState: countsBy(INDIAN_REGIONS, 'state'),
});
export type PatientStatistics = z.output<typeof patientStatisticsSchema>;
