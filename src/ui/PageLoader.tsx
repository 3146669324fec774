import { BrandMark } from './BrandMark.tsx';

/** Shown while a screen's code is being fetched. */
export function PageLoader() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center bg-base-200">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}

/**
 * Shown while the app starts (its code, then who is signed in): the mark above the spinner. The page
 * itself carries the same markup in #root (index.html), so a phone shows it as soon as the page
 * arrives, instead of a blank screen until the main script has run; React's first render replaces it
 * with this, the same. It is styled inline (the spinner is an SVG animation), because the page paints
 * it before the stylesheet has arrived (scripts/vite-stylesheet.ts). The colours are the theme's
 * primary and base-200 (src/index.css).
 */
export function StartupLoader() {
  return (
    <div role="status" style={STARTUP_LOADER}>
      <BrandMark size={48} />
      <svg width="28" height="28" viewBox="0 0 28 28" fill="none" aria-hidden="true">
        <circle cx="14" cy="14" r="11" stroke="#0f766e" strokeWidth="3" strokeLinecap="round" strokeDasharray="52 18">
          <animateTransform
            attributeName="transform"
            type="rotate"
            from="0 14 14"
            to="360 14 14"
            dur="0.8s"
            repeatCount="indefinite"
          />
        </circle>
      </svg>
      <span style={VISUALLY_HIDDEN}>Loading…</span>
    </div>
  );
}

const STARTUP_LOADER = {
  display: 'flex',
  minHeight: '100dvh',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '1rem',
  backgroundColor: '#f8fafc',
} as const;

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;
