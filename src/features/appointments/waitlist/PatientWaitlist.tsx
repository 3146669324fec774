import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { APPOINTMENT_MODE_LABELS, URGENCY_LABELS } from '../../../../domain/enums.ts';
import { formatDateTime } from '../../../../domain/rules/format.ts';
import { DAY_PARTS } from '../../../../domain/rules/schedules.ts';
import { appointmentKeys } from '../../../api/appointments.ts';
import { messageOf } from '../../../api/http.ts';
import { getMyWaitlistQueryOptions, waitlistApi, waitlistKeys, type WaitlistEntry } from '../../../api/waitlist.ts';
import { OnlineButton } from '../../../offline/NeedsConnection.tsx';
import { OutboxStateBadge } from '../../../offline/OfflineMarks.tsx';
import { savedMessage } from '../../../offline/submit.ts';
import { useAuth } from '../../../session/AuthContext.ts';
import { Button } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { Pagination } from '../../../ui/Pagination.tsx';
import { useToast } from '../../../ui/toast/index.ts';
import { joinWaitlistChange, waitlistStatusChange, waitsFor, type WaitingJoin } from './changes.ts';
import { WaitlistStatusBadge, datesOf, useNow } from './parts.tsx';

const PART_LABELS = Object.fromEntries(DAY_PARTS.map((part) => [part.key, part.label.toLowerCase()]));

/**
 * "On the waitlist", on the patient's /appointments: each entry with its place in the queue, an offer
 * held for them with the time left and Accept / Decline, and Leave. Shows nothing while there is none.
 * /appointments?view=waitlist (where an offer's notification leads) scrolls here. Offline, the page's
 * own "Offline — last updated" notice speaks for it.
 */
export function PatientWaitlist() {
  const titleId = useId();
  const [params] = useSearchParams();
  const [page, setPage] = useState(1);
  const query = getMyWaitlistQueryOptions(page);
  const list = useQuery({ ...query, placeholderData: (previous) => previous });
  const waiting = joinWaitlistChange.useWaiting();
  const heading = useRef<HTMLHeadingElement>(null);
  const wanted = params.get('view') === 'waitlist';
  const entries = list.data?.entries ?? [];

  useEffect(() => {
    if (wanted && heading.current && (entries.length > 0 || waiting.length > 0)) {
      heading.current.scrollIntoView({ block: 'start' });
      heading.current.focus();
    }
  }, [wanted, entries.length, waiting.length]);

  if (entries.length === 0 && waiting.length === 0 && page === 1) return null;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        On the waitlist
      </h2>
      <ul aria-label="Waitlist entries" className="flex flex-col gap-3">
        {waiting.map((join) => (
          <WaitingJoinRow key={join.entry.id} join={join} />
        ))}
        {entries.map((entry) => (
          <li key={entry.id}>
            <EntryCard entry={entry} />
          </li>
        ))}
      </ul>
      {list.data && list.data.pagination.totalPages > 1 && (
        <Pagination pagination={list.data.pagination} onPage={setPage} />
      )}
    </section>
  );
}

function WaitingJoinRow({ join }: { join: WaitingJoin }) {
  return (
    <li className="card border border-dashed border-base-300 bg-base-100">
      <div className="card-body flex-row flex-wrap items-center gap-3 p-4">
        <div className="flex min-w-0 flex-1 flex-col">
          <p className="font-semibold break-words">{join.provider}</p>
          <p className="text-sm text-base-content/80">Preferred {datesOf(join.preferredFrom, join.preferredTo)}</p>
        </div>
        <OutboxStateBadge entry={join.entry} short />
      </div>
    </li>
  );
}

function EntryCard({ entry }: { entry: WaitlistEntry }) {
  const when = entry.timesOfDay.length ? entry.timesOfDay.map((p) => PART_LABELS[p]).join(', ') : 'any time of day';
  const mode = entry.mode ? APPOINTMENT_MODE_LABELS[entry.mode] : 'any mode';
  const waitingChange = waitlistStatusChange.useWaiting({ waitlistId: entry.id });
  const live = entry.status === 'ACTIVE' || entry.status === 'NOTIFIED';
  return (
    <article
      className={`card border bg-base-100 ${entry.offer ? 'border-primary shadow-md' : 'border-base-300'}`}
      aria-label={`Waitlist: ${waitsFor(entry)}`}
    >
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="font-semibold break-words">{waitsFor(entry)}</p>
            <p className="text-sm text-base-content/80">
              {datesOf(entry.preferredFrom, entry.preferredTo)} · {when} · {mode}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {live && entry.position !== null && (
              <span className="badge badge-outline whitespace-nowrap">Position {entry.position}</span>
            )}
            <WaitlistStatusBadge status={entry.status} />
          </div>
        </div>
        {entry.urgency !== 'MEDIUM' && (
          <p className="text-sm text-base-content/80">You marked it {URGENCY_LABELS[entry.urgency].toLowerCase()}.</p>
        )}
        {entry.offer && entry.status === 'NOTIFIED' && <OfferPanel entry={entry} />}
        {entry.status === 'CONVERTED' && entry.appointmentId && (
          <p className="text-sm">
            Booked from the waitlist.{' '}
            <Link className="link link-primary" to={`/appointments/${entry.appointmentId}`}>
              Open the appointment
            </Link>
          </p>
        )}
        {(entry.status === 'EXPIRED' || entry.status === 'CANCELLED') && entry.statusReason && (
          <p className="text-sm text-base-content/80">{entry.statusReason}</p>
        )}
        {waitingChange.map((change) => (
          <div key={change.id} className="flex items-center gap-2 text-sm">
            <OutboxStateBadge entry={change} short />
            <span>{change.label}</span>
          </div>
        ))}
        {live && waitingChange.length === 0 && <LeaveButton entry={entry} />}
      </div>
    </article>
  );
}

/** The offer held for the patient: what, where, until when, and Accept / Decline. */
function OfferPanel({ entry }: { entry: WaitlistEntry }) {
  const offer = entry.offer!;
  const now = useNow(1000);
  const left = Math.max(0, Date.parse(offer.expiresAt) - now);
  const minutes = Math.floor(left / 60_000);
  const seconds = Math.floor((left % 60_000) / 1000);
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const { user } = useAuth();
  const accept = useMutation({
    mutationFn: () => waitlistApi.setStatus(entry.id, { status: 'CONVERTED' }),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: waitlistKeys.all });
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.lists });
      toast.success(answer.message ?? 'Booked.', { title: 'Success' });
      if (answer.data.appointmentId) void navigate(`/appointments/${answer.data.appointmentId}`);
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: waitlistKeys.all });
      toast.error(messageOf(error), { title: 'Not booked' });
    },
  });
  const decline = async () => {
    const result = await waitlistStatusChange.submit(user?.id ?? '', {
      entry,
      status: 'ACTIVE',
      what: 'Decline offer',
    });
    if (result.status === 'sent')
      toast.info('Offer declined. You keep your place on the waitlist.', { title: 'Declined' });
    else if (result.status === 'saved') toast.info(savedMessage(result.reason), { title: 'Not sent yet' });
    else if (result.status === 'refused') toast.error(result.error.message, { title: 'Not declined' });
  };
  return (
    <div role="region" aria-label="Offer" className="rounded-box border border-primary/40 bg-primary/5 p-3">
      <p className="font-semibold">A time has opened up for you</p>
      <p className="text-sm">
        {offer.doctorName ?? 'Your doctor'}
        {offer.hospitalName ? `, ${offer.hospitalName}` : ''}: <strong>{formatDateTime(offer.slotStart)}</strong> (
        {APPOINTMENT_MODE_LABELS[offer.mode]})
      </p>
      <p className="text-sm" aria-live="off">
        {left > 0 ? (
          <>
            Held for you until {formatDateTime(offer.expiresAt)} ·{' '}
            <span className="font-medium tabular-nums">
              {minutes}:{String(seconds).padStart(2, '0')} left
            </span>
          </>
        ) : (
          'This offer has run out. You keep your place on the waitlist.'
        )}
      </p>
      {left > 0 && (
        <div className="mt-2 flex flex-wrap gap-2">
          <OnlineButton size="sm" loading={accept.isPending} loadingText="Booking…" onClick={() => accept.mutate()}>
            Accept this time
          </OnlineButton>
          <Button size="sm" buttonStyle="outline" onClick={() => void decline()}>
            Decline
          </Button>
        </div>
      )}
    </div>
  );
}

function LeaveButton({ entry }: { entry: WaitlistEntry }) {
  const [asking, setAsking] = useState(false);
  const toast = useToast();
  const { user } = useAuth();
  const leave = async () => {
    setAsking(false);
    const result = await waitlistStatusChange.submit(user?.id ?? '', {
      entry,
      status: 'CANCELLED',
      what: 'Leave the waitlist',
    });
    if (result.status === 'sent') toast.info('You have left the waitlist.', { title: 'Left' });
    else if (result.status === 'saved') toast.info(savedMessage(result.reason), { title: 'Not sent yet' });
    else if (result.status === 'refused') toast.error(result.error.message, { title: 'Not changed' });
  };
  return (
    <div>
      <Button size="sm" buttonStyle="ghost" onClick={() => setAsking(true)}>
        Leave the waitlist
      </Button>
      <ConfirmDialog
        open={asking}
        title="Leave the waitlist?"
        confirmLabel="Leave"
        onConfirm={() => void leave()}
        onCancel={() => setAsking(false)}
      >
        You will no longer be offered a time with {waitsFor(entry)}.
      </ConfirmDialog>
    </div>
  );
}
