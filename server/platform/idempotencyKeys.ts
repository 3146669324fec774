import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import type { Job } from './jobs.ts';

/** The stored Idempotency-Keys: what a device may ask of them, and how long they are kept. */

/** Answers are kept at least this long (issue: 48 hours), then swept. */
export const IDEMPOTENCY_RETENTION_MS = 72 * 60 * 60 * 1000;
/** Separates this lock's keys from the other advisory locks (jobs, doctors' slots). */
export const KEY_LOCK_SPACE = 7_342_003;

/**
 * What the server holds of a user's keys: how a device that lost its queue learns what was applied.
 * A key whose request is being handled right now (its transaction holds the key's lock, nothing of it
 * is committed yet) is reported IN_PROGRESS, never as unknown: the device must not make it again.
 */
export async function lookupKeys(db: Db, userId: string, keys: string[]) {
  if (keys.length === 0) return [];
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        key: idempotencyKeys.key,
        method: idempotencyKeys.method,
        path: idempotencyKeys.path,
        status: idempotencyKeys.status,
        createdAt: idempotencyKeys.createdAt,
        completedAt: idempotencyKeys.completedAt,
      })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), inArray(idempotencyKeys.key, keys)));
    const found = new Set(rows.map((row) => row.key));
    const unknown = [...new Set(keys.filter((key) => !found.has(key)))];
    const running =
      unknown.length === 0
        ? []
        : rowsOf<{ key: string; free: boolean }>(
            await tx.execute(
              sql`select k as key, pg_try_advisory_xact_lock(${KEY_LOCK_SPACE}, hashtext(${userId} || ':' || k)) as free
                  from unnest(array[${sql.join(
                    unknown.map((key) => sql`${key}`),
                    sql`, `,
                  )}]::text[]) as k`,
            ),
          ).filter((probe) => !probe.free);
    return [
      ...rows.map((row) => ({
        key: row.key,
        state: row.status === null ? ('IN_PROGRESS' as const) : ('COMPLETED' as const),
        method: row.method,
        path: row.path,
        status: row.status,
        receivedAt: row.createdAt.toISOString(),
        completedAt: row.completedAt ? row.completedAt.toISOString() : null,
      })),
      ...running.map((probe) => ({
        key: probe.key,
        state: 'IN_PROGRESS' as const,
        method: null,
        path: null,
        status: null,
        receivedAt: null,
        completedAt: null,
      })),
    ];
  });
}

export function idempotencySweepJob(): Job {
  return {
    name: 'idempotency.sweep',
    everyMs: 60 * 60_000,
    async run(tx) {
      await tx
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_RETENTION_MS)));
    },
  };
}
