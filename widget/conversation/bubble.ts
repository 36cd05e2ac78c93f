// The bubble of a turn not over yet: the answer as it streams (a live render at most every
// LIVE_RENDER_MS), its parts (tool steps, reasoning), and what it shows when the turn's phase
// changes (state.ts's `enter`): the final answer, a failure, a stop, a cut-off stream.

import type { ConversationDeps } from './conversation';
import type { LiveRender } from '../markdown/markdown';
import type { MountGroup } from '../registry/registry';
import type { OpenTurn } from './state';
import type { HistoryItem } from '../types';
import type { AssistantBubble } from '../ui/messages';
import { markdownCode } from './loaders';
import { joinGroups, type View } from './view';

/**
 * Fewest milliseconds between two renders of a streaming answer. Each render costs the page a
 * style, layout and paint (about 3.4 ms on the bench machine), so a slow stream's cost follows its
 * duration over this: 150 rather than 100 took 10 KB at 30 ms per delta from 1,289 to 1,073 ms of
 * main-thread time (npm run bench, 2026-12-03), at about seven updates a second.
 */
const LIVE_RENDER_MS = 150;
/**
 * Past this length of text not yet drawn, the final render (about 0.7 ms a KB on the bench machine)
 * has a task of its own: 60 KB read in one burst was one task of 55–60 ms, the stream's reading and
 * the render together. And it draws the answer whole, not as the live render's tail: 55 KB read
 * in one burst after a first live render were a task of 50–86 ms, then a frame of 50–55 ms that
 * laid out every block of the streamed body (which skips none out of view, styles.ts).
 */
const LONG_DRAW_CHARS = 16_384;
/** A live render that drew less new text than this is laid out in its own task (list.keepEnd). */
const KEEP_END_CHARS = 4_096;

/** A turn not over yet as the shell holds it: its state (`t`) and what the visitor sees of it. */
export interface LiveTurn {
  key: number;
  /** The turn as the state last had it. */
  t: OpenTurn;
  /** Aborts the request or stream (Stop); and the recovery, on teardown. */
  abort: AbortController;
  userEl: HTMLElement;
  bubble: AssistantBubble | null;
  /** The pending live render (a timer), or 0. */
  frame: number;
  /**
   * The pending live render is the first text's, due at once: not armed again by the reports
   * that come before it runs (it draws the text as it then is; an agent that reported every
   * delta re-armed it thousands of times in one read, 15 ms).
   */
  soon?: boolean;
  paintedAt: number;
  /** How much of the text the last live render drew (characters). */
  drawnChars?: number;
  /** The provisional render of the current stream; a new one after each reset. */
  live?: LiveRender;
  liveResets?: number;
  /** The pending recovery wait, if any. */
  timer?: unknown;
  /** Where the backend draws the turn's other parts (tool steps, reasoning), once there are some. */
  partsEl?: HTMLElement;
  /** Renderers the parts mounted (generative UI), ended with the answer's. */
  partMounts?: MountGroup;
  /** Settles once the service took the turn, or rejects with why it did not. */
  taken: { resolve(): void; reject(error: unknown): void };
}

export function createBubbles(deps: ConversationDeps, view: View, running: (turn: LiveTurn) => boolean) {
  const { announce, backend, emit, list, registry, strings, theme } = deps;
  const { pending, partsTools, paintMarkdown, rendered, decorate, showDecision, retry, strayMounts, markOld } = view;

  function showAnswering(turn: LiveTurn) {
    (turn.bubble = list.addAssistant()).setStatus({ kind: 'waiting' });
    announce(strings.responding);
  }

  /** The turn's tool steps, reasoning and progress, above its text, drawn by the backend. */
  function paintParts(turn: LiveTurn, bubble: AssistantBubble) {
    const { life } = turn.t;
    const { parts } = life.progress;
    if (!parts?.length || !backend.drawParts || !life.id) return;
    // Steps and earlier messages go in the list before the answer's bubble, as rows of their own.
    if (!turn.partsEl) bubble.el.before((turn.partsEl = document.createElement('div')));
    backend.drawParts(turn.partsEl, parts, partsTools(life.id, (turn.partMounts ??= registry.createGroup()), bubble, false));
  }

  function paintProvisional(turn: LiveTurn, bubble: AssistantBubble) {
    const { progress } = turn.t.life;
    paintParts(turn, bubble);
    const wait = pending(progress.text);
    if (wait) return void wait.then(() => paintProvisional(turn, bubble));
    if (turn.liveResets !== progress.resets) {
      bubble.body.replaceChildren();
      turn.live = markdownCode().createLiveRender(bubble.body, bubble.prepare, (type, container, source) => registry.preview(type, container, source, theme()), turn.abort.signal, strings);
      turn.liveResets = progress.resets;
      // A streamed body's blocks are all laid out (styles.ts): skipping the ones out of view cost a
      // frame of layout for every render that pushed some out.
      bubble.body.classList.add('bc-streamed');
    }
    turn.live!.update(progress.text);
    if (running(turn)) {
      if (progress.working) bubble.setStatus({ kind: 'working', label: strings.working });
      else bubble.setStatus(progress.text ? { kind: 'none' } : { kind: 'waiting' });
    }
  }

  function scheduleProvisional(turn: LiveTurn) {
    // The first text shows at once, even when a render of the turn's status (a stream's open event,
    // an agent's run starting) came just before it and would hold the next one LIVE_RENDER_MS back.
    const first = !turn.drawnChars && !!turn.t.life.progress.text;
    if (turn.frame && (!first || turn.soon)) return;
    clearTimeout(turn.frame);
    turn.soon = first;
    // Renders LIVE_RENDER_MS apart: each costs the page a style, layout and paint, so that cost
    // follows the answer's duration/LIVE_RENDER_MS, not its number of deltas. Drawn in the timer's
    // task, not in a frame: the list keeps its end in view in the same task, so the frame that
    // follows draws the text and the scroll together (a scroll made in a frame takes a second frame
    // to report: 10 KB at 30 ms per delta drew 398 frames for 170 renders, now about 175).
    turn.frame = +setTimeout(() => {
      turn.frame = 0;
      turn.paintedAt = performance.now();
      if (!running(turn) || !turn.bubble) return;
      const { length } = turn.t.life.progress.text;
      paintProvisional(turn, turn.bubble);
      // A render that drew a lot (a burst) leaves its layout to the frame: one task would else hold both.
      if (length - (turn.drawnChars ?? 0) < KEEP_END_CHARS) list.keepEnd();
      turn.drawnChars = length;
    }, first ? 0 : turn.paintedAt + LIVE_RENDER_MS - performance.now());
  }

  /** The answer `item` in the turn's bubble: the live render's tail finished, or its final render. */
  function showFinal(turn: LiveTurn, bubble: AssistantBubble, item: HistoryItem, later?: boolean) {
    const reply = item.t;
    const wait = pending(reply);
    if (wait) return void wait.then(() => showFinal(turn, bubble, item));
    const jobId = item.j!;
    // Much text still to draw (LONG_DRAW_CHARS) waits for a task of its own and is drawn whole, as
    // a body that did not stream (its blocks out of view skipped by layout, styles.ts). Else the
    // live render's tail is finished, unless the answer has what only the final render shows.
    if (!later && reply.length - (turn.live ? turn.drawnChars ?? 0 : 0) > LONG_DRAW_CHARS) return void setTimeout(() => showFinal(turn, bubble, item, true));
    if (later) bubble.body.classList.remove('bc-streamed');
    const done = !later && turn.live && !/!\[/.test(reply) && ![...reply.matchAll(/^ {0,3}(?:`{3,}|~{3,})[ \t]*([^\s`]+)/gm)].some((m) => registry.has(m[1]!)) && turn.live.finish(reply);
    const mounts = joinGroups(done ? null : paintMarkdown(bubble.setContent, reply, jobId, false), turn.partMounts);
    bubble.setStatus({ kind: 'none' });
    rendered.push({ item, el: bubble.el, mounts });
    decorate(bubble, item);
    showDecision(bubble, jobId);
    announce(strings.complete);
    emit('message', { role: 'assistant', text: reply, jobId });
    emit('done', { jobId, reply });
  }

  /** What the visitor sees when the turn's phase changes (`item`: the answer it left in the history). */
  function enter(turn: LiveTurn, item?: HistoryItem) {
    const { life, user } = turn.t;
    if (life.phase !== 'recovering') clearTimeout(turn.frame);
    const bubble = turn.bubble!;
    // A regeneration that ended without an answer: the answer it was to replace shows again above it.
    const redo = turn.t.redo;
    if (redo?.[1] == 'regenerated' && /^(stopped|failed|interrupted)$/.test(life.phase)) markOld(redo[0]);
    // The steps as they ended (a result that came with the last event), whatever the text does.
    if (life.phase !== 'unsent') paintParts(turn, bubble);
    if (turn.partMounts && life.phase !== 'done' && life.phase !== 'streaming' && life.phase !== 'recovering') strayMounts.push(turn.partMounts);
    switch (life.phase) {
      case 'done':
        return showFinal(turn, bubble, item!);
      case 'failed':
        bubble.setError(item!.t, () => retry(user));
        rendered.push({ item: item!, el: bubble.el, mounts: null });
        announce(strings.failedAnnounce, true);
        return emit('error', { message: item!.t, jobId: life.id });
      case 'recovering':
        // The answer may still arrive: the backend looks for it.
        paintProvisional(turn, bubble);
        return bubble.setStatus({ kind: 'note', text: strings.recovering });
      case 'stopped':
      case 'interrupted':
        // Not the answer (the visitor stopped it, or it was cut off and nothing will finish it):
        // the part that came stays readable, marked so, and the question can be asked again.
        paintProvisional(turn, bubble);
        bubble.el.classList.add('bc-retry');
        return bubble.setStatus({ kind: 'note', text: strings[life.phase], action: { label: strings.retry, run: () => retry(user) } });
    }
  }

  return { showAnswering, scheduleProvisional, enter };
}
