import { AsyncLocalStorage } from 'node:async_hooks';
import type { SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';

/**
 * A unit of work: one transaction that a whole request runs in (an idempotent request's change and
 * its stored answer commit together, or neither does). Code inside it reaches the transaction
 * through the scoped database without being handed it; effects that other people would see
 * (socket events, pushes) wait for the commit and are dropped on a rollback.
 */
export type Unit = {
  state: 'open' | 'closing' | 'committed' | 'rolledBack';
  tx: Db | null;
  effects: Array<Effect>;
};

/**
 * What runs once the unit commits. One that returns a promise (an ended session dropped from every
 * instance's cache) is waited for before the unit's caller goes on, so the answer never precedes it.
 */
export type Effect = () => void | Promise<void>;

const units = new AsyncLocalStorage<Unit>();

function currentTx(): Db | null {
  const unit = units.getStore();
  return unit?.state === 'open' ? unit.tx : null;
}

/** Whether code here runs inside an open unit of work (its reads and writes go to that transaction). */
export function insideUnit(): boolean {
  return currentTx() !== null;
}

/**
 * The database as the current unit of work sees it: its transaction while one is open here, the
 * pool (or the embedded database) everywhere else. Services keep this one object for their life.
 */
export function scopedDb(base: Db): Db {
  return new Proxy(base, {
    get(target, property) {
      const source = currentTx() ?? target;
      const value = Reflect.get(source, property, source) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(source) : value;
    },
  });
}

/**
 * Runs `effect` once the current unit of work commits (never if it rolls back). Outside a unit it
 * runs at once and a promise it returns is not waited for: code that needs it done awaits it itself,
 * as `accountChanged` does.
 */
export function afterCommit(effect: Effect): void {
  const unit = units.getStore();
  if (unit && (unit.state === 'open' || unit.state === 'closing')) unit.effects.push(effect);
  else void effect();
}

/**
 * A statement prepared once, on the pool, and sent at each call over the connection of the
 * transaction `within`, or else of the unit of work open there (the pool's outside one). drizzle
 * ties a prepared statement to the session it was prepared on, and preparing it again for each
 * transaction builds its SQL again (about 1 ms of CPU a booking); its text, parameters and result
 * mapping are the same on any connection. It relies on
 * one detail of drizzle's prepared queries (node-postgres and PGlite alike): they send through
 * their `client`, the session's; the API suite runs the units' statements on both.
 */
export function preparedOnce<Q extends object>(prepare: () => Q): (within?: Db) => Q {
  let prepared: Q | undefined;
  return (within) => {
    // Outside the unit, so the scoped database prepares it on the pool.
    prepared ??= units.exit(prepare);
    const tx = within ?? currentTx();
    if (!tx) return prepared;
    const { client } = (tx as unknown as { session: { client: unknown } }).session;
    if (!client || !('client' in prepared)) throw new Error('preparedOnce: not a drizzle prepared query');
    return Object.assign(Object.create(Object.getPrototypeOf(prepared) as object) as Q, prepared, { client });
  };
}

/**
 * A raw SQL statement (with `sql.placeholder`s for what changes between calls) built once and
 * prepared by name, sent as `preparedOnce` sends: over `within`, the open unit's connection, or the
 * pool's. Building a `sql` template again for every call walks every chunk and escapes every
 * name; for a statement a booking sends, that was a third of drizzle's share of its CPU.
 */
export function preparedSql<Row>(
  db: Db,
  name: string,
  query: SQL,
): (params: Record<string, unknown>, within?: Db) => Promise<Row[]> {
  const statement = preparedOnce(() =>
    // `execute` builds the query without sending it (that waits for `then`); the session prepares it by name.
    db._.session.prepareQuery(db.execute(query).getQuery(), undefined, name, false),
  );
  return async (params, within) => rowsOf<Row>(await statement(within).execute(params));
}

/**
 * Opens a transaction on `base` and runs `work` inside it as the current unit of work. Effects
 * queued meanwhile run after the commit, outside the transaction.
 */
export async function inUnitOfWork<T>(
  base: Db,
  work: (tx: Db, unit: Unit) => Promise<T>,
  onEffectError: (error: unknown) => void = () => undefined,
): Promise<T> {
  const unit: Unit = { state: 'open', tx: null, effects: [] };
  let result: T;
  try {
    result = await base.transaction(async (tx) => {
      unit.tx = tx as unknown as Db;
      try {
        return await units.run(unit, () => work(tx as unknown as Db, unit));
      } finally {
        // From here on the transaction only commits or rolls back: late queries go to the pool.
        unit.state = 'closing';
      }
    });
  } catch (error) {
    unit.state = 'rolledBack';
    unit.effects = [];
    throw error;
  } finally {
    unit.tx = null;
  }
  unit.state = 'committed';
  const effects = unit.effects;
  unit.effects = [];
  const pending: Array<Promise<void>> = [];
  for (const effect of effects) {
    try {
      const done: unknown = effect();
      if (done instanceof Promise) pending.push(done.catch(onEffectError));
    } catch (error) {
      // An effect (a socket event, a push) failing must not undo what has been committed.
      onEffectError(error);
    }
  }
  await Promise.all(pending);
  return result;
}
