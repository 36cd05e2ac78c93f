// Where an AG-UI backend drew each turn's parts in the list (parts-view.ts), with the agent's
// version of the earlier turns beside them (thread-view.ts): a result for an earlier call changes
// its step where it was last drawn, drawn again in place.
import type { PartsTools } from '../../conversation/backend';
import type { HistoryItem } from '../../types';
import type { ActivityHost } from './activity';
import { createPartsView, type PartsLang } from './parts-view';
import type { Part, ToolPart } from './run';
import { changeCall, type CallChange } from './steps';
import { createThreadView, isThreadPart } from './thread-view';

/** The list's drawn turns; `history()` is the page's record (the thread view pairs its rows with it). */
export function createDrawnTurns(lang: PartsLang, host: ActivityHost, history: () => readonly HistoryItem[]) {
  const drawParts = createPartsView(lang, host);
  const threadView = createThreadView();
  /** Where the parts of each turn were drawn, as last drawn. */
  const drawnAt = new Map<HTMLElement, { parts: Part[]; ui: PartsTools }>();
  return {
    /** Draws a turn's parts into `el`, and the earlier turns as the agent rewrote them, when it did. */
    draw(el: HTMLElement, parts: readonly unknown[], ui: PartsTools) {
      const own = parts.filter((p) => !isThreadPart(p)) as Part[];
      // A new turn's element: those the list no longer holds (a new conversation, the history drawn again) go.
      if (!drawnAt.has(el)) for (const old of drawnAt.keys()) if (!old.isConnected) drawnAt.delete(old);
      drawnAt.set(el, { parts: own, ui });
      drawParts(el, own, ui);
      threadView.draw(el, parts.find(isThreadPart), ui, history);
    },
    /** Changes the step of call `id` wherever it was drawn, drawn again in place. */
    change(id: string, change: CallChange, when?: (part: ToolPart) => boolean) {
      for (const [el, shown] of drawnAt) {
        const next = changeCall(shown.parts, id, change, when);
        if (next) drawParts(el, (shown.parts = next), shown.ui);
      }
    },
    /** The list as the page's record has it: no turn's version of the earlier turns stands. */
    restoreAll: threadView.restoreAll,
  };
}
