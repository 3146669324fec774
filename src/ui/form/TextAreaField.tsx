import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FieldFrame } from './FieldFrame.tsx';

export type TextAreaFieldProps = Omit<ComponentPropsWithRef<'textarea'>, 'id'> & {
  label: string;
  /** Shown under the field in red and announced; marks the field invalid. */
  error?: string | undefined;
  hint?: ReactNode;
};

/** A labelled multi-line text with its hint and error wired for screen readers, like TextField. */
export function TextAreaField({ label, error, hint, className, required, rows = 3, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required} className={className}>
      {(wiring) => (
        <textarea
          {...textarea}
          {...wiring}
          rows={rows}
          className={`textarea w-full ${error ? 'textarea-error' : ''}`}
        />
      )}
    </FieldFrame>
  );
}
