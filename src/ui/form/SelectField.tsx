import type { ComponentPropsWithRef } from 'react';
import { FieldFrame } from './FieldFrame.tsx';

export type SelectFieldProps = Omit<ComponentPropsWithRef<'select'>, 'id' | 'children'> & {
  label: string;
  /** The values to offer, in order, and how each is shown. */
  options: readonly string[];
  labels: Readonly<Record<string, string>>;
  /** The first, empty choice ('Choose…'); leave out to force a value. */
  placeholder?: string;
  error?: string | undefined;
  /** A line under the field (what to choose, or why there is nothing to). */
  hint?: string | undefined;
};

/** A labelled select with its error wired for screen readers. */
export function SelectField({
  label,
  options,
  labels,
  placeholder = 'Choose…',
  error,
  hint,
  className,
  required,
  ...select
}: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required} className={className}>
      {(wiring) => (
        <select {...select} {...wiring} className={`select w-full ${error ? 'select-error' : ''}`}>
          {placeholder !== '' && <option value="">{placeholder}</option>}
          {options.map((value) => (
            <option key={value} value={value}>
              {labels[value] ?? value}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
