/**
 * Runs `callback` once the main thread is idle (at the latest after `timeoutMs`): for work the first
 * screen does not need, so it does not compete with it. Returns a cancel function.
 */
export function whenIdle(callback: () => void, timeoutMs = 2_000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(callback, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(callback, 50);
  return () => clearTimeout(id);
}
