import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
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
  DIAGNOSTIC_ORDER_STATUSES,
  DIAGNOSTIC_TEST_STATUSES,
  DIAGNOSTIC_TEST_TYPES,
  ORDER_PRIORITIES,
  RESULT_FLAGS,
  RESULT_KINDS,
  SAMPLE_TYPES,
} from '../../../domain/enums.ts';
import type { ReferenceRange } from '../../../domain/rules/diagnosticOrders.ts';
import type { Address } from '../../../domain/schemas/common.ts';
import { users } from './accounts.ts';
import { doctors } from './doctors.ts';
import { diagnosticsCentres, hospitals } from './organisations.ts';
import { patients } from './patients.ts';

/**
 * The centre's catalogue: each test it offers, at what price, and the ranges its results are read
 * against. The centre's testsAvailable and resultsTurnaround are kept from it (the directory filters on them).
 */
export const centreTests = pgTable(
  'centre_tests',
  {
    id: uuid().primaryKey().defaultRandom(),
    centreId: uuid()
      .notNull()
      .references(() => diagnosticsCentres.id, { onDelete: 'cascade' }),
    testType: text({ enum: DIAGNOSTIC_TEST_TYPES }).notNull(),
    /** Rupees; null for a test listed at onboarding whose price the centre has not set yet. */
    price: integer(),
    sampleType: text({ enum: SAMPLE_TYPES }).notNull().default('BLOOD'),
    fastingHours: integer().notNull().default(0),
    preparation: text(),
    /** Hours from sample to released result the centre promises. */
    turnaroundHours: integer(),
    homeCollection: boolean().notNull().default(false),
    unit: text().notNull().default(''),
    referenceRanges: jsonb().$type<ReferenceRange[]>().notNull().default([]),
    absoluteLow: doublePrecision(),
    absoluteHigh: doublePrecision(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('centre_tests_centre_test_key').on(t.centreId, t.testType)],
);

export type StoredFileColumns = { fileKey: string; fileName: string; contentType: string; size: number };

export const diagnosticOrders = pgTable(
  'diagnostic_orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    centreId: uuid()
      .notNull()
      .references(() => diagnosticsCentres.id, { onDelete: 'cascade' }),
    patientId: uuid()
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    doctorId: uuid().references(() => doctors.id, { onDelete: 'set null' }),
    hospitalId: uuid().references(() => hospitals.id, { onDelete: 'set null' }),
    /** The consultation the tests come from; no foreign key until consultations land beside this. */
    consultationId: uuid(),
    priority: text({ enum: ORDER_PRIORITIES }).notNull().default('ROUTINE'),
    /** Follows from the tests' statuses (domain/rules/diagnosticOrders.ts orderStatusOf), kept by the service. */
    status: text({ enum: DIAGNOSTIC_ORDER_STATUSES }).notNull().default('ORDERED'),
    clinicalNotes: text(),
    collectionAddress: jsonb().$type<Address>(),
    windowStart: timestamp({ withTimezone: true }),
    windowEnd: timestamp({ withTimezone: true }),
    assigneeUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    prescription: jsonb().$type<StoredFileColumns & { id: string; createdAt: string }>(),
    createdBy: uuid().notNull(),
    createdByRole: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('diagnostic_orders_centre_idx').on(t.centreId, t.createdAt),
    index('diagnostic_orders_patient_idx').on(t.patientId, t.createdAt),
    index('diagnostic_orders_doctor_idx').on(t.doctorId, t.createdAt),
    index('diagnostic_orders_hospital_idx').on(t.hospitalId, t.createdAt),
    index('diagnostic_orders_consultation_idx').on(t.consultationId),
    index('diagnostic_orders_assignee_idx').on(t.assigneeUserId, t.windowStart),
    check(
      'diagnostic_orders_window_check',
      sql`(${t.windowStart} is null) = (${t.windowEnd} is null) and (${t.windowEnd} is null or ${t.windowEnd} > ${t.windowStart})`,
    ),
  ],
);

/** One test of an order; every step's time is kept, so turnaround per stage is measured. */
export const diagnosticOrderTests = pgTable(
  'diagnostic_order_tests',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => diagnosticOrders.id, { onDelete: 'cascade' }),
    testType: text({ enum: DIAGNOSTIC_TEST_TYPES }).notNull(),
    status: text({ enum: DIAGNOSTIC_TEST_STATUSES }).notNull().default('ORDERED'),
    /** Copied from the catalogue when ordered: a later price or promise does not change this order. */
    price: integer(),
    sampleType: text({ enum: SAMPLE_TYPES }).notNull(),
    promisedHours: integer(),
    statusReason: text(),
    /** When the sample was really taken, and when that was entered (a field entry may come later). */
    collectedAt: timestamp({ withTimezone: true }),
    collectedRecordedAt: timestamp({ withTimezone: true }),
    receivedAt: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }),
    rejectedAt: timestamp({ withTimezone: true }),
    resultEnteredAt: timestamp({ withTimezone: true }),
    releasedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('diagnostic_order_tests_order_idx').on(t.orderId),
    uniqueIndex('diagnostic_order_tests_order_test_key').on(t.orderId, t.testType),
  ],
);

/** Every result entered is a version; a correction is a new one with its reason. Nothing is overwritten. */
export const diagnosticResults = pgTable(
  'diagnostic_results',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderTestId: uuid()
      .notNull()
      .references(() => diagnosticOrderTests.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    kind: text({ enum: RESULT_KINDS }).notNull(),
    value: doublePrecision(),
    unit: text().notNull().default(''),
    code: text(),
    text: text(),
    comment: text(),
    /** The range resolved for this patient's sex and age when the result was entered; null when none applied. */
    referenceRange: jsonb().$type<ReferenceRange | null>(),
    flag: text({ enum: RESULT_FLAGS }),
    correctionReason: text(),
    enteredBy: uuid().notNull(),
    enteredByName: text(),
    enteredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set once, when this version is released (or when it is the correction, at once). */
    releasedAt: timestamp({ withTimezone: true }),
    releasedBy: uuid(),
  },
  (t) => [uniqueIndex('diagnostic_results_version_key').on(t.orderTestId, t.version)],
);

/** Report files (a PDF, a photo of a printed report) attached to one test; the same file twice is one row. */
export const diagnosticAttachments = pgTable(
  'diagnostic_attachments',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderTestId: uuid()
      .notNull()
      .references(() => diagnosticOrderTests.id, { onDelete: 'cascade' }),
    fileKey: text().notNull(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    uploadedBy: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('diagnostic_attachments_file_key').on(t.orderTestId, t.fileKey)],
);

/** One alert per test with a critical value; its acknowledgement needs a comment. */
export const criticalAlerts = pgTable(
  'diagnostic_critical_alerts',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderTestId: uuid()
      .notNull()
      .references(() => diagnosticOrderTests.id, { onDelete: 'cascade' }),
    resultId: uuid()
      .notNull()
      .references(() => diagnosticResults.id, { onDelete: 'cascade' }),
    raisedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    acknowledgedBy: uuid(),
    acknowledgedAt: timestamp({ withTimezone: true }),
    comment: text(),
  },
  (t) => [uniqueIndex('diagnostic_critical_alerts_test_key').on(t.orderTestId)],
);
