import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { ConsultationStatus } from '../../../domain/enums.ts';
import { visitIsOver } from '../../../domain/rules/consultationCare.ts';
import { CONSULTATION_TRANSITIONS } from '../../../domain/rules/consultations.ts';
import { formatDateTime } from '../../../domain/rules/format.ts';
import { getAdmissionQueryOptions, type Admission } from '../../api/consultationCare.ts';
import type { Consultation } from '../../api/consultations.ts';
import { Button } from '../../ui/Button.tsx';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { changeTo } from './changes.ts';
import { Section, useRecordChange } from './parts.tsx';
import { ReferralForm } from './ReferralForm.tsx';

const allows = (action: keyof typeof CONSULTATION_TRANSITIONS, status: ConsultationStatus) =>
  (CONSULTATION_TRANSITIONS[action].from as readonly string[]).includes(status);

/** After the visit: follow-up, admission, referral, the step back from diagnostics; the patient's rating. */
export function AfterVisitSection({ consultation: c }: { consultation: Consultation }) {
  const care = useQuery({ ...getAdmissionQueryOptions(c.id), enabled: c.access !== 'EMERGENCY' });
  if (c.access === 'EMERGENCY' || c.status === 'CANCELLED') return null;
  return (
    <Section id="after-visit-title" title="After the visit">
      {care.isPending && <Loading what="follow-up and admission" />}
      {care.isError && (
        <LoadError what="follow-up and admission" error={care.error} retry={() => void care.refetch()} />
      )}
      {care.data && (
        <div className="flex flex-col gap-4">
          <Facts care={care.data} />
          {c.access === 'PATIENT' ? (
            <FeedbackForm consultation={c} given={care.data.feedbackRating} />
          ) : (
            <TreatingActions consultation={c} care={care.data} />
          )}
          <Link to="/referrals" className="link text-sm">
            Referrals and their status
          </Link>
        </div>
      )}
    </Section>
  );
}

function Facts({ care }: { care: Admission }) {
  const lines = [
    care.followUpAt ? `Follow-up proposed for ${formatDateTime(care.followUpAt)}` : null,
    care.reason && !care.admittedAt ? `Admission required: ${care.reason}` : null,
    care.admittedAt ? `Admitted ${formatDateTime(care.admittedAt)} to ${care.ward}, bed ${care.bed}` : null,
    care.dischargedAt ? `Discharged ${formatDateTime(care.dischargedAt)}` : null,
  ].filter((l): l is string => l !== null);
  return (
    <div className="flex flex-col gap-1 text-sm">
      {lines.length === 0 ? <p className="text-base-content/70">No follow-up or admission yet.</p> : null}
      {lines.map((l) => (
        <p key={l}>{l}</p>
      ))}
      {care.followUpAppointmentId && (
        <Link className="link" to={`/appointments/${care.followUpAppointmentId}`}>
          The follow-up appointment
        </Link>
      )}
      {care.dischargeSummary && (
        <details>
          <summary className="cursor-pointer">Discharge summary</summary>
          <p className="whitespace-pre-wrap">{care.dischargeSummary}</p>
        </details>
      )}
    </div>
  );
}

function TreatingActions({ consultation: c, care }: { consultation: Consultation; care: Admission }) {
  const { send, busy } = useRecordChange();
  const [error, setError] = useState<string | null>(null);
  const [followUpDate, setFollowUpDate] = useState('');
  const [followUpTime, setFollowUpTime] = useState('10:00');
  const [ward, setWard] = useState('');
  const [bed, setBed] = useState('');
  const [summary, setSummary] = useState('');

  async function run(input: Parameters<typeof send>[0], success: string) {
    setError(null);
    const done = await send(input, success);
    if (!done.ok && done.error) setError(done.error.message);
    return done.ok;
  }
  async function followUp(event: FormEvent) {
    event.preventDefault();
    if (!followUpDate) return setError('Choose the follow-up date');
    const at = `${followUpDate}T${followUpTime || '10:00'}:00+05:30`;
    await run(changeTo.followUp(c.id, { at }), 'Follow-up proposed to the patient.');
  }
  async function admit(event: FormEvent) {
    event.preventDefault();
    if (!ward.trim() || !bed.trim()) return setError('Enter the ward and the bed');
    await run(changeTo.admission(c.id, { step: 'ADMIT', ward: ward.trim(), bed: bed.trim() }, 'Admit'), 'Admitted.');
  }
  async function discharge(event: FormEvent) {
    event.preventDefault();
    if (!summary.trim()) return setError('Write the discharge summary');
    await run(
      changeTo.admission(c.id, { step: 'DISCHARGE', dischargeSummary: summary.trim() }, 'Discharge'),
      'Discharged.',
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {c.status === 'DIAGNOSTICS_ORDERED' && (
          <Button
            size="sm"
            loading={busy}
            onClick={() => void run(changeTo.fromDiagnostics(c.id), 'Diagnostics completed.')}
          >
            Results are in: diagnostics completed
          </Button>
        )}
        {allows('REQUIRE_ADMISSION', c.status) && (
          <Button
            size="sm"
            buttonStyle="outline"
            loading={busy}
            onClick={() =>
              void run(changeTo.admission(c.id, { step: 'REQUIRE' }, 'Admission required'), 'Marked for admission.')
            }
          >
            Admission required
          </Button>
        )}
      </div>
      {c.status === 'ADMISSION_REQUIRED' && (
        <form onSubmit={(e) => void admit(e)} aria-label="Admit" className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-sm">
            Ward
            <input className="input input-sm" value={ward} onChange={(e) => setWard(e.target.value)} />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Bed
            <input className="input input-sm w-24" value={bed} onChange={(e) => setBed(e.target.value)} />
          </label>
          <Button type="submit" size="sm" loading={busy}>
            Admit
          </Button>
        </form>
      )}
      {c.status === 'ADMITTED' && (
        <form onSubmit={(e) => void discharge(e)} aria-label="Discharge" className="flex flex-col gap-2">
          <label className="flex flex-col gap-1 text-sm">
            Discharge summary
            <textarea
              className="textarea textarea-sm w-full"
              value={summary}
              onChange={(e) => setSummary(e.target.value)}
            />
          </label>
          <Button type="submit" size="sm" loading={busy} className="self-start">
            Discharge
          </Button>
        </form>
      )}
      {allows('SCHEDULE_FOLLOW_UP', c.status) && !care.followUpAt && (
        <form
          onSubmit={(e) => void followUp(e)}
          aria-label="Propose a follow-up"
          className="flex flex-wrap items-end gap-2"
        >
          <label className="flex flex-col gap-1 text-sm">
            Follow-up date
            <input
              type="date"
              className="input input-sm"
              value={followUpDate}
              onChange={(e) => setFollowUpDate(e.target.value)}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Time
            <input
              type="time"
              className="input input-sm"
              value={followUpTime}
              onChange={(e) => setFollowUpTime(e.target.value)}
            />
          </label>
          <Button type="submit" size="sm" loading={busy}>
            Propose follow-up
          </Button>
        </form>
      )}
      <details>
        <summary className="cursor-pointer text-sm font-medium">Refer the patient</summary>
        <div className="pt-2">
          <ReferralForm consultationId={c.id} />
        </div>
      </details>
    </div>
  );
}

function FeedbackForm({ consultation: c, given }: { consultation: Consultation; given: number | null }) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { send, busy } = useRecordChange();
  if (!visitIsOver(c.status))
    return <p className="text-sm text-base-content/70">You can rate the visit once it is completed.</p>;
  if (given !== null) return <p className="text-sm">You rated this visit {given} of 5. Thank you.</p>;
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (rating < 1) return setError('Choose a rating from 1 to 5');
    const done = await send(
      changeTo.feedback(c.id, { rating, ...(comment.trim() ? { comment: comment.trim() } : {}) }),
      'Thank you for your rating.',
    );
    if (!done.ok && done.error) setError(done.error.message);
  }
  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Rate the visit" className="flex flex-col gap-2">
      <fieldset className="flex flex-wrap items-center gap-3">
        <legend className="mb-1 text-sm font-medium">How was the visit?</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="flex items-center gap-1 text-sm">
            <input
              type="radio"
              className="radio radio-sm"
              name="rating"
              checked={rating === n}
              onChange={() => setRating(n)}
            />
            {n}
          </label>
        ))}
      </fieldset>
      <label className="flex flex-col gap-1 text-sm">
        Comment (optional)
        <textarea
          className="textarea textarea-sm w-full"
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </label>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      <Button type="submit" size="sm" loading={busy} className="self-start">
        Send rating
      </Button>
    </form>
  );
}
