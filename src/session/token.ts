/** The session token lives in the `jwtToken` cookie (SPEC §9): 7 days, SameSite=Strict, path /, Secure. */
export const TOKEN_COOKIE = 'jwtToken';
const SEVEN_DAYS_S = 7 * 24 * 60 * 60;

// Browsers drop Secure cookies on plain http except on localhost; a LAN deployment on http still works.
const secureFlag = () =>
  typeof location !== 'undefined' && (location.protocol === 'https:' || location.hostname === 'localhost')
    ? '; Secure'
    : '';

export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) return decodeURIComponent(trimmed.slice(prefix.length));
  }
  return null;
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number, path = '/') {
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=${path}; SameSite=Strict${secureFlag()}`;
}

export function deleteCookie(name: string, path = '/') {
  document.cookie = `${name}=; Max-Age=0; Path=${path}; SameSite=Strict${secureFlag()}`;
}

export const getToken = () => readCookie(TOKEN_COOKIE);
export const storeToken = (token: string) => writeCookie(TOKEN_COOKIE, token, SEVEN_DAYS_S);
export const clearToken = () => deleteCookie(TOKEN_COOKIE);
