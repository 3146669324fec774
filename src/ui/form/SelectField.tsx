import { useId, type ComponentPropsWithRef } from 'react';

export type SelectFieldProps = Omit<ComponentPropsWithRef<'select'>, 'id' | 'children'> & {
  label: string;
  /** The values to offer, in order, and how each is shown. */
  options: readonly string[];
  labels: Readonly<Record<string, string>>;
  /** The first, empty choice ('Choose…'); leave out to force a value. */
  placeholder?: string;
  error?: string | undefined;
};

/** A labelled select with its error wired for screen readers. */
export function SelectField({
  label,
  options,
  labels,
  placeholder = 'Choose…',
  error,
  className,
  required,
  ...select
}: SelectFieldProps) {
  const id = useId();
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
      <select
        {...select}
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        className={`select w-full ${error ? 'select-error' : ''}`}
      >
        {placeholder !== '' && <option value="">{placeholder}</option>}
        {options.map((value) => (
          <option key={value} value={value}>
            {labels[value] ?? value}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
