import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { getPatientOrdersQueryOptions } from '../../api/diagnosticOrders.ts';
import { DiagnosticReportList } from '../../ui/DiagnosticReports.tsx';
import { EmptyState, LoadError, Loading } from '../../ui/LoadStates.tsx';
import { firstAnswerIn, useLoadedTogether } from '../../ui/LoadTogether.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { usePageParam } from './usePageParam.ts';

/** The patient's diagnostic tests: each report with its flags and ranges, a printable page, trends. */
export function TestReports({ patientId }: { patientId: string }) {
  const [page, setPage] = usePageParam('testsPage');
  const orders = useQuery(getPatientOrdersQueryOptions(patientId, { page, limit: 10 }));
  useLoadedTogether(firstAnswerIn(orders));
  return (
    <section aria-labelledby="test-reports-title" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="test-reports-title" className="text-lg font-semibold">
            Test reports
          </h2>
          <Link className="btn btn-sm btn-primary" to="/medical-records/book-tests">
            Book tests
          </Link>
        </div>
        {orders.isPending ? (
          <Loading what="your test reports" inline />
        ) : orders.isError ? (
          <LoadError what="your test reports" error={orders.error} retry={() => void orders.refetch()} />
        ) : orders.data.orders.length === 0 ? (
          <EmptyState title="No diagnostic tests yet">
            Tests your doctor orders, or you book at a centre, show here.
          </EmptyState>
        ) : (
          <>
            <DiagnosticReportList
              orders={orders.data.orders}
              link={(order) =>
                order.tests.some((t) => t.result) && (
                  <Link className="link text-sm" to={`/medical-records/reports/${order.id}`}>
                    Printable report
                  </Link>
                )
              }
            />
            <Pagination pagination={orders.data.pagination} onPage={setPage} />
          </>
        )}
      </div>
    </section>
  );
}
