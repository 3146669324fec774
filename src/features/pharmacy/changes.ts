/**
 * The counter's and the delivery person's changes that must work with no signal: a status step and a
 * delivery update. Each goes through the outbox (online too: one path), shows "Waiting to send" on
 * its order, and is sent once, in order, when the signal returns.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { PHARMACY_ORDER_STATUS_LABELS } from '../../../domain/enums.ts';
import { orderSchema, type deliveryBody, type statusBody } from '../../../domain/schemas/pharmacyOrders.ts';
import { pharmacyKeys, pharmacyPaths } from '../../api/pharmacy.ts';
import { defineOfflineChange } from '../../offline/offlineChange.ts';

type OrderRef = { orderId: string; orderNumber: string };

function applyOrder(queryClient: QueryClient, answer: unknown) {
  const parsed = orderSchema.safeParse((answer as { data?: unknown } | null)?.data);
  if (parsed.success) queryClient.setQueryData(pharmacyKeys.detail(parsed.data.id), parsed.data);
}

export const orderStatusChange = defineOfflineChange<OrderRef & { body: z.input<typeof statusBody> }>({
  kind: 'pharmacy-order-status',
  method: 'PATCH',
  path: ({ orderId }) => pharmacyPaths.status(orderId),
  body: ({ body }) => body,
  label: ({ orderNumber, body }) => `Order ${orderNumber}: ${PHARMACY_ORDER_STATUS_LABELS[body.status].toLowerCase()}`,
  meta: ({ orderId, body }) => ({ orderId, status: body.status }),
  invalidates: () => [pharmacyKeys.orders],
  applyAnswer: applyOrder,
});

export const deliveryChange = defineOfflineChange<OrderRef & { body: z.input<typeof deliveryBody> }>({
  kind: 'pharmacy-order-delivery',
  method: 'PATCH',
  path: ({ orderId }) => pharmacyPaths.delivery(orderId),
  body: ({ body }) => body,
  label: ({ orderNumber, body }) =>
    `Order ${orderNumber}: ${body.status ? PHARMACY_ORDER_STATUS_LABELS[body.status].toLowerCase() : 'delivery details'}`,
  meta: ({ orderId, body }) => ({ orderId, ...(body.status ? { status: body.status } : {}) }),
  invalidates: () => [pharmacyKeys.orders],
  applyAnswer: applyOrder,
});
