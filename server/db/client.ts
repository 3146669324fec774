import { fileURLToPath } from 'node:url';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * The query builders and raw SQL; no relational query API (`db.query`), which nothing uses: without
 * a schema, the handle drizzle makes for every transaction does not build one for each table.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** The handle a transaction's callback receives. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DatabaseKind = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  kind: DatabaseKind;
  /** True when the database answers within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
  /** Embedded only: the whole database as one dump, to start copies from (`loadDataDir`). */
  dump?(): Promise<Blob>;
};

/** The rows of a raw `db.execute(sql…)`: node-postgres and PGlite answer `{ rows }`, others an array. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  | {
      kind: 'pglite';
      dataDir: string | 'memory://';
      /** A dump (`PGlite.dumpDataDir`) to start from instead of an empty database; migrations still run. */
      loadDataDir?: Blob;
    };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Any constant works; it only has to be the same for every instance migrating one database.
const MIGRATION_LOCK_ID = 7_342_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres'
    ? openPostgres(options.url, options.maxConnections)
    : openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  // The appointments' no-double-booking constraint needs btree_gist (a contrib module on PostgreSQL).
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (dataDir !== 'memory://') await mkdir(path.dirname(dataDir), { recursive: true });
  const client = new PGlite(dataDir, { extensions: { btree_gist }, ...(loadDataDir ? { loadDataDir } : {}) });
  await client.waitReady;
  const db = drizzle({ client, casing: 'snake_case' });
  await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: (timeoutMs) => pingWith(db as unknown as Db, timeoutMs),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

async function openPostgres(url: string, maxConnections = 10): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url, max: maxConnections, connectionTimeoutMillis: 10_000 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const lockClient = await pool.connect();
  try {
    // Several instances may start together: one migrates, the others wait and find nothing to do.
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle({ client: lockClient, casing: 'snake_case' }), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    lockClient.release();
  }
  const db = drizzle({ client: pool, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    ping: (timeoutMs) => pingWith(db as unknown as Db, timeoutMs),
    close: () => pool.end(),
  };
}

async function pingWith(db: Db, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
