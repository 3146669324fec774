import { describe, expect, it } from 'vitest';
import { defineWorkflow } from './workflow.ts';

type Status = 'OPEN' | 'SHUT' | 'GONE';
type Door = { status: Status; lockedUntil?: number };

const NOW = new Date(1_000);
const door = defineWorkflow({
  name: 'door',
  noun: 'door',
  order: ['SHUT', 'OPEN', 'REMOVE', 'FORCE'] as const,
  statusWords: { OPEN: 'open', SHUT: 'shut', GONE: 'gone' },
  standsInFor: { KEEPER: ['ROBOT'] },
  actions: {
    SHUT: { by: ['GUEST', 'KEEPER'], from: ['OPEN'], to: 'SHUT', event: 'doorShut', label: 'Shut' },
    OPEN: {
      by: ['GUEST'],
      from: ['SHUT'],
      to: 'OPEN',
      guards: [
        {
          reason: 'LOCKED',
          holds: (state: Door, now: Date) => (state.lockedUntil ?? 0) <= now.getTime(),
          message: (label: string) => `${label} once the lock opens.`,
        },
      ],
      event: 'doorOpened',
      label: 'Open',
    },
    REMOVE: { by: ['KEEPER'], from: ['OPEN', 'SHUT'], to: 'UNCHANGED', event: null, label: 'Remove' },
    FORCE: { by: ['ROBOT'], from: ['SHUT'], to: 'GONE', event: 'doorGone', label: 'Force' },
  },
});

describe('a workflow table', () => {
  it('admits the parties the action names, from its statuses, to its status', () => {
    expect(door.checkTransition('SHUT', 'GUEST', { status: 'OPEN' }, NOW)).toEqual({ ok: true, to: 'SHUT' });
    expect(door.checkTransition('REMOVE', 'KEEPER', { status: 'SHUT' }, NOW)).toEqual({ ok: true, to: 'UNCHANGED' });
  });

  it('refuses another party (PARTY), another status (STATUS) and a failing guard (its reason)', () => {
    expect(door.checkTransition('REMOVE', 'GUEST', { status: 'OPEN' }, NOW)).toMatchObject({
      ok: false,
      reason: 'PARTY',
      message: 'Remove is not something you can do on this door.',
    });
    expect(door.checkTransition('SHUT', 'GUEST', { status: 'GONE' }, NOW)).toMatchObject({
      ok: false,
      reason: 'STATUS',
      message: 'This door is gone, so it cannot be changed that way (shut).',
    });
    expect(door.checkTransition('OPEN', 'GUEST', { status: 'SHUT', lockedUntil: 2_000 }, NOW)).toEqual({
      ok: false,
      reason: 'LOCKED',
      message: 'Open once the lock opens.',
    });
    expect(door.checkTransition('OPEN', 'GUEST', { status: 'SHUT', lockedUntil: 1_000 }, NOW).ok).toBe(true);
  });

  it('lets a party stand in for another', () => {
    expect(door.checkTransition('FORCE', 'KEEPER', { status: 'SHUT' }, NOW)).toEqual({ ok: true, to: 'GONE' });
    expect(door.checkTransition('FORCE', 'GUEST', { status: 'SHUT' }, NOW).ok).toBe(false);
  });

  it('offers the allowed actions in the table order', () => {
    expect(door.availableActions('KEEPER', { status: 'SHUT' }, NOW)).toEqual(['REMOVE', 'FORCE']);
    expect(door.availableActions('GUEST', { status: 'SHUT', lockedUntil: 5_000 }, NOW)).toEqual([]);
    expect(door.availableActions('GUEST', { status: 'OPEN' }, NOW)).toEqual(['SHUT']);
  });

  it('decides 404 for a caller not on it, 403 for the wrong side, 409 for the wrong status or a guard', () => {
    expect(door.decide('SHUT', null, { status: 'OPEN' }, NOW)).toMatchObject({ ok: false, refusal: 'NOT_FOUND' });
    expect(door.decide('SHUT', 'GUEST', undefined, NOW)).toMatchObject({ ok: false, refusal: 'NOT_FOUND' });
    expect(door.decide('REMOVE', 'GUEST', { status: 'OPEN' }, NOW)).toMatchObject({ ok: false, refusal: 'FORBIDDEN' });
    expect(door.decide('SHUT', 'KEEPER', { status: 'SHUT' }, NOW)).toMatchObject({ ok: false, refusal: 'CONFLICT' });
    expect(door.decide('OPEN', 'GUEST', { status: 'SHUT', lockedUntil: 9_000 }, NOW)).toMatchObject({
      ok: false,
      refusal: 'CONFLICT',
      reason: 'LOCKED',
    });
    expect(door.decide('SHUT', 'KEEPER', { status: 'OPEN' }, NOW)).toEqual({ ok: true, to: 'SHUT' });
  });
});
