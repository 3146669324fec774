import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../domain/rules/format.ts';
import { getTodayQueryOptions, type DiagnosticOrder } from '../../api/diagnosticOrders.ts';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { EmptyState, LoadError, Loading } from '../../ui/LoadStates.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { FieldTestCard } from './FieldTestCard.tsx';
import { TestsTabs } from './TestsTabs.tsx';

const addressLine = (order: DiagnosticOrder) => {
  const a = order.homeCollection?.address;
  return a ? [a.buildingNumber, a.street, a.locality, a.landmark, a.city, a.pincode].filter(Boolean).join(', ') : '';
};

/** The collector's round (360 px first): who, where, when, and each test's changes, all working with no signal. */
export function TodayScreen() {
  usePageTitle('Today’s collections');
  const today = useQuery(getTodayQueryOptions());
  return (
    <section aria-labelledby="today-title" className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <TestsTabs />
      <div>
        <h1 id="today-title" className="text-2xl font-bold tracking-tight">
          Today’s collections
        </h1>
        <p className="text-sm text-base-content/70">
          Home collections assigned to you. Everything here works with no signal: changes wait on this phone and are
          sent once the signal returns.
        </p>
      </div>
      <OfflineNotice />
      {today.isPending ? (
        <Loading what="today’s collections" />
      ) : today.isError ? (
        <LoadError what="today’s collections" error={today.error} retry={() => void today.refetch()} />
      ) : today.data.orders.length === 0 ? (
        <EmptyState title="No collections assigned to you today">
          The desk assigns home collections on the Orders tab.
        </EmptyState>
      ) : (
        <ol className="flex flex-col gap-4">
          {today.data.orders.map((order) => (
            <li key={order.id} className="card border border-base-300 bg-base-100">
              <div className="card-body gap-3 p-4">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="text-lg font-semibold">{order.patientName}</h2>
                  {order.homeCollection && (
                    <span className="text-sm font-medium">
                      {formatDateTime(order.homeCollection.windowStart)} –{' '}
                      {formatDateTime(order.homeCollection.windowEnd).split(', ').pop()}
                    </span>
                  )}
                </div>
                <p className="text-sm">{addressLine(order)}</p>
                {order.patientPhone && (
                  <a className="link w-fit text-sm" href={`tel:+91${order.patientPhone}`}>
                    Call {order.patientPhone}
                  </a>
                )}
                {order.priority !== 'ROUTINE' && <p className="text-sm font-semibold text-error">{order.priority}</p>}
                <ul className="flex flex-col gap-2" aria-label={`Tests for ${order.patientName}`}>
                  {order.tests.map((test) => (
                    <FieldTestCard key={test.id} order={order} test={test} />
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
