import { eq } from 'drizzle-orm';
import { CONSULTATION_WORKFLOW, type ConsultationAction } from '../../../domain/rules/consultations.ts';
import type { Db, Tx } from '../../db/client.ts';
import { consultations } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { recordHistory } from '../../platform/workflow.ts';
import { NO_SUCH, loadConsultation, partyOf, type ConsultationView } from './queries.ts';

/**
 * The consultation locked for a change around it (billing, referral, follow-up, admission,
 * feedback): 404 for anyone not on it; the caller's side is returned for the use case to check.
 */
export async function lockConsultation(tx: Tx, caller: AuthUser, id: string) {
  await tx.select({ id: consultations.id }).from(consultations).where(eq(consultations.id, id)).for('update');
  const row = await loadConsultation(tx, id);
  const party = row ? partyOf(caller, row, null) : null;
  if (!row || !party) throw notFound(NO_SUCH);
  return { row, party };
}

/** Only the treating doctor or hospital (the patient reads; anyone else already got 404). */
export async function lockForTreating(tx: Tx, caller: AuthUser, id: string) {
  const locked = await lockConsultation(tx, caller, id);
  if (locked.party !== 'TREATING') throw notFound(NO_SUCH);
  return locked.row;
}

/**
 * A step the areas around the consultation drive (SYSTEM in domain/rules/consultations.ts): made
 * when the status allows it, with its history line. `strict` answers 409 when it does not.
 */
export async function systemStep(
  tx: Tx,
  caller: AuthUser | null,
  row: Pick<ConsultationView, 'id' | 'status'>,
  action: ConsultationAction,
  reason: string,
  strict = false,
): Promise<boolean> {
  const decision = CONSULTATION_WORKFLOW.decide(action, 'SYSTEM', row);
  if (!decision.ok || decision.to === 'UNCHANGED') {
    if (strict) throw conflict(decision.ok ? 'Nothing to change.' : decision.message, { status: row.status });
    return false;
  }
  await tx
    .update(consultations)
    .set({ status: decision.to, updatedAt: new Date() })
    .where(eq(consultations.id, row.id));
  await recordHistory(tx, CONSULTATION_WORKFLOW.name, [
    {
      entityId: row.id,
      action,
      actor: caller ? { userId: caller.id, role: caller.role } : { userId: null, role: 'SYSTEM' },
      from: row.status,
      to: decision.to,
      reason,
    },
  ]);
  row.status = decision.to;
  return true;
}

export const isoOf = (d: Date | null) => (d ? d.toISOString() : null);
export type Executor = Db | Tx;
