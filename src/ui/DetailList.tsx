import type { ReactNode } from 'react';

/** Label/value rows; a value that is empty shows a dash. */
export function DetailList({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-y-2">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="mt-1 font-medium text-base-content/70 sm:mt-0">{label}</dt>
          <dd className="break-words">{value === '' || value == null ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}
