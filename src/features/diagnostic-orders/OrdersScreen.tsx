import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  DIAGNOSTIC_ORDER_STATUSES,
  DIAGNOSTIC_ORDER_STATUS_LABELS,
  DIAGNOSTIC_TEST_TYPE_LABELS,
  ORDER_PRIORITIES,
  ORDER_PRIORITY_LABELS,
} from '../../../domain/enums.ts';
import { formatDateTime } from '../../../domain/rules/format.ts';
import { getOrdersQueryOptions, type OrderListParams } from '../../api/diagnosticOrders.ts';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { SelectField } from '../../ui/form/SelectField.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { EmptyState, LoadError, Loading } from '../../ui/LoadStates.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { OrderStatusBadge } from './parts.tsx';
import { TestsTabs } from './TestsTabs.tsx';

const PAGE_SIZE = 20;

/** The centre desk's orders, newest first, with filters in the address (so a reload keeps them). */
export function OrdersScreen() {
  usePageTitle('Orders');
  const [search, setSearch] = useSearchParams();
  const get = (name: string) => search.get(name) ?? '';
  const [page, setPage] = useState(1);
  const params: OrderListParams = {
    page,
    limit: PAGE_SIZE,
    status: get('status') || undefined,
    priority: get('priority') || undefined,
    dateFrom: get('dateFrom') || undefined,
    dateTo: get('dateTo') || undefined,
  };
  const orders = useQuery(getOrdersQueryOptions(params));
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
    <section aria-labelledby="orders-title" className="flex w-full flex-col gap-4">
      <TestsTabs />
      <h1 id="orders-title" className="text-2xl font-bold tracking-tight">
        Orders
      </h1>
      <form
        role="search"
        aria-label="Filter orders"
        className="grid grid-cols-1 gap-3 sm:grid-cols-4"
        onSubmit={(e) => e.preventDefault()}
      >
        <SelectField
          label="Status"
          options={DIAGNOSTIC_ORDER_STATUSES}
          labels={DIAGNOSTIC_ORDER_STATUS_LABELS}
          placeholder="Any status"
          value={get('status')}
          onChange={(e) => set('status', e.target.value)}
        />
        <SelectField
          label="Priority"
          options={ORDER_PRIORITIES}
          labels={ORDER_PRIORITY_LABELS}
          placeholder="Any priority"
          value={get('priority')}
          onChange={(e) => set('priority', e.target.value)}
        />
        <TextField label="From" type="date" value={get('dateFrom')} onChange={(e) => set('dateFrom', e.target.value)} />
        <TextField label="To" type="date" value={get('dateTo')} onChange={(e) => set('dateTo', e.target.value)} />
      </form>
      <OfflineNotice />
      {orders.isPending ? (
        <Loading what="orders" />
      ) : orders.isError ? (
        <LoadError what="orders" error={orders.error} retry={() => void orders.refetch()} />
      ) : orders.data.orders.length === 0 ? (
        <EmptyState title="No orders match">Orders from doctors and patients appear here as they come in.</EmptyState>
      ) : (
        <>
          <div className="overflow-x-auto rounded-box border border-base-300">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Patient</th>
                  <th scope="col">Tests</th>
                  <th scope="col">Status</th>
                  <th scope="col">Home collection</th>
                  <th scope="col">Ordered</th>
                </tr>
              </thead>
              <tbody>
                {orders.data.orders.map((order) => (
                  <tr key={order.id}>
                    <td>
                      <Link className="link font-medium" to={`/tests/orders/${order.id}`}>
                        {order.patientName}
                      </Link>
                      {order.priority !== 'ROUTINE' && (
                        <span className="ml-2 text-xs font-semibold text-error">{order.priority}</span>
                      )}
                    </td>
                    <td className="text-sm">
                      {order.tests.map((t) => DIAGNOSTIC_TEST_TYPE_LABELS[t.testType]).join(', ')}
                    </td>
                    <td>
                      <OrderStatusBadge status={order.status} />
                    </td>
                    <td className="text-sm">
                      {order.homeCollection
                        ? `${formatDateTime(order.homeCollection.windowStart)} · ${order.assignee ? order.assignee.name : 'Not assigned'}`
                        : 'At the centre'}
                    </td>
                    <td className="text-sm">{formatDateTime(order.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination pagination={orders.data.pagination} onPage={setPage} />
        </>
      )}
    </section>
  );
}
