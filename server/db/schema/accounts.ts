import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../domain/enums.ts';

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Stored lower-cased; unique regardless of case. */
    email: text().notNull(),
    passwordHash: text(),
    role: text({ enum: ROLES }).notNull().default('USER'),
    /** The organisation or doctor profile this account acts for; null until onboarding. */
    referenceId: uuid(),
    name: text(),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    /** Raised by a password reset: every token signed with an older version stops working. */
    tokenVersion: integer().notNull().default(0),
    /** Owns its organisation (onboarded it, or was made an owner): holds every duty, changes the team. */
    isOwner: boolean().notNull().default(false),
    /** What this member of an organisation's team may do (domain/rules/teams.ts). */
    duties: text().array().notNull().default([]),
    /** Set when the organisation's owner deactivates the member: no sign-in, no session. */
    deactivatedAt: timestamp({ withTimezone: true }),
    /** When the member was last invited (an invitation not yet accepted leaves passwordHash null). */
    invitedAt: timestamp({ withTimezone: true }),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_reference_id_idx').on(t.referenceId),
    index('users_name_idx').on(sql`lower(${t.name})`),
    check('users_role_check', sql.raw(`role in (${ROLES.map((r) => `'${r}'`).join(', ')})`)),
  ],
);

export const EMAIL_TOKEN_PURPOSES = ['VERIFY_EMAIL', 'RESET_PASSWORD'] as const;

/** Single-use links sent by mail; only a SHA-256 of the token is kept. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: EMAIL_TOKEN_PURPOSES }).notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_tokens_hash_key').on(t.tokenHash), index('email_tokens_user_idx').on(t.userId, t.purpose)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    lastError: text(),
  },
  (t) => [index('mail_outbox_to_idx').on(sql`lower(${t.to})`, t.createdAt)],
);
