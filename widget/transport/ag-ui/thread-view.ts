// A MESSAGES_SNAPSHOT replaces the transcript when it arrives (AG-UI 1.0): when one, mid-run,
// rewrites the turns before the running one (an agent that trims or edits its history), the list
// shows the agent's version at once, not when the answer is done. The rows the page drew stay
// where the agent kept them (their renderers are not mounted again), those it dropped are hidden,
// and the ones it added are drawn in their places; the running turn's rows are not touched. Once
// the turn is answered the conversation redraws the list from the agent's version; a turn that
// fails, stops or is cut off goes back to the page's record (`restore`), which its thread keeps.
//
// The pure core pairs the two transcripts (`alignThread`); the shell only hides, moves and adds.

import type { PartsTools } from '../../conversation/backend';
import type { HistoryItem } from '../../types';

/** The earlier turns as the agent now has them, carried among a running turn's parts. */
export interface ThreadPart {
  kind: 'thread';
  items: readonly HistoryItem[];
}

export const isThreadPart = (p: unknown): p is ThreadPart => (p as ThreadPart | null)?.kind === 'thread';

type Row = Pick<HistoryItem, 'r' | 't'>;
const same = (a: Row, b: Row) => a.r === b.r && a.t === b.t;

/**
 * For each row of `agent`, the index of the row of `shown` it keeps (a longest common
 * subsequence, so kept rows stay in order), or -1 for a row the page does not show.
 */
export function alignThread(shown: readonly Row[], agent: readonly Row[]): number[] {
  const n = shown.length;
  const m = agent.length;
  // lcs[i][j]: the longest common subsequence of shown[i..] and agent[j..].
  const lcs = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i]![j] = same(shown[i]!, agent[j]!) ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out = new Array<number>(m).fill(-1);
  for (let i = 0, j = 0; i < n && j < m; ) {
    if (same(shown[i]!, agent[j]!)) (out[j] = i), i++, j++;
    else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) i++;
    else j++;
  }
  return out;
}

/** What the view changed in the list, to change again or undo. */
interface Overlay {
  hidden: HTMLElement[];
  /** Rows drawn for the agent's version, by row key: kept while the agent keeps them. */
  added: Map<string, HTMLElement>;
  /** The agent's rows last drawn: the same list again changes nothing. */
  key: string;
}

/**
 * The shell. `draw(el, thread, ui, history)`: `el` is the running turn's parts element (in the
 * list, after its visitor's row); `history()`, the page's record, ends with that visitor's row.
 */
export function createThreadView() {
  const overlays = new Map<HTMLElement, Overlay>();

  function restore(el: HTMLElement) {
    const o = overlays.get(el);
    if (!o) return;
    for (const row of o.hidden) row.style.display = '';
    for (const row of o.added.values()) row.remove();
    overlays.delete(el);
  }

  function draw(el: HTMLElement, thread: ThreadPart | undefined, ui: PartsTools, history: () => readonly HistoryItem[]) {
    if (!thread) return restore(el);
    const key = JSON.stringify(thread.items.map((m) => [m.r, m.t]));
    const was = overlays.get(el);
    if (was?.key === key) return;
    // The running turn's visitor row, and the page's rows before it (direct children of the list:
    // the greeting, failed answers and the rows inside steps are not the thread's).
    let turnRow: Element | null = el.previousElementSibling;
    while (turnRow && !turnRow.classList.contains('bc-msg-user')) turnRow = turnRow.previousElementSibling;
    if (!turnRow) return;
    const rows: HTMLElement[] = [];
    for (let n = turnRow.previousElementSibling; n; n = n.previousElementSibling) {
      if (n instanceof HTMLElement && n.matches('.bc-msg-user, .bc-msg-assistant') && !n.matches('.bc-greeting, .bc-msg-error') && ![...(was?.added.values() ?? [])].includes(n)) rows.unshift(n);
    }
    const record = history();
    const lastUser = record.map((m) => m.r).lastIndexOf('u');
    const items = record.slice(0, Math.max(0, lastUser)).filter((m) => !m.err);
    // Paired from the end: rows older than the page's record (past its 50) are left as they are.
    const count = Math.min(rows.length, items.length);
    const shownRows = rows.slice(rows.length - count);
    const shownItems = items.slice(items.length - count);
    const kept = alignThread(shownItems, thread.items);

    for (const row of was?.hidden ?? []) row.style.display = '';
    const hidden: HTMLElement[] = [];
    const keptSet = new Set(kept);
    shownRows.forEach((row, i) => {
      if (keptSet.has(i)) return;
      hidden.push(row);
      // An answer's steps stand right before it: they go with it.
      const steps = row.previousElementSibling;
      if (row.classList.contains('bc-msg-assistant') && steps instanceof HTMLElement && steps.classList.contains('bc-steps')) hidden.push(steps);
    });
    for (const row of hidden) row.style.display = 'none';

    // The agent's rows in order: a kept one is the page's row; a new one is drawn (once) before the next kept one.
    const added = new Map<string, HTMLElement>();
    const seen = new Map<string, number>();
    let before: Element = turnRow;
    for (let j = thread.items.length - 1; j >= 0; j--) {
      const item = thread.items[j]!;
      if (kept[j]! >= 0) {
        const row = shownRows[kept[j]!]!;
        // Its steps stay with it.
        const steps = row.previousElementSibling;
        before = row.classList.contains('bc-msg-assistant') && steps?.classList.contains('bc-steps') ? steps : row;
        continue;
      }
      const base = `${item.r}:${item.t}`;
      const nth = (seen.get(base) ?? 0) + 1;
      seen.set(base, nth);
      const rowKey = `${base}#${nth}`;
      let row = was?.added.get(rowKey);
      if (!row) {
        if (item.r === 'u') row = ui.user(item.t);
        else {
          const bubble = ui.message();
          bubble.show(item.t, true);
          row = bubble.el;
        }
      }
      added.set(rowKey, row);
      if (row.nextElementSibling !== before) before.before(row);
      before = row;
    }
    for (const [k, row] of was?.added ?? []) if (!added.has(k)) row.remove();
    overlays.set(el, { hidden, added, key });
  }

  return { draw, restore, restoreAll: () => [...overlays.keys()].forEach(restore) };
}
