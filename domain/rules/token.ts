/**
 * Client-side reading of a JWT (SPEC §5). Nothing here verifies a signature: the server does that.
 * Uses atob and TextDecoder so it runs unchanged in the browser, the service worker and Node.
 */

export type TokenPayload = Record<string, unknown>;

function decodeBase64Url(segment: string): string | null {
  // Padding is not part of base64url but some issuers add it; anything else is malformed.
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(segment)) return null;
  const base64 = segment.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The claims of a three-part token, or null when it is missing, malformed or not a JSON object. */
export function decodeTokenPayload(token: string | null | undefined): TokenPayload | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const json = decodeBase64Url(parts[1] ?? '');
  if (json === null) return null;
  try {
    const payload: unknown = JSON.parse(json);
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
    return payload as TokenPayload;
  } catch {
    return null;
  }
}

/**
 * True when the token is missing, not three dot-separated parts, undecodable, or its `exp`
 * (seconds since the epoch) is at or before `now` (milliseconds). A token without a numeric `exp`
 * also counts as expired: the server always sets one, so its absence means the token is not ours.
 */
export function isTokenExpired(token: string | null | undefined, now: number = Date.now()): boolean {
  const payload = decodeTokenPayload(token);
  if (payload === null) return true;
  const exp = payload['exp'];
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return true;
  return exp * 1000 <= now;
}
