/** How an outbox entry's state reads on screen: the pending list, the marks in lists, the badge. */
import { formatDateTime } from '../../domain/rules/format.ts';
import type { OutboxEntry } from './engine/index.ts';

export type StateTone = 'waiting' | 'sending' | 'auth' | 'conflict' | 'sent';

export type StateWords = {
  /** The state in a few words: "Waiting to send". */
  text: string;
  /** Fewer still, for a badge in a narrow list: "Not sent". */
  short: string;
  tone: StateTone;
  /** A sentence more, when there is something to add (the next try, what the server said). */
  detail: string | null;
};

/** '10:30 AM' today, 'Jan 5, 2024, 10:30 AM' another day (India time, as every date in the app). */
export function whenText(at: number, now: number = Date.now()): string {
  const full = formatDateTime(at);
  const today = formatDateTime(now);
  const day = (text: string) => text.split(', ').slice(0, 2).join(', ');
  return day(full) === day(today) ? full.slice(day(full).length + 2) : full;
}

export function stateInWords(entry: OutboxEntry, now: number = Date.now()): StateWords {
  switch (entry.state) {
    case 'queued':
      return { text: 'Waiting to send', short: 'Waiting to send', tone: 'waiting', detail: null };
    case 'sending':
      return { text: 'Sending…', short: 'Sending…', tone: 'sending', detail: null };
    case 'failed-retrying': {
      const next =
        entry.nextAttemptAt !== null && entry.nextAttemptAt > now
          ? ` Next try at ${whenText(entry.nextAttemptAt, now)}.`
          : '';
      return {
        text: 'Waiting to send',
        short: 'Waiting to send',
        tone: 'waiting',
        detail: `${entry.lastError?.message ?? ''}${next}`.trim(),
      };
    }
    case 'paused-auth':
      return {
        text: 'Waiting for you to sign in',
        short: 'Sign in to send',
        tone: 'auth',
        detail: entry.lastError?.message ?? 'Sign in again to send this change.',
      };
    case 'conflict':
      return {
        text: 'Not sent — needs your decision',
        short: 'Not sent',
        tone: 'conflict',
        detail: entry.lastError?.message ?? 'The server refused this change.',
      };
    case 'sent':
      return {
        text: 'Sent',
        short: 'Sent',
        tone: 'sent',
        detail: entry.sentAt !== null ? `At ${whenText(entry.sentAt, now)}.` : null,
      };
  }
}

const TONE_CLASSES: Record<StateTone, string> = {
  // Warning yellow is a fill colour: on its soft background the text takes the dark content colour.
  waiting: 'badge-warning text-warning-content',
  sending: 'badge-info',
  auth: 'badge-warning text-warning-content',
  conflict: 'badge-error',
  sent: 'badge-success',
};

export function toneClass(tone: StateTone): string {
  return TONE_CLASSES[tone];
}

/** "1 change waiting to be sent", "3 changes …". */
export function pendingCountText(count: number): string {
  return `${count} ${count === 1 ? 'change' : 'changes'} waiting to be sent`;
}

/** Why a button for an action the server must do at once is disabled offline (NeedsConnection.tsx). */
export const NEEDS_CONNECTION = 'Offline: this needs a connection and is available again when you are back online.';
