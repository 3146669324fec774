import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { INDIAN_STATES } from '../../../domain/enums.ts';
import { DIRECTORY_KINDS, directoryBatches, directorySplit, type DirectoryBatch } from './directory.ts';
import { networkProblems } from './validation.ts';

const collect = (seed: string, count: number, batchSize = 500, existingSlugs: string[] = []) => [
  ...directoryBatches({ seed, count, batchSize, existingSlugs }),
];
type RowsOf = { [B in DirectoryBatch as B['kind']]: B['rows'] };
const digest = (batches: DirectoryBatch[]) => createHash('sha256').update(JSON.stringify(batches)).digest('hex');

describe('directorySplit', () => {
  it('splits any count exactly, doctors first, then pharmacies, hospitals and diagnostics centres', () => {
    for (const count of [1, 7, 999, 50_000]) {
      const split = directorySplit(count);
      expect(Object.values(split).reduce((a, b) => a + b, 0)).toBe(count);
    }
    expect(directorySplit(50_000)).toEqual({
      hospitals: 10_000,
      doctors: 20_000,
      diagnosticsCentres: 7_500,
      pharmacies: 12_500,
    });
  });
});

describe('directoryBatches', () => {
  const batches = collect('unit', 4_000);
  const rowsOf = <K extends DirectoryBatch['kind']>(kind: K): RowsOf[K] => {
    const rows: unknown[] = [];
    for (const batch of batches) if (batch.kind === kind) rows.push(...batch.rows);
    return rows as RowsOf[K];
  };

  it('is deterministic for a seed and different for another', () => {
    expect(digest(collect('unit', 4_000))).toBe(digest(batches));
    expect(digest(collect('other', 4_000))).not.toBe(digest(batches));
  });

  it('yields the split in batches of at most batchSize, hospitals before the doctors who work there', () => {
    const split = directorySplit(4_000);
    for (const kind of DIRECTORY_KINDS) expect(rowsOf(kind)).toHaveLength(split[kind]);
    for (const batch of batches) expect(batch.rows.length).toBeLessThanOrEqual(500);
    expect(batches.map((b) => b.kind)).toEqual(
      [...batches.map((b) => b.kind)].sort((a, b) => DIRECTORY_KINDS.indexOf(a) - DIRECTORY_KINDS.indexOf(b)),
    );
    const hospitals = new Set(rowsOf('hospitals').map((h) => h.id));
    const practising = rowsOf('doctors').filter((d) => d.hospitalId);
    expect(practising.length).toBeGreaterThan(0);
    for (const doctor of practising) expect(hospitals.has(doctor.hospitalId!)).toBe(true);
  });

  it('covers every state and gives unique ids and slugs, never one the database already has', () => {
    for (const kind of DIRECTORY_KINDS) {
      expect(new Set(rowsOf(kind).map((r) => r.state))).toEqual(new Set(INDIAN_STATES));
    }
    const ids = batches.flatMap((b) => b.rows.map((r) => r.id));
    expect(new Set(ids).size).toBe(ids.length);
    const taken = rowsOf('doctors').map((d) => d.slug);
    expect(new Set(taken).size).toBe(taken.length);
    const again = collect('unit', 4_000, 500, taken).flatMap((b) => (b.kind === 'doctors' ? b.rows : []));
    for (const doctor of again) expect(taken).not.toContain(doctor.slug);
  });

  it('makes rows the API accepts as they are', () => {
    expect(
      networkProblems({
        hospitals: rowsOf('hospitals'),
        doctors: rowsOf('doctors'),
        diagnosticsCentres: rowsOf('diagnosticsCentres'),
        pharmacies: rowsOf('pharmacies'),
      }),
    ).toEqual([]);
  });
});
