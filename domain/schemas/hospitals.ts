import { z } from 'zod';
import { HOSPITAL_CLASSIFICATIONS, HOSPITAL_TYPES, SPECIALIZATIONS } from '../enums.ts';
import { phoneSchema } from './common.ts';
import { lineText, notesText, savable } from './text.ts';
import {
  contactFields,
  directoryEntrySchema,
  directoryQueryBase,
  multiEnum,
  multiText,
  optionalBoolean,
  orgName,
  placeFields,
  registrationNumber,
  withGeoRules,
} from './directory.ts';

const hospitalFields = {
  name: orgName,
  registrationNumber: registrationNumber('Registration number'),
  hospitalType: z.enum(HOSPITAL_TYPES, { error: 'Choose the hospital type' }),
  classification: z.enum(HOSPITAL_CLASSIFICATIONS, { error: 'Choose a classification' }).optional(),
  specialties: z.array(z.enum(SPECIALIZATIONS, { error: 'Unknown specialty' })).max(60),
  emergencyServices: z.boolean(),
  icuAvailability: z.boolean(),
  ambulanceService: z.boolean(),
  insurancePartners: z.array(lineText('Insurance partner').trim().min(1).max(100)).max(50),
  totalBeds: z.number().int().min(0).max(20_000).optional(),
  establishedYear: z.number().int().min(1800).max(2100).optional(),
  website: z.url('Enter a full web address, e.g. https://example.in').max(300).check(savable('Website')).optional(),
  description: notesText('Description').trim().max(2000).optional(),
  ...contactFields,
  ...placeFields,
};

// Defaults only when creating: a change must never reset what it does not mention.
export const onboardHospitalBody = z.object({
  ...hospitalFields,
  specialties: hospitalFields.specialties.default([]),
  emergencyServices: hospitalFields.emergencyServices.default(false),
  icuAvailability: hospitalFields.icuAvailability.default(false),
  ambulanceService: hospitalFields.ambulanceService.default(false),
  insurancePartners: hospitalFields.insurancePartners.default([]),
});
export type OnboardHospitalBody = z.input<typeof onboardHospitalBody>;

export const updateHospitalBody = z
  .object(
    Object.fromEntries(Object.entries(hospitalFields).map(([k, v]) => [k, (v as z.ZodType).optional()])) as {
      [K in keyof typeof hospitalFields]: z.ZodOptional<(typeof hospitalFields)[K]>;
    },
  )
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change');

export const departmentBody = z.object({
  name: lineText('Department name').trim().min(2, 'Department name must be at least 2 characters').max(120),
  headOfDepartment: lineText('Head of department').trim().max(120).optional(),
  phone: phoneSchema.optional(),
  floor: lineText('Floor').trim().max(40).optional(),
  description: notesText('Description').trim().max(1000).optional(),
});
export const emergencyContactBody = z.object({
  name: lineText('Name').trim().min(2, 'Name must be at least 2 characters').max(120),
  designation: lineText('Designation').trim().max(120).optional(),
  phone: phoneSchema,
  available24x7: z.boolean().default(false),
});

export const departmentSchema = z.object({
  id: z.string(),
  hospitalId: z.string(),
  name: z.string(),
  headOfDepartment: z.string().nullable(),
  phone: z.string().nullable(),
  floor: z.string().nullable(),
  description: z.string().nullable(),
});
export const emergencyContactSchema = z.object({
  id: z.string(),
  hospitalId: z.string(),
  name: z.string(),
  designation: z.string().nullable(),
  phone: z.string(),
  available24x7: z.boolean(),
});

export const hospitalSchema = directoryEntrySchema.extend({
  registrationNumber: z.string(),
  hospitalType: z.enum(HOSPITAL_TYPES),
  classification: z.enum(HOSPITAL_CLASSIFICATIONS).nullable(),
  specialties: z.array(z.string()),
  emergencyServices: z.boolean(),
  icuAvailability: z.boolean(),
  ambulanceService: z.boolean(),
  insurancePartners: z.array(z.string()),
  totalBeds: z.number().nullable(),
  establishedYear: z.number().nullable(),
  website: z.string().nullable(),
});
export type Hospital = z.output<typeof hospitalSchema>;

export const hospitalProfileSchema = hospitalSchema.extend({
  departments: z.array(departmentSchema),
  emergencyContacts: z.array(emergencyContactSchema),
});

export const HOSPITAL_SORTS = ['name', 'rating', 'distance', 'createdAt', 'totalBeds'] as const;

export const hospitalSearchQuery = withGeoRules(
  directoryQueryBase.extend({
    hospitalType: z
      .enum(HOSPITAL_TYPES, { error: `hospitalType must be one of ${HOSPITAL_TYPES.join(', ')}` })
      .optional(),
    specialties: multiEnum(SPECIALIZATIONS, 'specialties').optional(),
    emergencyServices: optionalBoolean,
    icuAvailability: optionalBoolean,
    ambulanceService: optionalBoolean,
    insurancePartners: multiText.optional(),
    sortBy: z.enum(HOSPITAL_SORTS, { error: `sortBy must be one of ${HOSPITAL_SORTS.join(', ')}` }).default('name'),
  }),
);
export type HospitalSearchQuery = z.output<typeof hospitalSearchQuery>;
