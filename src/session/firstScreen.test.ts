import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  afterFirstScreenShown,
  afterNextPaint,
  firstScreenSettled,
  HOLD_AT_MOST_MS,
  holdForFirstScreen,
  isHoldingForFirstScreen,
} from './firstScreen.ts';

/** A browser's frames: callbacks run when the test paints one. */
function fakeFrames() {
  let frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  return {
    paint() {
      const now = frames;
      frames = [];
      for (const callback of now) callback(performance.now());
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  firstScreenSettled();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterNextPaint', () => {
  it('runs once the next frame has been painted, not before', () => {
    const frames = fakeFrames();
    const callback = vi.fn();
    afterNextPaint(callback);
    vi.advanceTimersByTime(10);
    expect(callback).not.toHaveBeenCalled();
    frames.paint();
    expect(callback).not.toHaveBeenCalled(); // inside the frame: the paint comes after it
    vi.advanceTimersByTime(0);
    expect(callback).toHaveBeenCalledTimes(1);
    frames.paint();
    vi.advanceTimersByTime(1_000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs anyway in a tab that paints no frames (hidden)', () => {
    fakeFrames();
    const callback = vi.fn();
    afterNextPaint(callback);
    vi.advanceTimersByTime(249);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled', () => {
    const frames = fakeFrames();
    const callback = vi.fn();
    afterNextPaint(callback)();
    frames.paint();
    vi.advanceTimersByTime(1_000);
    expect(callback).not.toHaveBeenCalled();
  });
});

describe('the first screen’s gate', () => {
  it('holds what waits until the first screen has settled, then runs it after the next frame', () => {
    const frames = fakeFrames();
    holdForFirstScreen();
    const socket = vi.fn();
    const outbox = vi.fn();
    afterFirstScreenShown(socket);
    afterFirstScreenShown(outbox);
    frames.paint();
    vi.advanceTimersByTime(2_000);
    expect(socket).not.toHaveBeenCalled();

    firstScreenSettled();
    expect(isHoldingForFirstScreen()).toBe(false);
    vi.advanceTimersByTime(0);
    expect(socket).not.toHaveBeenCalled(); // the screen's answer is painted first
    frames.paint();
    vi.advanceTimersByTime(0);
    expect(socket).toHaveBeenCalledTimes(1);
    expect(outbox).toHaveBeenCalledTimes(1);
  });

  it('waits one frame only when nothing holds it (the sign-in screen, a sign-in within the page)', () => {
    const frames = fakeFrames();
    const callback = vi.fn();
    afterFirstScreenShown(callback);
    frames.paint();
    vi.advanceTimersByTime(0);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('opens by itself after HOLD_AT_MOST_MS, whatever the first screen does', () => {
    fakeFrames();
    holdForFirstScreen();
    const callback = vi.fn();
    afterFirstScreenShown(callback);
    vi.advanceTimersByTime(HOLD_AT_MOST_MS - 1);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1 + 250);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('does not run what was cancelled while it waited', () => {
    const frames = fakeFrames();
    holdForFirstScreen();
    const stopped = vi.fn();
    const kept = vi.fn();
    const cancel = afterFirstScreenShown(stopped);
    afterFirstScreenShown(kept);
    cancel();
    firstScreenSettled();
    frames.paint();
    vi.advanceTimersByTime(300);
    expect(stopped).not.toHaveBeenCalled();
    expect(kept).toHaveBeenCalledTimes(1);
  });

  it('settles once: a second hold after the first screen is a new wait, a second release changes nothing', () => {
    fakeFrames();
    holdForFirstScreen();
    vi.advanceTimersByTime(1_000);
    firstScreenSettled();
    firstScreenSettled();
    expect(isHoldingForFirstScreen()).toBe(false);
    holdForFirstScreen();
    expect(isHoldingForFirstScreen()).toBe(true);
    // Only its own limit ends it, not the first hold's.
    vi.advanceTimersByTime(HOLD_AT_MOST_MS - 1);
    expect(isHoldingForFirstScreen()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(isHoldingForFirstScreen()).toBe(false);
  });
});
