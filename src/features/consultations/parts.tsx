import { useState, type ReactNode } from 'react';
import { CONSULTATION_STATUS_LABELS, type ConsultationStatus } from '../../../domain/enums.ts';
import { useAuth } from '../../session/AuthContext.ts';
import { PendingChangeNote } from '../../offline/OfflineMarks.tsx';
import type { OutboxEntry } from '../../offline/outbox.ts';
import { savedMessage } from '../../offline/submit.ts';
import { StatusBadge, type BadgeTone } from '../../ui/StatusBadge.tsx';
import { useToast } from '../../ui/toast/useToast.ts';
import { submitConsultationChange, type ConsultationChangeInput } from './changes.ts';

const TONES: Partial<Record<ConsultationStatus, BadgeTone>> = {
  SCHEDULED: 'info',
  IN_PROGRESS: 'primary',
  CONSULTATION_COMPLETED: 'success',
  COMPLETED: 'success',
  CANCELLED: 'neutral',
};

export function ConsultationStatusBadge({ status }: { status: ConsultationStatus }) {
  return (
    <StatusBadge tone={TONES[status] ?? 'secondary'} size="sm">
      {CONSULTATION_STATUS_LABELS[status]}
    </StatusBadge>
  );
}

/** One section of the consultation screen: a card with its heading. */
export function Section({
  id,
  title,
  children,
  aside,
}: {
  id: string;
  title: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="card min-w-0 border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={id} className="text-lg font-semibold">
            {title}
          </h2>
          {aside}
        </div>
        {children}
      </div>
    </section>
  );
}

/** Changes of this section still on the device ("Waiting to send"). */
export function WaitingNotes({ entries }: { entries: OutboxEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <div className="flex flex-col gap-1" aria-live="polite">
      {entries.map((entry) => (
        <PendingChangeNote key={entry.id} entry={entry} />
      ))}
    </div>
  );
}

export type ChangeOutcome = { ok: boolean; queued: boolean; error?: { message: string; details?: unknown } };

/**
 * Sends a change through the outbox: 'sent' and 'saved' (waiting to send) both count as done for the
 * form; a refusal keeps the form and says why.
 */
export function useRecordChange() {
  const { user } = useAuth();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function send(input: ConsultationChangeInput, success?: string): Promise<ChangeOutcome> {
    if (!user) return { ok: false, queued: false };
    setBusy(true);
    try {
      const result = await submitConsultationChange(user.id, input);
      if (result.status === 'sent') {
        if (success) toast.success(success);
        return { ok: true, queued: false };
      }
      if (result.status === 'saved') {
        toast.info(savedMessage(result.reason));
        return { ok: true, queued: true };
      }
      if (result.status === 'refused') {
        return { ok: false, queued: false, error: { message: result.error.message, details: result.entry.response } };
      }
      return { ok: false, queued: false };
    } finally {
      setBusy(false);
    }
  }
  return { send, busy };
}
