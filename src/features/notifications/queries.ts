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

/** Query clients that heard of a newer count while a change of their tab was on its way. */
const countHeardDuringChange = new WeakSet<QueryClient>();

/**
 * The unread count the server gave (an event, a page of the list). While one of this tab's changes is
 * on its way, that change's answer sets the count; but this count may be the newer one (another device
 * read or deleted meanwhile), so it is not dropped: the count is fetched again once the tab's changes
 * have settled (`afterChangesSettled`).
 */
export function takeServerCount(queryClient: QueryClient, unreadCount: number) {
  if (changesPending(queryClient)) countHeardDuringChange.add(queryClient);
  else queryClient.setQueryData(notificationKeys.unreadCount, countFromServer(unreadCount));
}

/** The count changed on the server (a new notification): asked again after a change on its way, as above. */
export function countChangedElsewhere(queryClient: QueryClient) {
  if (changesPending(queryClient)) countHeardDuringChange.add(queryClient);
}

/** The last of this tab's changes has settled: a count heard meanwhile is fetched from the server. */
export function afterChangesSettled(queryClient: QueryClient) {
  if (countHeardDuringChange.delete(queryClient))
    void queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount });
}

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
