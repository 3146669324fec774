import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from './engine/index.ts';
import { pendingCountText, stateInWords, whenText } from './words.ts';

// 10:30 AM in India on Jan 5, 2026.
const NOW = Date.UTC(2026, 0, 5, 5, 0, 0);

function entry(changes: Partial<OutboxEntry>): OutboxEntry {
  return {
    id: 'e1',
    idempotencyKey: 'e1',
    userId: 'u1',
    seq: 1,
    request: { method: 'POST', path: '/things' },
    label: 'Book Dr Rao, 12 Jan 10:30',
    createdAt: NOW,
    updatedAt: NOW,
    attempts: 0,
    state: 'queued',
    lastError: null,
    nextAttemptAt: null,
    dependsOn: null,
    invalidates: [],
    meta: null,
    response: null,
    replayed: false,
    sentAt: null,
    notifiedAt: null,
    ...changes,
  };
}

describe('whenText', () => {
  it('gives only the time for today and the full date another day (India time)', () => {
    expect(whenText(NOW, NOW)).toBe('10:30 AM');
    expect(whenText(NOW - 86_400_000, NOW)).toBe('Jan 4, 2026, 10:30 AM');
  });
});

describe('stateInWords', () => {
  it('says what every state means for the user', () => {
    expect(stateInWords(entry({ state: 'queued' }), NOW)).toEqual({
      text: 'Waiting to send',
      short: 'Waiting to send',
      tone: 'waiting',
      detail: null,
    });
    expect(stateInWords(entry({ state: 'sending' }), NOW).text).toBe('Sending…');
    expect(stateInWords(entry({ state: 'sent', sentAt: NOW }), NOW)).toMatchObject({ text: 'Sent', tone: 'sent' });
  });

  it('a change waiting for another try says why and when', () => {
    const words = stateInWords(
      entry({
        state: 'failed-retrying',
        nextAttemptAt: NOW + 60_000,
        lastError: { status: 0, kind: 'NETWORK', message: 'No connection.', at: NOW },
      }),
      NOW,
    );
    expect(words).toMatchObject({
      text: 'Waiting to send',
      tone: 'waiting',
      detail: 'No connection. Next try at 10:31 AM.',
    });
  });

  it('a refused change carries the server’s message; a paused one asks for a sign-in', () => {
    const refused = stateInWords(
      entry({ state: 'conflict', lastError: { status: 409, kind: 'CONFLICT', message: 'Slot taken', at: NOW } }),
      NOW,
    );
    expect(refused).toEqual({
      text: 'Not sent — needs your decision',
      short: 'Not sent',
      tone: 'conflict',
      detail: 'Slot taken',
    });
    expect(stateInWords(entry({ state: 'paused-auth' }), NOW)).toMatchObject({
      tone: 'auth',
      detail: 'Sign in again to send this change.',
    });
  });
});

describe('pendingCountText', () => {
  it('counts in words', () => {
    expect(pendingCountText(1)).toBe('1 change waiting to be sent');
    expect(pendingCountText(3)).toBe('3 changes waiting to be sent');
  });
});
