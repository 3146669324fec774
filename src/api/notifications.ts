import { queryOptions } from '@tanstack/react-query';
import type { Pagination } from '../../domain/errors.ts';
import { requireParam } from '../../domain/rules/params.ts';
import type {
  Notification,
  NotificationListQuery,
  NotificationPreferences,
  PushSubscriptionInput,
} from '../../domain/schemas/notifications.ts';
import type { NotificationChannel, NotificationPriority, NotificationType } from '../../domain/enums.ts';
import { request } from './http.ts';

export type { Notification, NotificationPreferences };

export type NotificationQuery = {
  page?: number;
  limit?: number;
  type?: NotificationListQuery['type'];
  priority?: NotificationListQuery['priority'];
  status?: NotificationListQuery['status'];
};

export type NotificationPage = { notifications: Notification[]; pagination: Pagination; unreadCount: number };

export type CreateNotificationInput = {
  userId: string;
  title: string;
  message: string;
  type?: NotificationType;
  priority?: NotificationPriority;
  data?: Notification['data'];
};

export type PreferencesChange = {
  channels?: Partial<Record<NotificationChannel, boolean>>;
  types?: Partial<Record<NotificationType, boolean>>;
};

const one = (id: string, operation: string) =>
  `/notifications/${encodeURIComponent(requireParam(id, 'notificationId', operation))}`;

/** SPEC §7 "Notifications", plus the Web Push endpoints of the API contract. */
export const notificationsApi = {
  list: (query: NotificationQuery, signal?: AbortSignal) =>
    request<{ data: NotificationPage }>('get', '/notifications', { query, signal }),
  unreadCount: (signal?: AbortSignal) =>
    request<{ data: { count: number } }>('get', '/notifications/unread/count', { signal }),
  markRead: (id: string) =>
    request<{ data: { notification: Notification; unreadCount: number } }>(
      'put',
      `${one(id, 'markNotificationRead')}/read`,
    ),
  markAllRead: () => request<{ data: { updated: number; unreadCount: number } }>('put', '/notifications/mark-all-read'),
  remove: (id: string) =>
    request<{ data: { id: string; unreadCount: number } }>('delete', one(id, 'deleteNotification')),
  removeAll: () => request<{ data: { deleted: number; unreadCount: number } }>('delete', '/notifications'),
  /** Admins only. */
  create: (body: CreateNotificationInput) =>
    request<{ data: Notification }>('post', '/notifications', {
      json: requireParam(body, 'createNotificationRequest', 'createNotification'),
    }),
  preferences: (signal?: AbortSignal) =>
    request<{ data: NotificationPreferences }>('get', '/notifications/preferences', { signal }),
  updatePreferences: (body: PreferencesChange) =>
    request<{ data: NotificationPreferences }>('patch', '/notifications/preferences', {
      json: requireParam(body, 'body', 'updateNotificationPreferences'),
    }),
  pushPublicKey: () => request<{ data: { publicKey: string } }>('get', '/notifications/push/public-key'),
  addPushSubscription: (subscription: PushSubscriptionInput) =>
    request<{ data: { endpoint: string } }>('post', '/notifications/push/subscriptions', {
      json: requireParam(subscription, 'subscription', 'addPushSubscription'),
    }),
  removePushSubscription: (endpoint: string) =>
    request<{ data: { removed: number } }>('delete', '/notifications/push/subscriptions', {
      json: { endpoint: requireParam(endpoint, 'endpoint', 'removePushSubscription') },
    }),
};

export type NotificationFilters = { type?: NotificationType; status?: Notification['status'] };

/** Every key starts with 'notifications': 30 s freshness (SPEC §9) and one prefix to refresh them all. */
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: ['notifications', 'list'] as const,
  list: (filters: NotificationFilters) => ['notifications', 'list', filters] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
  preferences: ['notifications', 'preferences'] as const,
};

/** The signed-in user's notification channels. */
export const getNotificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.preferences,
    queryFn: async ({ signal }) => (await notificationsApi.preferences(signal)).data,
  });
