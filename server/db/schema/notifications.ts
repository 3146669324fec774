import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_STATUSES,
  NOTIFICATION_TYPES,
  type NotificationChannel,
  type NotificationType,
} from '../../../domain/enums.ts';
import type { NotificationData } from '../../../domain/schemas/notifications.ts';
import { users } from './accounts.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    message: text().notNull(),
    type: text({ enum: NOTIFICATION_TYPES }).notNull(),
    priority: text({ enum: NOTIFICATION_PRIORITIES }).notNull().default('MEDIUM'),
    status: text({ enum: NOTIFICATION_STATUSES }).notNull().default('Sent'),
    data: jsonb().$type<NotificationData>().notNull().default({}),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'Sent'`),
  ],
);

export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  channels: jsonb().$type<Partial<Record<NotificationChannel, boolean>>>().notNull().default({}),
  types: jsonb().$type<Partial<Record<NotificationType, boolean>>>().notNull().default({}),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A browser's Web Push subscription; one endpoint belongs to one user (the last to register it). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    userAgent: text(),
    failures: integer().notNull().default(0),
    lastSuccessAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
