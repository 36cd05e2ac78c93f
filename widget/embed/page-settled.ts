// The page settled: a second or so in which it had nothing to do. What a visitor's first answer
// would otherwise wait for (the markdown code and its lexer's first runs, the clock that names
// messages: embed/mount.ts) is readied then, so an answer asked without an approach first (a
// page's call, a starter clicked at once) finds it ready, while the page's own load is not shared
// with it: work of the page's load (its scripts, images, the widget's config) breaks the run.

/** An idle period counts when the browser gives it whole (up to 50 ms, less what it already ran). */
export const WHOLE_IDLE_MS = 45;
/** Whole idle periods in a row that mean the page has settled: about a second with nothing to run. */
export const SETTLED_PERIODS = 20;

/** How many whole idle periods in a row after one of `remainingMs`: a busy one starts again at 0. */
export const calmAfter = (calm: number, remainingMs: number): number => (remainingMs >= WHOLE_IDLE_MS ? calm + 1 : 0);

/**
 * Calls `then` once the page has had `periods` whole idle periods in a row (a busy page waits on).
 * Where the browser has no idle callbacks (Safari), it cannot tell a settled page from one still
 * loading: never. Returns what cancels it.
 */
export function whenSettled(then: () => void, periods = SETTLED_PERIODS): () => void {
  if (typeof requestIdleCallback != 'function') return () => {};
  let calm = 0;
  const step = (deadline: IdleDeadline) => {
    calm = calmAfter(calm, deadline.timeRemaining());
    if (calm >= periods) then();
    else handle = requestIdleCallback(step);
  };
  let handle = requestIdleCallback(step);
  return () => cancelIdleCallback(handle);
}
