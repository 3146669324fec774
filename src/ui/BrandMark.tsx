type BrandMarkProps = {
  /** Rendered size in CSS pixels (the mark is square). */
  size?: number;
  className?: string;
};

/** The CareMesh mark: the same public/icon.svg the app icons are generated from. */
export function BrandMark({ size = 40, className }: BrandMarkProps) {
  return <img src="/icon.svg" alt="" width={size} height={size} className={className} />;
}
