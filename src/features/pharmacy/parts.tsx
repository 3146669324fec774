import { OutboxStateBadge } from '../../offline/OfflineMarks.tsx';
import type { OutboxEntry } from '../../offline/engine/index.ts';
import {
  PHARMACY_ORDER_STATUS_LABELS,
  PRESCRIPTION_ITEM_STATUS_LABELS,
  type PharmacyOrderStatus,
  type PrescriptionItemStatus,
} from '../../../domain/enums.ts';
import { StatusBadge, type BadgeTone } from '../../ui/StatusBadge.tsx';

const ORDER_TONE: Record<PharmacyOrderStatus, BadgeTone> = {
  RECEIVED: 'info',
  PRESCRIPTION_VERIFICATION: 'info',
  INSURANCE_VERIFICATION: 'info',
  INVENTORY_CHECK: 'info',
  APPROVED: 'primary',
  IN_PREPARATION: 'primary',
  QUALITY_CHECK: 'primary',
  READY_FOR_PICKUP: 'success',
  OUT_FOR_DELIVERY: 'success',
  DELIVERED: 'success',
  COMPLETED: 'neutral',
  CANCELLED: 'error',
  RETURNED: 'warning',
  PARTIALLY_FILLED: 'warning',
  ON_HOLD: 'warning',
};
const ITEM_TONE: Record<PrescriptionItemStatus, BadgeTone> = {
  PENDING: 'ghost',
  VERIFIED: 'info',
  IN_STOCK: 'success',
  OUT_OF_STOCK: 'error',
  DISPENSED: 'neutral',
  CANCELLED: 'ghost',
};

export const PharmacyOrderStatusBadge = ({ status }: { status: PharmacyOrderStatus }) => (
  <StatusBadge tone={ORDER_TONE[status]}>{PHARMACY_ORDER_STATUS_LABELS[status]}</StatusBadge>
);
export const ItemStatusBadge = ({ status }: { status: PrescriptionItemStatus }) => (
  <StatusBadge tone={ITEM_TONE[status]} size="sm">
    {PRESCRIPTION_ITEM_STATUS_LABELS[status]}
  </StatusBadge>
);
export const rupees = (n: number) => `₹${n.toFixed(2)}`;

/** The order's changes still on this device, each with its state ("Waiting to send"). */
export function WaitingChanges({ entries }: { entries: OutboxEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1" aria-label="Changes not sent yet">
      {entries.map((entry) => (
        <li key={entry.id} className="flex flex-wrap items-center gap-2 text-sm">
          <OutboxStateBadge entry={entry} size="sm" />
          <span>{entry.label}</span>
        </li>
      ))}
    </ul>
  );
}
