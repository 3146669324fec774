/** The sidebar's remembered state (SPEC §2 Layout, §9 mobile breakpoint), free of React and the DOM. */

/** localStorage key of the collapsed state, with the values 'YES' (collapsed) and 'NO' (expanded). */
export const MENU_STATUS_KEY = 'menuStatus';
export const MOBILE_BREAKPOINT_PX = 768;
/** Mobile is 768 px or less, inclusive. */
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

export type MenuStatus = 'YES' | 'NO';

export function menuStatusValue(collapsed: boolean): MenuStatus {
  return collapsed ? 'YES' : 'NO';
}

/** true for 'YES', false for 'NO', null for anything else (nothing stored yet, or junk). */
export function parseMenuStatus(value: string | null | undefined): boolean | null {
  if (value === 'YES') return true;
  if (value === 'NO') return false;
  return null;
}

/** Collapsed at 768 px or less whatever was stored; on a wider screen as stored, expanded by default. */
export function initialCollapsed(stored: string | null | undefined, isMobile: boolean): boolean {
  return isMobile || parseMenuStatus(stored) === true;
}
