import { z } from 'zod';
import { ACTORS, APPOINTMENT_MODES, APPOINTMENT_STATUSES } from '../enums.ts';
import {
  APPOINTMENT_ACTIONS,
  DEFAULT_APPOINTMENT_MINUTES,
  MAX_APPOINTMENT_MINUTES,
  MAX_BOOKING_DAYS_AHEAD,
  MIN_APPOINTMENT_MINUTES,
} from '../rules/appointments.ts';
import { idSchema, isoDate, isoDateTimeWithOffset, paginationQuery, paginationSchema, sortOrder } from './common.ts';
import { multiEnum } from './directory.ts';
import { patientDocumentSchema } from './patients.ts';
import { lineText, notesText } from './text.ts';

/** A time that is ahead of now (with a minute's grace for the clock) and within a year. */
export function futureTime(label: string) {
  return isoDateTimeWithOffset.superRefine((value, ctx) => {
    const at = Date.parse(value);
    const now = Date.now();
    if (at <= now) ctx.addIssue({ code: 'custom', message: `${label} must be in the future` });
    else if (at > now + MAX_BOOKING_DAYS_AHEAD * 86_400_000)
      ctx.addIssue({ code: 'custom', message: `${label} must be within the next ${MAX_BOOKING_DAYS_AHEAD} days` });
  });
}

const durationMinutes = z.coerce
  .number({ error: 'Duration must be a number of minutes' })
  .int('Duration must be whole minutes')
  .min(MIN_APPOINTMENT_MINUTES, `Duration must be at least ${MIN_APPOINTMENT_MINUTES} minutes`)
  .max(MAX_APPOINTMENT_MINUTES, `Duration must be at most ${MAX_APPOINTMENT_MINUTES} minutes`);

const reasonText = (label: string, max = 500) =>
  notesText(label, { error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const bookAppointmentBody = z
  .object({
    doctorId: idSchema.optional(),
    hospitalId: idSchema.optional(),
    scheduledAt: futureTime('The appointment time'),
    durationMinutes: durationMinutes.default(DEFAULT_APPOINTMENT_MINUTES),
    mode: z.enum(APPOINTMENT_MODES, { error: `Mode must be one of ${APPOINTMENT_MODES.join(', ')}` }),
    reason: reasonText('Reason'),
  })
  .refine((body) => body.doctorId || body.hospitalId, {
    message: 'Choose a doctor or a hospital',
    path: ['doctorId'],
  });
export type BookAppointmentInput = z.input<typeof bookAppointmentBody>;

export const appointmentDecisionBody = z
  .object({
    decision: z.enum(['ACCEPT', 'REJECT'], { error: 'Decision must be ACCEPT or REJECT' }),
    reason: notesText('Reason').trim().max(500, 'Reason must be at most 500 characters').optional(),
  })
  .refine((body) => body.decision === 'ACCEPT' || (body.reason && body.reason.length > 0), {
    message: 'Say why you are rejecting the appointment',
    path: ['reason'],
  });

export const confirmAppointmentBody = z.object({
  note: notesText('Note').trim().max(500, 'Note must be at most 500 characters').optional(),
});

export const cancelAppointmentBody = z.object({ reason: reasonText('Reason for cancelling') });

export const rescheduleAppointmentBody = z.object({
  scheduledAt: futureTime('The new time'),
  durationMinutes: durationMinutes.optional(),
  reason: notesText('Reason').trim().max(500, 'Reason must be at most 500 characters').optional(),
});

export const respondRescheduleBody = z.object({
  decision: z.enum(['ACCEPT', 'DECLINE'], { error: 'Answer ACCEPT or DECLINE' }),
  reason: notesText('Reason').trim().max(500, 'Reason must be at most 500 characters').optional(),
});

export const appointmentOutcomeBody = z.object({
  outcome: z.enum(['COMPLETED', 'NO_SHOW'], { error: 'Outcome must be COMPLETED or NO_SHOW' }),
  note: notesText('Note').trim().max(500, 'Note must be at most 500 characters').optional(),
});

export const MESSAGE_MAX_LENGTH = 2000;
export const sendMessageBody = z.object({
  body: notesText('Message', { error: 'Write a message' })
    .trim()
    .min(1, 'Write a message')
    .max(MESSAGE_MAX_LENGTH, `A message is at most ${MESSAGE_MAX_LENGTH} characters`),
});

const statusFilter = multiEnum(APPOINTMENT_STATUSES, 'status');

/**
 * `GET /appointments/patient|doctor|hospital?page&limit&status&date` (status may repeat or be
 * comma-separated; date: one calendar day in India), soonest first.
 */
export const appointmentListQuery = paginationQuery.extend({
  status: statusFilter.optional(),
  date: isoDate.optional(),
});
export type AppointmentListQuery = z.input<typeof appointmentListQuery>;

export const APPOINTMENT_SORT_FIELDS = ['scheduledAt', 'createdAt', 'updatedAt'] as const;

/** `POST /appointments/search`: every filter narrows what the caller may already see. */
export const appointmentSearchBody = z
  .object({
    page: z.number().int().min(1).default(1),
    limit: z.number().int().min(1).max(100).default(10),
    status: z.array(z.enum(APPOINTMENT_STATUSES)).max(20).optional(),
    mode: z.array(z.enum(APPOINTMENT_MODES)).max(3).optional(),
    patientId: idSchema.optional(),
    doctorId: idSchema.optional(),
    hospitalId: idSchema.optional(),
    from: isoDateTimeWithOffset.optional(),
    to: isoDateTimeWithOffset.optional(),
    searchQuery: lineText('Search text').trim().max(100).optional(),
    sortBy: z.enum(APPOINTMENT_SORT_FIELDS).default('scheduledAt'),
    sortOrder: sortOrder.default('asc'),
  })
  .refine((body) => !body.from || !body.to || body.from <= body.to, {
    message: '"from" must not be after "to"',
    path: ['to'],
  });

const partySummary = z.object({ id: idSchema, name: z.string() });

export const appointmentSchema = z.object({
  id: idSchema,
  status: z.enum(APPOINTMENT_STATUSES),
  mode: z.enum(APPOINTMENT_MODES),
  reason: z.string(),
  scheduledAt: z.string(),
  durationMinutes: z.number().int(),
  endsAt: z.string(),
  /** The time the provider proposed, while the status is RESCHEDULED. */
  proposedAt: z.string().nullable(),
  proposedDurationMinutes: z.number().int().nullable(),
  /** Why the last decision, cancellation or proposal was made, when someone said. */
  statusReason: z.string().nullable(),
  lastActor: z.enum(ACTORS),
  patient: partySummary,
  doctor: partySummary.nullable(),
  hospital: partySummary.nullable(),
  /** What the caller may do now (the state machine's answer for the caller's side). */
  actions: z.array(z.enum(APPOINTMENT_ACTIONS)),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Appointment = z.output<typeof appointmentSchema>;

export const MESSAGE_KINDS = ['MESSAGE', 'EVENT'] as const;
export const conversationMessageSchema = z.object({
  id: idSchema,
  appointmentId: idSchema,
  /** MESSAGE: written by a person; EVENT: a line the server adds for each change of status. */
  kind: z.enum(MESSAGE_KINDS),
  authorRole: z.enum(ACTORS),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type ConversationMessage = z.output<typeof conversationMessageSchema>;

export const appointmentWithMessage = z.object({
  appointment: appointmentSchema,
  message: conversationMessageSchema.nullable(),
});

export const appointmentList = z.object({
  data: z.object({ appointments: z.array(appointmentSchema), pagination: paginationSchema }),
});

export const conversationQuery = paginationQuery.extend({
  limit: paginationQuery.shape.limit.default(50),
});
export const conversationList = z.object({
  data: z.object({ messages: z.array(conversationMessageSchema), pagination: paginationSchema }),
});

/**
 * What every appointment realtime event carries: the appointment as it is now (its `actions` are
 * those of the side that receives it) and the conversation line the change added.
 */
export type AppointmentEventPayload = { appointment: Appointment; message: ConversationMessage | null };
export type ConversationEventPayload = { appointmentId: string; message: ConversationMessage };

/** A patient's document shared with an appointment (the patient chooses what each visit sees). */
export const sharedDocumentSchema = patientDocumentSchema.extend({ sharedAt: z.string() });
export type SharedDocument = z.output<typeof sharedDocumentSchema>;

/**
 * The documents shared with an appointment. `careRelationship`: the appointment is one now
 * (domain/rules/careAccess.ts); while it is not, its doctor and hospital get an empty list.
 */
export const appointmentDocumentList = z.object({
  data: z.object({ documents: z.array(sharedDocumentSchema), careRelationship: z.boolean() }),
});
export type AppointmentDocuments = z.output<typeof appointmentDocumentList>['data'];

export const documentShareSchema = z.object({
  appointmentId: z.string(),
  documentId: z.string(),
  sharedAt: z.string(),
});
export type DocumentShare = z.output<typeof documentShareSchema>;
