import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  DIAGNOSTIC_TEST_STATUS_LABELS,
  DIAGNOSTIC_TEST_TYPES,
  DIAGNOSTIC_TEST_TYPE_LABELS,
  RESULT_FLAG_LABELS,
} from '../../../domain/enums.ts';
import { formatDateTime } from '../../../domain/rules/format.ts';
import { REPORT_FLAG_FILTERS } from '../../../domain/schemas/diagnosticReports.ts';
import { getReportsQueryOptions, getStatsQueryOptions, type ReportParams } from '../../api/diagnosticOrders.ts';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { SelectField } from '../../ui/form/SelectField.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { EmptyState, LoadError, Loading } from '../../ui/LoadStates.tsx';
import { LoadTogether, ReadyWhen, firstAnswerIn } from '../../ui/LoadTogether.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { FlagBadge } from './parts.tsx';

// The chart library comes with this chunk only, when the statistics are shown.
const StatsCharts = lazy(() => import('./StatsCharts.tsx'));

const FLAG_LABELS: Record<string, string> = {
  ...RESULT_FLAG_LABELS,
  CRITICAL: 'Any critical',
  ANY_FLAG: 'Any flag',
  NONE: 'No flag',
};
const PAGE_SIZE = 20;

/** Released and corrected reports with turnaround against the promise, and the centre's statistics. */
export function ReportsScreen() {
  usePageTitle('Reports');
  const [search, setSearch] = useSearchParams();
  const get = (name: string) => search.get(name) ?? '';
  const [page, setPage] = useState(1);
  const params: ReportParams = {
    page,
    limit: PAGE_SIZE,
    patient: get('patient') || undefined,
    testType: get('testType') || undefined,
    flag: get('flag') || undefined,
    dateFrom: get('dateFrom') || undefined,
    dateTo: get('dateTo') || undefined,
  };
  const reports = useQuery(getReportsQueryOptions(params));
  const stats = useQuery(getStatsQueryOptions({ dateFrom: params.dateFrom, dateTo: params.dateTo }));
  const set = (name: string, value: string) => {
    setPage(1);
    setSearch((p) => {
      const copy = new URLSearchParams(p);
      if (value) copy.set(name, value);
      else copy.delete(name);
      return copy;
    });
  };
  return (
    <section aria-labelledby="reports-title" className="flex w-full flex-col gap-4">
      <h1 id="reports-title" className="text-2xl font-bold tracking-tight">
        Reports
      </h1>
      <form
        role="search"
        aria-label="Filter reports"
        className="grid grid-cols-1 gap-3 sm:grid-cols-5"
        onSubmit={(e) => e.preventDefault()}
      >
        <TextField label="Patient" value={get('patient')} onChange={(e) => set('patient', e.target.value)} />
        <SelectField
          label="Test"
          options={DIAGNOSTIC_TEST_TYPES}
          labels={DIAGNOSTIC_TEST_TYPE_LABELS}
          placeholder="Any test"
          value={get('testType')}
          onChange={(e) => set('testType', e.target.value)}
        />
        <SelectField
          label="Flag"
          options={REPORT_FLAG_FILTERS}
          labels={FLAG_LABELS}
          placeholder="Any result"
          value={get('flag')}
          onChange={(e) => set('flag', e.target.value)}
        />
        <TextField
          label="Released from"
          type="date"
          value={get('dateFrom')}
          onChange={(e) => set('dateFrom', e.target.value)}
        />
        <TextField
          label="Released to"
          type="date"
          value={get('dateTo')}
          onChange={(e) => set('dateTo', e.target.value)}
        />
      </form>
      <OfflineNotice />
      {/* The charts come last, below everything: their code arriving later moves nothing else. */}
      <LoadTogether what="reports">
        <ReadyWhen ready={firstAnswerIn(reports) && firstAnswerIn(stats)} />
        {reports.isPending ? (
          <Loading what="reports" />
        ) : reports.isError ? (
          <LoadError what="reports" error={reports.error} retry={() => void reports.refetch()} />
        ) : reports.data.reports.length === 0 ? (
          <EmptyState title="No released reports match">Reports appear here once a signer releases them.</EmptyState>
        ) : (
          <>
            <div className="overflow-x-auto rounded-box border border-base-300">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">Patient</th>
                    <th scope="col">Test</th>
                    <th scope="col">Result</th>
                    <th scope="col">Released</th>
                    <th scope="col">Turnaround (promised)</th>
                  </tr>
                </thead>
                <tbody>
                  {reports.data.reports.map((r) => (
                    <tr key={r.testId}>
                      <td>
                        <Link className="link" to={`/tests/orders/${r.orderId}`}>
                          {r.patientName}
                        </Link>
                      </td>
                      <td>
                        {DIAGNOSTIC_TEST_TYPE_LABELS[r.testType]}
                        {r.status === 'CORRECTED' && (
                          <span className="block text-xs">
                            {DIAGNOSTIC_TEST_STATUS_LABELS.CORRECTED} (v{r.version})
                          </span>
                        )}
                      </td>
                      <td className="flex flex-wrap items-center gap-1">
                        {r.value !== null ? `${r.value} ${r.unit}` : (r.code ?? '')} <FlagBadge flag={r.flag} />
                      </td>
                      <td className="text-sm">{formatDateTime(r.releasedAt)}</td>
                      <td className="text-sm">
                        {r.turnaroundHours === null ? '—' : `${r.turnaroundHours} h`}{' '}
                        {r.promisedHours !== null && `(${r.promisedHours} h)`}{' '}
                        {r.breached && (
                          <StatusBadge tone="error" size="sm">
                            Late
                          </StatusBadge>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination pagination={reports.data.pagination} onPage={setPage} />
          </>
        )}
        <h2 className="text-xl font-semibold">Statistics</h2>
        {stats.isPending ? (
          <Loading what="statistics" />
        ) : stats.isError ? (
          <LoadError what="statistics" error={stats.error} retry={() => void stats.refetch()} />
        ) : stats.data.orders === 0 ? (
          <EmptyState title="No orders in this period" />
        ) : (
          <Suspense fallback={<Loading what="charts" />}>
            <StatsCharts stats={stats.data} />
          </Suspense>
        )}
      </LoadTogether>
    </section>
  );
}
