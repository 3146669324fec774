import { describe, it, expect } from 'vitest';
import { decodeTokenPayload, isTokenExpired } from './token.ts';

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function tokenWith(payload: unknown): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.c2lnbmF0dXJl`;
}

const NOW = Date.UTC(2024, 0, 5, 10, 30);
const NOW_SECONDS = NOW / 1000;

describe('decodeTokenPayload', () => {
  it('returns the claims of a well-formed token', () => {
    const claims = { sub: 'user-1', role: 'DOCTOR', exp: NOW_SECONDS + 60 };
    expect(decodeTokenPayload(tokenWith(claims))).toEqual(claims);
  });

  it('decodes UTF-8 claims and base64url characters', () => {
    const claims = { name: 'Dr. Ananya Rao — कार्डियोलॉजी', note: '??>>' };
    const token = tokenWith(claims);
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(decodeTokenPayload(token)).toEqual(claims);
  });

  it('returns null for a missing token', () => {
    expect(decodeTokenPayload(null)).toBeNull();
    expect(decodeTokenPayload(undefined)).toBeNull();
    expect(decodeTokenPayload('')).toBeNull();
  });

  it('returns null unless there are exactly three parts', () => {
    const [header, payload] = tokenWith({ exp: NOW_SECONDS + 60 }).split('.');
    expect(decodeTokenPayload(`${header}.${payload}`)).toBeNull();
    expect(decodeTokenPayload(`${header}.${payload}.sig.extra`)).toBeNull();
    expect(decodeTokenPayload('opaque-session-id')).toBeNull();
  });

  it('returns null when the payload is not base64url JSON', () => {
    expect(decodeTokenPayload('a.!!!.c')).toBeNull();
    expect(decodeTokenPayload('a..c')).toBeNull();
    expect(decodeTokenPayload(`a.${base64Url('not json')}.c`)).toBeNull();
    expect(decodeTokenPayload('a.A.c')).toBeNull();
  });

  it('accepts a padded payload', () => {
    const payload = btoa(JSON.stringify({ exp: 12 }));
    expect(payload).toMatch(/=$/);
    expect(decodeTokenPayload(`a.${payload}.c`)).toEqual({ exp: 12 });
  });

  it('returns null when the payload is not valid UTF-8', () => {
    expect(decodeTokenPayload(`a.${btoa('\xff\xfe').replace(/=+$/, '')}.c`)).toBeNull();
  });

  it('returns null when the payload is JSON but not an object', () => {
    expect(decodeTokenPayload(tokenWith([1, 2]))).toBeNull();
    expect(decodeTokenPayload(tokenWith(null))).toBeNull();
    expect(decodeTokenPayload(tokenWith(42))).toBeNull();
    expect(decodeTokenPayload(tokenWith('exp'))).toBeNull();
  });
});

describe('isTokenExpired', () => {
  it('treats a missing token as expired', () => {
    expect(isTokenExpired(null, NOW)).toBe(true);
    expect(isTokenExpired(undefined, NOW)).toBe(true);
    expect(isTokenExpired('', NOW)).toBe(true);
  });

  it('treats a token not made of three parts as expired', () => {
    expect(isTokenExpired('only.two', NOW)).toBe(true);
    expect(isTokenExpired('a.b.c.d', NOW)).toBe(true);
  });

  it('treats an undecodable token as expired', () => {
    expect(isTokenExpired('header.%%%.signature', NOW)).toBe(true);
    expect(isTokenExpired(`a.${base64Url('{"exp":')}.c`, NOW)).toBe(true);
  });

  it('is valid before its exp claim', () => {
    expect(isTokenExpired(tokenWith({ exp: NOW_SECONDS + 1 }), NOW)).toBe(false);
    expect(isTokenExpired(tokenWith({ exp: NOW_SECONDS + 7 * 24 * 3600 }), NOW)).toBe(false);
  });

  it('is expired at and after its exp claim', () => {
    expect(isTokenExpired(tokenWith({ exp: NOW_SECONDS }), NOW)).toBe(true);
    expect(isTokenExpired(tokenWith({ exp: NOW_SECONDS - 1 }), NOW)).toBe(true);
  });

  it('compares exp in seconds with now in milliseconds', () => {
    const token = tokenWith({ exp: NOW_SECONDS + 0.5 });
    expect(isTokenExpired(token, NOW + 499)).toBe(false);
    expect(isTokenExpired(token, NOW + 500)).toBe(true);
  });

  it('treats a token without a numeric exp claim as expired', () => {
    expect(isTokenExpired(tokenWith({ sub: 'user-1' }), NOW)).toBe(true);
    expect(isTokenExpired(tokenWith({ exp: String(NOW_SECONDS + 60) }), NOW)).toBe(true);
    expect(isTokenExpired(tokenWith({ exp: null }), NOW)).toBe(true);
  });

  it('uses the current time by default', () => {
    const inAnHour = Math.floor(Date.now() / 1000) + 3600;
    expect(isTokenExpired(tokenWith({ exp: inAnHour }))).toBe(false);
    expect(isTokenExpired(tokenWith({ exp: 1 }))).toBe(true);
  });
});
