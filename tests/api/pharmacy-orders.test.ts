// Pharmacy orders: from a consultation's prescription to the doorstep — verification gates scheduled
// drugs, FEFO reservation, a second person at QC, dispensing writes the ledger, returns restock,
// cancellations release, the patient reviews once; who reaches which order.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pharmacies, workflowHistory } from '../../server/db/schema/index.ts';
import { appointmentInStatus, json } from './support/appointments.ts';
import { GENEROUS_LIMITS, startTestApp, type TestApp } from './support/test-app.ts';
import { PNG, call, day, pharmacyWorld, stock, type PharmacyWorld } from './support/pharmacyOrders.ts';
import { bearer } from './support/accounts.ts';

let t: TestApp;
let w: PharmacyWorld;
let amoxicillin: string;
let cefixime: string;

beforeAll(async () => {
  t = await startTestApp({ rateLimits: GENEROUS_LIMITS });
  w = await pharmacyWorld(t, 'pho');
  amoxicillin = await stock(t, w.pharmacist, { genericName: 'Amoxicillin', brandName: 'Mox', schedule: 'H' }, [
    ['MOX-LATE', day(400), 100],
    ['MOX-EARLY', day(45), 10],
    ['MOX-OLD', day(-3), 50],
  ]);
  cefixime = await stock(
    t,
    w.pharmacy,
    { genericName: 'Cefixime', brandName: 'Taxim-O', schedule: 'H1', strength: '200 mg' },
    [['CEF-1', day(200), 30]],
  );
}, 120_000);
afterAll(() => t?.close());

const o = (id: string, path = '') => `/api/pharmacy-orders/${id}${path}`;
async function ok(res: Response, status = 200) {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await json(res)).data;
}
const medicine = async (id: string) => ok(await call(t, w.pharmacy.token, 'GET', `/api/pharmacy-inventory/${id}`));

async function fromConsultation() {
  return ok(
    await call(t, w.patient.token, 'POST', '/api/pharmacy-orders', {
      pharmacyId: w.pharmacy.referenceId,
      consultationId: w.consultationId,
      deliveryMethod: 'HOME_DELIVERY',
      deliveryAddress: '12 FC Road, Pune 411004',
    }),
    201,
  );
}

async function toQualityCheck(id: string) {
  await ok(
    await call(t, w.pharmacist.token, 'PATCH', o(id, '/verify-prescription'), {
      prescriberName: 'Dr Arjun Rao',
      prescriberRegistration: 'MMC-2011-4455',
      prescriptionDate: day(-1),
    }),
  );
  await ok(await call(t, w.pharmacist.token, 'PATCH', o(id, '/status'), { status: 'APPROVED' }));
  await ok(await call(t, w.pharmacist.token, 'PATCH', o(id, '/status'), { status: 'IN_PREPARATION' }));
  return ok(await call(t, w.pharmacist.token, 'PATCH', o(id, '/status'), { status: 'QUALITY_CHECK' }));
}
const ALL = ['DRUG', 'STRENGTH', 'BATCH', 'EXPIRY', 'QUANTITY'];

describe('an order from a consultation, to the doorstep', () => {
  it('matches the prescription by salt, reserves FEFO, needs a second person at QC, dispenses into the ledger', async () => {
    const order = await fromConsultation();
    expect(order.status).toBe('RECEIVED');
    expect(order.doctorId).toBe(w.doctor.referenceId);
    expect(order.items).toHaveLength(1);
    expect(order.items[0].medicineId).toBe(amoxicillin);

    // Schedule H: no stock check before the prescription is verified.
    const early = await call(t, w.pharmacist.token, 'PATCH', o(order.id, '/status'), { status: 'INVENTORY_CHECK' });
    expect(early.status).toBe(409);

    const atQc = await toQualityCheck(order.id);
    // FEFO: the expired batch is skipped; the earliest unexpired one first, then the next.
    expect(atQc.items[0].reservations.map((r: any) => [r.batchNumber, r.quantity])).toEqual([
      ['MOX-EARLY', 10],
      ['MOX-LATE', 5],
    ]);
    const before = await medicine(amoxicillin);
    expect(before.sellable).toBe(110 - 15);

    // The pharmacist prepared it: they cannot pass their own check; nor can it be marked ready without one.
    const self = await call(t, w.pharmacist.token, 'POST', o(order.id, '/quality-check'), {
      passed: true,
      confirmed: ALL,
    });
    expect(self.status).toBe(409);
    expect((await call(t, w.pharmacist.token, 'POST', o(order.id, '/ready'), {})).status).toBe(409);
    await ok(await call(t, w.checker.token, 'POST', o(order.id, '/quality-check'), { passed: true, confirmed: ALL }));
    const ready = await ok(await call(t, w.checker.token, 'POST', o(order.id, '/ready'), {}));
    expect(ready.status).toBe('READY_FOR_PICKUP');

    // The rider cannot verify prescriptions (duty) but marks delivery.
    await ok(
      await call(t, w.rider.token, 'PATCH', o(order.id, '/delivery'), {
        status: 'OUT_FOR_DELIVERY',
        deliveryPerson: 'Sunil',
      }),
    );
    const delivered = await ok(
      await call(t, w.rider.token, 'PATCH', o(order.id, '/delivery'), { status: 'DELIVERED' }),
    );
    expect(delivered.deliveredAt).not.toBeNull();
    const done = await ok(await call(t, w.pharmacist.token, 'POST', o(order.id, '/complete'), {}));
    expect(done.status).toBe('COMPLETED');
    expect(done.items[0].status).toBe('DISPENSED');

    const after = await medicine(amoxicillin);
    expect(after.onHand).toBe(before.onHand - 15);
    const ledger = await ok(
      await call(t, w.pharmacy.token, 'GET', `/api/pharmacy-inventory/ledger?medicineId=${amoxicillin}&kind=DISPENSE`),
    );
    expect(ledger.lines.map((l: any) => [l.batchNumber, l.quantity]).sort()).toEqual([
      ['MOX-EARLY', -10],
      ['MOX-LATE', -5],
    ]);

    // The patient was told at ready, out for delivery and delivered; they review once. The nine
    // reviews the pharmacy came with (an average of 4.0) keep their weight.
    await t.database.db
      .update(pharmacies)
      .set({ rating: 4, reviewCount: 9 })
      .where(eq(pharmacies.id, w.pharmacy.referenceId));
    const review = await ok(
      await call(t, w.patient.token, 'POST', o(order.id, '/review'), { rating: 5, comment: 'Quick' }),
    );
    expect(review.reviewed).toBe(true);
    expect((await call(t, w.patient.token, 'POST', o(order.id, '/review'), { rating: 4 })).status).toBe(409);
    const directory = await ok(await call(t, w.patient.token, 'GET', `/api/pharmacies/${w.pharmacy.referenceId}`));
    expect(directory).toMatchObject({ rating: 4.1, reviewCount: 10 });

    // A second order of the same medicine warns of duplicate dispensing.
    const again = await fromConsultation();
    expect(again.items[0].duplicateWarning).toMatch(/Amoxicillin was dispensed/);
  });

  it('refuses an H1 medicine without verification, and writes its sale to the H1 register', async () => {
    const res = await call(t, w.pharmacy.token, 'POST', '/api/pharmacy-orders', {
      pharmacyId: w.pharmacy.referenceId,
      walkInName: 'Walk-in',
      items: [{ name: 'Cefixime 200 mg', quantity: 10 }],
    });
    const order = await ok(res, 201);
    expect(order.items[0].medicineId).toBe(cefixime);
    const refused = await call(t, w.pharmacy.token, 'PATCH', o(order.id, '/status'), { status: 'APPROVED' });
    expect(refused.status).toBe(409);
    const checking = await call(t, w.pharmacy.token, 'PATCH', o(order.id, '/status'), { status: 'INVENTORY_CHECK' });
    expect(checking.status).toBe(409);
    expect((await json(checking)).message).toMatch(/Schedule H1/);
    // Verification needs the prescription file for a walk-in.
    const noFile = await call(t, w.pharmacist.token, 'PATCH', o(order.id, '/verify-prescription'), {
      prescriberName: 'Dr P Kulkarni',
      prescriberRegistration: 'MMC-99',
      prescriptionDate: day(0),
    });
    expect(noFile.status).toBe(409);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'rx.png');
    const attached = await t.request(o(order.id, '/prescription'), {
      method: 'POST',
      body: form,
      headers: bearer(w.pharmacy.token),
    });
    expect(attached.status, await attached.clone().text()).toBe(200);
    await ok(
      await call(t, w.pharmacist.token, 'PATCH', o(order.id, '/verify-prescription'), {
        prescriberName: 'Dr P Kulkarni',
        prescriberRegistration: 'MMC-99',
        prescriptionDate: day(0),
      }),
    );
    for (const status of ['APPROVED', 'IN_PREPARATION', 'QUALITY_CHECK']) {
      await ok(await call(t, w.pharmacist.token, 'PATCH', o(order.id, '/status'), { status }));
    }
    await ok(await call(t, w.checker.token, 'POST', o(order.id, '/quality-check'), { passed: true, confirmed: ALL }));
    await ok(await call(t, w.checker.token, 'POST', o(order.id, '/ready'), {}));
    // Pickup: cannot go out for delivery.
    expect((await call(t, w.rider.token, 'PATCH', o(order.id, '/status'), { status: 'OUT_FOR_DELIVERY' })).status).toBe(
      409,
    );
    await ok(await call(t, w.pharmacist.token, 'POST', o(order.id, '/complete'), {}));
    const register = await ok(await call(t, w.pharmacy.token, 'GET', '/api/pharmacy-inventory/h1-register'));
    expect(register.entries).toEqual([
      expect.objectContaining({ prescriber: 'Dr P Kulkarni', patient: 'Walk-in', quantity: 10, batchNumber: 'CEF-1' }),
    ]);
    const csv = await call(t, w.pharmacy.token, 'GET', '/api/pharmacy-inventory/export/h1-register.csv');
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(await csv.text()).toContain('Dr P Kulkarni');

    // A sealed return restocks; the reason is required.
    expect((await call(t, w.pharmacist.token, 'PATCH', o(order.id, '/status'), { status: 'RETURNED' })).status).toBe(
      400,
    );
    const before = await medicine(cefixime);
    await ok(
      await call(t, w.pharmacist.token, 'POST', o(order.id, '/return'), {
        reason: 'Patient changed course',
        sealed: true,
      }),
    );
    expect((await medicine(cefixime)).onHand).toBe(before.onHand + 10);
  });
});

describe('the workflow table, allowed and refused', () => {
  it('refuses steps out of order and wrong sides; the patient cancels only before preparation', async () => {
    const order = await fromConsultation();
    const skip = await call(t, w.pharmacist.token, 'POST', o(order.id, '/complete'), {});
    expect(skip.status).toBe(409);
    expect((await json(skip)).details.status).toBe('RECEIVED');
    expect((await call(t, w.patient.token, 'PATCH', o(order.id, '/status'), { status: 'APPROVED' })).status).toBe(403);
    expect(
      (
        await call(t, w.checker.token, 'PATCH', o(order.id, '/verify-prescription'), {
          prescriberName: 'Dr A',
          prescriberRegistration: 'R1',
          prescriptionDate: day(0),
        })
      ).status,
    ).toBe(403);
    expect((await call(t, w.pharmacist.token, 'PATCH', o(order.id, '/status'), { status: 'ON_HOLD' })).status).toBe(
      400,
    );
    await ok(
      await call(t, w.pharmacist.token, 'PATCH', o(order.id, '/status'), {
        status: 'ON_HOLD',
        reason: 'Calling the doctor',
      }),
    );
    const cancelled = await ok(
      await call(t, w.patient.token, 'POST', o(order.id, '/cancel'), { reason: 'Bought elsewhere' }),
    );
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.statusReason).toBe('Bought elsewhere');

    const second = await fromConsultation();
    await toQualityCheck(second.id);
    const reserved = (await medicine(amoxicillin)).sellable;
    expect((await call(t, w.patient.token, 'POST', o(second.id, '/cancel'), { reason: 'Late' })).status).toBe(409);
    await ok(await call(t, w.pharmacist.token, 'POST', o(second.id, '/cancel'), { reason: 'Patient asked' }));
    expect((await medicine(amoxicillin)).sellable).toBe(reserved + 15);
  });

  it('lets the pharmacist pick another batch with a reason, never an expired one', async () => {
    const order = await fromConsultation();
    await ok(
      await call(t, w.pharmacist.token, 'PATCH', o(order.id, '/verify-prescription'), {
        prescriberName: 'Dr Arjun Rao',
        prescriberRegistration: 'MMC-2011-4455',
        prescriptionDate: day(-1),
      }),
    );
    const batches = (await medicine(amoxicillin)).batches as Array<{ id: string; batchNumber: string }>;
    const late = batches.find((b) => b.batchNumber === 'MOX-LATE')!;
    const old = batches.find((b) => b.batchNumber === 'MOX-OLD')!;
    const itemId = order.items[0].id;
    expect(
      (await call(t, w.pharmacist.token, 'PATCH', o(order.id, `/items/${itemId}`), { batchId: late.id })).status,
    ).toBe(400);
    expect(
      (await call(t, w.pharmacist.token, 'PATCH', o(order.id, `/items/${itemId}`), { batchId: old.id, reason: 'x' }))
        .status,
    ).toBe(409);
    const picked = await ok(
      await call(t, w.pharmacist.token, 'PATCH', o(order.id, `/items/${itemId}`), {
        batchId: late.id,
        reason: 'Longer dating for a long course',
      }),
    );
    expect(picked.items[0].reservations[0].batchNumber).toBe('MOX-LATE');
    const approved = await ok(
      await call(t, w.pharmacist.token, 'PATCH', o(order.id, '/status'), { status: 'APPROVED' }),
    );
    expect(approved.items[0].reservations.map((r: any) => r.batchNumber)).toEqual(['MOX-LATE']);
  });
});

describe('who reaches an order', () => {
  it('answers 404 to another pharmacy and another patient, lists by every party, filters', async () => {
    const order = await fromConsultation();
    for (const token of [w.otherPharmacy.token, w.otherPatient.token, w.otherDoctor.token, w.otherHospital.token]) {
      expect((await call(t, token, 'GET', o(order.id))).status).toBe(404);
      expect((await call(t, token, 'POST', o(order.id, '/notes'), { text: 'hi' })).status).toBe(404);
    }
    for (const token of [w.pharmacy.token, w.patient.token, w.doctor.token, w.admin.token]) {
      expect((await call(t, token, 'GET', o(order.id))).status).toBe(200);
    }
    const mine = await ok(
      await call(
        t,
        w.pharmacy.token,
        'GET',
        `/api/pharmacy-orders?orderNumber=${order.orderNumber}&status=RECEIVED&deliveryMethod=HOME_DELIVERY&limit=5`,
      ),
    );
    expect(mine.orders.map((x: any) => x.id)).toEqual([order.id]);
    const theirs = await ok(await call(t, w.otherPharmacy.token, 'GET', '/api/pharmacy-orders'));
    expect(theirs.orders).toEqual([]);
    const stats = await ok(await call(t, w.pharmacy.token, 'GET', '/api/pharmacy-orders/statistics?period=month'));
    expect(stats.total).toBeGreaterThan(0);
    expect(stats.stockValue).toBeGreaterThan(0);
    // Bulk: each order decided on its own.
    const bulk = await ok(
      await call(t, w.pharmacist.token, 'PATCH', '/api/pharmacy-orders/bulk-update', {
        orderIds: [order.id, '00000000-0000-4000-8000-000000000000'],
        priority: 'URGENT',
      }),
    );
    expect(bulk.updated).toEqual([order.id]);
    expect(bulk.refused).toHaveLength(1);
  });
});

describe('from a consultation, through an affiliation with commission', () => {
  it('moves the consultation to PHARMACY_ORDERED and PHARMACY_FULFILLED, accrues at completion and reverses a return after settlement', async () => {
    const db = t.database.db;
    // The hospital and the pharmacy: a referral with 10% on pharmacy orders, approved and verified.
    const proposed = await ok(
      await call(t, w.hospital.token, 'POST', '/api/affiliations/hospital', {
        partnerKind: 'PHARMACY',
        partnerId: w.pharmacy.referenceId,
        type: 'REFERRAL',
        benefits: ['COMMISSION'],
        startDate: day(0),
        endDate: day(365),
        terms: 'Prescriptions from our consultations; commission monthly.',
        commission: { rules: [{ serviceType: 'PHARMACY', kind: 'PERCENTAGE', basisPoints: 1000 }] },
      }),
      201,
    );
    const affiliationId = proposed.id as string;
    await ok(
      await call(t, w.pharmacy.token, 'PUT', `/api/affiliations/${affiliationId}/approve`, { decision: 'ACCEPT' }),
    );
    const active = await ok(await call(t, w.admin.token, 'PUT', `/api/affiliations/admin/${affiliationId}/verify`, {}));
    expect(active.status).toBe('ACTIVE');
    const ledgerOf = async () =>
      (await ok(await call(t, w.hospital.token, 'GET', `/api/affiliations/hospital/${affiliationId}`))).ledger as any[];

    // A consultation at the hospital that prescribes amoxicillin, completed by the doctor.
    const appointmentId = await appointmentInStatus(t, w, 'ACCEPTED');
    const consultation = await ok(await call(t, w.doctor.token, 'POST', '/api/consultations', { appointmentId }), 201);
    expect(consultation.hospital).toMatchObject({ id: w.hospital.referenceId });
    await ok(
      await call(t, w.doctor.token, 'POST', `/api/consultations/${consultation.id}/prescriptions`, {
        genericName: 'Amoxicillin',
        strength: '500 mg',
        form: 'CAPSULE',
        dose: '1 capsule',
        frequency: 'Three times a day',
        duration: '4 days',
        quantity: 12,
      }),
      201,
    );
    await ok(
      await call(t, w.doctor.token, 'PUT', `/api/consultations/${consultation.id}`, {
        action: 'COMPLETE_CONSULTATION',
      }),
    );
    const statusOf = async () =>
      (await ok(await call(t, w.doctor.token, 'GET', `/api/consultations/${consultation.id}`))).status;

    const order = await ok(
      await call(t, w.patient.token, 'POST', '/api/pharmacy-orders', {
        pharmacyId: w.pharmacy.referenceId,
        consultationId: consultation.id,
        deliveryMethod: 'PICKUP',
      }),
      201,
    );
    expect(await statusOf()).toBe('PHARMACY_ORDERED');
    expect(await ledgerOf()).toHaveLength(0);

    await toQualityCheck(order.id);
    await ok(await call(t, w.checker.token, 'POST', o(order.id, '/quality-check'), { passed: true, confirmed: ALL }));
    await ok(await call(t, w.checker.token, 'POST', o(order.id, '/ready'), {}));
    const done = await ok(await call(t, w.pharmacist.token, 'POST', o(order.id, '/complete'), {}));
    expect(done.status).toBe('COMPLETED');
    expect(await statusOf()).toBe('PHARMACY_FULFILLED');
    const history = await db
      .select({ action: workflowHistory.action })
      .from(workflowHistory)
      .where(and(eq(workflowHistory.workflow, 'consultation'), eq(workflowHistory.entityId, consultation.id)));
    expect(history.map((h) => h.action)).toEqual([
      'CREATE',
      'COMPLETE_CONSULTATION',
      'ORDER_PHARMACY',
      'FULFIL_PHARMACY',
    ]);

    // Accrued at completion: what was dispensed at the batch's MRP (12 × ₹2.50), 10% of it.
    const accrued = await ledgerOf();
    expect(accrued).toEqual([
      expect.objectContaining({
        sourceKind: 'PHARMACY_ORDER',
        sourceId: order.id,
        serviceType: 'PHARMACY',
        amountPaise: 3_000,
        commissionPaise: 300,
        statementId: null,
      }),
    ]);
    // The catch-up changes nothing.
    await ok(await call(t, w.hospital.token, 'POST', `/api/affiliations/${affiliationId}/performance/update`, {}));
    expect(await ledgerOf()).toHaveLength(1);
    const settled = await ok(
      await call(t, w.pharmacy.token, 'POST', `/api/affiliations/${affiliationId}/commission/settle`, {}),
      201,
    );
    expect(settled.statements[0]).toMatchObject({ number: 1, lineCount: 1, totalCommissionPaise: 300 });

    // A return after settlement: a negative line at once, settled in the next statement.
    await ok(
      await call(t, w.pharmacist.token, 'POST', o(order.id, '/return'), { reason: 'Allergic rash', sealed: false }),
    );
    const reversal = (await ledgerOf()).filter((l) => l.sourceKind === 'PHARMACY_ORDER_REVERSAL');
    expect(reversal).toEqual([
      expect.objectContaining({ sourceId: order.id, amountPaise: -3_000, commissionPaise: -300, statementId: null }),
    ]);
    await ok(await call(t, w.hospital.token, 'POST', `/api/affiliations/${affiliationId}/performance/update`, {}));
    expect(await ledgerOf()).toHaveLength(2);
    const next = await ok(
      await call(t, w.hospital.token, 'POST', `/api/affiliations/${affiliationId}/commission/settle`, {}),
      201,
    );
    expect(next.statements[0]).toMatchObject({ number: 2, lineCount: 1, totalCommissionPaise: -300 });
    expect(next.statements[1]).toMatchObject({ number: 1, totalCommissionPaise: 300 });
  });

  it('never fails an order because of the consultation’s status, and records nothing then', async () => {
    // The world's consultation is closed (COMPLETED): the order is made, the consultation stays as it was.
    const order = await fromConsultation();
    expect(order.consultationId).toBe(w.consultationId);
    const history = await t.database.db
      .select()
      .from(workflowHistory)
      .where(and(eq(workflowHistory.workflow, 'consultation'), eq(workflowHistory.entityId, w.consultationId)));
    expect(history).toHaveLength(0);
  });
});
