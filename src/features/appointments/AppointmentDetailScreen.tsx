import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { APPOINTMENT_MODE_LABELS, type Actor } from '../../../domain/enums.ts';
import { isCareRelationship } from '../../../domain/rules/careAccess.ts';
import { formatDateTime } from '../../../domain/rules/format.ts';
import { appointmentKeys, getAppointmentQueryOptions, type Appointment } from '../../api/appointments.ts';
import { ApiError } from '../../api/http.ts';
import { useAuth } from '../../session/AuthContext.ts';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { AppointmentActions } from './AppointmentActions.tsx';
import { shortProvider } from './changes.ts';
import { Conversation } from './Conversation.tsx';
import { counterpartName, scopeForRole } from './model.ts';
import { AppointmentStatusBadge } from './parts.tsx';
import { DetailList } from '../../ui/DetailList.tsx';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { SharedDocuments } from './SharedDocuments.tsx';
import { StartConsultation } from './StartConsultation.tsx';

/** /appointments/:id for the patient, the doctor and the hospital of the appointment (push links open it). */
export function AppointmentDetailScreen() {
  const { id = '' } = useParams();
  const detail = useQuery({
    ...getAppointmentQueryOptions(id),
    enabled: id !== '',
  });
  usePageTitle('Appointment');

  return (
    <div className="flex flex-col gap-4">
      <Link to="/appointments" className="link link-hover w-max text-sm">
        <span aria-hidden="true">← </span>All appointments
      </Link>
      <OfflineNotice queryKey={appointmentKeys.detail(id)} />
      {detail.isPending && <Loading what="the appointment" />}
      {detail.isError &&
        (detail.error instanceof ApiError && detail.error.kind === 'NOT_FOUND' ? (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-box border border-base-300 p-6">
            <h1 className="text-xl font-semibold">This appointment is not here</h1>
            <p className="text-sm text-base-content/70">It may have been deleted, or it is not one of yours.</p>
            <ButtonLink to="/appointments" size="sm">
              Back to appointments
            </ButtonLink>
          </div>
        ) : (
          <LoadError what="the appointment" error={detail.error} retry={() => void detail.refetch()} />
        ))}
      {detail.data && <AppointmentDetail appointment={detail.data} />}
    </div>
  );
}

function AppointmentDetail({ appointment }: { appointment: Appointment }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const titleId = useId();
  const detailsId = useId();
  const scope = scopeForRole(user?.role);
  const me: Actor | null =
    user?.role === 'PATIENT' || user?.role === 'DOCTOR' || user?.role === 'HOSPITAL' ? user.role : null;
  const proposed = appointment.status === 'RESCHEDULED' && appointment.proposedAt;
  // The appointment's doctor and hospital open the patient's chart while it is a care relationship.
  const chart = (me === 'DOCTOR' || me === 'HOSPITAL') && isCareRelationship(appointment);

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 id={titleId} className="text-2xl font-bold tracking-tight break-words">
          Appointment with {counterpartName(appointment, scope)}
        </h1>
        <AppointmentStatusBadge status={appointment.status} />
      </header>

      {proposed && (
        <div role="status" className="alert alert-info alert-soft flex flex-col items-start gap-1">
          <p className="font-medium">New time proposed: {formatDateTime(appointment.proposedAt)} (India time)</p>
          <p className="text-sm">
            Instead of {formatDateTime(appointment.scheduledAt)}.
            {scope === 'patient' ? ' Accept the new time or keep the original one.' : ' Waiting for the patient.'}
          </p>
        </div>
      )}

      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="flex min-w-0 flex-col gap-4">
          <section aria-labelledby={detailsId} className="card border border-base-300 bg-base-100">
            <div className="card-body gap-3 p-4 sm:p-6">
              <h2 id={detailsId} className="text-lg font-semibold">
                Details
              </h2>
              <DetailList
                rows={[
                  ['When', `${formatDateTime(appointment.scheduledAt)} (India time)`],
                  ['Duration', `${appointment.durationMinutes} minutes`],
                  ['Mode', APPOINTMENT_MODE_LABELS[appointment.mode]],
                  ['Reason', appointment.reason],
                  ['Patient', appointment.patient.name],
                  ['Doctor', appointment.doctor?.name],
                  ['Hospital', appointment.hospital?.name],
                  ...(appointment.statusReason ? [['Note', appointment.statusReason] as [string, string]] : []),
                  ['Requested', formatDateTime(appointment.createdAt)],
                ]}
              />
              {chart && (
                <ButtonLink
                  to={`/patients/${appointment.patient.id}`}
                  buttonStyle="outline"
                  aria-label={`Patient chart of ${appointment.patient.name}`}
                >
                  Patient chart
                </ButtonLink>
              )}
              <StartConsultation appointment={appointment} />
              <AppointmentActions
                appointment={appointment}
                size="md"
                onDeleted={() => void navigate('/appointments', { replace: true })}
              />
            </div>
          </section>
          <SharedDocuments appointment={appointment} viewer={me === 'PATIENT' ? 'patient' : 'other'} />
        </div>
        <Conversation
          appointmentId={appointment.id}
          me={me}
          to={me === 'PATIENT' ? shortProvider(appointment) : appointment.patient.name}
        />
      </div>
    </section>
  );
}
