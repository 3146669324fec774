import { useInfiniteQuery, useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import {
  notificationKeys,
  notificationsApi,
  type NotificationFilters,
  type NotificationPage,
} from '../../api/notifications.ts';
import { useToast } from '../../ui/toast/index.ts';
import {
  countAfterRemoval,
  countFromServer,
  findNotification,
  markRead,
  nextPageParam,
  removeNotification,
  type NotificationPages,
} from './cache.ts';
import { PAGE_SIZE } from './model.ts';
import {
  CHANGE_KEY,
  NOTIFICATION_ERRORS,
  afterChangesSettled,
  setUnreadCount,
  takeServerCount,
  updateLists,
} from './queries.ts';

/** The list and the changes to it: loaded with the notification centre, not with every screen. */

export function useNotificationList(filters: NotificationFilters, enabled: boolean) {
  const queryClient = useQueryClient();
  return useInfiniteQuery<NotificationPage, Error, NotificationPages, QueryKey, number>({
    queryKey: notificationKeys.list(filters),
    queryFn: async ({ pageParam, signal }) => {
      const { data } = await notificationsApi.list({ page: pageParam, limit: PAGE_SIZE, ...filters }, signal);
      // The list carries the count as it is now: the badge follows it.
      takeServerCount(queryClient, data.unreadCount);
      return data;
    },
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled,
  });
}

type Snapshot = { lists: Array<[QueryKey, NotificationPages | undefined]>; count: number | undefined };

/**
 * A change shown at once (optimistic) and put back as it was when the server refuses it, with the
 * SPEC's message in a red toast. The server's answer carries the unread count, which then wins.
 */
function useNotificationChange<V>(options: {
  request: (variables: V) => Promise<{ data: { unreadCount: number } }>;
  apply: (queryClient: QueryClient, variables: V) => void;
  errorMessage: string;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationKey: CHANGE_KEY,
    mutationFn: options.request,
    onMutate: async (variables): Promise<Snapshot> => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: notificationKeys.lists }),
        queryClient.cancelQueries({ queryKey: notificationKeys.unreadCount }),
      ]);
      const snapshot: Snapshot = {
        lists: queryClient.getQueriesData<NotificationPages>({ queryKey: notificationKeys.lists }),
        count: queryClient.getQueryData<number>(notificationKeys.unreadCount),
      };
      options.apply(queryClient, variables);
      return snapshot;
    },
    onError: (_error, _variables, snapshot) => {
      if (snapshot) {
        for (const [key, data] of snapshot.lists) queryClient.setQueryData(key, data);
        if (snapshot.count !== undefined) queryClient.setQueryData(notificationKeys.unreadCount, snapshot.count);
      }
      toast.error(options.errorMessage);
    },
    onSuccess: ({ data }) => {
      // Still counted as pending here: 1 means no other change of this tab is on its way.
      if (queryClient.isMutating({ mutationKey: CHANGE_KEY }) <= 1) {
        queryClient.setQueryData(notificationKeys.unreadCount, countFromServer(data.unreadCount));
      }
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: CHANGE_KEY }) <= 1) afterChangesSettled(queryClient);
    },
  });
}

const allLists = (queryClient: QueryClient) =>
  queryClient.getQueriesData<NotificationPages>({ queryKey: notificationKeys.lists }).map(([, data]) => data);

export function useNotificationActions() {
  const markOne = useNotificationChange({
    request: (id: string) => notificationsApi.markRead(id),
    apply: (queryClient, id) => {
      const wasUnread = findNotification(allLists(queryClient), id)?.status === 'Sent';
      const readAt = new Date().toISOString();
      updateLists(queryClient, (data, filters) => markRead(data, id, readAt, filters));
      setUnreadCount(queryClient, (count) => countAfterRemoval(count, wasUnread));
    },
    errorMessage: NOTIFICATION_ERRORS.markRead,
  });

  const markAll = useNotificationChange({
    request: () => notificationsApi.markAllRead(),
    apply: (queryClient) => {
      const readAt = new Date().toISOString();
      updateLists(queryClient, (data, filters) => markRead(data, null, readAt, filters));
      setUnreadCount(queryClient, () => 0);
    },
    errorMessage: NOTIFICATION_ERRORS.markAllRead,
  });

  const removeOne = useNotificationChange({
    request: (id: string) => notificationsApi.remove(id),
    apply: (queryClient, id) => {
      const wasUnread = findNotification(allLists(queryClient), id)?.status === 'Sent';
      updateLists(queryClient, (data) => removeNotification(data, id));
      setUnreadCount(queryClient, (count) => countAfterRemoval(count, wasUnread));
    },
    errorMessage: NOTIFICATION_ERRORS.remove,
  });

  const removeAll = useNotificationChange({
    request: () => notificationsApi.removeAll(),
    apply: (queryClient) => {
      updateLists(queryClient, (data) => removeNotification(data, null));
      setUnreadCount(queryClient, () => 0);
    },
    errorMessage: NOTIFICATION_ERRORS.removeAll,
  });

  return { markOne, markAll, removeOne, removeAll };
}
