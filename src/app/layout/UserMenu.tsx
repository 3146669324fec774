import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import type { User } from '../../../domain/schemas/accounts.ts';
import { humanizeRole } from '../../../domain/rules/roles.ts';
import { Icon } from '../../ui/icons.tsx';
import { useInstallPrompt } from '../../ui/install.ts';

type UserMenuProps = {
  user: User;
  onLogout(): void;
  /** Icon-only button (the collapsed desktop sidebar); the menu then opens to the right. */
  compact?: boolean;
};

/** 'Asha Rao' → 'AR'; without a name, the first letter of the email. */
export function initialsOf(user: Pick<User, 'name' | 'email'>): string {
  const words = (user.name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 0 ? words.map((word) => word[0]).join('') : user.email.trim()[0];
  return (letters ?? '?').slice(0, 2).toUpperCase();
}

/**
 * The account button at the foot of the sidebar (email and role) and its menu: Agent Profile,
 * Install CareMesh (when the browser offers it) and Log out. Keyboard: Enter, Space or the arrows open it; arrows, Home and End move; Escape closes.
 */
export function UserMenu({ user, onLogout, compact = false }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const buttonId = useId();
  const menuId = useId();
  const role = humanizeRole(user.role);
  const installer = useInstallPrompt();

  useEffect(() => {
    if (!open) return;
    const list = menuItemsIn(menuRef.current);
    (focusOnOpen.current === 'first' ? list[0] : list.at(-1))?.focus();
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open]);

  const openMenu = (focus: 'first' | 'last') => {
    focusOnOpen.current = focus;
    setOpen(true);
  };

  const closeMenu = ({ restoreFocus }: { restoreFocus: boolean }) => {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = menuItemsIn(menuRef.current);
    const current = list.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => list[(index + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        move(current + 1);
        break;
      case 'ArrowUp':
        move(current - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(list.length - 1);
        break;
      case 'Escape':
        closeMenu({ restoreFocus: true });
        break;
      case 'Tab':
        setOpen(false);
        return;
      default:
        return;
    }
    // Handled here: the layout's own Escape (closing the mobile drawer) must not fire as well.
    event.preventDefault();
    event.stopPropagation();
  };

  const menuPlacement = compact ? 'bottom-0 left-full ms-4' : 'bottom-full inset-x-0 mb-2';

  return (
    <div ref={wrapperRef} className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={compact ? `Account menu: ${user.email}, ${role}` : undefined}
        title={compact ? user.email : undefined}
        onClick={() => (open ? closeMenu({ restoreFocus: false }) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
        className={`flex w-full cursor-pointer items-center gap-3 rounded-field text-start hover:bg-base-200 ${
          compact ? 'justify-center p-1.5' : 'px-2 py-2'
        } ${open ? 'bg-base-200' : ''}`}
      >
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-content"
        >
          {initialsOf(user)}
        </span>
        {!compact && (
          <>
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="truncate text-sm font-medium" title={user.email}>
                {user.email}
              </span>
              <span className="text-xs text-base-content/70">{role}</span>
            </span>
            <Icon name="chevronDown" className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
          </>
        )}
      </button>
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={onMenuKeyDown}
          className={`absolute z-50 flex min-w-48 flex-col gap-1 rounded-box border border-base-300 bg-base-100 p-1.5 shadow-lg ${menuPlacement}`}
        >
          <li role="none">
            <Link
              role="menuitem"
              tabIndex={-1}
              to={`/people/${user.id}`}
              onClick={() => setOpen(false)}
              className={MENU_ITEM_CLASSES}
            >
              <Icon name="profile" />
              Agent Profile
            </Link>
          </li>
          {installer.available && (
            <li role="none">
              <button
                role="menuitem"
                tabIndex={-1}
                type="button"
                onClick={() => {
                  setOpen(false);
                  void installer.install();
                }}
                className={MENU_ITEM_CLASSES}
              >
                <Icon name="download" />
                Install CareMesh
              </button>
            </li>
          )}
          <li role="none">
            <button
              role="menuitem"
              tabIndex={-1}
              type="button"
              onClick={() => {
                setOpen(false);
                onLogout();
              }}
              className={MENU_ITEM_CLASSES}
            >
              <Icon name="logout" />
              Log out
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

function menuItemsIn(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}

const MENU_ITEM_CLASSES =
  'flex w-full cursor-pointer items-center gap-3 rounded-field px-3 py-2 text-start text-sm hover:bg-base-200 focus:bg-base-200';
