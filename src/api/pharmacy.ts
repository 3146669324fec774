import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Pagination } from '../../domain/errors.ts';
import { requireParam } from '../../domain/rules/params.ts';
import type { LedgerLineView, Medicine } from '../../domain/schemas/pharmacyInventory.ts';
import type {
  PharmacyOrder,
  createOrderBody,
  orderStatsSchema,
  reviewBody,
} from '../../domain/schemas/pharmacyOrders.ts';
import { request } from './http.ts';

export type { LedgerLineView, Medicine, PharmacyOrder };
export type PharmacyOrderSummary = Omit<PharmacyOrder, 'items' | 'notes'>;
export type PharmacyOrderStats = z.infer<typeof orderStatsSchema>;

const id = (value: string, name: string, operation: string) => encodeURIComponent(requireParam(value, name, operation));
const order = (orderId: string, operation: string) => `/pharmacy-orders/${id(orderId, 'id', operation)}`;

/** The path of each endpoint (the outbox sends to these too). */
export const pharmacyPaths = {
  inventory: () => '/pharmacy-inventory',
  ledger: () => '/pharmacy-inventory/ledger',
  expiring: () => '/pharmacy-inventory/expiring',
  receipts: () => '/pharmacy-inventory/receipts',
  export: (name: 'stock' | 'ledger' | 'h1-register') => `/api/pharmacy-inventory/export/${name}.csv`,
  orders: () => '/pharmacy-orders',
  stats: () => '/pharmacy-orders/statistics',
  order: (orderId: string) => order(orderId, 'getPharmacyOrder'),
  status: (orderId: string) => `${order(orderId, 'setPharmacyOrderStatus')}/status`,
  delivery: (orderId: string) => `${order(orderId, 'pharmacyOrderDelivery')}/delivery`,
  action: (
    orderId: string,
    action: 'cancel' | 'complete' | 'ready' | 'quality-check' | 'notes' | 'review' | 'return',
  ) => `${order(orderId, 'pharmacyOrderAction')}/${action}`,
  verify: (orderId: string) => `${order(orderId, 'verifyPharmacyPrescription')}/verify-prescription`,
  item: (orderId: string, itemId: string) =>
    `${order(orderId, 'pharmacyOrderItem')}/items/${id(itemId, 'itemId', 'pharmacyOrderItem')}`,
  prescription: (orderId: string) => `${order(orderId, 'pharmacyPrescription')}/prescription`,
};

export type InventoryParams = { page?: number; limit?: number; search?: string; lowStock?: string };
export type PharmacyOrderParams = {
  page?: number;
  limit?: number;
  status?: string;
  priority?: string;
  orderType?: string;
  deliveryMethod?: string;
  orderNumber?: string;
  consultationId?: string;
};
const defined = (params: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));

export const pharmacyApi = {
  inventory: (params: InventoryParams, signal?: AbortSignal) =>
    request<{ data: { medicines: Medicine[]; pagination: Pagination } }>('get', pharmacyPaths.inventory(), {
      query: defined(params),
      signal,
    }),
  ledger: (page: number, signal?: AbortSignal) =>
    request<{ data: { lines: LedgerLineView[]; pagination: Pagination } }>('get', pharmacyPaths.ledger(), {
      query: { page, limit: 20 },
      signal,
    }),
  expiring: (days: number, signal?: AbortSignal) =>
    request<{
      data: {
        batches: Array<Medicine['batches'][number] & { brandName: string; genericName: string; value: number }>;
        expiredValue: number;
        nearExpiryValue: number;
      };
    }>('get', pharmacyPaths.expiring(), { query: { days }, signal }),
  receipt: (csv: string) =>
    request<{ data: { batches: number; units: number }; message: string }>('post', pharmacyPaths.receipts(), {
      json: { csv },
    }),
  orders: (params: PharmacyOrderParams, signal?: AbortSignal) =>
    request<{ data: { orders: PharmacyOrderSummary[]; pagination: Pagination } }>('get', pharmacyPaths.orders(), {
      query: defined(params),
      signal,
    }),
  order: (orderId: string, signal?: AbortSignal) =>
    request<{ data: PharmacyOrder }>('get', pharmacyPaths.order(orderId), { signal }),
  stats: (period: string, signal?: AbortSignal) =>
    request<{ data: PharmacyOrderStats }>('get', pharmacyPaths.stats(), { query: { period }, signal }),
  create: (body: z.input<typeof createOrderBody>) =>
    request<{ data: PharmacyOrder }>('post', pharmacyPaths.orders(), { json: body }),
  /** The patient cancels an order the pharmacy has not started on. */
  cancel: (orderId: string, reason: string) =>
    request<{ data: PharmacyOrder }>('post', pharmacyPaths.action(orderId, 'cancel'), { json: { reason } }),
  /** The patient reviews the pharmacy once the order is completed (once per order). */
  review: (orderId: string, body: z.input<typeof reviewBody>) =>
    request<{ data: PharmacyOrder }>('post', pharmacyPaths.action(orderId, 'review'), { json: body }),
};

/** Every order key starts with 'realtime': the pharmacyOrderUpdate event keeps them current. */
export const pharmacyKeys = {
  inventory: (params: InventoryParams) => ['pharmacy', 'inventory', params] as const,
  inventoryAll: ['pharmacy', 'inventory'] as const,
  ledger: (page: number) => ['pharmacy', 'ledger', page] as const,
  expiring: (days: number) => ['pharmacy', 'expiring', days] as const,
  orders: ['realtime', 'pharmacy-orders'] as const,
  list: (params: PharmacyOrderParams) => ['realtime', 'pharmacy-orders', 'list', params] as const,
  detail: (orderId: string) => ['realtime', 'pharmacy-orders', 'detail', orderId] as const,
  stats: (period: string) => ['realtime', 'pharmacy-orders', 'stats', period] as const,
};

export const getInventoryQueryOptions = (params: InventoryParams) =>
  queryOptions({
    queryKey: pharmacyKeys.inventory(params),
    queryFn: async ({ signal }) => (await pharmacyApi.inventory(params, signal)).data,
  });
export const getLedgerQueryOptions = (page: number) =>
  queryOptions({
    queryKey: pharmacyKeys.ledger(page),
    queryFn: async ({ signal }) => (await pharmacyApi.ledger(page, signal)).data,
  });
export const getExpiringQueryOptions = (days: number) =>
  queryOptions({
    queryKey: pharmacyKeys.expiring(days),
    queryFn: async ({ signal }) => (await pharmacyApi.expiring(days, signal)).data,
  });
export const getPharmacyOrdersQueryOptions = (params: PharmacyOrderParams) =>
  queryOptions({
    queryKey: pharmacyKeys.list(params),
    queryFn: async ({ signal }) => (await pharmacyApi.orders(params, signal)).data,
  });
export const getPharmacyOrderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: pharmacyKeys.detail(orderId),
    queryFn: async ({ signal }) => (await pharmacyApi.order(orderId, signal)).data,
  });
export const getPharmacyStatsQueryOptions = (period: string) =>
  queryOptions({
    queryKey: pharmacyKeys.stats(period),
    queryFn: async ({ signal }) => (await pharmacyApi.stats(period, signal)).data,
  });
