import { describe, expect, it } from 'vitest';
import { CONSULTATION_STATUSES } from '../enums.ts';
import {
  CONSULTATION_TRANSITIONS,
  CONSULTATION_WORKFLOW,
  EMERGENCY_ACCESS_HOURS,
  consultationActions,
  emergencyExpiry,
  mayRecord,
} from './consultations.ts';

describe('the consultation workflow', () => {
  it('names only SPEC statuses and reaches every one of them', () => {
    const reached = new Set<string>(['SCHEDULED']);
    for (const t of Object.values(CONSULTATION_TRANSITIONS)) {
      for (const s of t.from) expect(CONSULTATION_STATUSES).toContain(s);
      if (t.to !== 'UNCHANGED') reached.add(t.to);
    }
    expect([...reached].sort()).toEqual([...CONSULTATION_STATUSES].sort());
  });

  it('lets the treating side start, complete, close and cancel, and nobody else', () => {
    expect(consultationActions('TREATING', 'SCHEDULED')).toEqual(['START', 'CANCEL']);
    expect(consultationActions('TREATING', 'IN_PROGRESS')).toEqual(['COMPLETE_CONSULTATION', 'CANCEL']);
    expect(consultationActions('TREATING', 'CONSULTATION_COMPLETED')).toEqual(['CLOSE']);
    expect(consultationActions('TREATING', 'COMPLETED')).toEqual([]);
    expect(consultationActions('PATIENT', 'IN_PROGRESS')).toEqual([]);
    expect(consultationActions('EMERGENCY', 'IN_PROGRESS')).toEqual([]);
  });

  it('refuses a move from the wrong status (409) and from the wrong side (403)', () => {
    expect(CONSULTATION_WORKFLOW.decide('COMPLETE_CONSULTATION', 'TREATING', { status: 'SCHEDULED' })).toMatchObject({
      ok: false,
      refusal: 'CONFLICT',
    });
    expect(CONSULTATION_WORKFLOW.decide('CANCEL', 'PATIENT', { status: 'IN_PROGRESS' })).toMatchObject({
      ok: false,
      refusal: 'FORBIDDEN',
    });
    expect(CONSULTATION_WORKFLOW.decide('START', null, { status: 'SCHEDULED' })).toMatchObject({
      refusal: 'NOT_FOUND',
    });
    expect(CONSULTATION_WORKFLOW.decide('ORDER_DIAGNOSTICS', 'SYSTEM', { status: 'CONSULTATION_COMPLETED' })).toEqual({
      ok: true,
      to: 'DIAGNOSTICS_ORDERED',
    });
  });

  it('keeps the record writable only while open, and only by the treating side', () => {
    expect(mayRecord('TREATING', 'IN_PROGRESS')).toBe(true);
    expect(mayRecord('TREATING', 'CONSULTATION_COMPLETED')).toBe(false);
    expect(mayRecord('PATIENT', 'IN_PROGRESS')).toBe(false);
    expect(mayRecord('EMERGENCY', 'IN_PROGRESS')).toBe(false);
    expect(mayRecord(null, 'IN_PROGRESS')).toBe(false);
  });

  it('grants emergency access for a fixed number of hours', () => {
    const from = new Date('2026-01-01T00:00:00Z');
    expect(emergencyExpiry(from).getTime() - from.getTime()).toBe(EMERGENCY_ACCESS_HOURS * 3_600_000);
  });
});
