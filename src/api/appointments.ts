import type { z } from 'zod';
import type { AppointmentStatus } from '../../domain/enums.ts';
import type { Pagination } from '../../domain/errors.ts';
import { requireParam } from '../../domain/rules/params.ts';
import type {
  Appointment,
  AppointmentDocuments,
  BookAppointmentInput,
  ConversationMessage,
  DocumentShare,
  SharedDocument,
  appointmentDecisionBody,
  appointmentOutcomeBody,
  appointmentSearchBody,
  cancelAppointmentBody,
  confirmAppointmentBody,
  rescheduleAppointmentBody,
  respondRescheduleBody,
  sendMessageBody,
} from '../../domain/schemas/appointments.ts';
import type { Doctor } from '../../domain/schemas/doctors.ts';
import type { Hospital } from '../../domain/schemas/hospitals.ts';
import { request } from './http.ts';

export type { Appointment, AppointmentDocuments, ConversationMessage, SharedDocument };

/** Whose list `GET /appointments/{scope}` gives: the caller's own, by role. */
export type AppointmentScope = 'patient' | 'doctor' | 'hospital';

export type AppointmentListParams = { page?: number; limit?: number; status?: readonly AppointmentStatus[] };
export type AppointmentPage = { appointments: Appointment[]; pagination: Pagination };
export type ConversationPage = { messages: ConversationMessage[]; pagination: Pagination };
/** What every PATCH answers: the appointment now and the conversation line the change added. */
export type AppointmentChange = { appointment: Appointment; message: ConversationMessage | null };

const base = (appointmentId: string, operation: string) =>
  `/appointments/${encodeURIComponent(requireParam(appointmentId, 'appointmentId', operation))}`;

const listQuery = (params: AppointmentListParams) => ({
  page: params.page,
  limit: params.limit,
  status: params.status && params.status.length > 0 ? [...params.status] : undefined,
});

export const appointmentsApi = {
  book: (body: BookAppointmentInput) =>
    request<{ data: Appointment; message?: string }>('post', '/appointments/patient/book-appointment', {
      json: requireParam(body, 'body', 'bookAppointment'),
    }),
  search: (body: z.input<typeof appointmentSearchBody>, signal?: AbortSignal) =>
    request<{ data: AppointmentPage }>('post', '/appointments/search', {
      json: requireParam(body, 'body', 'searchAppointments'),
      signal,
    }),
  /** The caller's own appointments, soonest first. */
  list: (scope: AppointmentScope, params: AppointmentListParams = {}, signal?: AbortSignal) =>
    request<{ data: AppointmentPage }>(
      'get',
      `/appointments/${encodeURIComponent(requireParam(scope, 'scope', 'listAppointments'))}`,
      { query: listQuery(params), signal },
    ),
  get: (appointmentId: string, signal?: AbortSignal) =>
    request<{ data: Appointment }>('get', base(appointmentId, 'getAppointment'), { signal }),
  remove: (appointmentId: string) => request<{ message?: string }>('delete', base(appointmentId, 'deleteAppointment')),
  decide: (appointmentId: string, body: z.input<typeof appointmentDecisionBody>) =>
    request<{ data: AppointmentChange }>('patch', `${base(appointmentId, 'decideAppointment')}/decision`, {
      json: requireParam(body, 'body', 'decideAppointment'),
    }),
  confirm: (appointmentId: string, body: z.input<typeof confirmAppointmentBody> = {}) =>
    request<{ data: AppointmentChange }>('patch', `${base(appointmentId, 'confirmAppointment')}/confirm`, {
      json: requireParam(body, 'body', 'confirmAppointment'),
    }),
  cancel: (appointmentId: string, body: z.input<typeof cancelAppointmentBody>) =>
    request<{ data: AppointmentChange }>('patch', `${base(appointmentId, 'cancelAppointment')}/cancel`, {
      json: requireParam(body, 'body', 'cancelAppointment'),
    }),
  proposeReschedule: (appointmentId: string, body: z.input<typeof rescheduleAppointmentBody>) =>
    request<{ data: AppointmentChange }>('patch', `${base(appointmentId, 'proposeReschedule')}/reschedule`, {
      json: requireParam(body, 'body', 'proposeReschedule'),
    }),
  respondReschedule: (appointmentId: string, body: z.input<typeof respondRescheduleBody>) =>
    request<{ data: AppointmentChange }>('patch', `${base(appointmentId, 'respondToReschedule')}/respond-reschedule`, {
      json: requireParam(body, 'body', 'respondToReschedule'),
    }),
  recordOutcome: (appointmentId: string, body: z.input<typeof appointmentOutcomeBody>) =>
    request<{ data: AppointmentChange }>('patch', `${base(appointmentId, 'recordOutcome')}/outcome`, {
      json: requireParam(body, 'body', 'recordOutcome'),
    }),
  /** One page of the conversation, newest first. */
  conversation: (appointmentId: string, query: { page: number; limit?: number }, signal?: AbortSignal) =>
    request<{ data: ConversationPage }>('get', `${base(appointmentId, 'appointmentConversation')}/conversation`, {
      query,
      signal,
    }),
  /** The patient's documents shared with the appointment (its doctor and hospital: only within a care relationship). */
  documents: (appointmentId: string, signal?: AbortSignal) =>
    request<{ data: AppointmentDocuments }>('get', `${base(appointmentId, 'appointmentDocuments')}/documents`, {
      signal,
    }),
  /** The patient shares one of their documents with their appointment. */
  shareDocument: (appointmentId: string, documentId: string) =>
    request<{ data: DocumentShare; message?: string }>(
      'put',
      `${base(appointmentId, 'shareDocument')}/documents/${encodeURIComponent(requireParam(documentId, 'documentId', 'shareDocument'))}`,
    ),
  unshareDocument: (appointmentId: string, documentId: string) =>
    request<{ message?: string }>(
      'delete',
      `${base(appointmentId, 'unshareDocument')}/documents/${encodeURIComponent(requireParam(documentId, 'documentId', 'unshareDocument'))}`,
    ),
  sendMessage: (appointmentId: string, body: z.input<typeof sendMessageBody>) =>
    request<{ data: ConversationMessage }>('post', `${base(appointmentId, 'sendAppointmentMessage')}/message`, {
      json: requireParam(body, 'body', 'sendAppointmentMessage'),
    }),
};

/** The doctor or hospital a patient books with, for the summary beside the booking form. */
export const bookingTargetApi = {
  doctor: (doctorId: string, signal?: AbortSignal) =>
    request<{ data: Doctor }>(
      'get',
      `/doctors/${encodeURIComponent(requireParam(doctorId, 'doctorId', 'getDoctor'))}`,
      {
        signal,
      },
    ),
  hospital: (hospitalId: string, signal?: AbortSignal) =>
    request<{ data: Hospital }>(
      'get',
      `/hospitals/${encodeURIComponent(requireParam(hospitalId, 'hospitalId', 'getHospital'))}`,
      { signal },
    ),
};

/** The list filter a cached list was fetched with (the fourth part of its key). */
export type AppointmentListKeyParams = { scope: AppointmentScope; page: number; status: AppointmentStatus[] };

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

/** Doctor and hospital summaries change rarely: the default 30 minutes. */
export const bookingTargetKeys = {
  doctor: (doctorId: string) => ['doctors', 'byId', doctorId] as const,
  hospital: (hospitalId: string) => ['hospitals', 'byId', hospitalId] as const,
};
