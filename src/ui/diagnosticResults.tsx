/** How diagnostic statuses, results, ranges and flags read, wherever they show. */
import {
  DIAGNOSTIC_ORDER_STATUS_LABELS,
  DIAGNOSTIC_TEST_STATUS_LABELS,
  RESULT_FLAG_LABELS,
  type DiagnosticOrderStatus,
  type DiagnosticTestStatus,
  type ResultFlag,
} from '../../domain/enums.ts';
import type { ResultVersion } from '../api/diagnosticOrders.ts';
import { StatusBadge, type BadgeTone } from './StatusBadge.tsx';

const TEST_TONE: Partial<Record<DiagnosticTestStatus, BadgeTone>> = {
  COLLECTION_SCHEDULED: 'info',
  SAMPLE_COLLECTED: 'primary',
  SAMPLE_RECEIVED: 'primary',
  SAMPLE_REJECTED: 'error',
  IN_PROGRESS: 'primary',
  RESULT_ENTERED: 'warning',
  RELEASED: 'success',
  CORRECTED: 'success',
  CANCELLED: 'ghost',
  DECLINED: 'ghost',
};

export function TestStatusBadge({ status }: { status: DiagnosticTestStatus }) {
  return (
    <StatusBadge tone={TEST_TONE[status] ?? 'neutral'} size="sm">
      {DIAGNOSTIC_TEST_STATUS_LABELS[status]}
    </StatusBadge>
  );
}

export function OrderStatusBadge({ status }: { status: DiagnosticOrderStatus }) {
  const tone: BadgeTone =
    status === 'COMPLETED' ? 'success' : status === 'CANCELLED' ? 'ghost' : status === 'ORDERED' ? 'neutral' : 'info';
  return (
    <StatusBadge tone={tone} size="sm">
      {DIAGNOSTIC_ORDER_STATUS_LABELS[status]}
    </StatusBadge>
  );
}

/** A flag in words and colour; nothing at all when the server gave none (never a made-up "normal"). */
export function FlagBadge({ flag }: { flag: ResultFlag | null }) {
  if (!flag) return null;
  const critical = flag === 'CRITICAL_LOW' || flag === 'CRITICAL_HIGH';
  return (
    <StatusBadge tone={critical ? 'error' : 'warning'} size="sm">
      {critical ? '⚠ ' : ''}
      {RESULT_FLAG_LABELS[flag]}
    </StatusBadge>
  );
}

/** "3.5–5.1 mmol/L", or "No reference range" when none applied to this patient. */
export function rangeText(result: Pick<ResultVersion, 'referenceRange' | 'unit'>): string {
  const r = result.referenceRange;
  if (!r || (r.low === null && r.high === null)) return 'No reference range';
  const unit = result.unit ? ` ${result.unit}` : '';
  if (r.low !== null && r.high !== null) return `${r.low}–${r.high}${unit}`;
  return r.low !== null ? `≥ ${r.low}${unit}` : `≤ ${r.high}${unit}`;
}

export function resultText(result: Pick<ResultVersion, 'kind' | 'value' | 'unit' | 'code' | 'text'>): string {
  if (result.kind === 'NUMERIC') return `${result.value}${result.unit ? ` ${result.unit}` : ''}`;
  return result.code ?? result.text ?? '';
}
