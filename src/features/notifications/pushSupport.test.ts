import { describe, expect, it } from 'vitest';
import { alertsOn, base64UrlToBytes, parseOwner, pushAvailability, sameKey } from './pushSupport.ts';

const env = { serviceWorker: true, pushManager: true, notification: true, permission: 'default' as const };

describe('pushAvailability', () => {
  it('needs a service worker, PushManager and Notification', () => {
    expect(pushAvailability(env)).toBe('available');
    expect(pushAvailability({ ...env, pushManager: false })).toBe('unsupported');
    expect(pushAvailability({ ...env, serviceWorker: false })).toBe('unsupported');
    expect(pushAvailability({ ...env, notification: false, permission: null })).toBe('unsupported');
  });

  it('says when the browser blocked notifications', () => {
    expect(pushAvailability({ ...env, permission: 'denied' })).toBe('blocked');
    expect(pushAvailability({ ...env, permission: 'granted' })).toBe('available');
  });
});

describe('base64UrlToBytes and sameKey', () => {
  it('decodes base64url without padding', () => {
    expect([...base64UrlToBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
    expect([...base64UrlToBytes('')]).toEqual([]);
  });

  it('compares a subscription key with the server key', () => {
    const key = base64UrlToBytes('AQID');
    expect(sameKey(new Uint8Array([1, 2, 3]).buffer, key)).toBe(true);
    expect(sameKey(new Uint8Array([1, 2, 4]).buffer, key)).toBe(false);
    expect(sameKey(new Uint8Array([1, 2]).buffer, key)).toBe(false);
    expect(sameKey(null, key)).toBe(false);
  });
});

describe('owner and switch state', () => {
  const owner = { endpoint: 'https://push.example/1', userId: 'u1' };

  it('reads what was stored, ignoring anything broken', () => {
    expect(parseOwner(JSON.stringify(owner))).toEqual(owner);
    expect(parseOwner('{"endpoint":1}')).toBeNull();
    expect(parseOwner('nope')).toBeNull();
    expect(parseOwner(null)).toBeNull();
  });

  it('is on only for the account that turned it on, with permission and a subscription', () => {
    const base = { permission: 'granted' as const, endpoint: owner.endpoint, owner, userId: 'u1' };
    expect(alertsOn(base)).toBe(true);
    expect(alertsOn({ ...base, userId: 'u2' })).toBe(false);
    // Renewed by the worker after the browser replaced it: still this account's.
    expect(alertsOn({ ...base, endpoint: 'https://push.example/2' })).toBe(true);
    expect(alertsOn({ ...base, endpoint: null })).toBe(false);
    expect(alertsOn({ ...base, permission: 'default' })).toBe(false);
    expect(alertsOn({ ...base, owner: null })).toBe(false);
  });
});
