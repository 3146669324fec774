import { getTableColumns, getTableName, sql, type Column } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';
import {
  diagnosticsCentres,
  doctors,
  hospitalDepartments,
  hospitalEmergencyContacts,
  hospitals,
  medicalHistory,
  patients,
  pharmacies,
  pharmacists,
} from '../schema/index.ts';
import { directoryBatches, type DirectoryKind, type DirectoryOptions } from './directory.ts';
import type { DemoNetwork } from './network.ts';

type Writer = Pick<Db, 'execute'>;
/** What both drivers answer raw SQL with. */
type RawRows = { rows: unknown[] };

const ROWS_PER_STATEMENT = 1000;

/**
 * Bulk insert: each statement sends its rows as one JSON parameter that PostgreSQL unpacks with
 * jsonb_populate_recordset, several times faster than binding every value (drizzle's multi-row insert
 * spends most of its time building the statement). Every row of a call must carry the same columns.
 */
export async function insertInBatches<T extends PgTable>(db: Writer, table: T, rows: Array<T['$inferInsert']>) {
  if (rows.length === 0) return;
  const known = getTableColumns(table) as Record<string, Column>;
  const keys = Object.keys(rows[0] as object);
  const columns = keys.map((key) => {
    const column = known[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return { key, name: column.keyAsName ? toSnakeCase(key) : column.name };
  });
  const list = sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(i, i + ROWS_PER_STATEMENT).map((row) => {
      const record = row as Record<string, unknown>;
      if (Object.keys(record).length !== keys.length || keys.some((key) => !(key in record))) {
        throw new Error(`rows for ${getTableName(table)} differ in columns`);
      }
      const out: Record<string, unknown> = {};
      // Dates become ISO strings, arrays JSON arrays (PostgreSQL turns them into text[]), jsonb stays JSON.
      for (const { key, name } of columns) out[name] = record[key];
      return out;
    });
    await db.execute(
      sql`insert into ${table} (${list}) select ${list} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(chunk)}::jsonb)`,
    );
  }
}

/** Writes the network parents first (a department needs its hospital). */
export async function insertDemoNetwork(db: Writer, network: DemoNetwork) {
  await insertInBatches(db, hospitals, network.hospitals);
  await insertInBatches(db, hospitalDepartments, network.hospitalDepartments);
  await insertInBatches(db, hospitalEmergencyContacts, network.hospitalEmergencyContacts);
  await insertInBatches(db, doctors, network.doctors);
  await insertInBatches(db, diagnosticsCentres, network.diagnosticsCentres);
  await insertInBatches(db, pharmacies, network.pharmacies);
  await insertInBatches(db, pharmacists, network.pharmacists);
  await insertInBatches(db, patients, network.patients);
  await insertInBatches(db, medicalHistory, network.medicalHistory);
}

const DIRECTORY_TABLES = { hospitals, doctors, diagnosticsCentres, pharmacies } as const;

export type FillProgress = { kind: DirectoryKind; inserted: number; total: number; elapsedMs: number };

/**
 * Generates `count` organisations into the database in batches and refreshes the planner's
 * statistics afterwards, as a database that grew to this size would have them.
 */
export async function fillDirectory(
  db: Db,
  options: Omit<DirectoryOptions, 'existingSlugs'> & { onProgress?: (progress: FillProgress) => void },
): Promise<Record<DirectoryKind, number>> {
  const started = performance.now();
  const existingSlugs = (await db.select({ slug: doctors.slug }).from(doctors)).map((row) => row.slug);
  const inserted: Record<DirectoryKind, number> = { hospitals: 0, doctors: 0, diagnosticsCentres: 0, pharmacies: 0 };
  let total = 0;
  let first = true;
  for (const batch of directoryBatches({ ...options, existingSlugs })) {
    const table = DIRECTORY_TABLES[batch.kind] as PgTable;
    if (first) {
      first = false;
      const clash = (await db.execute(sql`select 1 from ${table} where id = ${batch.rows[0]?.id ?? null}`)) as RawRows;
      if (clash.rows.length > 0) {
        throw new Error(`this database already holds the directory of seed "${options.seed}"; choose another seed`);
      }
    }
    await insertInBatches(db, table, batch.rows as Array<PgTable['$inferInsert']>);
    inserted[batch.kind] += batch.rows.length;
    total += batch.rows.length;
    options.onProgress?.({
      kind: batch.kind,
      inserted: total,
      total: options.count,
      elapsedMs: performance.now() - started,
    });
  }
  await db.execute(sql`analyze hospitals, doctors, diagnostics_centres, pharmacies`);
  return inserted;
}
