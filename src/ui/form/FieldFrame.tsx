import { useId, type ReactNode } from 'react';

/** What a control needs to be wired to its label, hint and error for screen readers. */
export type ControlWiring = {
  id: string;
  required: boolean | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FieldFrameProps = {
  label: string;
  /** Shown under the field in red and announced; marks the control invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean | undefined;
  className?: string | undefined;
  children: (wiring: ControlWiring) => ReactNode;
};

/** The label, required mark, hint and error around one form control: the frame of every field. */
export function FieldFrame({ label, error, hint, required, className, children }: FieldFrameProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`flex flex-col gap-1 ${className ?? ''}`}>
      <div className="text-sm font-medium">
        <label htmlFor={id}>{label}</label>
        {/* Outside the label, so the field's accessible name is the label alone; `required` says the rest. */}
        {required && (
          <span className="text-error" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </div>
      {children({
        id,
        required,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
      })}
      {hint && (
        <div id={hintId} className="text-xs text-base-content/70">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
