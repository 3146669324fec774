type BrandMarkProps = {
  /** Rendered size in CSS pixels (the mark is square). */
  size?: number;
  className?: string;
};

/**
 * The CareMesh mark, drawn inline: the same drawing as public/icon.svg, which the app icons are
 * generated from (a unit test keeps the two equal). Inline, it costs the start no request of its own:
 * on a phone over HTTP/1.1 an image request took one of the six connections the first screen's code
 * comes through.
 */
export function BrandMark({ size = 40, className }: BrandMarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 512 512" aria-hidden="true" className={className}>
      <rect width="512" height="512" rx="112" fill="#0f766e" />
      <path
        d="M140 140 256 256M372 140 256 256M140 372 256 256M372 372 256 256"
        stroke="#ffffff"
        strokeOpacity="0.65"
        strokeWidth="16"
        strokeLinecap="round"
      />
      <g fill="#ffffff">
        <circle cx="140" cy="140" r="32" />
        <circle cx="372" cy="140" r="32" />
        <circle cx="140" cy="372" r="32" />
        <circle cx="372" cy="372" r="32" />
        <path d="M228 144h56a14 14 0 0 1 14 14v56h56a14 14 0 0 1 14 14v56a14 14 0 0 1-14 14h-56v56a14 14 0 0 1-14 14h-56a14 14 0 0 1-14-14v-56h-56a14 14 0 0 1-14-14v-56a14 14 0 0 1 14-14h56v-56a14 14 0 0 1 14-14z" />
      </g>
    </svg>
  );
}
