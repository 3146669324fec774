// Where a doctor or hospital orders a consultation's tests: the centres that price them, affiliated first.
import { z } from 'zod';
import { DIAGNOSTIC_TEST_TYPES } from '../enums.ts';
import { idSchema } from './common.ts';
import { lineText } from './text.ts';

const testType = z.enum(DIAGNOSTIC_TEST_TYPES, { error: 'Unknown test type' });

/** GET /diagnostics/ordering-centres: the tests to price (comma-separated) and a name or city to find. */
export const orderingCentresQuery = z.object({
  tests: z
    .string()
    .max(2000)
    .optional()
    .transform((value, ctx) => {
      const list = [
        ...new Set(
          (value ?? '')
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean),
        ),
      ];
      const unknown = list.filter((t) => !(DIAGNOSTIC_TEST_TYPES as readonly string[]).includes(t));
      if (unknown.length > 0) {
        ctx.addIssue({ code: 'custom', message: `Unknown test type: ${unknown.join(', ')}` });
        return z.NEVER;
      }
      return list as Array<(typeof DIAGNOSTIC_TEST_TYPES)[number]>;
    }),
  searchQuery: lineText('Search').trim().max(100, 'Search must be at most 100 characters').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const orderingCentreSchema = z.object({
  id: idSchema,
  name: z.string(),
  city: z.string(),
  /** An ACTIVE affiliation with the caller (or the hospital the doctor practises at). */
  affiliated: z.boolean(),
  /** Which of the asked tests the centre prices, and their total in rupees. */
  pricedTests: z.array(testType),
  totalPrice: z.number(),
  homeCollection: z.boolean(),
});
export type OrderingCentre = z.output<typeof orderingCentreSchema>;
export const orderingCentreList = z.object({
  data: z.object({ centres: z.array(orderingCentreSchema), total: z.number().int() }),
});
