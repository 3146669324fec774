import { APPOINTMENT_MODE_LABELS, type Actor, type NotificationType } from '../../../domain/enums.ts';
import {
  APPOINTMENT_TRANSITIONS,
  type AppointmentAction,
  type AppointmentParty,
} from '../../../domain/rules/appointments.ts';
import { formatDateTime } from '../../../domain/rules/format.ts';
import type { ConversationMessage } from '../../../domain/schemas/appointments.ts';
import type { Tx } from '../../db/client.ts';
import { appointmentMessages } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import type { Realtime } from '../../platform/realtime.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { toAppointment, toMessage, type AppointmentView } from './queries.ts';

/** What each change of an appointment says: to the other side, in the conversation, in the party rooms. */

/** What the appointment announcements need. */
export type AnnounceDeps = {
  realtime: Pick<Realtime, 'emit'>;
  notify: Pick<NotificationsService, 'notifyProfiles'>;
};

const when = (at: Date | string) => formatDateTime(at);

/** Who speaks in the conversation, as its lines record them. */
export function actorOf(caller: AuthUser): Actor {
  return caller.role === 'PATIENT' || caller.role === 'DOCTOR' || caller.role === 'HOSPITAL' ? caller.role : 'SYSTEM';
}

/** The name a party speaks with in the conversation. */
export function nameOf(caller: AuthUser, row: AppointmentView): string {
  if (caller.role === 'PATIENT') return row.patientName;
  if (caller.role === 'DOCTOR') return row.doctorName ?? caller.name ?? 'The doctor';
  // A hospital's team member is named, with the hospital: history names the person, not only the organisation.
  if (caller.role === 'HOSPITAL') {
    const hospital = row.hospitalName ?? 'The hospital';
    return caller.name && caller.name !== row.hospitalName ? `${caller.name} (${hospital})` : hospital;
  }
  return caller.name ?? 'CareMesh';
}

/** What each action tells the other side, in the in-app notification (never sent by push). */
function notificationFor(
  action: AppointmentAction | 'BOOK',
  row: AppointmentView,
  actorName: string,
  previousStart: Date,
): { title: string; message: string; type: NotificationType } {
  const at = when(row.scheduledAt);
  const reason = row.statusReason ? `: ${row.statusReason}` : '.';
  switch (action) {
    case 'BOOK':
      return {
        title: 'New appointment request',
        message: `${row.patientName} asked for ${at} (${APPOINTMENT_MODE_LABELS[row.mode]}).`,
        type: 'APPOINTMENT',
      };
    case 'ACCEPT':
      return {
        title: 'Appointment accepted',
        message: `${actorName} accepted the appointment on ${at}.`,
        type: 'APPOINTMENT_UPDATE',
      };
    case 'REJECT':
      return {
        title: 'Appointment declined',
        message: `${actorName} declined the appointment on ${at}${reason}`,
        type: 'APPOINTMENT_UPDATE',
      };
    case 'CONFIRM':
      return {
        title: 'Appointment confirmed',
        message: `${actorName} confirmed the appointment on ${at}.`,
        type: 'APPOINTMENT_UPDATE',
      };
    case 'CANCEL':
      return {
        title: 'Appointment cancelled',
        message: `${actorName} cancelled the appointment on ${at}${reason}`,
        type: 'APPOINTMENT_UPDATE',
      };
    case 'PROPOSE_RESCHEDULE':
      return {
        title: 'New time proposed',
        message: `${actorName} proposed ${when(row.proposedAt ?? row.scheduledAt)} instead of ${at}.`,
        type: 'APPOINTMENT_UPDATE',
      };
    case 'ACCEPT_RESCHEDULE':
      return {
        title: 'New time accepted',
        message: `${actorName} accepted the new time: ${at}.`,
        type: 'APPOINTMENT_UPDATE',
      };
    case 'DECLINE_RESCHEDULE':
      return {
        title: 'New time declined',
        message: `${actorName} would rather keep ${when(previousStart)}; the appointment waits for your decision again.`,
        type: 'APPOINTMENT_UPDATE',
      };
    case 'COMPLETE':
      return {
        title: 'Appointment completed',
        message: `The appointment on ${at} is marked completed.`,
        type: 'APPOINTMENT_UPDATE',
      };
    case 'MARK_NO_SHOW':
      return {
        title: 'Marked as missed',
        message: `The appointment on ${at} is marked as a no-show.`,
        type: 'APPOINTMENT_UPDATE',
      };
    case 'EXPIRE':
      return {
        title: 'Appointment request expired',
        message: `The request for ${at} was not answered in time and has expired.`,
        type: 'APPOINTMENT_UPDATE',
      };
    case 'DELETE':
      return {
        title: 'Appointment removed',
        message: `The appointment on ${at} was removed.`,
        type: 'APPOINTMENT_UPDATE',
      };
  }
}

/** The line each change adds to the conversation. */
function eventLine(action: AppointmentAction | 'BOOK', row: AppointmentView, actorName: string): string {
  const at = when(row.scheduledAt);
  const why = row.statusReason ? ` Reason: ${row.statusReason}` : '';
  switch (action) {
    case 'BOOK':
      return `${actorName} requested an appointment for ${at}.`;
    case 'ACCEPT':
      return `${actorName} accepted the appointment.${why}`;
    case 'REJECT':
      return `${actorName} declined the appointment.${why}`;
    case 'CONFIRM':
      return `${actorName} confirmed the appointment for ${at}.${why}`;
    case 'CANCEL':
      return `${actorName} cancelled the appointment.${why}`;
    case 'PROPOSE_RESCHEDULE':
      return `${actorName} proposed a new time: ${when(row.proposedAt ?? row.scheduledAt)}.${why}`;
    case 'ACCEPT_RESCHEDULE':
      return `${actorName} accepted the new time: ${at}.${why}`;
    case 'DECLINE_RESCHEDULE':
      return `${actorName} declined the new time and keeps ${at}.${why}`;
    case 'COMPLETE':
      return `${actorName} marked the appointment completed.${why}`;
    case 'MARK_NO_SHOW':
      return `${actorName} marked the appointment as a no-show.${why}`;
    case 'EXPIRE':
      return 'The request expired: it was not answered before its time.';
    case 'DELETE':
      return `${actorName} removed the appointment.`;
  }
}

/** Party rooms get the event (each with its own side's actions); other parties' accounts are notified. */
export async function announce(
  { realtime, notify }: AnnounceDeps,
  action: AppointmentAction | 'BOOK',
  row: AppointmentView,
  message: ConversationMessage | null,
  actor: { userId?: string; name: string; side: AppointmentParty },
  previousStart: Date,
) {
  const event = action === 'BOOK' ? 'newAppointment' : APPOINTMENT_TRANSITIONS[action].event;
  const now = new Date();
  if (event) {
    realtime.emit(row.patientId, event, { appointment: toAppointment(row, 'PATIENT', now), message });
    for (const provider of [row.doctorId, row.hospitalId]) {
      if (provider) realtime.emit(provider, event, { appointment: toAppointment(row, 'PROVIDER', now), message });
    }
  }
  const others = [
    ...(actor.side === 'PATIENT' ? [] : [row.patientId]),
    ...(actor.side === 'PROVIDER' ? [] : [row.doctorId, row.hospitalId]),
  ];
  // A doctor acting on a hospital's appointment (or the other way round) tells the co-provider too.
  if (actor.side === 'PROVIDER') others.push(row.doctorId, row.hospitalId);
  const { title, message: text, type } = notificationFor(action, row, actor.name, previousStart);
  await notify.notifyProfiles(
    others.filter((id): id is string => Boolean(id)),
    {
      title,
      message: text,
      type,
      priority: action === 'BOOK' || action === 'PROPOSE_RESCHEDULE' ? 'HIGH' : 'MEDIUM',
      data: { appointmentId: row.id, url: `/appointments/${row.id}` },
    },
    actor.userId,
  );
}

/** The columns of the line a change adds to the appointment's conversation. */
export function eventLineOf(
  row: AppointmentView,
  action: AppointmentAction | 'BOOK',
  actor: { userId?: string; role: Actor; name: string },
) {
  return {
    appointmentId: row.id,
    kind: 'EVENT' as const,
    authorRole: actor.role,
    authorUserId: actor.userId ?? null,
    authorName: actor.name,
    body: eventLine(action, row, actor.name),
  };
}

/** The line the change adds to the appointment's conversation, written in its transaction. */
export async function addEventLine(
  tx: Tx,
  row: AppointmentView,
  action: AppointmentAction | 'BOOK',
  actor: { userId?: string; role: Actor; name: string },
) {
  const [message] = await tx
    .insert(appointmentMessages)
    .values(eventLineOf(row, action, actor))
    .returning();
  return toMessage(message!);
}
