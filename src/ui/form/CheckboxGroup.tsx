import { useId } from 'react';

export type CheckboxGroupProps = {
  legend: string;
  options: readonly string[];
  labels: Readonly<Record<string, string>>;
  value: readonly string[];
  onChange(value: string[]): void;
  error?: string | undefined;
  hint?: string;
  className?: string;
};

/** A fieldset of checkboxes choosing any number of values of an enumeration. */
export function CheckboxGroup({
  legend,
  options,
  labels,
  value,
  onChange,
  error,
  hint,
  className,
}: CheckboxGroupProps) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={className} aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="mb-2 text-xs text-base-content/70">
          {hint}
        </p>
      )}
      <div className="grid grid-cols-1 gap-1 sm:grid-cols-2 lg:grid-cols-3">
        {options.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="checkbox checkbox-sm checkbox-primary"
              checked={value.includes(option)}
              onChange={(e) => onChange(e.target.checked ? [...value, option] : value.filter((v) => v !== option))}
            />
            {labels[option] ?? option}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
