import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useAuth } from '../../app/auth/AuthContext.ts';
import { Icon } from '../../ui/icons.tsx';
import { canFetchNotifications } from './cache.ts';
import { badgeText, bellLabel } from './model.ts';
import { useUnreadCount } from './queries.ts';

// The centre's code arrives when it is first opened; the bell and its count are all a screen needs.
const NotificationPanel = lazy(() => import('./NotificationPanel.tsx').then((m) => ({ default: m.NotificationPanel })));

/** Where the panel opens: a full-width sheet under the phone's top bar, or a dropdown by the bell. */
export type BellPlacement = 'sheet' | 'below' | 'beside';

const PANEL_PLACEMENT: Record<BellPlacement, string> = {
  sheet: 'fixed inset-x-0 top-14 bottom-0 z-50 border-t',
  below:
    'absolute start-0 top-full z-50 mt-2 max-h-[min(40rem,calc(100dvh-5rem))] w-[min(26rem,calc(100vw-1rem))] rounded-box border shadow-xl',
  beside:
    'absolute start-full top-0 z-50 ms-3 max-h-[min(40rem,calc(100dvh-2rem))] w-[min(26rem,calc(100vw-6rem))] rounded-box border shadow-xl',
};

type BellProps = {
  placement: BellPlacement;
  /** Called when the panel opens (the layout closes its mobile drawer). */
  onOpen?(): void;
};

/** The bell with the unread count; it opens the notification centre. Hidden for users without notifications. */
export function NotificationBell({ placement, onOpen }: BellProps) {
  const { user } = useAuth();
  const enabled = canFetchNotifications(user);
  const count = useUnreadCount(enabled).data;
  const [open, setOpen] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = ({ restoreFocus }: { restoreFocus: boolean } = { restoreFocus: false }) => {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  };

  // A dropdown closes when the pointer goes down elsewhere; the sheet covers the page instead.
  useEffect(() => {
    if (!open || placement === 'sheet') return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      const target = event.target as Element;
      // Toasts sit outside the panel; using one keeps the panel open.
      if (wrapperRef.current?.contains(target) || target.closest?.('.toast')) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open, placement]);

  // The sheet acts like a page of its own: what is behind it does not scroll.
  useEffect(() => {
    if (!open || placement !== 'sheet') return;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [open, placement]);

  if (!enabled) return null;

  return (
    <div ref={wrapperRef} className={placement === 'sheet' ? '' : 'relative'}>
      <button
        ref={buttonRef}
        type="button"
        className={`btn btn-square btn-ghost relative ${placement === 'sheet' ? '' : 'btn-sm'}`}
        aria-label={bellLabel(count)}
        title="Notifications"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => {
          if (open) return close();
          setOpen(true);
          onOpen?.();
        }}
      >
        <Icon name="bell" />
        {count !== undefined && count > 0 && (
          <span
            aria-hidden="true"
            className="badge badge-error badge-xs absolute -end-1 -top-1 h-4 min-w-4 px-1 text-[0.625rem] font-semibold"
          >
            {badgeText(count)}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          className={`${PANEL_PLACEMENT[placement]} flex flex-col border-base-300 bg-base-100 text-base-content`}
        >
          <Suspense
            fallback={
              <div role="status" className="flex flex-1 items-center justify-center p-8">
                <span className="loading loading-spinner text-primary" aria-hidden="true" />
                <span className="sr-only">Loading notifications…</span>
              </div>
            }
          >
            <NotificationPanel onClose={close} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
