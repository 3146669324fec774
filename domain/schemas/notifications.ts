import { z } from 'zod';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_STATUSES,
  NOTIFICATION_TYPES,
  type NotificationChannel,
  type NotificationType,
} from '../enums.ts';
import { idSchema, paginationQuery, paginationSchema } from './common.ts';
import { lineText, notesText, savable } from './text.ts';

/** What a notification may point at (SPEC §3), plus the in-app path a click opens. */
export const notificationDataSchema = z
  .object({
    appointmentId: idSchema.optional(),
    profileId: idSchema.optional(),
    affiliationId: idSchema.optional(),
    actionRequired: z.boolean().optional(),
    /** An in-app path such as /appointments/{id}; never another site. */
    url: lineText('url')
      .max(500)
      .regex(/^\/(?!\/)[^\s]*$/, 'url must be a path inside the app, starting with /')
      .optional(),
  })
  .strict();
export type NotificationData = z.output<typeof notificationDataSchema>;

export const notificationSchema = z.object({
  id: idSchema,
  title: z.string(),
  message: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  priority: z.enum(NOTIFICATION_PRIORITIES),
  status: z.enum(NOTIFICATION_STATUSES),
  data: notificationDataSchema,
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.output<typeof notificationSchema>;

/** `POST /notifications`: an admin writes to one user. */
export const createNotificationBody = z.object({
  userId: idSchema,
  title: lineText('Title').trim().min(1, 'Title is required').max(120, 'Title must be at most 120 characters'),
  message: notesText('Message')
    .trim()
    .min(1, 'Message is required')
    .max(1000, 'Message must be at most 1000 characters'),
  type: z.enum(NOTIFICATION_TYPES, { error: 'type is not one of the notification types' }).default('SYSTEM'),
  priority: z
    .enum(NOTIFICATION_PRIORITIES, { error: 'priority must be LOW, MEDIUM, HIGH or URGENT' })
    .default('MEDIUM'),
  data: notificationDataSchema.default({}),
});

/** `GET /notifications?page&limit&type&priority&status`. */
export const notificationListQuery = paginationQuery.extend({
  type: z.enum(NOTIFICATION_TYPES, { error: 'type is not one of the notification types' }).optional(),
  priority: z.enum(NOTIFICATION_PRIORITIES, { error: 'priority must be LOW, MEDIUM, HIGH or URGENT' }).optional(),
  status: z.enum(NOTIFICATION_STATUSES, { error: 'status must be Sent or Read' }).optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuery>;

export const notificationList = z.object({
  data: z.object({
    notifications: z.array(notificationSchema),
    pagination: paginationSchema,
    unreadCount: z.number().int().min(0),
  }),
});

export const unreadCountSchema = z.object({ count: z.number().int().min(0) });

/** Channels this server can deliver today; the others are kept as preferences for later. */
export const DELIVERABLE_CHANNELS = ['PUSH'] as const satisfies readonly NotificationChannel[];

export const DEFAULT_CHANNEL_PREFERENCES: Record<NotificationChannel, boolean> = {
  PUSH: true,
  EMAIL: false,
  SMS: false,
  CALL: false,
};

/** Preferences: which channels deliver at all, and which types may use them (in-app always shows). */
export const notificationPreferencesSchema = z.object({
  channels: z.record(z.enum(NOTIFICATION_CHANNELS), z.boolean()),
  types: z.partialRecord(z.enum(NOTIFICATION_TYPES), z.boolean()),
});
export type NotificationPreferences = {
  channels: Record<NotificationChannel, boolean>;
  types: Partial<Record<NotificationType, boolean>>;
};

/** `PATCH /notifications/preferences`: only what is sent changes. */
export const updatePreferencesBody = z
  .object({
    channels: z.partialRecord(z.enum(NOTIFICATION_CHANNELS), z.boolean()).optional(),
    types: z.partialRecord(z.enum(NOTIFICATION_TYPES), z.boolean()).optional(),
  })
  .refine((body) => body.channels || body.types, { message: 'Send channels, types or both' });

/** Whether a notification of `type` goes out on `channel` under these preferences. */
export function channelAllows(
  preferences: NotificationPreferences,
  channel: NotificationChannel,
  type: NotificationType,
): boolean {
  return preferences.channels[channel] && preferences.types[type] !== false;
}

// ---- Web Push ----

export const pushPublicKeySchema = z.object({ publicKey: z.string() });

/** A browser's PushSubscription.toJSON(). */
export const pushSubscriptionBody = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: 'endpoint must be an https URL' })
    .max(2000, 'endpoint must be at most 2000 characters')
    .check(savable('endpoint')),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: lineText('p256dh').min(1).max(200),
    auth: lineText('auth').min(1).max(100),
  }),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionBody>;

export const removePushSubscriptionBody = z.object({ endpoint: lineText('endpoint').max(2000) });

/**
 * What a push carries. It shows on lock screens, so no medical detail: a generic title and body by
 * type, and ids; the app fetches the rest after sign-in.
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  notificationId: idSchema,
  tag: z.string(),
});
export type PushPayload = z.output<typeof pushPayloadSchema>;

export type NotificationReadEvent = { id: string | null; all?: boolean; unreadCount: number };
export type NotificationDeletedEvent = { id: string | null; all?: boolean; unreadCount: number };
