import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { APPOINTMENT_MODE_LABELS, APPOINTMENT_STATUSES, type AppointmentStatus } from '../../../domain/enums.ts';
import { formatDateTime } from '../../../domain/rules/format.ts';
import { getAppointmentsQueryOptions, type Appointment, type AppointmentScope } from '../../api/appointments.ts';
import { useAuth } from '../../session/AuthContext.ts';
import { OfflineNotice, OutboxStateBadge } from '../../offline/OfflineMarks.tsx';
import { stateInWords } from '../../offline/words.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { addDays } from '../../../domain/rules/schedules.ts';
import { todayInIndia } from '../../../domain/rules/time.ts';
import { AppointmentActions } from './AppointmentActions.tsx';
import { DayView } from './DayView.tsx';
import { PatientWaitlist } from './waitlist/PatientWaitlist.tsx';
import { getMyWaitlistQueryOptions } from '../../api/waitlist.ts';
import { useWaitingBookings, type WaitingBooking } from './changes.ts';
import {
  PATIENT_STATUS_TABS,
  PROVIDER_STATUS_TABS,
  activeTab,
  counterpartName,
  scopeForRole,
  type StatusTab,
} from './model.ts';
import { AppointmentStatusBadge, NeedsPatientProfile } from './parts.tsx';
import { EmptyState, Loading } from '../../ui/LoadStates.tsx';
import { DataTable } from '../../ui/dataTable/DataTable.tsx';
import { pageOf, withPage } from '../../ui/dataTable/urlState.ts';

const PAGE_SIZE = 10;

/** /appointments for a patient: their appointments and the way to book one. */
export function PatientAppointmentsScreen() {
  usePageTitle('Appointments');
  const { user } = useAuth();
  const titleId = useId();
  const [params] = useSearchParams();
  const hasProfile = Boolean(user?.referenceId);
  // The waitlist shows above the list when the patient is on it. On opening, both are asked at once
  // and shown together once both have answered, so nothing on screen moves down when one arrives.
  const waitlist = useQuery({ ...getMyWaitlistQueryOptions(1), enabled: hasProfile });
  const list = useQuery({
    ...getAppointmentsQueryOptions({ scope: 'patient', page: pageOf(params), status: statusesFrom(params) }, PAGE_SIZE),
    enabled: hasProfile,
  });
  const [shownTogether, setShownTogether] = useState(false);
  if (!shownTogether && !waitlist.isPending && !list.isPending) setShownTogether(true);
  // Rendered in slices the browser can interrupt, once both have answered (see DataTable).
  const contentShown = useDeferredValue(shownTogether);
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h1 id={titleId} className="text-2xl font-bold tracking-tight">
          My appointments
        </h1>
        {user?.referenceId && <ButtonLink to="/appointments/book">Book an appointment</ButtonLink>}
      </header>
      {!hasProfile ? (
        <NeedsPatientProfile next="/appointments" />
      ) : contentShown ? (
        <>
          <PatientWaitlist />
          <AppointmentList scope="patient" tabs={PATIENT_STATUS_TABS} />
        </>
      ) : (
        <Loading what="your appointments" />
      )}
    </section>
  );
}

/**
 * /appointments for a doctor or a hospital: the list (requests to decide on and the days ahead, in
 * date order, optionally of one day) or the Today view (?view=today&date=…: one day's slots).
 */
export function ProviderAppointmentsScreen() {
  usePageTitle('Appointments');
  const { user } = useAuth();
  const titleId = useId();
  const scope = scopeForRole(user?.role);
  const [params, setParams] = useSearchParams();
  const today = params.get('view') === 'today';
  const day = params.get('date') ?? '';

  const show = (view: 'list' | 'today') => {
    const next = new URLSearchParams();
    if (view === 'today') next.set('view', 'today');
    if (day) next.set('date', day);
    setParams(next);
  };
  const chooseDay = (date: string) => {
    const next = new URLSearchParams(today ? { view: 'today' } : {});
    if (date) next.set('date', date);
    setParams(next);
  };
  const shownDay = day || todayInIndia();

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h1 id={titleId} className="text-2xl font-bold tracking-tight">
          Appointments
        </h1>
        {user?.role === 'DOCTOR' && (
          <ButtonLink to="/schedule" buttonStyle="outline" size="sm">
            My schedule
          </ButtonLink>
        )}
      </header>
      <div className="flex flex-wrap items-end gap-3">
        <div role="group" aria-label="View" className="join">
          {(['list', 'today'] as const).map((view) => (
            <button
              key={view}
              type="button"
              className={`btn join-item btn-sm ${(view === 'today') === today ? 'btn-primary' : 'btn-outline'}`}
              aria-pressed={(view === 'today') === today}
              onClick={() => show(view)}
            >
              {view === 'today' ? 'Today' : 'List'}
            </button>
          ))}
        </div>
        <label className="flex flex-col gap-1 text-sm">
          {today ? 'Day' : 'Date'}
          <input
            type="date"
            className="input input-sm w-40"
            value={today ? shownDay : day}
            onChange={(event) => chooseDay(event.target.value)}
          />
        </label>
        {today && (
          <div className="join">
            <button
              type="button"
              className="btn join-item btn-sm btn-outline"
              onClick={() => chooseDay(addDays(shownDay, -1))}
            >
              Previous day
            </button>
            <button
              type="button"
              className="btn join-item btn-sm btn-outline"
              onClick={() => chooseDay(addDays(shownDay, 1))}
            >
              Next day
            </button>
          </div>
        )}
        {!today && day && (
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => chooseDay('')}>
            All dates
          </button>
        )}
      </div>
      {scope === 'doctor' || scope === 'hospital' ? (
        today ? (
          <DayView scope={scope} date={shownDay} />
        ) : (
          <AppointmentList scope={scope} tabs={PROVIDER_STATUS_TABS} date={day || undefined} />
        )
      ) : null}
    </section>
  );
}

const EMPTY_TEXT: Record<string, string> = {
  all: 'No appointments yet.',
  pending: 'No appointments waiting for a decision.',
  accepted: 'No accepted appointments waiting to be confirmed.',
  confirmed: 'No confirmed appointments.',
  rescheduled: 'No new times waiting for an answer.',
  past: 'No finished appointments.',
};

function statusesFrom(params: URLSearchParams): AppointmentStatus[] {
  const wanted = new Set(params.getAll('status').flatMap((s) => s.split(',')));
  return APPOINTMENT_STATUSES.filter((s) => wanted.has(s));
}

function AppointmentList({
  scope,
  tabs,
  date,
}: {
  scope: AppointmentScope;
  tabs: readonly StatusTab[];
  /** Only this India day. */
  date?: string | undefined;
}) {
  const [params, setParams] = useSearchParams();
  const status = statusesFrom(params);
  const page = pageOf(params);
  const tab = activeTab(tabs, status);

  const listQuery = getAppointmentsQueryOptions({ scope, page, status, ...(date ? { date } : {}) }, PAGE_SIZE);
  const listKey = listQuery.queryKey;
  const list = useQuery({
    ...listQuery,
    placeholderData: (previous) => previous,
  });
  // Bookings made on this device and not sent yet: on top of the first page, where they will land (pending).
  const allWaiting = useWaitingBookings();
  const waiting =
    scope === 'patient' && page === 1 && (status.length === 0 || status.includes('PENDING')) ? allWaiting : [];

  const choose = (next: StatusTab) => {
    const search = new URLSearchParams();
    next.statuses.forEach((s) => search.append('status', s));
    if (date) search.set('date', date);
    setParams(search);
  };
  const toPage = (n: number) => {
    setParams(withPage(params, n));
    window.scrollTo({ top: 0 });
  };

  const data = list.data;
  return (
    <>
      <div>
        <div
          role="group"
          aria-label="Show appointments"
          className="tabs tabs-box tabs-sm inline-flex flex-wrap sm:tabs-md"
        >
          {tabs.map((t) => (
            <button
              key={t.id}
              type="button"
              className={`tab whitespace-nowrap ${tab?.id === t.id ? 'tab-active' : 'text-base-content/80'}`}
              aria-pressed={tab?.id === t.id}
              onClick={() => choose(t)}
            >
              {t.label}
            </button>
          ))}
        </div>
      </div>

      <OfflineNotice queryKey={listKey} />
      {waiting.length > 0 && (
        <ul aria-label="Waiting to send" className="flex flex-col gap-3">
          {waiting.map((booking) => (
            <WaitingBookingRow key={booking.entry.id} booking={booking} />
          ))}
        </ul>
      )}
      <DataTable
        label="Appointments"
        noun="appointments"
        rows={data?.appointments}
        rowKey={(appointment) => appointment.id}
        card={(appointment) => <AppointmentRow appointment={appointment} scope={scope} />}
        loading={list.isPending}
        error={list.isError && !data ? list.error : null}
        retry={() => void list.refetch()}
        stale={list.isPlaceholderData}
        empty={
          waiting.length === 0 && (
            <EmptyState title={EMPTY_TEXT[tab?.id ?? 'all'] ?? EMPTY_TEXT.all}>
              {scope === 'patient' ? (
                <>
                  <Link to="/appointments/book" className="link">
                    Book an appointment
                  </Link>{' '}
                  with a doctor or a hospital.
                </>
              ) : (
                'New requests from patients appear here as they arrive.'
              )}
            </EmptyState>
          )
        }
        pagination={data?.pagination}
        onPage={toPage}
      />
    </>
  );
}

/** A booking made on this device that the server does not have yet. */
function WaitingBookingRow({ booking }: { booking: WaitingBooking }) {
  const { entry } = booking;
  const words = stateInWords(entry);
  const needsUser = entry.state === 'conflict' || entry.state === 'paused-auth';
  return (
    <li
      className={`card border border-dashed bg-base-100 ${entry.state === 'conflict' ? 'border-error/60' : 'border-base-300'}`}
    >
      <div className="card-body grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-2 p-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1.3fr)_auto] md:gap-x-6">
        <div className="flex min-w-0 flex-col gap-1">
          <p className="font-semibold break-words">{booking.provider}</p>
          <p className="line-clamp-2 text-sm break-words text-base-content/80">{booking.reason}</p>
        </div>
        <div className="md:col-start-3 md:row-start-1">
          <OutboxStateBadge entry={entry} short />
        </div>
        <div className="col-span-2 flex flex-col gap-0.5 text-sm md:col-span-1 md:col-start-2 md:row-start-1">
          <span className="font-medium">{formatDateTime(booking.scheduledAt)}</span>
          <span className="text-base-content/70">
            {APPOINTMENT_MODE_LABELS[booking.mode as keyof typeof APPOINTMENT_MODE_LABELS] ?? booking.mode} ·{' '}
            {booking.durationMinutes} min
          </span>
        </div>
        <div className="col-span-2 flex flex-wrap items-center gap-2 text-sm md:col-span-3">
          <span className={needsUser ? 'text-error' : 'text-base-content/70'}>
            {needsUser ? words.detail : 'Saved on this device. It is sent by itself as soon as the connection allows.'}
          </span>
          <Link to="/pending-changes" className="link link-primary ms-auto">
            {entry.state === 'conflict' ? 'Retry or discard' : 'Pending changes'}
          </Link>
        </div>
      </div>
    </li>
  );
}

function AppointmentRow({ appointment, scope }: { appointment: Appointment; scope: AppointmentScope }) {
  const name = counterpartName(appointment, scope);
  return (
    <div className="card border border-base-300 bg-base-100">
      {/* One grid for both sizes: on a phone the badge sits beside the name, on a wide screen in its own column. */}
      <div className="card-body grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-2 p-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1.3fr)_auto] md:gap-x-6">
        <div className="flex min-w-0 flex-col gap-1">
          <Link to={`/appointments/${appointment.id}`} className="link link-hover font-semibold break-words">
            {name}
          </Link>
          <p className="line-clamp-2 text-sm break-words text-base-content/80">{appointment.reason}</p>
        </div>
        <div className="md:col-start-3 md:row-start-1">
          <AppointmentStatusBadge status={appointment.status} />
        </div>
        <div className="col-span-2 flex flex-col gap-0.5 text-sm md:col-span-1 md:col-start-2 md:row-start-1">
          <span className="font-medium">{formatDateTime(appointment.scheduledAt)}</span>
          <span className="text-base-content/70">
            {APPOINTMENT_MODE_LABELS[appointment.mode]} · {appointment.durationMinutes} min
            {/* A hospital desk handles several doctors' appointments. */}
            {scope === 'hospital' && appointment.doctor ? ` · ${appointment.doctor.name}` : ''}
          </span>
          {appointment.status === 'RESCHEDULED' && appointment.proposedAt && (
            <span className="text-secondary">New time proposed: {formatDateTime(appointment.proposedAt)}</span>
          )}
        </div>
        <div className="col-span-2 flex flex-wrap items-center gap-2 md:col-span-3">
          <AppointmentActions appointment={appointment} size="sm" />
          <Link to={`/appointments/${appointment.id}`} className="link link-primary ms-auto text-sm">
            Open<span className="sr-only"> appointment with {name}</span>
          </Link>
        </div>
      </div>
    </div>
  );
}
