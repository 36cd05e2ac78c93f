// What the widget's two live regions say, and when. Pure: the shell writes the text.
// Screen readers miss a live region's text when it changes again before they have read it, so
// announcements wait in a queue and each one stays up ANNOUNCE_GAP_MS before the next replaces it.

export interface Announcement {
  readonly text: string;
  /** Errors interrupt (the assertive region); everything else waits its turn (the polite one). */
  readonly assertive: boolean;
}

export interface AnnouncerState {
  readonly queue: readonly Announcement[];
  /** When (ms) the next announcement may replace the one shown. */
  readonly free: number;
}

/** How long (ms) an announcement stays before the next may replace it. */
export const ANNOUNCE_GAP_MS = 250;
/** Announcements waiting at most; beyond it the oldest go (a burst is stale by the time it would be read). */
export const ANNOUNCE_QUEUE_MAX = 4;

export const IDLE: AnnouncerState = { queue: [], free: 0 };

/** Queues `next`; the same words already waiting last are said once. */
export function queueAnnouncement(state: AnnouncerState, next: Announcement): AnnouncerState {
  const last = state.queue[state.queue.length - 1];
  if (last && last.text == next.text && last.assertive == next.assertive) return state;
  return { ...state, queue: [...state.queue, next].slice(-ANNOUNCE_QUEUE_MAX) };
}

/**
 * At `now`: the announcement to show (`show`), or how long to wait (`wait`, ms) before asking
 * again; `wait` 0 and no `show` when nothing is queued.
 */
export function takeAnnouncement(state: AnnouncerState, now: number): { state: AnnouncerState; show?: Announcement; wait: number } {
  const [show, ...queue] = state.queue;
  if (!show) return { state, wait: 0 };
  if (now < state.free) return { state, wait: state.free - now };
  return { state: { queue, free: now + ANNOUNCE_GAP_MS }, show, wait: queue.length ? ANNOUNCE_GAP_MS : 0 };
}
