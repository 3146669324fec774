import { eq } from 'drizzle-orm';
import type { TeamDuty } from '../../../domain/enums.ts';
import { orderStatusOf } from '../../../domain/rules/diagnosticOrders.ts';
import { hasDuty } from '../../../domain/rules/teams.ts';
import type { Db, Tx } from '../../db/client.ts';
import { diagnosticOrderTests, diagnosticOrders, users } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/files.ts';
import type { AnnounceDeps } from './messages.ts';

/** What the order use cases depend on, and the two steps every change shares. */

export const ORDER_FILE_MAX_MB = 10;

/**
 * The link to consultations (server/modules/consultations/diagnosticsLink.ts): an order from a
 * consultation moves it to DIAGNOSTICS_ORDERED when its status allows (in the order's transaction;
 * it answers 404 when the caller may not order for that consultation); a critical value raises an
 * alert on the order's consultation (acknowledged there with a comment), and once every order of a
 * consultation is released the consultation is updated (`PATCH …/update-from-diagnostics`).
 */
export type ConsultationHooks = {
  diagnosticsOrdered(tx: Tx, caller: AuthUser, consultationId: string, patientId: string): Promise<boolean>;
  raiseCriticalAlert(consultationId: string, alert: { orderId: string; testId: string; flag: string }): Promise<void>;
  updateFromDiagnostics(consultationId: string): Promise<void>;
};

export type DiagnosticOrdersDeps = AnnounceDeps & { db: Db; files: FileStore; consultations?: ConsultationHooks };

/** The caller holds one of `duties` in their team (an owner all; an admin stands in). */
export async function assertAnyDuty(db: Db | Tx, caller: AuthUser, duties: readonly TeamDuty[]) {
  if (caller.role === 'ADMIN' || duties.length === 0) return;
  const [member] = await db
    .select({ isOwner: users.isOwner, duties: users.duties })
    .from(users)
    .where(eq(users.id, caller.id));
  if (member && duties.some((duty) => hasDuty({ role: caller.role, ...member }, duty))) return;
  throw forbidden(
    `This needs one of these duties in your centre's team: ${duties.join(', ').toLowerCase().replace(/_/g, ' ')}.`,
  );
}

/** Writes the order's status from its tests' (inside the transaction that changed them). */
export async function refreshOrderStatus(tx: Db | Tx, orderId: string) {
  const tests = await tx
    .select({ status: diagnosticOrderTests.status })
    .from(diagnosticOrderTests)
    .where(eq(diagnosticOrderTests.orderId, orderId));
  const status = orderStatusOf(tests.map((t) => t.status));
  await tx.update(diagnosticOrders).set({ status, updatedAt: new Date() }).where(eq(diagnosticOrders.id, orderId));
  return status;
}
