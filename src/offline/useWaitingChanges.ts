import { useMemo } from 'react';
import { useOutbox } from './outbox.ts';
import type { OutboxEntry, OutboxMeta } from './engine/index.ts';
import { isWaiting, useInFlightOnScreen } from './submit.ts';

export type WaitingChanges = {
  /** Unsent changes, in queue order, without the one a screen is sending and waiting on right now. */
  entries: OutboxEntry[];
  count: number;
  conflicts: number;
  pausedForAuth: boolean;
};

/** The signed-in user's changes waiting to be sent, for the badge and the "waiting to send" marks. */
export function useWaitingChanges(): WaitingChanges {
  const outbox = useOutbox();
  const onScreen = useInFlightOnScreen();
  return useMemo(() => {
    const entries = outbox.entries.filter((entry) => isWaiting(entry, onScreen));
    return {
      entries,
      count: entries.length,
      conflicts: entries.filter((entry) => entry.state === 'conflict').length,
      pausedForAuth: entries.some((entry) => entry.state === 'paused-auth'),
    };
  }, [outbox.entries, onScreen]);
}

/** The waiting changes whose meta matches every given fact ({ kind: 'book-appointment' }). */
export function useWaitingChangesWhere(facts: Readonly<OutboxMeta>): OutboxEntry[] {
  const { entries } = useWaitingChanges();
  const key = JSON.stringify(facts);
  return useMemo(() => {
    const wanted = JSON.parse(key) as OutboxMeta;
    return entries.filter((entry) => Object.entries(wanted).every(([name, value]) => entry.meta?.[name] === value));
  }, [entries, key]);
}
