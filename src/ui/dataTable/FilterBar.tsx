import type { FormEvent, ReactNode } from 'react';

/** The search and filter form above a list: a card, announced as a search landmark. */
export function FilterBar({
  label,
  onSubmit,
  noValidate,
  bodyClassName = 'gap-3',
  children,
}: {
  /** 'Filter patients' */
  label: string;
  onSubmit(event: FormEvent): void;
  noValidate?: boolean;
  bodyClassName?: string;
  children: ReactNode;
}) {
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={onSubmit}
      noValidate={noValidate}
      className="card border border-base-300 bg-base-100"
    >
      <div className={`card-body p-4 ${bodyClassName}`}>{children}</div>
    </form>
  );
}
