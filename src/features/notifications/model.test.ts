import { describe, expect, it } from 'vitest';
import { FILTERABLE_TYPES, badgeText, bellLabel, timeAgo } from './model.ts';

describe('bell', () => {
  it('names the unread count for screen readers and caps the badge', () => {
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(0)).toBe('Notifications, 0 unread');
    expect(bellLabel(undefined)).toBe('Notifications');
    expect(badgeText(7)).toBe('7');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('timeAgo', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it('is relative for a week, then the date', () => {
    expect(timeAgo('2026-03-10T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-03-10T11:55:00Z', now)).toBe('5 min ago');
    expect(timeAgo('2026-03-10T09:00:00Z', now)).toBe('3 h ago');
    expect(timeAgo('2026-03-09T10:00:00Z', now)).toBe('yesterday');
    expect(timeAgo('2026-03-06T12:00:00Z', now)).toBe('4 days ago');
    expect(timeAgo('2026-01-05T06:00:00Z', now)).toBe('Jan 5, 2026');
    expect(timeAgo('garbage', now)).toBe('');
    expect(timeAgo('2026-03-10T12:05:00Z', now)).toBe('just now');
  });
});

describe('FILTERABLE_TYPES', () => {
  it('leaves out the channel names', () => {
    expect(FILTERABLE_TYPES).toContain('APPOINTMENT');
    expect(FILTERABLE_TYPES).toContain('VERIFICATION');
    for (const channel of ['SMS', 'EMAIL', 'PUSH', 'CALL']) expect(FILTERABLE_TYPES).not.toContain(channel);
  });
});
