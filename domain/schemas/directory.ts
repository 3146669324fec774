import { z } from 'zod';
import { INDIAN_REGIONS, VERIFICATION_STATUSES, RECORD_STATUSES } from '../enums.ts';
import { MAX_PAGE_LIMIT, addressSchema, paginationSchema, phoneSchema, queryBoolean, sortOrder } from './common.ts';
import { lineText } from './text.ts';

/** A multi-value filter: `?x=a,b` or `?x=a&x=b`, each value one of the enumeration. */
export function multiEnum<const T extends readonly [string, ...string[]]>(values: T, name: string) {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((value) => [
      ...new Set((Array.isArray(value) ? value : value.split(',')).map((v) => v.trim()).filter(Boolean)),
    ])
    .pipe(
      z
        .array(z.enum(values, { error: `${name} has a value that is not allowed (the API documentation lists them)` }))
        .max(50),
    );
}

/** Free-text multi-value filter (insurance partners …), matched case-insensitively. */
export const multiText = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => [
    ...new Set((Array.isArray(value) ? value : value.split(',')).map((v) => v.trim()).filter(Boolean)),
  ])
  .pipe(z.array(lineText('Search text').max(100)).max(50));

/** What every directory search takes: text, place, a geo radius, paging and order. */
export const directoryQueryBase = z.object({
  searchQuery: lineText('Search text').trim().max(100).optional(),
  page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_LIMIT, `limit must be at most ${MAX_PAGE_LIMIT}`)
    .default(20),
  longitude: z.coerce
    .number({ error: 'longitude must be a number' })
    .min(-180, 'longitude must be between -180 and 180')
    .max(180, 'longitude must be between -180 and 180')
    .optional(),
  latitude: z.coerce
    .number({ error: 'latitude must be a number' })
    .min(-90, 'latitude must be between -90 and 90')
    .max(90, 'latitude must be between -90 and 90')
    .optional(),
  maxDistanceInKm: z.coerce
    .number({ error: 'maxDistanceInKm must be a number' })
    .positive('maxDistanceInKm must be more than 0')
    .max(5000, 'maxDistanceInKm must be at most 5000')
    .optional(),
  city: lineText('City').trim().min(1).max(100).optional(),
  state: z
    .enum(INDIAN_REGIONS, {
      error: 'state must be one of the 28 states or 8 union territories, e.g. MAHARASHTRA or DELHI',
    })
    .optional(),
  sortOrder: sortOrder.default('asc'),
});

/** Coordinates come in pairs, and a radius or a distance sort needs them. */
export function withGeoRules<
  T extends z.ZodType<{ latitude?: number; longitude?: number; maxDistanceInKm?: number; sortBy?: string }>,
>(schema: T) {
  return schema.superRefine((q, ctx) => {
    const hasLat = q.latitude !== undefined;
    const hasLon = q.longitude !== undefined;
    if (hasLat !== hasLon) {
      ctx.addIssue({
        code: 'custom',
        path: [hasLat ? 'longitude' : 'latitude'],
        message: 'latitude and longitude must be given together',
      });
    }
    if (q.maxDistanceInKm !== undefined && !(hasLat && hasLon)) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxDistanceInKm'],
        message: 'maxDistanceInKm needs latitude and longitude',
      });
    }
    if (q.sortBy === 'distance' && !(hasLat && hasLon)) {
      ctx.addIssue({ code: 'custom', path: ['sortBy'], message: 'sortBy=distance needs latitude and longitude' });
    }
  });
}

export const optionalBoolean = queryBoolean.optional();

/** The part of a directory entry every list shows. */
export const directoryEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: addressSchema,
  city: z.string(),
  state: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  description: z.string().nullable(),
  rating: z.number(),
  reviewCount: z.number(),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  status: z.enum(RECORD_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Present when the search gave coordinates. */
  distanceKm: z.number().optional(),
});

export const listOf = <K extends string, T extends z.ZodType>(key: K, item: T) =>
  z.object({
    data: z.object({ [key]: z.array(item), pagination: paginationSchema } as Record<K, z.ZodArray<T>> & {
      pagination: typeof paginationSchema;
    }),
  });

/** Where an organisation is: its address plus optional coordinates for "near me". */
export const placeFields = {
  address: addressSchema,
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
};

export const contactFields = {
  email: z.email('Enter a valid email address').max(254).optional(),
  phone: phoneSchema.optional(),
};

export const registrationNumber = (label: string) =>
  lineText(label, { error: `${label} is required` })
    .trim()
    .min(3, `${label} must be at least 3 characters`)
    .max(60, `${label} must be at most 60 characters`);

export const orgName = lineText('Name', { error: 'Name is required' })
  .trim()
  .min(2, 'Name must be at least 2 characters')
  .max(160, 'Name must be at most 160 characters');
