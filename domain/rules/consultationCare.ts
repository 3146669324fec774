import type { ConsultationStatus } from '../enums.ts';

/** Referral, feedback and admission around a consultation (SPEC §7 "Consultations"). */

export const REFERRAL_STATUSES = ['PENDING', 'ACCEPTED', 'DECLINED'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
export const REFERRAL_TARGETS = ['DOCTOR', 'HOSPITAL', 'DIAGNOSTICS'] as const;
export type ReferralTarget = (typeof REFERRAL_TARGETS)[number];
export const REFERRAL_DECISIONS = ['ACCEPT', 'DECLINE'] as const;
export type ReferralDecision = (typeof REFERRAL_DECISIONS)[number];

/** The receiver decides once, while the referral is PENDING. */
export function decideReferral(
  status: ReferralStatus,
  decision: ReferralDecision,
): { ok: true; to: ReferralStatus } | { ok: false; message: string } {
  if (status !== 'PENDING') return { ok: false, message: `This referral is already ${status.toLowerCase()}.` };
  return { ok: true, to: decision === 'ACCEPT' ? 'ACCEPTED' : 'DECLINED' };
}

/** The visit is over (neither open nor cancelled): the patient may rate it, the bill may be settled. */
export function visitIsOver(status: ConsultationStatus): boolean {
  return !['SCHEDULED', 'IN_PROGRESS', 'CANCELLED'].includes(status);
}

export const FEEDBACK_RATINGS = [1, 2, 3, 4, 5] as const;

export const ADMISSION_STEPS = ['REQUIRE', 'ADMIT', 'DISCHARGE'] as const;
export type AdmissionStep = (typeof ADMISSION_STEPS)[number];
export const ADMISSION_ACTION = {
  REQUIRE: 'REQUIRE_ADMISSION',
  ADMIT: 'ADMIT',
  DISCHARGE: 'DISCHARGE',
} as const satisfies Record<AdmissionStep, string>;

/** A follow-up is proposed for a day after today, within a year. */
export function checkFollowUpDate(at: Date, now: Date): string | null {
  if (at.getTime() <= now.getTime()) return 'The follow-up must be in the future.';
  if (at.getTime() > now.getTime() + 366 * 86_400_000) return 'The follow-up must be within a year.';
  return null;
}
