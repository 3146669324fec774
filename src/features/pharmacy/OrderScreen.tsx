import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { DELIVERY_METHOD_LABELS, DRUG_SCHEDULE_LABELS, PHARMACY_ORDER_TYPE_LABELS } from '../../../domain/enums.ts';
import { formatDateTime } from '../../../domain/rules/format.ts';
import { getPharmacyOrderQueryOptions } from '../../api/pharmacy.ts';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { DetailList } from '../../ui/DetailList.tsx';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { deliveryChange, orderStatusChange } from './changes.ts';
import { OrderActions } from './OrderActions.tsx';
import { ItemStatusBadge, PharmacyOrderStatusBadge, WaitingChanges, rupees } from './parts.tsx';

/** One order: its lines with reserved batches and warnings, its verification, QC and delivery, and the next steps. */
export function OrderScreen() {
  const { orderId = '' } = useParams();
  const order = useQuery(getPharmacyOrderQueryOptions(orderId));
  usePageTitle(order.data ? `Order ${order.data.orderNumber}` : 'Order');
  const waiting = [...orderStatusChange.useWaiting({ orderId }), ...deliveryChange.useWaiting({ orderId })];

  if (order.isPending) return <Loading what="the order" />;
  if (order.isError) return <LoadError what="the order" error={order.error} retry={() => void order.refetch()} />;
  const o = order.data;
  return (
    <section aria-labelledby="order-title" className="flex w-full flex-col gap-4">
      <Link to="/orders" className="link text-sm">
        ← Orders
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="order-title" className="text-2xl font-bold tracking-tight">
          Order {o.orderNumber}
        </h1>
        <PharmacyOrderStatusBadge status={o.status} />
      </div>
      <OfflineNotice />
      <WaitingChanges entries={waiting} />
      <OrderActions order={o} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <div className="card border border-base-300 p-4">
          <h2 className="mb-2 font-semibold">Order</h2>
          <DetailList
            rows={[
              ['Patient', o.patientName],
              ['Kind', PHARMACY_ORDER_TYPE_LABELS[o.orderType]],
              ['Received', formatDateTime(o.createdAt)],
              ['Why', o.statusReason],
              ['Total', rupees(o.total)],
              [
                'Prescription',
                o.verifiedAt
                  ? `Verified: ${o.prescriberName} (${o.prescriberRegistration}), ${o.prescriptionDate}`
                  : o.consultationId
                    ? 'From a consultation, not verified yet'
                    : 'Not verified yet',
              ],
              [
                'Quality check',
                o.qualityCheck
                  ? `${o.qualityCheck.passed ? 'Passed' : 'Failed'} ${formatDateTime(o.qualityCheck.checkedAt)}`
                  : '',
              ],
            ]}
          />
        </div>
        <div className="card border border-base-300 p-4">
          <h2 className="mb-2 font-semibold">Delivery</h2>
          <DetailList
            rows={[
              ['Method', DELIVERY_METHOD_LABELS[o.deliveryMethod]],
              ['Address', o.deliveryAddress],
              ['Delivered by', o.deliveryPerson],
              ['Tracking', o.trackingNote],
              ['Delivered at', o.deliveredAt ? formatDateTime(o.deliveredAt) : ''],
            ]}
          />
        </div>
      </div>
      <h2 className="text-lg font-semibold">Items</h2>
      <ul className="flex flex-col gap-2" aria-label="Items">
        {o.items.map((item) => (
          <li key={item.id} className="rounded-box border border-base-300 p-3">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{item.prescribedName}</span>
              <span className="text-sm">× {item.quantity}</span>
              <ItemStatusBadge status={item.status} />
              {item.schedule && item.schedule !== 'OTC' && (
                <span className="text-xs font-semibold">{DRUG_SCHEDULE_LABELS[item.schedule]}</span>
              )}
            </div>
            <p className="text-sm">
              {item.medicineName ? `Stock: ${item.medicineName}` : 'Not matched to a medicine in stock'}
            </p>
            {item.reservations.length > 0 && (
              <p className="text-sm">
                Batches:{' '}
                {item.reservations.map((r) => `${r.batchNumber} (exp ${r.expiryDate}) × ${r.quantity}`).join(', ')}
                {item.batchOverrideReason && ` — picked by hand: ${item.batchOverrideReason}`}
              </p>
            )}
            {item.duplicateWarning && (
              <p role="alert" className="mt-1 text-sm font-medium text-warning-content bg-warning/30 rounded px-2 py-1">
                Duplicate dispensing: {item.duplicateWarning}
              </p>
            )}
          </li>
        ))}
      </ul>
      {o.notes.length > 0 && (
        <>
          <h2 className="text-lg font-semibold">Notes</h2>
          <ul className="flex flex-col gap-1 text-sm">
            {o.notes.map((n) => (
              <li key={n.id}>
                {formatDateTime(n.createdAt)} — {n.text}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
