import { describe, expect, it } from 'vitest';
import { KEPT_FOR_SESSION, freshnessFor, keptOfflineFor } from './freshness.ts';

describe('freshnessFor', () => {
  it('keeps notification and realtime data fresh for 30 s', () => {
    expect(freshnessFor(['notifications', { page: 1 }])).toBe(30_000);
    expect(freshnessFor(['realtime', 'appointments'])).toBe(30_000);
  });
  it('keeps keys with user fresh for 5 minutes', () => {
    expect(freshnessFor(['user', 'details'])).toBe(300_000);
    expect(freshnessFor(['publicUsers', ['a', 'b']])).toBe(300_000);
  });
  it('keeps config and static data for an hour', () => {
    expect(freshnessFor(['config'])).toBe(3_600_000);
    expect(freshnessFor(['static', 'states'])).toBe(3_600_000);
  });
  it('defaults to 30 minutes', () => {
    expect(freshnessFor(['hospitals', 'search', { city: 'Pune' }])).toBe(1_800_000);
  });
  it('lets notifications win over user when a key has both', () => {
    expect(freshnessFor(['user', 'notifications'])).toBe(30_000);
  });
});

describe('keptOfflineFor', () => {
  const DAY = 86_400_000;
  it('keeps what the user saw of their own for the session', () => {
    expect(keptOfflineFor(['patients', 'me'])).toBe(KEPT_FOR_SESSION);
    expect(keptOfflineFor(['patients', 'p1', 'medical-history', 1])).toBe(KEPT_FOR_SESSION);
    expect(keptOfflineFor(['realtime', 'appointments', 'list', { scope: 'patient' }])).toBe(KEPT_FOR_SESSION);
    expect(keptOfflineFor(['realtime', 'appointments', 'conversation', 'a1'])).toBe(KEPT_FOR_SESSION);
    expect(keptOfflineFor(['doctors', 'byId', 'd1'])).toBe(KEPT_FOR_SESSION);
    expect(keptOfflineFor(['realtime', 'verification', 'mine'])).toBe(KEPT_FOR_SESSION);
    expect(keptOfflineFor(['realtime', 'verification', 'admin', 'pending', { page: 1 }])).toBe(KEPT_FOR_SESSION);
    expect(KEPT_FOR_SESSION).toBe(7 * DAY);
  });
  it('keeps directory results a day and notifications three', () => {
    expect(keptOfflineFor(['hospitals', 'search', { city: 'Pune' }])).toBe(DAY);
    expect(keptOfflineFor(['doctors', 'search', {}])).toBe(DAY);
    expect(keptOfflineFor(['notifications', 'list', {}])).toBe(3 * DAY);
  });
});
