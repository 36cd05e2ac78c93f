// The parts each answered AG-UI turn showed (steps, generated UI), kept in the page's storage with
// its thread for a reload: the newest turns, as many as fit (kept-thread.ts says how much).
import { newestFitting, roomFor, writeString } from '../../conversation/history';
import { isRecord, keptParts, MAX_KEPT_TURNS, MAX_STORED_PARTS, readJson } from './kept-thread';
import type { Part, ToolPart } from './run';
import { changeCall, endParts, type CallChange } from './steps';

export type KeptParts = ReturnType<typeof createKeptParts>;

/** The kept parts of the thread at `key` of `storage`, read once. */
export function createKeptParts(storage: Storage | null, key: string) {
  let turns: Record<string, Part[]> = readJson(storage, key, isRecord<Part[]>, {});
  function write() {
    const fitting = newestFitting(Object.entries(turns).slice(-MAX_KEPT_TURNS), MAX_STORED_PARTS);
    turns = Object.fromEntries(fitting);
    writeString(storage, key, JSON.stringify(Object.fromEntries(newestFitting(fitting, roomFor(storage, key)))));
  }
  return {
    /** Writes the kept parts (within their limits). */
    write,
    /** Keeps what turn `id` showed, when it showed anything. */
    keep(id: string, parts: readonly Part[]) {
      const shown = keptParts(parts);
      if (!shown.some((p) => p.kind !== 'text' || p.text)) return;
      turns[id] = shown;
      write();
    },
    // Nothing a kept turn drew runs after a reload: what still ran then (an approved call whose
    // resume the page was left in) was cut off. A call waiting for a decision still waits.
    of: (id: string) => (turns[id] ? endParts(turns[id]!, 'cut', true) : null),
    /** Changes the step of call `id` in the turn that drew it. */
    change(id: string, change: CallChange, when?: (part: ToolPart) => boolean) {
      let kept = false;
      for (const turn in turns) {
        const next = changeCall(turns[turn]!, id, change, when);
        if (next) (turns[turn] = next), (kept = true);
      }
      if (kept) write();
    },
    /** Another thread's parts (none for a new thread), written with `write`; returns the ones they replace. */
    restore(other: Record<string, Part[]>) {
      const was = turns;
      turns = other;
      return was;
    },
  };
}
