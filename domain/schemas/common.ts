import { z } from 'zod';
import { ERROR_KINDS } from '../errors.ts';
import type { Pagination } from '../errors.ts';
import { INDIAN_REGIONS, SORT_ORDERS } from '../enums.ts';
import { normalizePhone } from '../rules/phone.ts';
import { DATE_RANGE_MESSAGE, DATE_TIME_RANGE_MESSAGE, isDateInRange, isInstantInRange, lineText } from './text.ts';

/** Building blocks for every area's request and response schemas (DESIGN "The API contract"). */

export const PHONE_MESSAGE = 'Enter a valid Indian mobile number: 10 digits starting with 6, 7, 8 or 9';
export const PINCODE_MESSAGE = 'Pincode must be 6 digits';

export const MAX_PAGE_LIMIT = 100;
export const DEFAULT_PAGE_LIMIT = 10;

/** `?page&limit` from a query string: page ≥ 1 (default 1), limit 1 to 100 (default 10). */
export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'Limit must be at least 1')
    .max(MAX_PAGE_LIMIT, `Limit must be at most ${MAX_PAGE_LIMIT}`)
    .default(DEFAULT_PAGE_LIMIT),
});
export type PaginationQuery = z.output<typeof paginationQuery>;

export const sortOrder = z.enum(SORT_ORDERS);

/** A query-string flag: 'true'/'false' (also 1/0, yes/no, on/off). z.coerce.boolean would read 'false' as true. */
export const queryBoolean = z.stringbool();

/** Any way a user writes an Indian mobile number, stored as the 10-digit national number. */
export const phoneSchema = lineText('Phone number', { error: PHONE_MESSAGE }).transform((value, ctx) => {
  const national = normalizePhone(value);
  if (national === null) {
    ctx.issues.push({ code: 'custom', message: PHONE_MESSAGE, input: value });
    return z.NEVER;
  }
  return national;
});

/** An Indian PIN code: 6 digits, never starting with 0. */
export const pincodeSchema = lineText('Pincode', { error: PINCODE_MESSAGE })
  .trim()
  .regex(/^[1-9]\d{5}$/, PINCODE_MESSAGE);

const requiredText = (label: string, max: number) =>
  lineText(label, { error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const addressSchema = z.object({
  buildingNumber: requiredText('Building number', 50),
  street: requiredText('Street', 200),
  locality: requiredText('Locality', 200),
  landmark: lineText('Landmark').trim().max(200, 'Landmark must be at most 200 characters').optional(),
  city: requiredText('City', 100),
  state: z.enum(INDIAN_REGIONS, { error: 'Choose a state or union territory' }),
  pincode: pincodeSchema,
});
export type Address = z.output<typeof addressSchema>;

export const emailSchema = lineText('Email', { error: 'Enter a valid email address' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid email address' }).max(254, 'Email must be at most 254 characters'));

export const idSchema = z.uuid({ error: 'Must be a valid id' });

/** An instant with its offset, e.g. '2024-01-05T10:30:00+05:30' or '…Z'; a bare local time is ambiguous. Years 1900 to 2100. */
export const isoDateTimeWithOffset = z.iso
  .datetime({ offset: true, error: 'Must be an ISO date-time with an offset' })
  .refine(isInstantInRange, DATE_TIME_RANGE_MESSAGE);

/** 'yyyy-mm-dd' in any year: only for a field that bounds the years itself (with its own messages). */
export const isoDateAnyYear = z.iso.date({ error: 'Must be a date as yyyy-mm-dd' });

/** A calendar date 'yyyy-mm-dd', as the date-only filters of SPEC §3 and §7 take, in the years 1900 to 2100. */
export const isoDate = isoDateAnyYear.refine(isDateInRange, DATE_RANGE_MESSAGE);

export const paginationSchema = z.object({
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
  total: z.number().int().min(0),
  totalPages: z.number().int().min(0),
});

export const apiErrorBodySchema = z.object({
  error: z.enum(ERROR_KINDS),
  message: z.string(),
  details: z.unknown().optional(),
});

/** The success envelope `{ data, message? }` around a response schema. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ data, message: z.string().optional() });
}

/** totalPages is 0 when there is nothing to list. */
export function paginationOf(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, totalPages: limit > 0 ? Math.ceil(total / limit) : 0 };
}

/** Rows to skip for a 1-based page. */
export function pageOffset(page: number, limit: number): number {
  return (Math.max(page, 1) - 1) * limit;
}
