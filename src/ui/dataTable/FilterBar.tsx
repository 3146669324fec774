import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../Button.tsx';

/**
 * The search and filter form above a list: a card, announced as a search landmark. On a phone the
 * `folded` fields hide behind a "Filters" button, so the results are not pages down.
 */
export function FilterBar({
  label,
  onSubmit,
  noValidate,
  bodyClassName = 'gap-3',
  children,
  folded,
  actions,
}: {
  /** 'Filter patients' */
  label: string;
  onSubmit(event: FormEvent): void;
  noValidate?: boolean;
  bodyClassName?: string;
  /** The fields shown at every width. */
  children: ReactNode;
  /** Fields shown on a wider screen, and on a phone once asked for. */
  folded?: ReactNode;
  /** The submit button, after the fields. */
  actions?: ReactNode;
}) {
  const foldedId = useId();
  const [open, setOpen] = useState(false);
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={onSubmit}
      noValidate={noValidate}
      className="card border border-base-300 bg-base-100"
    >
      <div className={`card-body p-4 ${bodyClassName}`}>
        {children}
        {folded && (
          <div id={foldedId} className={open ? 'contents' : 'hidden sm:contents'}>
            {folded}
          </div>
        )}
        {(folded || actions) && (
          <div className="flex items-end gap-2">
            {folded && (
              <Button
                buttonStyle="outline"
                className="sm:hidden"
                aria-expanded={open}
                aria-controls={foldedId}
                onClick={() => setOpen((shown) => !shown)}
              >
                {open ? 'Hide filters' : 'More filters'}
              </Button>
            )}
            {actions}
          </div>
        )}
      </div>
    </form>
  );
}
