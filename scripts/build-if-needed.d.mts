/** Builds the PWA into dist/ when it is missing or older than its sources. */
export function buildIfNeeded(): void;
