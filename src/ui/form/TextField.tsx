import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FieldFrame } from './FieldFrame.tsx';

export type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id'> & {
  label: string;
  /** Shown under the field in red and announced; marks the field invalid. */
  error?: string | undefined;
  hint?: ReactNode;
};

/** A labelled input with its hint and error wired for screen readers. */
export function TextField({ label, error, hint, className, required, ...input }: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required} className={className}>
      {(wiring) => <input {...input} {...wiring} className={`input w-full ${error ? 'input-error' : ''}`} />}
    </FieldFrame>
  );
}
