import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { APPOINTMENT_MODE_LABELS } from '../../../domain/enums.ts';
import { SLOT_HOLDING_STATUSES } from '../../../domain/rules/appointments.ts';
import { formatDate } from '../../../domain/rules/format.ts';
import { isoToIndiaDateTime } from '../../../domain/rules/time.ts';
import { getAppointmentsQueryOptions, type Appointment } from '../../api/appointments.ts';
import { getDoctorSlotsQueryOptions, getHospitalSlotsQueryOptions, type OpenSlot } from '../../api/schedules.ts';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { useAuth } from '../../session/AuthContext.ts';
import { EmptyState, LoadError, Loading } from '../../ui/LoadStates.tsx';
import { AppointmentStatusBadge } from './parts.tsx';
import { getWaitlistQueryOptions } from '../../api/waitlist.ts';
import { WaitlistStatusBadge } from './waitlist/parts.tsx';

/** Enough for any one day of one doctor or one hospital's desk. */
const DAY_LIMIT = 100;

type Row =
  | { kind: 'appointment'; start: string; appointment: Appointment }
  | { kind: 'open'; start: string; slot: OpenSlot; doctorName: string | null };

const modes = (list: readonly string[]) =>
  list.map((m) => APPOINTMENT_MODE_LABELS[m as keyof typeof APPOINTMENT_MODE_LABELS] ?? m).join(', ');

/**
 * A doctor's or a hospital's day: each open slot and each appointment in time order, who is booked
 * and who waits for a decision. Past slots nobody booked are left out.
 */
export function DayView({ scope, date }: { scope: 'doctor' | 'hospital'; date: string }) {
  const { user } = useAuth();
  const ownId = user?.referenceId ?? '';
  const listOptions = getAppointmentsQueryOptions({ scope, page: 1, status: [], date }, DAY_LIMIT);
  const list = useQuery(listOptions);
  const range = { from: date, days: 1 };
  const doctorSlots = useQuery({
    ...getDoctorSlotsQueryOptions(ownId, range),
    enabled: scope === 'doctor' && ownId !== '',
  });
  const hospitalSlots = useQuery({
    ...getHospitalSlotsQueryOptions(ownId, range),
    enabled: scope === 'hospital' && ownId !== '',
  });
  const slots = scope === 'doctor' ? doctorSlots : hospitalSlots;
  const doctorNames = new Map((hospitalSlots.data?.doctors ?? []).map((d) => [d.id, d.name]));
  const hasSchedule =
    scope === 'doctor'
      ? doctorSlots.data?.hasSchedule === true
      : (hospitalSlots.data?.doctors ?? []).some((d) => d.hasSchedule);

  if (list.isPending) {
    return <Loading what="the day" />;
  }
  if (list.isError && !list.data) {
    return <LoadError what="the day" error={list.error} retry={() => void list.refetch()} />;
  }

  const appointments = list.data.appointments;
  const rows: Row[] = [
    ...appointments.map((appointment) => ({
      kind: 'appointment' as const,
      start: appointment.scheduledAt,
      appointment,
    })),
    ...(slots.data?.slots ?? []).map((slot) => ({
      kind: 'open' as const,
      start: slot.start,
      slot,
      doctorName: scope === 'hospital' ? (doctorNames.get(slot.doctorId) ?? null) : null,
    })),
  ].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const holding = appointments.filter((a) => (SLOT_HOLDING_STATUSES as readonly string[]).includes(a.status));
  const waiting = appointments.filter((a) => a.status === 'PENDING');
  const open = slots.data?.slots.length ?? 0;

  return (
    <section aria-label={`The day: ${formatDate(`${date}T12:00:00+05:30`)}`} className="flex flex-col gap-3">
      <OfflineNotice queryKey={listOptions.queryKey} />
      <p className="text-sm" aria-live="polite">
        <strong>{holding.length}</strong> booked · <strong>{waiting.length}</strong> waiting for a decision ·{' '}
        <strong>{open}</strong> open
      </p>
      {slots.isError && !slots.data && (
        <LoadError what="the open slots" error={slots.error} retry={() => void slots.refetch()} />
      )}
      {rows.length === 0 ? (
        <EmptyState title="Nothing on this day.">
          {hasSchedule || slots.isPending ? (
            'No appointments and no open slots left.'
          ) : scope === 'doctor' ? (
            <>
              No schedule yet: <Link to="/schedule">set the days and hours patients can book</Link>.
            </>
          ) : (
            <>
              None of your doctors has sessions here yet: open a doctor’s schedule from{' '}
              <Link to="/doctors">Doctors</Link>.
            </>
          )}
        </EmptyState>
      ) : (
        <ol
          aria-label="Slots and appointments"
          className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300 bg-base-100"
        >
          {rows.map((row) => (
            <li
              key={row.kind === 'open' ? `open-${row.slot.doctorId}-${row.start}` : row.appointment.id}
              className="grid grid-cols-[4rem_minmax(0,1fr)] items-start gap-3 px-3 py-2 sm:grid-cols-[5rem_minmax(0,1fr)_auto]"
            >
              <span className="font-mono text-sm font-semibold">{isoToIndiaDateTime(row.start).time}</span>
              {row.kind === 'open' ? (
                <span className="text-sm text-base-content/70">
                  Open{row.doctorName ? ` · ${row.doctorName}` : ''} · {modes(row.slot.modes)}
                </span>
              ) : (
                <span className="flex min-w-0 flex-col">
                  <Link
                    to={`/appointments/${row.appointment.id}`}
                    className="link link-hover font-semibold break-words"
                  >
                    {row.appointment.patient.name}
                  </Link>
                  <span className="text-sm break-words text-base-content/70">
                    {[
                      scope === 'hospital' ? row.appointment.doctor?.name : null,
                      modes([row.appointment.mode]),
                      `${row.appointment.durationMinutes} min`,
                      row.appointment.reason,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                  {row.appointment.status === 'PENDING' && (
                    <span className="text-sm font-medium text-warning-content">Waiting for your decision</span>
                  )}
                </span>
              )}
              {row.kind === 'appointment' && (
                <span className="col-start-2 sm:col-start-3">
                  <AppointmentStatusBadge status={row.appointment.status} />
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      <WaitingForTheDay date={date} />
    </section>
  );
}

/** Who waits on the waitlist for a time on this day (offered the day's freed slots first). */
function WaitingForTheDay({ date }: { date: string }) {
  const waiting = useQuery(getWaitlistQueryOptions({ page: 1, limit: 20, preferredDate: date }));
  const live = (waiting.data?.entries ?? []).filter((e) => e.status === 'ACTIVE' || e.status === 'NOTIFIED');
  if (live.length === 0) return null;
  return (
    <section aria-label="Waiting for a time this day" className="flex flex-col gap-2">
      <h3 className="font-semibold">Waiting for a time this day ({live.length})</h3>
      <ul className="flex flex-col gap-1 text-sm">
        {live.map((entry) => (
          <li key={entry.id} className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{entry.patientName}</span>
            <span className="text-base-content/70">
              {entry.doctorName ?? 'Any doctor'} · {entry.reason}
            </span>
            <WaitlistStatusBadge status={entry.status} />
          </li>
        ))}
      </ul>
    </section>
  );
}
