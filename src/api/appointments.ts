import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AppointmentStatus } from '../../domain/enums.ts';
import type { Pagination } from '../../domain/errors.ts';
import { requireParam } from '../../domain/rules/params.ts';
import {
  appointmentSchema,
  conversationMessageSchema,
  type Appointment,
  type AppointmentDocuments,
  type BookAppointmentInput,
  type ConversationMessage,
  type DocumentShare,
  type SharedDocument,
  type appointmentDecisionBody,
  type appointmentOutcomeBody,
  type appointmentSearchBody,
  type cancelAppointmentBody,
  type confirmAppointmentBody,
  type rescheduleAppointmentBody,
  type respondRescheduleBody,
  type sendMessageBody,
} from '../../domain/schemas/appointments.ts';
import { request } from './http.ts';

export type { Appointment, AppointmentDocuments, ConversationMessage, SharedDocument };

/** Whose list `GET /appointments/{scope}` gives: the caller's own, by role. */
export type AppointmentScope = 'patient' | 'doctor' | 'hospital';

export type AppointmentListParams = {
  page?: number;
  limit?: number;
  status?: readonly AppointmentStatus[];
  /** One calendar day in India ('yyyy-mm-dd'). */
  date?: string | undefined;
};
export type AppointmentPage = { appointments: Appointment[]; pagination: Pagination };
export type ConversationPage = { messages: ConversationMessage[]; pagination: Pagination };
/** What every PATCH answers: the appointment now and the conversation line the change added. */
export type AppointmentChange = { appointment: Appointment; message: ConversationMessage | null };

const base = (appointmentId: string, operation: string) =>
  `/appointments/${encodeURIComponent(requireParam(appointmentId, 'appointmentId', operation))}`;

/** The path of each appointment endpoint (the outbox sends to these too). */
export const appointmentPaths = {
  book: () => '/appointments/patient/book-appointment',
  search: () => '/appointments/search',
  list: (scope: AppointmentScope) =>
    `/appointments/${encodeURIComponent(requireParam(scope, 'scope', 'listAppointments'))}`,
  detail: (appointmentId: string, operation = 'getAppointment') => base(appointmentId, operation),
  decide: (appointmentId: string) => `${base(appointmentId, 'decideAppointment')}/decision`,
  confirm: (appointmentId: string) => `${base(appointmentId, 'confirmAppointment')}/confirm`,
  cancel: (appointmentId: string) => `${base(appointmentId, 'cancelAppointment')}/cancel`,
  reschedule: (appointmentId: string) => `${base(appointmentId, 'proposeReschedule')}/reschedule`,
  respondReschedule: (appointmentId: string) => `${base(appointmentId, 'respondToReschedule')}/respond-reschedule`,
  outcome: (appointmentId: string) => `${base(appointmentId, 'recordOutcome')}/outcome`,
  conversation: (appointmentId: string) => `${base(appointmentId, 'appointmentConversation')}/conversation`,
  message: (appointmentId: string) => `${base(appointmentId, 'sendAppointmentMessage')}/message`,
  documents: (appointmentId: string) => `${base(appointmentId, 'appointmentDocuments')}/documents`,
  document: (appointmentId: string, documentId: string, operation: string) =>
    `${base(appointmentId, operation)}/documents/${encodeURIComponent(requireParam(documentId, 'documentId', operation))}`,
};

const listQuery = (params: AppointmentListParams) => ({
  page: params.page,
  limit: params.limit,
  status: params.status && params.status.length > 0 ? [...params.status] : undefined,
  date: params.date || undefined,
});

/** The appointment and conversation line of a PATCH answer or an appointment event; null for anything else. */
export function parseAppointmentChange(value: unknown): AppointmentChange | null {
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const appointment = appointmentSchema.safeParse(record['appointment']);
  if (!appointment.success) return null;
  const message = conversationMessageSchema.safeParse(record['message']);
  return { appointment: appointment.data, message: message.success ? message.data : null };
}

/** A conversation line, or null when the value is not one. */
export function parseConversationMessage(value: unknown): ConversationMessage | null {
  const message = conversationMessageSchema.safeParse(value);
  return message.success ? message.data : null;
}

/** An appointment, or null when the value is not one. */
export function parseAppointment(value: unknown): Appointment | null {
  const appointment = appointmentSchema.safeParse(value);
  return appointment.success ? appointment.data : null;
}

export const appointmentsApi = {
  book: (body: BookAppointmentInput) =>
    request<{ data: Appointment; message?: string }>('post', appointmentPaths.book(), {
      json: requireParam(body, 'body', 'bookAppointment'),
    }),
  search: (body: z.input<typeof appointmentSearchBody>, signal?: AbortSignal) =>
    request<{ data: AppointmentPage }>('post', appointmentPaths.search(), {
      json: requireParam(body, 'body', 'searchAppointments'),
      signal,
    }),
  /** The caller's own appointments, soonest first. */
  list: (scope: AppointmentScope, params: AppointmentListParams = {}, signal?: AbortSignal) =>
    request<{ data: AppointmentPage }>('get', appointmentPaths.list(scope), { query: listQuery(params), signal }),
  get: (appointmentId: string, signal?: AbortSignal) =>
    request<{ data: Appointment }>('get', appointmentPaths.detail(appointmentId), { signal }),
  remove: (appointmentId: string) =>
    request<{ message?: string }>('delete', appointmentPaths.detail(appointmentId, 'deleteAppointment')),
  decide: (appointmentId: string, body: z.input<typeof appointmentDecisionBody>) =>
    request<{ data: AppointmentChange }>('patch', appointmentPaths.decide(appointmentId), {
      json: requireParam(body, 'body', 'decideAppointment'),
    }),
  confirm: (appointmentId: string, body: z.input<typeof confirmAppointmentBody> = {}) =>
    request<{ data: AppointmentChange }>('patch', appointmentPaths.confirm(appointmentId), {
      json: requireParam(body, 'body', 'confirmAppointment'),
    }),
  cancel: (appointmentId: string, body: z.input<typeof cancelAppointmentBody>) =>
    request<{ data: AppointmentChange }>('patch', appointmentPaths.cancel(appointmentId), {
      json: requireParam(body, 'body', 'cancelAppointment'),
    }),
  proposeReschedule: (appointmentId: string, body: z.input<typeof rescheduleAppointmentBody>) =>
    request<{ data: AppointmentChange }>('patch', appointmentPaths.reschedule(appointmentId), {
      json: requireParam(body, 'body', 'proposeReschedule'),
    }),
  respondReschedule: (appointmentId: string, body: z.input<typeof respondRescheduleBody>) =>
    request<{ data: AppointmentChange }>('patch', appointmentPaths.respondReschedule(appointmentId), {
      json: requireParam(body, 'body', 'respondToReschedule'),
    }),
  recordOutcome: (appointmentId: string, body: z.input<typeof appointmentOutcomeBody>) =>
    request<{ data: AppointmentChange }>('patch', appointmentPaths.outcome(appointmentId), {
      json: requireParam(body, 'body', 'recordOutcome'),
    }),
  /** One page of the conversation, newest first. */
  conversation: (appointmentId: string, query: { page: number; limit?: number }, signal?: AbortSignal) =>
    request<{ data: ConversationPage }>('get', appointmentPaths.conversation(appointmentId), { query, signal }),
  /** The patient's documents shared with the appointment (its doctor and hospital: only within a care relationship). */
  documents: (appointmentId: string, signal?: AbortSignal) =>
    request<{ data: AppointmentDocuments }>('get', appointmentPaths.documents(appointmentId), { signal }),
  /** The patient shares one of their documents with their appointment. */
  shareDocument: (appointmentId: string, documentId: string) =>
    request<{ data: DocumentShare; message?: string }>(
      'put',
      appointmentPaths.document(appointmentId, documentId, 'shareDocument'),
    ),
  unshareDocument: (appointmentId: string, documentId: string) =>
    request<{ message?: string }>('delete', appointmentPaths.document(appointmentId, documentId, 'unshareDocument')),
  sendMessage: (appointmentId: string, body: z.input<typeof sendMessageBody>) =>
    request<{ data: ConversationMessage }>('post', appointmentPaths.message(appointmentId), {
      json: requireParam(body, 'body', 'sendAppointmentMessage'),
    }),
};

/** The list filter a cached list was fetched with (the fourth part of its key). */
export type AppointmentListKeyParams = {
  scope: AppointmentScope;
  page: number;
  status: AppointmentStatus[];
  /** Only this India day, when set. */
  date?: string;
};

/**
 * Every key starts with 'realtime': socket events keep these caches current, so SPEC §9 keeps them
 * fresh for 30 s (src/api/freshness.ts) rather than the default 30 minutes.
 */
export const appointmentKeys = {
  all: ['realtime', 'appointments'] as const,
  lists: ['realtime', 'appointments', 'list'] as const,
  list: (params: AppointmentListKeyParams) => ['realtime', 'appointments', 'list', params] as const,
  details: ['realtime', 'appointments', 'detail'] as const,
  detail: (appointmentId: string) => ['realtime', 'appointments', 'detail', appointmentId] as const,
  conversations: ['realtime', 'appointments', 'conversation'] as const,
  conversation: (appointmentId: string) => ['realtime', 'appointments', 'conversation', appointmentId] as const,
  /** With the status: a change of status (realtime) may open or close what the provider sees. */
  documents: (appointmentId: string, status?: AppointmentStatus) =>
    ['realtime', 'appointments', 'documents', appointmentId, ...(status ? [status] : [])] as const,
};

/** The caller's appointments of one scope, page and status filter. */
export const getAppointmentsQueryOptions = (params: AppointmentListKeyParams, limit: number) =>
  queryOptions({
    queryKey: appointmentKeys.list(params),
    queryFn: async ({ signal }) =>
      (
        await appointmentsApi.list(
          params.scope,
          { page: params.page, limit, status: params.status, date: params.date },
          signal,
        )
      ).data,
  });

export const getAppointmentQueryOptions = (appointmentId: string) =>
  queryOptions({
    queryKey: appointmentKeys.detail(appointmentId),
    queryFn: async ({ signal }) => (await appointmentsApi.get(appointmentId, signal)).data,
  });

/** The conversation, a page at a time, newest first. */
export const getConversationQueryOptions = (appointmentId: string, pageSize: number) =>
  infiniteQueryOptions({
    queryKey: appointmentKeys.conversation(appointmentId),
    queryFn: async ({ pageParam, signal }) =>
      (await appointmentsApi.conversation(appointmentId, { page: pageParam, limit: pageSize }, signal)).data,
    initialPageParam: 1,
    getNextPageParam: (last: ConversationPage) =>
      last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined,
  });

export const getAppointmentDocumentsQueryOptions = (appointmentId: string, status?: AppointmentStatus) =>
  queryOptions({
    queryKey: appointmentKeys.documents(appointmentId, status),
    queryFn: async ({ signal }) => (await appointmentsApi.documents(appointmentId, signal)).data,
  });
