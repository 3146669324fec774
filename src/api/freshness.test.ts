import { describe, expect, it } from 'vitest';
import { freshnessFor } from './freshness.ts';

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
