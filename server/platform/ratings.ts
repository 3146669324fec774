import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import type { doctors, hospitals, pharmacies } from '../db/schema/index.ts';

type RatedPlace = typeof doctors | typeof hospitals | typeof pharmacies;

/**
 * One more review of a place in the directory: its average (to one decimal) and count move by it, in
 * one statement, so two reviews at once both count. Reviews counted before (brought in with the
 * place, or seeded) keep their weight: nothing is recomputed from this network's rows alone.
 */
export async function addReview(tx: Tx, table: RatedPlace, id: string, rating: number): Promise<void> {
  await tx
    .update(table)
    .set({
      rating: sql`round((${table.rating} * ${table.reviewCount} + ${rating})::numeric / (${table.reviewCount} + 1), 1)`,
      reviewCount: sql`${table.reviewCount} + 1`,
    })
    .where(eq(table.id, id));
}
