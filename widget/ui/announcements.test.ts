import { describe, expect, it } from 'vitest';
import { ANNOUNCE_GAP_MS, ANNOUNCE_QUEUE_MAX, IDLE, queueAnnouncement, takeAnnouncement, type Announcement, type AnnouncerState } from './announcements';

const polite = (text: string): Announcement => ({ text, assertive: false });
const alert = (text: string): Announcement => ({ text, assertive: true });

/** Feeds `calls` at their times, asking the announcer again when it said to wait; returns what was shown when. */
function run(calls: { at: number; say: Announcement }[]): { at: number; text: string; assertive: boolean }[] {
  let state: AnnouncerState = IDLE;
  let due = Infinity;
  const shown: { at: number; text: string; assertive: boolean }[] = [];
  const pending = [...calls];
  const pump = (now: number) => {
    const r = takeAnnouncement(state, now);
    state = r.state;
    if (r.show) shown.push({ at: now, text: r.show.text, assertive: r.show.assertive });
    due = r.wait ? now + r.wait : Infinity;
  };
  while (pending.length || due < Infinity) {
    if (pending.length && pending[0]!.at <= due) {
      const { at, say } = pending.shift()!;
      state = queueAnnouncement(state, say);
      // The shell asks at once unless a wait is running.
      if (due === Infinity) pump(at);
    } else pump(due);
  }
  return shown;
}

describe('announcements', () => {
  const G = ANNOUNCE_GAP_MS;
  const rows: { title: string; calls: { at: number; say: Announcement }[]; shown: { at: number; text: string; assertive: boolean }[] }[] = [
    { title: 'one announcement shows at once', calls: [{ at: 10, say: polite('Responding…') }], shown: [{ at: 10, text: 'Responding…', assertive: false }] },
    {
      title: 'a fast answer: "complete" waits until "responding" has stood its time',
      calls: [{ at: 0, say: polite('Responding…') }, { at: 30, say: polite('Response complete') }],
      shown: [{ at: 0, text: 'Responding…', assertive: false }, { at: G, text: 'Response complete', assertive: false }],
    },
    {
      title: 'spaced announcements show when they come',
      calls: [{ at: 0, say: polite('Responding…') }, { at: 2000, say: polite('Response complete') }],
      shown: [{ at: 0, text: 'Responding…', assertive: false }, { at: 2000, text: 'Response complete', assertive: false }],
    },
    {
      title: 'the same words again, once the first was shown, are shown again',
      calls: [{ at: 0, say: polite('Copied') }, { at: 1000, say: polite('Copied') }],
      shown: [{ at: 0, text: 'Copied', assertive: false }, { at: 1000, text: 'Copied', assertive: false }],
    },
    {
      title: 'the same words again, soon after, are still heard twice',
      calls: [{ at: 0, say: polite('Copied') }, { at: 5, say: polite('Copied') }],
      shown: [{ at: 0, text: 'Copied', assertive: false }, { at: G, text: 'Copied', assertive: false }],
    },
    {
      title: 'the same words queued twice in a row are said once',
      calls: [{ at: 0, say: polite('Responding…') }, { at: 1, say: polite('Copied') }, { at: 2, say: polite('Copied') }],
      shown: [{ at: 0, text: 'Responding…', assertive: false }, { at: G, text: 'Copied', assertive: false }],
    },
    {
      title: 'an error keeps its place and its region',
      calls: [{ at: 0, say: polite('Responding…') }, { at: 20, say: alert('The answer failed') }],
      shown: [{ at: 0, text: 'Responding…', assertive: false }, { at: G, text: 'The answer failed', assertive: true }],
    },
    {
      title: 'the same words as an error and as news are two announcements',
      calls: [{ at: 0, say: polite('x') }, { at: 1, say: polite('y') }, { at: 2, say: alert('y') }],
      shown: [{ at: 0, text: 'x', assertive: false }, { at: G, text: 'y', assertive: false }, { at: 2 * G, text: 'y', assertive: true }],
    },
    {
      title: `a burst keeps its last ${ANNOUNCE_QUEUE_MAX} waiting`,
      calls: ['a', 'b', 'c', 'd', 'e', 'f'].map((text, i) => ({ at: i, say: polite(text) })),
      shown: ['a', 'c', 'd', 'e', 'f'].map((text, i) => ({ at: i * G, text, assertive: false })),
    },
  ];
  it.each(rows)('$title', ({ calls, shown }) => expect(run(calls)).toEqual(shown));

  it('nothing queued: nothing to show and no wait', () => {
    expect(takeAnnouncement(IDLE, 100)).toEqual({ state: IDLE, wait: 0 });
  });
});
