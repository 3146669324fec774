import { WEEKDAYS, type AppointmentMode, type Weekday } from '../enums.ts';
import { periodsOverlap } from './appointments.ts';
import { indiaDateTimeToIso, isoToIndiaDateTime } from './time.ts';

/**
 * A doctor's weekly schedule at one place (their own clinic, or the hospital they practise at), and
 * the open slots it gives, all in India time.
 *
 * The booking rule: a doctor with a schedule (at least one weekly session or one-off session at any
 * place) is booked only at a start time the schedule gives, for a mode that session offers, on a day
 * not on leave; the appointment lasts the slot's length. Whether that slot is still free is decided by
 * the no-double-booking constraint, so of two bookings for one slot exactly one wins. A doctor with no
 * schedule at all is booked as before: any future time, still never two at once.
 */

/** 'HH:MM' on the 24-hour clock, India time. */
export type WallTime = string;
/** 'yyyy-mm-dd', a calendar date in India. */
export type CalendarDate = string;

export type SessionBreak = { start: WallTime; end: WallTime };
/** One sitting on a day: slots of `slotMinutes` from `start` until `end`, none overlapping a break. */
export type SessionTimes = {
  start: WallTime;
  end: WallTime;
  slotMinutes: number;
  modes: AppointmentMode[];
  breaks: SessionBreak[];
};
export type WeeklySession = SessionTimes & { day: Weekday };
/** Days off at this place, both ends included. */
export type Leave = { from: CalendarDate; to: CalendarDate; note?: string | null };
/** A one-off change for one date: these sessions replace that weekday's (none: closed that day). */
export type DateChange = { date: CalendarDate; sessions: SessionTimes[]; note?: string | null };

export type PlaceSchedule = {
  /** null: the doctor's own clinic. */
  hospitalId: string | null;
  sessions: readonly WeeklySession[];
  leave: readonly Leave[];
  changes: readonly DateChange[];
};

export type Slot = {
  start: string;
  end: string;
  date: CalendarDate;
  time: WallTime;
  slotMinutes: number;
  modes: AppointmentMode[];
  hospitalId: string | null;
};

export const MIN_SLOT_MINUTES = 5;
export const MAX_SLOT_MINUTES = 240;
/** The longest range of open slots one request may ask for. */
export const MAX_SLOT_RANGE_DAYS = 31;
/** How many open slots a refusal names. */
export const NEXT_SLOTS_NAMED = 3;
/** How far ahead a refusal looks for open slots. */
export const NEXT_SLOTS_HORIZON_DAYS = 14;

/** The day parts the picker groups slots by (a slot's start, India time). */
export const DAY_PARTS = [
  { key: 'MORNING', label: 'Morning', until: '12:00' },
  { key: 'AFTERNOON', label: 'Afternoon', until: '17:00' },
  { key: 'EVENING', label: 'Evening', until: '24:00' },
] as const;
export type DayPart = (typeof DAY_PARTS)[number]['key'];

export function dayPartOf(time: WallTime): DayPart {
  return DAY_PARTS.find((part) => time < part.until)!.key;
}

/** '09:30' → 570. */
export function minutesOf(time: WallTime): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}
/** 570 → '09:30'. */
export function wallTimeOf(minutes: number): WallTime {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The weekday of a calendar date. */
export function weekdayOf(date: CalendarDate): Weekday {
  // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
}

/** The calendar date `days` after `date`. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whether a schedule gives any slot at all: the booking rule applies only then. */
export function hasSchedule(schedules: readonly PlaceSchedule[]): boolean {
  return schedules.some((s) => s.sessions.length > 0 || s.changes.some((c) => c.sessions.length > 0));
}

/** What is wrong with one sitting (times in order, breaks inside it, at least one slot), or null. */
export function sessionProblem(session: SessionTimes): string | null {
  const start = minutesOf(session.start);
  const end = minutesOf(session.end);
  if (end <= start) return 'A session must end after it starts';
  if (end - start < session.slotMinutes) return 'A session must be at least one slot long';
  const breaks = [...session.breaks].sort((a, b) => a.start.localeCompare(b.start));
  let previousEnd = start;
  for (const pause of breaks) {
    if (minutesOf(pause.end) <= minutesOf(pause.start)) return 'A break must end after it starts';
    if (minutesOf(pause.start) < previousEnd || minutesOf(pause.end) > end) {
      return 'Breaks must lie inside their session and not overlap';
    }
    previousEnd = minutesOf(pause.end);
  }
  return null;
}

/** Whether two sittings of one day share any time. */
export function sessionsOverlap(a: SessionTimes, b: SessionTimes): boolean {
  return minutesOf(a.start) < minutesOf(b.end) && minutesOf(b.start) < minutesOf(a.end);
}

function onLeave(schedule: PlaceSchedule, date: CalendarDate): boolean {
  return schedule.leave.some((leave) => leave.from <= date && date <= leave.to);
}

/** The sittings of one place on one date: a one-off change replaces the weekday's; leave closes the day. */
export function sessionsOn(schedule: PlaceSchedule, date: CalendarDate): readonly SessionTimes[] {
  if (onLeave(schedule, date)) return [];
  const change = schedule.changes.find((c) => c.date === date);
  if (change) return change.sessions;
  const day = weekdayOf(date);
  return schedule.sessions.filter((s) => s.day === day);
}

/** Every slot a schedule gives on one date, taken or not, in time order. */
export function slotsOn(schedule: PlaceSchedule, date: CalendarDate): Slot[] {
  const slots: Slot[] = [];
  for (const session of sessionsOn(schedule, date)) {
    const end = minutesOf(session.end);
    for (let at = minutesOf(session.start); at + session.slotMinutes <= end; at += session.slotMinutes) {
      const slotEnd = at + session.slotMinutes;
      const inBreak = session.breaks.some((b) => at < minutesOf(b.end) && minutesOf(b.start) < slotEnd);
      if (inBreak) continue;
      const time = wallTimeOf(at);
      const start = new Date(indiaDateTimeToIso(date, time));
      slots.push({
        start: start.toISOString(),
        end: new Date(start.getTime() + session.slotMinutes * 60_000).toISOString(),
        date,
        time,
        slotMinutes: session.slotMinutes,
        modes: [...session.modes],
        hospitalId: schedule.hospitalId,
      });
    }
  }
  return slots.sort((a, b) => a.start.localeCompare(b.start));
}

export type BusyPeriod = { start: Date | string; end: Date | string };

/**
 * The open slots of `days` dates from `from`: every place's schedule, minus leave, minus slots that
 * start before `now` and those overlapping a slot-holding appointment (`busy`), optionally of one mode.
 */
export function openSlots(input: {
  schedules: readonly PlaceSchedule[];
  from: CalendarDate;
  days: number;
  busy: readonly BusyPeriod[];
  now: Date;
  mode?: AppointmentMode;
  hospitalId?: string | null;
}): Slot[] {
  const busy = input.busy.map((b) => ({ start: new Date(b.start), end: new Date(b.end) }));
  const places =
    input.hospitalId === undefined ? input.schedules : input.schedules.filter((s) => s.hospitalId === input.hospitalId);
  const slots: Slot[] = [];
  for (let i = 0; i < input.days; i++) {
    const date = addDays(input.from, i);
    for (const schedule of places) {
      for (const slot of slotsOn(schedule, date)) {
        const start = new Date(slot.start);
        if (start.getTime() <= input.now.getTime()) continue;
        if (input.mode && !slot.modes.includes(input.mode)) continue;
        const end = new Date(slot.end);
        if (busy.some((b) => periodsOverlap(start, end, b.start, b.end))) continue;
        slots.push(slot);
      }
    }
  }
  return slots.sort((a, b) => a.start.localeCompare(b.start) || (a.hospitalId ?? '').localeCompare(b.hospitalId ?? ''));
}

/**
 * The slot of the schedule that starts at `start` and offers `mode` (at `hospitalId` when given), taken
 * or not: what a booking of a scheduled doctor must match. null when the schedule gives no such slot.
 */
export function scheduledSlotAt(
  schedules: readonly PlaceSchedule[],
  start: Date,
  mode: AppointmentMode,
  hospitalId?: string | null,
): Slot | null {
  const iso = start.toISOString();
  const { date } = isoToIndiaDateTime(iso);
  for (const schedule of schedules) {
    if (hospitalId !== undefined && schedule.hospitalId !== hospitalId) continue;
    const slot = slotsOn(schedule, date).find((s) => s.start === iso && s.modes.includes(mode));
    if (slot) return slot;
  }
  return null;
}
