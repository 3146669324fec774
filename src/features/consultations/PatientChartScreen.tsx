import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { BLOOD_GROUP_LABELS, GENDER_LABELS } from '../../../domain/enums.ts';
import { formatDate } from '../../../domain/rules/format.ts';
import { ageInYears } from '../../../domain/rules/vitals.ts';
import { consultationKeys, getPatientChartConsultationsQueryOptions } from '../../api/consultations.ts';
import { ApiError } from '../../api/http.ts';
import { getMedicalHistoryQueryOptions, getPatientQueryOptions, patientKeys } from '../../api/patients.ts';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { useAuth } from '../../session/AuthContext.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { ChartDocuments, ChartResults, CurrentMedicines, PastConsultations } from './chartSections.tsx';
import { Section } from './parts.tsx';

/**
 * The patient chart for a doctor or a hospital within the care relationship (domain/rules/careAccess.ts),
 * opened from a row of the doctor's patients or from an appointment: allergies first, then conditions,
 * current medicines, past consultations with their prescriptions, test results and shared documents.
 */
export function PatientChartScreen() {
  const { patientId = '' } = useParams();
  const { user } = useAuth();
  usePageTitle('Patient chart');
  const [consultationPage, setConsultationPage] = useState(1);
  const patient = useQuery(getPatientQueryOptions(patientId));
  const consultations = useQuery({
    ...getPatientChartConsultationsQueryOptions(patientId, consultationPage),
    placeholderData: (previous) => previous,
  });
  // "Current medicines" always come from the newest consultations, whichever page is open below.
  const newest = useQuery({ ...getPatientChartConsultationsQueryOptions(patientId, 1) });
  const history = useQuery(getMedicalHistoryQueryOptions(patientId, 1, 10));
  const back =
    user?.role === 'HOSPITAL'
      ? { to: '/consultations', label: 'Consultations' }
      : { to: '/patients', label: 'All patients' };

  if (patient.isPending) return <Loading what="the patient chart" />;
  if (patient.isError) {
    return patient.error instanceof ApiError && patient.error.kind === 'NOT_FOUND' ? (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-box border border-base-300 p-6">
        <h1 className="text-xl font-semibold">This patient is not in your care</h1>
        <p className="text-sm text-base-content/70">
          You see a patient’s chart while you have an accepted or confirmed appointment with them, and for a while after
          a completed one.
        </p>
        <ButtonLink to={back.to} size="sm">
          Back to {back.label.toLowerCase()}
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
      <Link to={back.to} className="link link-hover w-max text-sm">
        <span aria-hidden="true">← </span>
        {back.label}
      </Link>
      <OfflineNotice queryKey={patientKeys.detail(patientId)} />
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
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
              .join(' · ') || 'Patient chart'}
          </p>
        </div>
        {user?.role === 'DOCTOR' && (
          <ButtonLink to={`/patients/${patientId}/order-tests`} size="sm" buttonStyle="outline">
            Order tests
          </ButtonLink>
        )}
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
            <ul className="list-inside list-disc text-sm" aria-label="Chronic conditions">
              {p.chronicConditions.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-base-content/70">No chronic conditions recorded.</p>
          )}
          {history.data?.medicalHistory.length ? <h3 className="text-sm font-semibold">Medical history</h3> : null}
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
        <CurrentMedicines consultations={newest.data?.consultations} failed={newest.isError} />
        <div className="md:col-span-2">
          <Section id="past-title" title="Past consultations">
            <OfflineNotice queryKey={consultationKeys.chart(patientId, consultationPage)} />
            {consultations.isPending ? (
              <Loading inline what="consultations" />
            ) : consultations.isError ? (
              <LoadError what="consultations" error={consultations.error} retry={() => void consultations.refetch()} />
            ) : (
              <PastConsultations data={consultations.data} onPage={setConsultationPage} />
            )}
          </Section>
        </div>
        <div className="md:col-span-2">
          <ChartResults patientId={patientId} />
        </div>
        <div className="md:col-span-2">
          <ChartDocuments patientId={patientId} />
        </div>
      </div>
    </article>
  );
}
