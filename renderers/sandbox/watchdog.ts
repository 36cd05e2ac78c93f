// The watchdog of a live `sandbox` view (host.ts): its timings, and the heartbeat that, once the
// view is up, pings it and offers to stop it (`stuck(true)`) when it stops answering.

/**
 * Timings of the watchdog. A view's first run must end (the frame's `load`) within
 * `LOAD_TIMEOUT_MS`; after `load` the bridge must answer within `READY_TIMEOUT_MS` (it is
 * silent only when its script was not allowed to run: the page's CSP, which srcdoc frames
 * inherit); once up, it must answer a ping every `HEARTBEAT_MS` within `UNRESPONSIVE_MS`.
 */
export const SANDBOX_WATCHDOG = Object.freeze({ LOAD_TIMEOUT_MS: 5000, READY_TIMEOUT_MS: 4000, HEARTBEAT_MS: 1000, UNRESPONSIVE_MS: 3000 });

/** Starts pinging a view that is up (`ping` sends one); `pong` notes its answer, `stop` ends the beat. */
export function heartbeat(ping: () => void, stuck: (now: boolean) => void) {
  let lastPong = Date.now();
  const beat = setInterval(() => {
    // Timers of a hidden page are throttled, the frame's too: only a visible page judges.
    if (document.visibilityState == 'hidden') lastPong = Date.now();
    else if (Date.now() - lastPong > SANDBOX_WATCHDOG.UNRESPONSIVE_MS) stuck(true);
    ping();
  }, SANDBOX_WATCHDOG.HEARTBEAT_MS);
  return { pong: () => void (lastPong = Date.now()), stop: () => clearInterval(beat) };
}
