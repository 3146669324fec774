import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { APPOINTMENT_MODE_LABELS, APPOINTMENT_STATUSES, type AppointmentStatus } from '../../../domain/enums.ts';
import { formatDateTime } from '../../../domain/rules/format.ts';
import { getAppointmentsQueryOptions, type Appointment, type AppointmentScope } from '../../api/appointments.ts';
import { useAuth } from '../../session/AuthContext.ts';
import { OfflineNotice, OutboxStateBadge } from '../../offline/OfflineMarks.tsx';
import { stateInWords } from '../../offline/words.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { AppointmentActions } from './AppointmentActions.tsx';
import { useWaitingBookings, type WaitingBooking } from './changes.ts';
import {
  PATIENT_STATUS_TABS,
  PROVIDER_STATUS_TABS,
  activeTab,
  counterpartName,
  scopeForRole,
  type StatusTab,
} from './model.ts';
import { AppointmentStatusBadge, NeedsPatientProfile, NotOnDevice } from './parts.tsx';
import { EmptyState } from '../../ui/LoadStates.tsx';
import { DataTable } from '../../ui/dataTable/DataTable.tsx';
import { pageOf, withPage } from '../../ui/dataTable/urlState.ts';

const PAGE_SIZE = 10;

/** /appointments for a patient: their appointments and the way to book one. */
export function PatientAppointmentsScreen() {
  usePageTitle('Appointments');
  const { user } = useAuth();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h1 id={titleId} className="text-2xl font-bold tracking-tight">
          My appointments
        </h1>
        {user?.referenceId && <ButtonLink to="/appointments/book">Book an appointment</ButtonLink>}
      </header>
      {user?.referenceId ? <AppointmentList scope="patient" tabs={PATIENT_STATUS_TABS} /> : <NeedsPatientProfile />}
    </section>
  );
}

/** /appointments for a doctor or a hospital: requests to decide on and the days ahead. */
export function ProviderAppointmentsScreen() {
  usePageTitle('Appointments');
  const { user } = useAuth();
  const titleId = useId();
  const scope = scopeForRole(user?.role);
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <h1 id={titleId} className="text-2xl font-bold tracking-tight">
        Appointments
      </h1>
      {scope && <AppointmentList scope={scope} tabs={PROVIDER_STATUS_TABS} />}
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

function AppointmentList({ scope, tabs }: { scope: AppointmentScope; tabs: readonly StatusTab[] }) {
  const [params, setParams] = useSearchParams();
  const status = statusesFrom(params);
  const page = pageOf(params);
  const tab = activeTab(tabs, status);

  const listQuery = getAppointmentsQueryOptions({ scope, page, status }, PAGE_SIZE);
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
        loadingView={list.fetchStatus === 'paused' ? <NotOnDevice what="your appointments" /> : undefined}
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
