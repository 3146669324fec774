import { z } from 'zod';
import { DRUG_SCHEDULES, MEDICINE_CATEGORIES, PRODUCT_CATEGORIES, STOCK_MOVEMENTS } from '../enums.ts';
import { idSchema, isoDateAnyYear, paginationQuery, paginationSchema, queryBoolean } from './common.ts';
import { lineText, notesText } from './text.ts';

/** The most units one batch or one movement may carry. */
export const MAX_UNITS = 1_000_000;
/** The dearest unit price, in rupees. */
export const MAX_UNIT_PRICE_INR = 1_000_000;

const name = (label: string, max = 120) =>
  lineText(label).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);
const rupees = (label: string) =>
  z
    .number({ error: `${label} must be a number of rupees` })
    .min(0, `${label} cannot be negative`)
    .max(MAX_UNIT_PRICE_INR, `${label} must be at most ₹${MAX_UNIT_PRICE_INR}`);
const units = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be whole units`)
    .max(MAX_UNITS, `${label} must be at most ${MAX_UNITS}`);
export const reasonText = (label = 'Reason') =>
  notesText(label).trim().min(1, `${label} is required`).max(500, `${label} must be at most 500 characters`);

export const medicineBody = z.object({
  genericName: name('Generic/salt name', 200),
  brandName: name('Brand name'),
  strength: lineText('Strength').trim().max(40).default(''),
  form: lineText('Form').trim().max(40).default(''),
  packSize: units('Pack size').min(1, 'Pack size must be at least 1').default(1),
  category: z.enum(MEDICINE_CATEGORIES, { error: `category must be one of ${MEDICINE_CATEGORIES.join(', ')}` }),
  productCategory: z
    .enum(PRODUCT_CATEGORIES, { error: `productCategory must be one of ${PRODUCT_CATEGORIES.join(', ')}` })
    .nullable()
    .default(null),
  schedule: z.enum(DRUG_SCHEDULES, { error: `schedule must be one of ${DRUG_SCHEDULES.join(', ')}` }),
  reorderLevel: units('Reorder level').min(0, 'Reorder level cannot be negative').default(0),
});
export const medicineUpdateBody = medicineBody.partial().refine((b) => Object.keys(b).length > 0, {
  message: 'Send at least one field to change',
});

export const batchBody = z.object({
  batchNumber: name('Batch number', 40),
  expiryDate: isoDateAnyYear,
  mrp: rupees('MRP'),
  purchasePrice: rupees('Purchase price'),
  quantity: units('Quantity').min(1, 'Quantity must be at least 1'),
});

/** A movement typed by a person: an adjustment (signed) with its reason, or a write-off of expired stock. */
export const movementBody = z
  .object({
    kind: z.enum(['ADJUSTMENT', 'EXPIRY_WRITE_OFF'], { error: 'kind must be ADJUSTMENT or EXPIRY_WRITE_OFF' }),
    quantity: units('Quantity')
      .min(-MAX_UNITS)
      .refine((q) => q !== 0, 'Quantity cannot be 0'),
    reason: reasonText(),
  })
  .strict();

export const recallBody = z.object({ reason: reasonText() }).strict();

/** POST …/receipts: a stock receipt as CSV text (columns in RECEIPT_COLUMNS). */
export const RECEIPT_COLUMNS = [
  'brandName',
  'genericName',
  'strength',
  'form',
  'schedule',
  'category',
  'batchNumber',
  'expiryDate',
  'mrp',
  'purchasePrice',
  'quantity',
] as const;
export const receiptBody = z.object({
  csv: z
    .string({ error: 'csv must be text' })
    .min(1, 'The CSV is empty')
    .max(500_000, 'The CSV must be at most 500 kB'),
});

export const medicineParams = z.object({ medicineId: idSchema });
export const batchParams = z.object({ batchId: idSchema });

export const inventoryQuery = paginationQuery.extend({
  search: lineText('Search').trim().max(80).optional(),
  schedule: z.enum(DRUG_SCHEDULES).optional(),
  category: z.enum(MEDICINE_CATEGORIES).optional(),
  lowStock: queryBoolean.optional(),
});
export type InventoryQuery = z.output<typeof inventoryQuery>;

export const expiryQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => d === 30 || d === 60 || d === 90, 'days must be 30, 60 or 90')
    .default(90),
});
export const ledgerQuery = paginationQuery.extend({
  batchId: idSchema.optional(),
  medicineId: idSchema.optional(),
  kind: z.enum(STOCK_MOVEMENTS).optional(),
});
export type LedgerQuery = z.output<typeof ledgerQuery>;

export const batchSchema = z.object({
  id: idSchema,
  batchNumber: z.string(),
  expiryDate: z.string(),
  mrp: z.number(),
  purchasePrice: z.number(),
  onHand: z.number().int(),
  reserved: z.number().int(),
  recalled: z.boolean(),
  expired: z.boolean(),
  expiryBand: z.union([z.literal(30), z.literal(60), z.literal(90), z.literal('EXPIRED')]).nullable(),
});
export const medicineSchema = z.object({
  id: idSchema,
  genericName: z.string(),
  brandName: z.string(),
  strength: z.string(),
  form: z.string(),
  packSize: z.number().int(),
  category: z.enum(MEDICINE_CATEGORIES),
  productCategory: z.enum(PRODUCT_CATEGORIES).nullable(),
  schedule: z.enum(DRUG_SCHEDULES),
  reorderLevel: z.number().int(),
  onHand: z.number().int(),
  sellable: z.number().int(),
  lowStock: z.boolean(),
  batches: z.array(batchSchema),
});
export type Medicine = z.infer<typeof medicineSchema>;
export const inventoryList = z.object({
  data: z.object({ medicines: z.array(medicineSchema), pagination: paginationSchema }),
});

export const ledgerLineSchema = z.object({
  id: idSchema,
  batchId: idSchema,
  batchNumber: z.string(),
  medicineId: idSchema,
  brandName: z.string(),
  kind: z.enum(STOCK_MOVEMENTS),
  quantity: z.number().int(),
  balance: z.number().int(),
  reason: z.string().nullable(),
  orderId: z.string().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerLineView = z.infer<typeof ledgerLineSchema>;
export const ledgerList = z.object({
  data: z.object({ lines: z.array(ledgerLineSchema), pagination: paginationSchema }),
});

export const expiringSchema = z.object({
  batches: z.array(
    batchSchema.extend({ medicineId: idSchema, brandName: z.string(), genericName: z.string(), value: z.number() }),
  ),
  expiredValue: z.number(),
  nearExpiryValue: z.number(),
});

export const receiptAnswer = z.object({ batches: z.number().int(), units: z.number().int() });

export const h1EntrySchema = z.object({
  ledgerId: idSchema,
  date: z.string(),
  orderNumber: z.string().nullable(),
  prescriber: z.string().nullable(),
  prescriberRegistration: z.string().nullable(),
  patient: z.string().nullable(),
  drug: z.string(),
  batchNumber: z.string(),
  quantity: z.number().int(),
});
export const h1Register = z.object({ data: z.object({ entries: z.array(h1EntrySchema) }) });
