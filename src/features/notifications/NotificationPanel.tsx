import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { NOTIFICATION_STATUS_LABELS, type NotificationStatus, type NotificationType } from '../../../domain/enums.ts';
import { formatDateTime } from '../../../domain/rules/format.ts';
import type { Notification } from '../../../domain/schemas/notifications.ts';
import type { NotificationFilters } from '../../api/notifications.ts';
import { useAuth } from '../../session/AuthContext.ts';
import { Icon } from '../../ui/icons.tsx';
import { useRealtimeStatus } from '../../realtime/useRealtimeStatus.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { canFetchNotifications, flattenPages, notificationLink, reviewLink } from './cache.ts';
import { FILTERABLE_TYPES, timeAgo, typeLabel } from './model.ts';
import { NotificationSettings } from './NotificationSettings.tsx';
import { PushOptIn } from './PushOptIn.tsx';
import { useNotificationActions, useNotificationList } from './actions.ts';
import { NOTIFICATION_ERRORS, useUnreadCount } from './queries.ts';
import { lastFetchFailed } from '../../offline/persist.ts';

export type PanelProps = {
  /** Closes the panel; focus goes back to the bell unless the user went somewhere else. */
  onClose(options?: { restoreFocus: boolean }): void;
};

/**
 * The notification centre (SPEC §4 "Notifications"): newest first with "Load more", type and
 * status filters, mark read (a click), mark all read, delete one, delete all (asked first), the
 * Web Push switch and the alert settings.
 */
export function NotificationPanel({ onClose }: PanelProps) {
  const [view, setView] = useState<'list' | 'settings'>('list');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  useEffect(() => {
    headingRef.current?.focus();
  }, [view]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // A confirmation dialog inside handles its own Escape.
    if (event.key !== 'Escape' || (event.target as Element).closest('dialog')) return;
    event.preventDefault();
    event.stopPropagation();
    if (view === 'settings') setView('list');
    else onClose({ restoreFocus: true });
  };

  return (
    <div
      role="dialog"
      aria-labelledby={headingId}
      className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-[inherit]"
      onKeyDown={onKeyDown}
    >
      <header className="flex items-center gap-1 border-b border-base-300 py-2 ps-4 pe-2">
        {view === 'settings' && (
          <button
            type="button"
            className="btn btn-square btn-ghost btn-sm -ms-2"
            aria-label="Back to notifications"
            onClick={() => setView('list')}
          >
            <Icon name="arrowLeft" />
          </button>
        )}
        <h2
          ref={headingRef}
          id={headingId}
          tabIndex={-1}
          className="me-auto text-base font-semibold focus-visible:outline-none"
        >
          {view === 'list' ? 'Notifications' : 'Alert settings'}
        </h2>
        {view === 'list' && (
          <button
            type="button"
            className="btn btn-square btn-ghost btn-sm"
            aria-label="Alert settings"
            title="Alert settings"
            onClick={() => setView('settings')}
          >
            <Icon name="settings" />
          </button>
        )}
        <button
          type="button"
          className="btn btn-square btn-ghost btn-sm"
          aria-label="Close notifications"
          title="Close"
          onClick={() => onClose({ restoreFocus: true })}
        >
          <Icon name="close" />
        </button>
      </header>
      {view === 'list' ? (
        <NotificationList onClose={onClose} />
      ) : (
        <div className="min-h-0 flex-1 overflow-y-auto">
          <NotificationSettings />
        </div>
      )}
    </div>
  );
}

const STATUS_CHOICES: Array<{ value: NotificationStatus | undefined; label: string }> = [
  { value: undefined, label: 'All' },
  { value: 'Sent', label: NOTIFICATION_STATUS_LABELS.Sent },
  { value: 'Read', label: NOTIFICATION_STATUS_LABELS.Read },
];

function NotificationList({ onClose }: PanelProps) {
  const { user } = useAuth();
  const toast = useToast();
  const enabled = canFetchNotifications(user);
  const [filters, setFilters] = useState<NotificationFilters>({});
  const [confirmDeleteAll, setConfirmDeleteAll] = useState(false);
  const list = useNotificationList(filters, enabled);
  const unread = useUnreadCount(enabled).data ?? 0;
  const { markOne, markAll, removeOne, removeAll } = useNotificationActions();
  const items = flattenPages(list.data);
  const filtered = Boolean(filters.type || filters.status);
  const typeSelectId = useId();

  // SPEC §8: a failed fetch shows the red "Error" toast (once per failure, after the one retry).
  // A list kept on the device still shows when the fetch fails, and the failure is still told.
  const failed = lastFetchFailed(list);
  const toastedFailure = useRef(0);
  useEffect(() => {
    if (!failed || list.errorUpdatedAt === toastedFailure.current) return;
    toastedFailure.current = list.errorUpdatedAt;
    toast.error(NOTIFICATION_ERRORS.fetch);
  }, [failed, list.errorUpdatedAt, toast]);

  const open = (notification: Notification) => {
    if (notification.status === 'Sent') markOne.mutate(notification.id);
  };

  return (
    <>
      <div className="flex flex-col gap-2 border-b border-base-300 px-4 py-2">
        <LiveStatus />
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={typeSelectId} className="sr-only">
            Type
          </label>
          <select
            id={typeSelectId}
            className="select select-sm min-w-0 flex-1 basis-40"
            value={filters.type ?? ''}
            onChange={(event) =>
              setFilters((current) => ({
                ...current,
                type: (event.currentTarget.value || undefined) as NotificationType | undefined,
              }))
            }
          >
            <option value="">All types</option>
            {FILTERABLE_TYPES.map((type) => (
              <option key={type} value={type}>
                {typeLabel(type)}
              </option>
            ))}
          </select>
          <div role="group" aria-label="Status" className="join">
            {STATUS_CHOICES.map((choice) => (
              <button
                key={choice.label}
                type="button"
                aria-pressed={filters.status === choice.value}
                className={`btn join-item btn-sm ${filters.status === choice.value ? 'btn-primary' : 'btn-ghost border-base-300'}`}
                onClick={() => setFilters((current) => ({ ...current, status: choice.value }))}
              >
                {choice.label}
              </button>
            ))}
          </div>
        </div>
        <div className="flex items-center justify-between gap-2">
          <p className="text-xs text-base-content/70" aria-live="polite">
            {unread === 0 ? 'No unread notifications' : `${unread} unread`}
          </p>
          <div className="flex gap-1">
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              disabled={unread === 0}
              onClick={() => markAll.mutate()}
            >
              <Icon name="checkAll" className="size-4" />
              Mark all read
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-xs text-error"
              disabled={items.length === 0}
              onClick={() => setConfirmDeleteAll(true)}
            >
              <Icon name="trash" className="size-4" />
              Delete all
            </button>
          </div>
        </div>
      </div>

      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {list.isPending ? (
          <div role="status" className="flex flex-col gap-3 p-4">
            <span className="sr-only">Loading notifications…</span>
            {[0, 1, 2].map((i) => (
              <div key={i} className="flex gap-3" aria-hidden="true">
                <div className="skeleton size-2 shrink-0 rounded-full" />
                <div className="flex flex-1 flex-col gap-2">
                  <div className="skeleton h-4 w-2/3" />
                  <div className="skeleton h-3 w-full" />
                </div>
              </div>
            ))}
          </div>
        ) : failed && items.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-4 py-10 text-center text-sm">
            <p>{NOTIFICATION_ERRORS.fetch}.</p>
            <button type="button" className="btn btn-outline btn-sm" onClick={() => void list.refetch()}>
              Try again
            </button>
          </div>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-4 py-10 text-center">
            <Icon name="bell" className="size-8 text-base-content/40" />
            {filtered ? (
              <>
                <p className="font-medium">No notifications match these filters</p>
                <button type="button" className="btn btn-link btn-sm" onClick={() => setFilters({})}>
                  Show all notifications
                </button>
              </>
            ) : (
              <>
                <p className="font-medium">You’re all caught up</p>
                <p className="text-sm text-base-content/70">New notifications will appear here.</p>
              </>
            )}
          </div>
        ) : (
          <>
            {failed && (
              // What the device kept shows; the fresh list could not be fetched.
              <div className="flex flex-wrap items-center justify-between gap-2 border-b border-base-300 bg-base-200 px-4 py-2 text-sm">
                <p>{NOTIFICATION_ERRORS.fetch}: showing what this device kept.</p>
                <button type="button" className="btn btn-outline btn-xs" onClick={() => void list.refetch()}>
                  Try again
                </button>
              </div>
            )}
            <ul aria-label="Notification list" className="divide-y divide-base-300">
              {items.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  review={reviewLink(notification, user?.role)}
                  onOpen={() => open(notification)}
                  onNavigate={() => {
                    open(notification);
                    onClose({ restoreFocus: false });
                  }}
                  onDelete={() => removeOne.mutate(notification.id)}
                />
              ))}
            </ul>
            {list.hasNextPage && (
              <div className="flex justify-center p-3">
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  disabled={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  {list.isFetchingNextPage && (
                    <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                  )}
                  Load more
                </button>
              </div>
            )}
          </>
        )}
      </div>

      {user && (
        <div className="border-t border-base-300 bg-base-200/50 px-4 py-3">
          <PushOptIn userId={user.id} />
        </div>
      )}

      <ConfirmDialog
        open={confirmDeleteAll}
        title="Delete all notifications?"
        confirmLabel="Delete all"
        onCancel={() => setConfirmDeleteAll(false)}
        onConfirm={() => {
          setConfirmDeleteAll(false);
          removeAll.mutate();
        }}
      >
        Every notification will be removed, read or not. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}

type ItemProps = {
  notification: Notification;
  review: string | null;
  /** Marks it read (a click on one without a link). */
  onOpen(): void;
  /** Marks it read and leaves for its link. */
  onNavigate(): void;
  onDelete(): void;
};

function NotificationItem({ notification, review, onOpen, onNavigate, onDelete }: ItemProps) {
  const unread = notification.status === 'Sent';
  const link = notificationLink(notification);
  const body = (
    <>
      <span className={`block text-sm ${unread ? 'font-semibold' : 'font-medium text-base-content/80'}`}>
        {unread && <span className="sr-only">Unread: </span>}
        {notification.title}
      </span>
      <span className="mt-0.5 line-clamp-3 block text-sm text-base-content/80">{notification.message}</span>
      <span className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-base-content/60">
        <span>{typeLabel(notification.type)}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={notification.createdAt} title={formatDateTime(notification.createdAt)}>
          {timeAgo(notification.createdAt)}
        </time>
      </span>
    </>
  );
  const bodyClasses = 'block min-w-0 flex-1 rounded-field text-start';

  return (
    <li className={`flex gap-3 px-4 py-3 ${unread ? 'bg-primary/5' : ''}`}>
      <span
        aria-hidden="true"
        className={`mt-1.5 size-2 shrink-0 rounded-full ${unread ? 'bg-primary' : 'bg-transparent'}`}
      />
      <div className="flex min-w-0 flex-1 flex-col items-start gap-2">
        {link ? (
          <Link to={link} className={`${bodyClasses} hover:underline-offset-2`} onClick={onNavigate}>
            {body}
          </Link>
        ) : unread ? (
          <button type="button" className={`${bodyClasses} cursor-pointer`} onClick={onOpen}>
            {body}
          </button>
        ) : (
          <div className={bodyClasses}>{body}</div>
        )}
        {review && (
          <Link to={review} className="btn btn-primary btn-xs" onClick={onNavigate}>
            Review
          </Link>
        )}
      </div>
      <button
        type="button"
        className="btn btn-square btn-ghost btn-sm -me-2 shrink-0 text-base-content/60 hover:text-error"
        aria-label={`Delete notification: ${notification.title}`}
        title="Delete"
        onClick={onDelete}
      >
        <Icon name="trash" className="size-4" />
      </button>
    </li>
  );
}

function LiveStatus() {
  const { status, online } = useRealtimeStatus();
  const [dot, text] = !online
    ? ['bg-base-content/40', 'Offline: showing what was last loaded']
    : status === 'connected'
      ? ['bg-success', 'Live: new notifications appear as they arrive']
      : status === 'connecting'
        ? ['bg-warning', 'Connecting for live updates…']
        : ['bg-error', 'Live updates paused: they resume when the connection returns'];
  return (
    <p className="flex items-center gap-2 text-xs text-base-content/70">
      <span aria-hidden="true" className={`size-2 rounded-full ${dot}`} />
      {text}
    </p>
  );
}
