import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Button } from '../Button.tsx';
import { filterOptions, multiSummary, toggleOption } from './multiSelectModel.ts';

export type MultiSelectProps = {
  label: string;
  options: readonly string[];
  labels: Readonly<Record<string, string>>;
  value: readonly string[];
  onChange(value: string[]): void;
  /** What the button says when nothing is chosen, e.g. 'Any specialisation'. */
  anyLabel: string;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  /** Shows the chosen values under the button, each with a remove button (forms; lists have their own). */
  showChosen?: boolean;
  className?: string;
};

/** Lists longer than this get a box to narrow them down. */
const FILTER_FROM = 8;

/**
 * Any number of values of a long enumeration in little room: a button that opens a panel of
 * checkboxes (a disclosure, so every option is a plain checkbox to assistive technology), with a
 * filter box, arrow keys between options, Escape or a click outside to close, and a Clear button.
 */
export function MultiSelect({
  label,
  options,
  labels,
  value,
  onChange,
  anyLabel,
  error,
  hint,
  required,
  showChosen = false,
  className,
}: MultiSelectProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const moveFocusIn = useRef(false);
  const filterable = options.length > FILTER_FROM;
  const shown = filterOptions(options, labels, typed);
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

  const close = (returnFocus: boolean) => {
    setOpen(false);
    setTyped('');
    if (returnFocus) buttonRef.current?.focus();
  };

  // A click or tap anywhere else closes the panel.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) {
        setOpen(false);
        setTyped('');
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // Opened from the keyboard, focus goes into the panel; opened by a tap it stays put (no keyboard popping up).
  useEffect(() => {
    if (!open || !moveFocusIn.current) return;
    moveFocusIn.current = false;
    panelRef.current?.querySelector<HTMLElement>('input')?.focus();
  }, [open]);

  const clear = () => {
    onChange([]);
    // The button disables itself: keep the focus in the panel.
    panelRef.current?.querySelector<HTMLElement>('input')?.focus();
  };

  const toggleOpen = (event: MouseEvent<HTMLButtonElement>) => {
    if (open) return close(false);
    moveFocusIn.current = event.detail === 0;
    setOpen(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      close(true);
      return;
    }
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    if (!open) {
      if (event.target === buttonRef.current && event.key === 'ArrowDown') {
        event.preventDefault();
        moveFocusIn.current = true;
        setOpen(true);
      }
      return;
    }
    const boxes = [...(panelRef.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? [])];
    if (boxes.length === 0) return;
    const at = boxes.indexOf(document.activeElement as HTMLInputElement);
    const inFilter = event.target instanceof HTMLInputElement && event.target.type === 'search';
    if (inFilter && (event.key === 'Home' || event.key === 'End')) return;
    event.preventDefault();
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? boxes.length - 1
          : event.key === 'ArrowDown'
            ? Math.min(at + 1, boxes.length - 1)
            : Math.max(at - 1, 0);
    boxes[next]?.focus();
  };

  return (
    <div
      ref={rootRef}
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      className={`flex flex-col gap-1 ${className ?? ''}`}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Tabbing out closes it; a click inside on a bare spot (no element to focus) does not.
        const to = event.relatedTarget as Node | null;
        if (open && to && !rootRef.current?.contains(to)) {
          setOpen(false);
          setTyped('');
        }
      }}
    >
      <div className="text-sm font-medium">
        <span id={`${id}-label`}>{label}</span>
        {required && (
          <span className="text-error" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </div>
      <div className="relative">
        <button
          ref={buttonRef}
          type="button"
          id={`${id}-button`}
          className={`select w-full text-left ${error ? 'select-error' : ''}`}
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          aria-labelledby={`${id}-label ${id}-button`}
          onClick={toggleOpen}
        >
          <span className={`min-w-0 truncate ${value.length === 0 ? 'text-base-content/70' : ''}`}>
            {multiSummary(value, labels, anyLabel)}
          </span>
          {value.length > 0 && (
            <span className="badge badge-primary badge-sm ml-auto shrink-0" aria-hidden="true">
              {value.length}
            </span>
          )}
        </button>
        {/* The options exist only while the panel is open: closed, the page holds none of its checkboxes. */}
        <div
          ref={panelRef}
          id={`${id}-panel`}
          hidden={!open}
          className="absolute top-full right-0 left-0 z-30 mt-1 min-w-64 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
        >
          {open && (
            <>
              {filterable && (
                <input
                  type="search"
                  className="input input-sm mb-2 w-full"
                  aria-label={`Filter the ${label.toLowerCase()} list`}
                  placeholder="Type to filter…"
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
                  // Enter here narrows the list; it must not submit the form around it.
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') e.preventDefault();
                  }}
                />
              )}
              <div className="flex max-h-[min(18rem,50dvh)] flex-col overflow-y-auto overscroll-contain">
                {shown.map((option) => (
                  <label
                    key={option}
                    className="flex min-h-10 cursor-pointer items-center gap-3 rounded-field px-2 text-sm hover:bg-base-200 has-focus-visible:bg-base-200"
                  >
                    <input
                      type="checkbox"
                      className="checkbox checkbox-sm checkbox-primary"
                      checked={value.includes(option)}
                      onChange={(e) => onChange(toggleOption(options, value, option, e.target.checked))}
                    />
                    {labels[option] ?? option}
                  </label>
                ))}
                {shown.length === 0 && (
                  <p className="px-2 py-3 text-sm text-base-content/70">Nothing matches “{typed}”.</p>
                )}
              </div>
              <div className="mt-2 flex items-center justify-between gap-2 border-t border-base-300 pt-2">
                <span className="text-xs text-base-content/70" aria-live="polite">
                  {value.length === 0 ? 'None chosen' : `${value.length} chosen`}
                </span>
                <div className="flex gap-1">
                  <Button size="sm" buttonStyle="ghost" disabled={value.length === 0} onClick={clear}>
                    Clear
                  </Button>
                  <Button size="sm" onClick={() => close(true)}>
                    Done
                  </Button>
                </div>
              </div>
            </>
          )}
        </div>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-base-content/70">
          {hint}
        </p>
      )}
      {showChosen && value.length > 0 && (
        <ul className="flex flex-wrap gap-1" aria-label={`Chosen ${label.toLowerCase()}`}>
          {value.map((v) => (
            <li key={v}>
              <button
                type="button"
                className="badge badge-soft badge-primary gap-1"
                aria-label={`Remove ${labels[v] ?? v}`}
                onClick={() => onChange(value.filter((x) => x !== v))}
              >
                {labels[v] ?? v}
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
