import type { ReactNode } from 'react';

export type BadgeTone = 'success' | 'warning' | 'info' | 'error' | 'neutral' | 'primary' | 'secondary' | 'ghost';

const TONE_CLASSES: Record<BadgeTone, string> = {
  success: 'badge-success',
  // Warning yellow is a fill colour: soft warnings take dark text (src/index.css).
  warning: 'badge-warning',
  info: 'badge-info',
  error: 'badge-error',
  neutral: 'badge-neutral',
  primary: 'badge-primary',
  secondary: 'badge-secondary',
  ghost: 'badge-ghost',
};

/** A soft badge naming a state, coloured by its tone. */
export function StatusBadge({
  tone,
  size = 'md',
  className = '',
  children,
}: {
  tone: BadgeTone;
  size?: 'sm' | 'md';
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={`badge badge-soft ${size === 'sm' ? 'badge-sm' : ''} ${TONE_CLASSES[tone]} whitespace-nowrap ${className}`}
    >
      {children}
    </span>
  );
}
