import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { pgTable, integer } from 'drizzle-orm/pg-core';
import { openDatabase, rowsOf, type Database } from '../db/client.ts';
import { afterCommit, inUnitOfWork, preparedOnce, preparedSql, scopedDb } from './unitOfWork.ts';

let database: Database;

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  await database.db.execute(sql`create table unit_probe (id int primary key)`);
}, 60_000);
afterAll(() => database?.close());

async function ids(): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(await database.db.execute(sql`select id from unit_probe order by id`));
  return rows.map((row) => row.id);
}

describe('unit of work', () => {
  it('sends what services write through the scoped database into the open transaction', async () => {
    const db = scopedDb(database.db);
    const seen: number[][] = [];
    await expect(
      inUnitOfWork(database.db, async () => {
        await db.execute(sql`insert into unit_probe values (1)`);
        // A nested transaction of a service becomes a savepoint of the unit's transaction.
        await db.transaction(async (tx) => {
          await tx.execute(sql`insert into unit_probe values (2)`);
        });
        seen.push(
          rowsOf<{ id: number }>(await db.execute(sql`select id from unit_probe order by id`)).map((r) => r.id),
        );
        throw new Error('the route failed');
      }),
    ).rejects.toThrow('the route failed');
    expect(seen).toEqual([[1, 2]]);
    // Both writes went with the rollback: they were in the unit's transaction, not beside it.
    expect(await ids()).toEqual([]);
  });

  it('runs effects after the commit, in order, and drops them on a rollback', async () => {
    const db = scopedDb(database.db);
    const log: string[] = [];
    await inUnitOfWork(database.db, async () => {
      await db.execute(sql`insert into unit_probe values (10)`);
      afterCommit(() => void log.push('first'));
      afterCommit(() => void log.push('second'));
      log.push('work done');
    });
    expect(log).toEqual(['work done', 'first', 'second']);
    expect(await ids()).toEqual([10]);

    await inUnitOfWork(database.db, async () => {
      afterCommit(() => void log.push('never'));
      throw new Error('rolled back');
    }).catch(() => undefined);
    expect(log).not.toContain('never');

    // Outside a unit an effect runs at once.
    afterCommit(() => void log.push('now'));
    expect(log.at(-1)).toBe('now');
  });

  it('waits for an effect that returns a promise before the unit returns, and reports its failure', async () => {
    const log: string[] = [];
    const failures: unknown[] = [];
    await inUnitOfWork(
      database.db,
      async (tx) => {
        await tx.execute(sql`insert into unit_probe values (25)`);
        afterCommit(async () => {
          await new Promise((resolve) => setTimeout(resolve, 30));
          log.push('every instance has forgotten');
        });
        afterCommit(() => Promise.reject(new Error('redis gone')));
        afterCommit(() => void log.push('emitted'));
      },
      (error) => failures.push(error),
    );
    log.push('answered');
    expect(log).toEqual(['emitted', 'every instance has forgotten', 'answered']);
    expect(failures).toEqual([new Error('redis gone')]);
  });

  it('prepares a statement once and sends it over the open unit’s transaction, the pool’s outside one', async () => {
    const db = scopedDb(database.db);
    const probe = pgTable('unit_probe', { id: integer('id').primaryKey() });
    let prepared = 0;
    const atLeast = preparedOnce(() => {
      prepared++;
      return db
        .select({ id: probe.id })
        .from(probe)
        .where(sql`${probe.id} >= ${sql.placeholder('from')}`)
        .orderBy(probe.id)
        .prepare('unit_probe_from');
    });
    expect(await atLeast().execute({ from: 40 })).toEqual([]);
    await inUnitOfWork(database.db, async () => {
      await db.execute(sql`insert into unit_probe values (40)`);
      // The uncommitted row is seen: the statement went over the transaction's connection (on the
      // embedded database, one sent beside the open transaction would wait for it to end).
      expect(await atLeast().execute({ from: 40 })).toEqual([{ id: 40 }]);
      throw new Error('roll it back');
    }).catch(() => undefined);
    expect(await atLeast().execute({ from: 40 })).toEqual([]);
    expect(prepared).toBe(1);
  });

  it('builds a raw statement once and sends it over the open unit, a given transaction or the pool', async () => {
    const db = scopedDb(database.db);
    let built = 0;
    const from = sql.placeholder('from');
    const query = sql`select id from unit_probe where id >= ${from}::int and id < ${from}::int + 10 order by id`;
    const getSQL = query.getSQL.bind(query);
    query.getSQL = () => {
      built++;
      return getSQL();
    };
    const between = preparedSql<{ id: number }>(db, 'unit_probe_between', query);
    const outsideTheUnit = AsyncLocalStorage.snapshot();
    expect(await between({ from: 50 })).toEqual([]);
    await inUnitOfWork(database.db, async (_tx, unit) => {
      await db.execute(sql`insert into unit_probe values (51)`);
      // Inside the unit, and with its transaction named (as a hook that runs outside the unit's scope does).
      expect(await between({ from: 50 })).toEqual([{ id: 51 }]);
      expect(await outsideTheUnit(() => between({ from: 50 }, unit.tx!))).toEqual([{ id: 51 }]);
      throw new Error('roll it back');
    }).catch(() => undefined);
    expect(await between({ from: 50 })).toEqual([]);
    expect(built).toBe(1);
  });

  it('reports an effect that fails without undoing the commit', async () => {
    const failures: unknown[] = [];
    await inUnitOfWork(
      database.db,
      async (tx) => {
        await tx.execute(sql`insert into unit_probe values (20)`);
        afterCommit(() => {
          throw new Error('socket gone');
        });
      },
      (error) => failures.push(error),
    );
    expect(failures).toEqual([new Error('socket gone')]);
    expect(await ids()).toContain(20);
  });

  it('uses the pool again for work that outlives the unit (a push sent after the answer)', async () => {
    const db = scopedDb(database.db);
    let later: Promise<number[]> | undefined;
    await inUnitOfWork(database.db, async () => {
      await db.execute(sql`insert into unit_probe values (30)`);
      later = new Promise<void>((resolve) => setTimeout(resolve, 20)).then(async () =>
        rowsOf<{ id: number }>(await db.execute(sql`select id from unit_probe where id = 30`)).map((r) => r.id),
      );
    });
    expect(await later).toEqual([30]);
  });
});
