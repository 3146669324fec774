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
  AFFILIATION_PARTY_TYPES,
  AFFILIATION_STATUSES,
  AFFILIATION_TYPES,
  PROVIDER_KINDS,
  type AffiliationBenefit,
  type AffiliationType,
} from '../../../domain/enums.ts';
import { COMMISSION_SERVICE_TYPES, type CommissionRule } from '../../../domain/rules/commission.ts';

/**
 * Affiliations between two parties (SPEC §7): the proposer and the recipient, each a hospital,
 * doctor, diagnostics centre or pharmacy (by kind and id; the id is the profile's referenceId).
 */
export const affiliations = pgTable(
  'affiliations',
  {
    id: uuid().primaryKey().defaultRandom(),
    proposerKind: text({ enum: PROVIDER_KINDS }).notNull(),
    proposerId: uuid().notNull(),
    recipientKind: text({ enum: PROVIDER_KINDS }).notNull(),
    recipientId: uuid().notNull(),
    partyType: text({ enum: AFFILIATION_PARTY_TYPES }).notNull(),
    type: text({ enum: AFFILIATION_TYPES }).notNull(),
    benefits: jsonb().$type<AffiliationBenefit[]>().notNull().default([]),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    terms: text().notNull(),
    status: text({ enum: AFFILIATION_STATUSES }).notNull().default('PENDING'),
    /** The latest reason given (rejection, suspension, termination). */
    reason: text(),
    consentedAt: timestamp({ withTimezone: true }),
    consentedBy: uuid(),
    verificationRequired: boolean().notNull().default(false),
    verifiedAt: timestamp({ withTimezone: true }),
    verifiedBy: uuid(),
    /** When it last became active: orders from then on accrue. */
    activatedAt: timestamp({ withTimezone: true }),
    /** Expiry reminder thresholds (days) already sent for the current end date. */
    remindersSent: jsonb().$type<number[]>().notNull().default([]),
    createdBy: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('affiliations_proposer_idx').on(t.proposerId),
    index('affiliations_recipient_idx').on(t.recipientId),
    index('affiliations_status_end_idx').on(t.status, t.endDate),
    check('affiliations_two_parties', sql`${t.proposerId} <> ${t.recipientId}`),
  ],
);

/** Every version of the terms: the first at the proposal, one per change and renewal (never edited). */
export const affiliationTerms = pgTable(
  'affiliation_terms',
  {
    id: uuid().primaryKey().defaultRandom(),
    affiliationId: uuid()
      .notNull()
      .references(() => affiliations.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    type: text({ enum: AFFILIATION_TYPES }).$type<AffiliationType>().notNull(),
    benefits: jsonb().$type<AffiliationBenefit[]>().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    terms: text().notNull(),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('affiliation_terms_version_key').on(t.affiliationId, t.version)],
);

/** Versions of the commission structure: a new version closes the previous one the day before. */
export const affiliationCommissionVersions = pgTable(
  'affiliation_commission_versions',
  {
    id: uuid().primaryKey().defaultRandom(),
    affiliationId: uuid()
      .notNull()
      .references(() => affiliations.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    effectiveTo: date({ mode: 'string' }),
    rules: jsonb().$type<CommissionRule[]>().notNull(),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('affiliation_commission_version_key').on(t.affiliationId, t.version)],
);

/** Statements: closed periods of the ledger, never edited. */
export const affiliationStatements = pgTable(
  'affiliation_statements',
  {
    id: uuid().primaryKey().defaultRandom(),
    affiliationId: uuid()
      .notNull()
      .references(() => affiliations.id, { onDelete: 'cascade' }),
    number: integer().notNull(),
    periodFrom: date({ mode: 'string' }).notNull(),
    periodTo: date({ mode: 'string' }).notNull(),
    lineCount: integer().notNull(),
    totalAmountPaise: integer().notNull(),
    totalCommissionPaise: integer().notNull(),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('affiliation_statements_number_key').on(t.affiliationId, t.number)],
);

/**
 * The ledger: one line per event that passed through the affiliation (an order, its reversal, a
 * manual line with a reason). A reversal is a negative line of its own; a line is never changed but
 * for the statement that closes it.
 */
export const affiliationLedger = pgTable(
  'affiliation_ledger',
  {
    id: uuid().primaryKey().defaultRandom(),
    affiliationId: uuid()
      .notNull()
      .references(() => affiliations.id, { onDelete: 'cascade' }),
    /** DIAGNOSTIC_ORDER, DIAGNOSTIC_ORDER_REVERSAL, PHARMACY_ORDER, PHARMACY_ORDER_REVERSAL, MANUAL. */
    sourceKind: text().notNull(),
    sourceId: uuid(),
    serviceType: text({ enum: COMMISSION_SERVICE_TYPES }).notNull(),
    amountPaise: integer().notNull(),
    commissionPaise: integer().notNull(),
    structureVersion: integer(),
    reason: text(),
    statementId: uuid().references(() => affiliationStatements.id),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('affiliation_ledger_affiliation_idx').on(t.affiliationId, t.occurredAt),
    uniqueIndex('affiliation_ledger_source_key')
      .on(t.affiliationId, t.sourceKind, t.sourceId)
      .where(sql`${t.sourceId} is not null`),
  ],
);
