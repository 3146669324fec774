import { z } from 'zod';
import { APPOINTMENT_MODES, URGENCIES, WAITLIST_STATUSES } from '../enums.ts';
import { DAY_PARTS } from '../rules/schedules.ts';
import { MAX_PREFERRED_RANGE_DAYS, WAITLIST_WORKFLOW } from '../rules/waitlist.ts';
import { idSchema, isoDate, isoDateTimeWithOffset, paginationQuery, paginationSchema } from './common.ts';
import { lineText } from './text.ts';

const DAY_PART_KEYS = DAY_PARTS.map((part) => part.key) as ['MORNING', 'AFTERNOON', 'EVENING'];
const modeField = z.enum(APPOINTMENT_MODES, { error: `Mode must be one of ${APPOINTMENT_MODES.join(', ')}` });
const urgencyField = (label: string) => z.enum(URGENCIES, { error: `${label} must be one of ${URGENCIES.join(', ')}` });
const statusField = z.enum(WAITLIST_STATUSES, { error: `Status must be one of ${WAITLIST_STATUSES.join(', ')}` });
const reasonText = (label: string) =>
  lineText(label).trim().min(1, `${label} is required`).max(300, `${label} must be at most 300 characters`);

const DAY_MS = 86_400_000;

/** `POST /waitlist/join`: a doctor (at a place) or any doctor of a hospital, dates, time of day, mode, why. */
export const joinWaitlistBody = z
  .object({
    doctorId: idSchema.optional(),
    hospitalId: idSchema.optional(),
    preferredFrom: isoDate,
    preferredTo: isoDate,
    /** Empty or absent: any time of day. */
    timesOfDay: z
      .array(z.enum(DAY_PART_KEYS, { error: `Time of day must be one of ${DAY_PART_KEYS.join(', ')}` }))
      .max(3)
      .default([])
      .transform((parts) => [...new Set(parts)]),
    mode: modeField.optional(),
    reason: reasonText('Reason'),
    /** The patient's own word on how urgent it is; the hospital sets the priority. */
    urgency: urgencyField('Urgency').default('MEDIUM'),
    /** A later appointment this one would replace: kept until an offer is accepted, then cancelled. */
    replacesAppointmentId: idSchema.optional(),
  })
  .refine((body) => body.doctorId !== undefined || body.hospitalId !== undefined, {
    message: 'Choose a doctor or a hospital to wait for',
    path: ['doctorId'],
  })
  .refine((body) => body.preferredTo >= body.preferredFrom, {
    message: 'The last preferred date must be on or after the first',
    path: ['preferredTo'],
  })
  .refine(
    (body) => Date.parse(body.preferredTo) - Date.parse(body.preferredFrom) <= MAX_PREFERRED_RANGE_DAYS * DAY_MS,
    {
      message: `Preferred dates may span at most ${MAX_PREFERRED_RANGE_DAYS} days`,
      path: ['preferredTo'],
    },
  );
export type JoinWaitlistInput = z.input<typeof joinWaitlistBody>;

/** `GET /waitlist` (SPEC §3 filters). */
export const waitlistListQuery = paginationQuery.extend({
  hospitalId: idSchema.optional(),
  doctorId: idSchema.optional(),
  status: statusField.optional(),
  priority: urgencyField('Priority').optional(),
  /** Entries whose preferred dates include this date. */
  preferredDate: isoDate.optional(),
});
export type WaitlistListQuery = z.input<typeof waitlistListQuery>;

/** `GET /waitlist/patient/me`. */
export const myWaitlistQuery = paginationQuery.extend({ status: statusField.optional() });

/** `POST /waitlist/notify`: the hospital offers a slot to an entry by hand. */
export const notifyWaitlistBody = z.object({
  waitlistId: idSchema,
  /** Required for an entry that waits for any doctor of the hospital. */
  doctorId: idSchema.optional(),
  scheduledAt: isoDateTimeWithOffset,
  mode: modeField.optional(),
});

/** `PATCH /waitlist/{id}/position`: a new place in the queue and/or a priority, always with why. */
export const waitlistPositionBody = z
  .object({
    position: z.coerce
      .number({ error: 'Position must be a number' })
      .int('Position must be a whole number')
      .min(1, 'Position must be 1 or more')
      .max(10_000, 'Position must be at most 10000')
      .optional(),
    priority: urgencyField('Priority').optional(),
    reason: reasonText('Reason'),
  })
  .refine((body) => body.position !== undefined || body.priority !== undefined, {
    message: 'Give a new position or a priority',
    path: ['position'],
  });

/** `PATCH /waitlist/{id}/status`. */
export const waitlistStatusBody = z.object({
  status: statusField,
  reason: lineText('Reason').trim().max(300, 'Reason must be at most 300 characters').optional(),
});

export const waitlistStatsQuery = z.object({ hospitalId: idSchema.optional(), doctorId: idSchema.optional() });

const actionField = z.enum(WAITLIST_WORKFLOW.order);

export const waitlistOfferSchema = z.object({
  id: idSchema,
  doctorId: idSchema,
  doctorName: z.string().nullable(),
  hospitalId: idSchema.nullable(),
  hospitalName: z.string().nullable(),
  slotStart: z.string(),
  slotEnd: z.string(),
  mode: modeField,
  /** When the patient was (or will be, after quiet hours) told. */
  notifyAt: z.string(),
  expiresAt: z.string(),
  source: z.enum(['AUTOMATIC', 'MANUAL']),
});
export type WaitlistOffer = z.output<typeof waitlistOfferSchema>;

export const waitlistHistorySchema = z.object({
  action: z.string(),
  from: z.string(),
  to: z.string(),
  reason: z.string().nullable(),
  actorRole: z.string(),
  at: z.string(),
});

export const waitlistEntrySchema = z.object({
  id: idSchema,
  /** The SPEC's name for the id. */
  waitlistId: idSchema,
  status: statusField,
  /** Place in the queue among those still waiting (1 is next); null once the entry has ended. */
  position: z.number().int().nullable(),
  priority: z.enum(URGENCIES),
  urgency: z.enum(URGENCIES),
  patientId: idSchema,
  patientName: z.string(),
  doctorId: idSchema.nullable(),
  doctorName: z.string().nullable(),
  hospitalId: idSchema.nullable(),
  hospitalName: z.string().nullable(),
  mode: modeField.nullable(),
  preferredFrom: z.string(),
  preferredTo: z.string(),
  timesOfDay: z.array(z.enum(DAY_PART_KEYS)),
  reason: z.string(),
  statusReason: z.string().nullable(),
  appointmentId: idSchema.nullable(),
  replacesAppointmentId: idSchema.nullable(),
  offer: waitlistOfferSchema.nullable(),
  /** What the caller may do with it now (the status table). */
  actions: z.array(actionField),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WaitlistEntry = z.output<typeof waitlistEntrySchema>;

export const waitlistEntryDetailSchema = waitlistEntrySchema.extend({ history: z.array(waitlistHistorySchema) });
export type WaitlistEntryDetail = z.output<typeof waitlistEntryDetailSchema>;

export const waitlistListSchema = z.object({ entries: z.array(waitlistEntrySchema), pagination: paginationSchema });
export type WaitlistList = z.output<typeof waitlistListSchema>;

export const waitlistStatsSchema = z.object({
  byStatus: z.record(statusField, z.number().int()),
  /** Slots freed (cancelled, rejected, moved, expired, leave cancelled) or offered by hand. */
  freedSlots: z.number().int(),
  /** Of those, filled from the waitlist. */
  filledFromWaitlist: z.number().int(),
  /** filledFromWaitlist / freedSlots; null with none freed. */
  fillRate: z.number().nullable(),
  medianMinutesToFill: z.number().nullable(),
  offersMade: z.number().int(),
  offersPerFill: z.number().nullable(),
  offersDeclined: z.number().int(),
  offersLapsed: z.number().int(),
  expiredEntries: z.number().int(),
});
export type WaitlistStats = z.output<typeof waitlistStatsSchema>;
