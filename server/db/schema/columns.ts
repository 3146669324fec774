import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { RECORD_STATUSES, VERIFICATION_STATUSES } from '../../../domain/enums.ts';
import type { Address } from '../../../domain/schemas/common.ts';

/** What every directory entry (hospital, doctor, diagnostics centre, pharmacy) has. */
export const directoryColumns = () => ({
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  email: text(),
  phone: text(),
  /** The whole address as entered; city, state and pincode are copied out for filtering. */
  address: jsonb().$type<Address>().notNull(),
  city: text().notNull(),
  state: text().notNull(),
  pincode: text().notNull(),
  latitude: doublePrecision(),
  longitude: doublePrecision(),
  description: text(),
  rating: numeric({ precision: 2, scale: 1, mode: 'number' }).notNull().default(0),
  reviewCount: integer().notNull().default(0),
  verificationStatus: text({ enum: VERIFICATION_STATUSES }).notNull().default('PENDING'),
  status: text({ enum: RECORD_STATUSES }).notNull().default('ACTIVE'),
  /**
   * The last day (India) a verified entry stays listed: its earliest required document's expiry plus
   * the grace period (domain/rules/verification.ts listedUntilOf); null when none of them expires.
   */
  listedUntil: date({ mode: 'string' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

type SearchColumns = Record<
  'city' | 'state' | 'latitude' | 'longitude' | 'verificationStatus' | 'status' | 'name',
  AnyPgColumn
>;

/** Indexes every directory table needs for search: place, geo box, visibility, lower(name). */
export const directoryIndexes = (table: string, t: SearchColumns) => [
  index(`${table}_place_idx`).on(t.state, t.city),
  index(`${table}_geo_idx`).on(t.latitude, t.longitude),
  index(`${table}_visible_idx`).on(t.verificationStatus, t.status),
  index(`${table}_name_idx`).on(sql`lower(${t.name})`),
];
