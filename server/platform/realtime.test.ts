import { describe, expect, it } from 'vitest';
import { quietSince, ROOM_ACTIVITY_KEPT_MS, roomActivity, type RoomActivity } from './realtime.ts';

const T0 = Date.UTC(2026, 0, 5, 5, 0, 0);

describe('roomActivity and quietSince: whether a joining page may have missed an event', () => {
  it('is quiet only when no event reached any of the rooms within `since` and its margin', async () => {
    let now = T0;
    const activity = roomActivity(undefined, () => now);
    await activity.note('doctor-1');
    now = T0 + 10_000;
    expect(await quietSince(activity, ['doctor-1', 'user:u1'], 5_000, now)).toBe(true);
    // The margin: an event 9 s ago is within 8 s + 2 s.
    expect(await quietSince(activity, ['doctor-1', 'user:u1'], 8_000, now)).toBe(false);
    expect(await quietSince(activity, ['doctor-1'], 60_000, now)).toBe(false);
    // The account's own room counts too.
    await activity.note('user:u1');
    expect(await quietSince(activity, ['doctor-1', 'user:u1'], 0, now)).toBe(false);
    expect(await quietSince(activity, ['patient-7'], 60_000, now)).toBe(true);
  });

  it('is never quiet when it cannot tell', async () => {
    const activity = roomActivity(undefined, () => T0);
    for (const since of [undefined, null, 'soon', -1, Number.NaN, ROOM_ACTIVITY_KEPT_MS]) {
      expect(await quietSince(activity, ['room'], since, T0), String(since)).toBe(false);
    }
    const broken: RoomActivity = { note: async () => undefined, last: () => Promise.reject(new Error('down')) };
    expect(await quietSince(broken, ['room'], 1_000, T0)).toBe(false);
  });

  it('forgets what is older than it keeps', async () => {
    let now = T0;
    const activity = roomActivity(undefined, () => now);
    await activity.note('old');
    now = T0 + ROOM_ACTIVITY_KEPT_MS + 1;
    expect(await activity.last(['old'])).toBeNull();
  });

  it('keeps the times in Redis for every instance, the newest of the rooms asked', async () => {
    const store = new Map<string, string>();
    const redis = {
      async set(key: string, value: string, options: { PX: number }) {
        expect(options.PX).toBe(ROOM_ACTIVITY_KEPT_MS);
        store.set(key, value);
      },
      async mGet(keys: string[]) {
        return keys.map((key) => store.get(key) ?? null);
      },
    };
    let now = T0;
    const activity = roomActivity(redis, () => now);
    await activity.note('a');
    now = T0 + 5;
    await activity.note('b');
    expect(await activity.last(['a', 'b', 'c'])).toBe(T0 + 5);
    expect(await activity.last(['c'])).toBeNull();
    expect([...store.keys()]).toEqual(['caremesh:room-activity:a', 'caremesh:room-activity:b']);
  });
});
