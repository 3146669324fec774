import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AffiliationStatus, AffiliationType } from '../../domain/enums.ts';
import { requireParam } from '../../domain/rules/params.ts';
import type {
  AffiliationDetail,
  AffiliationKindPath,
  AffiliationSummary,
  affiliationListSchema,
  approvalBody,
  bulkResultSchema,
  bulkStatusBody,
  calculationSchema,
  commissionStructureBody,
  createAffiliationBody,
  dashboardSchema,
  manualLineBody,
  performanceSchema,
  renewalBody,
  settleBody,
  updateAffiliationBody,
} from '../../domain/schemas/affiliations.ts';
import type { CommissionServiceType } from '../../domain/rules/commission.ts';
import { fetchBlob } from './upload.ts';
import { request } from './http.ts';

export type { AffiliationDetail, AffiliationKindPath, AffiliationSummary };
export type AffiliationPage = z.output<typeof affiliationListSchema>;
export type AffiliationDashboard = z.output<typeof dashboardSchema>;
export type AffiliationPerformance = z.output<typeof performanceSchema>;
export type CommissionCalculation = z.output<typeof calculationSchema>;
export type BulkResult = z.output<typeof bulkResultSchema>;
export type DashboardPeriod = '30d' | '90d' | '365d';
export type ExportFormat = 'csv' | 'excel';

export type AffiliationListParams = {
  page?: number;
  limit?: number;
  status?: AffiliationStatus | undefined;
  type?: AffiliationType | undefined;
  searchTerm?: string | undefined;
};

const id = (value: string, name: string, operation: string) => encodeURIComponent(requireParam(value, name, operation));
const one = (affiliationId: string, operation: string) =>
  `/affiliations/${id(affiliationId, 'affiliationId', operation)}`;

/** The path of each endpoint (SPEC §7 "Affiliations"). */
export const affiliationPaths = {
  mine: (kind: AffiliationKindPath) => `/affiliations/${kind}`,
  detail: (kind: AffiliationKindPath, affiliationId: string) =>
    `/affiliations/${kind}/${id(affiliationId, 'affiliationId', 'getAffiliation')}`,
  approve: (affiliationId: string) => `${one(affiliationId, 'approveAffiliation')}/approve`,
  reject: (affiliationId: string) => `${one(affiliationId, 'rejectAffiliation')}/reject`,
  activate: (affiliationId: string) => `${one(affiliationId, 'activateAffiliation')}/activate`,
  suspend: (affiliationId: string) => `${one(affiliationId, 'suspendAffiliation')}/suspend`,
  terminate: (affiliationId: string) => `${one(affiliationId, 'terminateAffiliation')}/terminate`,
  renew: (affiliationId: string) => `${one(affiliationId, 'renewAffiliation')}/renew`,
  verify: (affiliationId: string) =>
    `/affiliations/admin/${id(affiliationId, 'affiliationId', 'verifyAffiliation')}/verify`,
  commission: (affiliationId: string) => `${one(affiliationId, 'saveCommission')}/commission`,
  calculate: (affiliationId: string) => `${one(affiliationId, 'calculateCommission')}/commission/calculate`,
  lines: (affiliationId: string) => `${one(affiliationId, 'addLedgerLine')}/commission/lines`,
  settle: (affiliationId: string) => `${one(affiliationId, 'settleCommission')}/commission/settle`,
  performance: (affiliationId: string) => `${one(affiliationId, 'affiliationPerformance')}/performance`,
  updatePerformance: (affiliationId: string) =>
    `${one(affiliationId, 'updateAffiliationPerformance')}/performance/update`,
  bulk: () => '/affiliations/bulk/status',
  expiring: () => '/affiliations/expiring',
  export: () => '/affiliations/export',
  dashboard: () => '/affiliations/hospital/dashboard',
  adminAll: () => '/affiliations/admin/all',
};

type Detail = { data: AffiliationDetail; message?: string };
const defined = (params: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));

export const affiliationsApi = {
  list: (kind: AffiliationKindPath, params: AffiliationListParams, signal?: AbortSignal) =>
    request<{ data: AffiliationPage }>('get', affiliationPaths.mine(kind), { query: defined(params), signal }),
  adminAll: (params: AffiliationListParams, signal?: AbortSignal) =>
    request<{ data: AffiliationPage }>('get', affiliationPaths.adminAll(), { query: defined(params), signal }),
  get: (kind: AffiliationKindPath, affiliationId: string, signal?: AbortSignal) =>
    request<Detail>('get', affiliationPaths.detail(kind, affiliationId), { signal }),
  propose: (kind: AffiliationKindPath, body: z.input<typeof createAffiliationBody>) =>
    request<Detail>('post', affiliationPaths.mine(kind), { json: body }),
  /** The proposer changes the terms before the other side has approved (a new version is kept). */
  update: (kind: AffiliationKindPath, affiliationId: string, body: z.input<typeof updateAffiliationBody>) =>
    request<Detail>('put', affiliationPaths.detail(kind, affiliationId), { json: body }),
  approve: (affiliationId: string, body: z.input<typeof approvalBody>) =>
    request<Detail>('put', affiliationPaths.approve(affiliationId), { json: body }),
  reject: (affiliationId: string, reason: string) =>
    request<Detail>('put', affiliationPaths.reject(affiliationId), { json: { reason } }),
  activate: (affiliationId: string, notes?: string) =>
    request<Detail>('put', affiliationPaths.activate(affiliationId), { json: notes ? { notes } : {} }),
  suspend: (affiliationId: string, reason: string) =>
    request<Detail>('put', affiliationPaths.suspend(affiliationId), { json: { reason } }),
  terminate: (affiliationId: string, reason: string) =>
    request<Detail>('put', affiliationPaths.terminate(affiliationId), { json: { reason } }),
  renew: (affiliationId: string, body: z.input<typeof renewalBody>) =>
    request<Detail>('put', affiliationPaths.renew(affiliationId), { json: body }),
  verify: (affiliationId: string, notes?: string) =>
    request<Detail>('put', affiliationPaths.verify(affiliationId), { json: notes ? { notes } : {} }),
  saveCommission: (affiliationId: string, body: z.input<typeof commissionStructureBody>) =>
    request<Detail>('put', affiliationPaths.commission(affiliationId), { json: body }),
  calculate: (affiliationId: string, amount: number, serviceType: CommissionServiceType, signal?: AbortSignal) =>
    request<{ data: CommissionCalculation }>('get', affiliationPaths.calculate(affiliationId), {
      query: { amount, serviceType },
      signal,
    }),
  addLine: (affiliationId: string, body: z.input<typeof manualLineBody>) =>
    request<Detail>('post', affiliationPaths.lines(affiliationId), { json: body }),
  settle: (affiliationId: string, body: z.input<typeof settleBody>) =>
    request<Detail>('post', affiliationPaths.settle(affiliationId), { json: body }),
  performance: (affiliationId: string, signal?: AbortSignal) =>
    request<{ data: AffiliationPerformance }>('get', affiliationPaths.performance(affiliationId), { signal }),
  updatePerformance: (affiliationId: string) =>
    request<{ data: AffiliationPerformance; message?: string }>(
      'post',
      affiliationPaths.updatePerformance(affiliationId),
    ),
  bulk: (body: z.input<typeof bulkStatusBody>) =>
    request<{ data: BulkResult }>('post', affiliationPaths.bulk(), { json: body }),
  expiring: (days: number, signal?: AbortSignal) =>
    request<{ data: AffiliationPage }>('get', affiliationPaths.expiring(), { query: { days, limit: 20 }, signal }),
  dashboard: (period: DashboardPeriod, signal?: AbortSignal) =>
    request<{ data: AffiliationDashboard }>('get', affiliationPaths.dashboard(), { query: { period }, signal }),
  /** The CSV file as the server streams it (`excel`: with the byte-order mark and CRLF). */
  export: (format: ExportFormat, status?: AffiliationStatus) => {
    const query = new URLSearchParams({ format });
    if (status) query.set('status', status);
    return fetchBlob(`${affiliationPaths.export()}?${query.toString()}`);
  },
};

/** Every key starts with 'realtime': the affiliationUpdate event keeps them current. */
export const affiliationKeys = {
  all: ['realtime', 'affiliations'] as const,
  list: (kind: AffiliationKindPath, params: AffiliationListParams) =>
    ['realtime', 'affiliations', 'list', kind, params] as const,
  adminAll: (params: AffiliationListParams) => ['realtime', 'affiliations', 'admin', params] as const,
  detail: (affiliationId: string) => ['realtime', 'affiliations', 'detail', affiliationId] as const,
  performance: (affiliationId: string) => ['realtime', 'affiliations', 'performance', affiliationId] as const,
  expiring: (days: number) => ['realtime', 'affiliations', 'expiring', days] as const,
  dashboard: (period: DashboardPeriod) => ['realtime', 'affiliations', 'dashboard', period] as const,
  /** A calculation is asked for, not kept: never written to the device. */
  calculation: (affiliationId: string, amount: number, serviceType: string) =>
    ['affiliation-calculation', affiliationId, amount, serviceType] as const,
};

export const getAffiliationsQueryOptions = (kind: AffiliationKindPath, params: AffiliationListParams) =>
  queryOptions({
    queryKey: affiliationKeys.list(kind, params),
    queryFn: async ({ signal }) => (await affiliationsApi.list(kind, params, signal)).data,
  });
export const getAdminAffiliationsQueryOptions = (params: AffiliationListParams) =>
  queryOptions({
    queryKey: affiliationKeys.adminAll(params),
    queryFn: async ({ signal }) => (await affiliationsApi.adminAll(params, signal)).data,
  });
/** One affiliation, read through the caller's own kind path (an admin may use any). */
export const getAffiliationQueryOptions = (kind: AffiliationKindPath, affiliationId: string) =>
  queryOptions({
    queryKey: affiliationKeys.detail(affiliationId),
    queryFn: async ({ signal }) => (await affiliationsApi.get(kind, affiliationId, signal)).data,
  });
export const getAffiliationPerformanceQueryOptions = (affiliationId: string) =>
  queryOptions({
    queryKey: affiliationKeys.performance(affiliationId),
    queryFn: async ({ signal }) => (await affiliationsApi.performance(affiliationId, signal)).data,
  });
export const getExpiringAffiliationsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: affiliationKeys.expiring(days),
    queryFn: async ({ signal }) => (await affiliationsApi.expiring(days, signal)).data,
  });
export const getAffiliationDashboardQueryOptions = (period: DashboardPeriod) =>
  queryOptions({
    queryKey: affiliationKeys.dashboard(period),
    queryFn: async ({ signal }) => (await affiliationsApi.dashboard(period, signal)).data,
  });
export const getCommissionCalculationQueryOptions = (
  affiliationId: string,
  amount: number,
  serviceType: CommissionServiceType,
) =>
  queryOptions({
    queryKey: affiliationKeys.calculation(affiliationId, amount, serviceType),
    queryFn: async ({ signal }) => (await affiliationsApi.calculate(affiliationId, amount, serviceType, signal)).data,
    meta: { persist: false },
  });
