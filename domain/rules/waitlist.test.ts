import { describe, expect, it } from 'vitest';
import {
  WAITLIST_WORKFLOW,
  actionForStatus,
  compareForOffer,
  entryMatches,
  holdMinutesFor,
  inQuietHours,
  median,
  morningAfter,
  nextInLine,
  offerTiming,
  type WaitingEntry,
} from './waitlist.ts';

const ist = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);
const MINUTE = 60_000;

const entry = (over: Partial<WaitingEntry> = {}): WaitingEntry => ({
  id: 'e1',
  patientId: 'p1',
  doctorId: 'd1',
  hospitalId: null,
  mode: null,
  preferredFrom: '2026-12-01',
  preferredTo: '2026-12-10',
  timesOfDay: [],
  priority: 'MEDIUM',
  position: 1,
  createdAt: new Date('2026-11-20T00:00:00Z'),
  ...over,
});
const slot = (over: Partial<Parameters<typeof entryMatches>[1]> = {}) => ({
  doctorId: 'd1',
  hospitalId: 'h1',
  start: ist('2026-12-05', '09:30'),
  modes: ['IN_PERSON', 'VIRTUAL'] as const,
  ...over,
});

describe('hold length', () => {
  it('is 15 minutes beyond a day, 10 beyond six hours, 5 when sooner', () => {
    expect(holdMinutesFor(24 * 60 + 1)).toBe(15);
    expect(holdMinutesFor(24 * 60)).toBe(10);
    expect(holdMinutesFor(6 * 60 + 1)).toBe(10);
    expect(holdMinutesFor(6 * 60)).toBe(5);
  });
});

describe('quiet hours (22:00–07:00 India time)', () => {
  it('start at 22:00 and end at 07:00', () => {
    expect(inQuietHours(ist('2026-12-01', '21:59'))).toBe(false);
    expect(inQuietHours(ist('2026-12-01', '22:00'))).toBe(true);
    expect(inQuietHours(ist('2026-12-02', '06:59'))).toBe(true);
    expect(inQuietHours(ist('2026-12-02', '07:00'))).toBe(false);
    // Another window, one that does not span midnight, or none.
    const siesta = { start: '13:00', end: '15:30' };
    expect(inQuietHours(ist('2026-12-02', '12:59'), siesta)).toBe(false);
    expect(inQuietHours(ist('2026-12-02', '13:00'), siesta)).toBe(true);
    expect(inQuietHours(ist('2026-12-02', '15:29'), siesta)).toBe(true);
    expect(inQuietHours(ist('2026-12-02', '15:30'), siesta)).toBe(false);
    expect(inQuietHours(ist('2026-12-02', '23:30'), siesta)).toBe(false);
    expect(inQuietHours(ist('2026-12-02', '23:30'), null)).toBe(false);
    expect(morningAfter(ist('2026-12-02', '14:00'), siesta)).toEqual(ist('2026-12-02', '15:30'));
  });

  it('end on the next morning, or this morning after midnight', () => {
    expect(morningAfter(ist('2026-12-01', '23:10'))).toEqual(ist('2026-12-02', '07:00'));
    expect(morningAfter(ist('2026-12-02', '01:00'))).toEqual(ist('2026-12-02', '07:00'));
  });
});

describe('offer timing', () => {
  it('holds a slot two days away for 15 minutes from now in the daytime', () => {
    const now = ist('2026-12-01', '10:00');
    expect(offerTiming(now, ist('2026-12-03', '10:00'))).toEqual({
      notifyAt: now,
      expiresAt: new Date(now.getTime() + 15 * MINUTE),
      holdMinutes: 15,
    });
  });

  it('makes no offer in the last hour before the slot, and none shorter than 3 minutes', () => {
    const now = ist('2026-12-01', '10:00');
    expect(offerTiming(now, ist('2026-12-01', '11:00'))).toBeNull();
    expect(offerTiming(now, ist('2026-12-01', '11:02'))).toBeNull();
    // 63 minutes away: the hold ends at the cut-off, 3 minutes from now.
    expect(offerTiming(now, ist('2026-12-01', '11:03'))?.holdMinutes).toBe(3);
  });

  it('waits for the morning during quiet hours when the slot comes later', () => {
    const now = ist('2026-12-01', '23:30');
    const timing = offerTiming(now, ist('2026-12-03', '10:00'));
    expect(timing?.notifyAt).toEqual(ist('2026-12-02', '07:00'));
    expect(timing?.expiresAt).toEqual(ist('2026-12-02', '07:15'));
  });

  it('goes out at once whatever the hour when there are no quiet hours', () => {
    const now = ist('2026-12-01', '23:30');
    expect(offerTiming(now, ist('2026-12-03', '10:00'), null)?.notifyAt).toEqual(now);
  });

  it('goes out at once at night when the slot comes before a morning offer could be taken', () => {
    const now = ist('2026-12-01', '23:30');
    const timing = offerTiming(now, ist('2026-12-02', '07:30'));
    expect(timing?.notifyAt).toEqual(now);
    expect(timing?.holdMinutes).toBe(10);
  });
});

describe('matching a freed slot', () => {
  it('takes the doctor, the dates, the mode and the time of day into account', () => {
    expect(entryMatches(entry(), slot())).toBe(true);
    expect(entryMatches(entry({ doctorId: 'd2' }), slot())).toBe(false);
    expect(entryMatches(entry({ preferredTo: '2026-12-04' }), slot())).toBe(false);
    expect(entryMatches(entry({ preferredFrom: '2026-12-05', preferredTo: '2026-12-05' }), slot())).toBe(true);
    expect(entryMatches(entry({ mode: 'HOME_VISIT' }), slot())).toBe(false);
    expect(entryMatches(entry({ timesOfDay: ['AFTERNOON'] }), slot())).toBe(false);
    expect(entryMatches(entry({ timesOfDay: ['MORNING', 'EVENING'] }), slot())).toBe(true);
  });

  it('lets an entry for any doctor of a hospital take a slot at that hospital only', () => {
    const anyDoctor = entry({ doctorId: null, hospitalId: 'h1' });
    expect(entryMatches(anyDoctor, slot())).toBe(true);
    expect(entryMatches(anyDoctor, slot({ hospitalId: null }))).toBe(false);
    expect(entryMatches(entry({ hospitalId: 'h2' }), slot())).toBe(false);
  });

  it('offers by priority, then position, and skips those it was offered to', () => {
    const first = entry({ id: 'a', position: 1 });
    const urgent = entry({ id: 'b', position: 3, priority: 'URGENT' });
    const second = entry({ id: 'c', position: 2 });
    expect([first, urgent, second].sort(compareForOffer).map((e) => e.id)).toEqual(['b', 'a', 'c']);
    expect(nextInLine([first, urgent, second], slot())?.id).toBe('b');
    expect(nextInLine([first, urgent, second], slot(), new Set(['b']))?.id).toBe('a');
    expect(nextInLine([first], slot(), new Set(['a']))).toBeNull();
  });
});

describe('the status table', () => {
  const state = (status: 'ACTIVE' | 'NOTIFIED' | 'CANCELLED', offerExpiresAt: Date | null = null) => ({
    status,
    preferredTo: '2026-12-10',
    offerExpiresAt,
  });
  const now = ist('2026-12-01', '10:00');

  it('lets the patient accept only while the hold lasts', () => {
    const later = new Date(now.getTime() + MINUTE);
    expect(WAITLIST_WORKFLOW.decide('ACCEPT_OFFER', 'PATIENT', state('NOTIFIED', later), now).ok).toBe(true);
    expect(WAITLIST_WORKFLOW.decide('ACCEPT_OFFER', 'PATIENT', state('NOTIFIED', now), now)).toMatchObject({
      ok: false,
      refusal: 'CONFLICT',
      reason: 'OFFER_RAN_OUT',
    });
    expect(WAITLIST_WORKFLOW.decide('ACCEPT_OFFER', 'PROVIDER', state('NOTIFIED', later), now)).toMatchObject({
      refusal: 'FORBIDDEN',
    });
  });

  it('maps status changes to actions by who asks', () => {
    expect(actionForStatus('PATIENT', 'NOTIFIED', 'CONVERTED')).toBe('ACCEPT_OFFER');
    expect(actionForStatus('PATIENT', 'NOTIFIED', 'ACTIVE')).toBe('DECLINE_OFFER');
    expect(actionForStatus('PATIENT', 'ACTIVE', 'CANCELLED')).toBe('LEAVE');
    expect(actionForStatus('PROVIDER', 'EXPIRED', 'ACTIVE')).toBe('REINSTATE');
    expect(actionForStatus('PROVIDER', 'ACTIVE', 'NOTIFIED')).toBeNull();
    expect(actionForStatus('ADMIN', 'ACTIVE', 'CANCELLED')).toBeNull();
  });

  it('reinstates only while the preferred dates are ahead', () => {
    expect(WAITLIST_WORKFLOW.decide('REINSTATE', 'PROVIDER', state('CANCELLED'), now).ok).toBe(true);
    expect(WAITLIST_WORKFLOW.decide('REINSTATE', 'PROVIDER', state('CANCELLED'), ist('2026-12-11', '09:00')).ok).toBe(
      false,
    );
  });
});

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
