import {
  DIAGNOSTIC_TEST_TYPE_LABELS,
  RESULT_FLAG_LABELS,
  type NotificationPriority,
  type OrderPriority,
} from '../../../domain/enums.ts';
import { formatDateTime } from '../../../domain/rules/format.ts';
import type { Realtime } from '../../platform/realtime.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { OrderRow, OrderTestRow } from './queries.ts';

/** What each change of a diagnostic order says, and to whom. Texts never go by push (only a generic line does). */

export type AnnounceDeps = {
  realtime: Pick<Realtime, 'emit'>;
  notify: Pick<NotificationsService, 'notifyProfiles' | 'notifyUsers'>;
};

type Parties = Pick<OrderRow, 'id' | 'centreId' | 'patientId' | 'doctorId' | 'hospitalId'>;

const testName = (test: Pick<OrderTestRow, 'testType'>) => DIAGNOSTIC_TEST_TYPE_LABELS[test.testType];
const orderUrl = (orderId: string) => `/diagnostic-orders/${orderId}`;
const PRIORITY: Record<OrderPriority, NotificationPriority> = {
  ROUTINE: 'MEDIUM',
  URGENT: 'HIGH',
  EMERGENCY: 'URGENT',
};

/** Every party's open pages refresh the order (its rooms: the centre, the patient, the doctor, the hospital). */
export function announceChange(deps: AnnounceDeps, order: Parties, status: string) {
  const payload = { orderId: order.id, status };
  for (const room of [order.centreId, order.patientId, order.doctorId, order.hospitalId]) {
    if (room) deps.realtime.emit(room, 'diagnosticOrderUpdate', payload);
  }
}

const orderers = (order: Parties) => [order.doctorId, order.hospitalId].filter((id): id is string => id !== null);

export async function announceNewOrder(deps: AnnounceDeps, order: Parties & Pick<OrderRow, 'priority'>, tests: number) {
  announceChange(deps, order, 'ORDERED');
  await deps.notify.notifyProfiles([order.centreId], {
    title: 'New diagnostic order',
    message: `${tests} test${tests === 1 ? '' : 's'} ordered (${order.priority.toLowerCase()}).`,
    type: 'SYSTEM',
    priority: PRIORITY[order.priority],
    data: { url: `/tests/orders/${order.id}` },
  });
}

export async function announceAssignment(
  deps: AnnounceDeps,
  order: Parties & Pick<OrderRow, 'windowStart' | 'windowEnd'>,
  assigneeUserId: string,
) {
  const when = order.windowStart ? ` on ${formatDateTime(order.windowStart)}` : '';
  await deps.notify.notifyUsers([assigneeUserId], {
    title: 'Home collection assigned to you',
    message: `A sample collection${when} is on your list for today's round.`,
    type: 'SYSTEM',
    data: { url: '/tests/today' },
  });
}

/** A critical value: at once, urgently, to whoever ordered it (the doctor and the hospital). */
export async function announceCritical(
  deps: AnnounceDeps,
  order: Parties,
  test: Pick<OrderTestRow, 'testType'>,
  reading: { value: number; unit: string; flag: keyof typeof RESULT_FLAG_LABELS },
) {
  const to = orderers(order);
  // A patient's own booking has no orderer: the centre's desk is told instead, to call the patient.
  await deps.notify.notifyProfiles(to.length > 0 ? to : [order.centreId], {
    title: `Critical result: ${testName(test)}`,
    message: `${reading.value} ${reading.unit} (${RESULT_FLAG_LABELS[reading.flag].toLowerCase()}). Acknowledge it with a comment.`,
    type: 'TEST_RESULT',
    priority: 'URGENT',
    data: { url: orderUrl(order.id), actionRequired: true },
  });
}

/** A released report (or a correction) reaches the patient and the orderer. */
export async function announceReport(
  deps: AnnounceDeps,
  order: Parties,
  test: Pick<OrderTestRow, 'testType'>,
  correction: { reason: string } | null,
) {
  const name = testName(test);
  await deps.notify.notifyProfiles([order.patientId], {
    title: correction ? `Corrected report: ${name}` : `Report ready: ${name}`,
    message: correction
      ? `Your ${name} report was corrected (${correction.reason}). Open Medical Records for the new version.`
      : `Your ${name} report is ready in Medical Records.`,
    type: 'TEST_RESULT',
    priority: correction ? 'HIGH' : 'MEDIUM',
    data: { url: `/medical-records/reports/${order.id}` },
  });
  const to = orderers(order);
  if (to.length > 0) {
    await deps.notify.notifyProfiles(to, {
      title: correction ? `Corrected report: ${name}` : `Report released: ${name}`,
      message: correction ? `A released report was corrected: ${correction.reason}` : `The ${name} report is released.`,
      type: 'TEST_RESULT',
      priority: correction ? 'HIGH' : 'MEDIUM',
      data: { url: orderUrl(order.id) },
    });
  }
}
