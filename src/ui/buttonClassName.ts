/** The generic button of SPEC §2, mapped onto daisyUI classes. Pure, so it is tested without a DOM. */

export const BUTTON_SIZES = ['xs', 'sm', 'md', 'lg', 'xl'] as const;
export type ButtonSize = (typeof BUTTON_SIZES)[number];

export const BUTTON_VARIANTS = ['primary', 'secondary', 'danger', 'success', 'warning', 'neutral'] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];

export const BUTTON_STYLES = ['filled', 'outline', 'link', 'ghost'] as const;
export type ButtonStyle = (typeof BUTTON_STYLES)[number];

export const SPINNER_SIZES = ['small', 'default', 'large'] as const;
export type SpinnerSize = (typeof SPINNER_SIZES)[number];

export type ButtonLook = {
  size?: ButtonSize;
  variant?: ButtonVariant;
  buttonStyle?: ButtonStyle;
  /** Extra classes, appended last. */
  className?: string;
};

// Whole class names only: Tailwind finds the classes it generates by scanning the source text.
const SIZE_CLASSES: Record<ButtonSize, string> = {
  xs: 'btn-xs',
  sm: 'btn-sm',
  md: 'btn-md',
  lg: 'btn-lg',
  xl: 'btn-xl',
};

const VARIANT_CLASSES: Record<ButtonVariant, string> = {
  primary: 'btn-primary',
  secondary: 'btn-secondary',
  danger: 'btn-error',
  success: 'btn-success',
  warning: 'btn-warning',
  neutral: 'btn-neutral',
};

const STYLE_CLASSES: Record<ButtonStyle, string | null> = {
  filled: null,
  outline: 'btn-outline',
  link: 'btn-link',
  ghost: 'btn-ghost',
};

const SPINNER_CLASSES: Record<SpinnerSize, string> = {
  small: 'loading-xs',
  default: 'loading-sm',
  large: 'loading-md',
};

/**
 * Warning yellow is a fill colour: as text on a light background it fails WCAG contrast, so the
 * unfilled warning styles show their text in the dark warning-content colour instead.
 */
const READABLE_WARNING_TEXT = 'text-warning-content';

export function buttonClassName({
  size = 'md',
  variant = 'primary',
  buttonStyle = 'filled',
  className,
}: ButtonLook = {}): string {
  const classes = ['btn', SIZE_CLASSES[size], VARIANT_CLASSES[variant], STYLE_CLASSES[buttonStyle]];
  if (variant === 'warning' && buttonStyle !== 'filled') classes.push(READABLE_WARNING_TEXT);
  if (className) classes.push(className);
  return classes.filter(Boolean).join(' ');
}

export function spinnerClassName(size: SpinnerSize = 'default'): string {
  return `loading loading-spinner ${SPINNER_CLASSES[size]}`;
}
