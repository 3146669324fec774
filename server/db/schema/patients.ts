import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { BLOOD_GROUPS, GENDERS, SEVERITIES } from '../../../domain/enums.ts';
import type { Address } from '../../../domain/schemas/common.ts';

export type EmergencyContact = { name: string; relationship?: string; phone: string };

export const patients = pgTable(
  'patients',
  {
    id: uuid().primaryKey().defaultRandom(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text(),
    phone: text(),
    dateOfBirth: date(),
    gender: text({ enum: GENDERS }),
    bloodGroup: text({ enum: BLOOD_GROUPS }),
    address: jsonb().$type<Address>(),
    city: text(),
    state: text(),
    emergencyContact: jsonb().$type<EmergencyContact>(),
    allergies: text().array().notNull().default([]),
    chronicConditions: text().array().notNull().default([]),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Soft delete: the record stays for the medical history that refers to it. */
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('patients_name_idx').on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`),
    index('patients_place_idx').on(t.state, t.city),
    index('patients_phone_idx').on(t.phone),
  ],
);

export const patientDocuments = pgTable(
  'patient_documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    patientId: uuid()
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    fileKey: text().notNull(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    uploadedBy: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('patient_documents_patient_idx').on(t.patientId, t.createdAt)],
);

export const medicalHistory = pgTable(
  'medical_history',
  {
    id: uuid().primaryKey().defaultRandom(),
    patientId: uuid()
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    condition: text().notNull(),
    diagnosedOn: date(),
    severity: text({ enum: SEVERITIES }),
    notes: text(),
    recordedBy: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('medical_history_patient_idx').on(t.patientId, t.createdAt)],
);
