import { useEffect, useState } from 'react';
import { URGENCY_LABELS, WAITLIST_STATUS_LABELS, type Urgency, type WaitlistStatus } from '../../../../domain/enums.ts';
import { formatDate } from '../../../../domain/rules/format.ts';
import { StatusBadge, type BadgeTone } from '../../../ui/StatusBadge.tsx';

const STATUS_TONES: Record<WaitlistStatus, BadgeTone> = {
  ACTIVE: 'info',
  NOTIFIED: 'primary',
  CONVERTED: 'success',
  CANCELLED: 'neutral',
  EXPIRED: 'ghost',
};
const STATUS_WORDS: Record<WaitlistStatus, string> = {
  ...WAITLIST_STATUS_LABELS,
  ACTIVE: 'Waiting',
  NOTIFIED: 'Offer held',
  CONVERTED: 'Booked',
};

export function WaitlistStatusBadge({ status }: { status: WaitlistStatus }) {
  return <StatusBadge tone={STATUS_TONES[status]}>{STATUS_WORDS[status]}</StatusBadge>;
}

const PRIORITY_TONES: Record<Urgency, BadgeTone> = {
  URGENT: 'error',
  HIGH: 'warning',
  MEDIUM: 'neutral',
  LOW: 'ghost',
};

export function PriorityBadge({ priority }: { priority: Urgency }) {
  return <StatusBadge tone={PRIORITY_TONES[priority]}>{URGENCY_LABELS[priority]}</StatusBadge>;
}

/** The time now, renewed every `everyMs` (a countdown). */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** '12 Dec 2026', or '12 Dec 2026 – 19 Dec 2026' for a range of preferred dates. */
export function datesOf(from: string, to: string): string {
  return from === to ? formatDate(from) : `${formatDate(from)} – ${formatDate(to)}`;
}
