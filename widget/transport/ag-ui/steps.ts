// How a step's status changes once the run that drew it is no longer the one streaming (DESIGN.md
// §9): steps end with their turn (a visitor's Stop, a stream cut off, a failure, a finish), and a
// call of an earlier turn is settled where that turn drew it (an interrupt's resume answers it, the
// visitor rejected it). Pure: the backend applies these to what it shows and keeps.
import type { Part, StepEnding, ToolPart } from './run';

/** How a turn ended, for its steps: `done` (answered), or one of the endings of what still ran. */
export type TurnEnding = 'done' | StepEnding;

/**
 * `parts` as they stand once their turn ended `how`: nothing still shows as running. A tool call
 * that waits for the page or a decision (`pending`) keeps waiting in an answered turn (or when
 * `waiting` says it still does), and ends with any other. An activity is marked with how its
 * turn ended (its renderer hears it: an MCP App view whose tool never gave its result is told
 * the call was cancelled). Parts of other kinds (the thread view's) pass as they are. The same list comes back when nothing changed.
 */
export function endParts<T>(parts: readonly T[], how: TurnEnding, waiting = how === 'done'): T[] {
  let changed = false;
  const out = parts.map((item) => {
    const p = item as Part;
    let next: Part | undefined;
    if (p.kind === 'tool') {
      if (p.status === 'running' || (p.status === 'pending' && !waiting)) next = { ...p, status: how };
    } else if (p.kind === 'step' || p.kind === 'subagent') {
      if (p.status === 'running') next = { ...p, status: how } as Part;
    } else if (p.kind === 'reasoning' && !p.done) next = { ...p, done: true };
    else if (p.kind === 'activity' && !p.ended) next = { ...p, ended: how };
    if (!next) return item;
    changed = true;
    return next as T;
  });
  return changed ? out : (parts as T[]);
}

/** What happens to an earlier turn's call: its result came, or a decision, or its resumed turn ended. */
export type CallChange = Partial<Pick<ToolPart, 'status' | 'result'>>;

/**
 * `parts` with tool call `id` changed, or null when they hold no such call (or `when` refuses it).
 * A call the visitor rejected stays rejected: a result the agent sends for it afterwards (AG-UI
 * resumes report a cancelled call as not run) is shown as its result, not as its status.
 */
export function changeCall<T>(parts: readonly T[], id: string, change: CallChange, when: (part: ToolPart) => boolean = () => true): T[] | null {
  const i = parts.findIndex((p) => (p as Part).kind === 'tool' && (p as ToolPart).id === id);
  const part = parts[i] as ToolPart | undefined;
  if (!part || !when(part)) return null;
  const next: ToolPart = { ...part, ...change };
  if (part.status === 'rejected') next.status = 'rejected';
  const out = parts.slice();
  out[i] = next as T;
  return out;
}
