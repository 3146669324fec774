import { useState, type FormEvent } from 'react';
import { CONSULTATION_ALERT_KIND_LABELS } from '../../../domain/enums.ts';
import { formatDateTime } from '../../../domain/rules/format.ts';
import type { Consultation } from '../../api/consultations.ts';
import { Button } from '../../ui/Button.tsx';
import { changeTo } from './changes.ts';
import { useRecordChange } from './parts.tsx';

type Alert = Consultation['alerts'][number];

/** Alerts on top of the screen: unacknowledged first (the server orders them), each acknowledged with a comment. */
export function AlertsPanel({ consultation }: { consultation: Consultation }) {
  const open = consultation.alerts.filter((a) => !a.acknowledgedAt);
  const seen = consultation.alerts.filter((a) => a.acknowledgedAt);
  if (consultation.alerts.length === 0) return null;
  const mayAcknowledge = consultation.access === 'TREATING';
  return (
    <section aria-labelledby="alerts-title" className="flex flex-col gap-2">
      <h2 id="alerts-title" className="text-lg font-semibold">
        Alerts {open.length > 0 && <span className="badge badge-error badge-sm align-middle">{open.length} open</span>}
      </h2>
      <ul className="flex flex-col gap-2">
        {open.map((alert) => (
          <li key={alert.id}>
            <div
              role="alert"
              className={`alert ${alert.severity === 'CRITICAL' ? 'alert-error' : 'alert-warning'} alert-soft flex flex-col items-stretch gap-2`}
            >
              <p>
                <strong>{CONSULTATION_ALERT_KIND_LABELS[alert.kind]}: </strong>
                {alert.message}
                <span className="block text-xs opacity-80">{formatDateTime(alert.createdAt)}</span>
              </p>
              {mayAcknowledge && <AcknowledgeForm consultationId={consultation.id} alert={alert} />}
            </div>
          </li>
        ))}
      </ul>
      {seen.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer">Acknowledged alerts ({seen.length})</summary>
          <ul className="mt-2 flex flex-col gap-1">
            {seen.map((alert) => (
              <li key={alert.id} className="rounded-box border border-base-300 p-2">
                <strong>{CONSULTATION_ALERT_KIND_LABELS[alert.kind]}: </strong>
                {alert.message}
                <span className="block text-xs text-base-content/70">
                  Acknowledged by {alert.acknowledgedByName} on {formatDateTime(alert.acknowledgedAt)}
                  {alert.comment ? ` — “${alert.comment}”` : ''}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

function AcknowledgeForm({ consultationId, alert }: { consultationId: string; alert: Alert }) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { send, busy } = useRecordChange();
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const done = await send(changeTo.acknowledge(consultationId, alert.id, comment.trim()), 'Alert acknowledged.');
    if (done.ok) setComment('');
    else if (done.error) setError(done.error.message);
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-2">
      <label className="flex min-w-0 grow flex-col gap-1 text-sm">
        Comment (optional)
        <input
          className="input input-sm w-full"
          maxLength={500}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </label>
      <Button type="submit" size="sm" loading={busy}>
        Acknowledge
      </Button>
      {error && <p className="w-full text-sm text-error">{error}</p>}
    </form>
  );
}
