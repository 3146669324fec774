import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Secrets generated on first start (JWT signing key, VAPID keys) so every instance shares them. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
