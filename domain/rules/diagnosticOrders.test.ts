import { describe, expect, it } from 'vitest';
import type { DiagnosticTestStatus } from '../enums.ts';
import {
  DIAGNOSTIC_TEST_WORKFLOW,
  type DiagnosticOrderParty,
  type DiagnosticTestAction,
  ageInYears,
  flagOf,
  impossibleValue,
  orderStatusOf,
  overlappingBands,
  percentiles,
  reportStageOf,
  resolveRange,
  type ReferenceRange,
} from './diagnosticOrders.ts';

const potassium: ReferenceRange = {
  sex: 'ANY',
  ageFrom: 0,
  ageTo: null,
  low: 3.5,
  high: 5.1,
  criticalLow: 2.5,
  criticalHigh: 6.5,
};

describe('flagOf: normal limits exclusive, critical limits inclusive', () => {
  it.each([
    [3.5, null],
    [3.49, 'LOW'],
    [5.1, null],
    [5.11, 'HIGH'],
    [2.51, 'LOW'],
    [2.5, 'CRITICAL_LOW'],
    [6.49, 'HIGH'],
    [6.5, 'CRITICAL_HIGH'],
    [4.2, null],
  ] as const)('%s mmol/L → %s', (value, flag) => {
    expect(flagOf(value, potassium)).toBe(flag);
  });

  it('gives no flag at all when no range applies (never a false normal)', () => {
    expect(flagOf(99, null)).toBeNull();
  });

  it('flags only on the limits a range has', () => {
    const onlyHigh: ReferenceRange = { ...potassium, low: null, criticalLow: null, criticalHigh: null };
    expect(flagOf(-1, onlyHigh)).toBeNull();
    expect(flagOf(5.2, onlyHigh)).toBe('HIGH');
  });
});

describe('resolveRange', () => {
  const male: ReferenceRange = { ...potassium, sex: 'MALE', ageFrom: 18, ageTo: null, low: 13, high: 17 };
  const female: ReferenceRange = { ...potassium, sex: 'FEMALE', ageFrom: 18, ageTo: null, low: 12, high: 15 };
  const child: ReferenceRange = { ...potassium, sex: 'ANY', ageFrom: 1, ageTo: 18, low: 11, high: 14 };
  const ranges = [male, female, child];

  it('takes the range for the sex and age band, age bands ending exclusively', () => {
    expect(resolveRange(ranges, { sex: 'FEMALE', age: 30 })).toBe(female);
    expect(resolveRange(ranges, { sex: 'MALE', age: 18 })).toBe(male);
    expect(resolveRange(ranges, { sex: 'MALE', age: 17 })).toBe(child);
    expect(resolveRange(ranges, { sex: 'MALE', age: 1 })).toBe(child);
  });

  it('has none when nothing fits: an infant, an unknown age, a sex without a range', () => {
    expect(resolveRange(ranges, { sex: 'MALE', age: 0 })).toBeNull();
    expect(resolveRange(ranges, { sex: 'FEMALE', age: null })).toBeNull();
    expect(resolveRange(ranges, { sex: 'OTHER', age: 40 })).toBeNull();
    expect(resolveRange([], { sex: 'MALE', age: 40 })).toBeNull();
  });

  it('an all-ages range for anyone fits even an unknown patient', () => {
    expect(resolveRange([potassium], { sex: null, age: null })).toBe(potassium);
  });
});

describe('impossibleValue', () => {
  const limits = { absoluteLow: 0, absoluteHigh: 15 };
  it('accepts the limits themselves and refuses beyond them', () => {
    expect(impossibleValue(0, limits, 'mmol/L')).toBeNull();
    expect(impossibleValue(15, limits, 'mmol/L')).toBeNull();
    expect(impossibleValue(-0.1, limits, 'mmol/L')).toMatch(/below 0 mmol\/L/);
    expect(impossibleValue(15.1, limits, 'mmol/L')).toMatch(/above 15 mmol\/L/);
    expect(impossibleValue(Number.NaN, limits, '')).toMatch(/number/);
  });
  it('accepts anything without limits', () => {
    expect(impossibleValue(1e9, { absoluteLow: null, absoluteHigh: null }, '')).toBeNull();
  });
});

describe('the per-test workflow', () => {
  const can = (action: DiagnosticTestAction, party: DiagnosticOrderParty, status: DiagnosticTestStatus) =>
    DIAGNOSTIC_TEST_WORKFLOW.decide(action, party, { status });

  it('walks a home collection to a corrected report', () => {
    expect(can('SCHEDULE_COLLECTION', 'CENTRE', 'ORDERED')).toMatchObject({ ok: true, to: 'COLLECTION_SCHEDULED' });
    expect(can('COLLECT', 'CENTRE', 'COLLECTION_SCHEDULED')).toMatchObject({ ok: true, to: 'SAMPLE_COLLECTED' });
    expect(can('RECEIVE', 'CENTRE', 'SAMPLE_COLLECTED')).toMatchObject({ ok: true, to: 'SAMPLE_RECEIVED' });
    expect(can('START', 'CENTRE', 'SAMPLE_RECEIVED')).toMatchObject({ ok: true, to: 'IN_PROGRESS' });
    expect(can('ENTER_RESULT', 'CENTRE', 'IN_PROGRESS')).toMatchObject({ ok: true, to: 'RESULT_ENTERED' });
    expect(can('RELEASE', 'CENTRE', 'RESULT_ENTERED')).toMatchObject({ ok: true, to: 'RELEASED' });
    expect(can('CORRECT', 'CENTRE', 'RELEASED')).toMatchObject({ ok: true, to: 'CORRECTED' });
    expect(can('CORRECT', 'CENTRE', 'CORRECTED')).toMatchObject({ ok: true, to: 'CORRECTED' });
  });

  it('a rejected sample is collected again', () => {
    expect(can('REJECT_SAMPLE', 'CENTRE', 'SAMPLE_RECEIVED')).toMatchObject({ ok: true, to: 'SAMPLE_REJECTED' });
    expect(can('COLLECT', 'CENTRE', 'SAMPLE_REJECTED')).toMatchObject({ ok: true });
  });

  it('refuses out of order (409) and the wrong side (403)', () => {
    expect(can('RELEASE', 'CENTRE', 'IN_PROGRESS')).toMatchObject({ ok: false, refusal: 'CONFLICT' });
    expect(can('CORRECT', 'CENTRE', 'RESULT_ENTERED')).toMatchObject({ ok: false, refusal: 'CONFLICT' });
    expect(can('CANCEL', 'PATIENT', 'SAMPLE_COLLECTED')).toMatchObject({ ok: false, refusal: 'CONFLICT' });
    expect(can('COLLECT', 'PATIENT', 'ORDERED')).toMatchObject({ ok: false, refusal: 'FORBIDDEN' });
    expect(can('CANCEL', 'CENTRE', 'ORDERED')).toMatchObject({ ok: false, refusal: 'FORBIDDEN' });
    expect(DIAGNOSTIC_TEST_WORKFLOW.decide('COLLECT', null, { status: 'ORDERED' })).toMatchObject({
      refusal: 'NOT_FOUND',
    });
  });

  it('an admin stands in for the centre', () => {
    expect(can('RELEASE', 'ADMIN', 'RESULT_ENTERED')).toMatchObject({ ok: true });
  });
});

describe('orderStatusOf', () => {
  it.each([
    [['ORDERED', 'ORDERED'], 'ORDERED'],
    [['ORDERED', 'COLLECTION_SCHEDULED'], 'COLLECTION_SCHEDULED'],
    [['SAMPLE_COLLECTED', 'COLLECTION_SCHEDULED'], 'IN_PROGRESS'],
    [['RELEASED', 'IN_PROGRESS'], 'PARTIALLY_RELEASED'],
    [['RELEASED', 'CORRECTED', 'CANCELLED'], 'COMPLETED'],
    [['CANCELLED', 'DECLINED'], 'CANCELLED'],
    [[], 'CANCELLED'],
  ] as const)('%j → %s', (tests, status) => {
    expect(orderStatusOf(tests)).toBe(status);
  });
});

describe('small rules', () => {
  it('ageInYears counts a birthday on the day', () => {
    expect(ageInYears('1990-06-15', new Date('2026-06-14T12:00:00Z'))).toBe(35);
    expect(ageInYears('1990-06-15', new Date('2026-06-15T00:00:00Z'))).toBe(36);
  });
  it('reportStageOf says preliminary, final, corrected plainly', () => {
    expect(reportStageOf('RESULT_ENTERED')).toBe('PRELIMINARY');
    expect(reportStageOf('RELEASED')).toBe('FINAL');
    expect(reportStageOf('CORRECTED')).toBe('CORRECTED');
    expect(reportStageOf('IN_PROGRESS')).toBeNull();
  });
  it('overlappingBands finds two bands of one sex that share ages', () => {
    const band = (sex: 'MALE' | 'ANY', ageFrom: number, ageTo: number | null): ReferenceRange => ({
      ...potassium,
      sex,
      ageFrom,
      ageTo,
    });
    expect(overlappingBands([band('MALE', 0, 18), band('MALE', 18, null)])).toBeNull();
    expect(overlappingBands([band('MALE', 0, 18), band('MALE', 17, null)])).toMatch(/same ages/);
    expect(overlappingBands([band('MALE', 0, null), band('ANY', 0, null)])).toBeNull();
  });
  it('percentiles by nearest rank', () => {
    expect(percentiles([])).toBeNull();
    expect(percentiles([5])).toEqual({ median: 5, p90: 5 });
    expect(percentiles([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toEqual({ median: 5, p90: 9 });
  });
});
