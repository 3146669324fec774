import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { requireParam } from '../../domain/rules/params.ts';
import type {
  admissionSchema,
  Billing,
  departmentStatsSchema,
  referralList,
  referralSchema,
  statsSchema,
} from '../../domain/schemas/consultationCare.ts';
import { consultationKeys } from './consultations.ts';
import { request } from './http.ts';

export type { Billing };
export type Admission = z.output<typeof admissionSchema>;
export type Referral = z.output<typeof referralSchema>;
export type ReferralPage = z.output<typeof referralList>;
export type ConsultationStats = z.output<typeof statsSchema>;
export type DepartmentStats = z.output<typeof departmentStatsSchema>;

const base = (id: string, operation: string) =>
  `/consultations/${encodeURIComponent(requireParam(id, 'consultationId', operation))}`;

/** Billing, referral, follow-up, feedback, admission, diagnostics and statistics of consultations. */
export const carePaths = {
  billing: (id: string) => `${base(id, 'getBilling')}/billing`,
  payments: (id: string) => `${base(id, 'addPayment')}/payments`,
  referral: (id: string) => `${base(id, 'refer')}/referral`,
  followUp: (id: string) => `${base(id, 'followUp')}/follow-up`,
  feedback: (id: string) => `${base(id, 'feedback')}/feedback`,
  admission: (id: string) => `${base(id, 'admission')}/admission`,
  fromDiagnostics: (id: string) => `${base(id, 'updateFromDiagnostics')}/update-from-diagnostics`,
  referrals: () => '/consultations/referrals',
  decide: (referralId: string) =>
    `/consultations/referrals/${encodeURIComponent(requireParam(referralId, 'referralId', 'decideReferral'))}`,
  stats: () => '/consultations/stats',
  departments: () => '/consultations/stats/department-wise',
};

export const careKeys = {
  /** Under the consultation's detail key, so a change to the consultation refreshes them too. */
  billing: (id: string) => [...consultationKeys.detail(id), 'billing'] as const,
  admission: (id: string) => [...consultationKeys.detail(id), 'admission'] as const,
  referrals: (status: string, page: number) => ['consultations', 'referrals', status, page] as const,
  allReferrals: ['consultations', 'referrals'] as const,
  stats: (range: { startDate?: string; endDate?: string }) => ['consultations', 'stats', range] as const,
};

export const careApi = {
  billing: async (id: string, signal?: AbortSignal) =>
    (await request<{ data: Billing }>('get', carePaths.billing(id), { signal })).data,
  admission: async (id: string, signal?: AbortSignal) =>
    (await request<{ data: Admission }>('get', carePaths.admission(id), { signal })).data,
  referrals: async (status: string, page: number, signal?: AbortSignal) =>
    (
      await request<{ data: ReferralPage }>('get', carePaths.referrals(), {
        query: { page, limit: 10, ...(status ? { status } : {}) },
        signal,
      })
    ).data,
  decide: (referralId: string, decision: 'ACCEPT' | 'DECLINE', note?: string) =>
    request<{ data: Referral }>('patch', carePaths.decide(referralId), {
      json: { decision, ...(note ? { note } : {}) },
    }),
  stats: async (range: { startDate?: string; endDate?: string }, signal?: AbortSignal) => {
    const query = Object.fromEntries(Object.entries(range).filter(([, v]) => v)) as Record<string, string>;
    const [stats, departments] = await Promise.all([
      request<{ data: ConsultationStats }>('get', carePaths.stats(), { query, signal }),
      request<{ data: DepartmentStats }>('get', carePaths.departments(), { query, signal }),
    ]);
    return { stats: stats.data, departments: departments.data.departments };
  },
};

export const getBillingQueryOptions = (id: string) =>
  queryOptions({ queryKey: careKeys.billing(id), queryFn: ({ signal }) => careApi.billing(id, signal) });
export const getAdmissionQueryOptions = (id: string) =>
  queryOptions({ queryKey: careKeys.admission(id), queryFn: ({ signal }) => careApi.admission(id, signal) });
export const getReferralsQueryOptions = (status: string, page: number) =>
  queryOptions({
    queryKey: careKeys.referrals(status, page),
    queryFn: ({ signal }) => careApi.referrals(status, page, signal),
  });
export const getConsultationStatsQueryOptions = (range: { startDate?: string; endDate?: string }) =>
  queryOptions({ queryKey: careKeys.stats(range), queryFn: ({ signal }) => careApi.stats(range, signal) });
