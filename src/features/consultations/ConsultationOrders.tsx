import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DIAGNOSTIC_TEST_TYPE_LABELS, ORDER_PRIORITY_LABELS } from '../../../domain/enums.ts';
import { formatDateTime } from '../../../domain/rules/format.ts';
import type { Consultation } from '../../api/consultations.ts';
import { getConsultationOrdersQueryOptions } from '../../api/diagnosticOrders.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { OrderStatusBadge, TestStatusBadge } from '../../ui/diagnosticResults.tsx';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { Section } from './parts.tsx';

const PAGE_SIZE = 10;

/**
 * The consultation's diagnostic orders and their status (kept current by the diagnosticOrderUpdate
 * event); the treating doctor or hospital orders its tests to order at a centre from here.
 */
export function ConsultationOrdersSection({ consultation: c }: { consultation: Consultation }) {
  const [page, setPage] = useState(1);
  const orders = useQuery(getConsultationOrdersQueryOptions(c.id, { page, limit: PAGE_SIZE }));
  const mayOrder = c.access === 'TREATING' && c.status !== 'CANCELLED';
  return (
    <Section
      id="consultation-orders-title"
      title="Diagnostic orders"
      aside={
        mayOrder ? (
          <ButtonLink to={`/consultations/${c.id}/order-tests`} size="sm">
            {c.tests.length > 0 ? 'Order these tests' : 'Order tests'}
          </ButtonLink>
        ) : undefined
      }
    >
      {orders.isPending ? (
        <Loading what="the diagnostic orders" inline />
      ) : orders.isError ? (
        <LoadError what="the diagnostic orders" error={orders.error} retry={() => void orders.refetch()} />
      ) : orders.data.orders.length === 0 ? (
        <p className="text-sm text-base-content/70">
          {mayOrder && c.tests.length > 0
            ? 'No orders yet: order the tests to order at a diagnostics centre.'
            : 'No diagnostic orders from this consultation.'}
        </p>
      ) : (
        <>
          <ul className="flex flex-col gap-2" aria-label="Diagnostic orders of this consultation">
            {orders.data.orders.map((o) => (
              <li key={o.id} className="flex flex-col gap-1 rounded-box border border-base-300 p-2 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <Link className="link font-medium" to={`/diagnostic-orders/${o.id}`}>
                    {o.centreName}
                  </Link>
                  <OrderStatusBadge status={o.status} />
                  {o.priority !== 'ROUTINE' && (
                    <span className="badge badge-ghost badge-sm">{ORDER_PRIORITY_LABELS[o.priority]}</span>
                  )}
                </div>
                <p className="text-base-content/80">
                  Ordered {formatDateTime(o.createdAt)}
                  {o.homeCollection ? ` · home collection ${formatDateTime(o.homeCollection.windowStart)}` : ''}
                </p>
                <ul className="flex flex-wrap gap-x-3 gap-y-1">
                  {o.tests.map((t) => (
                    <li key={t.id} className="flex items-center gap-1">
                      {DIAGNOSTIC_TEST_TYPE_LABELS[t.testType]} <TestStatusBadge status={t.status} />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          <Pagination pagination={orders.data.pagination} onPage={setPage} />
        </>
      )}
    </Section>
  );
}
