import type {
  DiagnosticOrderStatus,
  DiagnosticTestStatus,
  RangeSex,
  RealtimeEvent,
  ResultFlag,
  TeamDuty,
} from '../enums.ts';
import { defineWorkflow, type WorkflowAction } from './workflow.ts';

/**
 * One test of a diagnostic order, as a workflow table (domain/rules/workflow.ts): who may move it,
 * from which status. The order's status follows from its tests (orderStatusOf).
 */

/** How a caller stands to an order: its performing centre, the doctor or hospital that ordered it, its patient. */
export type DiagnosticOrderParty = 'CENTRE' | 'ORDERER' | 'PATIENT' | 'ADMIN';

export const DIAGNOSTIC_TEST_ACTIONS = [
  'SCHEDULE_COLLECTION',
  'COLLECT',
  'RECEIVE',
  'REJECT_SAMPLE',
  'START',
  'ENTER_RESULT',
  'RELEASE',
  'CORRECT',
  'CANCEL',
  'DECLINE',
] as const;
export type DiagnosticTestAction = (typeof DIAGNOSTIC_TEST_ACTIONS)[number];

export type DiagnosticTestState = { status: DiagnosticTestStatus };

/** Statuses before any sample is taken: the order may still be deleted or cancelled. */
export const BEFORE_COLLECTION = ['ORDERED', 'COLLECTION_SCHEDULED'] as const satisfies readonly DiagnosticTestStatus[];
/** Statuses whose result the patient and the orderer see as a report. */
export const REPORTED_STATUSES = ['RELEASED', 'CORRECTED'] as const satisfies readonly DiagnosticTestStatus[];
/** Nothing more happens to a test in one of these, but a correction of a released report. */
export const CLOSED_TEST_STATUSES = ['CANCELLED', 'DECLINED'] as const satisfies readonly DiagnosticTestStatus[];

type Transition = WorkflowAction<DiagnosticOrderParty, DiagnosticTestStatus, DiagnosticTestState, RealtimeEvent>;
const event = 'diagnosticOrderUpdate' as const;

export const DIAGNOSTIC_TEST_TRANSITIONS: Record<DiagnosticTestAction, Transition> = {
  // Scheduling again (another person, another window) keeps it scheduled; after a rejection it asks for a new sample.
  SCHEDULE_COLLECTION: {
    by: ['CENTRE'],
    from: ['ORDERED', 'COLLECTION_SCHEDULED', 'SAMPLE_REJECTED'],
    to: 'COLLECTION_SCHEDULED',
    event,
    label: 'Schedule home collection',
  },
  COLLECT: {
    by: ['CENTRE'],
    from: ['ORDERED', 'COLLECTION_SCHEDULED', 'SAMPLE_REJECTED'],
    to: 'SAMPLE_COLLECTED',
    event,
    label: 'Mark sample collected',
  },
  RECEIVE: { by: ['CENTRE'], from: ['SAMPLE_COLLECTED'], to: 'SAMPLE_RECEIVED', event, label: 'Receive sample at lab' },
  REJECT_SAMPLE: {
    by: ['CENTRE'],
    from: ['SAMPLE_COLLECTED', 'SAMPLE_RECEIVED'],
    to: 'SAMPLE_REJECTED',
    event,
    label: 'Reject sample (recollect)',
  },
  START: { by: ['CENTRE'], from: ['SAMPLE_RECEIVED'], to: 'IN_PROGRESS', event, label: 'Start testing' },
  // Field staff may enter a point-of-care result straight after collection; entering again before release makes a new version.
  ENTER_RESULT: {
    by: ['CENTRE'],
    from: ['SAMPLE_COLLECTED', 'SAMPLE_RECEIVED', 'IN_PROGRESS', 'RESULT_ENTERED'],
    to: 'RESULT_ENTERED',
    event,
    label: 'Enter result',
  },
  RELEASE: { by: ['CENTRE'], from: ['RESULT_ENTERED'], to: 'RELEASED', event, label: 'Release report' },
  CORRECT: { by: ['CENTRE'], from: ['RELEASED', 'CORRECTED'], to: 'CORRECTED', event, label: 'Correct report' },
  CANCEL: {
    by: ['ORDERER', 'PATIENT', 'ADMIN'],
    from: BEFORE_COLLECTION,
    to: 'CANCELLED',
    event,
    label: 'Cancel test',
  },
  DECLINE: {
    by: ['CENTRE'],
    from: ['ORDERED', 'COLLECTION_SCHEDULED', 'SAMPLE_REJECTED'],
    to: 'DECLINED',
    event,
    label: 'Decline test',
  },
};

export const DIAGNOSTIC_TEST_STATUS_WORDS: Record<DiagnosticTestStatus, string> = {
  ORDERED: 'ordered',
  COLLECTION_SCHEDULED: 'scheduled for collection',
  SAMPLE_COLLECTED: 'collected',
  SAMPLE_RECEIVED: 'received at the lab',
  SAMPLE_REJECTED: 'rejected (waiting for a new sample)',
  IN_PROGRESS: 'in progress',
  RESULT_ENTERED: 'entered (preliminary)',
  RELEASED: 'released',
  CORRECTED: 'corrected',
  CANCELLED: 'cancelled',
  DECLINED: 'declined',
};

export const DIAGNOSTIC_TEST_WORKFLOW = defineWorkflow({
  name: 'diagnostic-test',
  noun: 'test',
  order: DIAGNOSTIC_TEST_ACTIONS,
  actions: DIAGNOSTIC_TEST_TRANSITIONS,
  statusWords: DIAGNOSTIC_TEST_STATUS_WORDS,
  standsInFor: { ADMIN: ['CENTRE'] },
});

/** The status PUT …/tests/{testId}/status may ask for, and the action it is. Results have their own route. */
export const STATUS_ACTIONS = {
  COLLECTION_SCHEDULED: 'SCHEDULE_COLLECTION',
  SAMPLE_COLLECTED: 'COLLECT',
  SAMPLE_RECEIVED: 'RECEIVE',
  SAMPLE_REJECTED: 'REJECT_SAMPLE',
  IN_PROGRESS: 'START',
  RELEASED: 'RELEASE',
  CANCELLED: 'CANCEL',
  DECLINED: 'DECLINE',
} as const satisfies Partial<Record<DiagnosticTestStatus, DiagnosticTestAction>>;
export type RequestableTestStatus = keyof typeof STATUS_ACTIONS;
export const REQUESTABLE_TEST_STATUSES = Object.keys(STATUS_ACTIONS) as RequestableTestStatus[];
/** Statuses that need a reason with them. */
export const REASONED_STATUSES: readonly RequestableTestStatus[] = ['SAMPLE_REJECTED', 'CANCELLED', 'DECLINED'];

/** The team duties that may take an action for the centre (any one of them); an owner holds all. */
export const DUTIES_FOR_ACTION: Partial<Record<DiagnosticTestAction, readonly TeamDuty[]>> = {
  SCHEDULE_COLLECTION: ['FRONT_DESK'],
  COLLECT: ['FIELD_COLLECTOR', 'LAB_TECHNICIAN'],
  RECEIVE: ['LAB_TECHNICIAN', 'FRONT_DESK'],
  REJECT_SAMPLE: ['FIELD_COLLECTOR', 'LAB_TECHNICIAN'],
  START: ['LAB_TECHNICIAN'],
  ENTER_RESULT: ['LAB_TECHNICIAN', 'FIELD_COLLECTOR'],
  RELEASE: ['REPORT_SIGNER'],
  CORRECT: ['REPORT_SIGNER'],
  DECLINE: ['FRONT_DESK', 'LAB_TECHNICIAN'],
};

/** The order's status, from its tests' (the cancelled and declined ones count only when all are). */
export function orderStatusOf(tests: readonly DiagnosticTestStatus[]): DiagnosticOrderStatus {
  const live = tests.filter((s) => !(CLOSED_TEST_STATUSES as readonly string[]).includes(s));
  if (live.length === 0) return 'CANCELLED';
  const reported = live.filter((s) => (REPORTED_STATUSES as readonly string[]).includes(s)).length;
  if (reported === live.length) return 'COMPLETED';
  if (reported > 0) return 'PARTIALLY_RELEASED';
  if (live.every((s) => s === 'ORDERED')) return 'ORDERED';
  if (live.every((s) => s === 'ORDERED' || s === 'COLLECTION_SCHEDULED')) return 'COLLECTION_SCHEDULED';
  return 'IN_PROGRESS';
}

// ── reference ranges and flags ──────────────────────────────────────────────────────

/**
 * A reference range for one sex and age band (years; `ageTo` exclusive, null for no upper end).
 * Normal limits are exclusive (a value equal to `low` is not low); critical limits are inclusive.
 */
export type ReferenceRange = {
  sex: RangeSex;
  ageFrom: number;
  ageTo: number | null;
  low: number | null;
  high: number | null;
  criticalLow: number | null;
  criticalHigh: number | null;
};

/** Age in whole years on a day (both yyyy-mm-dd or Dates). */
export function ageInYears(dateOfBirth: string, on: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = on.getUTCFullYear() - y;
  const beforeBirthday = on.getUTCMonth() + 1 < m || (on.getUTCMonth() + 1 === m && on.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/**
 * The range for this patient: the sex-specific one before the one for anyone; none when the
 * patient's sex or age is unknown and no range fits regardless of it.
 */
export function resolveRange(
  ranges: readonly ReferenceRange[],
  patient: { sex: string | null; age: number | null },
): ReferenceRange | null {
  const fitsAge = (r: ReferenceRange) =>
    (r.ageFrom === 0 && r.ageTo === null) ||
    (patient.age !== null && patient.age >= r.ageFrom && (r.ageTo === null || patient.age < r.ageTo));
  const own = ranges.find((r) => r.sex !== 'ANY' && r.sex === patient.sex && fitsAge(r));
  return own ?? ranges.find((r) => r.sex === 'ANY' && fitsAge(r)) ?? null;
}

/** The flag of a numeric value against its range: none (null) when no range applies, never a false "normal". */
export function flagOf(value: number, range: ReferenceRange | null): ResultFlag | null {
  if (!range) return null;
  if (range.criticalLow !== null && value <= range.criticalLow) return 'CRITICAL_LOW';
  if (range.criticalHigh !== null && value >= range.criticalHigh) return 'CRITICAL_HIGH';
  if (range.low !== null && value < range.low) return 'LOW';
  if (range.high !== null && value > range.high) return 'HIGH';
  return null;
}

export const isCritical = (flag: ResultFlag | null) => flag === 'CRITICAL_LOW' || flag === 'CRITICAL_HIGH';

/** Impossible values (outside the absolute limits, which are themselves possible) are refused with this message; null when possible. */
export function impossibleValue(
  value: number,
  limits: { absoluteLow: number | null; absoluteHigh: number | null },
  unit: string,
): string | null {
  if (!Number.isFinite(value)) return 'The value must be a number.';
  const show = (n: number) => (unit ? `${n} ${unit}` : String(n));
  if (limits.absoluteLow !== null && value < limits.absoluteLow) {
    return `${show(value)} is below ${show(limits.absoluteLow)}, which no sample can show: check the entry.`;
  }
  if (limits.absoluteHigh !== null && value > limits.absoluteHigh) {
    return `${show(value)} is above ${show(limits.absoluteHigh)}, which no sample can show: check the entry.`;
  }
  return null;
}

/** How the report says the state of a result, plainly. */
export function reportStageOf(status: DiagnosticTestStatus): 'PRELIMINARY' | 'FINAL' | 'CORRECTED' | null {
  if (status === 'RESULT_ENTERED') return 'PRELIMINARY';
  if (status === 'RELEASED') return 'FINAL';
  if (status === 'CORRECTED') return 'CORRECTED';
  return null;
}

/** Ranges must not overlap for one sex: each age belongs to at most one band. */
export function overlappingBands(ranges: readonly ReferenceRange[]): string | null {
  for (let i = 0; i < ranges.length; i++) {
    for (let j = i + 1; j < ranges.length; j++) {
      const a = ranges[i]!;
      const b = ranges[j]!;
      if (a.sex !== b.sex) continue;
      const aEnd = a.ageTo ?? Infinity;
      const bEnd = b.ageTo ?? Infinity;
      if (a.ageFrom < bEnd && b.ageFrom < aEnd) return `Two ranges for ${a.sex.toLowerCase()} cover the same ages.`;
    }
  }
  return null;
}

/** Median and 90th percentile (nearest rank) of durations, in hours; null for none. */
export function percentiles(values: readonly number[]): { median: number; p90: number } | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
  return { median: rank(0.5), p90: rank(0.9) };
}
