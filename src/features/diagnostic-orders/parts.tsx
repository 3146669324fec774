import { OutboxStateBadge } from '../../offline/OfflineMarks.tsx';
import type { OutboxEntry } from '../../offline/engine/index.ts';

export { FlagBadge, OrderStatusBadge, TestStatusBadge, rangeText, resultText } from '../../ui/diagnosticResults.tsx';

/** The changes of one test still on this device, each with its state ("Waiting to send"). */
export function WaitingChanges({ entries }: { entries: OutboxEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1" aria-label="Changes not sent yet">
      {entries.map((entry) => (
        <li key={entry.id} className="flex flex-wrap items-center gap-2 text-sm">
          <OutboxStateBadge entry={entry} size="sm" />
          <span>{entry.label}</span>
        </li>
      ))}
    </ul>
  );
}
