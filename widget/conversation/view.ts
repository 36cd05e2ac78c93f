// What the visitor sees of a conversation's thread, painted from its state (state.ts): every row
// of the items, keyed by their job ids, and the message waiting for the network. `paintAll` derives
// the whole list again at any time (first show, a new conversation, a merged or rewritten thread);
// each answer's content is answer-content.ts's, its footer footer.ts's, its versions versions.ts's;
// the running turn's bubble is bubble.ts's.

import type { DecisionTools } from './backend';
import type { LiveTurn } from './bubble';
import type { ConversationDeps } from './conversation';
import { imagePolicy } from '../markdown/image-origins';
import { answerVersions, unansweredRows } from './history';
import type { MountGroup } from '../registry/registry';
import type { ConversationInput, ConversationState, OpenTurn } from './state';
import type { HistoryItem, Rating, ResponsePresentation } from '../types';
import { splitUserMessage } from '../attachments/uploads';
import { attachmentList } from '../attachments/attachment-list';
import { h } from '../ui/dom';
import { createAnswerContent } from './answer-content';
import { createFooters } from './footer';
import { adoptMathStyles, codeFor, loadExtras } from './loaders';
import { createVersions } from './versions';
import { drawInSlices } from './thread-slices';

/** What the view, and the effect runner beside it (effects.ts), ask of the conversation. */
export interface ViewContext {
  state(): ConversationState;
  dispatch(input: ConversationInput): void;
  /** Sends the visitor's text as a new turn (a starter question). */
  send(text: string): boolean;
  /** Asks `user`'s question again as it was, as a new turn (`redo`: the turn it replaces). */
  ask(user: HistoryItem, redo?: OpenTurn['redo']): void;
  respond(sourceJobId: string, type: string, version: number, response: Record<string, unknown>, presentation?: ResponsePresentation): Promise<void>;
  rate(jobId: string, rating: Rating | 'note', comment?: string): Promise<void>;
  flush(): void;
  decisionTools: DecisionTools;
}

/** A row on screen: the item it paints, its element, and the renderers mounted in it. */
export interface RenderedItem {
  item: HistoryItem;
  el: HTMLElement;
  mounts: MountGroup | null;
}

export type View = ReturnType<typeof createView>;

/** Paints the thread from the state, keyed by message id: the rows, each answer's content and footer. */
export function createView(deps: ConversationDeps, ctx: ViewContext) {
  const { announce, list, options, strings, warn } = deps;
  const rendered: RenderedItem[] = [];
  /** Renderers of turns that left no answer in the history (stopped, failed, cut off): ended with the list. */
  const strayMounts: MountGroup[] = [];
  let queuedEls: HTMLElement[] = [];
  /** What may load of an attachment: the hub's own files, and others by the owner's image policy. */
  const images = imagePolicy(options.images);
  const attachmentPolicy = { hubOrigin: new URL(options.api).origin, images };
  /** What rendering `text` waits on, if anything (the markdown code, math.js). */
  const pending = (text: string) => codeFor(options, text, list.container, warn);
  adoptMathStyles(list.container);

  /** A visitor's bubble: the text without attachment lines, with the attachments under it. */
  const addUser = (item: HistoryItem) => {
    const { text, atts } = splitUserMessage(item.t, item.atts);
    return list.addUser(text, atts.length ? attachmentList(atts, attachmentPolicy, strings) : null, item.ts || 0);
  };
  const showOld = (el: HTMLElement, item: HistoryItem) => void loadExtras(options.scriptSrc).then((extras) => extras.markRedone(el, item, strings));

  const versions = createVersions(rendered, () => ctx.state().items, announce, strings);
  const { pagers, answerRows, showVersion } = versions;
  const [paintMarkdown, partsTools, paintKeptParts, showDecision] = createAnswerContent(deps, ctx, images, pending);
  const [decorate, unedit] = createFooters(deps, ctx, rendered, attachmentPolicy, versions);

  /** Retry of a failed answer: the visitor asks again, as a new turn (never an automatic re-send). */
  const retry = (user: HistoryItem) => (ctx.state().running ? announce(strings.busy) : user.interaction || ctx.ask(user));

  /** Ends every row's renderers and empties the list. */
  function clear() {
    painting++;
    for (const entry of rendered) entry.mounts?.destroyAll();
    for (const group of strayMounts.splice(0)) group.destroyAll();
    rendered.length = 0;
    pagers.clear();
    list.clear();
  }

  /** The message waiting for the network, last in the list, with "Send now". */
  function paintQueued() {
    const { queued } = ctx.state();
    for (const el of queuedEls) el.remove();
    queuedEls = [];
    if (!queued) return;
    queuedEls.push(addUser(queued));
    const note = list.addAssistant();
    note.setStatus({ kind: 'note', text: navigator.onLine ? strings.unreachable : strings.queued, action: { label: strings.sendNow, run: ctx.flush } });
    queuedEls.push(note.el);
    list.toEnd();
  }

  /** Row `i` of `items`, a visitor's; `failed`: its job ended without an answer; `later`: a version's question after the first. */
  function paintUser(items: readonly HistoryItem[], i: number, failed: boolean, later: boolean) {
    const item = items[i]!;
    const el = addUser(item);
    if (item.o == 'edited') showOld(el, item);
    // Asked again by Regenerate: the question shows once, as first asked (also when the new
    // version failed or is still to come: the row after an answer marked `regenerated`).
    const prev = items[i - 1];
    el.hidden = later || (prev?.r == 'a' && prev.o == 'regenerated');
    rendered.push({ item, el, mounts: null });
    // Its job ended without an answer (BailingHub lists a failed job as its visitor row only).
    if (failed) list.addAssistant().setError(strings.recoverFailed, item.interaction ? undefined : () => retry(item));
  }

  /** Row `i` of `items`, an answer: its kept parts, then its text (or failure), footer and decision card. */
  function paintAnswer(items: readonly HistoryItem[], i: number) {
    const item = items[i]!;
    const bubble = list.addAssistant(item.ts || 0);
    // A failed answer's steps (and what came of it before it failed) stand above it too.
    let mounts = item.j ? paintKeptParts(bubble, item.j) : null;
    if (item.err) {
      const user = items[i - 1];
      bubble.setError(item.t, user && user.r === 'u' && !user.interaction && i === items.length - 1 ? () => retry(user) : undefined);
    } else {
      mounts = joinGroups(paintMarkdown(bubble.setContent, item.t, item.j, true), mounts);
      decorate(bubble, item);
      if (item.j) showDecision(bubble, item.j);
    }
    if (item.o == 'edited') showOld(bubble.el, item);
    rendered.push({ item, el: bubble.el, mounts });
  }

  /** Which paintAll's older rows are still to come: another paint (or a clear) ends them. */
  let painting = 0;

  /** The whole thread, painted from the state (first show, new conversation, a merge that changed it): newest rows first (thread-slices.ts). */
  function paintAll(live: () => readonly LiveTurn[]) {
    const { items } = ctx.state();
    // Answers need the markdown code; a greeting and the visitor's own rows do not.
    const wait = items.some((item) => item.r == 'a' && !item.err) && pending(items.map((item) => item.t).join());
    if (wait) return void wait.then(() => paintAll(live));
    clear();
    const paint = painting;
    if (deps.greeting) list.addNote(deps.greeting);
    if (!items.length && deps.starters?.length) list.container.append(starters(deps.starters, (text) => ctx.send(text)));
    if (ctx.state().undo) list.addStatus(strings.cleared, { label: strings.undo, run: () => ctx.dispatch({ type: 'undo', take: true }) }).classList.add('bc-undo');
    const rows = threadRows(items, paintUser, paintAnswer, showVersion);
    drawInSlices(items, rows, (from, to) => {
      const drawn = rendered.length;
      list.older(rendered[0]!.el, () => rows(from, to));
      rendered.unshift(...rendered.splice(drawn));
    }, () => paint == painting);
    list.container.append(...liveRows(live()));
    paintQueued();
    list.toEnd();
  }

  /**
   * Turn `jobId`'s rows on screen, marked as asked again below; regenerated, its answer gives way
   * to the new version (`how` undefined: the new version ended without an answer, and it shows again).
   */
  const markOld = (jobId: string, how?: HistoryItem['o']) => {
    if (how != 'edited') for (const row of answerRows(jobId)) row.hidden = !!how;
    else for (const entry of rendered) if (entry.item.j == jobId) showOld(entry.el, { ...entry.item, o: how });
  };

  return { rendered, strayMounts, pending, addUser, retry, unedit, paintMarkdown, partsTools, showDecision, decorate, clear, paintQueued, paintAll, markOld };
}

/**
 * What the turns not over yet show, kept below the thread when it is painted again (a page that
 * opened the chat and sent at once, before the thread's first paint; a merge while a turn runs):
 * a turn the service took has its visitor's row in the thread already.
 */
const liveRows = (turns: readonly LiveTurn[]) => turns.flatMap((turn) => [!turn.t.user.j && turn.userEl, turn.partsEl, turn.bubble?.el]).filter(Boolean) as HTMLElement[];

/** Draws rows `from` to `to` of `items`, in order, with `user` and `answer`; each answer shows its latest version. */
function threadRows(items: readonly HistoryItem[], user: (items: readonly HistoryItem[], i: number, failed: boolean, later: boolean) => void, answer: (items: readonly HistoryItem[], i: number) => void, showVersion: (jobId: string) => void) {
  const failed = new Set(unansweredRows(items).failed);
  const chains = answerVersions(items);
  return (from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const item = items[i]!;
      if (item.r === 'u') user(items, i, failed.has(i), chains.get(item.j!)?.indexOf(item.j!)! > 0);
      else answer(items, i);
    }
    for (const [jobId, chain] of chains) if (chain.length > 1 && chain.at(-1) == jobId) showVersion(jobId);
  };
}

/** The questions offered under the greeting until the visitor asks one (the first four); each sends itself. */
function starters(texts: readonly string[], send: (text: string) => unknown) {
  return h('div', { class: 'bc-starters' }, texts.slice(0, 4).map((text) => {
    const button = h('button', { type: 'button' }, [text]);
    button.onclick = () => send(text);
    return button;
  }));
}

/** Both groups as one (an answer's blocks and its parts' renderers end together). */
export function joinGroups(a: MountGroup | null, b: MountGroup | null | undefined): MountGroup | null {
  if (!a || !b) return a ?? b ?? null;
  return { add: (handle) => a.add(handle), destroyAll: () => (a.destroyAll(), b.destroyAll()) };
}
