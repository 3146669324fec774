import { Link, useLocation } from 'react-router-dom';
import { useOnline } from '../../offline/useOnline.ts';
import { useWaitingChanges } from '../../offline/useWaitingChanges.ts';
import { pendingCountText } from '../../offline/words.ts';
import { Icon } from '../../ui/icons.tsx';

export type IndicatorLook =
  /** The sidebar: a dot and "Online", or the "Offline" badge. */
  | 'full'
  /** The phone's top bar: the "Offline" badge, or a green dot whose word is for screen readers. */
  | 'compact'
  /** The icon-only sidebar: a dot either way, its word for screen readers and as a tooltip. */
  | 'icon';

/** Online or offline, always in view. */
export function ConnectionIndicator({ look = 'full' }: { look?: IndicatorLook }) {
  const online = useOnline();
  const word = online ? 'Online' : 'Offline';
  const title = online ? 'Online' : 'Offline: changes are kept on this device and sent later';
  return (
    <span role="status" className="flex items-center">
      {online || look === 'icon' ? (
        <span className="flex items-center gap-1.5 px-1 text-xs text-base-content/70" title={title}>
          {online ? (
            <span aria-hidden="true" className="size-2 rounded-full bg-success" />
          ) : (
            <span aria-hidden="true" className="rounded-full bg-warning p-1 text-warning-content">
              <Icon name="offline" className="size-4" />
            </span>
          )}
          <span className={look === 'full' ? '' : 'sr-only'}>{word}</span>
        </span>
      ) : (
        <span className="badge badge-warning gap-1 text-warning-content" title={title}>
          <Icon name="offline" className="size-3.5" />
          {word}
        </span>
      )}
    </span>
  );
}

/** The way to "Pending changes", with the number of changes not sent yet (red when one needs the user). */
export function PendingChangesLink({ size = 'sm' }: { size?: 'sm' | 'md' }) {
  const { count, conflicts, pausedForAuth } = useWaitingChanges();
  const { pathname } = useLocation();
  const tone = conflicts > 0 ? 'badge-error' : pausedForAuth ? 'badge-warning text-warning-content' : 'badge-primary';
  const label =
    count === 0
      ? 'Pending changes: none'
      : `Pending changes: ${pendingCountText(count)}${conflicts > 0 ? `, ${conflicts} need your decision` : ''}`;
  return (
    <Link
      to="/pending-changes"
      aria-label={label}
      title="Pending changes"
      aria-current={pathname === '/pending-changes' ? 'page' : undefined}
      className={`btn btn-square btn-ghost relative ${size === 'sm' ? 'btn-sm' : ''}`}
    >
      <Icon name="cloudUpload" />
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid="pending-count"
          className={`badge badge-xs absolute -end-1 -top-1 h-4 min-w-4 px-1 text-[0.625rem] font-semibold ${tone}`}
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
