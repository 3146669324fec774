/** Whose session a replay runs with, and whether it still works. */
import { decodeTokenPayload, isTokenExpired } from '../../../domain/rules/token.ts';

/** The user a session token belongs to (its `sub`), or null. */
export function userIdOfToken(token: string | null | undefined): string | null {
  const sub = decodeTokenPayload(token)?.['sub'];
  return typeof sub === 'string' && sub !== '' ? sub : null;
}

/** A short fingerprint of a token (FNV-1a), so a refused session is recognised without storing it. */
export function tokenTag(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${(hash >>> 0).toString(16)}.${token.length}`;
}

export type SessionCheck =
  { ok: true; token: string; tag: string } | { ok: false; reason: 'signed-out' | 'expired' | 'other-user' };

/** Whether `token` may send `userId`'s changes: present, not expired, and that user's own. */
export function checkSession(token: string | null | undefined, userId: string, now: number): SessionCheck {
  if (!token) return { ok: false, reason: 'signed-out' };
  if (isTokenExpired(token, now)) return { ok: false, reason: 'expired' };
  if (userIdOfToken(token) !== userId) return { ok: false, reason: 'other-user' };
  return { ok: true, token, tag: tokenTag(token) };
}

export const SESSION_MESSAGES: Record<Exclude<SessionCheck, { ok: true }>['reason'], string> = {
  'signed-out': 'Sign in again to send this change.',
  expired: 'Your session has expired. Sign in again to send this change.',
  'other-user': 'Sign in to the account that made this change to send it.',
};
