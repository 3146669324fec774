import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { CONSULTATION_TYPE_LABELS, GENDER_LABELS, VISIT_TYPE_LABELS } from '../../../domain/enums.ts';
import { CONSULTATION_TRANSITIONS, type ConsultationAction } from '../../../domain/rules/consultations.ts';
import { formatDateTime } from '../../../domain/rules/format.ts';
import {
  consultationKeys,
  consultationPaths,
  getConsultationQueryOptions,
  type Consultation,
} from '../../api/consultations.ts';
import { ApiError } from '../../api/http.ts';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { useToast } from '../../ui/toast/useToast.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { AfterVisitSection } from './AfterVisitSection.tsx';
import { AlertsPanel } from './AlertsPanel.tsx';
import { BillingSection } from './BillingSection.tsx';
import { AuditLogSection } from './AuditLogSection.tsx';
import { EmergencyAccessRequest } from './EmergencyAccessRequest.tsx';
import { useAuth } from '../../session/AuthContext.ts';
import { changeTo, useWaitingConsultationChanges } from './changes.ts';
import { ConsultationOrdersSection } from './ConsultationOrders.tsx';
import { DiagnosesSection } from './DiagnosesSection.tsx';
import { NotesSection, TestsSection } from './NotesAndTests.tsx';
import { ConsultationStatusBadge, WaitingNotes, useRecordChange } from './parts.tsx';
import { PrescriptionsSection } from './PrescriptionsSection.tsx';
import { TelemedicineSection } from './TelemedicineSection.tsx';
import { VitalsSection } from './VitalsSection.tsx';

/** /consultations/:id — the treating doctor's and hospital's working screen, and the patient's reading of it. */
export function ConsultationScreen() {
  const { id = '' } = useParams();
  usePageTitle('Consultation');
  const { user } = useAuth();
  const detail = useQuery({
    ...getConsultationQueryOptions(id),
    enabled: id !== '',
  });
  return (
    <div className="flex flex-col gap-4">
      <OfflineNotice queryKey={consultationKeys.detail(id)} />
      {detail.isPending && <Loading what="the consultation" />}
      {detail.isError &&
        (detail.error instanceof ApiError && detail.error.kind === 'NOT_FOUND' ? (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-box border border-base-300 p-6">
            <h1 className="text-xl font-semibold">This consultation is not here</h1>
            <p className="text-sm text-base-content/70">It is not one you treat or one of your own.</p>
            {(user?.role === 'DOCTOR' || user?.role === 'HOSPITAL') && <EmergencyAccessRequest consultationId={id} />}
            <ButtonLink to="/" size="sm" buttonStyle="outline">
              Back to the dashboard
            </ButtonLink>
          </div>
        ) : (
          <LoadError what="the consultation" error={detail.error} retry={() => void detail.refetch()} />
        ))}
      {detail.data && <ConsultationView consultation={detail.data} />}
    </div>
  );
}

function ConsultationView({ consultation: c }: { consultation: Consultation }) {
  const waiting = useWaitingConsultationChanges(c.id);
  const { send, busy } = useRecordChange();
  const toast = useToast();
  const patient = c.patient;
  const facts = [
    patient.age !== null ? `${patient.age} years` : null,
    patient.gender ? GENDER_LABELS[patient.gender] : null,
    `${CONSULTATION_TYPE_LABELS[c.consultationType]}, ${VISIT_TYPE_LABELS[c.visitType].toLowerCase()} visit`,
    c.startedAt ? `started ${formatDateTime(c.startedAt)}` : 'not started',
  ].filter(Boolean);

  async function act(action: ConsultationAction) {
    const label = CONSULTATION_TRANSITIONS[action].label;
    const done = await send(changeTo.record(c.id, { action }, label), `${label}: done.`);
    if (!done.ok && done.error) toast.error(done.error.message);
  }

  return (
    <article aria-labelledby="consultation-title" className="flex flex-col gap-4">
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="consultation-title" className="text-2xl font-bold tracking-tight break-words">
            {patient.name}
          </h1>
          <ConsultationStatusBadge status={c.status} />
          {c.access === 'EMERGENCY' && (
            <span className="badge badge-soft badge-error">
              Emergency access until {c.accessUntil ? formatDateTime(c.accessUntil) : '—'}
            </span>
          )}
        </div>
        <p className="text-sm text-base-content/80">{facts.join(' · ')}</p>
        <p className="text-sm">
          {c.doctor?.name ?? 'No doctor named'}
          {c.hospital ? `, ${c.hospital.name}` : ''}
          {c.appointmentId && c.access !== 'PATIENT' ? (
            <>
              {' · '}
              <Link className="link" to={`/appointments/${c.appointmentId}`}>
                Appointment
              </Link>
            </>
          ) : null}
        </p>
        <div
          role="note"
          aria-label="Allergies"
          className={`alert ${patient.allergies.length ? 'alert-error' : 'alert-info'} alert-soft py-2`}
        >
          <span>
            <strong>Allergies: </strong>
            {patient.allergies.length ? patient.allergies.join(', ') : 'none recorded'}
            {patient.chronicConditions.length ? ` · Conditions: ${patient.chronicConditions.join(', ')}` : ''}
          </span>
        </div>
        <div className="flex flex-wrap gap-2">
          {c.actions.map((action) => (
            <Button
              key={action}
              size="sm"
              variant={action === 'CANCEL' ? 'danger' : 'primary'}
              buttonStyle={action === 'CANCEL' ? 'outline' : 'filled'}
              loading={busy}
              onClick={() => void act(action)}
            >
              {CONSULTATION_TRANSITIONS[action].label}
            </Button>
          ))}
          <a
            className="btn btn-sm btn-outline"
            href={consultationPaths.summaryUrl(c.id)}
            target="_blank"
            rel="noopener"
          >
            Print summary
          </a>
        </div>
        <WaitingNotes entries={waiting} />
      </header>

      <AlertsPanel consultation={c} />
      <TelemedicineSection consultation={c} />

      <div className="grid grid-cols-1 items-start gap-4 md:grid-cols-2">
        <VitalsSection consultation={c} />
        <DiagnosesSection consultation={c} />
        <div className="md:col-span-2">
          <PrescriptionsSection consultation={c} />
        </div>
        <TestsSection consultation={c} />
        <ConsultationOrdersSection consultation={c} />
        <NotesSection consultation={c} />
        <BillingSection consultation={c} />
        <AfterVisitSection consultation={c} />
        {c.access !== 'EMERGENCY' && (
          <div className="md:col-span-2">
            <AuditLogSection consultationId={c.id} />
          </div>
        )}
      </div>
    </article>
  );
}
