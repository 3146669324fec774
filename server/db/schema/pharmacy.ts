import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DELIVERY_METHODS,
  DRUG_SCHEDULES,
  MEDICINE_CATEGORIES,
  PAYMENT_STATUSES,
  PHARMACY_ORDER_PRIORITIES,
  PHARMACY_ORDER_STATUSES,
  PHARMACY_ORDER_TYPES,
  PRESCRIPTION_ITEM_STATUSES,
  PRODUCT_CATEGORIES,
  STOCK_MOVEMENTS,
} from '../../../domain/enums.ts';
import { users } from './accounts.ts';
import type { StoredFileColumns } from './diagnosticOrders.ts';
import { doctors } from './doctors.ts';
import { hospitals, pharmacies } from './organisations.ts';
import { patients } from './patients.ts';

/** A pharmacy's medicine master: one row per product it stocks; the schedule decides what a sale needs. */
export const medicines = pgTable(
  'medicines',
  {
    id: uuid().primaryKey().defaultRandom(),
    pharmacyId: uuid()
      .notNull()
      .references(() => pharmacies.id, { onDelete: 'cascade' }),
    /** Generic/salt composition as written ("Amoxicillin + Clavulanic acid"): what a prescription by salt finds. */
    genericName: text().notNull(),
    brandName: text().notNull(),
    strength: text().notNull().default(''),
    form: text().notNull().default(''),
    /** Units in one pack ("10 tablets" → 10); stock is counted in units. */
    packSize: integer().notNull().default(1),
    category: text({ enum: MEDICINE_CATEGORIES }).notNull(),
    productCategory: text({ enum: PRODUCT_CATEGORIES }),
    schedule: text({ enum: DRUG_SCHEDULES }).notNull(),
    reorderLevel: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('medicines_pharmacy_idx').on(t.pharmacyId, t.genericName),
    uniqueIndex('medicines_pharmacy_brand_key').on(t.pharmacyId, t.brandName, t.strength, t.form),
  ],
);

/** One batch of a medicine as received. Its quantity on hand is its ledger's sum (stock_ledger.balance of the last line). */
export const medicineBatches = pgTable(
  'medicine_batches',
  {
    id: uuid().primaryKey().defaultRandom(),
    pharmacyId: uuid()
      .notNull()
      .references(() => pharmacies.id, { onDelete: 'cascade' }),
    medicineId: uuid()
      .notNull()
      .references(() => medicines.id, { onDelete: 'cascade' }),
    batchNumber: text().notNull(),
    expiryDate: date({ mode: 'string' }).notNull(),
    /** Paise per unit. */
    mrp: integer().notNull(),
    purchasePrice: integer().notNull(),
    recalledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('medicine_batches_number_key').on(t.medicineId, t.batchNumber),
    index('medicine_batches_expiry_idx').on(t.pharmacyId, t.expiryDate),
  ],
);

/** The append-only stock ledger: every movement of a batch with who, when, why and the running balance. */
export const stockLedger = pgTable(
  'stock_ledger',
  {
    id: uuid().primaryKey().defaultRandom(),
    pharmacyId: uuid()
      .notNull()
      .references(() => pharmacies.id, { onDelete: 'cascade' }),
    batchId: uuid()
      .notNull()
      .references(() => medicineBatches.id, { onDelete: 'cascade' }),
    medicineId: uuid()
      .notNull()
      .references(() => medicines.id, { onDelete: 'cascade' }),
    kind: text({ enum: STOCK_MOVEMENTS }).notNull(),
    /** Signed: a dispense or write-off is negative. */
    quantity: integer().notNull(),
    balance: integer().notNull(),
    reason: text(),
    orderId: uuid(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_ledger_batch_idx').on(t.batchId, t.createdAt),
    index('stock_ledger_pharmacy_idx').on(t.pharmacyId, t.createdAt),
    check('stock_ledger_balance_check', sql`${t.balance} >= 0`),
  ],
);

export type OrderNote = { id: string; text: string; authorUserId: string; authorRole: string; createdAt: string };
export type QualityCheck = {
  passed: boolean;
  checkedBy: string;
  checkedAt: string;
  notes: string | null;
};

export const pharmacyOrders = pgTable(
  'pharmacy_orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderNumber: text().notNull().unique(),
    pharmacyId: uuid()
      .notNull()
      .references(() => pharmacies.id, { onDelete: 'cascade' }),
    /** Null for a walk-in without a patient profile. */
    patientId: uuid().references(() => patients.id, { onDelete: 'set null' }),
    walkInName: text(),
    doctorId: uuid().references(() => doctors.id, { onDelete: 'set null' }),
    hospitalId: uuid().references(() => hospitals.id, { onDelete: 'set null' }),
    consultationId: uuid(),
    orderType: text({ enum: PHARMACY_ORDER_TYPES }).notNull().default('NEW_PRESCRIPTION'),
    priority: text({ enum: PHARMACY_ORDER_PRIORITIES }).notNull().default('NORMAL'),
    status: text({ enum: PHARMACY_ORDER_STATUSES }).notNull().default('RECEIVED'),
    statusReason: text(),
    deliveryMethod: text({ enum: DELIVERY_METHODS }).notNull().default('PICKUP'),
    deliveryAddress: text(),
    deliveryPerson: text(),
    trackingNote: text(),
    deliveredAt: timestamp({ withTimezone: true }),
    paymentStatus: text({ enum: PAYMENT_STATUSES }).notNull().default('PENDING'),
    prescription: jsonb().$type<StoredFileColumns & { id: string; createdAt: string }>(),
    prescriberName: text(),
    prescriberRegistration: text(),
    prescriptionDate: date({ mode: 'string' }),
    verifiedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    verifiedAt: timestamp({ withTimezone: true }),
    preparedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    qualityCheck: jsonb().$type<QualityCheck>(),
    readyAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    notes: jsonb().$type<OrderNote[]>().notNull().default([]),
    createdBy: uuid().notNull(),
    createdByRole: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pharmacy_orders_pharmacy_idx').on(t.pharmacyId, t.createdAt),
    index('pharmacy_orders_patient_idx').on(t.patientId, t.createdAt),
    index('pharmacy_orders_doctor_idx').on(t.doctorId),
    index('pharmacy_orders_hospital_idx').on(t.hospitalId),
    index('pharmacy_orders_consultation_idx').on(t.consultationId),
  ],
);

/** One line of an order (SPEC: itemId): as prescribed, the medicine it was matched to, the batch reserved. */
export const pharmacyOrderItems = pgTable(
  'pharmacy_order_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => pharmacyOrders.id, { onDelete: 'cascade' }),
    prescribedName: text().notNull(),
    medicineId: uuid().references(() => medicines.id, { onDelete: 'set null' }),
    quantity: integer().notNull(),
    status: text({ enum: PRESCRIPTION_ITEM_STATUSES }).notNull().default('PENDING'),
    /** Reserved batches (first expiry first out, or the pharmacist's pick with its reason). */
    reservations: jsonb().$type<{ batchId: string; quantity: number }[]>().notNull().default([]),
    batchOverrideReason: text(),
    /** Paise per unit, from the reserved batch's MRP. */
    unitPrice: integer(),
    dispensedAt: timestamp({ withTimezone: true }),
    sealedReturn: boolean(),
  },
  (t) => [index('pharmacy_order_items_order_idx').on(t.orderId)],
);

/** A patient's review of a pharmacy after a completed order (one per order). */
export const pharmacyReviews = pgTable(
  'pharmacy_reviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    pharmacyId: uuid()
      .notNull()
      .references(() => pharmacies.id, { onDelete: 'cascade' }),
    orderId: uuid()
      .notNull()
      .unique()
      .references(() => pharmacyOrders.id, { onDelete: 'cascade' }),
    patientId: uuid()
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    rating: integer().notNull(),
    comment: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pharmacy_reviews_pharmacy_idx').on(t.pharmacyId),
    check('pharmacy_reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);
