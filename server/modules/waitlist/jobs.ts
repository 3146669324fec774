import { and, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { todayInIndia } from '../../../domain/rules/time.ts';
import { OFFER_CUTOFF_MINUTES, WAITLIST_WORKFLOW } from '../../../domain/rules/waitlist.ts';
import { waitlistEntries, waitlistFreedSlots, waitlistOffers } from '../../db/schema/index.ts';
import type { Job } from '../../platform/jobs.ts';
import { recordHistory } from '../../platform/workflow.ts';
import type { OfferEngine } from './offers.ts';

const SYSTEM = { userId: null, role: 'SYSTEM' };
const DATES_PASSED = 'The preferred dates passed without a time that suited.';
const RAN_OUT = 'The offer ran out; the place in the queue is kept.';

/**
 * The waitlist's clock, every 30 seconds: holds that ran out pass to the next patient (the one who let
 * it run out keeps their place), entries whose dates have passed expire, offers held back by the quiet
 * hours go out in the morning, and open freed slots are tried again (a patient may have joined since).
 */
export function waitlistOffersJob(engine: OfferEngine): Job {
  return {
    name: 'waitlist.offers',
    everyMs: 30_000,
    async run(tx) {
      const now = new Date();
      // Holds that ran out.
      const ranOut = await tx
        .select({ id: waitlistOffers.id })
        .from(waitlistOffers)
        .where(and(eq(waitlistOffers.status, 'HELD'), lte(waitlistOffers.expiresAt, now)))
        .for('update');
      const lapsed = await engine.release(
        tx,
        ranOut.map((o) => o.id),
        'LAPSED',
        'OPEN',
        now,
      );
      const backToWaiting = lapsed.length
        ? await tx
            .update(waitlistEntries)
            .set({ status: 'ACTIVE', updatedAt: now })
            .where(
              and(
                inArray(
                  waitlistEntries.id,
                  lapsed.map((o) => o.entryId),
                ),
                eq(waitlistEntries.status, 'NOTIFIED'),
              ),
            )
            .returning()
        : [];
      await recordHistory(
        tx,
        WAITLIST_WORKFLOW.name,
        backToWaiting.map((entry) => ({
          entityId: entry.id,
          action: 'LAPSE',
          actor: SYSTEM,
          from: 'NOTIFIED',
          to: 'ACTIVE',
          reason: RAN_OUT,
        })),
      );

      // Entries whose preferred dates have passed.
      const expired = await tx
        .update(waitlistEntries)
        .set({ status: 'EXPIRED', statusReason: DATES_PASSED, updatedAt: now })
        .where(
          and(
            inArray(waitlistEntries.status, ['ACTIVE', 'NOTIFIED']),
            lt(waitlistEntries.preferredTo, todayInIndia(now)),
          ),
        )
        .returning();
      const held = expired.length
        ? await tx
            .select({ id: waitlistOffers.id })
            .from(waitlistOffers)
            .where(
              and(
                eq(waitlistOffers.status, 'HELD'),
                inArray(
                  waitlistOffers.entryId,
                  expired.map((e) => e.id),
                ),
              ),
            )
        : [];
      const withdrawn = await engine.release(
        tx,
        held.map((o) => o.id),
        'WITHDRAWN',
        'OPEN',
        now,
      );
      await recordHistory(
        tx,
        WAITLIST_WORKFLOW.name,
        expired.map((entry) => ({
          entityId: entry.id,
          action: 'EXPIRE',
          actor: SYSTEM,
          from: withdrawn.some((w) => w.entryId === entry.id) ? 'NOTIFIED' : 'ACTIVE',
          to: 'EXPIRED',
          reason: DATES_PASSED,
        })),
      );

      // Open slots too near to offer are left to ordinary booking.
      await tx
        .update(waitlistFreedSlots)
        .set({ state: 'LAPSED' })
        .where(
          and(
            eq(waitlistFreedSlots.state, 'OPEN'),
            lte(
              waitlistFreedSlots.startsAt,
              sql`${now.toISOString()}::timestamptz + make_interval(mins => ${OFFER_CUTOFF_MINUTES})`,
            ),
          ),
        );

      const due = await tx
        .select({ id: waitlistOffers.id })
        .from(waitlistOffers)
        .where(
          and(eq(waitlistOffers.status, 'HELD'), isNull(waitlistOffers.deliveredAt), lte(waitlistOffers.notifyAt, now)),
        );
      return async () => {
        for (const entry of [...backToWaiting, ...expired]) engine.announceEntry(entry);
        // Slots that came back, then every other open one (someone may match it now).
        const retry = new Set([...lapsed, ...withdrawn].map((o) => o.slotId));
        for (const slotId of await engine.openSlotsFor({})) retry.add(slotId);
        for (const slotId of retry) await engine.offerSlot(slotId);
        for (const offer of due) await engine.deliver(offer.id);
      };
    },
  };
}
