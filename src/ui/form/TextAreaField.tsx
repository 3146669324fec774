import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';

export type TextAreaFieldProps = Omit<ComponentPropsWithRef<'textarea'>, 'id'> & {
  label: string;
  /** Shown under the field in red and announced; marks the field invalid. */
  error?: string | undefined;
  hint?: ReactNode;
};

/** A labelled multi-line text with its hint and error wired for screen readers, like TextField. */
export function TextAreaField({ label, error, hint, className, required, rows = 3, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`flex flex-col gap-1 ${className ?? ''}`}>
      <div className="text-sm font-medium">
        <label htmlFor={id}>{label}</label>
        {required && (
          <span className="text-error" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </div>
      <textarea
        {...textarea}
        id={id}
        rows={rows}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        className={`textarea w-full ${error ? 'textarea-error' : ''}`}
      />
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
