/**
 * A screen's first requests, asked as soon as its code has arrived instead of once it has rendered.
 *
 * On a cold start the screen renders only after the signed-in area has mounted (the session, the
 * layout, the query client); its lists were then asked for a few hundred milliseconds after its code
 * was here, on a phone. A screen that declares what it asks for first (`withFirstQueries`) has those
 * requests sent by its route (`askFirstQueries`, from src/app/RoleScreen.tsx) into the session's query client, created early for
 * it (sessionClient.ts): when the screen mounts, its queries are already on the way, and the
 * same requests are not sent twice.
 *
 * Only a hint, like the rest of the early start (src/session/startup.ts): the user is the token's,
 * and nothing is asked offline (the device's copy answers then) or without a session.
 */
import type { QueryClient } from '@tanstack/react-query';
import { decodeTokenPayload, isTokenExpired } from '../../domain/rules/token.ts';
import { getToken } from '../session/token.ts';
import { tokenRole, tokenUserId } from '../session/startup.ts';
import type { Role } from '../../domain/enums.ts';

/** Who the session's token says is signed in (a hint: the screen decides by the loaded user). */
export type TokenSession = { userId: string; role: Role | null; referenceId: string | null };
/**
 * What a screen asks for first, given the address it is opened at: it prefetches into `client` the
 * very queries it will use (same keys), so that mounting finds them on the way.
 */
export type FirstQueries = (client: QueryClient, url: URL, session: TokenSession) => void;

const declared = new WeakMap<object, FirstQueries>();

/** Declares the queries `screen` asks for as it mounts; returns the screen. */
export function withFirstQueries<T extends object>(screen: T, queries: FirstQueries): T {
  declared.set(screen, queries);
  return screen;
}

/** The queries a screen declared, if any. */
export function firstQueriesOf(screen: object): FirstQueries | undefined {
  return declared.get(screen);
}

/**
 * Sends the first requests of `screen` opened at `url`, into the signed-in session's query client.
 * Resolves once they are on their way (never rejects: the screen asks again itself if they fail).
 */
export async function askFirstQueries(screen: object, url: URL): Promise<void> {
  const queries = declared.get(screen);
  const token = getToken();
  const userId = tokenUserId(token);
  if (!queries || !userId || isTokenExpired(token)) return;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  try {
    const { sessionQueryClient } = await import('./sessionClient.ts');
    const { client } = sessionQueryClient(userId);
    const referenceId = decodeTokenPayload(token)?.['referenceId'];
    const session = {
      userId,
      role: tokenRole(token),
      referenceId: typeof referenceId === 'string' ? referenceId : null,
    };
    queries(client, url, session);
  } catch {
    // The screen asks for its data as it mounts.
  }
}
