import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ROLES, URGENCIES } from '../../../domain/enums.ts';
import { BILL_LINE_KINDS, PAYMENT_METHODS } from '../../../domain/rules/billing.ts';
import { REFERRAL_STATUSES, REFERRAL_TARGETS } from '../../../domain/rules/consultationCare.ts';
import { appointments } from './appointments.ts';
import { consultations } from './consultations.ts';
import { patients } from './patients.ts';

/** The bill of a consultation: lines in paise, only ever added (a refund is a line of its own). */
export const consultationBillLines = pgTable(
  'consultation_bill_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    consultationId: uuid()
      .notNull()
      .references(() => consultations.id, { onDelete: 'cascade' }),
    kind: text({ enum: BILL_LINE_KINDS }).notNull(),
    description: text().notNull(),
    amountPaise: integer().notNull(),
    taxRateBps: integer().notNull().default(0),
    method: text({ enum: PAYMENT_METHODS }),
    reference: text(),
    failed: boolean().notNull().default(false),
    createdBy: uuid(),
    createdByRole: text({ enum: ROLES }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('consultation_bill_lines_idx').on(t.consultationId, t.createdAt),
    check('consultation_bill_lines_amount_check', sql`${t.amountPaise} > 0`),
  ],
);

/** A referral from a consultation to a doctor, hospital or diagnostics centre in the directory. */
export const consultationReferrals = pgTable(
  'consultation_referrals',
  {
    id: uuid().primaryKey().defaultRandom(),
    consultationId: uuid()
      .notNull()
      .references(() => consultations.id, { onDelete: 'cascade' }),
    patientId: uuid()
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    targetKind: text({ enum: REFERRAL_TARGETS }).notNull(),
    targetId: uuid().notNull(),
    urgency: text({ enum: URGENCIES }).notNull(),
    reason: text().notNull(),
    status: text({ enum: REFERRAL_STATUSES }).notNull().default('PENDING'),
    responseNote: text(),
    respondedAt: timestamp({ withTimezone: true }),
    bookedAppointmentId: uuid().references(() => appointments.id, { onDelete: 'set null' }),
    createdBy: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('consultation_referrals_consultation_idx').on(t.consultationId),
    index('consultation_referrals_target_idx').on(t.targetKind, t.targetId, t.createdAt),
    index('consultation_referrals_patient_idx').on(t.patientId, t.createdAt),
  ],
);

/** The patient's rating of a finished visit: one per consultation. */
export const consultationFeedback = pgTable(
  'consultation_feedback',
  {
    id: uuid().primaryKey().defaultRandom(),
    consultationId: uuid()
      .notNull()
      .references(() => consultations.id, { onDelete: 'cascade' }),
    rating: integer().notNull(),
    comment: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('consultation_feedback_key').on(t.consultationId),
    check('consultation_feedback_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

/** Admission of a consultation's patient (one per consultation) and the follow-up it proposed. */
export const consultationAdmissions = pgTable('consultation_admissions', {
  consultationId: uuid()
    .primaryKey()
    .references(() => consultations.id, { onDelete: 'cascade' }),
  reason: text().notNull().default(''),
  ward: text(),
  bed: text(),
  admittedAt: timestamp({ withTimezone: true }),
  dischargedAt: timestamp({ withTimezone: true }),
  dischargeSummary: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const consultationFollowUps = pgTable(
  'consultation_follow_ups',
  {
    id: uuid().primaryKey().defaultRandom(),
    consultationId: uuid()
      .notNull()
      .references(() => consultations.id, { onDelete: 'cascade' }),
    appointmentId: uuid().references(() => appointments.id, { onDelete: 'set null' }),
    proposedAt: timestamp({ withTimezone: true }).notNull(),
    note: text().notNull().default(''),
    remindedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('consultation_follow_ups_key').on(t.consultationId)],
);
