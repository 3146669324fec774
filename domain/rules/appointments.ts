import type { AppointmentStatus, RealtimeEvent } from '../enums.ts';
import { defineWorkflow, type WorkflowAction, type WorkflowGuard } from './workflow.ts';

/**
 * The appointment state machine (a workflow table, domain/rules/workflow.ts): who may do what, from
 * which status. The server refuses anything else (409 with the current status) and the client shows
 * only the actions this allows.
 */

/** How a caller stands to one appointment. PROVIDER is its doctor or its hospital. */
export type AppointmentParty = 'PATIENT' | 'PROVIDER' | 'ADMIN' | 'SYSTEM';

export const APPOINTMENT_ACTIONS = [
  'ACCEPT',
  'REJECT',
  'CONFIRM',
  'CANCEL',
  'PROPOSE_RESCHEDULE',
  'ACCEPT_RESCHEDULE',
  'DECLINE_RESCHEDULE',
  'COMPLETE',
  'MARK_NO_SHOW',
  'EXPIRE',
  'DELETE',
] as const;
export type AppointmentAction = (typeof APPOINTMENT_ACTIONS)[number];

/** Statuses that hold the doctor's time: two of these may not overlap for one doctor. */
export const SLOT_HOLDING_STATUSES = [
  'PENDING',
  'ACCEPTED',
  'RESCHEDULED',
  'CONFIRMED',
] as const satisfies readonly AppointmentStatus[];

/** Nothing more happens to an appointment in one of these. */
export const FINAL_APPOINTMENT_STATUSES = [
  'REJECTED',
  'CANCELLED',
  'COMPLETED',
  'NO_SHOW',
  'EXPIRED',
] as const satisfies readonly AppointmentStatus[];

export type AppointmentState = {
  status: AppointmentStatus;
  /** The time the appointment starts, as it stands now. */
  scheduledAt: Date | string;
  /** The time the provider proposed, while RESCHEDULED. */
  proposedAt?: Date | string | null;
};

/** The moment that decides whether the appointment's time has come (the proposed one while it waits). */
export function effectiveStart(state: AppointmentState): Date {
  const at = state.status === 'RESCHEDULED' && state.proposedAt ? state.proposedAt : state.scheduledAt;
  return new Date(at);
}

/** Only once the appointment's time has come. */
const started: WorkflowGuard<AppointmentState> = {
  reason: 'TIME',
  holds: (state, now) => effectiveStart(state).getTime() <= now.getTime(),
  message: (label) => `${label} is possible once the appointment's time has come.`,
};

type Transition = WorkflowAction<AppointmentParty, AppointmentStatus, AppointmentState, RealtimeEvent>;

export const APPOINTMENT_TRANSITIONS: Record<AppointmentAction, Transition> = {
  ACCEPT: {
    by: ['PROVIDER'],
    from: ['PENDING'],
    to: 'ACCEPTED',
    event: 'appointmentDecisionByDoctorOrHospital',
    label: 'Accept',
  },
  REJECT: {
    by: ['PROVIDER'],
    from: ['PENDING'],
    to: 'REJECTED',
    event: 'appointmentDecisionByDoctorOrHospital',
    label: 'Reject',
  },
  CONFIRM: {
    by: ['PROVIDER'],
    from: ['ACCEPTED'],
    to: 'CONFIRMED',
    event: 'appointmentDecisionByDoctorOrHospital',
    label: 'Confirm',
  },
  CANCEL: {
    by: ['PATIENT'],
    from: ['PENDING', 'ACCEPTED', 'RESCHEDULED', 'CONFIRMED'],
    to: 'CANCELLED',
    event: 'patientCancelAppointment',
    label: 'Cancel appointment',
  },
  // Proposing again while a proposal waits replaces it.
  PROPOSE_RESCHEDULE: {
    by: ['PROVIDER'],
    from: ['PENDING', 'ACCEPTED', 'RESCHEDULED', 'CONFIRMED'],
    to: 'RESCHEDULED',
    event: 'hospitalOrDoctorAskForReschedule',
    label: 'Propose a new time',
  },
  // Both sides have now agreed on the new time.
  ACCEPT_RESCHEDULE: {
    by: ['PATIENT'],
    from: ['RESCHEDULED'],
    to: 'CONFIRMED',
    event: 'patientResponseForReschedule',
    label: 'Accept new time',
  },
  // The original time stands and the provider decides again (accept it, reject, or propose another).
  DECLINE_RESCHEDULE: {
    by: ['PATIENT'],
    from: ['RESCHEDULED'],
    to: 'PENDING',
    event: 'patientResponseForReschedule',
    label: 'Keep original time',
  },
  COMPLETE: {
    by: ['PROVIDER'],
    from: ['ACCEPTED', 'CONFIRMED'],
    to: 'COMPLETED',
    guards: [started],
    event: 'appointmentDecisionByDoctorOrHospital',
    label: 'Mark completed',
  },
  MARK_NO_SHOW: {
    by: ['PROVIDER'],
    from: ['ACCEPTED', 'CONFIRMED'],
    to: 'NO_SHOW',
    guards: [started],
    event: 'appointmentDecisionByDoctorOrHospital',
    label: 'Mark no-show',
  },
  EXPIRE: {
    by: ['SYSTEM'],
    from: ['PENDING', 'RESCHEDULED'],
    to: 'EXPIRED',
    guards: [started],
    event: 'appointmentDecisionByDoctorOrHospital',
    label: 'Expire',
  },
  // Removes a finished appointment from the lists; an admin may remove any.
  DELETE: {
    by: ['PATIENT', 'ADMIN'],
    from: FINAL_APPOINTMENT_STATUSES,
    to: 'UNCHANGED',
    event: null,
    label: 'Delete',
  },
};

export type TransitionCheck =
  | { ok: true; to: AppointmentStatus | 'UNCHANGED' }
  | { ok: false; reason: 'PARTY' | 'STATUS' | 'TIME'; message: string };

const STATUS_WORDS: Record<AppointmentStatus, string> = {
  PENDING: 'pending',
  ACCEPTED: 'accepted',
  REJECTED: 'rejected',
  RESCHEDULED: 'waiting for an answer to a new time',
  CONFIRMED: 'confirmed',
  CANCELLED: 'cancelled',
  COMPLETED: 'completed',
  NO_SHOW: 'marked as a no-show',
  EXPIRED: 'expired',
};

export const APPOINTMENT_WORKFLOW = defineWorkflow({
  name: 'appointment',
  noun: 'appointment',
  order: APPOINTMENT_ACTIONS,
  actions: APPOINTMENT_TRANSITIONS,
  statusWords: STATUS_WORDS,
  // An admin may do what the system does, and delete.
  standsInFor: { ADMIN: ['SYSTEM'] },
});

/** Whether `party` may do `action` to an appointment in `state` at `now`, and what it becomes. */
export function checkTransition(
  action: AppointmentAction,
  party: AppointmentParty,
  state: AppointmentState,
  now: Date = new Date(),
): TransitionCheck {
  return APPOINTMENT_WORKFLOW.checkTransition(action, party, state, now) as TransitionCheck;
}

/** The actions a party may take now: what the screens offer as buttons. */
export function availableActions(
  party: AppointmentParty,
  state: AppointmentState,
  now: Date = new Date(),
): AppointmentAction[] {
  return APPOINTMENT_WORKFLOW.availableActions(party, state, now);
}

export function isFinalStatus(status: AppointmentStatus): boolean {
  return (FINAL_APPOINTMENT_STATUSES as readonly string[]).includes(status);
}

export const MIN_APPOINTMENT_MINUTES = 5;
export const MAX_APPOINTMENT_MINUTES = 240;
export const DEFAULT_APPOINTMENT_MINUTES = 15;
/** How far ahead a booking or a proposed time may be. */
export const MAX_BOOKING_DAYS_AHEAD = 365;

/** The end of an appointment that starts at `start` and lasts `minutes`. */
export function appointmentEnd(start: Date | string, minutes: number): Date {
  return new Date(new Date(start).getTime() + minutes * 60_000);
}

/** Whether two [start, end) periods share any time (touching ends do not). */
export function periodsOverlap(aStart: Date, aEnd: Date, bStart: Date, bEnd: Date): boolean {
  return aStart.getTime() < bEnd.getTime() && bStart.getTime() < aEnd.getTime();
}

/**
 * The appointment as the visit (a consultation, domain/rules/consultations.ts): starting the
 * consultation confirms the appointment (the patient is here), completing it completes the
 * appointment — with no wait for the booked time, since the visit has happened. Kept apart from the
 * actions above so the appointment screens do not offer them as buttons; the consultation does.
 */
export const APPOINTMENT_VISIT_ACTIONS = ['START_VISIT', 'COMPLETE_VISIT'] as const;
export type AppointmentVisitAction = (typeof APPOINTMENT_VISIT_ACTIONS)[number];

export const APPOINTMENT_VISIT_WORKFLOW = defineWorkflow<
  AppointmentVisitAction,
  AppointmentParty,
  AppointmentStatus,
  AppointmentState,
  RealtimeEvent
>({
  name: 'appointment',
  noun: 'appointment',
  order: APPOINTMENT_VISIT_ACTIONS,
  actions: {
    START_VISIT: {
      by: ['PROVIDER'],
      from: ['ACCEPTED', 'CONFIRMED'],
      to: 'CONFIRMED',
      event: 'appointmentDecisionByDoctorOrHospital',
      label: 'Start consultation',
    },
    COMPLETE_VISIT: {
      by: ['PROVIDER'],
      from: ['ACCEPTED', 'CONFIRMED'],
      to: 'COMPLETED',
      event: 'appointmentDecisionByDoctorOrHospital',
      label: 'Complete the visit',
    },
  } satisfies Record<AppointmentVisitAction, Transition>,
  statusWords: STATUS_WORDS,
});
