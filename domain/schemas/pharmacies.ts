import { z } from 'zod';
import {
  MEDICINE_CATEGORIES,
  PHARMACY_SERVICES,
  PHARMACY_TYPES,
  PRODUCT_CATEGORIES,
  WEEKDAYS,
  type Weekday,
} from '../enums.ts';
import { phoneSchema } from './common.ts';
import { lineText, notesText } from './text.ts';
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

/** A pharmacy shows at most this many photos. */
export const MAX_PHARMACY_IMAGES = 10;
export const PHARMACY_IMAGE_MAX_MB = 5;

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const clock = (label: 'open' | 'close') =>
  z
    .string({ error: `${label} must be a time as HH:mm, e.g. 09:00` })
    .regex(CLOCK, `${label} must be a time as HH:mm between 00:00 and 23:59, e.g. 09:00`);

const DAY_FORMS = 'each day is { open: "HH:mm", close: "HH:mm" }, { open24Hours: true } or { closed: true }';

/** One weekday's hours in any of its three forms, checked so the message says what is wrong. */
export const dayHoursBody = z
  .strictObject(
    {
      open: clock('open').optional(),
      close: clock('close').optional(),
      open24Hours: z.literal(true, { error: 'open24Hours can only be true; leave it out otherwise' }).optional(),
      closed: z.literal(true, { error: 'closed can only be true; leave it out otherwise' }).optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown field ${issue.keys.map((k) => `"${k}"`).join(', ')}: ${DAY_FORMS}`
          : `Opening hours: ${DAY_FORMS}`,
    },
  )
  .superRefine((day, ctx) => {
    const hasTimes = day.open !== undefined || day.close !== undefined;
    if (day.closed) {
      if (day.open24Hours || hasTimes) {
        ctx.addIssue({ code: 'custom', path: ['closed'], message: 'A closed day takes no open, close or open24Hours' });
      }
      return;
    }
    if (day.open24Hours) {
      if (hasTimes) {
        ctx.addIssue({ code: 'custom', path: ['open24Hours'], message: 'A day open 24 hours takes no open or close' });
      }
      return;
    }
    for (const key of ['open', 'close'] as const) {
      if (day[key] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} is required (HH:mm); or send { open24Hours: true } or { closed: true }`,
        });
      }
    }
    if (day.open && day.close && CLOCK.test(day.open) && CLOCK.test(day.close) && day.open >= day.close) {
      ctx.addIssue({
        code: 'custom',
        path: ['close'],
        message: `close (${day.close}) must be later than open (${day.open}); for round-the-clock use { open24Hours: true }`,
      });
    }
  })
  .transform((day): DayHours => {
    if (day.closed) return { closed: true };
    if (day.open24Hours) return { open24Hours: true };
    return { open: day.open as string, close: day.close as string };
  });

export type DayHours = { open: string; close: string } | { open24Hours: true } | { closed: true };

const weekOf = <T extends z.ZodType>(day: T) =>
  z.partialRecord(z.enum(WEEKDAYS), day, {
    // A key outside the enumeration arrives as unrecognized_keys, which the record's issue type leaves out.
    error: (issue) => {
      const keys = (issue as { keys?: unknown }).keys;
      return Array.isArray(keys)
        ? `Days are ${WEEKDAYS.join(', ')}; ${keys.map((k) => `"${String(k)}"`).join(', ')} is not one`
        : 'Opening hours are an object keyed by weekday (MONDAY to SUNDAY)';
    },
  });

/** The whole week, as given when onboarding or in a change of the pharmacy; days left out have no hours. */
export const openingHoursBody = weekOf(dayHoursBody);

/** A change of some days: the days sent replace theirs, null removes a day, the rest stay. */
export const openingHoursPatchBody = weekOf(dayHoursBody.nullable()).refine(
  (week) => Object.keys(week).length > 0,
  'Send at least one weekday (MONDAY to SUNDAY)',
);
export type OpeningHoursPatch = Partial<Record<Weekday, DayHours | null>>;

export const emergencyInfoBody = z.object({
  available24x7: z.boolean({ error: 'available24x7 is required: true or false' }),
  phone: phoneSchema.optional(),
  instructions: notesText('Instructions').trim().max(1000, 'instructions must be at most 1000 characters').optional(),
});

const pharmacyFields = {
  name: orgName,
  licenseNumber: registrationNumber('Drug licence number'),
  pharmacyType: z.enum(PHARMACY_TYPES, { error: `pharmacyType must be one of ${PHARMACY_TYPES.join(', ')}` }),
  services: z.array(z.enum(PHARMACY_SERVICES, { error: 'Unknown pharmacy service' })).max(PHARMACY_SERVICES.length),
  medicationTypes: z
    .array(z.enum(MEDICINE_CATEGORIES, { error: 'Unknown medication type' }))
    .max(MEDICINE_CATEGORIES.length),
  products: z.array(z.enum(PRODUCT_CATEGORIES, { error: 'Unknown product category' })).max(PRODUCT_CATEGORIES.length),
  hasHomeDelivery: z.boolean({ error: 'hasHomeDelivery must be true or false' }),
  hasEmergencyService: z.boolean({ error: 'hasEmergencyService must be true or false' }),
  insurancePartners: z.array(lineText('Insurance partner').trim().min(1).max(100)).max(50),
  description: notesText('Description').trim().max(2000).optional(),
  openingHours: openingHoursBody,
  ...contactFields,
  ...placeFields,
};

// Defaults only when creating: a change must never reset what it does not mention.
export const onboardPharmacyBody = z.object({
  ...pharmacyFields,
  services: pharmacyFields.services.default([]),
  medicationTypes: pharmacyFields.medicationTypes.default([]),
  products: pharmacyFields.products.default([]),
  hasHomeDelivery: pharmacyFields.hasHomeDelivery.default(false),
  hasEmergencyService: pharmacyFields.hasEmergencyService.default(false),
  insurancePartners: pharmacyFields.insurancePartners.default([]),
  openingHours: pharmacyFields.openingHours.default({}),
});
export type OnboardPharmacyBody = z.input<typeof onboardPharmacyBody>;

/** Fields sent replace theirs (openingHours replaces the whole week); fields not sent stay. */
export const updatePharmacyBody = z
  .object(
    Object.fromEntries(Object.entries(pharmacyFields).map(([k, v]) => [k, (v as z.ZodType).optional()])) as {
      [K in keyof typeof pharmacyFields]: z.ZodOptional<(typeof pharmacyFields)[K]>;
    },
  )
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change');

const pharmacistFields = {
  name: lineText('Name', { error: 'Name is required' })
    .trim()
    .min(2, 'Name must be at least 2 characters')
    .max(120, 'Name must be at most 120 characters'),
  registrationNumber: registrationNumber('Pharmacist registration number'),
  ...contactFields,
};
export const pharmacistBody = z.object(pharmacistFields);
export const updatePharmacistBody = z
  .object({
    name: pharmacistFields.name.optional(),
    registrationNumber: pharmacistFields.registrationNumber.optional(),
    ...contactFields,
  })
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change');

export const pharmacistSchema = z.object({
  id: z.string(),
  pharmacyId: z.string(),
  name: z.string(),
  registrationNumber: z.string(),
  /** Contact details are shown to the pharmacy itself and admins only. */
  phone: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  isVerified: z.boolean(),
  verifiedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const pharmacyImageSchema = z.object({
  id: z.string(),
  pharmacyId: z.string(),
  /** Where the image bytes are served: /api/pharmacies/{id}/images/{imageId}/content. */
  imageUrl: z.string(),
  contentType: z.string(),
  size: z.number(),
  createdAt: z.string(),
});

export const dayHoursSchema = z.union([
  z.object({ open: z.string(), close: z.string() }),
  z.object({ open24Hours: z.literal(true) }),
  z.object({ closed: z.literal(true) }),
]);
export const openingHoursSchema = z.partialRecord(z.enum(WEEKDAYS), dayHoursSchema);
export const emergencyInfoSchema = z.object({
  available24x7: z.boolean(),
  phone: z.string().optional(),
  instructions: z.string().optional(),
});

export const pharmacySchema = directoryEntrySchema.extend({
  licenseNumber: z.string(),
  pharmacyType: z.enum(PHARMACY_TYPES),
  services: z.array(z.string()),
  medicationTypes: z.array(z.string()),
  products: z.array(z.string()),
  hasHomeDelivery: z.boolean(),
  hasEmergencyService: z.boolean(),
  insurancePartners: z.array(z.string()),
  openingHours: openingHoursSchema,
  emergencyInfo: emergencyInfoSchema.nullable(),
});
export type Pharmacy = z.output<typeof pharmacySchema>;

export const pharmacyProfileSchema = pharmacySchema.extend({
  pharmacists: z.array(pharmacistSchema),
  images: z.array(pharmacyImageSchema),
});

export const PHARMACY_SORTS = ['name', 'rating', 'reviewCount', 'distance', 'createdAt'] as const;

/** Multi-value filters (services, medicationTypes, products, insurancePartners) match any of the values. */
export const pharmacySearchQuery = withGeoRules(
  directoryQueryBase.extend({
    services: multiEnum(PHARMACY_SERVICES, 'services').optional(),
    medicationTypes: multiEnum(MEDICINE_CATEGORIES, 'medicationTypes').optional(),
    products: multiEnum(PRODUCT_CATEGORIES, 'products').optional(),
    hasHomeDelivery: optionalBoolean,
    hasEmergencyService: optionalBoolean,
    minRating: z.coerce
      .number({ error: 'minRating must be a number' })
      .min(0, 'minRating must be between 0 and 5')
      .max(5, 'minRating must be between 0 and 5')
      .optional(),
    minReviews: z.coerce
      .number({ error: 'minReviews must be a number' })
      .int('minReviews must be a whole number')
      .min(0, 'minReviews must be 0 or more')
      .max(1_000_000_000, 'minReviews must be at most 1000000000')
      .optional(),
    insurancePartners: multiText.optional(),
    sortBy: z.enum(PHARMACY_SORTS, { error: `sortBy must be one of ${PHARMACY_SORTS.join(', ')}` }).default('name'),
  }),
);
export type PharmacySearchQuery = z.output<typeof pharmacySearchQuery>;
