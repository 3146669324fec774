import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  isNull,
  or,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { LISTED_RECORD_STATUS, LISTED_VERIFICATION_STATUS } from '../../domain/rules/directory.ts';
import { todayInIndia } from '../../domain/rules/time.ts';
import { pageOffset, paginationOf } from '../../domain/schemas/common.ts';
import type { Db } from '../db/client.ts';

/** The columns a directory table (hospitals, doctors, diagnostics centres, pharmacies) shares. */
export type DirectoryTable = PgTable & {
  id: PgColumn;
  name: PgColumn;
  city: PgColumn;
  state: PgColumn;
  latitude: PgColumn;
  longitude: PgColumn;
  verificationStatus: PgColumn;
  status: PgColumn;
  listedUntil: PgColumn;
};

export type DirectoryQuery = {
  searchQuery?: string | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
  maxDistanceInKm?: number | undefined;
  city?: string | undefined;
  state?: string | undefined;
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  page: number;
  limit: number;
};

/** The entry is listed in the directory (domain/rules/directory.ts), as an SQL condition on its row. */
export function listedInDirectory(
  t: Pick<DirectoryTable, 'verificationStatus' | 'status' | 'listedUntil'>,
  /** India's date today ('yyyy-mm-dd'), or the placeholder a prepared statement is given it in. */
  today: string | Placeholder = todayInIndia(),
): SQL {
  return and(
    eq(t.verificationStatus, LISTED_VERIFICATION_STATUS),
    eq(t.status, LISTED_RECORD_STATUS),
    or(isNull(t.listedUntil), gte(t.listedUntil, today)),
  ) as SQL;
}

/**
 * A list's total: the window count carried by the page's first row; past the last page there is no
 * row to carry it, so it is counted again.
 */
export async function pageTotal(
  db: Db,
  table: PgTable,
  condition: SQL | undefined,
  page: number,
  rows: readonly unknown[],
  carried: number | undefined,
): Promise<number> {
  if (rows.length > 0 || page <= 1) return carried ?? 0;
  const [counted] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(table)
    .where(condition);
  return counted?.n ?? 0;
}

const EARTH_RADIUS_KM = 6371;
const KM_PER_DEGREE_LATITUDE = 111.045;

/** Great-circle distance in km from a point (haversine). */
export function distanceKm(t: DirectoryTable, latitude: number, longitude: number): SQL<number> {
  return sql<number>`(${EARTH_RADIUS_KM} * 2 * asin(sqrt(
    power(sin(radians(${t.latitude} - ${latitude}) / 2), 2) +
    cos(radians(${latitude})) * cos(radians(${t.latitude})) * power(sin(radians(${t.longitude} - ${longitude}) / 2), 2)
  )))`;
}

const textArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** The array column holds at least one of the values. */
export const overlaps = (column: AnyColumn, values: readonly string[]) => sql`${column} && ${textArray(values)}`;

/** Like overlaps, ignoring case (free-text lists such as insurance partners). */
export const overlapsIgnoringCase = (column: AnyColumn, values: readonly string[]) =>
  sql`exists (select 1 from unnest(${column}) as v where lower(v) = any(${textArray(values.map((v) => v.toLowerCase()))}))`;

/** A case-insensitive "contains" over text columns and text-array columns. */
export function textMatch(query: string, columns: Array<AnyColumn | SQL>, arrayColumns: AnyColumn[] = []): SQL {
  const pattern = `%${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const conditions = [
    ...columns.map((c) => sql`lower(${c}) like ${pattern}`),
    // Enum values are upper-case with underscores: "heart surgery" still finds CARDIAC_SURGERY's words.
    ...arrayColumns.map(
      (c) => sql`lower(replace(array_to_string(${c}, ' '), '_', ' ')) like ${pattern.replace(/ /g, '%')}`,
    ),
  ];
  return or(...conditions) as SQL;
}

/**
 * Runs a directory search: visibility (non-admins see verified, active entries only), place, a geo
 * radius (a bounding box the index can use, then the exact distance), the kind's own filters, order
 * with a stable tie-break, and one page with the total.
 */
export async function searchDirectory<Row extends Record<string, unknown>>(options: {
  db: Db;
  table: DirectoryTable;
  query: DirectoryQuery;
  isAdmin: boolean;
  filters: Array<SQL | undefined>;
  textColumns: Array<AnyColumn | SQL>;
  textArrayColumns?: AnyColumn[];
  sortColumns: Record<string, AnyColumn | SQL>;
}): Promise<{ rows: Array<Row & { distanceKm?: number }>; total: number }> {
  const { db, table: t, query: q } = options;
  const hasPoint = q.latitude !== undefined && q.longitude !== undefined;
  const distance = hasPoint ? distanceKm(t, q.latitude as number, q.longitude as number) : undefined;

  const where: Array<SQL | undefined> = [...options.filters];
  if (!options.isAdmin) where.push(listedInDirectory(t));
  if (q.state) where.push(eq(t.state, q.state));
  if (q.city) where.push(sql`lower(${t.city}) = ${q.city.toLowerCase()}`);
  if (q.searchQuery) where.push(textMatch(q.searchQuery, options.textColumns, options.textArrayColumns));
  if (distance && q.maxDistanceInKm !== undefined) {
    const lat = q.latitude as number;
    const lon = q.longitude as number;
    const dLat = q.maxDistanceInKm / KM_PER_DEGREE_LATITUDE;
    const dLon = q.maxDistanceInKm / (KM_PER_DEGREE_LATITUDE * Math.max(Math.cos((lat * Math.PI) / 180), 0.01));
    where.push(
      sql`${t.latitude} between ${lat - dLat} and ${lat + dLat}`,
      sql`${t.longitude} between ${lon - dLon} and ${lon + dLon}`,
      sql`${distance} <= ${q.maxDistanceInKm}`,
    );
  }
  const condition = and(...where);

  const sortKey = q.sortBy === 'distance' ? distance : options.sortColumns[q.sortBy];
  const direction = q.sortOrder === 'desc' ? desc : asc;
  const order = [
    ...(sortKey ? [sql`${direction(sortKey as SQL)} nulls last`] : []),
    // Equal keys keep one order across pages.
    asc(t.id),
  ];

  const selection = {
    ...getTableColumns(t),
    ...(distance ? { distanceKm: distance } : {}),
    searchTotal: sql<number>`count(*) over ()`.mapWith(Number),
  };
  const rows = await db
    .select(selection)
    .from(t)
    .where(condition)
    .orderBy(...order)
    .limit(q.limit)
    .offset(pageOffset(q.page, q.limit));

  const total = await pageTotal(db, t, condition, q.page, rows, rows[0]?.searchTotal as number | undefined);
  return {
    rows: rows.map(({ searchTotal: _total, distanceKm: km, ...row }) => ({
      ...(row as Row),
      // A row without coordinates has no distance (not 0 km).
      ...(km === undefined || km === null ? {} : { distanceKm: Math.round(Number(km) * 100) / 100 }),
    })),
    total,
  };
}

export { paginationOf };
