import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allow } from '../../server/platform/access.ts';
import { appointments, idempotencyKeys, patientDocuments } from '../../server/db/schema/index.ts';
import { GENEROUS_LIMITS, startTestApp, type TestApp } from './support/test-app.ts';
import { appointmentWorld, futureSlot, json, type World } from './support/appointments.ts';
import { bearer, newAccount } from './support/accounts.ts';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await startTestApp({ rateLimits: GENEROUS_LIMITS });
  w = await appointmentWorld(t, 'idem');
});
afterAll(() => t?.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');

function bookWithKey(token: string, key: string, body: Record<string, unknown>) {
  return t.request('/api/appointments/patient/book-appointment', {
    method: 'POST',
    json: { mode: 'IN_PERSON', reason: 'Knee pain', ...body },
    headers: { ...bearer(token), 'idempotency-key': key },
  });
}

function upload(token: string, key: string, title: string, bytes = PDF) {
  const form = new FormData();
  form.set('title', title);
  form.set('file', new Blob([bytes], { type: 'application/pdf' }), 'report.pdf');
  return t.request(`/api/patients/${w.patient.referenceId}/documents`, {
    method: 'POST',
    body: form,
    headers: { ...bearer(token), 'idempotency-key': key },
  });
}

const appointmentsAt = async (at: string) =>
  (
    await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.scheduledAt, new Date(at)))
  ).length;

describe('Idempotency-Key', () => {
  it('applies a replayed booking once and answers the replay as the first time', async () => {
    const key = randomUUID();
    const body = { doctorId: w.doctor.referenceId, scheduledAt: futureSlot(30) };
    const first = await bookWithKey(w.patient.token, key, body);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const firstBody = await json(first);
    for (let i = 0; i < 3; i++) {
      const again = await bookWithKey(w.patient.token, key, body);
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.headers.get('content-type')).toContain('application/json');
      expect(await json(again)).toEqual(firstBody);
    }
    expect(await appointmentsAt(body.scheduledAt)).toBe(1);
  });

  it('refuses the same key with a different request (422) and changes nothing', async () => {
    const key = randomUUID();
    const at = futureSlot(30);
    await bookWithKey(w.patient.token, key, { doctorId: w.doctor.referenceId, scheduledAt: at });
    const other = futureSlot(30);
    const res = await bookWithKey(w.patient.token, key, { doctorId: w.doctor.referenceId, scheduledAt: other });
    expect(res.status).toBe(422);
    expect(await json(res)).toMatchObject({ error: 'VALIDATION', details: { reason: 'IDEMPOTENCY_KEY_REUSED' } });
    expect(await appointmentsAt(other)).toBe(0);
  });

  it('runs one of two concurrent requests with one key; the other gets its answer or 409', async () => {
    const key = randomUUID();
    const body = { doctorId: w.otherDoctor.referenceId, scheduledAt: futureSlot(31) };
    const answers = await Promise.all(Array.from({ length: 6 }, () => bookWithKey(w.patient.token, key, body)));
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.every((s) => s === 201 || s === 409),
      statuses.join(),
    ).toBe(true);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(answer.headers.get('retry-after')).toBe('1');
      expect((await json(answer)).details).toEqual({ reason: 'IDEMPOTENCY_IN_PROGRESS' });
    }
    expect(await appointmentsAt(body.scheduledAt)).toBe(1);
  });

  it('keeps keys apart per user', async () => {
    const key = randomUUID();
    const a = await bookWithKey(w.patient.token, key, { doctorId: w.doctor.referenceId, scheduledAt: futureSlot(32) });
    const b = await bookWithKey(w.otherPatient.token, key, {
      doctorId: w.doctor.referenceId,
      scheduledAt: futureSlot(32),
    });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
  });

  it('replays an answered refusal too, but not a 5xx, 429 or 401, so that those can be retried', async () => {
    const key = randomUUID();
    const taken = futureSlot(33);
    await bookWithKey(w.otherPatient.token, randomUUID(), { doctorId: w.doctor.referenceId, scheduledAt: taken });
    const refused = await bookWithKey(w.patient.token, key, { doctorId: w.doctor.referenceId, scheduledAt: taken });
    expect(refused.status).toBe(409);
    const again = await bookWithKey(w.patient.token, key, { doctorId: w.doctor.referenceId, scheduledAt: taken });
    expect(again.status).toBe(409);
    expect(again.headers.get('idempotent-replayed')).toBe('true');

    const unsigned = await t.request('/api/appointments/patient/book-appointment', {
      method: 'POST',
      json: { doctorId: w.doctor.referenceId, scheduledAt: futureSlot(33), mode: 'IN_PERSON', reason: 'Knee pain' },
      headers: { 'idempotency-key': key },
    });
    expect(unsigned.status).toBe(401);
  });

  it('makes a multipart upload safe to replay: one document, the same answer, 422 for other content', async () => {
    const key = randomUUID();
    const first = await upload(w.patient.token, key, 'ECG March');
    expect(first.status, JSON.stringify(await first.clone().json())).toBe(201);
    const replay = await upload(w.patient.token, key, 'ECG March');
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await json(replay)).toEqual(await json(first));
    const docs = await t.database.db
      .select()
      .from(patientDocuments)
      .where(eq(patientDocuments.patientId, w.patient.referenceId));
    expect(docs.filter((d) => d.title === 'ECG March')).toHaveLength(1);
    expect((await upload(w.patient.token, key, 'ECG April')).status).toBe(422);
    const otherFile = Buffer.concat([PDF, Buffer.from('% another\n')]);
    expect((await upload(w.patient.token, key, 'ECG March', otherFile)).status).toBe(422);
    // Without a key, the upload is not affected by any of this.
    const plain = new FormData();
    plain.set('title', 'No key');
    plain.set('file', new Blob([PDF], { type: 'application/pdf' }), 'report.pdf');
    const res = await t.request(`/api/patients/${w.patient.referenceId}/documents`, {
      method: 'POST',
      body: plain,
      headers: bearer(w.patient.token),
    });
    expect(res.status).toBe(201);
  });

  it('tells a device which of its keys the server holds, and how they were answered', async () => {
    const applied = randomUUID();
    await bookWithKey(w.patient.token, applied, { doctorId: w.doctor.referenceId, scheduledAt: futureSlot(34) });
    const neverSent = randomUUID();
    const res = await t.request('/api/idempotency-keys/lookup', {
      method: 'POST',
      json: { keys: [applied, neverSent] },
      headers: bearer(w.patient.token),
    });
    const { keys } = (await json(res)).data;
    expect(keys).toEqual([
      expect.objectContaining({
        key: applied,
        state: 'COMPLETED',
        status: 201,
        method: 'POST',
        path: '/api/appointments/patient/book-appointment',
      }),
    ]);
    // Another user's keys are not theirs to see.
    const other = await t.request('/api/idempotency-keys/lookup', {
      method: 'POST',
      json: { keys: [applied] },
      headers: bearer(w.otherPatient.token),
    });
    expect((await json(other)).data.keys).toEqual([]);
  });

  it('refuses a malformed key, keeps answers 48 hours and more, and documents the header', async () => {
    const bad = await bookWithKey(w.patient.token, 'has spaces in it', {
      doctorId: w.doctor.referenceId,
      scheduledAt: futureSlot(35),
    });
    expect(bad.status).toBe(400);
    const key = randomUUID();
    await bookWithKey(w.patient.token, key, { doctorId: w.doctor.referenceId, scheduledAt: futureSlot(35) });
    await t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 49 * 3_600_000) })
      .where(eq(idempotencyKeys.key, key));
    await t.app.jobs.runNow('idempotency.sweep');
    expect(await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(1);
    await t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 73 * 3_600_000) })
      .where(eq(idempotencyKeys.key, key));
    await t.app.jobs.runNow('idempotency.sweep');
    expect(await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);

    const docs = await json(await t.request('/api/docs/json'));
    const booking = docs.paths['/api/appointments/patient/book-appointment'].post;
    expect(booking.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'idempotency-key' })]),
    );
    const upload = docs.paths['/api/patients/{id}/documents'].post;
    expect(upload.parameters.some((p: { name: string }) => p.name === 'idempotency-key')).toBe(true);
    const read = docs.paths['/api/appointments/{appointmentId}'].get;
    expect((read.parameters ?? []).some((p: { name: string }) => p.name === 'idempotency-key')).toBe(false);
  });

  it('takes over a claim another server left unanswered only once it is clearly stale', async () => {
    const key = randomUUID();
    const body = { doctorId: w.doctor.referenceId, scheduledAt: futureSlot(36) };
    // A claim as an earlier version committed it before running its request (no answer yet).
    await t.database.db.insert(idempotencyKeys).values({
      userId: w.patient.userId,
      key,
      fingerprint: 'from-an-earlier-server',
      method: 'POST',
      path: '/api/appointments/patient/book-appointment',
    });
    const fresh = await bookWithKey(w.patient.token, key, body);
    expect(fresh.status).toBe(409);
    expect((await json(fresh)).details).toEqual({ reason: 'IDEMPOTENCY_IN_PROGRESS' });
    expect(await appointmentsAt(body.scheduledAt)).toBe(0);

    await t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 31_000) })
      .where(eq(idempotencyKeys.key, key));
    const takenOver = await bookWithKey(w.patient.token, key, body);
    expect(takenOver.status).toBe(201);
    expect(await appointmentsAt(body.scheduledAt)).toBe(1);
  });

  it('reads no more of a keyed body than the limit', async () => {
    const huge = 'x'.repeat(1024 * 1024 + 10);
    const res = await t.request('/api/appointments/patient/book-appointment', {
      method: 'POST',
      body: JSON.stringify({
        doctorId: w.doctor.referenceId,
        scheduledAt: futureSlot(37),
        mode: 'IN_PERSON',
        reason: huge,
      }),
      headers: { ...bearer(w.patient.token), 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    });
    expect(res.status).toBe(413);
    expect((await json(res)).message).toBe('The request body is larger than the limit of 1024 KB.');
  });
});

describe('Idempotency-Key on a route that answers with nothing', () => {
  it('sends the empty answer at once, as without a key', async () => {
    const bare = await startTestApp({
      configure: (app) => {
        app.post('/api/test-only/nothing', { config: { access: allow('ANY', 'caller') } }, async () => undefined);
      },
    });
    try {
      const { token } = await newAccount(bare, 'nothing@example.in');
      const key = randomUUID();
      const send = () =>
        bare.request('/api/test-only/nothing', {
          method: 'POST',
          json: {},
          headers: { ...bearer(token), 'idempotency-key': key },
        });
      const started = Date.now();
      const res = await send();
      expect(res.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(10_000);
      // It ran under the key: the replay is the stored answer.
      expect((await send()).headers.get('idempotent-replayed')).toBe('true');
    } finally {
      await bare.close();
    }
  });
});
