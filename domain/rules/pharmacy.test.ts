import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STOCK_MOVEMENTS, type PharmacyOrderStatus } from '../enums.ts';
import {
  expiryBand,
  ledgerSum,
  nextLine,
  pickFefo,
  saleRefusal,
  sameSalt,
  type LedgerLine,
  type PickableBatch,
} from './pharmacy.ts';
import {
  PHARMACY_ORDER_WORKFLOW,
  REASONED_ORDER_STATUSES,
  REQUESTABLE_ORDER_STATUSES,
  patientMayCancel,
} from './pharmacyOrders.ts';

const TODAY = '2026-11-25';
const batch = (id: string, expiryDate: string, available: number, recalled = false): PickableBatch => ({
  id,
  batchNumber: id,
  expiryDate,
  available,
  recalled,
});

describe('FEFO picking', () => {
  it('takes the earliest unexpired batch first and skips expired and recalled ones', () => {
    const batches = [
      batch('late', '2027-06-01', 50),
      batch('expired', '2026-11-01', 99),
      batch('recalled', '2026-12-01', 99, true),
      batch('early', '2027-01-15', 4),
    ];
    expect(pickFefo(batches, 10, TODAY)).toEqual({
      picks: [
        { batchId: 'early', quantity: 4 },
        { batchId: 'late', quantity: 6 },
      ],
      short: 0,
    });
  });

  it('says how much is short when the sellable stock is not enough', () => {
    expect(pickFefo([batch('a', '2027-01-01', 3), batch('x', TODAY, 50)], 5, TODAY)).toEqual({
      picks: [{ batchId: 'a', quantity: 3 }],
      short: 2,
    });
  });
});

describe('near expiry', () => {
  it('puts a batch in the smallest band of 30, 60, 90 days, expired on its expiry date', () => {
    expect(expiryBand(TODAY, TODAY)).toBe('EXPIRED');
    expect(expiryBand('2026-12-20', TODAY)).toBe(30);
    expect(expiryBand('2027-01-20', TODAY)).toBe(60);
    expect(expiryBand('2027-02-20', TODAY)).toBe(90);
    expect(expiryBand('2027-06-20', TODAY)).toBeNull();
  });
});

describe('the stock ledger', () => {
  it('never goes below zero', () => {
    expect(nextLine(3, 'DISPENSE', 5)).toEqual({
      ok: false,
      message: 'Only 3 on hand in this batch; 5 cannot be taken.',
    });
    expect(nextLine(3, 'EXPIRY_WRITE_OFF', 3)).toEqual({
      ok: true,
      line: { kind: 'EXPIRY_WRITE_OFF', quantity: -3, balance: 0 },
    });
  });

  it('keeps the running balance equal to the sum of its lines (any sequence of movements)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...STOCK_MOVEMENTS), fc.integer({ min: -40, max: 40 }))),
        (moves) => {
          const lines: LedgerLine[] = [];
          let balance = 0;
          for (const [kind, qty] of moves) {
            const next = nextLine(balance, kind, qty);
            if (!next.ok) continue;
            lines.push(next.line);
            balance = next.line.balance;
            expect(balance).toBeGreaterThanOrEqual(0);
          }
          expect(balance).toBe(ledgerSum(lines));
        },
      ),
    );
  });
});

describe('schedules', () => {
  it('refuses an H, H1, X or narcotic sale without a verified prescription, not an OTC one', () => {
    expect(saleRefusal('OTC', false, 'Paracetamol')).toBeNull();
    for (const s of ['H', 'H1', 'X', 'NARCOTIC'] as const) expect(saleRefusal(s, false, 'Drug')).toMatch(/verify/);
    expect(saleRefusal('H1', true, 'Cefixime')).toBeNull();
  });
});

describe('salt matching', () => {
  it('finds a brand by its generic, whatever the order or strength', () => {
    expect(sameSalt('Amoxicillin + Clavulanic acid 625 mg', 'clavulanic acid + amoxicillin')).toBe(true);
    expect(sameSalt('Amoxycillin 500 mg', 'Amoxicillin')).toBe(true);
    expect(sameSalt('Cefixime', 'Amoxicillin')).toBe(false);
  });
});

describe('the pharmacy order workflow', () => {
  const state = (status: PharmacyOrderStatus) => ({ status });
  it('allows the road from received to completed, for the pharmacy only', () => {
    const road = [
      ['VERIFY_PRESCRIPTION', 'RECEIVED', 'INVENTORY_CHECK'],
      ['APPROVE', 'INVENTORY_CHECK', 'APPROVED'],
      ['PREPARE', 'APPROVED', 'IN_PREPARATION'],
      ['SEND_TO_QC', 'IN_PREPARATION', 'QUALITY_CHECK'],
      ['MARK_READY', 'QUALITY_CHECK', 'READY_FOR_PICKUP'],
      ['DISPATCH', 'READY_FOR_PICKUP', 'OUT_FOR_DELIVERY'],
      ['DELIVER', 'OUT_FOR_DELIVERY', 'DELIVERED'],
      ['COMPLETE', 'DELIVERED', 'COMPLETED'],
    ] as const;
    for (const [action, from, to] of road) {
      expect(PHARMACY_ORDER_WORKFLOW.checkTransition(action, 'PHARMACY', state(from))).toEqual({ ok: true, to });
      expect(PHARMACY_ORDER_WORKFLOW.decide(action, 'PATIENT', state(from)).ok).toBe(false);
    }
  });

  it('refuses steps out of order', () => {
    expect(PHARMACY_ORDER_WORKFLOW.decide('COMPLETE', 'PHARMACY', state('IN_PREPARATION'))).toMatchObject({
      ok: false,
      refusal: 'CONFLICT',
    });
    expect(PHARMACY_ORDER_WORKFLOW.decide('RETURN', 'PHARMACY', state('CANCELLED')).ok).toBe(false);
    expect(PHARMACY_ORDER_WORKFLOW.decide('MARK_READY', null, state('QUALITY_CHECK'))).toMatchObject({
      refusal: 'NOT_FOUND',
    });
  });

  it('lets the patient cancel only before preparation', () => {
    expect(patientMayCancel('RECEIVED')).toBe(true);
    expect(patientMayCancel('IN_PREPARATION')).toBe(false);
  });

  it('names the four negative statuses as needing a reason, each reachable by PATCH …/status', () => {
    expect([...REASONED_ORDER_STATUSES].sort()).toEqual(['CANCELLED', 'ON_HOLD', 'PARTIALLY_FILLED', 'RETURNED']);
    for (const s of REASONED_ORDER_STATUSES) expect(REQUESTABLE_ORDER_STATUSES).toContain(s);
  });
});
