import { useQuery, type QueryClient } from '@tanstack/react-query';
import { notificationKeys, notificationsApi, type NotificationFilters } from '../../api/notifications.ts';
import { countFromServer, type NotificationPages } from './cache.ts';

/** SPEC §8: the messages of the red "Error" toast. */
export const NOTIFICATION_ERRORS = {
  fetch: 'Failed to fetch notifications',
  markRead: 'Failed to mark notification as read',
  markAllRead: 'Failed to mark all notifications as read',
  remove: 'Failed to delete notification',
  removeAll: 'Failed to delete all notifications',
} as const;

/** The mutation key of this tab's changes to notifications. */
export const CHANGE_KEY = ['notifications', 'change'] as const;

/** Whether one of this tab's changes is on its way: its own answer will set the count then. */
export const changesPending = (queryClient: QueryClient) => queryClient.isMutating({ mutationKey: CHANGE_KEY }) > 0;

/** Applies `change` to every cached list, each with its own filters. */
export function updateLists(
  queryClient: QueryClient,
  change: (data: NotificationPages | undefined, filters: NotificationFilters) => NotificationPages | undefined,
) {
  for (const [key, data] of queryClient.getQueriesData<NotificationPages>({ queryKey: notificationKeys.lists })) {
    const filters = (key[2] ?? {}) as NotificationFilters;
    const next = change(data, filters);
    if (next !== data) queryClient.setQueryData(key, next);
  }
}

export function setUnreadCount(queryClient: QueryClient, change: (count: number | undefined) => number | undefined) {
  const current = queryClient.getQueryData<number>(notificationKeys.unreadCount);
  const next = change(current);
  if (next !== undefined && next !== current) queryClient.setQueryData(notificationKeys.unreadCount, next);
}

export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.unreadCount,
    queryFn: async ({ signal }) => countFromServer((await notificationsApi.unreadCount(signal)).data.count),
    enabled,
  });
}
