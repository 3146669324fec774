import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClassName, spinnerClassName, type ButtonLook, type SpinnerSize } from './buttonClassName.ts';

export type ButtonProps = ComponentPropsWithRef<'button'> &
  ButtonLook & {
    /** Disables the button, shows a spinner and marks it busy. */
    loading?: boolean;
    spinnerSize?: SpinnerSize;
    /** Shown instead of the children while loading, when given. */
    loadingText?: ReactNode;
    /** A second disabled flag (SPEC §2): either this or `disabled` disables the button. */
    isDisabled?: boolean;
  };

/** The generic button of SPEC §2. `type` defaults to 'button' so it never submits a form by accident. */
export function Button({
  size,
  variant,
  buttonStyle,
  className,
  loading = false,
  spinnerSize,
  loadingText,
  disabled = false,
  isDisabled = false,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClassName({ size, variant, buttonStyle, className })}
      disabled={loading || disabled || isDisabled}
      aria-busy={loading || undefined}
    >
      {loading && <span className={spinnerClassName(spinnerSize)} aria-hidden="true" />}
      {loading && loadingText != null ? loadingText : children}
    </button>
  );
}

export type ButtonLinkProps = ComponentPropsWithRef<typeof Link> & ButtonLook;

/** A router link that looks like the generic button, e.g. "Go Back Home". */
export function ButtonLink({ size, variant, buttonStyle, className, ...rest }: ButtonLinkProps) {
  return <Link {...rest} className={buttonClassName({ size, variant, buttonStyle, className })} />;
}
