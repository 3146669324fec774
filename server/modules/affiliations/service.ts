import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ACTION_NOTIFICATION,
  BULK_STATUS_ACTIONS,
  DOCTOR_COMMISSION_MESSAGE,
  affiliationWorkflow,
  forbiddenBenefits,
  needsVerification,
  partyTypeOf,
  type AffiliationAction,
} from '../../../domain/rules/affiliations.ts';
import { ruleProblems } from '../../../domain/rules/commission.ts';
import type {
  AffiliationKindPath,
  affiliationListQuery,
  approvalBody,
  bulkStatusBody,
  createAffiliationBody,
  renewalBody,
  updateAffiliationBody,
} from '../../../domain/schemas/affiliations.ts';
import type { Db } from '../../db/client.ts';
import { affiliationCommissionVersions, affiliationTerms, affiliations } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { AppError, conflict, forbidden, invalid, notFound } from '../../platform/errors.ts';
import { recordHistory, runTransition, type WorkflowActor } from '../../platform/workflow.ts';
import { tell, type AnnounceDeps } from './messages.ts';
import { KIND_OF_PATH, findParty, partyOfCaller, sideOf, syncDoctorPlace } from './parties.ts';
import { detailOf, listAffiliations, loadVisible, type AffiliationRow } from './queries.ts';

export type AffiliationsDeps = AnnounceDeps & { db: Db };
type Extra = { reason?: string | null; endDate?: string; terms?: string };

const OPEN = ['PENDING', 'ACTIVE', 'SUSPENDED'] as const;
const actorOf = (caller: AuthUser): WorkflowActor => ({ userId: caller.id, role: caller.role });
const SYSTEM: WorkflowActor = { userId: null, role: 'SYSTEM' };
const other = (row: AffiliationRow, side: string) =>
  side === 'PROPOSER' ? [row.recipientId] : side === 'RECIPIENT' ? [row.proposerId] : [row.proposerId, row.recipientId];

function refuseDoctorMoney(
  row: Pick<AffiliationRow, 'proposerKind' | 'recipientKind'>,
  benefits: AffiliationRow['benefits'],
) {
  const refused = forbiddenBenefits([row.proposerKind, row.recipientKind], benefits);
  if (refused.length > 0) throw invalid(DOCTOR_COMMISSION_MESSAGE, { refused, rule: 'IMC-2002-6.4.1' });
}

export function affiliationsService(deps: AffiliationsDeps) {
  const { db } = deps;

  async function move(caller: AuthUser | null, id: string, action: AffiliationAction, extra: Extra = {}) {
    const now = new Date();
    const { row, written } = await runTransition(db, {
      workflow: affiliationWorkflow,
      table: affiliations,
      id,
      action,
      actor: caller ? actorOf(caller) : SYSTEM,
      now,
      load: async (tx) => (await tx.select().from(affiliations).where(eq(affiliations.id, id)))[0],
      partyOf: (r) => (caller ? sideOf(caller, r) : 'SYSTEM'),
      async write(tx, r, to) {
        const set: Partial<typeof affiliations.$inferInsert> = { updatedAt: now };
        if (to !== 'UNCHANGED') set.status = to;
        if (action === 'APPROVE') Object.assign(set, { consentedAt: now, consentedBy: caller?.id ?? null });
        if (action === 'VERIFY') Object.assign(set, { verifiedAt: now, verifiedBy: caller?.id ?? null });
        if (to === 'ACTIVE' && r.status !== 'ACTIVE') set.activatedAt = r.activatedAt ?? now;
        if (extra.reason !== undefined) set.reason = extra.reason;
        if (action === 'RENEW') {
          if (!extra.endDate || extra.endDate <= r.endDate)
            throw invalid('The new end date must be after the current one.');
          Object.assign(set, { endDate: extra.endDate, remindersSent: [], terms: extra.terms ?? r.terms });
          const [last] = await tx
            .select({ version: affiliationTerms.version })
            .from(affiliationTerms)
            .where(eq(affiliationTerms.affiliationId, id))
            .orderBy(desc(affiliationTerms.version))
            .limit(1);
          await tx.insert(affiliationTerms).values({
            affiliationId: id,
            version: (last?.version ?? 0) + 1,
            type: r.type,
            benefits: r.benefits,
            startDate: r.startDate,
            endDate: extra.endDate,
            terms: extra.terms ?? r.terms,
            createdBy: caller?.id ?? null,
          });
        }
        await tx.update(affiliations).set(set).where(eq(affiliations.id, id));
        if (to !== 'UNCHANGED' && to !== r.status) await syncDoctorPlace(tx, r, to);
        return { reason: extra.reason ?? (action === 'RENEW' ? `Renewed to ${extra.endDate}` : null), to };
      },
    });
    const status = written.to === 'UNCHANGED' ? row.status : written.to;
    const side = caller ? sideOf(caller, row)! : 'SYSTEM';
    const words = `${affiliationWorkflow.actions[action].label.toLowerCase()}${extra.reason ? ` (${extra.reason})` : ''}; now ${status.toLowerCase()}.`;
    await tell(deps, { ...row, status }, other(row, side), ACTION_NOTIFICATION[action], words, caller?.id);
    // Consent and (where needed) verification complete: the affiliation becomes active by itself.
    if ((action === 'APPROVE' || action === 'VERIFY') && status === 'PENDING') {
      const [now2] = await db.select().from(affiliations).where(eq(affiliations.id, id));
      if (now2 && affiliationWorkflow.checkTransition('ACTIVATE', 'SYSTEM', now2).ok) await move(null, id, 'ACTIVATE');
    }
  }

  async function sideFor(caller: AuthUser, id: string) {
    const row = await loadVisible(db, caller, id);
    return { row, side: sideOf(caller, row)! };
  }

  return {
    list: (caller: AuthUser, query: z.output<typeof affiliationListQuery>) => listAffiliations(db, caller, query),
    detail: (caller: AuthUser, id: string) => detailOf(db, caller, id),

    async detailFor(caller: AuthUser, kindPath: AffiliationKindPath, id: string) {
      const row = await loadVisible(db, caller, id);
      if (caller.role !== 'ADMIN' && partyOfCaller(caller)?.kind !== KIND_OF_PATH[kindPath])
        throw notFound('There is no such affiliation.');
      return detailOf(db, caller, row.id);
    },

    async create(caller: AuthUser, kindPath: AffiliationKindPath, body: z.output<typeof createAffiliationBody>) {
      const own = partyOfCaller(caller);
      if (!own || own.kind !== KIND_OF_PATH[kindPath])
        throw forbidden('Propose affiliations from your own organisation.');
      if (own.id === body.partnerId) throw invalid('An affiliation links two different parties.');
      const sides = { proposerKind: own.kind, recipientKind: body.partnerKind };
      refuseDoctorMoney(sides, body.benefits);
      if (body.commission && !needsVerification(body.benefits)) {
        throw invalid('A commission structure needs the COMMISSION or REVENUE_SHARE benefit.');
      }
      for (const rule of body.commission?.rules ?? []) {
        const problems = ruleProblems(rule);
        if (problems.length > 0) throw invalid(problems.join(' '));
      }
      const [mine, partner] = await Promise.all([
        findParty(db, own.kind, own.id),
        findParty(db, body.partnerKind, body.partnerId),
      ]);
      if (!partner || !partner.listed) throw notFound('There is no verified partner with that id.');
      if (!mine?.listed)
        throw conflict('Only verified organisations can propose affiliations: finish your verification first.');
      return db
        .transaction(async (tx) => {
          const [open] = await tx
            .select({ id: affiliations.id })
            .from(affiliations)
            .where(
              and(
                inArray(affiliations.status, [...OPEN]),
                inArray(affiliations.proposerId, [own.id, body.partnerId]),
                inArray(affiliations.recipientId, [own.id, body.partnerId]),
              ),
            );
          if (open)
            throw conflict('You already have an open affiliation with this partner.', { affiliationId: open.id });
          const [row] = await tx
            .insert(affiliations)
            .values({
              ...sides,
              proposerId: own.id,
              recipientId: body.partnerId,
              partyType: partyTypeOf([own.kind, body.partnerKind]),
              type: body.type,
              benefits: [...new Set(body.benefits)],
              startDate: body.startDate,
              endDate: body.endDate,
              terms: body.terms,
              verificationRequired: needsVerification(body.benefits),
              createdBy: caller.id,
            })
            .returning();
          await tx.insert(affiliationTerms).values({
            affiliationId: row!.id,
            version: 1,
            type: row!.type,
            benefits: row!.benefits,
            startDate: row!.startDate,
            endDate: row!.endDate,
            terms: row!.terms,
            createdBy: caller.id,
          });
          if (body.commission) {
            await tx.insert(affiliationCommissionVersions).values({
              affiliationId: row!.id,
              version: 1,
              effectiveFrom: body.startDate,
              rules: body.commission.rules,
              createdBy: caller.id,
            });
          }
          await recordHistory(tx, affiliationWorkflow.name, [
            {
              entityId: row!.id,
              action: 'PROPOSE',
              actor: actorOf(caller),
              from: 'PENDING',
              to: 'PENDING',
              reason: null,
            },
          ]);
          return row!;
        })
        .then(async (row) => {
          await tell(
            deps,
            row,
            [row.recipientId],
            'AFFILIATION_REQUEST',
            `${mine.name} proposes it and asks you to approve.`,
            caller.id,
          );
          return detailOf(db, caller, row.id);
        });
    },

    /** The proposer changes the terms while the other side has not consented yet. */
    async update(
      caller: AuthUser,
      kindPath: AffiliationKindPath,
      id: string,
      body: z.output<typeof updateAffiliationBody>,
    ) {
      const { row, side } = await sideFor(caller, id);
      if (partyOfCaller(caller)?.kind !== KIND_OF_PATH[kindPath]) throw notFound('There is no such affiliation.');
      if (side !== 'PROPOSER') throw forbidden('Only the side that proposed it can change the terms before approval.');
      if (row.status !== 'PENDING' || row.consentedAt)
        throw conflict('Terms can change only before approval; renew it to change them later.');
      const benefits = body.benefits ? [...new Set(body.benefits)] : row.benefits;
      refuseDoctorMoney(row, benefits);
      await db.transaction(async (tx) => {
        const [last] = await tx
          .select({ version: affiliationTerms.version })
          .from(affiliationTerms)
          .where(eq(affiliationTerms.affiliationId, id))
          .orderBy(desc(affiliationTerms.version))
          .limit(1);
        const next = { type: body.type ?? row.type, benefits, terms: body.terms ?? row.terms };
        await tx
          .update(affiliations)
          .set({ ...next, verificationRequired: needsVerification(benefits), updatedAt: new Date() })
          .where(eq(affiliations.id, id));
        await tx.insert(affiliationTerms).values({
          affiliationId: id,
          version: (last?.version ?? 0) + 1,
          ...next,
          startDate: row.startDate,
          endDate: row.endDate,
          createdBy: caller.id,
        });
        await recordHistory(tx, affiliationWorkflow.name, [
          {
            entityId: id,
            action: 'UPDATE_TERMS',
            actor: actorOf(caller),
            from: row.status,
            to: row.status,
            reason: null,
          },
        ]);
      });
      await tell(
        deps,
        row,
        [row.recipientId],
        'AFFILIATION_TERMS_UPDATED',
        'the terms were changed; review them before you approve.',
        caller.id,
      );
      return detailOf(db, caller, id);
    },

    async approve(caller: AuthUser, id: string, body: z.output<typeof approvalBody>) {
      if (body.decision === 'REJECT') {
        if (!body.notes || body.notes.length < 3) throw invalid('Give a reason of at least 3 characters to reject.');
        await move(caller, id, 'REJECT', { reason: body.notes });
      } else await move(caller, id, 'APPROVE', { reason: body.notes ?? null });
      return detailOf(db, caller, id);
    },
    async act(caller: AuthUser, id: string, action: AffiliationAction, extra: Extra = {}) {
      await move(caller, id, action, extra);
      return detailOf(db, caller, id);
    },
    async renew(caller: AuthUser, id: string, body: z.output<typeof renewalBody>) {
      await move(caller, id, 'RENEW', { endDate: body.endDate, terms: body.terms });
      return detailOf(db, caller, id);
    },

    async bulk(caller: AuthUser, body: z.output<typeof bulkStatusBody>) {
      const action = BULK_STATUS_ACTIONS[body.status];
      const results = [];
      for (const id of [...new Set(body.ids)]) {
        try {
          await move(caller, id, action, action === 'ACTIVATE' ? {} : { reason: body.reason });
          results.push({ id, ok: true, status: body.status, message: null });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({ id, ok: false, status: null, message: error.message });
        }
      }
      return { results };
    },
  };
}

export type AffiliationsService = ReturnType<typeof affiliationsService>;
