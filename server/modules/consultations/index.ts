import type { ConsultationAlertKind } from '../../../domain/enums.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { consultationAccessUseCases } from './access.ts';
import { insertAlert, type consultationPartUseCases } from './parts.ts';

/** What other modules may use of consultations. */

export type ConsultationPartsService = ReturnType<typeof consultationPartUseCases>;
export type ConsultationAccessService = ReturnType<typeof consultationAccessUseCases>;

/**
 * Adds an alert to a consultation (diagnostics: a critical result). It stays on top of the
 * consultation screen until the treating doctor or hospital acknowledges it.
 */
export function addConsultationAlert(
  executor: Db | Tx,
  consultationId: string,
  alert: { kind: ConsultationAlertKind; message: string; severity?: 'CRITICAL' | 'WARNING' },
) {
  return insertAlert(executor, consultationId, {
    kind: alert.kind,
    message: alert.message,
    severity: alert.severity ?? 'CRITICAL',
  });
}
export { consultationDiagnosticsLink } from './diagnosticsLink.ts';
