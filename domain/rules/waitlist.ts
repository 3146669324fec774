import type { AppointmentMode, Urgency, WaitlistStatus } from '../enums.ts';
import { dayPartOf, type CalendarDate, type DayPart } from './schedules.ts';
import { indiaDateTimeToIso, isoToIndiaDateTime } from './time.ts';
import { defineWorkflow } from './workflow.ts';

/**
 * The waitlist: patients waiting for a doctor (or any doctor of a hospital) when no open slot suits
 * them, and the offers that fill a freed slot from it — automatically, one patient at a time.
 *
 * The offer rule: when a slot frees, the first ACTIVE entry that matches it (doctor or hospital, mode,
 * preferred dates, time of day), by priority and then position, gets an exclusive hold on it; the slot
 * is booked by nobody else until the hold ends. Declining or letting the hold run out passes the slot
 * to the next matching entry, and the decliner keeps their place. No slot is offered in the last hour
 * before it starts; during the quiet hours (22:00–07:00 India time) an offer waits for the morning
 * unless the slot comes before then.
 */

/** No offer in the last hour before a slot: nobody can reasonably make it. */
export const OFFER_CUTOFF_MINUTES = 60;
/** The shortest hold worth offering: less than this and the slot is left for anyone to book. */
export const MIN_HOLD_MINUTES = 3;
/** A daily window, India time, in which no offer is delivered (and no push sent); it may span midnight. */
export type QuietHours = { readonly start: string; readonly end: string };
/** India time: no offer is delivered (and no push sent) from 22:00 until 07:00 (WAITLIST_QUIET_HOURS). */
export const QUIET_HOURS: QuietHours = { start: '22:00', end: '07:00' };
/** How far ahead a freed or opened slot is worth offering. */
export const OFFER_HORIZON_DAYS = 14;
/** A patient may wait in this many queues at once. */
export const MAX_LIVE_ENTRIES_PER_PATIENT = 5;
/** The longest preferred date range a patient may give. */
export const MAX_PREFERRED_RANGE_DAYS = 60;

/**
 * How long a slot is held for the patient it is offered to, by how far away it is: 15 minutes when it
 * is more than a day away, 10 when more than six hours, 5 when sooner.
 */
export function holdMinutesFor(minutesUntilSlot: number): number {
  if (minutesUntilSlot > 24 * 60) return 15;
  if (minutesUntilSlot > 6 * 60) return 10;
  return 5;
}

const MINUTE = 60_000;

/** Whether `at` falls in the quiet hours, India time (none when `quiet` is null). */
export function inQuietHours(at: Date, quiet: QuietHours | null = QUIET_HOURS): boolean {
  if (!quiet) return false;
  const { time } = isoToIndiaDateTime(at.toISOString());
  return quiet.start > quiet.end ? time >= quiet.start || time < quiet.end : time >= quiet.start && time < quiet.end;
}

/** The end of the quiet hours that `at` falls in (by default the next 07:00 India time). */
export function morningAfter(at: Date, quiet: QuietHours = QUIET_HOURS): Date {
  const { date, time } = isoToIndiaDateTime(at.toISOString());
  const sameDay = new Date(indiaDateTimeToIso(date, quiet.end));
  if (time < quiet.end) return sameDay;
  return new Date(sameDay.getTime() + 24 * 60 * MINUTE);
}

export type OfferTiming = {
  /** When the patient is told (now, or the morning after quiet hours). */
  notifyAt: Date;
  /** When the hold runs out unless accepted. */
  expiresAt: Date;
  holdMinutes: number;
};

/**
 * When an offer of a slot starting at `slotStart`, made at `now`, is delivered and how long it holds —
 * or null when the slot is too near to offer. During quiet hours the offer waits for the morning,
 * unless the slot comes before a morning offer could still be taken; then it goes out at once.
 */
export function offerTiming(now: Date, slotStart: Date, quiet: QuietHours | null = QUIET_HOURS): OfferTiming | null {
  const cutoff = slotStart.getTime() - OFFER_CUTOFF_MINUTES * MINUTE;
  const at = (from: Date): OfferTiming | null => {
    const hold = Math.min(
      holdMinutesFor((slotStart.getTime() - from.getTime()) / MINUTE),
      (cutoff - from.getTime()) / MINUTE,
    );
    if (hold < MIN_HOLD_MINUTES) return null;
    const holdMinutes = Math.floor(hold);
    return { notifyAt: from, expiresAt: new Date(from.getTime() + holdMinutes * MINUTE), holdMinutes };
  };
  if (quiet && inQuietHours(now, quiet)) {
    const morning = at(morningAfter(now, quiet));
    if (morning) return morning;
  }
  return at(now);
}

/** What a waiting entry asks for. */
export type WaitingEntry = {
  id: string;
  patientId: string;
  doctorId: string | null;
  hospitalId: string | null;
  mode: AppointmentMode | null;
  preferredFrom: CalendarDate;
  preferredTo: CalendarDate;
  /** Empty: any time of day. */
  timesOfDay: readonly DayPart[];
  priority: Urgency;
  position: number;
  createdAt: Date;
};

/** A slot that can be offered: a doctor's time, at a place, in the modes it allows. */
export type OfferableSlot = {
  doctorId: string;
  hospitalId: string | null;
  start: Date;
  modes: readonly AppointmentMode[];
};

/** Whether an entry would take this slot: its doctor (or any doctor of its hospital there), mode, dates and time of day. */
export function entryMatches(entry: WaitingEntry, slot: OfferableSlot): boolean {
  if (entry.doctorId !== null) {
    if (entry.doctorId !== slot.doctorId) return false;
    if (entry.hospitalId !== null && entry.hospitalId !== slot.hospitalId) return false;
  } else if (entry.hospitalId === null || entry.hospitalId !== slot.hospitalId) {
    return false;
  }
  if (entry.mode !== null && !slot.modes.includes(entry.mode)) return false;
  const { date, time } = isoToIndiaDateTime(slot.start.toISOString());
  if (date < entry.preferredFrom || date > entry.preferredTo) return false;
  return entry.timesOfDay.length === 0 || entry.timesOfDay.includes(dayPartOf(time));
}

const PRIORITY_RANK: Record<Urgency, number> = { URGENT: 0, HIGH: 1, MEDIUM: 2, LOW: 3 };

/** The order offers go in: priority (urgent first), then position, then who joined first. */
export function compareForOffer(a: WaitingEntry, b: WaitingEntry): number {
  return (
    PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] ||
    a.position - b.position ||
    a.createdAt.getTime() - b.createdAt.getTime() ||
    a.id.localeCompare(b.id)
  );
}

/** The entry a slot goes to next, leaving out those it was already offered to. */
export function nextInLine(
  entries: readonly WaitingEntry[],
  slot: OfferableSlot,
  alreadyOffered: ReadonlySet<string> = new Set(),
): WaitingEntry | null {
  return (
    [...entries]
      .filter((entry) => !alreadyOffered.has(entry.id) && entryMatches(entry, slot))
      .sort(compareForOffer)[0] ?? null
  );
}

/** The mode an offer books: the entry's, or the freed appointment's when the slot allows it, or the slot's first. */
export function offeredMode(entry: WaitingEntry, slot: OfferableSlot, preferred?: AppointmentMode): AppointmentMode {
  if (entry.mode) return entry.mode;
  if (preferred && slot.modes.includes(preferred)) return preferred;
  return slot.modes[0] ?? 'IN_PERSON';
}

/** The median of some durations (null for none). */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

// ---- The entry's status table ----

export type WaitlistParty = 'PATIENT' | 'PROVIDER' | 'ADMIN' | 'SYSTEM';
export type WaitlistState = { status: WaitlistStatus; preferredTo: CalendarDate; offerExpiresAt: Date | null };

const offerStillHeld = {
  reason: 'OFFER_RAN_OUT',
  holds: (state: WaitlistState, now: Date) => state.offerExpiresAt !== null && state.offerExpiresAt > now,
  message: () =>
    'This offer has run out and the time has gone to the next patient. You keep your place on the waitlist.',
};

const datesAhead = {
  reason: 'DATES_PASSED',
  holds: (state: WaitlistState, now: Date) => state.preferredTo >= isoToIndiaDateTime(now.toISOString()).date,
  message: () => 'The preferred dates of this entry have passed. Ask the patient to join again with new dates.',
};

export const WAITLIST_WORKFLOW = defineWorkflow<
  'ACCEPT_OFFER' | 'DECLINE_OFFER' | 'LEAVE' | 'REMOVE' | 'REINSTATE' | 'OFFER' | 'LAPSE' | 'EXPIRE',
  WaitlistParty,
  WaitlistStatus,
  WaitlistState,
  'waitlistUpdated'
>({
  name: 'waitlist',
  noun: 'waitlist entry',
  order: ['ACCEPT_OFFER', 'DECLINE_OFFER', 'LEAVE', 'REMOVE', 'REINSTATE', 'OFFER', 'LAPSE', 'EXPIRE'],
  standsInFor: { ADMIN: ['SYSTEM'] },
  statusWords: {
    ACTIVE: 'waiting',
    NOTIFIED: 'holding an offer',
    CONVERTED: 'already booked',
    CANCELLED: 'cancelled',
    EXPIRED: 'expired',
  },
  actions: {
    ACCEPT_OFFER: {
      by: ['PATIENT'],
      from: ['NOTIFIED'],
      to: 'CONVERTED',
      guards: [offerStillHeld],
      event: 'waitlistUpdated',
      label: 'Accept the offer',
    },
    DECLINE_OFFER: { by: ['PATIENT'], from: ['NOTIFIED'], to: 'ACTIVE', event: 'waitlistUpdated', label: 'Decline' },
    LEAVE: {
      by: ['PATIENT'],
      from: ['ACTIVE', 'NOTIFIED'],
      to: 'CANCELLED',
      event: 'waitlistUpdated',
      label: 'Leave the waitlist',
    },
    REMOVE: {
      by: ['PROVIDER'],
      from: ['ACTIVE', 'NOTIFIED'],
      to: 'CANCELLED',
      event: 'waitlistUpdated',
      label: 'Remove from the waitlist',
    },
    REINSTATE: {
      by: ['PROVIDER'],
      from: ['CANCELLED', 'EXPIRED'],
      to: 'ACTIVE',
      guards: [datesAhead],
      event: 'waitlistUpdated',
      label: 'Put back on the waitlist',
    },
    OFFER: {
      by: ['PROVIDER', 'SYSTEM'],
      from: ['ACTIVE'],
      to: 'NOTIFIED',
      event: 'waitlistUpdated',
      label: 'Offer a slot',
    },
    LAPSE: { by: ['SYSTEM'], from: ['NOTIFIED'], to: 'ACTIVE', event: 'waitlistUpdated', label: 'Offer ran out' },
    EXPIRE: {
      by: ['SYSTEM'],
      from: ['ACTIVE', 'NOTIFIED'],
      to: 'EXPIRED',
      event: 'waitlistUpdated',
      label: 'Dates passed',
    },
  },
});
export type WaitlistAction = (typeof WAITLIST_WORKFLOW.order)[number];

/** The action a status change asks for (PATCH /waitlist/{id}/status), by who asks; null when there is none. */
export function actionForStatus(party: WaitlistParty, from: WaitlistStatus, to: WaitlistStatus): WaitlistAction | null {
  if (party === 'PATIENT') {
    if (to === 'CONVERTED') return 'ACCEPT_OFFER';
    if (to === 'ACTIVE' && from === 'NOTIFIED') return 'DECLINE_OFFER';
    if (to === 'CANCELLED') return 'LEAVE';
    return null;
  }
  if (party === 'PROVIDER') {
    if (to === 'CANCELLED') return 'REMOVE';
    if (to === 'ACTIVE') return 'REINSTATE';
    return null;
  }
  return null;
}

/** Whether an entry still waits (holds a place in its queue). */
export const isLive = (status: WaitlistStatus) => status === 'ACTIVE' || status === 'NOTIFIED';
