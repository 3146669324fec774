/**
 * The patient's appointment changes that must work offline (DESIGN "Offline-first"): booking,
 * cancelling and answering a proposed new time go through the outbox, online as well, so there is
 * one path. Here: how each becomes an outbox entry, and which waiting entries belong to which item.
 */
import { useMemo } from 'react';
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
import { submitChange, type SubmitOptions, type SubmitResult } from '../../offline/submit.ts';
import { useWaitingChangesWhere } from '../../offline/useWaitingChanges.ts';

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
  return submitChange(
    {
      userId,
      method: 'POST',
      path: appointmentPaths.book(),
      body,
      label: `Book ${provider.short}, ${shortIndiaDateTime(body.scheduledAt)}`,
      invalidates: [appointmentKeys.lists],
      meta: {
        kind: BOOKING_KIND,
        provider: provider.full,
        scheduledAt: body.scheduledAt,
        mode: body.mode,
        reason: body.reason,
        durationMinutes: Number(body.durationMinutes ?? DEFAULT_APPOINTMENT_MINUTES),
      },
    },
    options,
  );
}

export type QueuedAction = 'CANCEL' | 'ACCEPT_RESCHEDULE' | 'DECLINE_RESCHEDULE';

export function isQueuedAction(action: string): action is QueuedAction {
  return action === 'CANCEL' || action === 'ACCEPT_RESCHEDULE' || action === 'DECLINE_RESCHEDULE';
}

function changeRequest(appointment: Appointment, action: QueuedAction, reason: string | undefined) {
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

/** Cancels or answers a proposed time through the outbox. */
export function submitAppointmentChange(
  userId: string,
  appointment: Appointment,
  action: QueuedAction,
  reason: string | undefined,
  options?: SubmitOptions,
): Promise<SubmitResult> {
  const { path, body, label } = changeRequest(appointment, action, reason);
  return submitChange(
    {
      userId,
      method: 'PATCH',
      path,
      body,
      label,
      invalidates: [
        appointmentKeys.detail(appointment.id),
        appointmentKeys.lists,
        appointmentKeys.conversation(appointment.id),
      ],
      meta: { kind: CHANGE_KIND, appointmentId: appointment.id, action },
    },
    options,
  );
}

/** The `{ data }` of a PATCH answer, as the direct request returned it. */
export const changeFromAnswer = (response: unknown): AppointmentChange | null =>
  parseAppointmentChange((response as { data?: unknown } | null)?.data);

/** The `{ data }` of the booking answer: the new appointment. */
export const appointmentFromAnswer = (response: unknown): Appointment | null =>
  parseAppointment((response as { data?: unknown } | null)?.data);

/** Bookings made on this device and not sent yet, oldest first. */
export function useWaitingBookings(): WaitingBooking[] {
  const entries = useWaitingChangesWhere({ kind: BOOKING_KIND });
  return useMemo(
    () => entries.map(waitingBookingOf).filter((booking): booking is WaitingBooking => booking !== null),
    [entries],
  );
}

/** The change to this appointment still waiting to be sent, if any (the newest). */
export function useWaitingChangeFor(appointmentId: string): OutboxEntry | null {
  return useWaitingChangesWhere({ kind: CHANGE_KIND, appointmentId }).at(-1) ?? null;
}

export const MESSAGE_KIND = 'appointment-message';

/** 'Message to Dr Arjun Rao: "Can I bring my old reports…"' — the first words are enough to tell it apart. */
export function messageLabel(to: string, body: string): string {
  const words = body.replace(/\s+/g, ' ').trim();
  const preview = words.length > 40 ? `${words.slice(0, 39).trimEnd()}…` : words;
  return `Message to ${to}: "${preview}"`;
}

/** Sends a conversation message through the outbox (typed offline, it is sent when the connection is back). */
export function submitMessage(
  userId: string,
  appointmentId: string,
  to: string,
  body: string,
  options?: SubmitOptions,
): Promise<SubmitResult> {
  return submitChange(
    {
      userId,
      method: 'POST',
      path: appointmentPaths.message(appointmentId),
      body: { body },
      label: messageLabel(to, body),
      invalidates: [appointmentKeys.conversation(appointmentId)],
      meta: { kind: MESSAGE_KIND, appointmentId, body },
    },
    options,
  );
}

/** Messages to this appointment written on this device and not sent yet, oldest first. */
export function useWaitingMessagesFor(appointmentId: string): OutboxEntry[] {
  return useWaitingChangesWhere({ kind: MESSAGE_KIND, appointmentId });
}

/** The `{ data }` of the message answer: the message as the server keeps it. */
export function messageFromAnswer(response: unknown): ConversationMessage | null {
  const data = (response as { data?: ConversationMessage } | null)?.data;
  return data && typeof data === 'object' && typeof data.id === 'string' && data.kind === 'MESSAGE' ? data : null;
}
