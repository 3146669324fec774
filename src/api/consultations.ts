import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { requireParam } from '../../domain/rules/params.ts';
import {
  chartConsultationList,
  consultationSchema,
  type ChartConsultation,
  type Consultation,
  type ConsultationSummary,
  type allergyCheckSchema,
  type auditLogSchema,
  type createConsultationBody,
  type emergencyGrantList,
  type interactionCheckSchema,
} from '../../domain/schemas/consultations.ts';
import type { Pagination } from '../../domain/errors.ts';
import { API_PREFIX, request } from './http.ts';

export type { ChartConsultation, Consultation, ConsultationSummary };
export type ChartConsultationPage = { consultations: ChartConsultation[]; pagination: Pagination };
export type ConsultationPage = { consultations: ConsultationSummary[]; pagination: Pagination };
export type AuditLog = z.output<typeof auditLogSchema>;
export type AllergyCheck = z.output<typeof allergyCheckSchema>;
export type InteractionCheck = z.output<typeof interactionCheckSchema>;
export type EmergencyGrants = z.output<typeof emergencyGrantList>;

/** The list filters of SPEC §7, as the URL keeps them. */
export type ConsultationListParams = {
  page?: number;
  limit?: number;
  status?: string;
  consultationType?: string;
  patientId?: string;
  doctorId?: string;
  hospitalId?: string;
  dateFrom?: string;
  dateTo?: string;
};

const base = (id: string, operation: string) =>
  `/consultations/${encodeURIComponent(requireParam(id, 'consultationId', operation))}`;

/** The path of each consultation endpoint (the outbox sends to these too). */
export const consultationPaths = {
  list: () => '/consultations',
  grants: () => '/consultations/emergency-grants',
  /** The patient chart's consultations: the caller's own with this patient, each with its prescriptions. */
  chart: (patientId: string) =>
    `/consultations/patient/${encodeURIComponent(requireParam(patientId, 'patientId', 'patientChartConsultations'))}`,
  detail: (id: string, operation = 'getConsultation') => base(id, operation),
  part: (id: string, part: 'diagnoses' | 'vital-signs' | 'prescriptions' | 'diagnostic-tests', partId?: string) =>
    `${base(id, `consultation-${part}`)}/${part}${partId ? `/${encodeURIComponent(partId)}` : ''}`,
  notes: (id: string) => `${base(id, 'setClinicalNotes')}/clinical-notes`,
  consent: (id: string) => `${base(id, 'recordConsent')}/consent`,
  acknowledge: (id: string, alertId: string) =>
    `${base(id, 'acknowledgeAlert')}/alerts/${encodeURIComponent(requireParam(alertId, 'alertId', 'acknowledgeAlert'))}/acknowledge`,
  checkAllergies: (id: string) => `${base(id, 'checkAllergies')}/check-allergies`,
  checkInteractions: (id: string) => `${base(id, 'checkInteractions')}/check-drug-interactions`,
  auditLog: (id: string) => `${base(id, 'auditLog')}/audit-log`,
  /** The printable page: opened in the browser itself (the session cookie signs it). */
  summaryUrl: (id: string) => `${API_PREFIX}${base(id, 'medicalSummary')}/medical-summary`,
};

const clean = (params: ConsultationListParams) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number
  >;

export const consultationsApi = {
  list: (params: ConsultationListParams, signal?: AbortSignal) =>
    request<{ data: ConsultationPage }>('get', consultationPaths.list(), { query: clean(params), signal }),
  get: async (id: string, signal?: AbortSignal) => {
    const answer = await request<{ data: unknown }>('get', consultationPaths.detail(id), { signal });
    return consultationSchema.parse(answer.data);
  },
  chart: async (patientId: string, page: number, signal?: AbortSignal): Promise<ChartConsultationPage> => {
    const answer = await request<unknown>('get', consultationPaths.chart(patientId), {
      query: { page, limit: 10 },
      signal,
    });
    return chartConsultationList.parse(answer).data;
  },
  create: (body: z.input<typeof createConsultationBody>) =>
    request<{ data: Consultation }>('post', consultationPaths.list(), {
      json: requireParam(body, 'body', 'createConsultation'),
    }),
  auditLog: (id: string, page: number, signal?: AbortSignal) =>
    request<{ data: AuditLog }>('get', consultationPaths.auditLog(id), { query: { page, limit: 20 }, signal }),
  checkAllergies: (id: string, drugs: string[]) =>
    request<{ data: AllergyCheck }>('post', consultationPaths.checkAllergies(id), { json: { drugs } }),
  checkInteractions: (id: string, drugs: string[]) =>
    request<{ data: InteractionCheck }>('post', consultationPaths.checkInteractions(id), { json: { drugs } }),
  /** Break the glass (GET with a reason): a time-limited view for a doctor or hospital not on it. */
  emergencyAccess: (id: string, reason: string) =>
    request<{ data: unknown }>('get', `${base(id, 'emergencyAccess')}/emergency-access`, { query: { reason } }),
  grants: (page: number, signal?: AbortSignal) =>
    request<{ data: EmergencyGrants }>('get', consultationPaths.grants(), { query: { page, limit: 20 }, signal }),
};

export const consultationKeys = {
  all: ['consultations'] as const,
  lists: ['consultations', 'list'] as const,
  list: (params: ConsultationListParams) => ['consultations', 'list', params] as const,
  details: ['consultations', 'detail'] as const,
  detail: (id: string) => ['consultations', 'detail', id] as const,
  auditLog: (id: string, page: number) => ['consultations', 'audit-log', id, page] as const,
  grants: (page: number) => ['consultations', 'grants', page] as const,
  chart: (patientId: string, page: number) => ['consultations', 'chart', patientId, page] as const,
};

export const getConsultationsQueryOptions = (params: ConsultationListParams) =>
  queryOptions({
    queryKey: consultationKeys.list(params),
    queryFn: async ({ signal }) => (await consultationsApi.list(params, signal)).data,
  });

export const getConsultationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: consultationKeys.detail(id),
    queryFn: ({ signal }) => consultationsApi.get(id, signal),
  });

export const getConsultationAuditLogQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: consultationKeys.auditLog(id, page),
    queryFn: async ({ signal }) => (await consultationsApi.auditLog(id, page, signal)).data,
  });

export const getEmergencyGrantsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: consultationKeys.grants(page),
    queryFn: async ({ signal }) => (await consultationsApi.grants(page, signal)).data,
  });

export const getPatientChartConsultationsQueryOptions = (patientId: string, page: number) =>
  queryOptions({
    queryKey: consultationKeys.chart(patientId, page),
    queryFn: ({ signal }) => consultationsApi.chart(patientId, page, signal),
  });
