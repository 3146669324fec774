import { boolean, index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CONSULTATION_CHANNELS, GENDERS } from '../../../domain/enums.ts';
import { directoryColumns, directoryIndexes } from './columns.ts';
import { hospitals } from './organisations.ts';

export const doctors = pgTable(
  'doctors',
  {
    ...directoryColumns(),
    slug: text().notNull(),
    registrationNumber: text().notNull(),
    gender: text({ enum: GENDERS }),
    specializations: text().array().notNull().default([]),
    qualifications: text().array().notNull().default([]),
    experienceYears: integer().notNull().default(0),
    consultationFee: numeric({ precision: 10, scale: 2, mode: 'number' }),
    languagesSpoken: text().array().notNull().default([]),
    availability: text({ enum: CONSULTATION_CHANNELS }).notNull().default('BOTH'),
    telemedicineAvailable: boolean().notNull().default(false),
    insuranceAccepted: text().array().notNull().default([]),
    /** The hospital the doctor practises at, when there is one. */
    hospitalId: uuid().references(() => hospitals.id, { onDelete: 'set null' }),
  },
  (t) => [
    ...directoryIndexes('doctors', t),
    uniqueIndex('doctors_slug_key').on(t.slug),
    index('doctors_hospital_idx').on(t.hospitalId),
  ],
);
