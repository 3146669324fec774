import { useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from '../../api/notifications.ts';
import { useRealtimeEvent } from '../../realtime/useRealtimeEvent.ts';
import { useFetchAgainWhenLive } from '../../realtime/useFetchAgainWhenLive.ts';
import { NOTIFICATION_TOAST, useToast } from '../../ui/toast/index.ts';
import {
  addNotification,
  countAfterNew,
  findNotification,
  markRead,
  parseCountEvent,
  parseNewNotification,
  removeNotification,
  type NotificationPages,
} from './cache.ts';
import { countChangedElsewhere, setUnreadCount, takeServerCount, updateLists } from './queries.ts';

/**
 * Keeps the notification caches current from the socket (SPEC §4): a new notification goes on top,
 * raises the count and shows an info toast (30 s, top-right); reads and deletions made in another
 * tab or device update the list and take the server's count. Renders nothing.
 */
export function NotificationRealtimeSync() {
  const queryClient = useQueryClient();
  const toast = useToast();

  useRealtimeEvent('newNotification', (payload) => {
    const notification = parseNewNotification(payload);
    if (!notification) {
      console.warn('realtime: newNotification with an unexpected payload');
      return;
    }
    const lists = queryClient.getQueriesData<NotificationPages>({ queryKey: notificationKeys.lists });
    // The same event twice (a reconnect replay) counts once.
    const known = findNotification(
      lists.map(([, data]) => data),
      notification.id,
    );
    updateLists(queryClient, (data, filters) => addNotification(data, notification, filters));
    if (!known && notification.status === 'Sent') {
      setUnreadCount(queryClient, countAfterNew);
      countChangedElsewhere(queryClient);
    }
    toast.info(notification.message, {
      ...NOTIFICATION_TOAST,
      title: notification.title,
      id: `notification-${notification.id}`,
    });
  });

  useRealtimeEvent('notificationRead', (payload) => {
    const event = parseCountEvent(payload);
    if (!event) return;
    const readAt = new Date().toISOString();
    updateLists(queryClient, (data, filters) => markRead(data, event.all ? null : event.id, readAt, filters));
    takeServerCount(queryClient, event.unreadCount);
  });

  useRealtimeEvent('notificationDeleted', (payload) => {
    const event = parseCountEvent(payload);
    if (!event) return;
    updateLists(queryClient, (data) => removeNotification(data, event.all ? null : event.id));
    takeServerCount(queryClient, event.unreadCount);
  });

  // Events sent before the room was joined (the page's first connection, a reconnection) are lost: ask again.
  useFetchAgainWhenLive(notificationKeys.all);

  return null;
}
