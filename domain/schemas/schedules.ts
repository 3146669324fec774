import { z } from 'zod';
import { APPOINTMENT_MODES, WEEKDAYS } from '../enums.ts';
import {
  MAX_SLOT_MINUTES,
  MAX_SLOT_RANGE_DAYS,
  MIN_SLOT_MINUTES,
  sessionProblem,
  sessionsOverlap,
  type SessionTimes,
} from '../rules/schedules.ts';
import { idSchema, isoDate } from './common.ts';
import { lineText } from './text.ts';

const wallTime = (label: string) =>
  z.string({ error: `${label} must be a time as HH:MM` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, {
    error: `${label} must be a time as HH:MM (24-hour)`,
  });

const noteText = lineText('Note').trim().max(200, 'Note must be at most 200 characters').nullish();

const sessionBreak = z.object({ start: wallTime('Break start'), end: wallTime('Break end') });

const sessionFields = z.object({
  start: wallTime('Session start'),
  end: wallTime('Session end'),
  slotMinutes: z.coerce
    .number({ error: 'Slot length must be a number of minutes' })
    .int('Slot length must be whole minutes')
    .min(MIN_SLOT_MINUTES, `Slot length must be at least ${MIN_SLOT_MINUTES} minutes`)
    .max(MAX_SLOT_MINUTES, `Slot length must be at most ${MAX_SLOT_MINUTES} minutes`),
  modes: z
    .array(z.enum(APPOINTMENT_MODES, { error: `Mode must be one of ${APPOINTMENT_MODES.join(', ')}` }))
    .min(1, 'Offer at least one mode')
    .max(3)
    .refine((modes) => new Set(modes).size === modes.length, 'Name each mode once'),
  breaks: z.array(sessionBreak).max(6, 'At most 6 breaks a session').default([]),
});

function checkSession(session: SessionTimes, ctx: z.RefinementCtx) {
  const problem = sessionProblem(session);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['end'] });
}

const sessionTimes = sessionFields.superRefine(checkSession);
const weeklySession = sessionFields
  .extend({ day: z.enum(WEEKDAYS, { error: 'Choose a weekday' }) })
  .superRefine(checkSession);

/** Sittings of one day must not share any time. */
function noOverlap(sessions: readonly SessionTimes[], ctx: z.RefinementCtx, path: (string | number)[], day: string) {
  for (let i = 0; i < sessions.length; i++) {
    for (let j = i + 1; j < sessions.length; j++) {
      if (sessionsOverlap(sessions[i]!, sessions[j]!)) {
        ctx.addIssue({ code: 'custom', message: `Two sessions on ${day} overlap`, path: [...path, j, 'start'] });
        return;
      }
    }
  }
}

const leave = z
  .object({ from: isoDate, to: isoDate, note: noteText })
  .refine((l) => l.from <= l.to, { message: 'Leave must end on or after its first day', path: ['to'] });

const dateChange = z.object({
  date: isoDate,
  sessions: z.array(sessionTimes).max(6, 'At most 6 sessions a day'),
  note: noteText,
});

/** `PUT /doctors/{doctorId}/schedule`: the whole schedule of one place (it replaces the one there). */
export const scheduleBody = z
  .object({
    /** null: the doctor's own clinic; otherwise the hospital the doctor practises at. */
    hospitalId: idSchema.nullable(),
    sessions: z.array(weeklySession).max(42, 'At most 42 weekly sessions'),
    leave: z.array(leave).max(100, 'At most 100 periods of leave').default([]),
    changes: z.array(dateChange).max(100, 'At most 100 one-off changes').default([]),
  })
  .superRefine((body, ctx) => {
    for (const day of WEEKDAYS) {
      const indexed = body.sessions.map((s, i) => ({ s, i })).filter(({ s }) => s.day === day);
      for (let a = 0; a < indexed.length; a++) {
        for (let b = a + 1; b < indexed.length; b++) {
          if (sessionsOverlap(indexed[a]!.s, indexed[b]!.s)) {
            ctx.addIssue({
              code: 'custom',
              message: `Two sessions on ${day.charAt(0)}${day.slice(1).toLowerCase()} overlap`,
              path: ['sessions', indexed[b]!.i, 'start'],
            });
          }
        }
      }
    }
    const dates = new Set<string>();
    body.changes.forEach((change, i) => {
      if (dates.has(change.date)) {
        ctx.addIssue({ code: 'custom', message: 'One change per date', path: ['changes', i, 'date'] });
      }
      dates.add(change.date);
      noOverlap(change.sessions, ctx, ['changes', i, 'sessions'], change.date);
    });
  });
export type ScheduleInput = z.input<typeof scheduleBody>;

export const placeScheduleSchema = z.object({
  hospitalId: idSchema.nullable(),
  /** The clinic's or the hospital's name. */
  placeName: z.string(),
  sessions: z.array(sessionFields.extend({ day: z.enum(WEEKDAYS) })),
  leave: z.array(z.object({ from: z.string(), to: z.string(), note: z.string().nullish() })),
  changes: z.array(z.object({ date: z.string(), sessions: z.array(sessionFields), note: z.string().nullish() })),
  /** When the schedule was last saved; null for a place with none yet. */
  updatedAt: z.string().nullable(),
  /** Whether the caller may change it. */
  editable: z.boolean(),
});
export type PlaceScheduleView = z.output<typeof placeScheduleSchema>;

/** What `GET /doctors/{doctorId}/schedule` answers: one entry per place the caller may see. */
export const doctorScheduleSchema = z.object({
  doctorId: idSchema,
  doctorName: z.string(),
  places: z.array(placeScheduleSchema),
});
export type DoctorSchedule = z.output<typeof doctorScheduleSchema>;

/** `?from&days&mode`: the open slots of `days` dates from `from` (default today, India time). */
export const slotsQuery = z.object({
  from: isoDate.optional(),
  days: z.coerce
    .number({ error: 'Days must be a number' })
    .int('Days must be a whole number')
    .min(1, 'Days must be at least 1')
    .max(MAX_SLOT_RANGE_DAYS, `Days must be at most ${MAX_SLOT_RANGE_DAYS}`)
    .default(7),
  mode: z.enum(APPOINTMENT_MODES, { error: `Mode must be one of ${APPOINTMENT_MODES.join(', ')}` }).optional(),
});
export type SlotsQuery = z.input<typeof slotsQuery>;

export const slotSchema = z.object({
  start: z.string(),
  end: z.string(),
  date: z.string(),
  time: z.string(),
  slotMinutes: z.number().int(),
  modes: z.array(z.enum(APPOINTMENT_MODES)),
  hospitalId: idSchema.nullable(),
  doctorId: idSchema,
});
export type OpenSlot = z.output<typeof slotSchema>;

export const slotListSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** false: the doctor has set no schedule and is booked at any future time (domain/rules/schedules.ts). */
  hasSchedule: z.boolean(),
  slots: z.array(slotSchema),
});
export type SlotList = z.output<typeof slotListSchema>;

export const hospitalSlotListSchema = z.object({
  from: z.string(),
  to: z.string(),
  doctors: z.array(z.object({ id: idSchema, name: z.string(), hasSchedule: z.boolean() })),
  slots: z.array(slotSchema),
});
export type HospitalSlotList = z.output<typeof hospitalSlotListSchema>;
