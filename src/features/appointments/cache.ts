import { isoToIndiaDateTime } from '../../../domain/rules/time.ts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import {
  appointmentKeys,
  parseAppointmentChange,
  parseConversationMessage,
  type Appointment,
  type AppointmentChange,
  type AppointmentListKeyParams,
  type AppointmentPage,
  type ConversationMessage,
  type ConversationPage,
} from '../../api/appointments.ts';

/**
 * How appointment changes land in the query cache, whether they come from a socket event (SPEC §4
 * "Realtime appointment events") or from the answer to the caller's own change. Pure functions over
 * the cached data first, then the thin part that applies them to a QueryClient.
 */

export type ConversationData = InfiniteData<ConversationPage, unknown>;

/** An answer can arrive after a newer socket event (or the other way round): the older one loses. */
function isOlder(incoming: Appointment, current: Appointment): boolean {
  const a = Date.parse(incoming.updatedAt);
  const b = Date.parse(current.updatedAt);
  return Number.isFinite(a) && Number.isFinite(b) && a < b;
}

/** The list with `appointment` in place of the one with its id; the same list when it is not there. */
export function replaceInList(
  list: AppointmentPage | undefined,
  appointment: Appointment,
): AppointmentPage | undefined {
  if (!list) return list;
  const index = list.appointments.findIndex((a) => a.id === appointment.id);
  const current = list.appointments[index];
  if (!current || isOlder(appointment, current)) return list;
  const appointments = list.appointments.slice();
  appointments[index] = appointment;
  return { ...list, appointments };
}

/** Whether a list fetched with `params` shows appointments in this status (and on its day, when it has one). */
export function listShows(
  params: Pick<AppointmentListKeyParams, 'status' | 'date'>,
  appointment: Appointment,
): boolean {
  if (params.date && isoToIndiaDateTime(appointment.scheduledAt).date !== params.date) return false;
  return params.status.length === 0 || params.status.includes(appointment.status);
}

/**
 * A new appointment goes on top of the first page of each list whose filter it matches (SPEC §4),
 * which keeps its page size; on other pages, or when it is there already, it is only replaced.
 */
export function prependToList(
  list: AppointmentPage | undefined,
  appointment: Appointment,
  params: Pick<AppointmentListKeyParams, 'page' | 'status' | 'date'>,
): AppointmentPage | undefined {
  if (!list) return list;
  if (list.appointments.some((a) => a.id === appointment.id)) return replaceInList(list, appointment);
  if (params.page !== 1 || !listShows(params, appointment)) return list;
  const { limit } = list.pagination;
  const total = list.pagination.total + 1;
  // A day's list stays in time order; the others show the newest request on top.
  const appointments = params.date
    ? [...list.appointments, appointment].sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt))
    : [appointment, ...list.appointments];
  return {
    appointments: appointments.slice(0, limit),
    pagination: { ...list.pagination, total, totalPages: limit > 0 ? Math.ceil(total / limit) : 0 },
  };
}

/** The list without the appointment (after it was deleted). */
export function removeFromList(list: AppointmentPage | undefined, appointmentId: string): AppointmentPage | undefined {
  if (!list || !list.appointments.some((a) => a.id === appointmentId)) return list;
  const { limit } = list.pagination;
  const total = Math.max(0, list.pagination.total - 1);
  return {
    appointments: list.appointments.filter((a) => a.id !== appointmentId),
    pagination: { ...list.pagination, total, totalPages: limit > 0 ? Math.ceil(total / limit) : 0 },
  };
}

/** The cached detail replaced by a newer one; nothing is cached for an appointment nobody opened. */
export function replaceDetail(current: Appointment | undefined, appointment: Appointment): Appointment | undefined {
  if (!current || current.id !== appointment.id || isOlder(appointment, current)) return current;
  return appointment;
}

/** Whether the conversation already holds a message with this id (on any loaded page). */
export function hasMessage(data: ConversationData | undefined, messageId: string): boolean {
  return !!data?.pages.some((page) => page.messages.some((m) => m.id === messageId));
}

/**
 * The conversation with one more message. Pages are newest first, so it goes first on the first
 * page; a message already there (the sender's own answer and its socket echo) is not added twice.
 */
export function appendMessage(
  data: ConversationData | undefined,
  message: ConversationMessage,
): ConversationData | undefined {
  if (!data || data.pages.length === 0 || hasMessage(data, message.id)) return data;
  const [first, ...rest] = data.pages as [ConversationPage, ...ConversationPage[]];
  const total = first.pagination.total + 1;
  const { limit } = first.pagination;
  const updated: ConversationPage = {
    messages: [message, ...first.messages],
    pagination: { ...first.pagination, total, totalPages: limit > 0 ? Math.ceil(total / limit) : 0 },
  };
  return { ...data, pages: [updated, ...rest] };
}

/**
 * The loaded pages as one list, oldest first (newest at the bottom, as a chat reads). Pages fetched
 * after new messages arrived overlap the ones before them, so each message is kept once.
 */
export function messagesOldestFirst(data: ConversationData | undefined): ConversationMessage[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: ConversationMessage[] = [];
  for (const page of data.pages) {
    for (const message of page.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      out.push(message);
    }
  }
  return out.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id.localeCompare(b.id));
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** `{ appointment, message }` of the five appointment events, or null for anything else. */
export const parseAppointmentEvent = (payload: unknown): AppointmentChange | null => parseAppointmentChange(payload);

/** `{ appointmentId, message }` of messageToTheConversation, or null for anything else. */
export function parseConversationEvent(payload: unknown): ConversationMessage | null {
  if (!isRecord(payload)) return null;
  const message = parseConversationMessage(payload.message);
  if (!message) return null;
  if (typeof payload.appointmentId === 'string' && payload.appointmentId !== message.appointmentId) return null;
  return message;
}

const listParamsOf = (key: readonly unknown[]): AppointmentListKeyParams | null => {
  const params = key[appointmentKeys.lists.length];
  return isRecord(params) && Array.isArray(params.status) && typeof params.page === 'number'
    ? (params as AppointmentListKeyParams)
    : null;
};

/** Adds a conversation line to the cached conversation, when that conversation is loaded. */
export function addMessageToCache(queryClient: QueryClient, message: ConversationMessage) {
  queryClient.setQueryData<ConversationData>(appointmentKeys.conversation(message.appointmentId), (data) =>
    appendMessage(data, message),
  );
}

/**
 * Puts an appointment change in every cache that shows it: the lists, the detail and the
 * conversation. `isNew` (newAppointment) also prepends it to the first page of matching lists.
 */
export function applyAppointmentChange(queryClient: QueryClient, change: AppointmentChange, isNew = false) {
  const { appointment, message } = change;
  for (const [key] of queryClient.getQueriesData<AppointmentPage>({ queryKey: appointmentKeys.lists })) {
    const params = listParamsOf(key);
    if (!params) continue;
    queryClient.setQueryData<AppointmentPage>(key, (list) =>
      isNew ? prependToList(list, appointment, params) : replaceInList(list, appointment),
    );
  }
  queryClient.setQueryData<Appointment>(appointmentKeys.detail(appointment.id), (current) =>
    replaceDetail(current, appointment),
  );
  if (message) addMessageToCache(queryClient, message);
}

/** Takes a deleted appointment out of every cache. */
export function removeAppointmentFromCache(queryClient: QueryClient, appointmentId: string) {
  for (const [key] of queryClient.getQueriesData<AppointmentPage>({ queryKey: appointmentKeys.lists })) {
    queryClient.setQueryData<AppointmentPage>(key, (list) => removeFromList(list, appointmentId));
  }
  queryClient.removeQueries({ queryKey: appointmentKeys.detail(appointmentId) });
  queryClient.removeQueries({ queryKey: appointmentKeys.conversation(appointmentId) });
}
