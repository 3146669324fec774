import type { QueryKey } from '@tanstack/react-query';

const MINUTE = 60_000;

/**
 * How long a cached answer counts as fresh (SPEC §9): notification or realtime data 30 s, keys about
 * the user 5 min, config or static data 1 h, everything else 30 min.
 */
export function freshnessFor(queryKey: QueryKey): number {
  const words = queryKey.filter((part): part is string => typeof part === 'string').map((part) => part.toLowerCase());
  const has = (needle: string) => words.some((word) => word.includes(needle));
  if (has('notification') || has('realtime')) return 30_000;
  if (has('user')) return 5 * MINUTE;
  if (has('config') || has('static')) return 60 * MINUTE;
  return 30 * MINUTE;
}

const DAY = 24 * 60 * MINUTE;

/** A session's length: nothing persisted is kept longer than this (src/offline/persist.ts). */
export const KEPT_FOR_SESSION = 7 * DAY;

/**
 * How long an answer is kept on the device for offline use, counted from when it was fetched (DESIGN
 * "Offline-first"). Freshness above decides when an answer is fetched again; this decides when it is
 * forgotten, so a stale answer still shows offline, marked "Offline — last updated {time}".
 *
 * | Query                                                           | Kept offline          |
 * | --------------------------------------------------------------- | --------------------- |
 * | the user's profile, medical records (documents, history)        | the session (7 days)  |
 * | appointments: lists, details, their conversations               | the session (7 days)  |
 * | verification: own checklist and versions, admin queue and pages | the session (7 days)  |
 * | diagnostic orders: lists, details, the collector's round,       | the session (7 days)  |
 * | reports, statistics; a centre's catalogue                       |                       |
 * | provider pages opened (a doctor, a hospital, …), patient lists  | the session (7 days)  |
 * | affiliations: lists, expiring soon, details, performance, the   | the session (7 days)  |
 * | hospital's dashboard (a commission calculation: never written)  |                       |
 * | directory search results (doctors, hospitals, diagnostics, …)   | 1 day                 |
 * | notifications                                                   | 3 days                |
 * | files, images and secrets (`meta: { persist: false }`)          | never written         |
 * | (a verification document's files included)                      |                       |
 *
 * Anything not listed is kept for the session. A new area's queries find their row here.
 */
export function keptOfflineFor(queryKey: QueryKey): number {
  const [area, part] = queryKey;
  if (area === 'notifications') return 3 * DAY;
  if (part === 'search') return DAY;
  return KEPT_FOR_SESSION;
}
