import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { NotificationPriority, NotificationType } from '../../../domain/enums.ts';
import { pageOffset, paginationOf } from '../../../domain/schemas/common.ts';
import {
  DEFAULT_CHANNEL_PREFERENCES,
  channelAllows,
  type NotificationData,
  type NotificationPreferences,
  type PushPayload,
  type createNotificationBody,
  type notificationListQuery,
  type pushSubscriptionBody,
  type updatePreferencesBody,
} from '../../../domain/schemas/notifications.ts';
import type { Db } from '../../db/client.ts';
import { notificationPreferences, notifications, pushSubscriptions, users } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { isLocalHost } from '../../platform/network.ts';
import type { PushSender } from '../../platform/push.ts';
import { userRoom, type Realtime } from '../../platform/realtime.ts';
import { preparedOnce, preparedSql } from '../../platform/unitOfWork.ts';

type NotificationRow = typeof notifications.$inferSelect;

export function toNotification(row: NotificationRow) {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    type: row.type,
    priority: row.priority,
    status: row.status,
    data: row.data,
    readAt: row.readAt ? row.readAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export type NewNotification = {
  title: string;
  message: string;
  type: NotificationType;
  priority?: NotificationPriority;
  data?: NotificationData;
};

/** Lock-screen text by type: a push never carries medical detail (DESIGN "Realtime and push"). */
function pushTextFor(type: NotificationType, data: NotificationData): string {
  switch (type) {
    case 'APPOINTMENT':
      return 'You have a new appointment request.';
    case 'APPOINTMENT_UPDATE':
      if (data.url?.startsWith('/appointments?view=waitlist')) {
        return 'A time has opened up for you. Open CareMesh to take it before it passes to the next patient.';
      }
      return data.appointmentId ? 'An appointment of yours has an update.' : 'You have an update.';
    case 'VERIFICATION':
      return 'There is news about a verification.';
    case 'TEST_RESULT':
      return 'A diagnostic test has an update.';
    default:
      return 'You have a new notification.';
  }
}

function deepLinkFor(data: NotificationData): string {
  if (data.url) return data.url;
  if (data.appointmentId) return `/appointments/${data.appointmentId}`;
  return '/';
}

/** Everyone's preferences in one query (defaults for those who never set any). */
async function preferencesFor(db: Db, userIds: string[]): Promise<Map<string, NotificationPreferences>> {
  const rows = await db.select().from(notificationPreferences).where(inArray(notificationPreferences.userId, userIds));
  const byUser = new Map(rows.map((row) => [row.userId, row]));
  return new Map(
    userIds.map((id) => [
      id,
      {
        channels: { ...DEFAULT_CHANNEL_PREFERENCES, ...(byUser.get(id)?.channels ?? {}) },
        types: { ...(byUser.get(id)?.types ?? {}) },
      },
    ]),
  );
}

async function preferencesOf(db: Db, userId: string): Promise<NotificationPreferences> {
  return (await preferencesFor(db, [userId])).get(userId)!;
}

/**
 * The server POSTs to whatever endpoint a subscription names, so in production only the browser
 * vendors' push services are accepted, and elsewhere any https host that is not this machine or its
 * networks (no requests to internal addresses on a user's say-so). A configured list is the
 * operator's word, and wins (the suites list their loopback push service).
 */
export function endpointAllowed(endpoint: string, hosts: readonly string[] | null): boolean {
  const { hostname } = new URL(endpoint);
  if (hosts === null) return !isLocalHost(hostname);
  return hosts.some((host) => hostname === host || hostname.endsWith(`.${host}`));
}

/** A stored notification as `deliver` reads it back, with its recipient's preferences. */
type DeliveredRow = {
  id: string;
  user_id: string;
  status: NotificationRow['status'];
  created_at: string | Date;
  channels: Partial<NotificationPreferences['channels']> | null;
  types: NotificationPreferences['types'] | null;
  pushable: boolean;
};

/** What notifications need: where they are stored, the rooms and the devices they go to. */
export type NotificationsDeps = {
  db: Db;
  realtime: Pick<Realtime, 'emit'>;
  push: Pick<PushSender, 'sendToUser' | 'publicKey'>;
  /** The push services a subscription may point at (null: any public one). */
  pushServiceHosts: readonly string[] | null;
};

export type NotificationsService = ReturnType<typeof notificationsService>;

export function notificationsService({ db, realtime, push, pushServiceHosts }: NotificationsDeps) {
  const own = (caller: AuthUser, id?: string): SQL =>
    (id
      ? and(eq(notifications.userId, caller.id), eq(notifications.id, id))
      : eq(notifications.userId, caller.id)) as SQL;

  // Prepared once (the badge asks often); inside a unit of work it is sent over the unit's transaction.
  const preparedUnread = preparedOnce(() =>
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, sql.placeholder('userId')), eq(notifications.status, 'Sent')))
      .prepare('notifications_unread_count'),
  );

  async function unreadCount(userId: string): Promise<number> {
    const [row] = await preparedUnread().execute({ userId });
    return row?.n ?? 0;
  }

  /**
   * The recipients (by account, or every account acting for the given profiles, but one), their
   * preferences, whether they have any device to push to, and the stored rows: one prepared
   * statement for each way of picking the recipients.
   */
  const deliverStatement = (name: string, recipients: SQL) => {
    const p = (key: string) => sql.placeholder(key);
    return preparedSql<DeliveredRow>(
      db,
      name,
      sql`with recipient as (
        select ${users.id} as id, ${notificationPreferences.channels} as channels, ${notificationPreferences.types} as types,
          exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${users.id}) as pushable
        from ${users} left join ${notificationPreferences} on ${notificationPreferences.userId} = ${users.id}
        where ${recipients} and (${p('exceptUserId')}::uuid is null or ${users.id} <> ${p('exceptUserId')}::uuid)
      ), stored as (
        insert into ${notifications} (user_id, title, message, type, priority, data)
        select id, ${p('title')}::text, ${p('message')}::text, ${p('type')}::text, ${p('priority')}::text, ${p('data')}::jsonb
        from recipient
        returning id, user_id, status, created_at
      )
      select stored.id, stored.user_id, stored.status, stored.created_at, recipient.channels, recipient.types, recipient.pushable
      from stored join recipient on recipient.id = stored.user_id`,
    );
  };
  const toAccounts = deliverStatement(
    'notifications_deliver_to_accounts',
    sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`,
  );
  const toProfiles = deliverStatement(
    'notifications_deliver_to_profiles',
    sql`${users.referenceId} = any(${sql.placeholder('ids')}::uuid[])`,
  );

  /**
   * Stores one notification for each account picked (but `exceptUserId`), tells each one's open
   * pages, and pushes to their devices when their preferences allow. Called after the change it
   * reports has committed.
   */
  async function deliver(
    to: typeof toAccounts,
    ids: string[],
    input: NewNotification,
    exceptUserId?: string,
  ): Promise<NotificationRow[]> {
    const data = input.data ?? {};
    const priority = input.priority ?? 'MEDIUM';
    const delivered = await to({
      ids,
      exceptUserId: exceptUserId ?? null,
      title: input.title,
      message: input.message,
      type: input.type,
      priority,
      data: JSON.stringify(data),
    });
    return delivered.map((stored) => {
      const row: NotificationRow = {
        id: stored.id,
        userId: stored.user_id,
        title: input.title,
        message: input.message,
        type: input.type,
        priority,
        status: stored.status,
        data,
        readAt: null,
        createdAt: new Date(stored.created_at),
      };
      realtime.emit(userRoom(row.userId), 'newNotification', toNotification(row));
      const preferences: NotificationPreferences = {
        channels: { ...DEFAULT_CHANNEL_PREFERENCES, ...(stored.channels ?? {}) },
        types: { ...(stored.types ?? {}) },
      };
      // No device subscribed: nothing to push (and no query to find that out again).
      if (stored.pushable && channelAllows(preferences, 'PUSH', row.type)) {
        const payload: PushPayload = {
          title: 'CareMesh',
          body: pushTextFor(row.type, data),
          url: deepLinkFor(data),
          notificationId: row.id,
          tag: data.appointmentId ? `appointment-${data.appointmentId}` : `notification-${row.id}`,
        };
        push.sendToUser(row.userId, payload, priority === 'HIGH' || priority === 'URGENT' ? 'high' : 'normal');
      }
      return row;
    });
  }

  async function notifyUsers(userIds: string[], input: NewNotification): Promise<NotificationRow[]> {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return [];
    return deliver(toAccounts, unique, input);
  }

  return {
    notifyUsers,

    /** Every account that acts for one of these profiles (a hospital may have several desk accounts). */
    async notifyProfiles(profileIds: string[], input: NewNotification, exceptUserId?: string) {
      if (profileIds.length === 0) return;
      return deliver(toProfiles, [...new Set(profileIds)], input, exceptUserId);
    },

    async create(input: z.output<typeof createNotificationBody>) {
      const [recipient] = await db.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
      if (!recipient) throw notFound('There is no user with that id.');
      const [row] = await notifyUsers([recipient.id], input);
      return toNotification(row!);
    },

    async list(caller: AuthUser, query: z.output<typeof notificationListQuery>) {
      const where = and(
        own(caller),
        query.type ? eq(notifications.type, query.type) : undefined,
        query.priority ? eq(notifications.priority, query.priority) : undefined,
        query.status ? eq(notifications.status, query.status) : undefined,
      );
      const [rows, [total], unread] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(query.limit)
          .offset(pageOffset(query.page, query.limit)),
        db.select({ n: count() }).from(notifications).where(where),
        unreadCount(caller.id),
      ]);
      return {
        notifications: rows.map(toNotification),
        pagination: paginationOf(query.page, query.limit, total?.n ?? 0),
        unreadCount: unread,
      };
    },

    unreadCount: (caller: AuthUser) => unreadCount(caller.id),

    async markRead(caller: AuthUser, id: string) {
      const [existing] = await db.select().from(notifications).where(own(caller, id));
      if (!existing) throw notFound('There is no such notification.');
      const [row] =
        existing.status === 'Read'
          ? [existing]
          : await db
              .update(notifications)
              .set({ status: 'Read', readAt: new Date() })
              .where(and(own(caller, id), eq(notifications.status, 'Sent')))
              .returning();
      const unread = await unreadCount(caller.id);
      realtime.emit(userRoom(caller.id), 'notificationRead', { id, unreadCount: unread });
      return { notification: toNotification(row ?? existing), unreadCount: unread };
    },

    async markAllRead(caller: AuthUser) {
      const changed = await db
        .update(notifications)
        .set({ status: 'Read', readAt: new Date() })
        .where(and(own(caller), eq(notifications.status, 'Sent')))
        .returning({ id: notifications.id });
      realtime.emit(userRoom(caller.id), 'notificationRead', { id: null, all: true, unreadCount: 0 });
      return { updated: changed.length, unreadCount: 0 };
    },

    async remove(caller: AuthUser, id: string) {
      const [row] = await db.delete(notifications).where(own(caller, id)).returning({ id: notifications.id });
      if (!row) throw notFound('There is no such notification.');
      const unread = await unreadCount(caller.id);
      realtime.emit(userRoom(caller.id), 'notificationDeleted', { id, unreadCount: unread });
      return { id, unreadCount: unread };
    },

    async removeAll(caller: AuthUser) {
      const rows = await db.delete(notifications).where(own(caller)).returning({ id: notifications.id });
      realtime.emit(userRoom(caller.id), 'notificationDeleted', { id: null, all: true, unreadCount: 0 });
      return { deleted: rows.length, unreadCount: 0 };
    },

    preferences: (caller: AuthUser) => preferencesOf(db, caller.id),

    async updatePreferences(caller: AuthUser, input: z.output<typeof updatePreferencesBody>) {
      const current = await preferencesOf(db, caller.id);
      const channels = { ...current.channels, ...(input.channels ?? {}) };
      const types = { ...current.types, ...(input.types ?? {}) };
      await db
        .insert(notificationPreferences)
        .values({ userId: caller.id, channels, types })
        .onConflictDoUpdate({
          target: notificationPreferences.userId,
          set: { channels, types, updatedAt: new Date() },
        });
      return { channels, types };
    },

    publicKey: () => ({ publicKey: push.publicKey }),

    async subscribe(caller: AuthUser, input: z.output<typeof pushSubscriptionBody>, userAgent: string | undefined) {
      if (!endpointAllowed(input.endpoint, pushServiceHosts)) {
        throw invalid('That push endpoint is not a known browser push service.', {
          issues: [{ path: 'body.endpoint', message: 'endpoint must belong to a browser push service' }],
        });
      }
      // An endpoint belongs to one browser profile: whoever signs in there last receives its pushes.
      await db
        .insert(pushSubscriptions)
        .values({
          userId: caller.id,
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          userAgent: userAgent?.slice(0, 300),
        })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userId: caller.id,
            p256dh: input.keys.p256dh,
            auth: input.keys.auth,
            userAgent: userAgent?.slice(0, 300),
            failures: 0,
          },
        });
      return { endpoint: input.endpoint };
    },

    async unsubscribe(caller: AuthUser, endpoint: string) {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, caller.id), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
      return { removed: rows.length };
    },

    /** How many subscriptions a user has (tests and the push opt-in screen). */
    async subscriptionCount(userId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(pushSubscriptions)
        .where(sql`${pushSubscriptions.userId} = ${userId}`);
      return row?.n ?? 0;
    },
  };
}
