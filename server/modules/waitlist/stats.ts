import { and, count, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { WAITLIST_STATUSES, type WaitlistStatus } from '../../../domain/enums.ts';
import { median } from '../../../domain/rules/waitlist.ts';
import type { WaitlistStats } from '../../../domain/schemas/waitlist.ts';
import type { Db } from '../../db/client.ts';
import { waitlistEntries, waitlistFreedSlots, waitlistOffers } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { WAITLIST_TEXTS } from './messages.ts';

/** How far back the median time to fill looks (the most recent fills). */
const FILLS_SAMPLED = 1000;

/**
 * The caller's queue, as `?hospitalId&doctorId` narrows it: a hospital its own, a doctor their own,
 * an admin any. Naming someone else's is a 404, as for any row of another tenant.
 */
function scopeOf(caller: AuthUser, query: { hospitalId?: string; doctorId?: string }) {
  const ref = caller.referenceId;
  if (caller.role === 'HOSPITAL' && (!ref || (query.hospitalId && query.hospitalId !== ref))) {
    throw notFound(WAITLIST_TEXTS.noSuchHospital);
  }
  if (caller.role === 'DOCTOR' && (!ref || (query.doctorId && query.doctorId !== ref))) {
    throw notFound(WAITLIST_TEXTS.noSuchDoctor);
  }
  const hospitalId = caller.role === 'HOSPITAL' ? ref! : query.hospitalId;
  const doctorId = caller.role === 'DOCTOR' ? ref! : query.doctorId;
  return { hospitalId, doctorId };
}

const when = (...parts: Array<SQL | undefined>) => and(...parts);

/** GET /waitlist/stats/overview: entries by status, how freed slots were filled, offers per fill, expiries. */
export async function waitlistStats(
  db: Db,
  caller: AuthUser,
  query: { hospitalId?: string; doctorId?: string },
): Promise<WaitlistStats> {
  const { hospitalId, doctorId } = scopeOf(caller, query);
  const entryWhere = when(
    hospitalId ? eq(waitlistEntries.hospitalId, hospitalId) : undefined,
    doctorId ? eq(waitlistEntries.doctorId, doctorId) : undefined,
  );
  const slotWhere = when(
    hospitalId ? eq(waitlistFreedSlots.hospitalId, hospitalId) : undefined,
    doctorId ? eq(waitlistFreedSlots.doctorId, doctorId) : undefined,
  );
  const [statuses, slots, fills, offers] = await Promise.all([
    db
      .select({ status: waitlistEntries.status, value: count() })
      .from(waitlistEntries)
      .where(entryWhere)
      .groupBy(waitlistEntries.status),
    db
      .select({ state: waitlistFreedSlots.state, value: count() })
      .from(waitlistFreedSlots)
      .where(slotWhere)
      .groupBy(waitlistFreedSlots.state),
    db
      .select({
        minutes: sql<number>`extract(epoch from ${waitlistFreedSlots.filledAt} - ${waitlistFreedSlots.freedAt}) / 60`,
      })
      .from(waitlistFreedSlots)
      .where(when(slotWhere, eq(waitlistFreedSlots.state, 'FILLED'), isNotNull(waitlistFreedSlots.filledAt)))
      .orderBy(sql`${waitlistFreedSlots.filledAt} desc`)
      .limit(FILLS_SAMPLED),
    db
      .select({ status: waitlistOffers.status, value: count() })
      .from(waitlistOffers)
      .innerJoin(waitlistFreedSlots, eq(waitlistFreedSlots.id, waitlistOffers.slotId))
      .where(when(slotWhere, inArray(waitlistOffers.status, ['HELD', 'ACCEPTED', 'DECLINED', 'LAPSED', 'WITHDRAWN'])))
      .groupBy(waitlistOffers.status),
  ]);
  const byStatus = Object.fromEntries(WAITLIST_STATUSES.map((s) => [s, 0])) as Record<WaitlistStatus, number>;
  for (const row of statuses) byStatus[row.status] = row.value;
  const freedSlots = slots.reduce((sum, row) => sum + row.value, 0);
  const filled = slots.find((row) => row.state === 'FILLED')?.value ?? 0;
  const offersOf = (status: string) => offers.find((row) => row.status === status)?.value ?? 0;
  const offersMade = offers.reduce((sum, row) => sum + row.value, 0);
  const medianMinutes = median(fills.map((row) => Number(row.minutes)));
  return {
    byStatus,
    freedSlots,
    filledFromWaitlist: filled,
    fillRate: freedSlots === 0 ? null : filled / freedSlots,
    medianMinutesToFill: medianMinutes === null ? null : Math.round(medianMinutes * 10) / 10,
    offersMade,
    offersPerFill: filled === 0 ? null : Math.round((offersMade / filled) * 100) / 100,
    offersDeclined: offersOf('DECLINED'),
    offersLapsed: offersOf('LAPSED'),
    expiredEntries: byStatus.EXPIRED,
  };
}
