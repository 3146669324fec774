import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  DELIVERY_METHODS,
  DELIVERY_METHOD_LABELS,
  PHARMACY_ORDER_PRIORITIES,
  PHARMACY_ORDER_PRIORITY_LABELS,
  PHARMACY_ORDER_STATUSES,
  PHARMACY_ORDER_STATUS_LABELS,
  PHARMACY_ORDER_TYPES,
  PHARMACY_ORDER_TYPE_LABELS,
} from '../../../domain/enums.ts';
import { formatDateTime } from '../../../domain/rules/format.ts';
import { getPharmacyOrdersQueryOptions, type PharmacyOrderParams } from '../../api/pharmacy.ts';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { SelectField } from '../../ui/form/SelectField.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { EmptyState, LoadError, Loading } from '../../ui/LoadStates.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { PharmacyOrderStatusBadge, rupees } from './parts.tsx';
import { StatsPanel } from './StatsPanel.tsx';
import { WalkInDialog } from './WalkInDialog.tsx';

const PAGE_SIZE = 20;

/** The pharmacy's orders, newest first, with the SPEC's filters kept in the address. */
export function OrdersScreen() {
  usePageTitle('Orders');
  const [search, setSearch] = useSearchParams();
  const get = (name: string) => search.get(name) ?? '';
  const [page, setPage] = useState(1);
  const [showStats, setShowStats] = useState(false);
  const params: PharmacyOrderParams = {
    page,
    limit: PAGE_SIZE,
    status: get('status') || undefined,
    priority: get('priority') || undefined,
    orderType: get('orderType') || undefined,
    deliveryMethod: get('deliveryMethod') || undefined,
    orderNumber: get('orderNumber') || undefined,
  };
  const orders = useQuery(getPharmacyOrdersQueryOptions(params));
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
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="orders-title" className="text-2xl font-bold tracking-tight">
          Orders
        </h1>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" buttonStyle="outline" aria-expanded={showStats} onClick={() => setShowStats(!showStats)}>
            {showStats ? 'Hide statistics' : 'Statistics'}
          </Button>
          <WalkInDialog />
          <ButtonLink to="/inventory" size="sm" buttonStyle="outline">
            Inventory
          </ButtonLink>
        </div>
      </div>
      {showStats && <StatsPanel />}
      <form
        role="search"
        aria-label="Filter orders"
        className="grid grid-cols-1 gap-3 sm:grid-cols-5"
        onSubmit={(e) => e.preventDefault()}
      >
        <TextField
          label="Order number"
          value={get('orderNumber')}
          onChange={(e) => set('orderNumber', e.target.value)}
        />
        <SelectField
          label="Status"
          options={PHARMACY_ORDER_STATUSES}
          labels={PHARMACY_ORDER_STATUS_LABELS}
          placeholder="Any status"
          value={get('status')}
          onChange={(e) => set('status', e.target.value)}
        />
        <SelectField
          label="Priority"
          options={PHARMACY_ORDER_PRIORITIES}
          labels={PHARMACY_ORDER_PRIORITY_LABELS}
          placeholder="Any priority"
          value={get('priority')}
          onChange={(e) => set('priority', e.target.value)}
        />
        <SelectField
          label="Kind"
          options={PHARMACY_ORDER_TYPES}
          labels={PHARMACY_ORDER_TYPE_LABELS}
          placeholder="Any kind"
          value={get('orderType')}
          onChange={(e) => set('orderType', e.target.value)}
        />
        <SelectField
          label="Delivery"
          options={DELIVERY_METHODS}
          labels={DELIVERY_METHOD_LABELS}
          placeholder="Any delivery"
          value={get('deliveryMethod')}
          onChange={(e) => set('deliveryMethod', e.target.value)}
        />
      </form>
      <OfflineNotice />
      {orders.isPending ? (
        <Loading what="orders" />
      ) : orders.isError ? (
        <LoadError what="orders" error={orders.error} retry={() => void orders.refetch()} />
      ) : orders.data.orders.length === 0 ? (
        <EmptyState title="No orders match">
          Prescriptions patients send you, and walk-ins you enter, appear here.
        </EmptyState>
      ) : (
        <>
          <div className="overflow-x-auto rounded-box border border-base-300">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Patient</th>
                  <th scope="col">Status</th>
                  <th scope="col">Delivery</th>
                  <th scope="col">Total</th>
                  <th scope="col">Received</th>
                </tr>
              </thead>
              <tbody>
                {orders.data.orders.map((order) => (
                  <tr key={order.id}>
                    <td>
                      <Link className="link font-medium" to={`/orders/${order.id}`}>
                        {order.orderNumber}
                      </Link>
                      {(order.priority === 'HIGH' || order.priority === 'URGENT') && (
                        <span className="ml-2 text-xs font-semibold text-error">
                          {PHARMACY_ORDER_PRIORITY_LABELS[order.priority]}
                        </span>
                      )}
                    </td>
                    <td className="text-sm">{order.patientName ?? '—'}</td>
                    <td>
                      <PharmacyOrderStatusBadge status={order.status} />
                    </td>
                    <td className="text-sm">{DELIVERY_METHOD_LABELS[order.deliveryMethod]}</td>
                    <td className="text-sm">{rupees(order.total)}</td>
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
