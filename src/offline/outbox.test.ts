import { describe, expect, it } from 'vitest';
import { createMemoryOutboxStore } from './engine/memoryStore.ts';
import {
  OutboxInputError,
  SENT_RETENTION_MS,
  discardEntry,
  enqueue,
  outcomeMessages,
  retryEntry,
  settleOutbox,
  summarizeOutbox,
  toStoredFile,
  waitingFor,
  type OutboxEntry,
  type QueueMutationInput,
} from './outbox.ts';
import { fromDependency, type OutboxError, type StoredFile } from './engine/index.ts';

const USER = 'user-1';
const T0 = Date.UTC(2026, 0, 5, 5, 0, 0);

function setup() {
  const store = createMemoryOutboxStore();
  let clock = T0;
  let ids = 0;
  const deps = { now: () => clock, newId: () => `id-${++ids}` };
  const queue = (input: Partial<QueueMutationInput> & { label: string }) =>
    enqueue(store, { userId: USER, method: 'POST', path: '/things', ...input }, deps);
  return { store, deps, queue, advance: (ms: number) => (clock += ms) };
}

const conflictError: OutboxError = { status: 409, kind: 'CONFLICT', message: 'Slot taken', at: T0 };

describe('enqueue', () => {
  it('stores a change as queued, keyed by its id, at the end of the queue', async () => {
    const { queue } = setup();
    const first = await queue({
      label: ' Book Dr Rao, 12 Dec 10:30 ',
      method: 'post',
      path: '/api/appointments/patient/book-appointment',
      body: { doctorId: 'd1', date: new Date(T0), note: undefined },
      invalidates: [
        ['realtime', 'appointments'],
        ['doctors', { id: 'd1' }],
      ],
      meta: { doctorId: 'd1' },
    });
    const second = await queue({ label: 'Second', path: 'appointments/a1/cancel', method: 'PATCH', body: {} });

    expect(first).toMatchObject({
      id: 'id-1',
      idempotencyKey: 'id-1',
      userId: USER,
      label: 'Book Dr Rao, 12 Dec 10:30',
      state: 'queued',
      attempts: 0,
      createdAt: T0,
      lastError: null,
      dependsOn: null,
      invalidates: [
        ['realtime', 'appointments'],
        ['doctors', { id: 'd1' }],
      ],
      meta: { doctorId: 'd1' },
      request: {
        method: 'POST',
        path: '/appointments/patient/book-appointment',
        body: { doctorId: 'd1', date: new Date(T0).toISOString() },
      },
    });
    expect(second.seq).toBeGreaterThan(first.seq);
    expect(second.request.path).toBe('/appointments/a1/cancel');
  });

  it('keeps files as bytes with their type and name, fields in the given order', async () => {
    const { queue } = setup();
    const file = new File(['%PDF-1.4 blood report'], 'blood.pdf', { type: 'application/pdf' });
    const entry = await queue({
      label: 'Upload blood report',
      path: '/patients/p1/documents',
      form: { title: 'Blood report', file },
    });
    const [title, stored] = entry.request.form!;
    expect(title).toEqual(['title', 'Blood report']);
    const value = stored![1] as StoredFile;
    expect(value).toMatchObject({ kind: 'file', name: 'blood.pdf', type: 'application/pdf', size: 21 });
    expect(value.data).toBeInstanceOf(ArrayBuffer);
    expect(new TextDecoder().decode(value.data)).toBe('%PDF-1.4 blood report');
    expect(entry.request.body).toBeUndefined();

    const blob = await toStoredFile(new Blob(['x']));
    expect(blob).toMatchObject({ name: 'file', type: 'application/octet-stream', size: 1 });
  });

  it('refuses malformed changes', async () => {
    const { queue } = setup();
    await expect(queue({ label: '' })).rejects.toBeInstanceOf(OutboxInputError);
    await expect(queue({ label: 'x', method: 'GET' as never })).rejects.toBeInstanceOf(OutboxInputError);
    await expect(queue({ label: 'x', body: {}, form: { a: 'b' } })).rejects.toBeInstanceOf(OutboxInputError);
    await expect(queue({ label: 'x', path: 'https://elsewhere.test/api/x' })).rejects.toBeInstanceOf(OutboxInputError);
    await expect(queue({ label: 'x', dependsOn: 'nope' })).rejects.toBeInstanceOf(OutboxInputError);
    await expect(queue({ label: 'x', path: `/a/${fromDependency('data.id')}` })).rejects.toBeInstanceOf(
      OutboxInputError,
    );
  });

  it('accepts a dependency already in the queue', async () => {
    const { queue } = setup();
    const booking = await queue({ label: 'Book' });
    const cancel = await queue({
      label: 'Cancel',
      path: `/appointments/${fromDependency('data.id')}/cancel`,
      dependsOn: booking.id,
    });
    expect(cancel.dependsOn).toBe(booking.id);
  });
});

describe('retry and discard', () => {
  it('queues a conflict again under a fresh key, sends a waiting change now, resumes a paused one', async () => {
    const { store, queue, deps } = setup();
    const a = await queue({ label: 'A' });
    const b = await queue({ label: 'B' });
    const c = await queue({ label: 'C' });
    await store.modify(a.id, () => ({ state: 'conflict', lastError: conflictError, notifiedAt: T0 }));
    await store.modify(b.id, () => ({ state: 'failed-retrying', nextAttemptAt: T0 + 60_000 }));
    await store.modify(c.id, () => ({ state: 'paused-auth', lastError: { ...conflictError, tokenTag: 'abc' } }));

    const retried = await retryEntry(store, a.id, deps);
    expect(retried).toMatchObject({ id: a.id, state: 'queued', lastError: null, notifiedAt: null });
    expect(retried!.idempotencyKey).not.toBe(a.idempotencyKey);
    expect(await retryEntry(store, b.id, deps)).toMatchObject({ state: 'failed-retrying', nextAttemptAt: null });
    expect(await retryEntry(store, c.id, deps)).toMatchObject({ state: 'queued', lastError: null });
  });

  it('does nothing to a change being sent or already sent', async () => {
    const { store, queue, deps } = setup();
    const a = await queue({ label: 'A' });
    await store.modify(a.id, () => ({ state: 'sending' }));
    expect(await retryEntry(store, a.id, deps)).toBeUndefined();
    expect(await discardEntry(store, a.id, deps)).toBe('sending');
    expect(await discardEntry(store, 'missing', deps)).toBe('missing');
    expect(store.snapshot()).toHaveLength(1);
  });

  it('discards a change and turns the changes that depended on it into conflicts', async () => {
    const { store, queue, deps } = setup();
    const booking = await queue({ label: 'Book' });
    await store.modify(booking.id, () => ({ state: 'conflict', lastError: conflictError }));
    const cancel = await queue({ label: 'Cancel', dependsOn: booking.id });
    const other = await queue({ label: 'Other' });

    expect(await discardEntry(store, booking.id, deps)).toBe('discarded');
    const [cancelled, untouched] = store.snapshot();
    expect(cancelled).toMatchObject({
      id: cancel.id,
      state: 'conflict',
      lastError: { reason: 'DEPENDENCY_DISCARDED' },
    });
    expect(untouched).toMatchObject({ id: other.id, state: 'queued' });
  });
});

describe('settleOutbox', () => {
  it('announces each sent change and conflict once', async () => {
    const { store, queue, deps } = setup();
    const a = await queue({ label: 'A' });
    const b = await queue({ label: 'B' });
    await queue({ label: 'C' });
    await store.modify(a.id, () => ({ state: 'sent', sentAt: T0, response: { data: { id: 1 } } }));
    await store.modify(b.id, () => ({ state: 'conflict', lastError: conflictError }));

    const announced: string[][] = [];
    const announce = (entries: OutboxEntry[]) => void announced.push(entries.map((entry) => entry.label));
    await settleOutbox(store, announce, deps);
    await settleOutbox(store, announce, deps);
    expect(announced).toEqual([['A', 'B']]);

    // A retried conflict that fails again is announced again.
    await retryEntry(store, b.id, deps);
    await store.modify(b.id, () => ({ state: 'conflict', lastError: conflictError }));
    await settleOutbox(store, announce, deps);
    expect(announced).toEqual([['A', 'B'], ['B']]);
  });

  it('forgets sent changes after a day, unless a waiting change still depends on one', async () => {
    const { store, queue, deps, advance } = setup();
    const a = await queue({ label: 'A' });
    const b = await queue({ label: 'B' });
    await queue({ label: 'Needs B', dependsOn: b.id });
    await store.modify(a.id, () => ({ state: 'sent', sentAt: T0 }));
    await store.modify(b.id, () => ({ state: 'sent', sentAt: T0 }));
    await settleOutbox(store, () => undefined, deps);
    expect(store.snapshot()).toHaveLength(3);

    advance(SENT_RETENTION_MS + 1);
    await settleOutbox(store, () => undefined, deps);
    expect(store.snapshot().map((entry) => entry.label)).toEqual(['B', 'Needs B']);
  });
});

describe('summaries', () => {
  it('counts what is waiting, its conflicts and whether it waits for a sign-in', async () => {
    const { store, queue } = setup();
    const a = await queue({ label: 'A' });
    const b = await queue({ label: 'B' });
    const c = await queue({ label: 'C', dependsOn: b.id });
    await store.modify(a.id, () => ({ state: 'sent', sentAt: T0 }));
    await store.modify(b.id, () => ({ state: 'conflict', lastError: conflictError }));
    const all = store.snapshot();

    const summary = summarizeOutbox(all);
    expect(summary.count).toBe(2);
    expect(summary.entries.map((entry) => entry.label)).toEqual(['B', 'C']);
    expect(summary.conflicts.map((entry) => entry.label)).toEqual(['B']);
    expect(summary.pausedForAuth).toBe(false);
    expect(summary.recentlySent.map((entry) => entry.label)).toEqual(['A']);
    expect(
      waitingFor(
        all.find((entry) => entry.id === c.id)!,
        all,
      )?.label,
    ).toBe('B');
    expect(waitingFor(all[0]!, all)).toBeNull();
  });

  it('words the toasts: each sent change, a count for many, and the server’s reason for a refusal', async () => {
    const { store, queue } = setup();
    for (const label of ['A', 'B', 'C', 'D']) await queue({ label });
    const entries = store.snapshot().map((entry) => ({ ...entry, state: 'sent' as const }));
    expect(outcomeMessages(entries.slice(0, 2))).toEqual([
      { kind: 'success', message: 'Sent: A' },
      { kind: 'success', message: 'Sent: B' },
    ]);
    expect(outcomeMessages(entries)).toEqual([{ kind: 'success', message: '4 waiting changes were sent.' }]);
    expect(outcomeMessages([{ ...entries[0]!, state: 'conflict', lastError: conflictError }])[0]).toEqual({
      kind: 'error',
      message: 'Not sent: A. Slot taken. Open Pending changes to retry or discard it.',
    });
  });
});
