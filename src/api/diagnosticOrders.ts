import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DiagnosticTestType } from '../../domain/enums.ts';
import type { Pagination } from '../../domain/errors.ts';
import { requireParam } from '../../domain/rules/params.ts';
import type {
  CatalogueEntry,
  CatalogueEntryInput,
  CreateOrderInput,
  DiagnosticOrder,
  OrderStats,
  OrderTest,
  ResultVersion,
  acknowledgeBody,
  updateOrderBody,
} from '../../domain/schemas/diagnosticOrders.ts';
import type { ReportRow } from '../../domain/schemas/diagnosticReports.ts';
import type { OrderingCentre } from '../../domain/schemas/orderingCentres.ts';
import { request } from './http.ts';

export type { CatalogueEntry, DiagnosticOrder, OrderStats, OrderTest, OrderingCentre, ReportRow, ResultVersion };

const id = (value: string, name: string, operation: string) => encodeURIComponent(requireParam(value, name, operation));
const order = (orderId: string, operation: string) => `/diagnostic-orders/${id(orderId, 'orderId', operation)}`;
const test = (orderId: string, testId: string, operation: string) =>
  `${order(orderId, operation)}/tests/${id(testId, 'testId', operation)}`;

/** The path of each endpoint (the outbox sends to these too). */
export const diagnosticOrderPaths = {
  catalogue: (centreId: string) => `/diagnostics/${id(centreId, 'diagnosticsId', 'centreTests')}/tests`,
  catalogueEntry: (centreId: string, testType: string) =>
    `/diagnostics/${id(centreId, 'diagnosticsId', 'putCentreTest')}/tests/${id(testType, 'testType', 'putCentreTest')}`,
  orders: () => '/diagnostic-orders',
  order: (orderId: string) => order(orderId, 'getDiagnosticOrder'),
  stats: () => '/diagnostic-orders/stats',
  reports: () => '/diagnostic-orders/reports',
  today: () => '/diagnostic-orders/collections/today',
  byPatient: (patientId: string) => `/diagnostic-orders/patient/${id(patientId, 'patientId', 'patientOrders')}`,
  byConsultation: (consultationId: string) =>
    `/diagnostic-orders/consultation/${id(consultationId, 'consultationId', 'consultationOrders')}`,
  orderingCentres: () => '/diagnostics/ordering-centres',
  status: (orderId: string, testId: string) => `${test(orderId, testId, 'setTestStatus')}/status`,
  results: (orderId: string, testId: string) => `${test(orderId, testId, 'enterResult')}/results`,
  attachments: (orderId: string, testId: string) => `${test(orderId, testId, 'attachReport')}/attachments`,
  acknowledge: (orderId: string, testId: string) => `${test(orderId, testId, 'acknowledgeCritical')}/acknowledge`,
  prescription: (orderId: string) => `${order(orderId, 'attachPrescription')}/prescription`,
  file: (orderId: string, fileId: string) =>
    `/api${order(orderId, 'orderFile')}/files/${id(fileId, 'fileId', 'orderFile')}`,
};

export type OrderPage = { orders: DiagnosticOrder[]; pagination: Pagination };
export type OrderListParams = {
  page?: number;
  limit?: number;
  status?: string;
  priority?: string;
  dateFrom?: string;
  dateTo?: string;
};
export type OrderingCentresParams = { tests: readonly string[]; searchQuery?: string };
export type ReportParams = {
  page?: number;
  limit?: number;
  patient?: string;
  testType?: string;
  flag?: string;
  dateFrom?: string;
  dateTo?: string;
};

const defined = (params: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));

export const diagnosticOrdersApi = {
  catalogue: (centreId: string, signal?: AbortSignal) =>
    request<{ data: { tests: CatalogueEntry[] } }>('get', diagnosticOrderPaths.catalogue(centreId), { signal }),
  saveEntry: (centreId: string, testType: DiagnosticTestType, body: CatalogueEntryInput) =>
    request<{ data: CatalogueEntry }>('put', diagnosticOrderPaths.catalogueEntry(centreId, testType), { json: body }),
  removeEntry: (centreId: string, testType: DiagnosticTestType) =>
    request<{ message: string }>('delete', diagnosticOrderPaths.catalogueEntry(centreId, testType)),
  list: (params: OrderListParams, signal?: AbortSignal) =>
    request<{ data: OrderPage }>('get', diagnosticOrderPaths.orders(), { query: defined(params), signal }),
  byPatient: (patientId: string, params: OrderListParams, signal?: AbortSignal) =>
    request<{ data: OrderPage }>('get', diagnosticOrderPaths.byPatient(patientId), { query: defined(params), signal }),
  byConsultation: (consultationId: string, params: OrderListParams, signal?: AbortSignal) =>
    request<{ data: OrderPage }>('get', diagnosticOrderPaths.byConsultation(consultationId), {
      query: defined(params),
      signal,
    }),
  orderingCentres: (params: OrderingCentresParams, signal?: AbortSignal) =>
    request<{ data: { centres: OrderingCentre[]; total: number } }>('get', diagnosticOrderPaths.orderingCentres(), {
      query: defined({ tests: params.tests.join(','), searchQuery: params.searchQuery }),
      signal,
    }),
  get: (orderId: string, signal?: AbortSignal) =>
    request<{ data: DiagnosticOrder }>('get', diagnosticOrderPaths.order(orderId), { signal }),
  create: (body: CreateOrderInput) =>
    request<{ data: DiagnosticOrder }>('post', diagnosticOrderPaths.orders(), { json: body }),
  update: (orderId: string, body: z.input<typeof updateOrderBody>) =>
    request<{ data: DiagnosticOrder }>('put', diagnosticOrderPaths.order(orderId), { json: body }),
  remove: (orderId: string) => request<{ message: string }>('delete', diagnosticOrderPaths.order(orderId)),
  acknowledge: (orderId: string, testId: string, body: z.input<typeof acknowledgeBody>) =>
    request<{ data: DiagnosticOrder }>('post', diagnosticOrderPaths.acknowledge(orderId, testId), { json: body }),
  today: (date: string | undefined, signal?: AbortSignal) =>
    request<{ data: { date: string; orders: DiagnosticOrder[] } }>('get', diagnosticOrderPaths.today(), {
      query: defined({ date }),
      signal,
    }),
  reports: (params: ReportParams, signal?: AbortSignal) =>
    request<{ data: { reports: ReportRow[]; pagination: Pagination } }>('get', diagnosticOrderPaths.reports(), {
      query: defined(params),
      signal,
    }),
  stats: (params: { dateFrom?: string; dateTo?: string }, signal?: AbortSignal) =>
    request<{ data: OrderStats }>('get', diagnosticOrderPaths.stats(), { query: defined(params), signal }),
};

/** Every key starts with 'realtime': the diagnosticOrderUpdate event keeps them current. */
export const diagnosticOrderKeys = {
  all: ['realtime', 'diagnostic-orders'] as const,
  catalogue: (centreId: string) => ['diagnostic-orders', 'catalogue', centreId] as const,
  list: (params: OrderListParams) => ['realtime', 'diagnostic-orders', 'list', params] as const,
  byPatient: (patientId: string, params: OrderListParams) =>
    ['realtime', 'diagnostic-orders', 'patient', patientId, params] as const,
  byConsultation: (consultationId: string, params: OrderListParams) =>
    ['realtime', 'diagnostic-orders', 'consultation', consultationId, params] as const,
  orderingCentres: (params: OrderingCentresParams) => ['diagnostic-orders', 'ordering-centres', params] as const,
  detail: (orderId: string) => ['realtime', 'diagnostic-orders', 'detail', orderId] as const,
  today: (date: string | undefined) => ['realtime', 'diagnostic-orders', 'today', date ?? 'today'] as const,
  reports: (params: ReportParams) => ['realtime', 'diagnostic-orders', 'reports', params] as const,
  stats: (params: { dateFrom?: string; dateTo?: string }) =>
    ['realtime', 'diagnostic-orders', 'stats', params] as const,
};

export const getCatalogueQueryOptions = (centreId: string) =>
  queryOptions({
    queryKey: diagnosticOrderKeys.catalogue(centreId),
    queryFn: async ({ signal }) => (await diagnosticOrdersApi.catalogue(centreId, signal)).data.tests,
  });
export const getOrdersQueryOptions = (params: OrderListParams) =>
  queryOptions({
    queryKey: diagnosticOrderKeys.list(params),
    queryFn: async ({ signal }) => (await diagnosticOrdersApi.list(params, signal)).data,
  });
export const getPatientOrdersQueryOptions = (patientId: string, params: OrderListParams) =>
  queryOptions({
    queryKey: diagnosticOrderKeys.byPatient(patientId, params),
    queryFn: async ({ signal }) => (await diagnosticOrdersApi.byPatient(patientId, params, signal)).data,
  });
export const getConsultationOrdersQueryOptions = (consultationId: string, params: OrderListParams) =>
  queryOptions({
    queryKey: diagnosticOrderKeys.byConsultation(consultationId, params),
    queryFn: async ({ signal }) => (await diagnosticOrdersApi.byConsultation(consultationId, params, signal)).data,
  });
export const getOrderingCentresQueryOptions = (params: OrderingCentresParams) =>
  queryOptions({
    queryKey: diagnosticOrderKeys.orderingCentres(params),
    queryFn: async ({ signal }) => (await diagnosticOrdersApi.orderingCentres(params, signal)).data,
  });
export const getOrderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: diagnosticOrderKeys.detail(orderId),
    queryFn: async ({ signal }) => (await diagnosticOrdersApi.get(orderId, signal)).data,
  });
export const getTodayQueryOptions = (date?: string) =>
  queryOptions({
    queryKey: diagnosticOrderKeys.today(date),
    queryFn: async ({ signal }) => (await diagnosticOrdersApi.today(date, signal)).data,
  });
export const getReportsQueryOptions = (params: ReportParams) =>
  queryOptions({
    queryKey: diagnosticOrderKeys.reports(params),
    queryFn: async ({ signal }) => (await diagnosticOrdersApi.reports(params, signal)).data,
  });
export const getStatsQueryOptions = (params: { dateFrom?: string; dateTo?: string }) =>
  queryOptions({
    queryKey: diagnosticOrderKeys.stats(params),
    queryFn: async ({ signal }) => (await diagnosticOrdersApi.stats(params, signal)).data,
  });
