import { describe, expect, it, vi } from 'vitest';
import { OUTBOX_SYNC_TAG, onOutboxSync, readSessionToken } from './sync.ts';

describe('outbox background sync', () => {
  it('answers only its own tag', () => {
    const waitUntil = vi.fn();
    onOutboxSync(Object.assign(new Event('sync'), { tag: 'something-else', waitUntil }));
    expect(waitUntil).not.toHaveBeenCalled();
    expect(OUTBOX_SYNC_TAG).toBe('caremesh-outbox');
  });

  it('reads the session from the jwtToken cookie', async () => {
    const get = vi.fn(async (name: string) => (name === 'jwtToken' ? { name, value: 'a.b.c' } : null));
    const cookieStore = { get } as unknown as CookieStore;
    expect(await readSessionToken({ cookieStore })).toBe('a.b.c');
    expect(await readSessionToken({})).toBeNull();
  });
});
