import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_AMOUNT_PAISE,
  commissionFor,
  formatPaise,
  percentOf,
  ruleFor,
  ruleProblems,
  versionOn,
  type CommissionRule,
} from './commission.ts';

const amount = fc.integer({ min: 1, max: MAX_AMOUNT_PAISE });
const cap = fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null });
const rule: fc.Arbitrary<CommissionRule> = fc.oneof(
  fc.record({
    serviceType: fc.constant('DIAGNOSTICS' as const),
    kind: fc.constant('PERCENTAGE' as const),
    basisPoints: fc.integer({ min: 0, max: 10_000 }),
    capPaise: cap,
  }),
  fc.record({
    serviceType: fc.constant('DIAGNOSTICS' as const),
    kind: fc.constant('FLAT' as const),
    flatPaise: fc.integer({ min: 0, max: 1_000_000 }),
    capPaise: cap,
  }),
  fc.record({
    serviceType: fc.constant('DIAGNOSTICS' as const),
    kind: fc.constant('SLAB' as const),
    slabs: fc
      .uniqueArray(fc.integer({ min: 1, max: 10_000_000 }), { maxLength: 4 })
      .chain((starts) =>
        fc.tuple(
          ...[0, ...starts].map((from) =>
            fc.integer({ min: 0, max: 10_000 }).map((bp) => ({ fromPaise: from, basisPoints: bp })),
          ),
        ),
      ),
    capPaise: cap,
  }),
);

describe('commissionFor', () => {
  it('works examples to the paisa', () => {
    const tenPercent: CommissionRule = { serviceType: 'DIAGNOSTICS', kind: 'PERCENTAGE', basisPoints: 1000 };
    expect(commissionFor(150_000, tenPercent)).toBe(15_000);
    // 12.5 % of ₹9.99 = 124.875 paise → 125 (half up)
    expect(commissionFor(999, { ...tenPercent, basisPoints: 1250 })).toBe(125);
    expect(commissionFor(150_000, { ...tenPercent, capPaise: 10_000 })).toBe(10_000);
    expect(commissionFor(5_000, { serviceType: 'OTHER', kind: 'FLAT', flatPaise: 10_000 })).toBe(5_000);
    const slabs: CommissionRule = {
      serviceType: 'DIAGNOSTICS',
      kind: 'SLAB',
      slabs: [
        { fromPaise: 0, basisPoints: 500 },
        { fromPaise: 100_000, basisPoints: 1000 },
      ],
    };
    // 5 % of ₹1,000 + 10 % of the next ₹500
    expect(commissionFor(150_000, slabs)).toBe(5_000 + 5_000);
    expect(commissionFor(-150_000, slabs)).toBe(-10_000);
    expect(commissionFor(150_000, undefined)).toBe(0);
  });

  it('is never negative for a positive amount, and never more than the amount', () => {
    fc.assert(
      fc.property(amount, rule, (a, r) => {
        const c = commissionFor(a, r);
        expect(c).toBeGreaterThanOrEqual(0);
        expect(c).toBeLessThanOrEqual(a);
      }),
    );
  });

  it('is monotonic in the amount', () => {
    fc.assert(
      fc.property(amount, amount, rule, (a, b, r) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(commissionFor(lo, r)).toBeLessThanOrEqual(commissionFor(hi, r));
      }),
    );
  });

  it('respects the cap', () => {
    fc.assert(
      fc.property(amount, rule, fc.integer({ min: 0, max: 1_000_000 }), (a, r, c) => {
        expect(commissionFor(a, { ...r, capPaise: c })).toBeLessThanOrEqual(c);
      }),
    );
  });

  it('rounds to a whole paisa, within half a paisa of the exact percentage', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 0, max: 10_000 }), (a, bp) => {
        const c = percentOf(a, bp);
        expect(Number.isInteger(c)).toBe(true);
        expect(Math.abs(c - (a * bp) / 10_000)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('a refund cancels its line exactly', () => {
    fc.assert(
      fc.property(amount, rule, (a, r) => {
        expect(commissionFor(a, r) + commissionFor(-a, r)).toBe(0);
      }),
    );
  });

  it('refuses amounts that are not whole paise or too large', () => {
    const r: CommissionRule = { serviceType: 'OTHER', kind: 'PERCENTAGE', basisPoints: 100 };
    expect(() => commissionFor(1.5, r)).toThrow(RangeError);
    expect(() => commissionFor(MAX_AMOUNT_PAISE + 1, r)).toThrow(RangeError);
  });
});

describe('rules and versions', () => {
  it('falls back to the OTHER rule', () => {
    const rules: CommissionRule[] = [{ serviceType: 'OTHER', kind: 'FLAT', flatPaise: 100 }];
    expect(ruleFor(rules, 'PHARMACY')?.flatPaise).toBe(100);
    expect(ruleFor([], 'PHARMACY')).toBeUndefined();
  });

  it('finds the version in force on a day', () => {
    const versions = [
      { version: 1, effectiveFrom: '2026-01-01', effectiveTo: '2026-06-30', rules: [] },
      { version: 2, effectiveFrom: '2026-07-01', effectiveTo: null, rules: [] },
    ];
    expect(versionOn(versions, '2026-03-01')?.version).toBe(1);
    expect(versionOn(versions, '2026-07-01')?.version).toBe(2);
    expect(versionOn(versions, '2025-12-31')).toBeUndefined();
  });

  it('names problems with a written rule', () => {
    expect(ruleProblems({ serviceType: 'OTHER', kind: 'SLAB', slabs: [{ fromPaise: 100, basisPoints: 1 }] })).toContain(
      'The first slab must start at ₹0.',
    );
    expect(ruleProblems({ serviceType: 'OTHER', kind: 'PERCENTAGE', basisPoints: 100 })).toEqual([]);
  });

  it('formats paise as rupees', () => {
    expect(formatPaise(123_456_750)).toBe('₹12,34,567.50');
    expect(formatPaise(-5)).toBe('−₹0.05');
  });
});
