import { describe, expect, it } from 'vitest';
import { checkFollowUpDate, decideReferral, visitIsOver } from './consultationCare.ts';

describe('referral, feedback, follow-up rules', () => {
  it('lets the receiver decide a pending referral once', () => {
    expect(decideReferral('PENDING', 'ACCEPT')).toEqual({ ok: true, to: 'ACCEPTED' });
    expect(decideReferral('PENDING', 'DECLINE')).toEqual({ ok: true, to: 'DECLINED' });
    expect(decideReferral('ACCEPTED', 'DECLINE').ok).toBe(false);
  });

  it('takes feedback only once the visit is over', () => {
    expect(visitIsOver('IN_PROGRESS')).toBe(false);
    expect(visitIsOver('CANCELLED')).toBe(false);
    expect(visitIsOver('CONSULTATION_COMPLETED')).toBe(true);
    expect(visitIsOver('COMPLETED')).toBe(true);
  });

  it('proposes a follow-up in the future, within a year', () => {
    const now = new Date('2026-01-10T05:00:00Z');
    expect(checkFollowUpDate(new Date('2026-01-09T05:00:00Z'), now)).toMatch(/future/);
    expect(checkFollowUpDate(new Date('2027-03-01T05:00:00Z'), now)).toMatch(/year/);
    expect(checkFollowUpDate(new Date('2026-01-17T05:00:00Z'), now)).toBeNull();
  });
});
