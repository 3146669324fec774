import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Workflow } from '../../domain/rules/workflow.ts';
import type { Db, Tx } from '../db/client.ts';
import { workflowHistory } from '../db/schema/index.ts';
import { conflict, forbidden, notFound } from './errors.ts';

/** Who acted: the signed-in person and their role, or the system (no user). */
export type WorkflowActor = { userId: string | null; role: string };

export type HistoryEntry = {
  entityId: string;
  action: string;
  actor: WorkflowActor;
  from: string;
  to: string;
  reason: string | null;
};

/** Appends history rows for transitions made in `tx` (one per transition). */
export async function recordHistory(tx: Tx, workflow: string, entries: HistoryEntry[]) {
  if (entries.length === 0) return;
  await tx.insert(workflowHistory).values(
    entries.map((entry) => ({
      workflow,
      entityId: entry.entityId,
      action: entry.action,
      actorUserId: entry.actor.userId,
      actorRole: entry.actor.role,
      fromStatus: entry.from,
      toStatus: entry.to,
      reason: entry.reason,
    })),
  );
}

/**
 * One transition of a workflow: in one transaction, locks the row (select … for update), so of two
 * conflicting changes at once the second sees the first's result; asks the workflow's table (404,
 * 403 or 409 as it decides); writes the change; appends the history row. `announce` runs once that
 * transaction has committed (socket events further wait for the request's unit of work: afterCommit).
 */
export async function runTransition<
  Action extends string,
  Party extends string,
  Status extends string,
  State extends { status: Status },
  Row extends State,
  Written extends { reason: string | null },
>(
  db: Db,
  options: {
    workflow: Workflow<Action, Party, Status, State, string>;
    table: PgTable & { id: PgColumn };
    id: string;
    action: Action;
    actor: WorkflowActor;
    /** The row as the workflow reads it, inside the transaction (after the lock). */
    load(tx: Tx): Promise<Row | undefined>;
    /** How the caller stands to the row; null when not on it. */
    partyOf(row: NoInfer<Row>): Party | null;
    /** Writes the change (`to` is the new status, or 'UNCHANGED') and says why it was made. */
    write(tx: Tx, row: NoInfer<Row>, to: Status | 'UNCHANGED', party: Party): Promise<Written>;
    announce?(written: NoInfer<Written>, row: NoInfer<Row>, party: Party): Promise<void>;
    now?: Date;
  },
): Promise<{ written: Written; row: Row; party: Party }> {
  const { workflow, table, id, action, actor } = options;
  const now = options.now ?? new Date();
  const result = await db.transaction(async (tx) => {
    await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update');
    const row = await options.load(tx);
    const party = row ? options.partyOf(row) : null;
    const decision = workflow.decide(action, party, row, now);
    if (!decision.ok) {
      if (decision.refusal === 'NOT_FOUND') throw notFound(decision.message);
      if (decision.refusal === 'FORBIDDEN') throw forbidden(decision.message);
      throw conflict(decision.message, { status: row!.status });
    }
    const written = await options.write(tx, row!, decision.to, party!);
    await recordHistory(tx, workflow.name, [
      {
        entityId: id,
        action,
        actor,
        from: row!.status,
        to: decision.to === 'UNCHANGED' ? row!.status : decision.to,
        reason: written.reason,
      },
    ]);
    return { written, row: row!, party: party! };
  });
  await options.announce?.(result.written, result.row, result.party);
  return result;
}
