// Pharmacy inventory: on hand is the ledger's sum (a property over random movements), expired stock
// is never sellable, near-expiry bands, CSV receipt all-or-nothing, CSV export, and another
// pharmacy's medicines and batches answer 404.
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from './support/appointments.ts';
import { GENEROUS_LIMITS, startTestApp, type TestApp } from './support/test-app.ts';
import { call, day, pharmacyWorld, stock, type PharmacyWorld } from './support/pharmacyOrders.ts';

let t: TestApp;
let w: PharmacyWorld;

beforeAll(async () => {
  t = await startTestApp({ rateLimits: GENEROUS_LIMITS });
  w = await pharmacyWorld(t, 'phi');
}, 120_000);
afterAll(() => t?.close());

const get = async (token: string, path: string) => {
  const res = await call(t, token, 'GET', path);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json(res)).data;
};

describe('the ledger', () => {
  it('keeps each batch’s on hand equal to the sum of its lines, refusing what would go below zero', async () => {
    const id = await stock(t, w.pharmacy, { genericName: 'Metformin', brandName: 'Glycomet', schedule: 'H' }, [
      ['GM-1', day(300), 20],
    ]);
    const batchId = (await get(w.pharmacy.token, `/api/pharmacy-inventory/${id}`)).batches[0].id as string;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.integer({ min: -15, max: 15 }).filter((n) => n !== 0),
          { maxLength: 6 },
        ),
        async (moves) => {
          for (const quantity of moves) {
            const res = await call(
              t,
              w.pharmacy.token,
              'POST',
              `/api/pharmacy-inventory/batches/${batchId}/movements`,
              {
                kind: 'ADJUSTMENT',
                quantity,
                reason: 'Stock count',
              },
            );
            expect([201, 409]).toContain(res.status);
          }
          const lines = (await get(w.pharmacy.token, `/api/pharmacy-inventory/ledger?batchId=${batchId}&limit=100`))
            .lines as Array<{ quantity: number; balance: number }>;
          const onHand = (await get(w.pharmacy.token, `/api/pharmacy-inventory/${id}`)).batches[0].onHand as number;
          expect(onHand).toBe(lines.reduce((s, l) => s + l.quantity, 0));
          expect(lines[0]!.balance).toBe(onHand);
          expect(onHand).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 8 },
    );
  });

  it('never counts expired stock as sellable, shows near-expiry bands, flags low stock', async () => {
    const id = await stock(
      t,
      w.pharmacy,
      { genericName: 'Paracetamol', brandName: 'Dolo', schedule: 'OTC', category: 'OTC', reorderLevel: 50 },
      [
        ['DL-OLD', day(-1), 30],
        ['DL-SOON', day(20), 10],
      ],
    );
    const m = await get(w.pharmacy.token, `/api/pharmacy-inventory/${id}`);
    expect(m.onHand).toBe(40);
    expect(m.sellable).toBe(10);
    expect(m.lowStock).toBe(true);
    const expiring = await get(w.pharmacy.token, '/api/pharmacy-inventory/expiring?days=30');
    const mine = expiring.batches.filter((b: any) => b.medicineId === id);
    expect(mine.map((b: any) => [b.batchNumber, b.expiryBand])).toEqual([
      ['DL-OLD', 'EXPIRED'],
      ['DL-SOON', 30],
    ]);
    const low = await get(w.pharmacy.token, '/api/pharmacy-inventory?lowStock=true&limit=100');
    expect(low.medicines.map((x: any) => x.id)).toContain(id);
  });
});

describe('CSV in and out', () => {
  const header =
    'brandName,genericName,strength,form,schedule,category,batchNumber,expiryDate,mrp,purchasePrice,quantity';
  it('receives every row or none, and exports stock that parses back', async () => {
    const bad = await call(t, w.pharmacy.token, 'POST', '/api/pharmacy-inventory/receipts', {
      csv: `${header}\nTelma,Telmisartan,40 mg,Tablet,H,PRESCRIPTION,TL-1,${day(200)},14,10,100\nBroken,X,1 mg,Tablet,Q,PRESCRIPTION,B-1,not-a-date,1,1,-4\n`,
    });
    expect(bad.status).toBe(400);
    expect((await get(w.pharmacy.token, '/api/pharmacy-inventory?search=Telma')).medicines).toEqual([]);
    const good = await call(t, w.pharmacy.token, 'POST', '/api/pharmacy-inventory/receipts', {
      csv: `${header}\nTelma,Telmisartan,40 mg,Tablet,H,PRESCRIPTION,TL-1,${day(200)},14,10,100\n"Telma, strip",Telmisartan,80 mg,Tablet,H,PRESCRIPTION,TL-2,${day(220)},20,15,50\n`,
    });
    expect(good.status, await good.clone().text()).toBe(201);
    expect((await json(good)).data).toEqual({ batches: 2, units: 150 });
    const csv = await call(t, w.pharmacy.token, 'GET', '/api/pharmacy-inventory/export/stock.csv');
    const rows = parse(await csv.text(), { columns: true }) as Array<Record<string, string>>;
    expect(rows.find((r) => r.brandName === 'Telma, strip')).toMatchObject({ batchNumber: 'TL-2', onHand: '50' });
  });
});

describe('whose stock', () => {
  it('answers 404 for another pharmacy’s medicine and batch, and 403 to a patient', async () => {
    const id = await stock(
      t,
      w.pharmacy,
      { genericName: 'Levothyroxine', brandName: 'Thyronorm', schedule: 'H', strength: '50 mcg' },
      [['TN-1', day(200), 10]],
    );
    const batchId = (await get(w.pharmacy.token, `/api/pharmacy-inventory/${id}`)).batches[0].id as string;
    expect((await call(t, w.otherPharmacy.token, 'GET', `/api/pharmacy-inventory/${id}`)).status).toBe(404);
    expect(
      (
        await call(t, w.otherPharmacy.token, 'POST', `/api/pharmacy-inventory/batches/${batchId}/recall`, {
          reason: 'x',
        })
      ).status,
    ).toBe(404);
    expect((await call(t, w.patient.token, 'GET', '/api/pharmacy-inventory')).status).toBe(403);
    // The quality checker may read stock but not receive it (pharmacist duty).
    expect(
      (
        await call(t, w.checker.token, 'POST', `/api/pharmacy-inventory/${id}/batches`, {
          batchNumber: 'TN-2',
          expiryDate: day(100),
          mrp: 1,
          purchasePrice: 1,
          quantity: 5,
        })
      ).status,
    ).toBe(403);
    const recalled = await call(t, w.pharmacy.token, 'POST', `/api/pharmacy-inventory/batches/${batchId}/recall`, {
      reason: 'Manufacturer recall',
    });
    expect(recalled.status).toBe(200);
    const after = (await json(recalled)).data;
    expect(after.batches[0]).toMatchObject({ recalled: true, onHand: 0 });
  });
});
