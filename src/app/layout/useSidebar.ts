import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useMediaQuery } from '../../ui/useMediaQuery.ts';
import { MENU_STATUS_KEY, MOBILE_MEDIA_QUERY, initialCollapsed, menuStatusValue } from './sidebarState.ts';

// Storage can be unavailable (private mode, blocked cookies): the sidebar then simply forgets.
function readMenuStatus(): string | null {
  try {
    return window.localStorage.getItem(MENU_STATUS_KEY);
  } catch {
    return null;
  }
}

function writeMenuStatus(collapsed: boolean): void {
  try {
    window.localStorage.setItem(MENU_STATUS_KEY, menuStatusValue(collapsed));
  } catch {
    // Nothing to do: see readMenuStatus.
  }
}

export type SidebarState = {
  /** Desktop: icons only. Mobile (≤ 768 px): the drawer is closed. */
  collapsed: boolean;
  isMobile: boolean;
  toggle(): void;
  setCollapsed(collapsed: boolean): void;
};

/**
 * The collapsible sidebar of SPEC §2: remembered in localStorage (menuStatus = YES | NO), collapsed
 * whenever the viewport becomes 768 px or less, and collapsed again after each navigation there.
 */
export function useSidebar(): SidebarState {
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY) ?? false;
  const { key: locationKey } = useLocation();
  const [collapsed, setCollapsed] = useState(() => initialCollapsed(readMenuStatus(), isMobile));
  const [seen, setSeen] = useState({ isMobile, locationKey });

  // Adjusted while rendering (not in an effect) so a navigation never paints the old drawer first.
  if (seen.isMobile !== isMobile || seen.locationKey !== locationKey) {
    // Route changes collapse the sidebar only on mobile, where the open menu covers the new screen;
    // on a desktop an expanded sidebar is the user's choice and survives navigation.
    const shouldCollapse = isMobile && (!seen.isMobile || seen.locationKey !== locationKey);
    setSeen({ isMobile, locationKey });
    if (shouldCollapse) setCollapsed(true);
  }

  useEffect(() => writeMenuStatus(collapsed), [collapsed]);

  const toggle = useCallback(() => setCollapsed((current) => !current), []);
  return { collapsed, isMobile, toggle, setCollapsed };
}
