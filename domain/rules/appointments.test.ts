import { describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES } from '../enums.ts';
import {
  APPOINTMENT_ACTIONS,
  APPOINTMENT_TRANSITIONS,
  APPOINTMENT_VISIT_WORKFLOW,
  FINAL_APPOINTMENT_STATUSES,
  appointmentEnd,
  availableActions,
  checkTransition,
  effectiveStart,
  isFinalStatus,
  periodsOverlap,
} from './appointments.ts';

const NOW = new Date('2026-12-10T05:00:00Z');
const FUTURE = '2026-12-12T05:00:00Z';
const PAST = '2026-12-09T05:00:00Z';

describe('checkTransition', () => {
  it('lets the provider accept a pending request and nothing else accept it', () => {
    expect(checkTransition('ACCEPT', 'PROVIDER', { status: 'PENDING', scheduledAt: FUTURE }, NOW)).toEqual({
      ok: true,
      to: 'ACCEPTED',
    });
    for (const party of ['PATIENT', 'ADMIN', 'SYSTEM'] as const) {
      expect(checkTransition('ACCEPT', party, { status: 'PENDING', scheduledAt: FUTURE }, NOW)).toMatchObject({
        ok: false,
        reason: 'PARTY',
      });
    }
  });

  it('refuses a change the status does not allow, naming the status', () => {
    const result = checkTransition('CONFIRM', 'PROVIDER', { status: 'CANCELLED', scheduledAt: FUTURE }, NOW);
    expect(result).toEqual({
      ok: false,
      reason: 'STATUS',
      message: 'This appointment is cancelled, so it cannot be changed that way (confirm).',
    });
  });

  it('answers a proposal: accepting confirms it, declining returns to pending', () => {
    const state = { status: 'RESCHEDULED' as const, scheduledAt: FUTURE, proposedAt: FUTURE };
    expect(checkTransition('ACCEPT_RESCHEDULE', 'PATIENT', state, NOW)).toEqual({ ok: true, to: 'CONFIRMED' });
    expect(checkTransition('DECLINE_RESCHEDULE', 'PATIENT', state, NOW)).toEqual({ ok: true, to: 'PENDING' });
  });

  it('completes, marks no-shows and expires only once the time has come', () => {
    expect(checkTransition('COMPLETE', 'PROVIDER', { status: 'CONFIRMED', scheduledAt: FUTURE }, NOW)).toMatchObject({
      ok: false,
      reason: 'TIME',
    });
    expect(checkTransition('COMPLETE', 'PROVIDER', { status: 'CONFIRMED', scheduledAt: PAST }, NOW)).toEqual({
      ok: true,
      to: 'COMPLETED',
    });
    expect(checkTransition('EXPIRE', 'SYSTEM', { status: 'PENDING', scheduledAt: FUTURE }, NOW)).toMatchObject({
      ok: false,
      reason: 'TIME',
    });
    expect(checkTransition('EXPIRE', 'SYSTEM', { status: 'PENDING', scheduledAt: PAST }, NOW)).toEqual({
      ok: true,
      to: 'EXPIRED',
    });
    // A proposal that is still ahead keeps a request alive though its original time has passed.
    expect(
      checkTransition('EXPIRE', 'SYSTEM', { status: 'RESCHEDULED', scheduledAt: PAST, proposedAt: FUTURE }, NOW),
    ).toMatchObject({ ok: false, reason: 'TIME' });
  });

  it('lets an admin do what the system does, and delete', () => {
    expect(checkTransition('EXPIRE', 'ADMIN', { status: 'PENDING', scheduledAt: PAST }, NOW).ok).toBe(true);
    expect(checkTransition('DELETE', 'ADMIN', { status: 'EXPIRED', scheduledAt: PAST }, NOW).ok).toBe(true);
    expect(checkTransition('DELETE', 'PATIENT', { status: 'CONFIRMED', scheduledAt: FUTURE }, NOW).ok).toBe(false);
  });

  it('has no way out of a final status except deletion', () => {
    for (const status of FINAL_APPOINTMENT_STATUSES) {
      for (const party of ['PATIENT', 'PROVIDER', 'SYSTEM'] as const) {
        const actions = availableActions(party, { status, scheduledAt: PAST }, NOW);
        expect(
          actions.filter((a) => a !== 'DELETE'),
          `${party} from ${status}`,
        ).toEqual([]);
      }
    }
  });

  it('names a realtime event for every action that changes an appointment', () => {
    for (const action of APPOINTMENT_ACTIONS) {
      const rule = APPOINTMENT_TRANSITIONS[action];
      expect(rule.event === null, action).toBe(rule.to === 'UNCHANGED');
      for (const from of rule.from) expect(APPOINTMENT_STATUSES).toContain(from);
    }
  });
});

describe('availableActions', () => {
  it('offers each side its own buttons', () => {
    const pending = { status: 'PENDING' as const, scheduledAt: FUTURE };
    expect(availableActions('PATIENT', pending, NOW)).toEqual(['CANCEL']);
    expect(availableActions('PROVIDER', pending, NOW)).toEqual(['ACCEPT', 'REJECT', 'PROPOSE_RESCHEDULE']);
    expect(availableActions('PROVIDER', { status: 'CONFIRMED', scheduledAt: PAST }, NOW)).toEqual([
      'PROPOSE_RESCHEDULE',
      'COMPLETE',
      'MARK_NO_SHOW',
    ]);
  });
});

describe('time helpers', () => {
  it('computes ends, overlaps (touching ends do not overlap) and the effective start', () => {
    const start = new Date('2026-12-12T05:00:00Z');
    const end = appointmentEnd(start, 30);
    expect(end.toISOString()).toBe('2026-12-12T05:30:00.000Z');
    expect(periodsOverlap(start, end, new Date('2026-12-12T05:15:00Z'), new Date('2026-12-12T05:45:00Z'))).toBe(true);
    expect(periodsOverlap(start, end, end, new Date('2026-12-12T06:00:00Z'))).toBe(false);
    expect(effectiveStart({ status: 'RESCHEDULED', scheduledAt: PAST, proposedAt: FUTURE }).toISOString()).toBe(
      new Date(FUTURE).toISOString(),
    );
    expect(isFinalStatus('EXPIRED')).toBe(true);
    expect(isFinalStatus('RESCHEDULED')).toBe(false);
  });
});

describe('the appointment as the visit', () => {
  it('is started from an accepted or confirmed appointment by its provider, and completed without waiting for its time', () => {
    expect(
      APPOINTMENT_VISIT_WORKFLOW.decide('START_VISIT', 'PROVIDER', { status: 'ACCEPTED', scheduledAt: FUTURE }, NOW),
    ).toEqual({ ok: true, to: 'CONFIRMED' });
    expect(
      APPOINTMENT_VISIT_WORKFLOW.decide('START_VISIT', 'PROVIDER', { status: 'PENDING', scheduledAt: FUTURE }, NOW),
    ).toMatchObject({ refusal: 'CONFLICT' });
    expect(
      APPOINTMENT_VISIT_WORKFLOW.decide('START_VISIT', 'PATIENT', { status: 'ACCEPTED', scheduledAt: FUTURE }, NOW),
    ).toMatchObject({ refusal: 'FORBIDDEN' });
    expect(
      APPOINTMENT_VISIT_WORKFLOW.decide(
        'COMPLETE_VISIT',
        'PROVIDER',
        { status: 'CONFIRMED', scheduledAt: FUTURE },
        NOW,
      ),
    ).toEqual({ ok: true, to: 'COMPLETED' });
  });
});
