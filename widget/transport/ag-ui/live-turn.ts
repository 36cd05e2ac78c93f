// What a running AG-UI turn shows, written down in the page's storage as it goes: AG-UI has no way
// to resume a stream, so a page left mid-run (in a long, quiet tool call too) shows again, after a
// reload, what the visitor saw, cut off.
import type { TurnEnd, TurnProgress } from '../../conversation/backend';
import { writeString } from '../../conversation/history';
import { keptParts, readJson } from './kept-thread';
import type { Part } from './run';

/**
 * How often, at most, what a running turn shows is written down for a reload mid-run; it is
 * written once more this long after its last change, so a quiet spell (a long tool call) keeps it.
 */
export const LIVE_SAVE_MS = 400;

/**
 * Turn `id`'s record at `key`: `tell` reports its progress and writes it down, at most every
 * LIVE_SAVE_MS and once more after its last change; a page left between two writes writes what
 * it showed as it goes.
 */
export function liveTurn(storage: Storage | null, key: string, id: string, report: (progress: TurnProgress) => void) {
  let last: TurnProgress | undefined;
  let savedAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    savedAt = Date.now();
    writeString(storage, key, last ? JSON.stringify({ id, text: last.text, parts: keptParts((last.parts ?? []) as Part[]) }) : null);
  };
  const onHide = () => timer !== undefined && save();
  globalThis.addEventListener?.('pagehide', onHide);
  return {
    tell(progress: TurnProgress) {
      report((last = progress));
      const wait = savedAt + LIVE_SAVE_MS - Date.now();
      if (wait <= 0) save();
      else timer ??= setTimeout(save, wait);
    },
    /** What the turn showed last. */
    last: () => last,
    /** The page's leaving is no longer watched (the turn's runs are over). */
    unwatch: () => globalThis.removeEventListener?.('pagehide', onHide),
    /** Written once more, as the turn ends: an answered turn's record goes (the page's history has it). */
    end(answered: boolean) {
      if (answered) last = undefined;
      save();
    },
  };
}

/** Turn `id` followed again after a reload: an AG-UI stream cannot be picked up again. What had come stays readable. */
export function lostTurn(storage: Storage | null, key: string, id: string, report: (progress: TurnProgress) => void): TurnEnd {
  const live = readJson(storage, key, (v): v is { id: string; text: string; parts: Part[] } => typeof v === 'object' && v !== null && (v as { id?: unknown }).id === id, null);
  if (live) report({ text: live.text, resets: 0, working: false, parts: live.parts });
  return { kind: 'lost', reason: 'the page was left while the agent answered' };
}
