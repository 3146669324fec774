/** The small marks screens put on data shown from the device and on changes not sent yet. */
import type { QueryKey } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useOfflineInfo } from './persist.ts';
import type { OutboxEntry } from './engine/index.ts';
import { stateInWords, toneClass } from './words.ts';

/**
 * "Offline — last updated 10:30 AM" above data shown from the device; nothing while online. With a
 * `queryKey`, the time is that data's; without, the newest of the queries on screen.
 */
export function OfflineNotice({ queryKey, className = '' }: { queryKey?: QueryKey; className?: string }) {
  const { label } = useOfflineInfo(queryKey);
  if (!label) return null;
  return (
    <p
      role="status"
      className={`flex w-fit items-center gap-2 rounded-field border border-base-300 bg-base-100 px-3 py-1.5 text-sm text-base-content/80 ${className}`}
    >
      <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-base-content/40" />
      {label}
    </p>
  );
}

/**
 * The state of a queued change as a badge: "Waiting to send", "Not sent — needs your decision" …
 * (`short` in narrow lists: "Not sent").
 */
export function OutboxStateBadge({
  entry,
  size = 'md',
  short = false,
}: {
  entry: OutboxEntry;
  size?: 'sm' | 'md';
  short?: boolean;
}) {
  const words = stateInWords(entry);
  return (
    <span
      className={`badge badge-soft ${size === 'sm' ? 'badge-sm' : ''} ${toneClass(words.tone)} h-auto min-h-5 whitespace-nowrap`}
    >
      {short ? words.short : words.text}
    </span>
  );
}

/**
 * A change to an item that has not reached the server yet, shown on the item: its state and, when it
 * needs the user, the way to "Pending changes".
 */
export function PendingChangeNote({ entry }: { entry: OutboxEntry }) {
  const words = stateInWords(entry);
  const needsUser = entry.state === 'conflict' || entry.state === 'paused-auth';
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <OutboxStateBadge entry={entry} size="sm" short />
      <span className="min-w-0 break-words text-base-content/80">
        {entry.label}
        {needsUser && words.detail ? ` — ${words.detail}` : ''}
      </span>
      {needsUser && (
        <Link to="/pending-changes" className="link link-primary">
          Open Pending changes
        </Link>
      )}
    </p>
  );
}
