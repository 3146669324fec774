import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';

export type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id'> & {
  label: string;
  /** Shown under the field in red and announced; marks the field invalid. */
  error?: string | undefined;
  hint?: ReactNode;
};

/** A labelled input with its hint and error wired for screen readers. */
export function TextField({ label, error, hint, className, required, ...input }: TextFieldProps) {
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
      <input
        {...input}
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        className={`input w-full ${error ? 'input-error' : ''}`}
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
