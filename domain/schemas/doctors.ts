import { z } from 'zod';
import { CONSULTATION_CHANNELS, GENDERS, LANGUAGES, SPECIALIZATIONS } from '../enums.ts';
import { idSchema } from './common.ts';
import { lineText, notesText } from './text.ts';
import {
  contactFields,
  directoryEntrySchema,
  directoryQueryBase,
  multiEnum,
  multiText,
  optionalBoolean,
  placeFields,
  registrationNumber,
  withGeoRules,
} from './directory.ts';

export const MAX_EXPERIENCE_YEARS = 70;
export const MAX_CONSULTATION_FEE = 100_000;

/** INR with at most two decimals (paise). */
const fee = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(MAX_CONSULTATION_FEE, `${label} must be at most ₹${MAX_CONSULTATION_FEE.toLocaleString('en-IN')}`)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, `${label} can have at most 2 decimals`);

const doctorFields = {
  name: lineText('Name', { error: 'Name is required' })
    .trim()
    .min(2, 'Name must be at least 2 characters')
    .max(120, 'Name must be at most 120 characters'),
  registrationNumber: registrationNumber('Medical council registration number'),
  gender: z.enum(GENDERS, { error: `Gender must be one of ${GENDERS.join(', ')}` }),
  specializations: z
    .array(z.enum(SPECIALIZATIONS, { error: 'Unknown specialisation' }))
    .min(1, 'Choose at least one specialisation')
    .max(10, 'Choose at most 10 specialisations'),
  qualifications: z
    .array(lineText('A qualification').trim().min(1, 'A qualification cannot be empty').max(100))
    .max(20, 'List at most 20 qualifications'),
  experienceYears: z
    .number({ error: 'Experience must be a number of years' })
    .int('Experience must be whole years')
    .min(0, 'Experience cannot be negative')
    .max(MAX_EXPERIENCE_YEARS, `Experience must be at most ${MAX_EXPERIENCE_YEARS} years`),
  consultationFee: fee('Consultation fee'),
  languagesSpoken: z.array(z.enum(LANGUAGES, { error: 'Unknown language' })).max(LANGUAGES.length),
  availability: z.enum(CONSULTATION_CHANNELS, {
    error: `Availability must be one of ${CONSULTATION_CHANNELS.join(', ')}`,
  }),
  telemedicineAvailable: z.boolean(),
  insuranceAccepted: z.array(lineText('Insurance').trim().min(1).max(100)).max(50),
  /** The hospital the doctor practises at; null leaves it. */
  hospitalId: idSchema.nullable(),
  description: notesText('Description').trim().max(2000).optional(),
  ...contactFields,
  ...placeFields,
};

// Defaults only when creating: a change must never reset what it does not mention.
export const onboardDoctorBody = z.object({
  ...doctorFields,
  gender: doctorFields.gender.optional(),
  qualifications: doctorFields.qualifications.default([]),
  experienceYears: doctorFields.experienceYears.default(0),
  consultationFee: doctorFields.consultationFee.optional(),
  languagesSpoken: doctorFields.languagesSpoken.default([]),
  availability: doctorFields.availability.default('BOTH'),
  telemedicineAvailable: doctorFields.telemedicineAvailable.default(false),
  insuranceAccepted: doctorFields.insuranceAccepted.default([]),
  hospitalId: doctorFields.hospitalId.optional(),
});
export type OnboardDoctorBody = z.input<typeof onboardDoctorBody>;

export const updateDoctorBody = z
  .object(
    Object.fromEntries(Object.entries(doctorFields).map(([k, v]) => [k, (v as z.ZodType).optional()])) as {
      [K in keyof typeof doctorFields]: z.ZodOptional<(typeof doctorFields)[K]>;
    },
  )
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change');

/** Lower-case words joined by single hyphens, e.g. 'dr-arjun-rao-2'. */
export const doctorSlug = z
  .string()
  .max(100, 'slug must be at most 100 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug must be lower-case letters and digits joined by hyphens');

export const doctorSchema = directoryEntrySchema.extend({
  slug: z.string(),
  registrationNumber: z.string(),
  gender: z.enum(GENDERS).nullable(),
  specializations: z.array(z.string()),
  qualifications: z.array(z.string()),
  experienceYears: z.number(),
  consultationFee: z.number().nullable(),
  languagesSpoken: z.array(z.string()),
  availability: z.enum(CONSULTATION_CHANNELS),
  telemedicineAvailable: z.boolean(),
  insuranceAccepted: z.array(z.string()),
  hospitalId: z.string().nullable(),
});
export type Doctor = z.output<typeof doctorSchema>;

export const DOCTOR_SORTS = ['name', 'rating', 'experienceYears', 'consultationFee', 'distance', 'createdAt'] as const;

export const doctorSearchQuery = withGeoRules(
  directoryQueryBase.extend({
    specializations: multiEnum(SPECIALIZATIONS, 'specializations').optional(),
    minExperience: z.coerce
      .number({ error: 'minExperience must be a number of years' })
      .int('minExperience must be whole years')
      .min(0, 'minExperience cannot be negative')
      .max(MAX_EXPERIENCE_YEARS, `minExperience must be at most ${MAX_EXPERIENCE_YEARS}`)
      .optional(),
    maxConsultationFee: z.coerce
      .number({ error: 'maxConsultationFee must be a number' })
      .min(0, 'maxConsultationFee cannot be negative')
      .max(MAX_CONSULTATION_FEE, `maxConsultationFee must be at most ${MAX_CONSULTATION_FEE}`)
      .optional(),
    insuranceAccepted: multiText.optional(),
    gender: z.enum(GENDERS, { error: `gender must be one of ${GENDERS.join(', ')}` }).optional(),
    languagesSpoken: multiEnum(LANGUAGES, 'languagesSpoken').optional(),
    availability: z
      .enum(CONSULTATION_CHANNELS, { error: `availability must be one of ${CONSULTATION_CHANNELS.join(', ')}` })
      .optional(),
    telemedicineAvailable: optionalBoolean,
    /** A hospital's own doctors (the hospital itself sees them in any verification state). */
    hospitalId: z.uuid({ error: 'hospitalId must be a valid id' }).optional(),
    sortBy: z.enum(DOCTOR_SORTS, { error: `sortBy must be one of ${DOCTOR_SORTS.join(', ')}` }).default('name'),
  }),
);
export type DoctorSearchQuery = z.output<typeof doctorSearchQuery>;
