/**
 * The notification centre's cache rules (SPEC §4 "Notifications"), as pure functions over the cached
 * pages and the unread count, so they are tested without React or a server.
 */
import type { InfiniteData } from '@tanstack/react-query';
import {
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_STATUSES,
  NOTIFICATION_TYPES,
  type Role,
} from '../../../domain/enums.ts';
import type { User } from '../../../domain/schemas/accounts.ts';
import type { Notification } from '../../../domain/schemas/notifications.ts';
import type { NotificationFilters, NotificationPage } from '../../api/notifications.ts';

export type NotificationPages = InfiniteData<NotificationPage, number>;

/** SPEC §4: fetched only when the user has an id (Admin) or a referenceId (other roles). */
export function canFetchNotifications(user: Pick<User, 'id' | 'role' | 'referenceId'> | null | undefined): boolean {
  if (!user) return false;
  return user.role === 'ADMIN' ? Boolean(user.id) : Boolean(user.referenceId);
}

export function matchesFilters(notification: Notification, filters: NotificationFilters): boolean {
  return (
    (!filters.type || notification.type === filters.type) && (!filters.status || notification.status === filters.status)
  );
}

/** The cached pages as one list, newest first; a notification that moved to a later page shows once. */
export function flattenPages(data: NotificationPages | undefined): Notification[] {
  const seen = new Set<string>();
  const out: Notification[] = [];
  for (const page of data?.pages ?? []) {
    for (const notification of page.notifications) {
      if (seen.has(notification.id)) continue;
      seen.add(notification.id);
      out.push(notification);
    }
  }
  return out;
}

/** More pages exist on the server. */
export function nextPageParam(lastPage: NotificationPage): number | undefined {
  const { page, totalPages } = lastPage.pagination;
  return page < totalPages ? page + 1 : undefined;
}

function withTotal(page: NotificationPage, total: number): NotificationPage {
  const safe = Math.max(0, total);
  const totalPages = Math.ceil(safe / page.pagination.limit);
  return { ...page, pagination: { ...page.pagination, total: safe, totalPages } };
}

function mapPages(
  data: NotificationPages,
  change: (notifications: Notification[]) => Notification[],
): NotificationPages | undefined {
  let removed = 0;
  const pages = data.pages.map((page) => {
    const next = change(page.notifications);
    removed += page.notifications.length - next.length;
    return { ...page, notifications: next };
  });
  if (removed === 0 && pages.every((page, i) => page.notifications === data.pages[i]?.notifications)) return data;
  return { ...data, pages: pages.map((page) => withTotal(page, page.pagination.total - removed)) };
}

/** SPEC §4: a new notification goes on top (in lists whose filters it matches; once). */
export function addNotification(
  data: NotificationPages | undefined,
  notification: Notification,
  filters: NotificationFilters,
): NotificationPages | undefined {
  if (!data || !matchesFilters(notification, filters)) return data;
  if (data.pages.some((page) => page.notifications.some((n) => n.id === notification.id))) return data;
  const pages = data.pages.map((page, index) => {
    const grown = withTotal(page, page.pagination.total + 1);
    return index === 0 ? { ...grown, notifications: [notification, ...page.notifications] } : grown;
  });
  return { ...data, pages };
}

/**
 * Marks one (or, with `id` null, every) notification read. A list showing only unread ones drops
 * them, as a fresh fetch would.
 */
export function markRead(
  data: NotificationPages | undefined,
  id: string | null,
  readAt: string,
  filters: NotificationFilters,
): NotificationPages | undefined {
  if (!data) return data;
  const hits = (n: Notification) => (id === null || n.id === id) && n.status !== 'Read';
  return mapPages(data, (list) => {
    if (!list.some(hits)) return list;
    const next = list.map((n) => (hits(n) ? { ...n, status: 'Read' as const, readAt } : n));
    return next.filter((n) => matchesFilters(n, filters));
  });
}

/** Removes one notification, or every one with `id` null. */
export function removeNotification(
  data: NotificationPages | undefined,
  id: string | null,
): NotificationPages | undefined {
  if (!data) return data;
  if (id === null) {
    const first = data.pages[0];
    if (!first) return data;
    return { pages: [withTotal({ ...first, notifications: [] }, 0)], pageParams: data.pageParams.slice(0, 1) };
  }
  return mapPages(data, (list) => (list.some((n) => n.id === id) ? list.filter((n) => n.id !== id) : list));
}

/** Finds a notification in any cached list. */
export function findNotification(
  lists: ReadonlyArray<NotificationPages | undefined>,
  id: string,
): Notification | undefined {
  for (const data of lists) {
    for (const page of data?.pages ?? []) {
      const found = page.notifications.find((n) => n.id === id);
      if (found) return found;
    }
  }
  return undefined;
}

// ---- The unread count (SPEC §4): the number in status Sent, never below 0; unknown stays unknown. ----

export function countAfterNew(count: number | undefined): number | undefined {
  return count === undefined ? undefined : count + 1;
}

/** Reading or deleting one lowers the count only when it was unread. */
export function countAfterRemoval(count: number | undefined, wasUnread: boolean): number | undefined {
  if (count === undefined) return undefined;
  return wasUnread ? Math.max(0, count - 1) : Math.max(0, count);
}

export function countFromServer(count: number): number {
  return Number.isFinite(count) ? Math.max(0, Math.trunc(count)) : 0;
}

// ---- Realtime payloads (the API contract): checked, as anything from the network. Hand-written
// rather than with the zod schemas, so the signed-in area does not download zod for them.

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);
const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** A newNotification payload (the shape of notificationSchema), or null for anything else. */
export function parseNewNotification(payload: unknown): Notification | null {
  if (!isRecord(payload)) return null;
  const { id, title, message, type, priority, status, data, readAt, createdAt } = payload;
  const valid =
    typeof id === 'string' &&
    id !== '' &&
    typeof title === 'string' &&
    typeof message === 'string' &&
    isOneOf(NOTIFICATION_TYPES, type) &&
    isOneOf(NOTIFICATION_PRIORITIES, priority) &&
    isOneOf(NOTIFICATION_STATUSES, status) &&
    isRecord(data) &&
    (readAt === null || typeof readAt === 'string') &&
    typeof createdAt === 'string';
  return valid ? (payload as Notification) : null;
}

export type CountEvent = { id: string | null; all: boolean; unreadCount: number };

/** notificationRead and notificationDeleted: `{ id | null, all?, unreadCount }`. */
export function parseCountEvent(payload: unknown): CountEvent | null {
  if (!isRecord(payload)) return null;
  const { id, all, unreadCount } = payload;
  if (!(id === null || (typeof id === 'string' && id !== '')) || !isCount(unreadCount)) return null;
  if (all !== undefined && typeof all !== 'boolean') return null;
  return { id, all: all === true || id === null, unreadCount };
}

// ---- Where a notification leads ----

const IN_APP_PATH = /^\/(?!\/)[^\s]*$/;

/** The in-app page a notification opens: its url, else its appointment; never another site. */
export function notificationLink(notification: Pick<Notification, 'data'>): string | null {
  const { url, appointmentId } = notification.data;
  if (url && IN_APP_PATH.test(url)) return url;
  if (appointmentId) return `/appointments/${encodeURIComponent(appointmentId)}`;
  return null;
}

/** SPEC §4: the admin verification action, only when the notification says action is required. */
export function reviewLink(notification: Pick<Notification, 'data'>, role: Role | undefined): string | null {
  const { actionRequired, profileId } = notification.data;
  if (role !== 'ADMIN' || !actionRequired || !profileId) return null;
  return `/admin/verifications/${encodeURIComponent(profileId)}`;
}
