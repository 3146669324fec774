import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http.ts';
import type { OutboxEntry } from './engine/index.ts';
import { decideWait, isWaiting, refusalAsApiError, savedMessage } from './submit.ts';

const AT = Date.UTC(2026, 0, 5);

function entry(changes: Partial<OutboxEntry>): OutboxEntry {
  return {
    id: 'e1',
    idempotencyKey: 'e1',
    userId: 'u1',
    seq: 1,
    request: { method: 'POST', path: '/things' },
    label: 'Book',
    createdAt: AT,
    updatedAt: AT,
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

describe('decideWait', () => {
  it('keeps waiting while the change is queued or on its way', () => {
    expect(decideWait(entry({ state: 'queued' }))).toBeNull();
    expect(decideWait(entry({ state: 'sending' }))).toBeNull();
  });

  it('ends the wait with the outcome the screen shows', () => {
    expect(decideWait(entry({ state: 'sent' }))).toBe('sent');
    expect(decideWait(entry({ state: 'conflict' }))).toBe('refused');
    expect(decideWait(entry({ state: 'paused-auth' }))).toBe('sign-in');
    expect(decideWait(undefined)).toBe('discarded');
  });

  it('lets a change that must be tried again go on in the background', () => {
    const serverError = { status: 503, kind: 'SERVER_ERROR', message: 'Busy', at: AT };
    expect(decideWait(entry({ state: 'failed-retrying', lastError: serverError }))).toBe('no-answer');
  });
});

describe('isWaiting', () => {
  it('leaves out sent changes and the one a screen is sending right now', () => {
    const onScreen = new Set(['e1']);
    expect(isWaiting(entry({ state: 'sent' }), new Set())).toBe(false);
    expect(isWaiting(entry({ state: 'queued' }), onScreen)).toBe(false);
    expect(isWaiting(entry({ state: 'sending' }), onScreen)).toBe(false);
    expect(isWaiting(entry({ state: 'queued' }), new Set())).toBe(true);
    // Once it needs the user, it shows even while the screen still waits.
    expect(isWaiting(entry({ state: 'conflict' }), onScreen)).toBe(true);
  });
});

describe('refusalAsApiError', () => {
  it('gives the screens the ApiError a direct request would have thrown', () => {
    const error = refusalAsApiError({
      status: 409,
      kind: 'CONFLICT',
      message: 'That time is already taken with this doctor. Choose another time.',
      reason: 'SLOT_TAKEN',
      at: AT,
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'CONFLICT', status: 409, reason: 'SLOT_TAKEN' });
    expect(error.message).toBe('That time is already taken with this doctor. Choose another time.');
  });

  it('maps the engine’s own kinds to the HTTP kind, or CONFLICT without an answer', () => {
    expect(refusalAsApiError({ status: 422, kind: 'HTTP', message: 'x', at: AT }).kind).toBe('VALIDATION');
    expect(refusalAsApiError({ status: 0, kind: 'DEPENDENCY', message: 'x', at: AT }).kind).toBe('CONFLICT');
  });
});

describe('savedMessage', () => {
  it('tells the user the change is kept and when it goes', () => {
    expect(savedMessage('offline')).toBe('Saved on this device — will be sent when you are back online.');
    expect(savedMessage('sign-in')).toBe('Saved on this device — sign in again to send it.');
  });
});
