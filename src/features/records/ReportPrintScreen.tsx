import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { DIAGNOSTIC_TEST_TYPE_LABELS } from '../../../domain/enums.ts';
import { reportStageOf } from '../../../domain/rules/diagnosticOrders.ts';
import { formatDate, formatDateTime } from '../../../domain/rules/format.ts';
import { diagnosticOrderKeys, getOrderQueryOptions } from '../../api/diagnosticOrders.ts';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { Button } from '../../ui/Button.tsx';
import { FlagBadge, rangeText, resultText } from '../../ui/diagnosticResults.tsx';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';

const STAGE_WORDS = {
  PRELIMINARY: 'Preliminary: not yet checked and signed',
  FINAL: 'Final',
  CORRECTED: 'Corrected: replaces an earlier final report',
};

/**
 * A report as a print-styled page (the browser's print shapes Indian scripts correctly, PDF
 * libraries do not): the centre's name and accreditations, the patient, each result with its range
 * and flag, and whether it is preliminary, final or corrected, said plainly.
 */
export function ReportPrintScreen() {
  const { orderId = '' } = useParams();
  usePageTitle('Test report');
  const order = useQuery(getOrderQueryOptions(orderId));
  if (order.isPending) return <Loading what="the report" />;
  if (order.isError) return <LoadError what="the report" error={order.error} retry={() => void order.refetch()} />;
  const o = order.data;
  return (
    <article
      aria-labelledby="report-title"
      className="mx-auto flex w-full max-w-3xl flex-col gap-4 bg-base-100 p-4 print:max-w-none print:p-0"
    >
      <div className="flex flex-wrap gap-2 print:hidden">
        <Link className="link" to="/medical-records">
          ← Medical Records
        </Link>
        <Button size="sm" className="ml-auto" onClick={() => window.print()}>
          Print or save as PDF
        </Button>
      </div>
      <OfflineNotice queryKey={diagnosticOrderKeys.detail(orderId)} className="print:hidden" />
      <header className="border-b border-base-300 pb-3">
        <h1 id="report-title" className="text-2xl font-bold">
          {o.centreName}
        </h1>
        {o.centreAccreditations.length > 0 && (
          <p className="text-sm">Accredited: {o.centreAccreditations.join(', ')}</p>
        )}
      </header>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="font-medium">Patient</dt>
          <dd>{o.patientName}</dd>
        </div>
        <div>
          <dt className="font-medium">Sex / date of birth</dt>
          <dd>
            {o.patientSex ? o.patientSex.toLowerCase() : 'Not recorded'} /{' '}
            {o.patientDateOfBirth ? formatDate(o.patientDateOfBirth) : 'Not recorded'}
          </dd>
        </div>
        <div>
          <dt className="font-medium">Referred by</dt>
          <dd>{o.doctorName ?? o.hospitalName ?? 'Self'}</dd>
        </div>
        <div>
          <dt className="font-medium">Ordered</dt>
          <dd>{formatDateTime(o.createdAt)}</dd>
        </div>
      </dl>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Test</th>
            <th scope="col">Result</th>
            <th scope="col">Reference range</th>
            <th scope="col">Report</th>
          </tr>
        </thead>
        <tbody>
          {o.tests
            .filter((t) => t.result)
            .map((t) => {
              const stage = reportStageOf(t.status);
              return (
                <tr key={t.id}>
                  <th scope="row" className="font-medium">
                    {DIAGNOSTIC_TEST_TYPE_LABELS[t.testType]}
                    {t.collectedAt && (
                      <span className="block text-xs font-normal">Collected {formatDateTime(t.collectedAt)}</span>
                    )}
                  </th>
                  <td>
                    <span className="font-semibold">{resultText(t.result!)}</span> <FlagBadge flag={t.result!.flag} />
                    {t.result!.correctionReason && (
                      <span className="block text-xs">Correction: {t.result!.correctionReason}</span>
                    )}
                  </td>
                  <td>{rangeText(t.result!)}</td>
                  <td className="text-sm">{stage ? STAGE_WORDS[stage] : ''}</td>
                </tr>
              );
            })}
        </tbody>
      </table>
      <p className="text-xs text-base-content/70">
        A flag appears only where a reference range applies to this patient; no flag without a range does not mean
        normal.
      </p>
    </article>
  );
}
