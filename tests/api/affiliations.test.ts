// Affiliations: consent and verification through the workflow, who reaches what, the law on a
// doctor's commission, commission calculated to the paisa, the ledger from real orders with a refund
// after settlement, statements both sides see, performance, expiry, export.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  affiliationStatements,
  affiliations,
  doctors,
  notifications,
  workflowHistory,
} from '../../server/db/schema/index.ts';
import { GENEROUS_LIMITS, startTestApp, type TestApp } from './support/test-app.ts';
import { json } from './support/appointments.ts';
import { call, doctorOrders, orderWorld, type OrderWorld } from './support/diagnosticOrders.ts';
import { CBC_ENTRY } from './support/diagnosticOrders.ts';

let t: TestApp;
let w: OrderWorld;

beforeAll(async () => {
  t = await startTestApp({ rateLimits: GENEROUS_LIMITS });
  w = await orderWorld(t, 'aff');
}, 120_000);
afterAll(() => t?.close());

const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);

const TEN_PERCENT = {
  rules: [{ serviceType: 'DIAGNOSTICS', kind: 'PERCENTAGE', basisPoints: 1000, capPaise: 50_000 }],
};

async function propose(token: string, kind: string, body: Record<string, unknown>) {
  return call(t, token, 'POST', `/api/affiliations/${kind}`, {
    type: 'REFERRAL',
    benefits: ['COMMISSION'],
    startDate: today(),
    endDate: inDays(365),
    terms: 'Referrals of diagnostic tests; commission monthly.',
    ...body,
  });
}

/** The notifications of a type the organisation's own (first) account received. */
async function notified(org: { userId: string }, type: string) {
  return t.database.db
    .select({ type: notifications.type, data: notifications.data })
    .from(notifications)
    .where(and(eq(notifications.userId, org.userId), eq(notifications.type, type as never)));
}

describe('a referral with commission between a hospital and a diagnostics centre', () => {
  let id = '';

  it('is proposed, seen by both sides only, approved, verified by an admin, then active', async () => {
    const res = await propose(w.hospital.token, 'hospital', {
      partnerKind: 'DIAGNOSTICS',
      partnerId: w.centre.referenceId,
      commission: TEN_PERCENT,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const created = (await json(res)).data;
    id = created.id;
    expect(created).toMatchObject({ status: 'PENDING', verificationRequired: true, myRole: 'PROPOSER' });
    expect(created.partner).toMatchObject({
      kind: 'DIAGNOSTICS',
      id: w.centre.referenceId,
      name: 'Precision aff Labs',
    });
    expect(created.actions).toEqual(['TERMINATE']);
    expect(created.disclosure).toMatch(/disclosed to both parties/);
    expect(await notified(w.centre, 'AFFILIATION_REQUEST')).toHaveLength(1);

    // The centre sees it in its list and detail; strangers of each kind get 404 or an empty list.
    const list = await json(await call(t, w.centre.token, 'GET', '/api/affiliations/diagnostics?status=PENDING'));
    expect(list.data.affiliations.map((a: any) => a.id)).toContain(id);
    expect(list.data.affiliations.find((a: any) => a.id === id).partner.id).toBe(w.hospital.referenceId);
    for (const [token, kind] of [
      [w.otherCentre.token, 'diagnostics'],
      [w.otherHospital.token, 'hospital'],
      [w.otherDoctor.token, 'doctor'],
    ] as const) {
      expect((await call(t, token, 'GET', `/api/affiliations/${kind}/${id}`)).status).toBe(404);
      expect((await call(t, token, 'PUT', `/api/affiliations/${id}/approve`, {})).status).toBe(404);
    }
    expect((await call(t, w.patient.token, 'GET', `/api/affiliations/${id}/performance`)).status).toBe(403);

    // Only the other side approves; consent alone does not activate money benefits.
    expect((await call(t, w.hospital.token, 'PUT', `/api/affiliations/${id}/approve`, {})).status).toBe(403);
    const approved = await call(t, w.centre.token, 'PUT', `/api/affiliations/${id}/approve`, { decision: 'ACCEPT' });
    expect(approved.status, await approved.clone().text()).toBe(200);
    expect((await json(approved)).data).toMatchObject({ status: 'PENDING', verifiedAt: null });
    expect(await notified(w.hospital, 'AFFILIATION_APPROVED')).toHaveLength(1);
    const early = await call(t, w.hospital.token, 'PUT', `/api/affiliations/${id}/activate`, {});
    expect(early.status).toBe(409);
    expect((await json(early)).message).toMatch(/admin to verify/);
    expect((await call(t, w.centre.token, 'PUT', `/api/affiliations/admin/${id}/verify`, {})).status).toBe(403);

    const verified = await call(t, w.admin.token, 'PUT', `/api/affiliations/admin/${id}/verify`, { notes: 'Checked' });
    expect(verified.status, await verified.clone().text()).toBe(200);
    expect((await json(verified)).data.status).toBe('ACTIVE');
    const admins = await json(
      await call(t, w.admin.token, 'GET', '/api/affiliations/admin/all?status=ACTIVE&limit=100'),
    );
    expect(admins.data.affiliations.map((a: any) => a.id)).toContain(id);

    const history = await t.database.db
      .select({ action: workflowHistory.action, to: workflowHistory.toStatus })
      .from(workflowHistory)
      .where(eq(workflowHistory.entityId, id));
    expect(history.map((h) => h.action)).toEqual(['PROPOSE', 'APPROVE', 'VERIFY', 'ACTIVATE']);
  });

  it('calculates commission to the paisa with the structure in force', async () => {
    const res = await json(
      await call(
        t,
        w.centre.token,
        'GET',
        `/api/affiliations/${id}/commission/calculate?amount=123457&serviceType=DIAGNOSTICS`,
      ),
    );
    expect(res.data).toMatchObject({ amountPaise: 123_457, commissionPaise: 12_346, version: 1 });
    const capped = await json(
      await call(
        t,
        w.hospital.token,
        'GET',
        `/api/affiliations/${id}/commission/calculate?amount=10000000&serviceType=DIAGNOSTICS`,
      ),
    );
    expect(capped.data.commissionPaise).toBe(50_000);
  });

  it('accrues an order when it is placed, settles a statement both see, and a later refund goes into the next one', async () => {
    const ledgerOf = async () =>
      (await json(await call(t, w.hospital.token, 'GET', `/api/affiliations/hospital/${id}`))).data.ledger as any[];
    const order = await doctorOrders(t, w, ['CBC']);
    // On time: the line is there as soon as the order is placed, before any settle or update.
    const placed = await ledgerOf();
    expect(placed.filter((l) => l.sourceKind === 'DIAGNOSTIC_ORDER')).toEqual([
      expect.objectContaining({
        sourceId: order.id,
        amountPaise: CBC_ENTRY.price * 100,
        commissionPaise: CBC_ENTRY.price * 10,
        statementId: null,
      }),
    ]);
    const current = await json(await call(t, w.hospital.token, 'GET', `/api/affiliations/${id}/performance`));
    expect(current.data).toMatchObject({ revenuePaise: CBC_ENTRY.price * 100, commissionPaise: CBC_ENTRY.price * 10 });
    // The catch-up finds nothing more to write: an event never accrues twice.
    const perf = await json(await call(t, w.hospital.token, 'POST', `/api/affiliations/${id}/performance/update`, {}));
    expect(perf.data).toMatchObject({
      referrals: 1,
      revenuePaise: CBC_ENTRY.price * 100,
      commissionPaise: CBC_ENTRY.price * 10,
    });
    expect(await ledgerOf()).toHaveLength(placed.length);

    const settled = await call(t, w.centre.token, 'POST', `/api/affiliations/${id}/commission/settle`, {});
    expect(settled.status, await settled.clone().text()).toBe(201);
    const first = (await json(settled)).data.statements[0];
    expect(first).toMatchObject({ number: 1, lineCount: 1, totalCommissionPaise: CBC_ENTRY.price * 10 });
    expect(await notified(w.hospital, 'AFFILIATION_COMMISSION_STATEMENT')).toHaveLength(1);
    expect(await notified(w.centre, 'AFFILIATION_COMMISSION_STATEMENT')).toHaveLength(1);
    // Nothing open: nothing to settle.
    expect((await call(t, w.centre.token, 'POST', `/api/affiliations/${id}/commission/settle`, {})).status).toBe(409);

    const cancel = await call(
      t,
      w.doctor.token,
      'PUT',
      `/api/diagnostic-orders/${order.id}/tests/${order.tests[0]!.id}/status`,
      {
        status: 'CANCELLED',
        reason: 'Not needed',
      },
    );
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    // The reversal is written with the cancellation, outside the closed statement.
    const reversals = (await ledgerOf()).filter((l) => l.sourceKind === 'DIAGNOSTIC_ORDER_REVERSAL');
    expect(reversals).toEqual([
      expect.objectContaining({
        sourceId: order.id,
        amountPaise: -CBC_ENTRY.price * 100,
        commissionPaise: -CBC_ENTRY.price * 10,
        statementId: null,
      }),
    ]);
    await call(t, w.centre.token, 'POST', `/api/affiliations/${id}/performance/update`, {});
    expect((await ledgerOf()).filter((l) => l.sourceKind === 'DIAGNOSTIC_ORDER_REVERSAL')).toHaveLength(1);

    const second = (
      await json(await call(t, w.hospital.token, 'POST', `/api/affiliations/${id}/commission/settle`, {}))
    ).data.statements[0];
    expect(second).toMatchObject({ number: 2, lineCount: 1, totalCommissionPaise: -CBC_ENTRY.price * 10 });
    // The first statement is as it was.
    const [stored] = await t.database.db
      .select()
      .from(affiliationStatements)
      .where(eq(affiliationStatements.id, first.id));
    expect(stored).toMatchObject({ lineCount: 1, totalCommissionPaise: CBC_ENTRY.price * 10 });
  });

  it('exports the caller’s affiliations as CSV, and the Excel flavour with a byte-order mark', async () => {
    const res = await call(t, w.hospital.token, 'GET', '/api/affiliations/export?format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const text = await res.text();
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('id,status,type,proposer,recipient,benefits,startDate,endDate,verified');
    expect(lines.some((line) => line.startsWith(`${id},ACTIVE,REFERRAL,`) && line.endsWith(',yes'))).toBe(true);
    const stranger = await (await call(t, w.otherHospital.token, 'GET', '/api/affiliations/export')).text();
    expect(stranger).not.toContain(id);
    const excel = Buffer.from(
      await (await call(t, w.hospital.token, 'GET', '/api/affiliations/export?format=excel')).arrayBuffer(),
    );
    expect([...excel.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('the hospital’s dashboard counts it; suspend, resume and terminate go through the workflow', async () => {
    const dash = (await json(await call(t, w.hospital.token, 'GET', '/api/affiliations/hospital/dashboard?period=30d')))
      .data;
    expect(dash.byStatus.find((s: any) => s.status === 'ACTIVE').count).toBeGreaterThanOrEqual(1);
    expect(dash.byType.find((s: any) => s.type === 'REFERRAL').count).toBeGreaterThanOrEqual(1);

    expect((await call(t, w.centre.token, 'PUT', `/api/affiliations/${id}/suspend`, { reason: 'x' })).status).toBe(400);
    const suspended = await call(t, w.centre.token, 'PUT', `/api/affiliations/${id}/suspend`, { reason: 'Audit due' });
    expect((await json(suspended)).data.status).toBe('SUSPENDED');
    expect(await notified(w.hospital, 'AFFILIATION_STATUS_CHANGE')).not.toHaveLength(0);
    expect(
      (await call(t, w.hospital.token, 'PUT', `/api/affiliations/${id}/renew`, { endDate: inDays(700) })).status,
    ).toBe(409);
    const bulk = await json(
      await call(t, w.hospital.token, 'POST', '/api/affiliations/bulk/status', {
        ids: [id, '00000000-0000-4000-8000-000000000000'],
        status: 'ACTIVE',
        reason: 'Audit passed',
      }),
    );
    expect(bulk.data.results).toEqual([
      { id, ok: true, status: 'ACTIVE', message: null },
      expect.objectContaining({ ok: false, status: null }),
    ]);
    const renewed = await json(
      await call(t, w.hospital.token, 'PUT', `/api/affiliations/${id}/renew`, { endDate: inDays(700) }),
    );
    expect(renewed.data.termsVersions.map((v: any) => v.version)).toEqual([2, 1]);
    expect(
      (await json(await call(t, w.centre.token, 'PUT', `/api/affiliations/${id}/terminate`, { reason: 'Moved on' })))
        .data.status,
    ).toBe('TERMINATED');
    expect((await call(t, w.centre.token, 'PUT', `/api/affiliations/${id}/activate`, {})).status).toBe(409);
  });
});

describe('the law on a doctor’s commission', () => {
  it('refuses COMMISSION or REVENUE_SHARE where a party is an individual doctor, naming the regulation', async () => {
    for (const [token, kind, partnerKind, partnerId] of [
      [w.doctor.token, 'doctor', 'DIAGNOSTICS', w.centre.referenceId],
      [w.centre.token, 'diagnostics', 'DOCTOR', w.otherDoctor.referenceId],
    ] as const) {
      const res = await propose(token, kind, { partnerKind, partnerId, benefits: ['REVENUE_SHARE'] });
      expect(res.status).toBe(400);
      const body = await json(res);
      expect(body.message).toContain(
        'Indian Medical Council (Professional Conduct, Etiquette and Ethics) Regulations 2002, §6.4.1',
      );
    }
    const allowed = await propose(w.doctor.token, 'doctor', {
      partnerKind: 'DIAGNOSTICS',
      partnerId: w.centre.referenceId,
      benefits: ['PRIORITY_BOOKING'],
    });
    expect(allowed.status).toBe(201);
    expect((await json(allowed)).data.verificationRequired).toBe(false);
  });
});

describe('a doctor joining a hospital', () => {
  it('is the hospital’s doctor only while their affiliation is active, and expires at the end date', async () => {
    const res = await propose(w.otherDoctor.token, 'doctor', {
      partnerKind: 'HOSPITAL',
      partnerId: w.hospital.referenceId,
      type: 'CONTRACT',
      benefits: [],
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const id = (await json(res)).data.id as string;
    const place = async () =>
      (
        await t.database.db
          .select({ h: doctors.hospitalId })
          .from(doctors)
          .where(eq(doctors.id, w.otherDoctor.referenceId))
      )[0]!.h;
    expect(await place()).toBeNull();
    const approved = await json(await call(t, w.hospital.token, 'PUT', `/api/affiliations/${id}/approve`, {}));
    expect(approved.data.status).toBe('ACTIVE');
    expect(await place()).toBe(w.hospital.referenceId);

    await t.database.db
      .update(affiliations)
      .set({ endDate: inDays(-1) })
      .where(eq(affiliations.id, id));
    await t.app.jobs.runNow('affiliations.expire');
    const [row] = await t.database.db.select().from(affiliations).where(eq(affiliations.id, id));
    expect(row!.status).toBe('EXPIRED');
    expect(await place()).toBeNull();
    expect(await notified(w.otherDoctor, 'AFFILIATION_EXPIRED')).toHaveLength(1);
  });

  it('reminds both sides once per threshold before the end date', async () => {
    const res = await propose(w.otherHospital.token, 'hospital', {
      partnerKind: 'PHARMACY',
      partnerId: w.centre.referenceId,
      benefits: [],
    });
    expect(res.status).toBe(404); // a centre is not a pharmacy
    const ok = await propose(w.otherHospital.token, 'hospital', {
      partnerKind: 'DIAGNOSTICS',
      partnerId: w.otherCentre.referenceId,
      benefits: ['DISCOUNT'],
      endDate: inDays(5),
    });
    const id = (await json(ok)).data.id as string;
    await call(t, w.otherCentre.token, 'PUT', `/api/affiliations/${id}/approve`, {});
    await t.app.jobs.runNow('affiliations.expire');
    await t.app.jobs.runNow('affiliations.expire');
    expect(await notified(w.otherCentre, 'AFFILIATION_EXPIRING')).toHaveLength(1);
    const expiring = await json(await call(t, w.otherHospital.token, 'GET', '/api/affiliations/expiring?days=7'));
    expect(expiring.data.affiliations.map((a: any) => a.id)).toEqual([id]);
  });
});
