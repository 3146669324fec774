import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DRUG_FORM_LABELS } from '../../../domain/enums.ts';
import { formatDate, formatDateTime } from '../../../domain/rules/format.ts';
import type { ChartConsultation } from '../../api/consultations.ts';
import { getPatientOrdersQueryOptions } from '../../api/diagnosticOrders.ts';
import { messageOf } from '../../api/http.ts';
import { getPatientDocumentsQueryOptions, patientsApi, type PatientDocument } from '../../api/patients.ts';
import { OnlineButton } from '../../offline/NeedsConnection.tsx';
import { DiagnosticReportList } from '../../ui/DiagnosticReports.tsx';
import { EmptyState, LoadError, Loading } from '../../ui/LoadStates.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { saveBlob } from '../../ui/saveBlob.ts';
import { useToast } from '../../ui/toast/index.ts';
import { ConsultationStatusBadge, Section } from './parts.tsx';

/** The parts of the patient chart below the allergies: medicines, past consultations, results, documents. */

type Rx = ChartConsultation['prescriptions'][number];

export function RxLine({ rx }: { rx: Rx }) {
  return (
    <>
      <span className="font-medium">
        {rx.genericName}
        {rx.brandName ? ` (${rx.brandName})` : ''}
        {rx.strength ? ` ${rx.strength}` : ''}
      </span>{' '}
      <span className="text-base-content/80">
        {DRUG_FORM_LABELS[rx.form]} — {rx.dose}, {rx.frequency}, {rx.duration}
        {rx.instructions ? `. ${rx.instructions}` : ''}
      </span>
    </>
  );
}

/** What the patient takes now: the newest consultation's prescription that has any lines. */
export function CurrentMedicines({
  consultations,
  failed,
}: {
  consultations: ChartConsultation[] | undefined;
  failed: boolean;
}) {
  const latest = consultations?.find((c) => c.prescriptions.length > 0);
  return (
    <Section id="medicines-title" title="Current medicines">
      {!consultations && failed ? (
        <p className="text-sm text-base-content/70">
          The consultations could not be loaded, so the current medicines are not known here.
        </p>
      ) : !consultations ? (
        <Loading inline what="current medicines" />
      ) : latest ? (
        <>
          <p className="text-sm text-base-content/70">
            As prescribed on {formatDate(latest.startedAt ?? latest.createdAt)}
            {latest.doctor ? ` by ${latest.doctor.name}` : ''}.
          </p>
          <ul className="flex flex-col gap-1 text-sm" aria-label="Current medicines">
            {latest.prescriptions.map((rx) => (
              <li key={rx.id}>
                <RxLine rx={rx} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="text-sm text-base-content/70">
          {consultations.length ? 'Nothing has been prescribed at these consultations.' : 'No consultation yet.'}
        </p>
      )}
    </Section>
  );
}

/** Each of the caller's consultations with this patient: when, status, diagnoses, every prescription line. */
export function PastConsultations({
  data,
  onPage,
}: {
  data: { consultations: ChartConsultation[]; pagination: Parameters<typeof Pagination>[0]['pagination'] };
  onPage(page: number): void;
}) {
  if (data.consultations.length === 0) {
    return (
      <EmptyState title="No consultations yet.">
        Consultations you hold with this patient show here, with what was prescribed.
      </EmptyState>
    );
  }
  return (
    <>
      <ol className="flex flex-col gap-3" aria-label="Past consultations">
        {data.consultations.map((c) => (
          <li key={c.id} className="rounded-box border border-base-300 p-3">
            <div className="flex flex-wrap items-center gap-2">
              <Link className="link link-primary font-medium" to={`/consultations/${c.id}`}>
                {formatDateTime(c.startedAt ?? c.createdAt)}
              </Link>
              <ConsultationStatusBadge status={c.status} />
              <span className="text-sm text-base-content/70">
                {[c.doctor?.name, c.hospital?.name].filter(Boolean).join(' · ')}
              </span>
            </div>
            {c.chiefComplaint && <p className="mt-1 text-sm break-words">{c.chiefComplaint}</p>}
            <p className="mt-1 text-sm">
              <span className="font-medium">Diagnosis: </span>
              {c.diagnoses.length
                ? c.diagnoses.map((d) => (d.code ? `${d.description} (${d.code})` : d.description)).join('; ')
                : 'none recorded'}
            </p>
            {c.prescriptions.length ? (
              <div className="mt-1">
                <p className="text-sm font-medium">Prescribed</p>
                <ul
                  className="list-inside list-disc text-sm"
                  aria-label={`Prescribed on ${formatDate(c.startedAt ?? c.createdAt)}`}
                >
                  {c.prescriptions.map((rx) => (
                    <li key={rx.id}>
                      <RxLine rx={rx} />
                    </li>
                  ))}
                </ul>
              </div>
            ) : (
              <p className="mt-1 text-sm text-base-content/70">Nothing prescribed.</p>
            )}
          </li>
        ))}
      </ol>
      <Pagination pagination={data.pagination} onPage={onPage} />
    </>
  );
}

/** Released reports with their flags: the orders this doctor or hospital made for the patient. */
export function ChartResults({ patientId }: { patientId: string }) {
  const [page, setPage] = useState(1);
  const orders = useQuery(getPatientOrdersQueryOptions(patientId, { page, limit: 10 }));
  return (
    <Section id="results-title" title="Test results">
      {orders.isPending ? (
        <Loading inline what="test results" />
      ) : orders.isError ? (
        <LoadError what="test results" error={orders.error} retry={() => void orders.refetch()} />
      ) : orders.data.orders.length === 0 ? (
        <EmptyState title="No test results.">
          Reports of the tests you order for this patient show here once released.
        </EmptyState>
      ) : (
        <>
          <DiagnosticReportList
            label="Test reports"
            orders={orders.data.orders}
            link={(order) => (
              <Link className="link text-sm" to={`/diagnostic-orders/${order.id}`}>
                Open the order
              </Link>
            )}
          />
          <Pagination pagination={orders.data.pagination} onPage={setPage} />
        </>
      )}
    </Section>
  );
}

/** The documents the patient shared with this provider's visits (and those this provider uploaded). */
export function ChartDocuments({ patientId }: { patientId: string }) {
  const [page, setPage] = useState(1);
  const documents = useQuery(getPatientDocumentsQueryOptions(patientId, page, 10));
  return (
    <Section id="documents-title" title="Shared documents">
      {documents.isPending ? (
        <Loading inline what="shared documents" />
      ) : documents.isError ? (
        <LoadError what="shared documents" error={documents.error} retry={() => void documents.refetch()} />
      ) : documents.data.documents.length === 0 ? (
        <p className="text-sm text-base-content/70">
          The patient has not shared any documents with your visits. Patients share documents with a visit from its
          page.
        </p>
      ) : (
        <>
          <ul className="divide-y divide-base-300" aria-label="Shared documents">
            {documents.data.documents.map((doc) => (
              <DocumentRow key={doc.id} patientId={patientId} document={doc} />
            ))}
          </ul>
          <Pagination pagination={documents.data.pagination} onPage={setPage} />
        </>
      )}
    </Section>
  );
}

function DocumentRow({ patientId, document: doc }: { patientId: string; document: PatientDocument }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await patientsApi.documentContent(patientId, doc.id), doc.fileName);
    } catch (error) {
      toast.error(`Could not download ${doc.fileName}: ${messageOf(error)}`, { title: 'Error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <div className="min-w-0">
        <p className="font-medium break-words">{doc.title}</p>
        <p className="text-xs wrap-anywhere text-base-content/70">
          {doc.fileName} · {formatDateTime(doc.createdAt)}
        </p>
      </div>
      <OnlineButton
        size="sm"
        buttonStyle="outline"
        loading={busy}
        aria-label={`Download ${doc.title}`}
        onClick={() => void download()}
      >
        Download
      </OnlineButton>
    </li>
  );
}
