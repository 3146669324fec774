/**
 * The waitlist changes that work offline (DESIGN "Offline-first"): joining, declining an offer and
 * leaving go through the outbox, online as well; accepting an offer needs the server at once (the
 * hold is minutes long) and is not queued.
 */
import type { WaitlistStatus } from '../../../../domain/enums.ts';
import { waitlistKeys, waitlistPaths, type JoinWaitlistInput, type WaitlistEntry } from '../../../api/waitlist.ts';
import type { OutboxEntry } from '../../../offline/outbox.ts';
import { defineOfflineChange } from '../../../offline/offlineChange.ts';

export const JOIN_KIND = 'join-waitlist';
export const STATUS_KIND = 'waitlist-status';

/** A join not sent yet, as the patient's list shows it. */
export type WaitingJoin = { entry: OutboxEntry; provider: string; preferredFrom: string; preferredTo: string };

function waitingJoinOf(entry: OutboxEntry): WaitingJoin | null {
  const meta = entry.meta;
  if (meta?.['kind'] !== JOIN_KIND) return null;
  const text = (name: string) => (typeof meta[name] === 'string' ? (meta[name] as string) : '');
  return { entry, provider: text('provider'), preferredFrom: text('preferredFrom'), preferredTo: text('preferredTo') };
}

type JoinInput = { body: JoinWaitlistInput; provider: string };

export const joinWaitlistChange = defineOfflineChange<JoinInput, WaitingJoin>({
  kind: JOIN_KIND,
  method: 'POST',
  path: () => waitlistPaths.join(),
  body: ({ body }) => body,
  label: ({ provider }) => `Join the waitlist of ${provider}`,
  invalidates: () => [waitlistKeys.all],
  meta: ({ body, provider }) => ({ provider, preferredFrom: body.preferredFrom, preferredTo: body.preferredTo }),
  shownAs: waitingJoinOf,
});

type StatusInput = {
  entry: Pick<WaitlistEntry, 'id' | 'doctorName' | 'hospitalName'>;
  status: WaitlistStatus;
  what: string;
};

/** Declining an offer or leaving (the patient), removing or putting back (the desk). */
export const waitlistStatusChange = defineOfflineChange<StatusInput>({
  kind: STATUS_KIND,
  method: 'PATCH',
  path: ({ entry }) => waitlistPaths.status(entry.id),
  body: ({ status }) => ({ status }),
  label: ({ entry, what }) => `${what}: ${entry.doctorName ?? entry.hospitalName ?? 'waitlist'}`,
  invalidates: () => [waitlistKeys.all, ['realtime', 'slots']],
  meta: ({ entry, status }) => ({ waitlistId: entry.id, status }),
});

/** Who an entry waits for, as the patient reads it. */
export function waitsFor(entry: Pick<WaitlistEntry, 'doctorName' | 'hospitalName'>): string {
  if (entry.doctorName && entry.hospitalName) return `${entry.doctorName}, ${entry.hospitalName}`;
  return entry.doctorName ?? (entry.hospitalName ? `Any doctor at ${entry.hospitalName}` : 'A doctor');
}
