import { z } from 'zod';
import { DIAGNOSTIC_TEST_STATUSES, DIAGNOSTIC_TEST_TYPES, RESULT_FLAGS } from '../enums.ts';
import { idSchema, isoDate, paginationQuery, paginationSchema } from './common.ts';
import { orderSchema } from './diagnosticOrders.ts';
import { lineText } from './text.ts';

/** The diagnostics centre's /reports and the collector's round: what they ask and answer. */

// ── /reports ────────────────────────────────────────────────────────────────────────

export const REPORT_FLAG_FILTERS = [...RESULT_FLAGS, 'CRITICAL', 'ANY_FLAG', 'NONE'] as const;

/** GET /api/diagnostic-orders/reports: released and corrected reports (dates yyyy-mm-dd, on the release day in India). */
export const reportsQuery = paginationQuery.extend({
  patient: lineText('patient').trim().max(100, 'patient must be at most 100 characters').optional(),
  testType: z.enum(DIAGNOSTIC_TEST_TYPES, { error: 'Unknown test type' }).optional(),
  flag: z.enum(REPORT_FLAG_FILTERS, { error: `flag must be one of ${REPORT_FLAG_FILTERS.join(', ')}` }).optional(),
  dateFrom: isoDate.optional(),
  dateTo: isoDate.optional(),
});
export type ReportsQuery = z.output<typeof reportsQuery>;

export const reportRowSchema = z.object({
  orderId: idSchema,
  testId: idSchema,
  patientId: idSchema,
  patientName: z.string(),
  testType: z.enum(DIAGNOSTIC_TEST_TYPES),
  status: z.enum(DIAGNOSTIC_TEST_STATUSES),
  releasedAt: z.string(),
  flag: z.enum(RESULT_FLAGS).nullable(),
  value: z.number().nullable(),
  unit: z.string(),
  code: z.string().nullable(),
  version: z.number(),
  promisedHours: z.number().nullable(),
  /** Hours from collection to release, as measured. */
  turnaroundHours: z.number().nullable(),
  breached: z.boolean(),
});
export type ReportRow = z.output<typeof reportRowSchema>;
export const reportList = z.object({
  data: z.object({ reports: z.array(reportRowSchema), pagination: paginationSchema }),
});

export const todayQuery = z.object({ date: isoDate.optional() });
export const todayAnswer = z.object({ data: z.object({ date: z.string(), orders: z.array(orderSchema) }) });
