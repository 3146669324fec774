import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { InstallOffer } from '../../ui/InstallOffer.tsx';
import type { User } from '../../../domain/schemas/accounts.ts';
import { NotificationBell } from '../../features/notifications/NotificationBell.tsx';
import { BrandMark } from '../../ui/BrandMark.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Footer } from '../../ui/Footer.tsx';
import { useAuth } from '../../session/AuthContext.ts';
import { Icon } from '../../ui/icons.tsx';
import { isMenuEntryActive, menuForRole } from './navigation.ts';
import { ConnectionIndicator, PendingChangesLink } from './OfflineStatus.tsx';
import { SystemClock } from './SystemClock.tsx';
import { UserMenu } from './UserMenu.tsx';
import { useSidebar } from './useSidebar.ts';

const SIDEBAR_ID = 'app-sidebar';

/**
 * The signed-in layout (SPEC §2 Layout): a collapsible sidebar with the role's menu, the UTC clock
 * and the account menu; on a phone (≤ 768 px) a top bar and the sidebar as an overlay drawer.
 */
export function AppLayout() {
  const { user } = useAuth();
  const signOut = useSignOut();
  const { collapsed, isMobile, toggle, setCollapsed } = useSidebar();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const drawerOpen = isMobile && !collapsed;

  // The open drawer acts like a dialog: Escape closes it and the page behind does not scroll.
  useEffect(() => {
    if (!drawerOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setCollapsed(true);
      menuButtonRef.current?.focus();
    };
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [drawerOpen, setCollapsed]);

  // The router only renders this layout for a signed-in user; this keeps a stray render harmless.
  if (!user) return null;

  const iconsOnly = collapsed && !isMobile;

  return (
    <div className="flex min-h-dvh bg-base-200">
      <a
        href="#main"
        className="fixed start-2 top-2 z-[60] -translate-y-24 rounded-field bg-primary px-4 py-2 text-sm font-semibold text-primary-content shadow-lg focus:translate-y-0"
      >
        Skip to content
      </a>

      {isMobile && (
        <header className="fixed inset-x-0 top-0 z-50 flex h-14 items-center gap-2 border-b border-base-300 bg-base-100 px-2">
          <button
            ref={menuButtonRef}
            type="button"
            className="btn btn-square btn-ghost"
            aria-label={drawerOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={drawerOpen}
            aria-controls={SIDEBAR_ID}
            onClick={toggle}
          >
            <Icon name={drawerOpen ? 'close' : 'menu'} className="size-6" />
          </button>
          <Logo />
          <div className="ms-auto flex items-center gap-1">
            <ConnectionIndicator look="compact" />
            <PendingChangesLink size="md" />
            <NotificationBell placement="sheet" onOpen={() => setCollapsed(true)} />
          </div>
        </header>
      )}

      {drawerOpen && (
        // A pointer shortcut only: keyboard users close the drawer with Escape or the menu button.
        <div
          aria-hidden="true"
          className="fixed inset-x-0 top-14 bottom-0 z-30 bg-neutral/50"
          onClick={() => setCollapsed(true)}
        />
      )}

      <aside
        id={SIDEBAR_ID}
        className={
          isMobile
            ? `fixed top-14 bottom-0 start-0 z-40 flex w-72 max-w-[85vw] flex-col border-e border-base-300 bg-base-100 shadow-xl transition-[translate,visibility] duration-200 motion-reduce:transition-none ${
                drawerOpen ? 'visible translate-x-0' : 'invisible -translate-x-full'
              }`
            : `sticky top-0 z-30 flex h-dvh shrink-0 flex-col border-e border-base-300 bg-base-100 transition-[width] duration-200 motion-reduce:transition-none ${
                iconsOnly ? 'w-18' : 'w-64'
              }`
        }
      >
        {!isMobile && (
          <div
            className={`flex items-center border-b border-base-300 ${iconsOnly ? 'flex-col gap-1 py-3' : 'h-16 gap-2 ps-4 pe-2'}`}
          >
            <Logo iconsOnly={iconsOnly} />
            <div className={`flex items-center gap-1 ${iconsOnly ? 'flex-col' : 'ms-auto'}`}>
              <PendingChangesLink />
              <NotificationBell placement={iconsOnly ? 'beside' : 'below'} />
              <button
                type="button"
                className="btn btn-square btn-ghost btn-sm"
                aria-label={iconsOnly ? 'Expand sidebar' : 'Collapse sidebar'}
                aria-expanded={!iconsOnly}
                aria-controls={SIDEBAR_ID}
                title={iconsOnly ? 'Expand sidebar' : 'Collapse sidebar'}
                onClick={toggle}
              >
                <Icon name={iconsOnly ? 'expand' : 'collapse'} />
              </button>
            </div>
          </div>
        )}

        <MainNav user={user} iconsOnly={iconsOnly} />

        <div className={`flex flex-col gap-3 border-t border-base-300 ${iconsOnly ? 'items-center p-2' : 'p-3'}`}>
          {!isMobile && <ConnectionIndicator look={iconsOnly ? 'icon' : 'full'} />}
          {!iconsOnly && <SystemClock />}
          <UserMenu user={user} compact={iconsOnly} onLogout={signOut.start} />
        </div>
      </aside>

      <div className={`flex min-w-0 flex-1 flex-col ${isMobile ? 'pt-14' : ''}`} inert={drawerOpen}>
        {/* At least a screen tall, so the footer starts below the fold: a screen's data arriving then
            never pushes it down in view (a layout shift on every load). */}
        <main id="main" tabIndex={-1} className="min-h-dvh flex-1 px-4 py-6 focus-visible:outline-none sm:px-6 lg:px-8">
          <div className="mb-4 empty:hidden">
            <InstallOffer />
          </div>
          <Outlet />
        </main>
        <Footer />
      </div>

      <ConfirmDialog
        open={signOut.asking !== undefined}
        title="Sign out and delete unsent changes?"
        confirmLabel={signOut.asking === 1 ? 'Sign out and delete it' : 'Sign out and delete them'}
        cancelLabel="Stay signed in"
        onConfirm={() => signOut.answer(true)}
        onCancel={() => signOut.answer(false)}
      >
        {unsentText(signOut.asking)}
      </ConfirmDialog>
    </div>
  );
}

/** What the sign-out question says about the changes waiting on the device (null: the device cannot tell). */
function unsentText(count: number | null | undefined): string {
  const one = count === 1;
  const what =
    count === null || count === undefined
      ? 'Changes made on this device may not have reached the server yet.'
      : `${count} ${one ? 'change made on this device has' : 'changes made on this device have'} not reached the server yet.`;
  return `${what} Signing out deletes this account’s data from this device, ${one ? 'that change' : 'those changes'} included. Stay signed in to send ${one ? 'it' : 'them'} when you are back online, or to review ${one ? 'it' : 'them'} in Pending changes.`;
}

/** The user's "Log out", which asks first (in a dialog) when changes are still waiting on the device. */
function useSignOut() {
  const { signOut } = useAuth();
  // undefined: not asking; a number (or null when unknown): how many changes are waiting.
  const [asking, setAsking] = useState<number | null | undefined>(undefined);
  const resolver = useRef<((answer: boolean) => void) | null>(null);
  const answer = useCallback((ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setAsking(undefined);
  }, []);
  const start = useCallback(() => {
    void signOut({
      confirmUnsent: (count) =>
        new Promise<boolean>((resolve) => {
          resolver.current = resolve;
          setAsking(count);
        }),
    });
  }, [signOut]);
  return { asking, answer, start };
}

function Logo({ iconsOnly = false }: { iconsOnly?: boolean }) {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-field p-1 text-lg font-semibold tracking-tight">
      <BrandMark size={32} />
      <span className={iconsOnly ? 'sr-only' : ''}>CareMesh</span>
    </Link>
  );
}

function MainNav({ user, iconsOnly }: { user: User; iconsOnly: boolean }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main" className={`flex-1 p-3 ${iconsOnly ? '' : 'overflow-y-auto'}`}>
      <ul className="flex flex-col gap-1">
        {menuForRole(user.role).map((entry) => {
          const active = isMenuEntryActive(entry, pathname);
          return (
            // Icons only: the label becomes a tooltip, hidden from screen readers, which read the link's own text.
            <li key={entry.to} className={iconsOnly ? 'tooltip tooltip-right flex' : undefined}>
              {iconsOnly && (
                <span className="tooltip-content" aria-hidden="true">
                  {entry.label}
                </span>
              )}
              <Link
                to={entry.to}
                aria-current={active ? 'page' : undefined}
                className={`flex min-h-11 items-center gap-3 rounded-field text-sm font-medium transition-colors ${
                  iconsOnly ? 'w-11 justify-center' : 'px-3'
                } ${
                  active
                    ? 'bg-primary text-primary-content'
                    : 'text-base-content/80 hover:bg-base-200 hover:text-base-content'
                }`}
              >
                <Icon name={entry.icon} />
                <span className={iconsOnly ? 'sr-only' : 'truncate'}>{entry.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
