/**
 * What a signed-in start can ask for before React has rendered anything. The router first fetches
 * every chunk of the matched routes (the signed-in area, the screen) and only then mounts the session;
 * asking the server who the token belongs to as the main module runs puts that round trip beside
 * those downloads instead of after them. The answer is handled exactly as one asked later would be
 * (AuthProvider): only the request starts earlier.
 */
import { decodeTokenPayload, isTokenExpired } from '../../domain/rules/token.ts';
import type { Role } from '../../domain/enums.ts';
import type { User } from '../../domain/schemas/accounts.ts';
import { getNow } from '../api/http.ts';
import { holdForFirstScreen } from './firstScreen.ts';
import { getToken } from './token.ts';

/** accountsApi.userDetails's path: the same request, sent before ky has been set up. */
const USER_DETAILS = '/users/user-details';

type EarlyAnswer = { token: string; answer: Promise<{ data: User }> };

let early: EarlyAnswer | null = null;

/**
 * Starts `GET /users/user-details` for the token in the cookie, if there is one still valid, and holds
 * what can wait until the signed-in first screen is on screen.
 */
export function askForUserEarly(): void {
  const token = getToken();
  if (!token || isTokenExpired(token)) return;
  const answer = getNow<{ data: User }>(USER_DETAILS);
  // Whoever takes it handles the failure; one never taken must not be reported as unhandled.
  answer.catch(() => undefined);
  early = { token, answer };
  // What the first screen does not need waits until it is on screen (firstScreen.ts).
  holdForFirstScreen();
}

/** The answer started early for this token, once (a later load asks again); null when none was. */
export function takeEarlyUserAnswer(token: string): Promise<{ data: User }> | null {
  if (!early || early.token !== token) return null;
  const { answer } = early;
  early = null;
  return answer;
}

/**
 * The role the session's token was issued for (signed by the server; the role of an account does not
 * change). Only a hint for what to download first: what is shown is decided by the loaded user.
 */
export function tokenRole(token: string | null = getToken()): Role | null {
  const role = decodeTokenPayload(token)?.['role'];
  return typeof role === 'string' ? (role as Role) : null;
}
