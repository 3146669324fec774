import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { BLOOD_GROUP_LABELS, DRUG_FORM_LABELS, GENDER_LABELS } from '../../../domain/enums.ts';
import { formatDate, formatDateTime } from '../../../domain/rules/format.ts';
import { ageInYears } from '../../../domain/rules/vitals.ts';
import { getConsultationQueryOptions, getConsultationsQueryOptions } from '../../api/consultations.ts';
import { ApiError } from '../../api/http.ts';
import { getMedicalHistoryQueryOptions, getPatientQueryOptions, patientKeys } from '../../api/patients.ts';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { EmptyState, LoadError, Loading } from '../../ui/LoadStates.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { ConsultationStatusBadge, Section } from './parts.tsx';

/**
 * The patient chart, opened from a row of the doctor's patients (within the care relationship):
 * allergies first, then conditions, current medicines, past consultations with their prescriptions,
 * and the medical history.
 */
export function PatientChartScreen() {
  const { patientId = '' } = useParams();
  usePageTitle('Patient chart');
  const patient = useQuery({
    ...getPatientQueryOptions(patientId),
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
  });
  const consultations = useQuery(getConsultationsQueryOptions({ patientId, limit: 10, page: 1 }));
  const history = useQuery(getMedicalHistoryQueryOptions(patientId, 1, 10));
  const latestId = consultations.data?.consultations[0]?.id;
  const latest = useQuery({ ...getConsultationQueryOptions(latestId ?? ''), enabled: Boolean(latestId) });

  if (patient.isPending) return <Loading what="the patient chart" />;
  if (patient.isError) {
    return patient.error instanceof ApiError && patient.error.kind === 'NOT_FOUND' ? (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-box border border-base-300 p-6">
        <h1 className="text-xl font-semibold">This patient is not in your care</h1>
        <ButtonLink to="/patients" size="sm">
          Back to patients
        </ButtonLink>
      </div>
    ) : (
      <LoadError what="the patient chart" error={patient.error} retry={() => void patient.refetch()} />
    );
  }
  const p = patient.data;
  const age = ageInYears(p.dateOfBirth);
  return (
    <article aria-labelledby="chart-title" className="flex flex-col gap-4">
      <Link to="/patients" className="link link-hover w-max text-sm">
        <span aria-hidden="true">← </span>All patients
      </Link>
      <OfflineNotice queryKey={patientKeys.detail(patientId)} />
      <header>
        <h1 id="chart-title" className="text-2xl font-bold tracking-tight">
          {p.firstName} {p.lastName}
        </h1>
        <p className="text-sm text-base-content/80">
          {[
            age !== null ? `${age} years` : null,
            p.gender ? GENDER_LABELS[p.gender] : null,
            p.bloodGroup ? `Blood group ${BLOOD_GROUP_LABELS[p.bloodGroup]}` : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </header>
      <div
        role="note"
        aria-label="Allergies"
        className={`alert ${p.allergies.length ? 'alert-error' : 'alert-info'} alert-soft`}
      >
        <span>
          <strong>Allergies: </strong>
          {p.allergies.length ? p.allergies.join(', ') : 'none recorded'}
        </span>
      </div>
      <div className="grid grid-cols-1 items-start gap-4 md:grid-cols-2">
        <Section id="conditions-title" title="Conditions">
          {p.chronicConditions.length ? (
            <ul className="list-inside list-disc text-sm">
              {p.chronicConditions.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-base-content/70">No chronic conditions recorded.</p>
          )}
          {history.data?.medicalHistory.length ? (
            <ul className="flex flex-col gap-1 text-sm" aria-label="Medical history">
              {history.data.medicalHistory.map((h) => (
                <li key={h.id}>
                  {h.condition}
                  {h.diagnosedOn ? ` (${formatDate(h.diagnosedOn)})` : ''}
                </li>
              ))}
            </ul>
          ) : null}
        </Section>
        <Section id="medicines-title" title="Current medicines">
          {latest.data?.prescriptions.length ? (
            <ul className="flex flex-col gap-1 text-sm">
              {latest.data.prescriptions.map((rx) => (
                <li key={rx.id}>
                  {DRUG_FORM_LABELS[rx.form]} {rx.genericName} {rx.strength ?? ''} — {rx.dose}, {rx.frequency},{' '}
                  {rx.duration}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-base-content/70">
              {latestId ? 'Nothing prescribed at the last consultation.' : 'No consultation yet.'}
            </p>
          )}
        </Section>
        <div className="md:col-span-2">
          <Section id="past-title" title="Consultations">
            {consultations.isPending && <Loading what="consultations" />}
            {consultations.isError && (
              <LoadError what="consultations" error={consultations.error} retry={() => void consultations.refetch()} />
            )}
            {consultations.data?.consultations.length === 0 && <EmptyState title="No consultations yet." />}
            <ul className="flex flex-col gap-2">
              {consultations.data?.consultations.map((c) => (
                <li key={c.id} className="flex flex-wrap items-center gap-2 text-sm">
                  <Link className="link link-primary" to={`/consultations/${c.id}`}>
                    {formatDateTime(c.startedAt ?? c.createdAt)}
                  </Link>
                  <ConsultationStatusBadge status={c.status} />
                  <span>{c.primaryDiagnosis ?? 'No diagnosis yet'}</span>
                  <span className="text-base-content/70">{c.doctor?.name ?? c.hospital?.name}</span>
                </li>
              ))}
            </ul>
          </Section>
        </div>
      </div>
    </article>
  );
}
