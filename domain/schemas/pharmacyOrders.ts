import { z } from 'zod';
import {
  DELIVERY_METHODS,
  DRUG_SCHEDULES,
  PAYMENT_STATUSES,
  PHARMACY_ORDER_PRIORITIES,
  PHARMACY_ORDER_STATUSES,
  PHARMACY_ORDER_TYPES,
  PRESCRIPTION_ITEM_STATUSES,
  SORT_ORDERS,
} from '../enums.ts';
import {
  PHARMACY_ORDER_ACTIONS,
  REASONED_ORDER_STATUSES,
  REQUESTABLE_ORDER_STATUSES,
} from '../rules/pharmacyOrders.ts';
import { idSchema, isoDate, paginationQuery, paginationSchema } from './common.ts';
import { reasonText } from './pharmacyInventory.ts';
import { lineText, notesText } from './text.ts';

export const MAX_ITEMS_PER_ORDER = 30;

const line = (label: string, max = 120) =>
  lineText(label).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);
const qty = z
  .number({ error: 'Quantity must be a number' })
  .int('Quantity must be whole units')
  .min(1, 'Quantity must be at least 1')
  .max(10_000, 'Quantity must be at most 10000');
const enumOf = <const T extends readonly [string, ...string[]]>(values: T, field: string) =>
  z.enum(values, { error: `${field} must be one of ${values.join(', ')}` });

export const orderItemInput = z.object({
  /** As prescribed: a generic/salt or brand ("Amoxicillin 500 mg"). */
  name: line('Medicine', 200),
  quantity: qty,
  medicineId: idSchema.optional(),
});

/**
 * POST /pharmacy-orders: from a consultation's prescription (the patient names the pharmacy; the
 * lines come from the consultation), a patient's list with a photo uploaded after, or a walk-in.
 */
export const createOrderBody = z
  .object({
    pharmacyId: idSchema,
    consultationId: idSchema.optional(),
    patientId: idSchema.optional(),
    walkInName: line('Customer name', 80).optional(),
    items: z.array(orderItemInput).max(MAX_ITEMS_PER_ORDER, `At most ${MAX_ITEMS_PER_ORDER} items`).default([]),
    orderType: enumOf(PHARMACY_ORDER_TYPES, 'orderType').default('NEW_PRESCRIPTION'),
    priority: enumOf(PHARMACY_ORDER_PRIORITIES, 'priority').default('NORMAL'),
    deliveryMethod: enumOf(DELIVERY_METHODS, 'deliveryMethod').default('PICKUP'),
    deliveryAddress: line('Delivery address', 300).optional(),
    note: notesText('Note').trim().max(1000).optional(),
  })
  .refine((b) => b.consultationId || b.items.length > 0, {
    message: 'Add at least one medicine, or choose a consultation’s prescription',
    path: ['items'],
  })
  .refine((b) => b.deliveryMethod !== 'HOME_DELIVERY' || b.deliveryAddress, {
    message: 'Home delivery needs an address',
    path: ['deliveryAddress'],
  });

export const orderParams = z.object({ id: idSchema });
export const orderItemParams = z.object({ id: idSchema, itemId: idSchema });

export const ORDER_SORTS = ['createdAt', 'updatedAt', 'priority', 'status', 'orderNumber'] as const;
export const orderListQuery = paginationQuery.extend({
  status: enumOf(PHARMACY_ORDER_STATUSES, 'status').optional(),
  priority: enumOf(PHARMACY_ORDER_PRIORITIES, 'priority').optional(),
  orderType: enumOf(PHARMACY_ORDER_TYPES, 'orderType').optional(),
  deliveryMethod: enumOf(DELIVERY_METHODS, 'deliveryMethod').optional(),
  consultationId: idSchema.optional(),
  patientId: idSchema.optional(),
  pharmacyId: idSchema.optional(),
  doctorId: idSchema.optional(),
  hospitalId: idSchema.optional(),
  dateFrom: isoDate.optional(),
  dateTo: isoDate.optional(),
  orderNumber: lineText('Order number').trim().max(40).optional(),
  sortBy: enumOf(ORDER_SORTS, 'sortBy').default('createdAt'),
  sortOrder: enumOf(SORT_ORDERS, 'sortOrder').default('desc'),
});
export type OrderListQuery = z.output<typeof orderListQuery>;

export const STATS_PERIODS = ['day', 'week', 'month', 'year'] as const;
export const statsQuery = z.object({
  period: enumOf(STATS_PERIODS, 'period').default('month'),
  dateFrom: isoDate.optional(),
  dateTo: isoDate.optional(),
});
export type StatsQuery = z.output<typeof statsQuery>;

export const statusBody = z
  .object({
    status: z.enum(REQUESTABLE_ORDER_STATUSES, {
      error: `status must be one of ${REQUESTABLE_ORDER_STATUSES.join(', ')}`,
    }),
    reason: reasonText().optional(),
  })
  .refine((b) => !(REASONED_ORDER_STATUSES as readonly string[]).includes(b.status) || b.reason, {
    message: 'A reason is required for this status',
    path: ['reason'],
  });
export const reasonBody = z.object({ reason: reasonText() });
export const returnBody = z.object({
  reason: reasonText(),
  sealed: z.boolean({ error: 'sealed must be true or false' }),
});
export const noteBody = z.object({ text: notesText('Note').trim().min(1, 'Note is required').max(1000) });
export const emptyBody = z.object({}).strict().optional();
export const readyBody = z.object({ note: notesText('Note').trim().max(500).optional() }).optional();

export const qualityCheckBody = z.object({
  passed: z.boolean({ error: 'passed must be true or false' }),
  /** The checker confirms each: drug, strength, batch, expiry, quantity. */
  confirmed: z
    .array(z.enum(['DRUG', 'STRENGTH', 'BATCH', 'EXPIRY', 'QUANTITY']))
    .max(5)
    .default([]),
  notes: notesText('Notes').trim().max(500).optional(),
});
export const notifyBody = z.object({ message: notesText('Message').trim().min(1, 'Message is required').max(500) });
export const deliveryBody = z
  .object({
    deliveryMethod: enumOf(DELIVERY_METHODS, 'deliveryMethod').optional(),
    deliveryAddress: line('Delivery address', 300).optional(),
    deliveryPerson: line('Delivered by', 80).optional(),
    trackingNote: notesText('Tracking note').trim().max(500).optional(),
    status: z
      .enum(['OUT_FOR_DELIVERY', 'DELIVERED'], { error: 'status must be OUT_FOR_DELIVERY or DELIVERED' })
      .optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Send at least one field' });

export const verifyPrescriptionBody = z.object({
  prescriberName: line('Prescriber name', 120),
  prescriberRegistration: line('Registration number', 40),
  prescriptionDate: isoDate,
});

/** PATCH …/items/{itemId}: the pharmacist picks another batch (with a reason), or sets the line's status. */
export const itemBody = z
  .object({
    status: z
      .enum(['VERIFIED', 'OUT_OF_STOCK', 'CANCELLED'], { error: 'status must be VERIFIED, OUT_OF_STOCK or CANCELLED' })
      .optional(),
    medicineId: idSchema.optional(),
    quantity: qty.optional(),
    batchId: idSchema.optional(),
    reason: reasonText().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Send at least one field' })
  .refine((b) => !b.batchId || b.reason, { message: 'Picking another batch needs a reason', path: ['reason'] });
export const itemsBody = z.object({
  items: z
    .array(itemBody.and(z.object({ itemId: idSchema })))
    .min(1, 'Send at least one item')
    .max(MAX_ITEMS_PER_ORDER),
});

export const bulkUpdateBody = z
  .object({
    orderIds: z.array(idSchema).min(1, 'Choose at least one order').max(50, 'At most 50 orders at once'),
    status: z
      .enum(REQUESTABLE_ORDER_STATUSES, { error: `status must be one of ${REQUESTABLE_ORDER_STATUSES.join(', ')}` })
      .optional(),
    priority: enumOf(PHARMACY_ORDER_PRIORITIES, 'priority').optional(),
    reason: reasonText().optional(),
  })
  .refine((b) => b.status || b.priority, { message: 'Send a status or a priority' })
  .refine((b) => !b.status || !(REASONED_ORDER_STATUSES as readonly string[]).includes(b.status) || b.reason, {
    message: 'A reason is required for this status',
    path: ['reason'],
  });

export const reviewBody = z.object({
  rating: z.number({ error: 'Rating must be a number' }).int().min(1, 'Rating is 1 to 5').max(5, 'Rating is 1 to 5'),
  comment: notesText('Comment').trim().max(1000).optional(),
});

export const orderItemSchema = z.object({
  id: idSchema,
  prescribedName: z.string(),
  medicineId: z.string().nullable(),
  medicineName: z.string().nullable(),
  schedule: z.enum(DRUG_SCHEDULES).nullable(),
  quantity: z.number().int(),
  status: z.enum(PRESCRIPTION_ITEM_STATUSES),
  reservations: z.array(
    z.object({ batchId: z.string(), batchNumber: z.string(), expiryDate: z.string(), quantity: z.number().int() }),
  ),
  batchOverrideReason: z.string().nullable(),
  unitPrice: z.number().nullable(),
  dispensedAt: z.string().nullable(),
  /** The same medicine dispensed to the same patient within the look-back (a warning, not a block). */
  duplicateWarning: z.string().nullable(),
});
export const orderSchema = z.object({
  id: idSchema,
  orderNumber: z.string(),
  pharmacyId: idSchema,
  pharmacyName: z.string(),
  patientId: z.string().nullable(),
  patientName: z.string().nullable(),
  doctorId: z.string().nullable(),
  hospitalId: z.string().nullable(),
  consultationId: z.string().nullable(),
  orderType: z.enum(PHARMACY_ORDER_TYPES),
  priority: z.enum(PHARMACY_ORDER_PRIORITIES),
  status: z.enum(PHARMACY_ORDER_STATUSES),
  statusReason: z.string().nullable(),
  deliveryMethod: z.enum(DELIVERY_METHODS),
  deliveryAddress: z.string().nullable(),
  deliveryPerson: z.string().nullable(),
  trackingNote: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  prescriberName: z.string().nullable(),
  prescriberRegistration: z.string().nullable(),
  prescriptionDate: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  preparedBy: z.string().nullable(),
  qualityCheck: z
    .object({ passed: z.boolean(), checkedBy: z.string(), checkedAt: z.string(), notes: z.string().nullable() })
    .nullable(),
  readyAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  total: z.number(),
  notes: z.array(
    z.object({
      id: z.string(),
      text: z.string(),
      authorUserId: z.string(),
      authorRole: z.string(),
      createdAt: z.string(),
    }),
  ),
  items: z.array(orderItemSchema),
  actions: z.array(z.enum(PHARMACY_ORDER_ACTIONS)),
  reviewed: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PharmacyOrder = z.infer<typeof orderSchema>;
export const orderList = z.object({
  data: z.object({ orders: z.array(orderSchema.omit({ items: true, notes: true })), pagination: paginationSchema }),
});
export const bulkAnswer = z.object({
  updated: z.array(idSchema),
  refused: z.array(z.object({ id: idSchema, message: z.string() })),
});

export const orderStatsSchema = z.object({
  byStatus: z.array(z.object({ status: z.enum(PHARMACY_ORDER_STATUSES), count: z.number().int() })),
  total: z.number().int(),
  fillRate: z.number().nullable(),
  averageHoursToReady: z.number().nullable(),
  revenue: z.number(),
  topMedicines: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  stockValue: z.number(),
  nearExpiryValue: z.number(),
  series: z.array(z.object({ bucket: z.string(), orders: z.number().int(), revenue: z.number() })),
});
export type RequestableStatusBody = z.output<typeof statusBody>;
