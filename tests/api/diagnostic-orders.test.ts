// Diagnostic orders: the catalogue behind the directory, orders and who reaches them, the per-test
// workflow allowed and refused, results with flags, corrections as versions, critical alerts, the
// SPEC's /api/api aliases.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnosticResults, notifications, workflowHistory } from '../../server/db/schema/index.ts';
import { GENEROUS_LIMITS, startTestApp, type TestApp } from './support/test-app.ts';
import { json } from './support/appointments.ts';
import { PNG, call, doctorOrders, orderWorld, tomorrowWindow, type OrderWorld } from './support/diagnosticOrders.ts';

let t: TestApp;
let w: OrderWorld;

beforeAll(async () => {
  t = await startTestApp({ rateLimits: GENEROUS_LIMITS });
  w = await orderWorld(t, 'dxo');
}, 120_000);
afterAll(() => t?.close());

const status = (orderId: string, testId: string, token: string, body: Record<string, unknown>) =>
  call(t, token, 'PUT', `/api/diagnostic-orders/${orderId}/tests/${testId}/status`, body);
const result = (orderId: string, testId: string, token: string, body: Record<string, unknown>) =>
  call(t, token, 'POST', `/api/diagnostic-orders/${orderId}/tests/${testId}/results`, body);
const testOf = (order: any, type: string) => order.tests.find((x: any) => x.testType === type);

/** An order of ELECTROLYTES collected and with its sample received, ready for a result. */
async function collectedOrder(tests = ['ELECTROLYTES']) {
  const order = await doctorOrders(t, w, tests);
  for (const test of order.tests) {
    expect((await status(order.id, test.id, w.collector.token, { status: 'SAMPLE_COLLECTED' })).status).toBe(200);
    expect((await status(order.id, test.id, w.signer.token, { status: 'SAMPLE_RECEIVED' })).status).toBe(200);
  }
  return order;
}

describe('the catalogue', () => {
  it("writes the centre's testsAvailable and results turnaround, which the directory filters on", async () => {
    const centre = (await json(await call(t, w.centre.token, 'GET', `/api/diagnostics/${w.centre.referenceId}`))).data;
    expect(centre.testsAvailable).toEqual(['CBC', 'ELECTROLYTES', 'X_RAY']);
    expect(centre.resultsTurnaround).toEqual({ CBC: 12, ELECTROLYTES: 6, X_RAY: 24 });
    const found = await json(
      await call(t, w.patient.token, 'GET', '/api/diagnostics/search?testsAvailable=ELECTROLYTES&limit=100'),
    );
    expect(found.data.diagnosticsCentres.map((c: any) => c.id)).toContain(w.centre.referenceId);
    const removed = await call(
      t,
      w.otherCentre.token,
      'DELETE',
      `/api/diagnostics/${w.otherCentre.referenceId}/tests/ELECTROLYTES`,
    );
    expect(removed.status).toBe(200);
    const after = await json(
      await call(t, w.patient.token, 'GET', '/api/diagnostics/search?testsAvailable=ELECTROLYTES&limit=100'),
    );
    expect(after.data.diagnosticsCentres.map((c: any) => c.id)).not.toContain(w.otherCentre.referenceId);
  });

  it('PATCH results-turnaround changes the catalogue’s promises', async () => {
    const res = await call(t, w.centre.token, 'PATCH', `/api/diagnostics/${w.centre.referenceId}/results-turnaround`, {
      CBC: 8,
      ELECTROLYTES: 6,
      X_RAY: 24,
    });
    expect(res.status).toBe(200);
    const tests = (await json(await call(t, w.patient.token, 'GET', `/api/diagnostics/${w.centre.referenceId}/tests`)))
      .data.tests;
    expect(tests.find((x: any) => x.testType === 'CBC').turnaroundHours).toBe(8);
  });

  it('refuses overlapping age bands and criticals inside the normal range', async () => {
    const bad = await call(t, w.centre.token, 'PUT', `/api/diagnostics/${w.centre.referenceId}/tests/HBA1C`, {
      price: 500,
      sampleType: 'BLOOD',
      turnaroundHours: 24,
      referenceRanges: [
        { sex: 'ANY', ageFrom: 0, ageTo: 20, low: 4, high: 5.6 },
        { sex: 'ANY', ageFrom: 18, ageTo: null, low: 4, high: 5.6, criticalHigh: 5 },
      ],
    });
    expect(bad.status).toBe(400);
  });
});

describe('orders', () => {
  it('a doctor orders for a patient in their care, not for anyone else’s patient', async () => {
    const order = await doctorOrders(t, w, ['ELECTROLYTES', 'CBC']);
    expect(order.tests.map((x) => x.status)).toEqual(['ORDERED', 'ORDERED']);
    const stranger = await call(t, w.otherDoctor.token, 'POST', '/api/diagnostic-orders', {
      diagnosticCenterId: w.centre.referenceId,
      patientId: w.patient.referenceId,
      tests: ['CBC'],
    });
    expect(stranger.status).toBe(404);
  });

  it('a patient books at a centre, with a prescription checked by content; tests off the catalogue are refused', async () => {
    const booked = await call(t, w.patient.token, 'POST', '/api/diagnostic-orders', {
      diagnosticCenterId: w.centre.referenceId,
      tests: ['X_RAY'],
    });
    expect(booked.status).toBe(201);
    const id = (await json(booked)).data.id;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'rx.png');
    const up = await t.request(`/api/diagnostic-orders/${id}/prescription`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${w.patient.token}` },
    });
    expect(up.status, await up.clone().text()).toBe(200);
    const prescription = (await json(up)).data.prescription;
    const file = await call(t, w.centre.token, 'GET', `/api/diagnostic-orders/${id}/files/${prescription.id}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    const fake = new FormData();
    fake.append('file', new Blob(['not a picture'], { type: 'image/png' }), 'rx.png');
    const refused = await t.request(`/api/diagnostic-orders/${id}/prescription`, {
      method: 'POST',
      body: fake,
      headers: { authorization: `Bearer ${w.patient.token}` },
    });
    expect(refused.status).toBe(400);
    const offCatalogue = await call(t, w.patient.token, 'POST', '/api/diagnostic-orders', {
      diagnosticCenterId: w.centre.referenceId,
      tests: ['MRI'],
    });
    expect(offCatalogue.status).toBe(400);
    const atHome = await call(t, w.patient.token, 'POST', '/api/diagnostic-orders', {
      diagnosticCenterId: w.centre.referenceId,
      tests: ['X_RAY'],
      homeCollection: tomorrowWindow(),
    });
    expect(atHome.status).toBe(400);
  });

  it('lists with filters: status, priority, yyyy-mm-dd dates, and the by-patient and by-centre views', async () => {
    const urgent = await doctorOrders(t, w, ['CBC'], { priority: 'URGENT' });
    const today = new Date().toISOString().slice(0, 10);
    const list = await json(
      await call(t, w.centre.token, 'GET', `/api/diagnostic-orders?priority=URGENT&dateFrom=${today}&status=ORDERED`),
    );
    expect(list.data.orders.map((o: any) => o.id)).toContain(urgent.id);
    expect(list.data.orders.every((o: any) => o.priority === 'URGENT')).toBe(true);
    const none = await json(await call(t, w.centre.token, 'GET', '/api/diagnostic-orders?dateTo=2020-01-01'));
    expect(none.data.orders).toEqual([]);
    const mine = await json(
      await call(t, w.patient.token, 'GET', `/api/diagnostic-orders/patient/${w.patient.referenceId}`),
    );
    expect(mine.data.orders.map((o: any) => o.id)).toContain(urgent.id);
    expect(
      (await call(t, w.otherPatient.token, 'GET', `/api/diagnostic-orders/patient/${w.patient.referenceId}`)).status,
    ).toBe(404);
    expect(
      (await call(t, w.otherCentre.token, 'GET', `/api/diagnostic-orders/center/${w.centre.referenceId}`)).status,
    ).toBe(404);
  });

  it('is deleted only before any sample is collected, and never by the centre', async () => {
    const order = await doctorOrders(t, w, ['CBC']);
    expect((await call(t, w.centre.token, 'DELETE', `/api/diagnostic-orders/${order.id}`)).status).toBe(403);
    const taken = await collectedOrder(['CBC']);
    expect((await call(t, w.doctor.token, 'DELETE', `/api/diagnostic-orders/${taken.id}`)).status).toBe(409);
    expect((await call(t, w.doctor.token, 'DELETE', `/api/diagnostic-orders/${order.id}`)).status).toBe(200);
    expect((await call(t, w.doctor.token, 'GET', `/api/diagnostic-orders/${order.id}`)).status).toBe(404);
  });

  it('the desk assigns a field collector, which schedules the collection; the collector sees it on today’s round', async () => {
    const order = await doctorOrders(t, w, ['ELECTROLYTES']);
    const notCollector = await call(t, w.centre.token, 'PUT', `/api/diagnostic-orders/${order.id}`, {
      assigneeId: w.signer.userId,
    });
    expect(notCollector.status).toBe(409);
    const res = await call(t, w.centre.token, 'PUT', `/api/diagnostic-orders/${order.id}`, {
      assigneeId: w.collector.userId,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await json(res)).data;
    expect(body.status).toBe('COLLECTION_SCHEDULED');
    expect(body.assignee.id).toBe(w.collector.userId);
    const date = body.homeCollection.windowStart.slice(0, 10);
    const round = await json(
      await call(t, w.collector.token, 'GET', `/api/diagnostic-orders/collections/today?date=${date}`),
    );
    expect(round.data.orders.map((o: any) => o.id)).toContain(order.id);
    // The collector cannot assign: that is the desk's duty.
    expect(
      (await call(t, w.collector.token, 'PUT', `/api/diagnostic-orders/${order.id}`, { assigneeId: null })).status,
    ).toBe(403);
  });
});

describe('the per-test workflow', () => {
  it('allows the steps in order and refuses them out of order (409) or from the wrong side (403)', async () => {
    const order = await doctorOrders(t, w, ['CBC']);
    const id = order.tests[0]!.id;
    expect((await status(order.id, id, w.signer.token, { status: 'RELEASED' })).status).toBe(409);
    expect((await status(order.id, id, w.patient.token, { status: 'SAMPLE_COLLECTED' })).status).toBe(403);
    expect((await status(order.id, id, w.signer.token, { status: 'SAMPLE_COLLECTED' })).status).toBe(200);
    expect((await status(order.id, id, w.doctor.token, { status: 'CANCELLED', reason: 'Not needed' })).status).toBe(
      409,
    );
    expect((await status(order.id, id, w.collector.token, { status: 'SAMPLE_REJECTED' })).status).toBe(400);
    expect(
      (await status(order.id, id, w.collector.token, { status: 'SAMPLE_REJECTED', reason: 'Haemolysed' })).status,
    ).toBe(200);
    const again = await status(order.id, id, w.collector.token, {
      status: 'SAMPLE_COLLECTED',
      occurredAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(again.status).toBe(200);
    const test = testOf((await json(again)).data, 'CBC');
    expect(new Date(test.collectedRecordedAt).getTime() - new Date(test.collectedAt).getTime()).toBeGreaterThan(
      3_500_000,
    );
    // A collector without the lab technician's duty does not start the test.
    expect((await status(order.id, id, w.signer.token, { status: 'SAMPLE_RECEIVED' })).status).toBe(200);
    expect((await status(order.id, id, w.collector.token, { status: 'IN_PROGRESS' })).status).toBe(403);
    expect((await status(order.id, id, w.signer.token, { status: 'IN_PROGRESS' })).status).toBe(200);
    const history = await t.database.db.select().from(workflowHistory).where(eq(workflowHistory.entityId, id));
    expect(history.map((h) => h.action)).toEqual(['ORDER', 'COLLECT', 'REJECT_SAMPLE', 'COLLECT', 'RECEIVE', 'START']);
  });

  it('another centre, another doctor and another patient get 404', async () => {
    const order = await doctorOrders(t, w, ['CBC']);
    const id = order.tests[0]!.id;
    expect((await status(order.id, id, w.otherCentre.token, { status: 'SAMPLE_COLLECTED' })).status).toBe(404);
    expect((await call(t, w.otherDoctor.token, 'GET', `/api/diagnostic-orders/${order.id}`)).status).toBe(404);
    expect((await call(t, w.otherPatient.token, 'GET', `/api/diagnostic-orders/${order.id}`)).status).toBe(404);
    expect((await call(t, w.otherHospital.token, 'GET', `/api/diagnostic-orders/${order.id}`)).status).toBe(404);
    expect((await call(t, w.hospital.token, 'GET', `/api/diagnostic-orders/${order.id}`)).status).toBe(200);
  });
});

describe('results', () => {
  it('flags against the patient’s range, refuses impossible values, and shows the patient only released results', async () => {
    const order = await collectedOrder(['CBC', 'ELECTROLYTES']);
    const cbc = testOf(order, 'CBC').id;
    expect((await result(order.id, cbc, w.signer.token, { kind: 'NUMERIC', value: 31 })).status).toBe(400);
    const low = await result(order.id, cbc, w.signer.token, { kind: 'NUMERIC', value: 11.9 });
    expect(low.status, await low.clone().text()).toBe(201);
    const entered = testOf((await json(low)).data, 'CBC');
    expect(entered.result).toMatchObject({
      value: 11.9,
      unit: 'g/dL',
      flag: 'LOW',
      referenceRange: { sex: 'FEMALE', low: 12 },
    });
    const seen = await json(await call(t, w.patient.token, 'GET', `/api/diagnostic-orders/${order.id}`));
    expect(testOf(seen.data, 'CBC').result).toBeNull();
    expect((await status(order.id, cbc, w.collector.token, { status: 'RELEASED' })).status).toBe(403);
    expect((await status(order.id, cbc, w.signer.token, { status: 'RELEASED' })).status).toBe(200);
    const released = await json(await call(t, w.patient.token, 'GET', `/api/diagnostic-orders/${order.id}`));
    expect(testOf(released.data, 'CBC').result).toMatchObject({ flag: 'LOW', version: 1 });
    expect(released.data.status).toBe('PARTIALLY_RELEASED');
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, w.patient.userId));
    expect(told.some((n) => n.type === 'TEST_RESULT' && n.title === 'Report ready: Complete blood count (CBC)')).toBe(
      true,
    );
  });

  it('gives no flag when no range applies (a child for adult-only ranges)', async () => {
    const { patients } = await import('../../server/db/schema/index.ts');
    await t.database.db
      .update(patients)
      .set({ dateOfBirth: '2020-01-01' })
      .where(eq(patients.id, w.patient.referenceId));
    try {
      const order = await collectedOrder(['CBC']);
      const res = await result(order.id, order.tests[0]!.id, w.signer.token, { kind: 'NUMERIC', value: 5 });
      expect(testOf((await json(res)).data, 'CBC').result).toMatchObject({ flag: null, referenceRange: null });
    } finally {
      await t.database.db
        .update(patients)
        .set({ dateOfBirth: '1990-03-01' })
        .where(eq(patients.id, w.patient.referenceId));
    }
  });

  it('a critical value alerts the doctor and the hospital at once, urgently; the doctor acknowledges it with a comment', async () => {
    const order = await collectedOrder(['ELECTROLYTES']);
    const id = order.tests[0]!.id;
    const res = await result(order.id, id, w.collector.token, { kind: 'NUMERIC', value: 6.5 });
    expect(res.status).toBe(201);
    expect(testOf((await json(res)).data, 'ELECTROLYTES').result.flag).toBe('CRITICAL_HIGH');
    for (const userId of [w.doctor.userId, w.hospital.userId]) {
      const rows = await t.database.db.select().from(notifications).where(eq(notifications.userId, userId));
      expect(rows.some((n) => n.priority === 'URGENT' && n.title === 'Critical result: Serum electrolytes')).toBe(true);
    }
    const seen = (await json(await call(t, w.doctor.token, 'GET', `/api/diagnostic-orders/${order.id}`))).data;
    expect(testOf(seen, 'ELECTROLYTES').criticalAlert).toMatchObject({ acknowledgedAt: null });
    const ack = `/api/diagnostic-orders/${order.id}/tests/${id}/acknowledge`;
    expect((await call(t, w.doctor.token, 'POST', ack, {})).status).toBe(400);
    expect((await call(t, w.patient.token, 'POST', ack, { comment: 'Seen' })).status).toBe(403);
    const done = await call(t, w.doctor.token, 'POST', ack, { comment: 'Called the patient in; repeat today' });
    expect(done.status).toBe(200);
    expect((await call(t, w.doctor.token, 'POST', ack, { comment: 'Again' })).status).toBe(409);
    const history = await t.database.db.select().from(workflowHistory).where(eq(workflowHistory.entityId, id));
    expect(history.find((h) => h.action === 'ACKNOWLEDGE_CRITICAL')?.reason).toBe(
      'Called the patient in; repeat today',
    );
  });

  it('a correction after release is a new version with a reason, and everyone told before is told again', async () => {
    const order = await collectedOrder(['ELECTROLYTES']);
    const id = order.tests[0]!.id;
    await result(order.id, id, w.signer.token, { kind: 'NUMERIC', value: 4.2 });
    expect((await status(order.id, id, w.signer.token, { status: 'RELEASED' })).status).toBe(200);
    expect((await result(order.id, id, w.signer.token, { kind: 'NUMERIC', value: 3.1 })).status).toBe(400);
    const fixed = await result(order.id, id, w.signer.token, {
      kind: 'NUMERIC',
      value: 3.1,
      reason: 'Transcription error',
    });
    expect(fixed.status).toBe(201);
    const test = testOf((await json(fixed)).data, 'ELECTROLYTES');
    expect(test.status).toBe('CORRECTED');
    expect(test.versions.map((v: any) => [v.version, v.value, v.flag, v.correctionReason])).toEqual([
      [2, 3.1, 'LOW', 'Transcription error'],
      [1, 4.2, null, null],
    ]);
    const stored = await t.database.db.select().from(diagnosticResults).where(eq(diagnosticResults.orderTestId, id));
    expect(stored).toHaveLength(2);
    for (const userId of [w.patient.userId, w.doctor.userId]) {
      const rows = await t.database.db.select().from(notifications).where(eq(notifications.userId, userId));
      expect(rows.some((n) => n.title === 'Corrected report: Serum electrolytes')).toBe(true);
    }
  });

  it('keeps the same report file once, and shows it to the patient only once released', async () => {
    const order = await collectedOrder(['CBC']);
    const id = order.tests[0]!.id;
    const attach = () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'report.png');
      return t.request(`/api/diagnostic-orders/${order.id}/tests/${id}/attachments`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${w.collector.token}` },
      });
    };
    expect((await attach()).status).toBe(201);
    const twice = await attach();
    expect(testOf((await json(twice)).data, 'CBC').attachments).toHaveLength(1);
    const hidden = await json(await call(t, w.patient.token, 'GET', `/api/diagnostic-orders/${order.id}`));
    expect(testOf(hidden.data, 'CBC').attachments).toEqual([]);
  });
});

describe('reports and statistics', () => {
  it('lists released reports with turnaround against the promise, filtered by flag', async () => {
    const res = await json(await call(t, w.centre.token, 'GET', '/api/diagnostic-orders/reports?flag=LOW&limit=100'));
    expect(res.data.reports.length).toBeGreaterThan(0);
    expect(res.data.reports.every((r: any) => r.flag === 'LOW')).toBe(true);
    expect(res.data.reports[0]).toHaveProperty('breached');
    const others = await json(await call(t, w.otherCentre.token, 'GET', '/api/diagnostic-orders/reports?limit=100'));
    expect(others.data.reports).toEqual([]);
  });

  it('measures turnaround per stage, volumes and the rejection rate; another centre’s id is 404', async () => {
    const res = await call(t, w.centre.token, 'GET', '/api/diagnostic-orders/stats');
    expect(res.status).toBe(200);
    const stats = (await json(res)).data;
    expect(stats.orders).toBeGreaterThan(3);
    expect(stats.turnaround.collectionToRelease.count).toBeGreaterThan(0);
    expect(stats.rejectionRate).toBeGreaterThan(0);
    expect(stats.byTest.map((b: any) => b.testType)).toContain('ELECTROLYTES');
    expect(
      (
        await call(
          t,
          w.centre.token,
          'GET',
          `/api/diagnostic-orders/stats?diagnosticCenterId=${w.otherCentre.referenceId}`,
        )
      ).status,
    ).toBe(404);
  });
});

describe("the SPEC's literal /api/api paths", () => {
  it('answer as the same routes', async () => {
    const created = await call(t, w.patient.token, 'POST', '/api/api/diagnostic-orders', {
      diagnosticCenterId: w.centre.referenceId,
      tests: ['CBC'],
    });
    expect(created.status).toBe(201);
    const id = (await json(created)).data.id;
    const one = (await json(await call(t, w.centre.token, 'GET', `/api/api/diagnostic-orders/${id}`))).data;
    expect(one.id).toBe(id);
    const testId = one.tests[0].id;
    const moved = await call(t, w.collector.token, 'PUT', `/api/api/diagnostic-orders/${id}/tests/${testId}/status`, {
      status: 'SAMPLE_COLLECTED',
    });
    expect((await json(moved)).data.tests[0].status).toBe('SAMPLE_COLLECTED');
    expect((await call(t, w.otherPatient.token, 'GET', `/api/api/diagnostic-orders/${id}`)).status).toBe(404);
    expect((await call(t, w.centre.token, 'GET', '/api/api/diagnostic-orders/stats')).status).toBe(200);
  });
});
