import { describe, expect, it } from 'vitest';
import { createMemoryOutboxStore, type MemoryOutboxStore } from './memoryStore.ts';
import { enqueue, type QueueMutationInput } from './queue.ts';
import {
  backoffDelay,
  buildFetch,
  checkSession,
  fromDependency,
  leaseLock,
  outcomeOf,
  replayOutbox,
  resolveRequest,
  retryAfterMs,
  type OutboxEntry,
  type ReplayLock,
  type ReplayOptions,
} from './index.ts';

const USER = '7c1e9f7a-2d7b-4c43-9a1e-0d6c1f1b2a01';
const OTHER_USER = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const T0 = Date.UTC(2026, 0, 5, 5, 0, 0);

const base64Url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
/** A token shaped like the server's (signature not checked on the client). */
function tokenFor(sub: string, { exp = T0 / 1000 + 7 * 86_400, nonce = 'a' } = {}) {
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({ sub, exp, tv: 1, role: 'PATIENT' })}.sig-${nonce}`;
}

type Call = { url: string; method: string; headers: Record<string, string>; body: BodyInit | null | undefined };
type Reply = Response | Error | ((call: Call) => Response | Error | Promise<Response | Error>);

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const apiError = (
  status: number,
  error: string,
  message: string,
  details?: unknown,
  headers?: Record<string, string>,
) => json(status, { error, message, ...(details ? { details } : {}) }, headers);

/** A scripted server: answers in order (the last one repeats), recording every call and the peak concurrency. */
function fakeServer(...replies: Reply[]) {
  const calls: Call[] = [];
  let inFlight = 0;
  let peak = 0;
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    inFlight++;
    peak = Math.max(peak, inFlight);
    try {
      await Promise.resolve();
      const call: Call = {
        url,
        method: String(init.method),
        headers: { ...(init.headers as Record<string, string>) },
        body: init.body,
      };
      calls.push(call);
      const reply = replies[Math.min(calls.length - 1, replies.length - 1)]!;
      const answer = typeof reply === 'function' ? await reply(call) : reply;
      if (answer instanceof Error) throw answer;
      return answer.clone();
    } finally {
      inFlight--;
    }
  };
  return { calls, fetch, peak: () => peak };
}

function setup(initialToken: string | null = tokenFor(USER)) {
  const store = createMemoryOutboxStore();
  let clock = T0;
  let token = initialToken;
  let ids = 0;
  const deps = { now: () => clock, newId: () => `entry-${++ids}` };
  const queue = (input: Partial<QueueMutationInput> & { label: string }) =>
    enqueue(store, { userId: USER, method: 'POST', path: '/things', body: { n: ids }, ...input }, deps);
  const run = (fetch: ReplayOptions['fetch'], extra: Partial<ReplayOptions> = {}) =>
    replayOutbox({ store, userId: USER, fetch, getToken: () => token, now: () => clock, random: () => 0, ...extra });
  return {
    store,
    queue,
    run,
    advance: (ms: number) => (clock += ms),
    now: () => clock,
    setToken: (next: string | null) => (token = next),
  };
}

const states = (store: MemoryOutboxStore) => store.snapshot().map((entry) => [entry.label, entry.state]);

describe('backoff', () => {
  it('doubles from 2 s with equal jitter and stops at 5 minutes', () => {
    expect(backoffDelay(1, () => 0)).toBe(1_000);
    expect(backoffDelay(1, () => 1)).toBe(2_000);
    expect(backoffDelay(3, () => 0.5)).toBe(6_000);
    expect(backoffDelay(30, () => 1)).toBe(300_000);
    expect(backoffDelay(30, () => 0)).toBe(150_000);
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterMs('1', T0)).toBe(1_000);
    expect(retryAfterMs(new Date(T0 + 30_000).toUTCString(), T0)).toBe(30_000);
    expect(retryAfterMs('soon', T0)).toBeNull();
    expect(retryAfterMs(null, T0)).toBeNull();
  });
});

describe('outcomeOf', () => {
  const answer = (status: number, body: unknown = null, retryAfter: string | null = null) => ({
    status,
    body,
    retryAfter,
    replayed: false,
  });
  const outcome = (status: number, body?: unknown, retryAfter?: string) =>
    outcomeOf(answer(status, body, retryAfter ?? null), 1, T0, () => 0).type;

  it('sends 2xx, waits for sign-in on 401, retries no answer, 408, 429 and 5xx, and asks the user about other 4xx', () => {
    expect(outcome(200)).toBe('sent');
    expect(outcome(201)).toBe('sent');
    expect(outcome(401)).toBe('auth');
    for (const status of [0, 408, 429, 500, 502, 503]) expect(outcome(status)).toBe('retry');
    for (const status of [400, 403, 404, 409, 413, 422]) expect(outcome(status)).toBe('conflict');
  });

  it('treats "the first send is still running" as a short wait, not a conflict', () => {
    const result = outcomeOf(
      answer(409, { error: 'CONFLICT', message: 'busy', details: { reason: 'IDEMPOTENCY_IN_PROGRESS' } }, '1'),
      5,
      T0,
      () => 1,
    );
    expect(result).toMatchObject({ type: 'retry', delayMs: 1_000 });
  });

  it('keeps the server message and reason for a conflict', () => {
    const result = outcomeOf(
      answer(409, { error: 'CONFLICT', message: 'The doctor is not free then.', details: { reason: 'SLOT_TAKEN' } }),
      1,
      T0,
      () => 0,
    );
    expect(result).toMatchObject({
      type: 'conflict',
      error: { status: 409, kind: 'CONFLICT', message: 'The doctor is not free then.', reason: 'SLOT_TAKEN' },
    });
  });
});

describe('checkSession', () => {
  it('accepts only an unexpired token of the same user', () => {
    expect(checkSession(tokenFor(USER), USER, T0)).toMatchObject({ ok: true });
    expect(checkSession(null, USER, T0)).toEqual({ ok: false, reason: 'signed-out' });
    expect(checkSession(tokenFor(USER, { exp: T0 / 1000 - 1 }), USER, T0)).toEqual({ ok: false, reason: 'expired' });
    expect(checkSession(tokenFor(OTHER_USER), USER, T0)).toEqual({ ok: false, reason: 'other-user' });
  });
});

describe('requests', () => {
  it('fills placeholders from the dependency answer in the path, the body and form text', () => {
    const resolved = resolveRequest(
      {
        method: 'PATCH',
        path: `/appointments/${fromDependency('data.id')}/cancel`,
        body: {
          appointmentId: fromDependency('data.id'),
          slot: fromDependency('data.slot'),
          note: `for ${fromDependency('data.id')}`,
        },
      },
      { data: { id: 'a/1', slot: { start: 10 } } },
    );
    expect(resolved).toEqual({
      ok: true,
      request: {
        method: 'PATCH',
        path: '/appointments/a%2F1/cancel',
        body: { appointmentId: 'a/1', slot: { start: 10 }, note: 'for a/1' },
      },
    });
    expect(resolveRequest({ method: 'POST', path: `/x/${fromDependency('data.id')}` }, { data: {} })).toEqual({
      ok: false,
      missing: 'data.id',
    });
  });

  it('builds the same multipart fields, in order, with the file as bytes with its type and name', async () => {
    const data = new TextEncoder().encode('%PDF-1.4 report').buffer;
    const { url, init } = buildFetch(
      {
        method: 'POST',
        path: '/patients/p1/documents',
        form: [
          ['title', 'Blood report'],
          ['file', { kind: 'file', name: 'report.pdf', type: 'application/pdf', size: data.byteLength, data }],
        ],
      },
      'key-1',
      'tok',
    );
    expect(url).toBe('/api/patients/p1/documents');
    expect(init.headers).toMatchObject({ 'Idempotency-Key': 'key-1', Authorization: 'Bearer tok' });
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    const form = init.body as FormData;
    expect([...form.keys()]).toEqual(['title', 'file']);
    const file = form.get('file') as File;
    expect(file.name).toBe('report.pdf');
    expect(file.type).toBe('application/pdf');
    expect(await file.text()).toBe('%PDF-1.4 report');
  });
});

describe('replayOutbox', () => {
  it('sends the queue in order, one at a time, each with its own Idempotency-Key and the bearer token', async () => {
    const { store, queue, run } = setup();
    const a = await queue({ label: 'A', path: '/api/appointments/patient/book-appointment', body: { doctorId: 'd1' } });
    const b = await queue({ label: 'B', method: 'patch', path: '/appointments/x/cancel', body: { reason: 'r' } });
    const c = await queue({ label: 'C', method: 'DELETE', path: '/appointments/y', body: undefined });
    const server = fakeServer((call) => json(200, { data: { path: call.url } }));

    const report = await run(server.fetch);

    expect(server.calls.map((call) => [call.method, call.url, call.headers['Idempotency-Key']])).toEqual([
      ['POST', '/api/appointments/patient/book-appointment', a.id],
      ['PATCH', '/api/appointments/x/cancel', b.id],
      ['DELETE', '/api/appointments/y', c.id],
    ]);
    expect(server.peak()).toBe(1);
    expect(server.calls[0]!.headers['Authorization']).toBe(`Bearer ${tokenFor(USER)}`);
    expect(server.calls[0]!.body).toBe('{"doctorId":"d1"}');
    expect(server.calls[2]!.body).toBeUndefined();
    expect(report).toMatchObject({ ran: true, pausedForAuth: false, retryAt: null, pending: 0 });
    expect(report.sent.map((entry) => entry.label)).toEqual(['A', 'B', 'C']);
    const [sentA] = store.snapshot();
    expect(sentA).toMatchObject({
      state: 'sent',
      attempts: 1,
      response: { data: { path: '/api/appointments/patient/book-appointment' } },
    });
  });

  it('retries a failure without an answer with backoff, keeping order and the same key', async () => {
    const { store, queue, run, advance, now } = setup();
    const a = await queue({ label: 'A' });
    await queue({ label: 'B' });
    const offline = fakeServer(new TypeError('Failed to fetch'));

    const first = await run(offline.fetch);
    expect(offline.calls).toHaveLength(1);
    expect(first.retryAt).toBe(now() + 1_000);
    expect(states(store)).toEqual([
      ['A', 'failed-retrying'],
      ['B', 'queued'],
    ]);
    expect(store.snapshot()[0]!.lastError).toMatchObject({ status: 0, kind: 'NETWORK' });

    // Not due yet: nothing is sent, B does not overtake A.
    const early = fakeServer(json(200, {}));
    expect((await run(early.fetch)).retryAt).toBe(first.retryAt);
    expect(early.calls).toHaveLength(0);

    advance(1_000);
    const online = fakeServer(json(201, { data: {} }));
    await run(online.fetch);
    expect(online.calls.map((call) => call.headers['Idempotency-Key'])).toEqual([a.id, expect.any(String)]);
    expect(states(store)).toEqual([
      ['A', 'sent'],
      ['B', 'sent'],
    ]);
    expect(store.snapshot()[0]!.attempts).toBe(2);
  });

  it('tries a request lost right after an answered one again at once (twice), then backs off as after one try', async () => {
    const { store, queue, run, now, advance } = setup();
    await queue({ label: 'A' });
    const b = await queue({ label: 'B' });
    await queue({ label: 'C' });
    const lost = new TypeError('Failed to fetch');
    // A answered; B lost once and answered at once; C lost three times: it waits.
    const patchy = fakeServer(json(201, { data: {} }), lost, json(201, { data: {} }), lost, lost, lost);
    const report = await run(patchy.fetch);
    expect(patchy.calls).toHaveLength(6);
    expect(patchy.calls[1]!.headers['Idempotency-Key']).toBe(b.id);
    expect(patchy.calls[2]!.headers['Idempotency-Key']).toBe(b.id);
    expect(states(store)).toEqual([
      ['A', 'sent'],
      ['B', 'sent'],
      ['C', 'failed-retrying'],
    ]);
    expect(store.snapshot().map((entry) => entry.attempts)).toEqual([1, 2, 3]);
    // The quick tries do not lengthen the wait: the first backoff step, as after a single try.
    expect(report.retryAt).toBe(now() + 1_000);

    // The next pass starts with no answer yet from the connection: a loss waits at once, one step longer.
    advance(1_000);
    const still = fakeServer(lost);
    const next = await run(still.fetch);
    expect(still.calls).toHaveLength(1);
    expect(next.retryAt).toBe(now() + 2_000);

    // A server that answers with an error (5xx) gets no quick second try: it asked for room.
    const { store: other, queue: queueOther, run: runOther } = setup();
    await queueOther({ label: 'D' });
    await queueOther({ label: 'E' });
    const busy = fakeServer(json(201, { data: {} }), apiError(503, 'SERVER_ERROR', 'Busy'));
    await runOther(busy.fetch);
    expect(busy.calls).toHaveLength(2);
    expect(states(other)).toEqual([
      ['D', 'sent'],
      ['E', 'failed-retrying'],
    ]);
  });

  it('backs off further after each failed attempt (5xx) and honours Retry-After (429)', async () => {
    const { store, queue, run, advance, now } = setup();
    await queue({ label: 'A' });
    const failing = fakeServer(apiError(503, 'SERVER_ERROR', 'down'));
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      const report = await run(failing.fetch);
      delays.push(report.retryAt! - now());
      advance(report.retryAt! - now());
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000]);

    const limited = fakeServer(apiError(429, 'RATE_LIMITED', 'slow down', undefined, { 'Retry-After': '60' }));
    const report = await run(limited.fetch);
    expect(report.retryAt! - now()).toBe(60_000);
    expect(store.snapshot()[0]).toMatchObject({ state: 'failed-retrying', attempts: 5 });
  });

  it('sends a change the connection failed now when the connection is back, but keeps a server backoff', async () => {
    const { store, queue, run } = setup();
    await queue({ label: 'A' });
    await run(fakeServer(new TypeError('offline')).fetch);
    const back = fakeServer(json(200, {}));
    await run(back.fetch, { connectivityRestored: true });
    expect(back.calls).toHaveLength(1);

    await queue({ label: 'B' });
    await run(fakeServer(apiError(500, 'SERVER_ERROR', 'boom')).fetch);
    const again = fakeServer(json(200, {}));
    await run(again.fetch, { connectivityRestored: true });
    expect(again.calls).toHaveLength(0);
    expect(states(store)).toEqual([
      ['A', 'sent'],
      ['B', 'failed-retrying'],
    ]);
  });

  it('waits shortly when the first send with this key is still running', async () => {
    const { store, queue, run, now } = setup();
    await queue({ label: 'A' });
    const busy = fakeServer(
      apiError(409, 'CONFLICT', 'still running', { reason: 'IDEMPOTENCY_IN_PROGRESS' }, { 'Retry-After': '1' }),
    );
    const report = await run(busy.fetch);
    expect(report.retryAt).toBe(now() + 1_000);
    expect(store.snapshot()[0]!.state).toBe('failed-retrying');
  });

  it('pauses the whole queue on 401 until the user signs in again, then resumes with the new token', async () => {
    const { store, queue, run, setToken } = setup();
    await queue({ label: 'A' });
    await queue({ label: 'B' });
    const refused = fakeServer(apiError(401, 'UNAUTHORIZED', 'Your session has expired.'));

    const report = await run(refused.fetch);
    expect(report.pausedForAuth).toBe(true);
    expect(refused.calls).toHaveLength(1);
    expect(states(store)).toEqual([
      ['A', 'paused-auth'],
      ['B', 'paused-auth'],
    ]);
    expect(JSON.stringify(store.snapshot())).not.toContain(tokenFor(USER));

    // The same refused session: nothing is sent, new changes wait too.
    await queue({ label: 'C' });
    const sameSession = fakeServer(json(200, {}));
    expect((await run(sameSession.fetch)).pausedForAuth).toBe(true);
    expect(sameSession.calls).toHaveLength(0);
    expect(states(store).map(([, state]) => state)).toEqual(['paused-auth', 'paused-auth', 'paused-auth']);

    // Signed in again.
    const fresh = tokenFor(USER, { nonce: 'b' });
    setToken(fresh);
    const resumed = fakeServer(json(200, {}));
    const after = await run(resumed.fetch);
    expect(after.pausedForAuth).toBe(false);
    expect(resumed.calls.map((call) => call.headers['Authorization'])).toEqual([
      `Bearer ${fresh}`,
      `Bearer ${fresh}`,
      `Bearer ${fresh}`,
    ]);
    expect(states(store).map(([, state]) => state)).toEqual(['sent', 'sent', 'sent']);
  });

  it('sends nothing without a valid session of the same user', async () => {
    for (const token of [null, tokenFor(USER, { exp: T0 / 1000 - 60 }), tokenFor(OTHER_USER)]) {
      const { store, queue, run } = setup(token);
      await queue({ label: 'A' });
      const server = fakeServer(json(200, {}));
      const report = await run(server.fetch);
      expect(server.calls).toHaveLength(0);
      expect(report.pausedForAuth).toBe(true);
      expect(store.snapshot()[0]).toMatchObject({
        state: 'paused-auth',
        lastError: { kind: 'SESSION', tokenTag: null },
      });
    }
  });

  it('sets a refused change aside as a conflict with the server message, and goes on with the rest', async () => {
    const { store, queue, run } = setup();
    await queue({ label: 'Book Dr Rao, 12 Dec 10:30' });
    await queue({ label: 'Upload report' });
    const server = fakeServer(
      apiError(409, 'CONFLICT', 'Dr Rao already has an appointment at that time.'),
      json(201, { data: { id: 'doc1' } }),
    );
    const report = await run(server.fetch);
    expect(report.conflicts.map((entry) => entry.label)).toEqual(['Book Dr Rao, 12 Dec 10:30']);
    expect(states(store)).toEqual([
      ['Book Dr Rao, 12 Dec 10:30', 'conflict'],
      ['Upload report', 'sent'],
    ]);
    expect(store.snapshot()[0]!.lastError).toMatchObject({
      status: 409,
      message: 'Dr Rao already has an appointment at that time.',
    });

    // A conflict stays until the user decides: another pass does not send it again.
    const later = fakeServer(json(200, {}));
    await run(later.fetch);
    expect(later.calls).toHaveLength(0);
  });

  it('sends a dependent change after its dependency, with ids taken from the answer', async () => {
    const { store, queue, run } = setup();
    const booking = await queue({
      label: 'Book',
      path: '/appointments/patient/book-appointment',
      body: { doctorId: 'd1' },
    });
    await queue({
      label: 'Cancel',
      method: 'PATCH',
      path: `/appointments/${fromDependency('data.id')}/cancel`,
      body: { reason: 'Plans changed' },
      dependsOn: booking.id,
    });
    const server = fakeServer(json(201, { data: { id: 'apt-42' } }), json(200, { data: {} }));
    await run(server.fetch);
    expect(server.calls.map((call) => call.url)).toEqual([
      '/api/appointments/patient/book-appointment',
      '/api/appointments/apt-42/cancel',
    ]);
    expect(states(store)).toEqual([
      ['Book', 'sent'],
      ['Cancel', 'sent'],
    ]);
  });

  it('holds a dependent change while its dependency is a conflict', async () => {
    const { store, queue, run } = setup();
    const booking = await queue({ label: 'Book' });
    await queue({ label: 'Cancel', path: `/appointments/${fromDependency('data.id')}/cancel`, dependsOn: booking.id });
    await queue({ label: 'Other' });
    const server = fakeServer(apiError(409, 'CONFLICT', 'Slot taken'), json(200, {}));
    await run(server.fetch);
    expect(server.calls).toHaveLength(2);
    expect(states(store)).toEqual([
      ['Book', 'conflict'],
      ['Cancel', 'queued'],
      ['Other', 'sent'],
    ]);
  });

  it('makes a change whose dependency is gone a conflict instead of sending it', async () => {
    const { store, queue, run } = setup();
    const booking = await queue({ label: 'Book' });
    await queue({ label: 'Cancel', dependsOn: booking.id });
    await store.remove(booking.id);
    const server = fakeServer(json(200, {}));
    const report = await run(server.fetch);
    expect(server.calls).toHaveLength(0);
    expect(report.conflicts[0]).toMatchObject({ label: 'Cancel', lastError: { reason: 'DEPENDENCY_DISCARDED' } });
  });

  it('sends again, with the same key, a change whose sender died mid-send', async () => {
    const { store, queue, run } = setup();
    const a = await queue({ label: 'A' });
    await store.modify(a.id, () => ({ state: 'sending', attempts: 1 }));
    const server = fakeServer(json(201, { data: { id: 1 } }, { 'Idempotent-Replayed': 'true' }));
    await run(server.fetch);
    expect(server.calls[0]!.headers['Idempotency-Key']).toBe(a.id);
    expect(store.snapshot()[0]).toMatchObject({ state: 'sent', replayed: true, attempts: 2 });
  });

  it('never sends another user’s entries', async () => {
    const { store, queue, run } = setup();
    await queue({ label: 'Mine' });
    await enqueue(store, { userId: OTHER_USER, method: 'POST', path: '/x', label: 'Theirs' });
    const server = fakeServer(json(200, {}));
    await run(server.fetch);
    expect(server.calls).toHaveLength(1);
    expect(states(store)).toEqual([
      ['Mine', 'sent'],
      ['Theirs', 'queued'],
    ]);
  });

  it('stops between changes when asked to', async () => {
    const { store, queue, run } = setup();
    await queue({ label: 'A' });
    await queue({ label: 'B' });
    const controller = new AbortController();
    const server = fakeServer(() => {
      controller.abort();
      return json(200, {});
    });
    await run(server.fetch, { signal: controller.signal });
    expect(server.calls).toHaveLength(1);
    expect(states(store)[1]).toEqual(['B', 'queued']);
  });

  it('picks up changes queued while it was sending', async () => {
    const { store, queue, run } = setup();
    await queue({ label: 'A' });
    let queuedDuring = false;
    const server = fakeServer(async () => {
      if (!queuedDuring) {
        queuedDuring = true;
        await queue({ label: 'B' });
      }
      return json(200, {});
    });
    await run(server.fetch);
    expect(states(store)).toEqual([
      ['A', 'sent'],
      ['B', 'sent'],
    ]);
  });
});

describe('one replay at a time', () => {
  /** Web Locks in one process: callers wait their turn. */
  function mutex(): ReplayLock {
    let tail: Promise<unknown> = Promise.resolve();
    return <T>(run: () => Promise<T>) => {
      const result = tail.then(run);
      tail = result.catch(() => undefined);
      return result;
    };
  }

  it('sends every change once when a tab and the worker replay together', async () => {
    const { queue, run } = setup();
    for (let i = 0; i < 20; i++) await queue({ label: `change ${i}` });
    const server = fakeServer(json(200, {}));
    const lock = mutex();
    await Promise.all([run(server.fetch, { lock }), run(server.fetch, { lock }), run(server.fetch, { lock })]);
    const keys = server.calls.map((call) => call.headers['Idempotency-Key']);
    expect(keys).toHaveLength(20);
    expect(new Set(keys).size).toBe(20);
    expect(server.peak()).toBe(1);
  });

  it('skips a replay while another holds the lease (no Web Locks)', async () => {
    const { store, queue, run } = setup();
    await queue({ label: 'A' });
    let release: () => void = () => undefined;
    const holding = new Promise<void>((resolve) => (release = resolve));
    const first = leaseLock(store, 'tab-1', 30_000, () => T0);
    const second = leaseLock(store, 'tab-2', 30_000, () => T0);
    const held = first(() => holding);
    await Promise.resolve();
    const report = await run(fakeServer(json(200, {})).fetch, { lock: second });
    expect(report.ran).toBe(false);
    release();
    await held;
    expect((await run(fakeServer(json(200, {})).fetch, { lock: second })).sent).toHaveLength(1);
  });
});

describe('a large outbox on a flaky connection', () => {
  it('applies 500 changes exactly once, in order', async () => {
    const { store, queue, run, advance, now } = setup();
    for (let i = 0; i < 500; i++) await queue({ label: `#${i}`, body: { n: i } });

    // A server that keeps answers by key (as server/platform/idempotency.ts does); the network drops
    // some requests before they arrive and some answers after the change was applied.
    const applied: number[] = [];
    const answers = new Map<string, Response>();
    let seed = 7;
    const chance = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const server = fakeServer((call) => {
      if (chance() < 0.1) return new TypeError('request lost');
      const key = call.headers['Idempotency-Key']!;
      if (!answers.has(key)) {
        if (chance() < 0.05) return apiError(503, 'SERVER_ERROR', 'busy');
        applied.push((JSON.parse(String(call.body)) as { n: number }).n);
        answers.set(key, json(201, { data: { n: applied.length } }));
      }
      if (chance() < 0.1) return new TypeError('answer lost');
      return answers.get(key)!;
    });

    for (let pass = 0; pass < 10_000; pass++) {
      const report = await run(server.fetch);
      if (report.pending === 0) break;
      advance(Math.max(0, (report.retryAt ?? now()) - now()));
    }

    const entries: OutboxEntry[] = store.snapshot();
    expect(entries.every((entry) => entry.state === 'sent')).toBe(true);
    expect(applied).toEqual(Array.from({ length: 500 }, (_, i) => i));
  });
});
