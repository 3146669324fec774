import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowHistory } from '../../server/db/schema/index.ts';
import { GENEROUS_LIMITS, startTestApp, type TestApp } from './support/test-app.ts';
import { appointmentInStatus, appointmentWorld, client, futureSlot, type World } from './support/appointments.ts';

let t: TestApp;
let w: World;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startTestApp({ rateLimits: GENEROUS_LIMITS });
  w = await appointmentWorld(t, 'history');
  api = client(t);
});
afterAll(() => t?.close());

async function historyOf(id: string) {
  return t.database.db
    .select()
    .from(workflowHistory)
    .where(and(eq(workflowHistory.workflow, 'appointment'), eq(workflowHistory.entityId, id)))
    .orderBy(asc(workflowHistory.at), asc(workflowHistory.id));
}

/** Sends one change and expects exactly one new history row, with these fields. */
async function changeWritesOneRow(
  id: string,
  request: { method: string; path: string; token: string; body?: unknown },
  expected: {
    action: string;
    actorUserId: string | null;
    actorRole: string;
    from: string;
    to: string;
    reason: string | null;
  },
) {
  const before = (await historyOf(id)).length;
  const res = await api.send(request.method, `/api/appointments/${id}${request.path}`, request.token, request.body);
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  const rows = await historyOf(id);
  expect(rows).toHaveLength(before + 1);
  expect(rows.at(-1)).toMatchObject({
    action: expected.action,
    actorUserId: expected.actorUserId,
    actorRole: expected.actorRole,
    fromStatus: expected.from,
    toStatus: expected.to,
    reason: expected.reason,
  });
}

describe('appointment history', () => {
  it('writes one row per transition, naming the person, their role, from, to and why', async () => {
    const id = await appointmentInStatus(t, w, 'PENDING');
    expect(await historyOf(id)).toHaveLength(0);
    const { doctor, hospital, patient } = w;
    await changeWritesOneRow(
      id,
      { method: 'PATCH', path: '/decision', token: doctor.token, body: { decision: 'ACCEPT', reason: 'See you then' } },
      {
        action: 'ACCEPT',
        actorUserId: doctor.userId,
        actorRole: 'DOCTOR',
        from: 'PENDING',
        to: 'ACCEPTED',
        reason: 'See you then',
      },
    );
    await changeWritesOneRow(
      id,
      { method: 'PATCH', path: '/confirm', token: hospital.token, body: {} },
      {
        action: 'CONFIRM',
        actorUserId: hospital.userId,
        actorRole: 'HOSPITAL',
        from: 'ACCEPTED',
        to: 'CONFIRMED',
        reason: null,
      },
    );
    await changeWritesOneRow(
      id,
      {
        method: 'PATCH',
        path: '/reschedule',
        token: doctor.token,
        body: { scheduledAt: futureSlot(45), reason: 'Theatre overran' },
      },
      {
        action: 'PROPOSE_RESCHEDULE',
        actorUserId: doctor.userId,
        actorRole: 'DOCTOR',
        from: 'CONFIRMED',
        to: 'RESCHEDULED',
        reason: 'Theatre overran',
      },
    );
    await changeWritesOneRow(
      id,
      { method: 'PATCH', path: '/respond-reschedule', token: patient.token, body: { decision: 'DECLINE' } },
      {
        action: 'DECLINE_RESCHEDULE',
        actorUserId: patient.userId,
        actorRole: 'PATIENT',
        from: 'RESCHEDULED',
        to: 'PENDING',
        reason: null,
      },
    );
    await changeWritesOneRow(
      id,
      { method: 'PATCH', path: '/reschedule', token: hospital.token, body: { scheduledAt: futureSlot(46) } },
      {
        action: 'PROPOSE_RESCHEDULE',
        actorUserId: hospital.userId,
        actorRole: 'HOSPITAL',
        from: 'PENDING',
        to: 'RESCHEDULED',
        reason: null,
      },
    );
    await changeWritesOneRow(
      id,
      {
        method: 'PATCH',
        path: '/respond-reschedule',
        token: patient.token,
        body: { decision: 'ACCEPT', reason: 'Fine' },
      },
      {
        action: 'ACCEPT_RESCHEDULE',
        actorUserId: patient.userId,
        actorRole: 'PATIENT',
        from: 'RESCHEDULED',
        to: 'CONFIRMED',
        reason: 'Fine',
      },
    );
    await changeWritesOneRow(
      id,
      { method: 'PATCH', path: '/cancel', token: patient.token, body: { reason: 'Feeling better' } },
      {
        action: 'CANCEL',
        actorUserId: patient.userId,
        actorRole: 'PATIENT',
        from: 'CONFIRMED',
        to: 'CANCELLED',
        reason: 'Feeling better',
      },
    );
    await changeWritesOneRow(
      id,
      { method: 'DELETE', path: '', token: w.admin.token },
      {
        action: 'DELETE',
        actorUserId: w.admin.userId,
        actorRole: 'ADMIN',
        from: 'CANCELLED',
        to: 'CANCELLED',
        reason: null,
      },
    );
  });

  it('records rejections, outcomes and expiry (by the system, with no person)', async () => {
    const rejected = await appointmentInStatus(t, w, 'PENDING');
    await changeWritesOneRow(
      rejected,
      {
        method: 'PATCH',
        path: '/decision',
        token: w.doctor.token,
        body: { decision: 'REJECT', reason: 'Not my field' },
      },
      {
        action: 'REJECT',
        actorUserId: w.doctor.userId,
        actorRole: 'DOCTOR',
        from: 'PENDING',
        to: 'REJECTED',
        reason: 'Not my field',
      },
    );
    const completed = await appointmentInStatus(t, w, 'CONFIRMED', { past: true });
    await changeWritesOneRow(
      completed,
      { method: 'PATCH', path: '/outcome', token: w.doctor.token, body: { outcome: 'COMPLETED', note: 'Reviewed' } },
      {
        action: 'COMPLETE',
        actorUserId: w.doctor.userId,
        actorRole: 'DOCTOR',
        from: 'CONFIRMED',
        to: 'COMPLETED',
        reason: 'Reviewed',
      },
    );
    const missed = await appointmentInStatus(t, w, 'ACCEPTED', { past: true });
    await changeWritesOneRow(
      missed,
      { method: 'PATCH', path: '/outcome', token: w.hospital.token, body: { outcome: 'NO_SHOW' } },
      {
        action: 'MARK_NO_SHOW',
        actorUserId: w.hospital.userId,
        actorRole: 'HOSPITAL',
        from: 'ACCEPTED',
        to: 'NO_SHOW',
        reason: null,
      },
    );

    const pending = await appointmentInStatus(t, w, 'PENDING', { past: true });
    const proposal = await appointmentInStatus(t, w, 'RESCHEDULED', { past: true });
    await t.app.jobs.runNow('appointments.expire');
    await t.app.jobs.runNow('appointments.expire');
    for (const [id, from] of [
      [pending, 'PENDING'],
      [proposal, 'RESCHEDULED'],
    ] as const) {
      const rows = await historyOf(id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        action: 'EXPIRE',
        actorUserId: null,
        actorRole: 'SYSTEM',
        fromStatus: from,
        toStatus: 'EXPIRED',
        reason: 'Not answered before its time.',
      });
    }
  });

  it('writes nothing for a refused change', async () => {
    const id = await appointmentInStatus(t, w, 'COMPLETED');
    expect((await api.send('PATCH', `/api/appointments/${id}/confirm`, w.doctor.token, {})).status).toBe(409);
    expect((await api.send('PATCH', `/api/appointments/${id}/confirm`, w.patient.token, {})).status).toBe(403);
    expect((await api.send('PATCH', `/api/appointments/${id}/confirm`, w.otherDoctor.token, {})).status).toBe(404);
    expect(await historyOf(id)).toHaveLength(0);
  });

  it('cannot be changed or removed: no route reaches it and the database refuses', async () => {
    expect(t.app.printRoutes()).not.toMatch(/workflow/i);
    const id = await appointmentInStatus(t, w, 'PENDING');
    await api.send('PATCH', `/api/appointments/${id}/decision`, w.doctor.token, { decision: 'ACCEPT' });
    const [row] = await historyOf(id);
    await expect(
      t.database.db.update(workflowHistory).set({ reason: 'rewritten' }).where(eq(workflowHistory.id, row!.id)),
    ).rejects.toThrow();
    await expect(t.database.db.delete(workflowHistory).where(eq(workflowHistory.id, row!.id))).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from workflow_history`)).rejects.toThrow();
    expect(await historyOf(id)).toHaveLength(1);
  });
});
