import { afterEach, describe, expect, it, vi } from 'vitest';
import { calmAfter, SETTLED_PERIODS, whenSettled, WHOLE_IDLE_MS } from './page-settled';

describe('calmAfter', () => {
  it.each([
    [0, 50, 1],
    [3, WHOLE_IDLE_MS, 4],
    [3, WHOLE_IDLE_MS - 0.1, 0],
    [19, 12, 0],
    [0, 0, 0],
  ])('%i in a row, then a period of %f ms left → %i', (calm, remaining, expected) => expect(calmAfter(calm, remaining)).toBe(expected));
});

/** Idle callbacks run by hand: each `give(ms)` runs the queued ones with that much time left. */
function idleCallbacks() {
  let queued: ((deadline: IdleDeadline) => void)[] = [];
  vi.stubGlobal('requestIdleCallback', (fn: (deadline: IdleDeadline) => void) => queued.push(fn));
  vi.stubGlobal('cancelIdleCallback', (handle: number) => (queued[handle - 1] = () => {}));
  return {
    give(ms: number) {
      const now = queued;
      queued = [];
      // Handles stay valid for the queue they were given in.
      for (const fn of now) fn({ didTimeout: false, timeRemaining: () => ms });
    },
  };
}

describe('whenSettled', () => {
  afterEach(() => void vi.unstubAllGlobals());

  it('calls back after SETTLED_PERIODS whole idle periods in a row, and only once', () => {
    const idle = idleCallbacks();
    const then = vi.fn();
    whenSettled(then);
    for (let i = 0; i < SETTLED_PERIODS - 1; i++) idle.give(50);
    expect(then).not.toHaveBeenCalled();
    idle.give(49);
    expect(then).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 3; i++) idle.give(50);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('starts counting again after a busy period', () => {
    const idle = idleCallbacks();
    const then = vi.fn();
    whenSettled(then, 3);
    idle.give(50);
    idle.give(50);
    idle.give(10);
    idle.give(50);
    idle.give(50);
    expect(then).not.toHaveBeenCalled();
    idle.give(50);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled', () => {
    const idle = idleCallbacks();
    const then = vi.fn();
    const cancel = whenSettled(then, 2);
    idle.give(50);
    cancel();
    for (let i = 0; i < 5; i++) idle.give(50);
    expect(then).not.toHaveBeenCalled();
  });

  it('without idle callbacks (Safari): never, since nothing tells a settled page from a loading one', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    try {
      const then = vi.fn();
      const cancel = whenSettled(then, 4);
      await vi.runAllTimersAsync();
      expect(vi.getTimerCount()).toBe(0);
      expect(then).not.toHaveBeenCalled();
      cancel();
    } finally {
      vi.useRealTimers();
    }
  });
});
