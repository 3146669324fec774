import { z } from 'zod';
import {
  DIAGNOSTIC_ORDER_STATUSES,
  DIAGNOSTIC_TEST_STATUSES,
  DIAGNOSTIC_TEST_TYPES,
  ORDER_PRIORITIES,
  RANGE_SEXES,
  RESULT_FLAGS,
  RESULT_KINDS,
  SAMPLE_TYPES,
} from '../enums.ts';
import {
  DIAGNOSTIC_TEST_ACTIONS,
  REASONED_STATUSES,
  REQUESTABLE_TEST_STATUSES,
  overlappingBands,
} from '../rules/diagnosticOrders.ts';
import {
  addressSchema,
  idSchema,
  isoDate,
  isoDateTimeWithOffset,
  paginationQuery,
  paginationSchema,
} from './common.ts';
import { MAX_TURNAROUND_HOURS } from './diagnostics.ts';
import { lineText, notesText } from './text.ts';

/** The dearest test a centre may list, in rupees. */
export const MAX_TEST_PRICE_INR = 500_000;
/** The most tests one order may carry. */
export const MAX_TESTS_PER_ORDER = 20;

const reason = (label: string) =>
  notesText(label).trim().min(1, `${label} is required`).max(500, `${label} must be at most 500 characters`);
const optionalNotes = (label: string, max = 1000) =>
  notesText(label).trim().max(max, `${label} must be at most ${max} characters`).optional();
const testType = z.enum(DIAGNOSTIC_TEST_TYPES, { error: 'Unknown test type' });
const limit = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .finite()
    .nullable()
    .default(null);

// ── the centre's catalogue (/tests) ─────────────────────────────────────────────────

export const referenceRangeSchema = z
  .object({
    sex: z.enum(RANGE_SEXES, { error: `Sex must be one of ${RANGE_SEXES.join(', ')}` }),
    ageFrom: z.number().int('Age must be whole years').min(0).max(120),
    ageTo: z.number().int('Age must be whole years').min(1).max(150).nullable().default(null),
    low: limit('Low'),
    high: limit('High'),
    criticalLow: limit('Critical low'),
    criticalHigh: limit('Critical high'),
  })
  .refine((r) => r.ageTo === null || r.ageTo > r.ageFrom, {
    message: 'The age band must end after it starts',
    path: ['ageTo'],
  })
  .refine((r) => r.low === null || r.high === null || r.low < r.high, {
    message: 'Low must be below high',
    path: ['high'],
  })
  .refine((r) => r.criticalLow === null || r.low === null || r.criticalLow <= r.low, {
    message: 'Critical low must be at or below low',
    path: ['criticalLow'],
  })
  .refine((r) => r.criticalHigh === null || r.high === null || r.criticalHigh >= r.high, {
    message: 'Critical high must be at or above high',
    path: ['criticalHigh'],
  });

/** PUT /diagnostics/{id}/tests/{testType}: what the centre offers for one test (the whole entry). */
export const catalogueEntryBody = z
  .object({
    price: z
      .number({ error: 'Price must be a number of rupees' })
      .int('Price must be whole rupees')
      .min(0, 'Price cannot be negative')
      .max(MAX_TEST_PRICE_INR, `Price must be at most ₹${MAX_TEST_PRICE_INR}`),
    sampleType: z.enum(SAMPLE_TYPES, { error: 'Choose the sample type' }),
    fastingHours: z.number().int('Fasting must be whole hours').min(0).max(24).default(0),
    preparation: optionalNotes('Preparation advice'),
    turnaroundHours: z
      .number({ error: 'Turnaround must be a number of hours' })
      .int('Turnaround must be whole hours')
      .min(1, 'Turnaround must be at least 1 hour')
      .max(MAX_TURNAROUND_HOURS, `Turnaround must be at most ${MAX_TURNAROUND_HOURS} hours (30 days)`),
    homeCollection: z.boolean().default(false),
    unit: lineText('Unit').trim().max(30, 'Unit must be at most 30 characters').default(''),
    referenceRanges: z.array(referenceRangeSchema).max(20, 'At most 20 reference ranges').default([]),
    absoluteLow: limit('Absolute low'),
    absoluteHigh: limit('Absolute high'),
  })
  .refine((b) => b.absoluteLow === null || b.absoluteHigh === null || b.absoluteLow < b.absoluteHigh, {
    message: 'The absolute low limit must be below the high one',
    path: ['absoluteHigh'],
  })
  .superRefine((b, ctx) => {
    const overlap = overlappingBands(b.referenceRanges);
    if (overlap) ctx.addIssue({ code: 'custom', path: ['referenceRanges'], message: overlap });
    if (b.sampleType === 'NONE' && b.homeCollection) {
      ctx.addIssue({
        code: 'custom',
        path: ['homeCollection'],
        message: 'A test with no sample cannot be collected at home',
      });
    }
  });
export type CatalogueEntryInput = z.input<typeof catalogueEntryBody>;

export const catalogueEntrySchema = z.object({
  id: idSchema,
  centreId: idSchema,
  testType: z.enum(DIAGNOSTIC_TEST_TYPES),
  price: z.number().nullable(),
  sampleType: z.enum(SAMPLE_TYPES),
  fastingHours: z.number(),
  preparation: z.string().nullable(),
  turnaroundHours: z.number().nullable(),
  homeCollection: z.boolean(),
  unit: z.string(),
  referenceRanges: z.array(
    z.object({
      sex: z.enum(RANGE_SEXES),
      ageFrom: z.number(),
      ageTo: z.number().nullable(),
      low: z.number().nullable(),
      high: z.number().nullable(),
      criticalLow: z.number().nullable(),
      criticalHigh: z.number().nullable(),
    }),
  ),
  absoluteLow: z.number().nullable(),
  absoluteHigh: z.number().nullable(),
  updatedAt: z.string(),
});
export type CatalogueEntry = z.output<typeof catalogueEntrySchema>;
export const catalogueList = z.object({ data: z.object({ tests: z.array(catalogueEntrySchema) }) });

export const catalogueParams = z.object({ diagnosticsId: idSchema, testType });

// ── orders ──────────────────────────────────────────────────────────────────────────

export const homeCollectionSchema = z
  .object({
    address: addressSchema,
    windowStart: isoDateTimeWithOffset,
    windowEnd: isoDateTimeWithOffset,
  })
  .refine((w) => Date.parse(w.windowEnd) > Date.parse(w.windowStart), {
    message: 'The time window must end after it starts',
    path: ['windowEnd'],
  })
  .refine((w) => Date.parse(w.windowEnd) - Date.parse(w.windowStart) <= 12 * 3_600_000, {
    message: 'The time window must be at most 12 hours',
    path: ['windowEnd'],
  });

/** POST /api/diagnostic-orders: a patient books tests, or a doctor or hospital orders them for a patient. */
export const createOrderBody = z.object({
  diagnosticCenterId: idSchema,
  /** Required of a doctor or hospital; a patient books for themself. */
  patientId: idSchema.optional(),
  /** The consultation the tests come from (linked once consultations exist; no check on it here). */
  consultationId: idSchema.optional(),
  tests: z
    .array(testType)
    .min(1, 'Choose at least one test')
    .max(MAX_TESTS_PER_ORDER, `At most ${MAX_TESTS_PER_ORDER} tests in one order`)
    .refine((tests) => new Set(tests).size === tests.length, 'Each test only once'),
  priority: z
    .enum(ORDER_PRIORITIES, { error: `Priority must be one of ${ORDER_PRIORITIES.join(', ')}` })
    .default('ROUTINE'),
  clinicalNotes: optionalNotes('Clinical notes'),
  homeCollection: homeCollectionSchema.optional(),
});
export type CreateOrderInput = z.input<typeof createOrderBody>;

/** PUT /api/diagnostic-orders/{orderId}: what may change while no sample is taken (assignment by the centre any time before results). */
export const updateOrderBody = z
  .object({
    priority: z.enum(ORDER_PRIORITIES, { error: `Priority must be one of ${ORDER_PRIORITIES.join(', ')}` }).optional(),
    clinicalNotes: optionalNotes('Clinical notes'),
    homeCollection: homeCollectionSchema.nullable().optional(),
    /** The centre's team member who will collect (a field collector); null to unassign. */
    assigneeId: idSchema.nullable().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Send at least one field to change');
export type UpdateOrderInput = z.input<typeof updateOrderBody>;

export const orderListQuery = paginationQuery.extend({
  consultationId: idSchema.optional(),
  patientId: idSchema.optional(),
  doctorId: idSchema.optional(),
  hospitalId: idSchema.optional(),
  diagnosticCenterId: idSchema.optional(),
  status: z
    .enum(DIAGNOSTIC_ORDER_STATUSES, { error: `status must be one of ${DIAGNOSTIC_ORDER_STATUSES.join(', ')}` })
    .optional(),
  priority: z.enum(ORDER_PRIORITIES, { error: `priority must be one of ${ORDER_PRIORITIES.join(', ')}` }).optional(),
  dateFrom: isoDate.optional(),
  dateTo: isoDate.optional(),
});
export type OrderListQuery = z.output<typeof orderListQuery>;

export const statsQuery = z.object({
  diagnosticCenterId: idSchema.optional(),
  dateFrom: isoDate.optional(),
  dateTo: isoDate.optional(),
});

/** PUT …/tests/{testId}/status. */
export const testStatusBody = z
  .object({
    status: z.enum(REQUESTABLE_TEST_STATUSES, {
      error: `status must be one of ${REQUESTABLE_TEST_STATUSES.join(', ')} (results go to …/results)`,
    }),
    reason: reason('Reason').optional(),
    /** When the sample was really taken (at most a week back, not in the future); the entry time is kept apart. */
    occurredAt: isoDateTimeWithOffset.optional(),
  })
  .refine((b) => !REASONED_STATUSES.includes(b.status) || b.reason, { message: 'Say why', path: ['reason'] })
  .refine((b) => !b.occurredAt || Date.parse(b.occurredAt) <= Date.now() + 5 * 60_000, {
    message: 'The time cannot be in the future',
    path: ['occurredAt'],
  })
  .refine((b) => !b.occurredAt || Date.parse(b.occurredAt) >= Date.now() - 7 * 86_400_000, {
    message: 'The time can be at most a week back',
    path: ['occurredAt'],
  });
export type TestStatusInput = z.input<typeof testStatusBody>;

/** POST …/tests/{testId}/results: a number (in the catalogue's unit), a coded or a text result. */
export const resultBody = z
  .object({
    kind: z.enum(RESULT_KINDS, { error: `kind must be one of ${RESULT_KINDS.join(', ')}` }),
    value: z.number({ error: 'The value must be a number' }).finite().optional(),
    code: lineText('Code').trim().min(1).max(50, 'Code must be at most 50 characters').optional(),
    text: notesText('Result').trim().min(1).max(4000, 'Result must be at most 4000 characters').optional(),
    comment: optionalNotes('Comment', 1000),
    /** Required for a correction of a released report. */
    reason: reason('Reason for the correction').optional(),
  })
  .refine((b) => b.kind !== 'NUMERIC' || b.value !== undefined, { message: 'Enter the value', path: ['value'] })
  .refine((b) => b.kind !== 'CODED' || b.code !== undefined, { message: 'Enter the code', path: ['code'] })
  .refine((b) => b.kind !== 'TEXT' || b.text !== undefined, { message: 'Enter the result', path: ['text'] });
export type ResultInput = z.input<typeof resultBody>;

export const acknowledgeBody = z.object({ comment: reason('Comment') });

export const orderParams = z.object({ orderId: idSchema });
export const orderTestParams = orderParams.extend({ testId: idSchema });
export const orderFileParams = orderParams.extend({ fileId: idSchema });

// ── answers ─────────────────────────────────────────────────────────────────────────

export const resolvedRangeSchema = z
  .object({
    sex: z.enum(RANGE_SEXES),
    ageFrom: z.number(),
    ageTo: z.number().nullable(),
    low: z.number().nullable(),
    high: z.number().nullable(),
    criticalLow: z.number().nullable(),
    criticalHigh: z.number().nullable(),
  })
  .nullable();

export const resultVersionSchema = z.object({
  id: idSchema,
  version: z.number(),
  kind: z.enum(RESULT_KINDS),
  value: z.number().nullable(),
  unit: z.string(),
  code: z.string().nullable(),
  text: z.string().nullable(),
  comment: z.string().nullable(),
  referenceRange: resolvedRangeSchema,
  flag: z.enum(RESULT_FLAGS).nullable(),
  correctionReason: z.string().nullable(),
  enteredByName: z.string().nullable(),
  enteredAt: z.string(),
  releasedAt: z.string().nullable(),
});
export type ResultVersion = z.output<typeof resultVersionSchema>;

export const attachmentSchema = z.object({
  id: idSchema,
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  createdAt: z.string(),
});

export const orderTestSchema = z.object({
  id: idSchema,
  testType: z.enum(DIAGNOSTIC_TEST_TYPES),
  status: z.enum(DIAGNOSTIC_TEST_STATUSES),
  price: z.number().nullable(),
  sampleType: z.enum(SAMPLE_TYPES),
  promisedHours: z.number().nullable(),
  statusReason: z.string().nullable(),
  collectedAt: z.string().nullable(),
  collectedRecordedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  resultEnteredAt: z.string().nullable(),
  releasedAt: z.string().nullable(),
  /** The latest result version, and every earlier one (newest first). */
  result: resultVersionSchema.nullable(),
  versions: z.array(resultVersionSchema),
  attachments: z.array(attachmentSchema),
  criticalAlert: z
    .object({ raisedAt: z.string(), acknowledgedAt: z.string().nullable(), comment: z.string().nullable() })
    .nullable(),
  actions: z.array(z.enum(DIAGNOSTIC_TEST_ACTIONS)),
});
export type OrderTest = z.output<typeof orderTestSchema>;

export const orderSchema = z.object({
  id: idSchema,
  diagnosticCenterId: idSchema,
  centreName: z.string(),
  centreAccreditations: z.array(z.string()),
  patientId: idSchema,
  patientName: z.string(),
  patientPhone: z.string().nullable(),
  patientSex: z.string().nullable(),
  patientDateOfBirth: z.string().nullable(),
  doctorId: idSchema.nullable(),
  doctorName: z.string().nullable(),
  hospitalId: idSchema.nullable(),
  hospitalName: z.string().nullable(),
  consultationId: idSchema.nullable(),
  priority: z.enum(ORDER_PRIORITIES),
  status: z.enum(DIAGNOSTIC_ORDER_STATUSES),
  clinicalNotes: z.string().nullable(),
  homeCollection: z.object({ address: addressSchema, windowStart: z.string(), windowEnd: z.string() }).nullable(),
  assignee: z.object({ id: idSchema, name: z.string() }).nullable(),
  prescription: attachmentSchema.nullable(),
  totalPrice: z.number(),
  tests: z.array(orderTestSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DiagnosticOrder = z.output<typeof orderSchema>;

export const orderList = z.object({
  data: z.object({ orders: z.array(orderSchema), pagination: paginationSchema }),
});

const stage = z.object({ count: z.number(), medianHours: z.number().nullable(), p90Hours: z.number().nullable() });
export const orderStatsSchema = z.object({
  orders: z.number(),
  byStatus: z.record(z.string(), z.number()),
  byTest: z.array(z.object({ testType: z.enum(DIAGNOSTIC_TEST_TYPES), count: z.number(), released: z.number() })),
  turnaround: z.object({
    orderToCollection: stage,
    collectionToReceipt: stage,
    receiptToResult: stage,
    resultToRelease: stage,
    collectionToRelease: stage,
  }),
  rejectionRate: z.number(),
  breaches: z.number(),
  perDay: z.array(z.object({ day: z.string(), orders: z.number(), released: z.number() })),
});
export type OrderStats = z.output<typeof orderStatsSchema>;
