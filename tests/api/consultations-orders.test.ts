// A consultation's tests become diagnostic orders: ordering moves the consultation to
// DIAGNOSTICS_ORDERED (only when its status allows it; the order never fails because of it), the
// last release moves it to DIAGNOSTICS_COMPLETED with the results on its orders, and a critical
// result raises the alert on the consultation. Only someone on the consultation may order for it.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnosticOrders, workflowHistory } from '../../server/db/schema/index.ts';
import { GENEROUS_LIMITS, startTestApp, type TestApp } from './support/test-app.ts';
import { appointmentInStatus, json } from './support/appointments.ts';
import { call, doctorOrders, orderWorld, type OrderWorld } from './support/diagnosticOrders.ts';

let t: TestApp;
let w: OrderWorld;

beforeAll(async () => {
  t = await startTestApp({ rateLimits: GENEROUS_LIMITS });
  w = await orderWorld(t, 'cxo');
}, 120_000);
afterAll(() => t?.close());

const consultationPath = (id: string, rest = '') => `/api/consultations/${id}${rest}`;
const status = (orderId: string, testId: string, token: string, body: Record<string, unknown>) =>
  call(t, token, 'PUT', `/api/diagnostic-orders/${orderId}/tests/${testId}/status`, body);
const result = (orderId: string, testId: string, token: string, body: Record<string, unknown>) =>
  call(t, token, 'POST', `/api/diagnostic-orders/${orderId}/tests/${testId}/results`, body);

/** A consultation of the world's patient with its doctor, completed unless asked not to. */
async function consultation(complete = true): Promise<string> {
  const appointmentId = await appointmentInStatus(t, w, 'ACCEPTED');
  const res = await call(t, w.doctor.token, 'POST', '/api/consultations', { appointmentId });
  expect(res.status, await res.clone().text()).toBe(201);
  const id = (await json(res)).data.id as string;
  if (complete) {
    const done = await call(t, w.doctor.token, 'PUT', consultationPath(id), { action: 'COMPLETE_CONSULTATION' });
    expect(done.status, await done.clone().text()).toBe(200);
  }
  return id;
}
const read = async (id: string, token = w.doctor.token) =>
  (await json(await call(t, token, 'GET', consultationPath(id)))).data;
const steps = async (id: string) =>
  (
    await t.database.db
      .select({ action: workflowHistory.action, to: workflowHistory.toStatus, role: workflowHistory.actorRole })
      .from(workflowHistory)
      .where(and(eq(workflowHistory.workflow, 'consultation'), eq(workflowHistory.entityId, id)))
  ).map((h) => `${h.action}→${h.to}`);

/** Collects, enters and releases every test of the order at the centre. */
async function release(order: { id: string; tests: Array<{ id: string }> }, value = 12.5) {
  for (const test of order.tests) {
    expect((await status(order.id, test.id, w.collector.token, { status: 'SAMPLE_COLLECTED' })).status).toBe(200);
    expect((await result(order.id, test.id, w.signer.token, { kind: 'NUMERIC', value })).status).toBe(201);
    const released = await status(order.id, test.id, w.signer.token, { status: 'RELEASED' });
    expect(released.status, await released.clone().text()).toBe(200);
  }
}

describe('a consultation’s tests ordered, released, and the consultation updated', () => {
  it('moves to DIAGNOSTICS_ORDERED on ordering and to DIAGNOSTICS_COMPLETED once the last order is released', async () => {
    const id = await consultation();
    const first = await doctorOrders(t, w, ['CBC'], { consultationId: id });
    expect((await read(id)).status).toBe('DIAGNOSTICS_ORDERED');
    // A second order of the same consultation: the step is not made twice, nothing is recorded.
    const second = await doctorOrders(t, w, ['X_RAY'], { consultationId: id, homeCollection: undefined });
    expect(await steps(id)).toEqual([
      'CREATE→IN_PROGRESS',
      'COMPLETE_CONSULTATION→CONSULTATION_COMPLETED',
      'ORDER_DIAGNOSTICS→DIAGNOSTICS_ORDERED',
    ]);

    // One order released: the other is open, the consultation waits.
    await release(first);
    expect((await read(id)).status).toBe('DIAGNOSTICS_ORDERED');
    const early = await call(t, w.doctor.token, 'PATCH', consultationPath(id, '/update-from-diagnostics'));
    expect(early.status).toBe(409);
    expect((await json(early)).message).toMatch(/1 diagnostic order\(s\) are not released yet/);

    await release(second);
    const done = await read(id);
    expect(done.status).toBe('DIAGNOSTICS_COMPLETED');
    expect((await steps(id)).at(-1)).toBe('COMPLETE_DIAGNOSTICS→DIAGNOSTICS_COMPLETED');

    // The consultation's orders carry their released results, for the doctor and for the patient.
    for (const token of [w.doctor.token, w.patient.token, w.hospital.token]) {
      const linked = (await json(await call(t, token, 'GET', `/api/diagnostic-orders/consultation/${id}`))).data;
      expect(linked.orders.map((o: any) => o.id).sort()).toEqual([first.id, second.id].sort());
      for (const order of linked.orders) {
        expect(order.status).toBe('COMPLETED');
        expect(order.tests.every((x: any) => x.status === 'RELEASED' && x.result?.value === 12.5)).toBe(true);
      }
    }
    // Nothing left to mark by hand.
    expect((await call(t, w.doctor.token, 'PATCH', consultationPath(id, '/update-from-diagnostics'))).status).toBe(409);
  });

  it('the treating side marks diagnostics done by hand when the orders closed otherwise (cancelled)', async () => {
    const id = await consultation();
    const order = await doctorOrders(t, w, ['CBC'], { consultationId: id });
    const cancelled = await status(order.id, order.tests[0]!.id, w.doctor.token, {
      status: 'CANCELLED',
      reason: 'Done elsewhere',
    });
    expect(cancelled.status).toBe(200);
    expect((await read(id)).status).toBe('DIAGNOSTICS_ORDERED');
    const marked = await call(t, w.doctor.token, 'PATCH', consultationPath(id, '/update-from-diagnostics'));
    expect(marked.status, await marked.clone().text()).toBe(200);
    expect((await read(id)).status).toBe('DIAGNOSTICS_COMPLETED');
  });

  it('orders during the visit without moving the consultation; completing the visit then waits for them', async () => {
    const id = await consultation(false);
    const order = await doctorOrders(t, w, ['CBC'], { consultationId: id });
    expect(order.id).toBeTruthy();
    expect((await read(id)).status).toBe('IN_PROGRESS');
    expect(await steps(id)).toEqual(['CREATE→IN_PROGRESS']);
    const done = await call(t, w.doctor.token, 'PUT', consultationPath(id), { action: 'COMPLETE_CONSULTATION' });
    expect(done.status, await done.clone().text()).toBe(200);
    expect((await json(done)).data.status).toBe('DIAGNOSTICS_ORDERED');
    expect(await steps(id)).toEqual([
      'CREATE→IN_PROGRESS',
      'COMPLETE_CONSULTATION→CONSULTATION_COMPLETED',
      'ORDER_DIAGNOSTICS→DIAGNOSTICS_ORDERED',
    ]);
    await release(order);
    expect((await read(id)).status).toBe('DIAGNOSTICS_COMPLETED');
  });

  it('a visit whose orders were all released before it was completed goes straight on to DIAGNOSTICS_COMPLETED', async () => {
    const id = await consultation(false);
    await release(await doctorOrders(t, w, ['CBC'], { consultationId: id }));
    expect((await read(id)).status).toBe('IN_PROGRESS');
    await call(t, w.doctor.token, 'PUT', consultationPath(id), { action: 'COMPLETE_CONSULTATION' });
    expect((await read(id)).status).toBe('DIAGNOSTICS_COMPLETED');
  });

  it('a visit without orders stays CONSULTATION_COMPLETED', async () => {
    expect((await read(await consultation())).status).toBe('CONSULTATION_COMPLETED');
  });

  it('only someone on the consultation orders for it: others get 404 and no order is made', async () => {
    const id = await consultation();
    const body = (token: string, patientId: string) =>
      call(t, token, 'POST', '/api/diagnostic-orders', {
        diagnosticCenterId: w.centre.referenceId,
        patientId,
        tests: ['CBC'],
        consultationId: id,
      });
    // Another doctor (the patient is in their care by no appointment, so the patient is unknown too).
    expect((await body(w.otherDoctor.token, w.patient.referenceId)).status).toBe(404);
    // The patient books tests from their own consultation; another patient cannot.
    expect((await body(w.otherPatient.token, w.otherPatient.referenceId)).status).toBe(404);
    const orders = await t.database.db.select().from(diagnosticOrders).where(eq(diagnosticOrders.consultationId, id));
    expect(orders).toHaveLength(0);
    expect((await read(id)).status).toBe('CONSULTATION_COMPLETED');

    const own = await call(t, w.patient.token, 'POST', '/api/diagnostic-orders', {
      diagnosticCenterId: w.centre.referenceId,
      tests: ['CBC'],
      consultationId: id,
    });
    expect(own.status, await own.clone().text()).toBe(201);
    expect((await read(id)).status).toBe('DIAGNOSTICS_ORDERED');
  });

  it('a critical result on the consultation’s order raises the alert on the consultation', async () => {
    const id = await consultation();
    const order = await doctorOrders(t, w, ['ELECTROLYTES'], { consultationId: id });
    const test = order.tests[0]!;
    expect((await status(order.id, test.id, w.collector.token, { status: 'SAMPLE_COLLECTED' })).status).toBe(200);
    expect((await result(order.id, test.id, w.collector.token, { kind: 'NUMERIC', value: 6.8 })).status).toBe(201);
    const seen = await read(id);
    const alert = seen.alerts.find((a: any) => a.kind === 'CRITICAL_RESULT');
    expect(alert).toMatchObject({ severity: 'CRITICAL', acknowledgedAt: null });
    expect(alert.message).toMatch(/critically high/);
    // The treating doctor acknowledges it there, with a comment.
    const ack = await call(t, w.doctor.token, 'POST', consultationPath(id, `/alerts/${alert.id}/acknowledge`), {
      comment: 'Repeat potassium today',
    });
    expect(ack.status, await ack.clone().text()).toBeLessThan(300);
    expect((await read(id)).alerts.find((a: any) => a.id === alert.id).acknowledgedAt).not.toBeNull();
  });
});

describe('where to order a consultation’s tests', () => {
  it('offers the centre affiliated with the doctor’s hospital first and marked, then others that price the tests', async () => {
    const centres = async (token: string, query: string) => {
      const res = await call(t, token, 'GET', `/api/diagnostics/ordering-centres?${query}`);
      expect(res.status, await res.clone().text()).toBe(200);
      return (await json(res)).data as { centres: any[]; total: number };
    };
    // Before any affiliation: both centres price CBC and the X-ray, neither is marked.
    const before = await centres(w.doctor.token, 'tests=CBC,X_RAY');
    expect(before.centres.map((c) => c.id).sort()).toEqual([w.centre.referenceId, w.otherCentre.referenceId].sort());
    expect(before.centres.every((c) => !c.affiliated)).toBe(true);
    expect(before.centres[0]).toMatchObject({ pricedTests: ['CBC', 'X_RAY'], totalPrice: 950, homeCollection: false });

    // The hospital and the second centre agree a priority-booking affiliation, which is then active.
    const proposed = await call(t, w.hospital.token, 'POST', '/api/affiliations/hospital', {
      partnerKind: 'DIAGNOSTICS',
      partnerId: w.otherCentre.referenceId,
      type: 'REFERRAL',
      benefits: ['PRIORITY_BOOKING'],
      startDate: new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10),
      endDate: new Date(Date.now() + 330 * 60_000 + 365 * 86_400_000).toISOString().slice(0, 10),
      terms: 'Priority slots for our patients.',
    });
    expect(proposed.status, await proposed.clone().text()).toBe(201);
    const affiliationId = (await json(proposed)).data.id as string;
    const approved = await call(t, w.otherCentre.token, 'PUT', `/api/affiliations/${affiliationId}/approve`, {
      decision: 'ACCEPT',
    });
    expect(approved.status, await approved.clone().text()).toBe(200);
    if ((await json(approved)).data.status !== 'ACTIVE') {
      const activated = await call(t, w.hospital.token, 'PUT', `/api/affiliations/${affiliationId}/activate`, {});
      expect(activated.status, await activated.clone().text()).toBe(200);
    }

    // The hospital and its doctor see it first, marked; another hospital sees no mark.
    for (const token of [w.hospital.token, w.doctor.token]) {
      const after = await centres(token, 'tests=CBC');
      expect(after.centres[0]).toMatchObject({ id: w.otherCentre.referenceId, affiliated: true });
      expect(after.centres.find((c) => c.id === w.centre.referenceId)).toMatchObject({ affiliated: false });
    }
    const stranger = await centres(w.otherHospital.token, 'tests=CBC');
    expect(stranger.centres.every((c) => !c.affiliated)).toBe(true);

    // A test no centre prices: none offered; a name narrows the list; an unknown test is refused.
    expect((await centres(w.doctor.token, 'tests=MRI')).centres).toEqual([]);
    const named = await centres(w.doctor.token, `tests=CBC&searchQuery=${encodeURIComponent('Precision')}`);
    expect(named.centres.map((c) => c.id)).toEqual([w.centre.referenceId]);
    expect((await call(t, w.doctor.token, 'GET', '/api/diagnostics/ordering-centres?tests=BLOOD_MAGIC')).status).toBe(
      400,
    );
    expect((await call(t, w.patient.token, 'GET', '/api/diagnostics/ordering-centres')).status).toBe(403);
  });
});
