import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ACTORS, APPOINTMENT_MODES, APPOINTMENT_STATUSES } from '../../../domain/enums.ts';
import { MESSAGE_KINDS } from '../../../domain/schemas/appointments.ts';
import { doctors } from './doctors.ts';
import { hospitals } from './organisations.ts';
import { patientDocuments, patients } from './patients.ts';

/**
 * A doctor's overlapping slot-holding appointments are refused by an exclusion constraint added in
 * the migration (Drizzle cannot express it): `appointments_doctor_slot_excl`.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid().primaryKey().defaultRandom(),
    patientId: uuid()
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    doctorId: uuid().references(() => doctors.id, { onDelete: 'set null' }),
    hospitalId: uuid().references(() => hospitals.id, { onDelete: 'set null' }),
    scheduledAt: timestamp({ withTimezone: true }).notNull(),
    durationMinutes: integer().notNull(),
    /** scheduledAt + durationMinutes, kept by the service (a generated column would need an immutable expression). */
    endsAt: timestamp({ withTimezone: true }).notNull(),
    mode: text({ enum: APPOINTMENT_MODES }).notNull(),
    reason: text().notNull(),
    status: text({ enum: APPOINTMENT_STATUSES }).notNull().default('PENDING'),
    proposedAt: timestamp({ withTimezone: true }),
    proposedDurationMinutes: integer(),
    statusReason: text(),
    lastActor: text({ enum: ACTORS }).notNull().default('PATIENT'),
    createdBy: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('appointments_patient_idx').on(t.patientId, t.scheduledAt),
    index('appointments_doctor_idx').on(t.doctorId, t.scheduledAt),
    index('appointments_hospital_idx').on(t.hospitalId, t.scheduledAt),
    index('appointments_due_idx').on(t.status, t.scheduledAt),
    check('appointments_period_check', sql`${t.endsAt} > ${t.scheduledAt}`),
    check('appointments_party_check', sql`${t.doctorId} is not null or ${t.hospitalId} is not null`),
  ],
);

/** The conversation on an appointment: people's messages and a line for every change of status. */
export const appointmentMessages = pgTable(
  'appointment_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    appointmentId: uuid()
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    kind: text({ enum: MESSAGE_KINDS }).notNull(),
    authorRole: text({ enum: ACTORS }).notNull(),
    authorUserId: uuid(),
    authorName: text().notNull(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('appointment_messages_appointment_idx').on(t.appointmentId, t.createdAt)],
);

/**
 * The patient's documents shared with one appointment: its doctor and hospital open them while the
 * appointment is a care relationship (domain/rules/careAccess.ts). Only the patient shares.
 */
export const appointmentDocuments = pgTable(
  'appointment_documents',
  {
    appointmentId: uuid()
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    documentId: uuid()
      .notNull()
      .references(() => patientDocuments.id, { onDelete: 'cascade' }),
    sharedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The account that shared it (the patient's). */
    sharedBy: uuid().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.appointmentId, t.documentId] }),
    index('appointment_documents_document_idx').on(t.documentId),
  ],
);
