import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { affiliationWorkflow, indiaDate, needsVerification } from '../../../domain/rules/affiliations.ts';
import { ruleProblems } from '../../../domain/rules/commission.ts';
import type {
  calculateQuery,
  commissionStructureBody,
  manualLineBody,
  settleBody,
} from '../../../domain/schemas/affiliations.ts';
import { affiliationCommissionVersions, affiliationLedger } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, forbidden, invalid } from '../../platform/errors.ts';
import { recordHistory } from '../../platform/workflow.ts';
import { accrueOrders, performanceOf, priced, settle as settleLedger, versionsOf } from './ledger.ts';
import { tell } from './messages.ts';
import { sideOf } from './parties.ts';
import { detailOf, loadVisible } from './queries.ts';
import type { AffiliationsDeps } from './service.ts';

/** The money of an affiliation: its commission structure's versions, the ledger, statements, performance. */

const OPEN = ['PENDING', 'ACTIVE', 'SUSPENDED'] as const;
const actorOf = (caller: AuthUser) => ({ userId: caller.id, role: caller.role });

export function affiliationCommissionUseCases(deps: AffiliationsDeps) {
  const { db } = deps;
  async function sideFor(caller: AuthUser, id: string) {
    const row = await loadVisible(db, caller, id);
    const side = sideOf(caller, row)!;
    return {
      row,
      side,
      others:
        side === 'PROPOSER'
          ? [row.recipientId]
          : side === 'RECIPIENT'
            ? [row.proposerId]
            : [row.proposerId, row.recipientId],
    };
  }

  return {
    async saveCommission(caller: AuthUser, id: string, body: z.output<typeof commissionStructureBody>) {
      const { row, side, others } = await sideFor(caller, id);
      if (side === 'ADMIN') throw forbidden('The parties set their commission structure.');
      if (!needsVerification(row.benefits)) throw conflict('This affiliation carries no commission or revenue share.');
      if (!(OPEN as readonly string[]).includes(row.status))
        throw conflict(`This affiliation is ${row.status.toLowerCase()}.`);
      for (const rule of body.rules) {
        const problems = ruleProblems(rule);
        if (problems.length > 0) throw invalid(problems.join(' '));
      }
      if (body.effectiveFrom < indiaDate(new Date()))
        throw invalid('A new version takes effect today or later; past periods keep their rules.');
      await db.transaction(async (tx) => {
        const versions = await versionsOf(tx, id);
        const latest = versions.sort((a, b) => b.version - a.version)[0];
        if (latest && body.effectiveFrom <= latest.effectiveFrom)
          throw conflict('A new version must take effect after the latest one.');
        if (latest) {
          const dayBefore = new Date(Date.parse(`${body.effectiveFrom}T00:00:00Z`) - 86_400_000)
            .toISOString()
            .slice(0, 10);
          await tx
            .update(affiliationCommissionVersions)
            .set({ effectiveTo: dayBefore })
            .where(eq(affiliationCommissionVersions.id, latest.id));
        }
        await tx.insert(affiliationCommissionVersions).values({
          affiliationId: id,
          version: (latest?.version ?? 0) + 1,
          effectiveFrom: body.effectiveFrom,
          rules: body.rules,
          createdBy: caller.id,
        });
        await recordHistory(tx, affiliationWorkflow.name, [
          {
            entityId: id,
            action: 'UPDATE_COMMISSION',
            actor: actorOf(caller),
            from: row.status,
            to: row.status,
            reason: `From ${body.effectiveFrom}`,
          },
        ]);
      });
      await tell(
        deps,
        row,
        others,
        'AFFILIATION_TERMS_UPDATED',
        `a new commission structure takes effect on ${body.effectiveFrom}.`,
        caller.id,
      );
      return detailOf(db, caller, id);
    },

    async calculate(caller: AuthUser, id: string, query: z.output<typeof calculateQuery>) {
      const row = await loadVisible(db, caller, id);
      const versions = await versionsOf(db, row.id);
      const result = priced(versions, indiaDate(new Date()), query.serviceType, query.amount);
      return { amountPaise: query.amount, serviceType: query.serviceType, ...result };
    },

    /** A line by hand, with its reason (an event from an area not linked yet; a refund). */
    async addLine(caller: AuthUser, id: string, body: z.output<typeof manualLineBody>) {
      const { row, side } = await sideFor(caller, id);
      if (side === 'ADMIN') throw forbidden('The parties keep their ledger.');
      if (!needsVerification(row.benefits) || !row.activatedAt)
        throw conflict('Only an affiliation with commission that has been active keeps a ledger.');
      const now = new Date();
      const versions = await versionsOf(db, id);
      const { commissionPaise, version } = priced(versions, indiaDate(now), body.serviceType, body.amountPaise);
      await db.insert(affiliationLedger).values({
        affiliationId: id,
        sourceKind: 'MANUAL',
        serviceType: body.serviceType,
        amountPaise: body.amountPaise,
        commissionPaise,
        structureVersion: version,
        reason: body.reason,
        occurredAt: now,
        createdBy: caller.id,
      });
      return detailOf(db, caller, id);
    },

    async settle(caller: AuthUser, id: string, body: z.output<typeof settleBody>) {
      const { row } = await sideFor(caller, id);
      if (!needsVerification(row.benefits)) throw conflict('This affiliation carries no commission or revenue share.');
      const periodTo = body.periodTo ?? indiaDate(new Date());
      if (periodTo > indiaDate(new Date())) throw invalid('A period can be settled up to today at the latest.');
      const statement = await db.transaction((tx) => settleLedger(tx, row, periodTo, caller.id));
      await tell(
        deps,
        row,
        [row.proposerId, row.recipientId],
        'AFFILIATION_COMMISSION_STATEMENT',
        `statement ${statement.number} for ${statement.periodFrom} to ${statement.periodTo} is closed.`,
      );
      return detailOf(db, caller, id);
    },

    async performance(caller: AuthUser, id: string) {
      const row = await loadVisible(db, caller, id);
      return performanceOf(db, row);
    },
    async updatePerformance(caller: AuthUser, id: string) {
      const row = await loadVisible(db, caller, id);
      await accrueOrders(db, row);
      return performanceOf(db, row);
    },
  };
}

export type AffiliationCommission = ReturnType<typeof affiliationCommissionUseCases>;
