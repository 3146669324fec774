import { describe, expect, it } from 'vitest';
import { billTotals, checkNewLine, rupeesToPaise, taxOf, type BillLine } from './billing.ts';

const line = (kind: BillLine['kind'], amountPaise: number, extra: Partial<BillLine> = {}): BillLine => ({
  kind,
  amountPaise,
  taxRateBps: 0,
  failed: false,
  ...extra,
});

describe('the bill', () => {
  it('adds charges and tax, takes off discounts, and tracks what is due', () => {
    const lines = [line('CHARGE', 80_000), line('CHARGE', 50_000, { taxRateBps: 1800 }), line('DISCOUNT', 5_000)];
    expect(billTotals(lines)).toMatchObject({
      chargesPaise: 130_000,
      taxPaise: 9_000,
      totalPaise: 134_000,
      duePaise: 134_000,
      status: 'PENDING',
    });
    expect(billTotals([...lines, line('PAYMENT', 34_000)])).toMatchObject({ duePaise: 100_000, status: 'PARTIAL' });
    expect(billTotals([...lines, line('PAYMENT', 134_000)])).toMatchObject({ duePaise: 0, status: 'COMPLETED' });
  });

  it('counts a failed payment for nothing, and a full refund makes it REFUNDED', () => {
    const charged = [line('CHARGE', 50_000)];
    expect(billTotals([...charged, line('PAYMENT', 50_000, { failed: true })])).toMatchObject({
      duePaise: 50_000,
      status: 'FAILED',
    });
    const refunded = [...charged, line('PAYMENT', 50_000), line('REFUND', 50_000)];
    expect(billTotals(refunded)).toMatchObject({ duePaise: 50_000, status: 'REFUNDED' });
  });

  it('rounds tax half up to the paisa', () => {
    expect(taxOf(1_005, 500)).toBe(50);
    expect(taxOf(1_010, 500)).toBe(51);
    expect(rupeesToPaise(799.5)).toBe(79_950);
    expect(rupeesToPaise(null)).toBe(0);
  });

  it('refuses overpayment, refunds beyond what was paid, and amounts that are not whole paise', () => {
    const lines = [line('CHARGE', 50_000), line('PAYMENT', 20_000)];
    expect(checkNewLine(lines, line('PAYMENT', 30_001)).ok).toBe(false);
    expect(checkNewLine(lines, line('PAYMENT', 30_000)).ok).toBe(true);
    expect(checkNewLine(lines, line('REFUND', 20_001)).ok).toBe(false);
    expect(checkNewLine(lines, line('REFUND', 20_000)).ok).toBe(true);
    expect(checkNewLine(lines, line('DISCOUNT', 30_001)).ok).toBe(false);
    expect(checkNewLine(lines, line('PAYMENT', 0)).ok).toBe(false);
    expect(checkNewLine(lines, line('PAYMENT', 10.5)).ok).toBe(false);
  });
});
