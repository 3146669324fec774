import type {
  AffiliationBenefit,
  AffiliationPartyType,
  AffiliationStatus,
  AffiliationType,
  ProviderKind,
  RealtimeEvent,
} from '../enums.ts';
import { defineWorkflow, type WorkflowAction, type WorkflowGuard } from './workflow.ts';

/**
 * An affiliation links two organisations (or a doctor and an organisation). One side proposes, the
 * other consents (approve) or refuses (reject); an affiliation that carries money between the parties
 * also waits for an admin's verification. Then it is active until suspended, terminated or expired,
 * and may be renewed (every version of its terms is kept).
 */

/** How a caller stands to an affiliation. SYSTEM: the expiry job. */
export type AffiliationParty = 'PROPOSER' | 'RECIPIENT' | 'ADMIN' | 'SYSTEM';

export const AFFILIATION_ACTIONS = [
  'APPROVE',
  'REJECT',
  'VERIFY',
  'ACTIVATE',
  'SUSPEND',
  'TERMINATE',
  'RENEW',
  'EXPIRE',
] as const;
export type AffiliationAction = (typeof AFFILIATION_ACTIONS)[number];

export type AffiliationState = {
  status: AffiliationStatus;
  /** When the other side consented (approve); null while it has not. */
  consentedAt: Date | string | null;
  verificationRequired: boolean;
  verifiedAt: Date | string | null;
  /** yyyy-mm-dd (India), the last day the affiliation runs. */
  endDate: string;
};

/** Benefits that move money between the parties: the law forbids them to an individual doctor. */
export const MONEY_BENEFITS = ['COMMISSION', 'REVENUE_SHARE'] as const satisfies readonly AffiliationBenefit[];

/** The regulation that forbids a doctor's referral commission (DOMAIN-NOTES "Indian rules"). */
export const DOCTOR_COMMISSION_RULE =
  'Indian Medical Council (Professional Conduct, Etiquette and Ethics) Regulations 2002, §6.4.1';
export const DOCTOR_COMMISSION_MESSAGE = `A registered medical practitioner may not give or receive a commission or share revenue for referring a patient (${DOCTOR_COMMISSION_RULE}). An affiliation with an individual doctor cannot carry COMMISSION or REVENUE_SHARE.`;
export const ORGANISATION_COMMISSION_DISCLOSURE =
  'Commission between organisations: disclosed to both parties and recorded on every statement. No part of it may pass to an individual doctor for referring a patient.';

/** The benefits an affiliation may not carry because a party is an individual doctor (empty: allowed). */
export function forbiddenBenefits(
  kinds: readonly ProviderKind[],
  benefits: readonly AffiliationBenefit[],
): AffiliationBenefit[] {
  if (!kinds.includes('DOCTOR')) return [];
  return benefits.filter((benefit) => (MONEY_BENEFITS as readonly string[]).includes(benefit));
}

/** Money benefits need an admin's verification before the affiliation becomes active. */
export const needsVerification = (benefits: readonly AffiliationBenefit[]) =>
  benefits.some((benefit) => (MONEY_BENEFITS as readonly string[]).includes(benefit));

/** PHARMACY when a pharmacy is a party, INTERNAL otherwise (SPEC §3 party type). */
export const partyTypeOf = (kinds: readonly ProviderKind[]): AffiliationPartyType =>
  kinds.includes('PHARMACY') ? 'PHARMACY' : 'INTERNAL';

const consented: WorkflowGuard<AffiliationState> = {
  reason: 'NOT_CONSENTED',
  holds: (state) => state.consentedAt !== null,
  message: () => 'The other party has not approved this affiliation yet.',
};
const verified: WorkflowGuard<AffiliationState> = {
  reason: 'NOT_VERIFIED',
  holds: (state) => !state.verificationRequired || state.verifiedAt !== null,
  message: () => 'This affiliation carries commission or revenue share and waits for an admin to verify it.',
};
const notConsented: WorkflowGuard<AffiliationState> = {
  reason: 'ALREADY_DECIDED',
  holds: (state) => state.consentedAt === null,
  message: (label) =>
    `This affiliation has already been approved, so it cannot be changed that way (${label.toLowerCase()}).`,
};
const notVerified: WorkflowGuard<AffiliationState> = {
  reason: 'ALREADY_VERIFIED',
  holds: (state) => state.verificationRequired && state.verifiedAt === null,
  message: () => 'This affiliation needs no verification, or has been verified already.',
};
/** The end date has passed (India date, compared as yyyy-mm-dd). */
export const endDatePassed = (state: Pick<AffiliationState, 'endDate'>, now: Date) => state.endDate < indiaDate(now);
const ended: WorkflowGuard<AffiliationState> = {
  reason: 'NOT_ENDED',
  holds: (state, now) => endDatePassed(state, now),
  message: () => 'This affiliation has not reached its end date.',
};

/** yyyy-mm-dd in India (UTC+5:30, no daylight saving). */
export function indiaDate(now: Date): string {
  return new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

type Transition = WorkflowAction<AffiliationParty, AffiliationStatus, AffiliationState, RealtimeEvent>;
const event = 'affiliationUpdate' as const;
const SIDES: AffiliationParty[] = ['PROPOSER', 'RECIPIENT'];

export const AFFILIATION_TRANSITIONS: Record<AffiliationAction, Transition> = {
  APPROVE: { by: ['RECIPIENT'], from: ['PENDING'], to: 'UNCHANGED', guards: [notConsented], event, label: 'Approve' },
  REJECT: { by: ['RECIPIENT'], from: ['PENDING'], to: 'TERMINATED', guards: [notConsented], event, label: 'Reject' },
  VERIFY: {
    by: ['ADMIN'],
    from: ['PENDING', 'ACTIVE', 'SUSPENDED'],
    to: 'UNCHANGED',
    guards: [notVerified],
    event,
    label: 'Verify',
  },
  ACTIVATE: {
    by: [...SIDES, 'SYSTEM'],
    from: ['PENDING', 'SUSPENDED'],
    to: 'ACTIVE',
    guards: [consented, verified],
    event,
    label: 'Activate',
  },
  SUSPEND: { by: [...SIDES, 'ADMIN'], from: ['ACTIVE'], to: 'SUSPENDED', event, label: 'Suspend' },
  TERMINATE: {
    by: [...SIDES, 'ADMIN'],
    from: ['PENDING', 'ACTIVE', 'SUSPENDED'],
    to: 'TERMINATED',
    event,
    label: 'Terminate',
  },
  RENEW: { by: SIDES, from: ['ACTIVE', 'EXPIRED'], to: 'ACTIVE', guards: [consented, verified], event, label: 'Renew' },
  EXPIRE: { by: ['SYSTEM'], from: ['ACTIVE', 'SUSPENDED'], to: 'EXPIRED', guards: [ended], event, label: 'Expire' },
};

export const affiliationWorkflow = defineWorkflow({
  name: 'affiliation',
  noun: 'affiliation',
  order: AFFILIATION_ACTIONS,
  actions: AFFILIATION_TRANSITIONS,
  statusWords: {
    PENDING: 'pending',
    ACTIVE: 'active',
    SUSPENDED: 'suspended',
    TERMINATED: 'terminated',
    EXPIRED: 'expired',
  },
  standsInFor: { ADMIN: ['SYSTEM'] },
});

/** The statuses a bulk change may set, and the action each one is. */
export const BULK_STATUS_ACTIONS = {
  ACTIVE: 'ACTIVATE',
  SUSPENDED: 'SUSPEND',
  TERMINATED: 'TERMINATE',
} as const satisfies Partial<Record<AffiliationStatus, AffiliationAction>>;
export type BulkStatus = keyof typeof BULK_STATUS_ACTIONS;

/** Which notification type tells the other side of an action. */
export const ACTION_NOTIFICATION = {
  APPROVE: 'AFFILIATION_APPROVED',
  REJECT: 'AFFILIATION_REJECTED',
  VERIFY: 'AFFILIATION_STATUS_CHANGE',
  ACTIVATE: 'AFFILIATION_STATUS_CHANGE',
  SUSPEND: 'AFFILIATION_STATUS_CHANGE',
  TERMINATE: 'AFFILIATION_STATUS_CHANGE',
  RENEW: 'AFFILIATION_TERMS_UPDATED',
  EXPIRE: 'AFFILIATION_EXPIRED',
} as const satisfies Record<AffiliationAction, string>;

/** Days before the end date at which both sides are reminded (each threshold once). */
export const EXPIRY_REMINDER_DAYS = [30, 7, 1] as const;

/** The thresholds now due and not yet sent: days left ≤ threshold. */
export function dueReminders(endDate: string, now: Date, sent: readonly number[]): number[] {
  const left = daysBetween(indiaDate(now), endDate);
  if (left < 0) return [];
  const due = EXPIRY_REMINDER_DAYS.filter((days) => left <= days && !sent.includes(days));
  // Only the nearest threshold is announced; the farther ones are marked sent with it.
  return due;
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export type { AffiliationType };
