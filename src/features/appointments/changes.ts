/**
 * The patient's appointment changes that must work offline (DESIGN "Offline-first"): booking,
 * cancelling and answering a proposed new time go through the outbox, online as well, so there is
 * one path. Here: how each becomes an outbox entry, and which waiting entries belong to which item.
 */
import { DEFAULT_APPOINTMENT_MINUTES } from '../../../domain/rules/appointments.ts';
import { shortIndiaDateTime } from '../../../domain/rules/time.ts';
import type { BookAppointmentInput } from '../../../domain/schemas/appointments.ts';
import {
  appointmentKeys,
  appointmentPaths,
  parseAppointment,
  parseAppointmentChange,
  type Appointment,
  type AppointmentChange,
  type ConversationMessage,
} from '../../api/appointments.ts';
import type { OutboxEntry } from '../../offline/outbox.ts';
import { defineOfflineChange } from '../../offline/offlineChange.ts';
import type { SubmitOptions, SubmitResult } from '../../offline/submit.ts';
import { addMessageToCache } from './cache.ts';

export { shortIndiaDateTime };

/** The doctor's name, else the hospital's: who the patient sees. */
export function shortProvider(appointment: Pick<Appointment, 'doctor' | 'hospital'>): string {
  return appointment.doctor?.name ?? appointment.hospital?.name ?? 'your doctor';
}

export const BOOKING_KIND = 'book-appointment';
export const CHANGE_KIND = 'appointment-change';

/** What the patient's list shows for a booking not sent yet (the entry's meta). */
export type WaitingBooking = {
  entry: OutboxEntry;
  provider: string;
  scheduledAt: string;
  mode: string;
  reason: string;
  durationMinutes: number;
};

export function waitingBookingOf(entry: OutboxEntry): WaitingBooking | null {
  const meta = entry.meta;
  if (meta?.['kind'] !== BOOKING_KIND) return null;
  const text = (name: string) => (typeof meta[name] === 'string' ? (meta[name] as string) : '');
  const minutes = Number(meta['durationMinutes']);
  return {
    entry,
    provider: text('provider'),
    scheduledAt: text('scheduledAt'),
    mode: text('mode'),
    reason: text('reason'),
    durationMinutes: Number.isFinite(minutes) && minutes > 0 ? minutes : DEFAULT_APPOINTMENT_MINUTES,
  };
}

type BookingInput = { body: BookAppointmentInput; provider: { short: string; full: string } };

/** A booking, queued on the device until the server has it; shown on top of the patient's list meanwhile. */
export const bookAppointmentChange = defineOfflineChange<BookingInput, WaitingBooking>({
  kind: BOOKING_KIND,
  method: 'POST',
  path: () => appointmentPaths.book(),
  body: ({ body }) => body,
  label: ({ body, provider }) => `Book ${provider.short}, ${shortIndiaDateTime(body.scheduledAt)}`,
  invalidates: () => [appointmentKeys.lists],
  meta: ({ body, provider }) => ({
    provider: provider.full,
    scheduledAt: body.scheduledAt,
    mode: body.mode,
    reason: body.reason,
    durationMinutes: Number(body.durationMinutes ?? DEFAULT_APPOINTMENT_MINUTES),
  }),
  shownAs: waitingBookingOf,
});

/**
 * Books through the outbox. `provider`: who the patient chose, short for the label ("Dr Arjun Rao")
 * and in full for the list ("Dr Arjun Rao, Sahyadri Care Hospital").
 */
export function submitBooking(
  userId: string,
  body: BookAppointmentInput,
  provider: { short: string; full: string },
  options?: SubmitOptions,
): Promise<SubmitResult> {
  return bookAppointmentChange.submit(userId, { body, provider }, options);
}

export type QueuedAction = 'CANCEL' | 'ACCEPT_RESCHEDULE' | 'DECLINE_RESCHEDULE';

export function isQueuedAction(action: string): action is QueuedAction {
  return action === 'CANCEL' || action === 'ACCEPT_RESCHEDULE' || action === 'DECLINE_RESCHEDULE';
}

type AppointmentChangeInput = { appointment: Appointment; action: QueuedAction; reason: string | undefined };

function changeRequest({ appointment, action, reason }: AppointmentChangeInput) {
  const who = shortProvider(appointment);
  switch (action) {
    case 'CANCEL':
      return {
        path: appointmentPaths.cancel(appointment.id),
        body: { reason: reason ?? '' },
        label: `Cancel ${who}, ${shortIndiaDateTime(appointment.scheduledAt)}`,
      };
    case 'ACCEPT_RESCHEDULE':
      return {
        path: appointmentPaths.respondReschedule(appointment.id),
        body: { decision: 'ACCEPT' },
        label: `Accept new time with ${who}, ${shortIndiaDateTime(appointment.proposedAt)}`,
      };
    case 'DECLINE_RESCHEDULE':
      return {
        path: appointmentPaths.respondReschedule(appointment.id),
        body: reason ? { decision: 'DECLINE', reason } : { decision: 'DECLINE' },
        label: `Keep original time with ${who}, ${shortIndiaDateTime(appointment.scheduledAt)}`,
      };
  }
}

/** Cancelling, or answering a proposed time: shown on the appointment while it waits. */
export const appointmentChange = defineOfflineChange<AppointmentChangeInput>({
  kind: CHANGE_KIND,
  method: 'PATCH',
  path: (input) => changeRequest(input).path,
  body: (input) => changeRequest(input).body,
  label: (input) => changeRequest(input).label,
  invalidates: ({ appointment }) => [
    appointmentKeys.detail(appointment.id),
    appointmentKeys.lists,
    appointmentKeys.conversation(appointment.id),
  ],
  meta: ({ appointment, action }) => ({ appointmentId: appointment.id, action }),
});

/** Cancels or answers a proposed time through the outbox. */
export function submitAppointmentChange(
  userId: string,
  appointment: Appointment,
  action: QueuedAction,
  reason: string | undefined,
  options?: SubmitOptions,
): Promise<SubmitResult> {
  return appointmentChange.submit(userId, { appointment, action, reason }, options);
}

/** The `{ data }` of a PATCH answer, as the direct request returned it. */
export const changeFromAnswer = (response: unknown): AppointmentChange | null =>
  parseAppointmentChange((response as { data?: unknown } | null)?.data);

/** The `{ data }` of the booking answer: the new appointment. */
export const appointmentFromAnswer = (response: unknown): Appointment | null =>
  parseAppointment((response as { data?: unknown } | null)?.data);

/** Bookings made on this device and not sent yet, oldest first. */
export function useWaitingBookings(): WaitingBooking[] {
  return bookAppointmentChange.useWaiting();
}

/** The change to this appointment still waiting to be sent, if any (the newest). */
export function useWaitingChangeFor(appointmentId: string): OutboxEntry | null {
  return appointmentChange.useWaiting({ appointmentId }).at(-1) ?? null;
}

export const MESSAGE_KIND = 'appointment-message';

/** 'Message to Dr Arjun Rao: "Can I bring my old reports…"' — the first words are enough to tell it apart. */
export function messageLabel(to: string, body: string): string {
  const words = body.replace(/\s+/g, ' ').trim();
  const preview = words.length > 40 ? `${words.slice(0, 39).trimEnd()}…` : words;
  return `Message to ${to}: "${preview}"`;
}

type MessageInput = { appointmentId: string; to: string; body: string };

/** A conversation message: shown in the log while it waits, and put in the log once the server has it. */
export const appointmentMessageChange = defineOfflineChange<MessageInput>({
  kind: MESSAGE_KIND,
  method: 'POST',
  path: ({ appointmentId }) => appointmentPaths.message(appointmentId),
  body: ({ body }) => ({ body }),
  label: ({ to, body }) => messageLabel(to, body),
  invalidates: ({ appointmentId }) => [appointmentKeys.conversation(appointmentId)],
  meta: ({ appointmentId, body }) => ({ appointmentId, body }),
  applyAnswer: (queryClient, answer) => {
    const message = messageFromAnswer(answer);
    if (message) addMessageToCache(queryClient, message);
  },
});

/** Sends a conversation message through the outbox (typed offline, it is sent when the connection is back). */
export function submitMessage(
  userId: string,
  appointmentId: string,
  to: string,
  body: string,
  options?: SubmitOptions,
): Promise<SubmitResult> {
  return appointmentMessageChange.submit(userId, { appointmentId, to, body }, options);
}

/** Messages to this appointment written on this device and not sent yet, oldest first. */
export function useWaitingMessagesFor(appointmentId: string): OutboxEntry[] {
  return appointmentMessageChange.useWaiting({ appointmentId });
}

/** The `{ data }` of the message answer: the message as the server keeps it. */
export function messageFromAnswer(response: unknown): ConversationMessage | null {
  const data = (response as { data?: ConversationMessage } | null)?.data;
  return data && typeof data === 'object' && typeof data.id === 'string' && data.kind === 'MESSAGE' ? data : null;
}
