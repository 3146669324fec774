import { useEffect, useState } from 'react';
import { formatUtcClock } from '../../../domain/rules/format.ts';

/** SPEC §9: the system clock refreshes every second, in UTC. */
export const CLOCK_REFRESH_MS = 1000;

/** The sidebar's UTC clock. Not a live region: a screen reader would otherwise read it every second. */
export function SystemClock() {
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <p className="flex flex-col px-3 text-xs text-base-content/70">
      <span>System time (UTC)</span>
      <time dateTime={now.toISOString()} className="font-mono text-sm text-base-content tabular-nums">
        {formatUtcClock(now)}
      </time>
    </p>
  );
}
