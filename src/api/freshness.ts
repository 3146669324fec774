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
