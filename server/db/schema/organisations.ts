import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  DIAGNOSTICS_FACILITY_TYPES,
  HOSPITAL_CLASSIFICATIONS,
  HOSPITAL_TYPES,
  PHARMACY_TYPES,
  type Weekday,
} from '../../../domain/enums.ts';
import { directoryColumns, directoryIndexes } from './columns.ts';

export const hospitals = pgTable(
  'hospitals',
  {
    ...directoryColumns(),
    registrationNumber: text().notNull(),
    hospitalType: text({ enum: HOSPITAL_TYPES }).notNull(),
    classification: text({ enum: HOSPITAL_CLASSIFICATIONS }),
    specialties: text().array().notNull().default([]),
    emergencyServices: boolean().notNull().default(false),
    icuAvailability: boolean().notNull().default(false),
    ambulanceService: boolean().notNull().default(false),
    insurancePartners: text().array().notNull().default([]),
    totalBeds: integer(),
    establishedYear: integer(),
    website: text(),
  },
  (t) => directoryIndexes('hospitals', t),
);

export const hospitalDepartments = pgTable(
  'hospital_departments',
  {
    id: uuid().primaryKey().defaultRandom(),
    hospitalId: uuid()
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    headOfDepartment: text(),
    phone: text(),
    floor: text(),
    description: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('hospital_departments_hospital_idx').on(t.hospitalId)],
);

export const hospitalEmergencyContacts = pgTable(
  'hospital_emergency_contacts',
  {
    id: uuid().primaryKey().defaultRandom(),
    hospitalId: uuid()
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    designation: text(),
    phone: text().notNull(),
    available24x7: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('hospital_emergency_contacts_hospital_idx').on(t.hospitalId)],
);

export type TurnaroundHours = Partial<Record<string, number>>;
export type Staffing = { pathologists?: number; radiologists?: number; technicians?: number; expertise?: string[] };

export const diagnosticsCentres = pgTable(
  'diagnostics_centres',
  {
    ...directoryColumns(),
    licenseNumber: text().notNull(),
    facilityType: text({ enum: DIAGNOSTICS_FACILITY_TYPES }).notNull(),
    testsAvailable: text().array().notNull().default([]),
    equipmentAvailable: text().array().notNull().default([]),
    accreditations: text().array().notNull().default([]),
    hasHomeCollection: boolean().notNull().default(false),
    hasEmergencyService: boolean().notNull().default(false),
    insuranceAccepted: text().array().notNull().default([]),
    /** Hours from sample to result, per test type. */
    resultsTurnaround: jsonb().$type<TurnaroundHours>().notNull().default({}),
    staffing: jsonb().$type<Staffing>().notNull().default({}),
  },
  (t) => directoryIndexes('diagnostics_centres', t),
);

export type OpeningHours = Partial<
  Record<Weekday, { open: string; close: string } | { open24Hours: true } | { closed: true }>
>;
export type EmergencyInfo = { available24x7: boolean; phone?: string; instructions?: string };

export const pharmacies = pgTable(
  'pharmacies',
  {
    ...directoryColumns(),
    licenseNumber: text().notNull(),
    pharmacyType: text({ enum: PHARMACY_TYPES }).notNull(),
    services: text().array().notNull().default([]),
    medicationTypes: text().array().notNull().default([]),
    products: text().array().notNull().default([]),
    hasHomeDelivery: boolean().notNull().default(false),
    hasEmergencyService: boolean().notNull().default(false),
    insurancePartners: text().array().notNull().default([]),
    openingHours: jsonb().$type<OpeningHours>().notNull().default({}),
    emergencyInfo: jsonb().$type<EmergencyInfo>(),
  },
  (t) => directoryIndexes('pharmacies', t),
);

export const pharmacists = pgTable(
  'pharmacists',
  {
    id: uuid().primaryKey().defaultRandom(),
    pharmacyId: uuid()
      .notNull()
      .references(() => pharmacies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    registrationNumber: text().notNull(),
    phone: text(),
    email: text(),
    isVerified: boolean().notNull().default(false),
    verifiedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pharmacists_pharmacy_idx').on(t.pharmacyId)],
);

export const pharmacyImages = pgTable(
  'pharmacy_images',
  {
    id: uuid().primaryKey().defaultRandom(),
    pharmacyId: uuid()
      .notNull()
      .references(() => pharmacies.id, { onDelete: 'cascade' }),
    fileKey: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pharmacy_images_pharmacy_idx').on(t.pharmacyId)],
);
