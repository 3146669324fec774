/**
 * What a start can leave until the first screen is on screen. A page opened with a session shows its
 * first screen from the code and data it needs (the signed-in area, the screen, their answers);
 * the realtime connection, the outbox's live readings with Dexie, the replay and the listeners, and
 * the service worker's registration (which downloads the whole app) are only wanted afterwards. Started
 * before, their downloads and their start-up share the phone's connection and main thread with the
 * screen: on a phone profile they made the patient's list paint about half a second later.
 *
 * The start holds the gate when it asks who the token belongs to (startup.ts); the signed-in area lets
 * it go once its first screen's requests have settled, and a session that ends lets it go too. What
 * waits then runs after the next frame, so the screen's answer is painted first. A hold never lasts
 * longer than HOLD_AT_MOST_MS. A page that holds nothing (the sign-in screen) waits for one frame only.
 */

/** The longest the gate stays closed, whatever happens to the first screen. */
export const HOLD_AT_MOST_MS = 8_000;
/** A hidden tab paints no frames: what waits for one runs after this at the latest. */
const FRAME_AT_MOST_MS = 250;

let holding = false;
let atMost: ReturnType<typeof setTimeout> | undefined;
let waiting: (() => void)[] = [];

/** Calls `callback` once the next frame is painted (or FRAME_AT_MOST_MS passed); returns a cancel. */
export function afterNextPaint(callback: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(latest);
    callback();
  };
  // A timer set inside the frame's callback runs once that frame has been painted.
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
  const latest = setTimeout(run, FRAME_AT_MOST_MS);
  return () => {
    done = true;
    clearTimeout(latest);
  };
}

/** Closes the gate until firstScreenSettled() (or HOLD_AT_MOST_MS). */
export function holdForFirstScreen(atMostMs: number = HOLD_AT_MOST_MS): void {
  if (holding) return;
  holding = true;
  atMost = setTimeout(firstScreenSettled, atMostMs);
}

/** The first screen has what it asked for, or there is no first screen to wait for: the gate opens. */
export function firstScreenSettled(): void {
  if (!holding) return;
  holding = false;
  clearTimeout(atMost);
  const callbacks = waiting;
  waiting = [];
  for (const callback of callbacks) callback();
}

/**
 * Calls `callback` once the first screen is on screen: after the gate opens, after the next frame.
 * Returns a cancel, which also holds before it has run.
 */
export function afterFirstScreenShown(callback: () => void): () => void {
  let cancelPaint: (() => void) | null = null;
  let cancelled = false;
  const afterGate = () => {
    if (!cancelled) cancelPaint = afterNextPaint(callback);
  };
  if (holding) waiting.push(afterGate);
  else afterGate();
  return () => {
    cancelled = true;
    waiting = waiting.filter((entry) => entry !== afterGate);
    cancelPaint?.();
  };
}

/** Whether the gate is closed (for tests). */
export const isHoldingForFirstScreen = () => holding;
