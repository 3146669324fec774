import { z } from 'zod';
import {
  ACCREDITATIONS,
  DIAGNOSTIC_TEST_TYPES,
  DIAGNOSTICS_FACILITY_TYPES,
  EQUIPMENT_KINDS,
  isOneOf,
} from '../enums.ts';
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
import { lineText, notesText } from './text.ts';

/** The longest turnaround a centre may state: 30 days. */
export const MAX_TURNAROUND_HOURS = 720;
export const MAX_STAFF_COUNT = 500;

const diagnosticsFields = {
  name: orgName,
  licenseNumber: registrationNumber('Licence number'),
  facilityType: z.enum(DIAGNOSTICS_FACILITY_TYPES, { error: 'Choose the facility type' }),
  testsAvailable: z
    .array(z.enum(DIAGNOSTIC_TEST_TYPES, { error: 'Unknown test type' }))
    .max(DIAGNOSTIC_TEST_TYPES.length),
  equipmentAvailable: z.array(z.enum(EQUIPMENT_KINDS, { error: 'Unknown equipment' })).max(EQUIPMENT_KINDS.length),
  accreditations: z.array(z.enum(ACCREDITATIONS, { error: 'Unknown accreditation' })).max(ACCREDITATIONS.length),
  hasHomeCollection: z.boolean(),
  hasEmergencyService: z.boolean(),
  insuranceAccepted: z.array(lineText('Insurance').trim().min(1).max(100)).max(50),
  description: notesText('Description').trim().max(2000).optional(),
  ...contactFields,
  ...placeFields,
};

// Defaults only when creating: a change must never reset what it does not mention.
export const onboardDiagnosticsBody = z.object({
  ...diagnosticsFields,
  testsAvailable: diagnosticsFields.testsAvailable.default([]),
  equipmentAvailable: diagnosticsFields.equipmentAvailable.default([]),
  accreditations: diagnosticsFields.accreditations.default([]),
  hasHomeCollection: diagnosticsFields.hasHomeCollection.default(false),
  hasEmergencyService: diagnosticsFields.hasEmergencyService.default(false),
  insuranceAccepted: diagnosticsFields.insuranceAccepted.default([]),
});
export type OnboardDiagnosticsBody = z.input<typeof onboardDiagnosticsBody>;

export const updateDiagnosticsBody = z
  .object(
    Object.fromEntries(Object.entries(diagnosticsFields).map(([k, v]) => [k, (v as z.ZodType).optional()])) as {
      [K in keyof typeof diagnosticsFields]: z.ZodOptional<(typeof diagnosticsFields)[K]>;
    },
  )
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change');

/** Hours from sample to result per test type; the whole map is replaced, `{}` clears it. */
export const resultsTurnaroundBody = z
  .record(
    z.string(),
    z
      .number({ error: 'Turnaround must be a number of hours' })
      .int('Turnaround must be whole hours')
      .min(1, 'Turnaround must be at least 1 hour')
      .max(MAX_TURNAROUND_HOURS, `Turnaround must be at most ${MAX_TURNAROUND_HOURS} hours (30 days)`),
  )
  .superRefine((map, ctx) => {
    // Checked here rather than by an enum key so the error names the offending key.
    for (const key of Object.keys(map)) {
      if (!isOneOf(DIAGNOSTIC_TEST_TYPES, key)) {
        ctx.addIssue({ code: 'custom', path: [key], message: `${key} is not a known test type` });
      }
    }
  });
export type ResultsTurnaroundBody = z.output<typeof resultsTurnaroundBody>;

const staffCount = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_STAFF_COUNT, `${label} must be at most ${MAX_STAFF_COUNT}`);

/** Staff counts and areas of expertise; what the body leaves out stays as it was. */
export const staffingExpertiseBody = z
  .object({
    pathologists: staffCount('Pathologists').optional(),
    radiologists: staffCount('Radiologists').optional(),
    technicians: staffCount('Technicians').optional(),
    expertise: z
      .array(lineText('An area of expertise').trim().min(1, 'An area of expertise cannot be empty').max(100))
      .max(50, 'List at most 50 areas of expertise')
      .transform((items) => [...new Set(items)])
      .optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change');
export type StaffingExpertiseBody = z.output<typeof staffingExpertiseBody>;

export const staffingSchema = z.object({
  pathologists: z.number().optional(),
  radiologists: z.number().optional(),
  technicians: z.number().optional(),
  expertise: z.array(z.string()).optional(),
});

export const diagnosticsCentreSchema = directoryEntrySchema.extend({
  licenseNumber: z.string(),
  facilityType: z.enum(DIAGNOSTICS_FACILITY_TYPES),
  testsAvailable: z.array(z.string()),
  equipmentAvailable: z.array(z.string()),
  accreditations: z.array(z.string()),
  hasHomeCollection: z.boolean(),
  hasEmergencyService: z.boolean(),
  insuranceAccepted: z.array(z.string()),
  resultsTurnaround: z.partialRecord(z.string(), z.number()),
  staffing: staffingSchema,
});
export type DiagnosticsCentre = z.output<typeof diagnosticsCentreSchema>;

export const DIAGNOSTICS_SORTS = ['name', 'rating', 'distance', 'createdAt'] as const;

export const diagnosticsSearchQuery = withGeoRules(
  directoryQueryBase.extend({
    facilityType: z
      .enum(DIAGNOSTICS_FACILITY_TYPES, {
        error: `facilityType must be one of ${DIAGNOSTICS_FACILITY_TYPES.join(', ')}`,
      })
      .optional(),
    testsAvailable: multiEnum(DIAGNOSTIC_TEST_TYPES, 'testsAvailable').optional(),
    equipmentAvailable: multiEnum(EQUIPMENT_KINDS, 'equipmentAvailable').optional(),
    accreditations: multiEnum(ACCREDITATIONS, 'accreditations').optional(),
    hasHomeCollection: optionalBoolean,
    hasEmergencyService: optionalBoolean,
    insuranceAccepted: multiText.optional(),
    sortBy: z
      .enum(DIAGNOSTICS_SORTS, { error: `sortBy must be one of ${DIAGNOSTICS_SORTS.join(', ')}` })
      .default('name'),
  }),
);
export type DiagnosticsSearchQuery = z.output<typeof diagnosticsSearchQuery>;
