import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { APPOINTMENT_MODES, URGENCIES, WAITLIST_STATUSES, type AppointmentMode } from '../../../domain/enums.ts';
import type { DayPart } from '../../../domain/rules/schedules.ts';
import { appointments } from './appointments.ts';
import { doctors } from './doctors.ts';
import { hospitals } from './organisations.ts';
import { patients } from './patients.ts';

/**
 * A patient waiting for a doctor (at a place) or for any doctor of a hospital (domain/rules/waitlist.ts).
 * `queueId` is the queue it waits in — the hospital when it names one, otherwise the doctor — and
 * `position` its order there (shown as a rank among those still waiting).
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    patientId: uuid()
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    doctorId: uuid().references(() => doctors.id, { onDelete: 'cascade' }),
    hospitalId: uuid().references(() => hospitals.id, { onDelete: 'cascade' }),
    queueId: uuid().notNull(),
    status: text({ enum: WAITLIST_STATUSES }).notNull().default('ACTIVE'),
    priority: text({ enum: URGENCIES }).notNull().default('MEDIUM'),
    urgency: text({ enum: URGENCIES }).notNull().default('MEDIUM'),
    position: integer().notNull(),
    preferredFrom: date({ mode: 'string' }).notNull(),
    preferredTo: date({ mode: 'string' }).notNull(),
    timesOfDay: jsonb().$type<DayPart[]>().notNull().default([]),
    mode: text({ enum: APPOINTMENT_MODES }),
    reason: text().notNull(),
    statusReason: text(),
    appointmentId: uuid().references(() => appointments.id, { onDelete: 'set null' }),
    replacesAppointmentId: uuid().references(() => appointments.id, { onDelete: 'set null' }),
    createdBy: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('waitlist_entries_queue_idx').on(t.queueId, t.status, t.position),
    index('waitlist_entries_patient_idx').on(t.patientId, t.createdAt),
    index('waitlist_entries_doctor_idx').on(t.doctorId),
    index('waitlist_entries_hospital_idx').on(t.hospitalId),
  ],
);

export const FREED_SLOT_STATES = ['OPEN', 'OFFERED', 'FILLED', 'LAPSED'] as const;
export const FREED_SLOT_CAUSES = ['CANCELLED', 'REJECTED', 'MOVED', 'EXPIRED', 'DELETED', 'OPENED', 'MANUAL'] as const;

/**
 * A doctor's time that became free (or was offered by hand): the unit the waitlist fills. At most one
 * live (OPEN or OFFERED) row per doctor and start.
 */
export const waitlistFreedSlots = pgTable(
  'waitlist_freed_slots',
  {
    id: uuid().primaryKey().defaultRandom(),
    doctorId: uuid()
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    hospitalId: uuid().references(() => hospitals.id, { onDelete: 'cascade' }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    modes: jsonb().$type<AppointmentMode[]>().notNull(),
    /** The freed appointment's mode, offered first when an entry has no preference. */
    preferredMode: text({ enum: APPOINTMENT_MODES }),
    cause: text({ enum: FREED_SLOT_CAUSES }).notNull(),
    state: text({ enum: FREED_SLOT_STATES }).notNull().default('OPEN'),
    freedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    filledAt: timestamp({ withTimezone: true }),
    appointmentId: uuid().references(() => appointments.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('waitlist_freed_slots_live_key')
      .on(t.doctorId, t.startsAt)
      .where(sql`${t.state} in ('OPEN', 'OFFERED')`),
    index('waitlist_freed_slots_hospital_idx').on(t.hospitalId, t.freedAt),
    index('waitlist_freed_slots_doctor_idx').on(t.doctorId, t.freedAt),
  ],
);

export const OFFER_STATUSES = ['HELD', 'ACCEPTED', 'DECLINED', 'LAPSED', 'WITHDRAWN'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/**
 * One exclusive offer of a freed slot to one entry. At most one HELD offer per slot (two offers for
 * one slot never exist at once) and per entry.
 */
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: uuid().primaryKey().defaultRandom(),
    slotId: uuid()
      .notNull()
      .references(() => waitlistFreedSlots.id, { onDelete: 'cascade' }),
    entryId: uuid()
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    status: text({ enum: OFFER_STATUSES }).notNull().default('HELD'),
    source: text({ enum: ['AUTOMATIC', 'MANUAL'] }).notNull(),
    mode: text({ enum: APPOINTMENT_MODES }).notNull(),
    /** When the patient is told: now, or the morning after the quiet hours. */
    notifyAt: timestamp({ withTimezone: true }).notNull(),
    deliveredAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('waitlist_offers_one_per_slot')
      .on(t.slotId)
      .where(sql`${t.status} = 'HELD'`),
    uniqueIndex('waitlist_offers_one_per_entry')
      .on(t.entryId)
      .where(sql`${t.status} = 'HELD'`),
    index('waitlist_offers_entry_idx').on(t.entryId, t.createdAt),
    index('waitlist_offers_held_idx').on(t.status, t.expiresAt),
  ],
);
