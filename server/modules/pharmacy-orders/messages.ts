import type { PharmacyOrderStatus } from '../../../domain/enums.ts';
import type { Realtime } from '../../platform/realtime.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { OrderRow } from './queries.ts';

/** What each change of a pharmacy order says, and to whom. Push carries only a generic line. */

export type AnnounceDeps = {
  realtime: Pick<Realtime, 'emit'>;
  notify: Pick<NotificationsService, 'notifyProfiles'>;
};
type Parties = Pick<OrderRow, 'id' | 'orderNumber' | 'pharmacyId' | 'patientId' | 'doctorId' | 'hospitalId'>;

/** Every party's open pages refresh the order. */
export function announceChange(deps: AnnounceDeps, order: Parties, status: string) {
  const payload = { orderId: order.id, status };
  for (const room of [order.pharmacyId, order.patientId, order.doctorId, order.hospitalId]) {
    if (room) deps.realtime.emit(room, 'pharmacyOrderUpdate', payload);
  }
}

const PATIENT_NEWS: Partial<Record<PharmacyOrderStatus, { title: string; message: (o: Parties) => string }>> = {
  READY_FOR_PICKUP: { title: 'Your medicines are ready', message: (o) => `Order ${o.orderNumber} is ready.` },
  OUT_FOR_DELIVERY: {
    title: 'Your medicines are on the way',
    message: (o) => `Order ${o.orderNumber} is out for delivery.`,
  },
  DELIVERED: { title: 'Your medicines were delivered', message: (o) => `Order ${o.orderNumber} was delivered.` },
  CANCELLED: { title: 'Pharmacy order cancelled', message: (o) => `Order ${o.orderNumber} was cancelled.` },
  PARTIALLY_FILLED: {
    title: 'Part of your order is out of stock',
    message: (o) => `Order ${o.orderNumber} will be filled in part.`,
  },
};

/** The patient hears of ready, out for delivery and delivered (and of a cancellation or a partial fill). */
export async function announceStatus(
  deps: AnnounceDeps,
  order: Parties,
  status: PharmacyOrderStatus,
  byPatient = false,
) {
  announceChange(deps, order, status);
  const news = PATIENT_NEWS[status];
  if (news && order.patientId && !byPatient) {
    await deps.notify.notifyProfiles([order.patientId], {
      title: news.title,
      message: news.message(order),
      type: 'SYSTEM',
      data: { url: `/medical-records?pharmacyOrder=${order.id}` },
    });
  }
  if (byPatient && status === 'CANCELLED') {
    await deps.notify.notifyProfiles([order.pharmacyId], {
      title: 'Order cancelled by the patient',
      message: `Order ${order.orderNumber} was cancelled.`,
      type: 'SYSTEM',
      data: { url: `/orders/${order.id}` },
    });
  }
}

export async function announceNewOrder(deps: AnnounceDeps, order: Parties, items: number) {
  announceChange(deps, order, 'RECEIVED');
  await deps.notify.notifyProfiles([order.pharmacyId], {
    title: 'New pharmacy order',
    message: `Order ${order.orderNumber}: ${items} item${items === 1 ? '' : 's'}.`,
    type: 'SYSTEM',
    data: { url: `/orders/${order.id}` },
  });
}

export async function notifyPatient(deps: AnnounceDeps, order: Parties, message: string) {
  if (!order.patientId) return false;
  await deps.notify.notifyProfiles([order.patientId], {
    title: `About your order ${order.orderNumber}`,
    message,
    type: 'SYSTEM',
    data: { url: `/medical-records?pharmacyOrder=${order.id}` },
  });
  announceChange(deps, order, 'NOTIFIED');
  return true;
}
