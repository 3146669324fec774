import { describe, expect, it } from 'vitest';
import {
  MENU_STATUS_KEY,
  MOBILE_MEDIA_QUERY,
  initialCollapsed,
  menuStatusValue,
  parseMenuStatus,
} from './sidebarState.ts';

describe('sidebar state', () => {
  it('is stored under menuStatus as YES or NO', () => {
    expect(MENU_STATUS_KEY).toBe('menuStatus');
    expect(menuStatusValue(true)).toBe('YES');
    expect(menuStatusValue(false)).toBe('NO');
    expect(parseMenuStatus('YES')).toBe(true);
    expect(parseMenuStatus('NO')).toBe(false);
    expect(parseMenuStatus(null)).toBeNull();
    expect(parseMenuStatus('yes')).toBeNull();
  });

  it('treats 768 px and less as mobile', () => {
    expect(MOBILE_MEDIA_QUERY).toBe('(max-width: 768px)');
  });

  it('starts collapsed on mobile, otherwise as stored and expanded by default', () => {
    expect(initialCollapsed('NO', true)).toBe(true);
    expect(initialCollapsed(null, true)).toBe(true);
    expect(initialCollapsed('YES', false)).toBe(true);
    expect(initialCollapsed('NO', false)).toBe(false);
    expect(initialCollapsed(null, false)).toBe(false);
    expect(initialCollapsed('garbage', false)).toBe(false);
  });
});
