import { index, jsonb, pgTable, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { DateChange, Leave, WeeklySession } from '../../../domain/rules/schedules.ts';
import { doctors } from './doctors.ts';
import { hospitals } from './organisations.ts';

/**
 * A doctor's schedule at one place (domain/rules/schedules.ts): the doctor's own clinic (no hospital)
 * or a hospital the doctor practises at. One row per place; saving replaces it whole.
 */
export const doctorSchedules = pgTable(
  'doctor_schedules',
  {
    id: uuid().primaryKey().defaultRandom(),
    doctorId: uuid()
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    hospitalId: uuid().references(() => hospitals.id, { onDelete: 'cascade' }),
    sessions: jsonb().$type<WeeklySession[]>().notNull().default([]),
    leave: jsonb().$type<Leave[]>().notNull().default([]),
    changes: jsonb().$type<DateChange[]>().notNull().default([]),
    /** The account that saved it last (the doctor's, or one of the hospital's). */
    updatedBy: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('doctor_schedules_place_key').on(t.doctorId, t.hospitalId).nullsNotDistinct(),
    index('doctor_schedules_hospital_idx').on(t.hospitalId),
  ],
);
