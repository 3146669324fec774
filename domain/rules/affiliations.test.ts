import { describe, expect, it } from 'vitest';
import {
  DOCTOR_COMMISSION_MESSAGE,
  affiliationWorkflow,
  dueReminders,
  forbiddenBenefits,
  needsVerification,
  partyTypeOf,
  type AffiliationState,
} from './affiliations.ts';

const NOW = new Date('2026-11-25T06:00:00Z');
const pending: AffiliationState = {
  status: 'PENDING',
  consentedAt: null,
  verificationRequired: true,
  verifiedAt: null,
  endDate: '2027-11-24',
};

describe('the affiliation workflow', () => {
  it('only the other side approves or rejects, once', () => {
    expect(affiliationWorkflow.decide('APPROVE', 'RECIPIENT', pending, NOW)).toEqual({ ok: true, to: 'UNCHANGED' });
    expect(affiliationWorkflow.decide('APPROVE', 'PROPOSER', pending, NOW)).toMatchObject({ refusal: 'FORBIDDEN' });
    expect(affiliationWorkflow.decide('REJECT', 'RECIPIENT', pending, NOW)).toEqual({ ok: true, to: 'TERMINATED' });
    const approved = { ...pending, consentedAt: NOW };
    expect(affiliationWorkflow.decide('APPROVE', 'RECIPIENT', approved, NOW)).toMatchObject({ refusal: 'CONFLICT' });
    expect(affiliationWorkflow.decide('APPROVE', null, pending, NOW)).toMatchObject({ refusal: 'NOT_FOUND' });
  });

  it('activates only with consent and, for money benefits, verification', () => {
    expect(affiliationWorkflow.decide('ACTIVATE', 'PROPOSER', pending, NOW)).toMatchObject({
      refusal: 'CONFLICT',
      reason: 'NOT_CONSENTED',
    });
    const approved = { ...pending, consentedAt: NOW };
    expect(affiliationWorkflow.decide('ACTIVATE', 'PROPOSER', approved, NOW)).toMatchObject({ reason: 'NOT_VERIFIED' });
    expect(affiliationWorkflow.decide('VERIFY', 'ADMIN', approved, NOW)).toEqual({ ok: true, to: 'UNCHANGED' });
    expect(affiliationWorkflow.decide('VERIFY', 'RECIPIENT', approved, NOW)).toMatchObject({ refusal: 'FORBIDDEN' });
    const ready = { ...approved, verifiedAt: NOW };
    expect(affiliationWorkflow.decide('ACTIVATE', 'RECIPIENT', ready, NOW)).toEqual({ ok: true, to: 'ACTIVE' });
    expect(affiliationWorkflow.decide('VERIFY', 'ADMIN', ready, NOW)).toMatchObject({ reason: 'ALREADY_VERIFIED' });
  });

  it('suspends, resumes, terminates; a terminated one stays so', () => {
    const active = { ...pending, status: 'ACTIVE' as const, consentedAt: NOW, verifiedAt: NOW };
    expect(affiliationWorkflow.availableActions('PROPOSER', active, NOW)).toEqual(['SUSPEND', 'TERMINATE', 'RENEW']);
    const suspended = { ...active, status: 'SUSPENDED' as const };
    expect(affiliationWorkflow.availableActions('RECIPIENT', suspended, NOW)).toEqual(['ACTIVATE', 'TERMINATE']);
    const terminated = { ...active, status: 'TERMINATED' as const };
    expect(affiliationWorkflow.availableActions('PROPOSER', terminated, NOW)).toEqual([]);
    expect(affiliationWorkflow.availableActions('ADMIN', terminated, NOW)).toEqual([]);
  });

  it('expires only after the end date, by the job (or an admin standing in)', () => {
    const active = { ...pending, status: 'ACTIVE' as const, consentedAt: NOW, verifiedAt: NOW, endDate: '2026-11-24' };
    expect(affiliationWorkflow.decide('EXPIRE', 'SYSTEM', active, NOW)).toEqual({ ok: true, to: 'EXPIRED' });
    expect(affiliationWorkflow.decide('EXPIRE', 'SYSTEM', { ...active, endDate: '2026-11-25' }, NOW)).toMatchObject({
      reason: 'NOT_ENDED',
    });
    expect(affiliationWorkflow.decide('EXPIRE', 'PROPOSER', active, NOW)).toMatchObject({ refusal: 'FORBIDDEN' });
    expect(affiliationWorkflow.decide('RENEW', 'PROPOSER', { ...active, status: 'EXPIRED' }, NOW)).toEqual({
      ok: true,
      to: 'ACTIVE',
    });
  });
});

describe('the law on commission', () => {
  it('refuses commission and revenue share where a party is an individual doctor', () => {
    expect(forbiddenBenefits(['HOSPITAL', 'DOCTOR'], ['COMMISSION', 'DISCOUNT', 'REVENUE_SHARE'])).toEqual([
      'COMMISSION',
      'REVENUE_SHARE',
    ]);
    expect(forbiddenBenefits(['HOSPITAL', 'DIAGNOSTICS'], ['COMMISSION'])).toEqual([]);
    expect(DOCTOR_COMMISSION_MESSAGE).toContain('§6.4.1');
  });

  it('money benefits need verification; a pharmacy party makes it PHARMACY', () => {
    expect(needsVerification(['COMMISSION'])).toBe(true);
    expect(needsVerification(['DISCOUNT', 'TRAINING_SUPPORT'])).toBe(false);
    expect(partyTypeOf(['HOSPITAL', 'PHARMACY'])).toBe('PHARMACY');
    expect(partyTypeOf(['HOSPITAL', 'DOCTOR'])).toBe('INTERNAL');
  });
});

describe('expiry reminders', () => {
  it('are due once per threshold', () => {
    expect(dueReminders('2026-12-20', NOW, [])).toEqual([30]);
    expect(dueReminders('2026-12-01', NOW, [30])).toEqual([7]);
    expect(dueReminders('2026-12-01', NOW, [30, 7])).toEqual([]);
    expect(dueReminders('2026-11-20', NOW, [])).toEqual([]);
  });
});
