import type { ConsultationStatus, RealtimeEvent } from '../enums.ts';
import { defineWorkflow, type WorkflowAction } from './workflow.ts';

/**
 * The consultation state machine (a workflow table, domain/rules/workflow.ts). The treating doctor
 * or hospital starts, completes, closes or cancels it; the diagnostics, pharmacy, billing and
 * admission steps are moved by those areas (SYSTEM) as they happen. The clinical parts are written
 * only while the consultation is open (RECORD).
 */

/** TREATING: the consultation's doctor or hospital. EMERGENCY: a time-limited break-the-glass read. */
export type ConsultationParty = 'TREATING' | 'PATIENT' | 'EMERGENCY' | 'SYSTEM';

export const CONSULTATION_ACTIONS = [
  'START',
  'COMPLETE_CONSULTATION',
  'ORDER_DIAGNOSTICS',
  'COMPLETE_DIAGNOSTICS',
  'ORDER_PHARMACY',
  'FULFIL_PHARMACY',
  'COMPLETE_BILLING',
  'REQUIRE_ADMISSION',
  'ADMIT',
  'DISCHARGE',
  'SCHEDULE_FOLLOW_UP',
  'CLOSE',
  'CANCEL',
] as const;
export type ConsultationAction = (typeof CONSULTATION_ACTIONS)[number];

/** What the treating side may do without changing the status: write the record, acknowledge alerts. */
export const CONSULTATION_RECORD_ACTIONS = ['RECORD', 'ACKNOWLEDGE'] as const;
export type ConsultationRecordAction = (typeof CONSULTATION_RECORD_ACTIONS)[number];

/** The clinical record is written while the consultation is open. */
export const OPEN_CONSULTATION_STATUSES = ['SCHEDULED', 'IN_PROGRESS'] as const satisfies readonly ConsultationStatus[];

/** After the visit itself: the steps other areas drive, from which it may be closed. */
const AFTER_VISIT = [
  'CONSULTATION_COMPLETED',
  'DIAGNOSTICS_ORDERED',
  'DIAGNOSTICS_COMPLETED',
  'PHARMACY_ORDERED',
  'PHARMACY_FULFILLED',
  'BILLING_COMPLETED',
  'ADMISSION_REQUIRED',
  'ADMITTED',
  'DISCHARGED',
  'FOLLOW_UP_SCHEDULED',
] as const satisfies readonly ConsultationStatus[];

export const FINAL_CONSULTATION_STATUSES = ['COMPLETED', 'CANCELLED'] as const satisfies readonly ConsultationStatus[];

type Transition = WorkflowAction<ConsultationParty, ConsultationStatus, { status: ConsultationStatus }, RealtimeEvent>;

export const CONSULTATION_TRANSITIONS: Record<ConsultationAction, Transition> = {
  START: { by: ['TREATING'], from: ['SCHEDULED'], to: 'IN_PROGRESS', event: null, label: 'Start consultation' },
  COMPLETE_CONSULTATION: {
    by: ['TREATING'],
    from: ['IN_PROGRESS'],
    to: 'CONSULTATION_COMPLETED',
    event: null,
    label: 'Complete consultation',
  },
  ORDER_DIAGNOSTICS: {
    by: ['SYSTEM'],
    from: ['CONSULTATION_COMPLETED', 'PHARMACY_ORDERED', 'PHARMACY_FULFILLED'],
    to: 'DIAGNOSTICS_ORDERED',
    event: null,
    label: 'Order diagnostics',
  },
  COMPLETE_DIAGNOSTICS: {
    by: ['SYSTEM'],
    from: ['DIAGNOSTICS_ORDERED'],
    to: 'DIAGNOSTICS_COMPLETED',
    event: null,
    label: 'Diagnostics completed',
  },
  ORDER_PHARMACY: {
    by: ['SYSTEM'],
    from: ['CONSULTATION_COMPLETED', 'DIAGNOSTICS_ORDERED', 'DIAGNOSTICS_COMPLETED'],
    to: 'PHARMACY_ORDERED',
    event: null,
    label: 'Order from pharmacy',
  },
  FULFIL_PHARMACY: {
    by: ['SYSTEM'],
    from: ['PHARMACY_ORDERED'],
    to: 'PHARMACY_FULFILLED',
    event: null,
    label: 'Pharmacy fulfilled',
  },
  COMPLETE_BILLING: {
    by: ['SYSTEM'],
    from: ['CONSULTATION_COMPLETED', 'DIAGNOSTICS_COMPLETED', 'PHARMACY_FULFILLED', 'DISCHARGED'],
    to: 'BILLING_COMPLETED',
    event: null,
    label: 'Billing completed',
  },
  REQUIRE_ADMISSION: {
    by: ['SYSTEM'],
    from: ['IN_PROGRESS', 'CONSULTATION_COMPLETED', 'DIAGNOSTICS_COMPLETED'],
    to: 'ADMISSION_REQUIRED',
    event: null,
    label: 'Admission required',
  },
  ADMIT: { by: ['SYSTEM'], from: ['ADMISSION_REQUIRED'], to: 'ADMITTED', event: null, label: 'Admit' },
  DISCHARGE: { by: ['SYSTEM'], from: ['ADMITTED'], to: 'DISCHARGED', event: null, label: 'Discharge' },
  SCHEDULE_FOLLOW_UP: {
    by: ['SYSTEM'],
    from: ['CONSULTATION_COMPLETED', 'DIAGNOSTICS_COMPLETED', 'PHARMACY_FULFILLED', 'BILLING_COMPLETED', 'DISCHARGED'],
    to: 'FOLLOW_UP_SCHEDULED',
    event: null,
    label: 'Schedule follow-up',
  },
  CLOSE: {
    by: ['TREATING'],
    from: [
      'CONSULTATION_COMPLETED',
      'DIAGNOSTICS_COMPLETED',
      'PHARMACY_FULFILLED',
      'BILLING_COMPLETED',
      'DISCHARGED',
      'FOLLOW_UP_SCHEDULED',
    ],
    to: 'COMPLETED',
    event: null,
    label: 'Close consultation',
  },
  CANCEL: {
    by: ['TREATING'],
    from: ['SCHEDULED', 'IN_PROGRESS'],
    to: 'CANCELLED',
    event: null,
    label: 'Cancel consultation',
  },
};

const STATUS_WORDS: Record<ConsultationStatus, string> = {
  SCHEDULED: 'scheduled',
  IN_PROGRESS: 'in progress',
  CONSULTATION_COMPLETED: 'completed by the doctor',
  DIAGNOSTICS_ORDERED: 'waiting for diagnostics',
  DIAGNOSTICS_COMPLETED: 'back from diagnostics',
  PHARMACY_ORDERED: 'waiting for the pharmacy',
  PHARMACY_FULFILLED: 'fulfilled by the pharmacy',
  BILLING_COMPLETED: 'billed',
  ADMISSION_REQUIRED: 'waiting for admission',
  ADMITTED: 'admitted',
  DISCHARGED: 'discharged',
  FOLLOW_UP_SCHEDULED: 'waiting for its follow-up',
  COMPLETED: 'completed',
  CANCELLED: 'cancelled',
};

export const CONSULTATION_WORKFLOW = defineWorkflow<
  ConsultationAction,
  ConsultationParty,
  ConsultationStatus,
  { status: ConsultationStatus },
  RealtimeEvent
>({
  name: 'consultation',
  noun: 'consultation',
  order: CONSULTATION_ACTIONS,
  actions: CONSULTATION_TRANSITIONS,
  statusWords: STATUS_WORDS,
});

/** Writing the record and acknowledging alerts: no status change, the same table shape. */
export const CONSULTATION_RECORD_WORKFLOW = defineWorkflow<
  ConsultationRecordAction,
  ConsultationParty,
  ConsultationStatus,
  { status: ConsultationStatus },
  RealtimeEvent
>({
  name: 'consultation',
  noun: 'consultation',
  order: CONSULTATION_RECORD_ACTIONS,
  actions: {
    RECORD: {
      by: ['TREATING'],
      from: OPEN_CONSULTATION_STATUSES,
      to: 'UNCHANGED',
      event: null,
      label: 'Change the record',
    },
    ACKNOWLEDGE: {
      by: ['TREATING'],
      from: [...OPEN_CONSULTATION_STATUSES, ...AFTER_VISIT, 'COMPLETED'],
      to: 'UNCHANGED',
      event: null,
      label: 'Acknowledge an alert',
    },
  } satisfies Record<ConsultationRecordAction, Transition>,
  statusWords: STATUS_WORDS,
});

export function consultationActions(party: ConsultationParty, status: ConsultationStatus): ConsultationAction[] {
  return CONSULTATION_WORKFLOW.availableActions(party, { status });
}

export function mayRecord(party: ConsultationParty | null, status: ConsultationStatus): boolean {
  return party !== null && CONSULTATION_RECORD_WORKFLOW.checkTransition('RECORD', party, { status }).ok;
}

/** How long an emergency ("break the glass") grant lasts. */
export const EMERGENCY_ACCESS_HOURS = 4;

export function emergencyExpiry(from: Date): Date {
  return new Date(from.getTime() + EMERGENCY_ACCESS_HOURS * 3_600_000);
}
