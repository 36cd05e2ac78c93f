// What the visitor sees of a conversation's thread, painted from its state (state.ts): every row
// of the items, keyed by their job ids, with the answers' markdown, renderer blocks, kept parts
// and footers, and the message waiting for the network. `paintAll` derives the whole list again
// at any time (first show, a new conversation, a merged or rewritten thread); the running turn's
// bubble is bubble.ts's.

import type { DecisionTools, PartsTools } from './backend';
import type { ConversationDeps } from './conversation';
import { imagePolicy } from '../markdown/image-origins';
import { answerVersions, redoable, responsesFor, unansweredRows } from './history';
import { loadExternalModule, loadModule } from '../modules';
import { fallbackBlock } from '../registry/fallback';
import type { MountGroup } from '../registry/registry';
import type { ConversationInput, ConversationState, OpenTurn } from './state';
import { keptFor, type AssistantBubble } from '../ui/messages';
import type { HistoryItem, Rating, ResponsePresentation } from '../types';
import { splitUserMessage } from '../attachments/uploads';
import { attachmentList } from '../attachments/attachment-list';
import { h } from '../ui/dom';
import { trustedHTML } from '../ui/trusted-types';

/** What the view asks of the conversation it paints. */
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

/**
 * One function of about 210 lines, on purpose: the rows on screen (`rendered`), the stray mounts
 * and the Edit strip are the view's own state, which painting, clearing and marking all read.
 */
export function createView(deps: ConversationDeps, ctx: ViewContext) {
  const { announce, backend, composer, list, options, registry, strings, theme, warn } = deps;
  const rendered: RenderedItem[] = [];
  /** Renderers of turns that left no answer in the history (stopped, failed, cut off): ended with the list. */
  const strayMounts: MountGroup[] = [];
  let queuedEls: HTMLElement[] = [];
  /** Takes the "Editing your question" strip away, when it shows. */
  let unstrip = () => {};
  /** The "‹ 2 / 3 ›" of each answer with versions that has a footer: its element and what brings it up to date. */
  const pagers = new Map<string, [HTMLElement, () => void]>();
  /** What may load of an attachment: the hub's own files, and others by the owner's image policy. */
  const images = imagePolicy(options.images);
  const attachmentPolicy = { hubOrigin: new URL(options.api).origin, images };
  /**
   * What rendering `text` waits on, if anything: the markdown code, then math.js when the owner
   * turned math on and `text` may hold a formula (once: loaded or failed, it is not waited on again).
   */
  const pending = (text: string): Promise<unknown> | false =>
    !markdown ? loadMarkdown(options.scriptSrc, warn) : options.math && math === undefined && /\$|\\[([]/.test(text) && loadMath(options.scriptSrc, warn).then(() => math?.adoptMathStyles(list.container));
  math?.adoptMathStyles(list.container);

  /** A visitor's bubble: the text without attachment lines, with the attachments under it. */
  const addUser = (item: HistoryItem) => {
    const { text, atts } = splitUserMessage(item.t, item.atts);
    return list.addUser(text, atts.length ? attachmentList(atts, attachmentPolicy, strings) : null, item.ts || 0);
  };
  const showOld = (el: HTMLElement, item: HistoryItem) => void loadExtras(options.scriptSrc).then((extras) => extras.markRedone(el, item, strings));

  /** The versions of answer `jobId` (Regenerate), oldest first. */
  const versionsOf = (jobId: string) => answerVersions(ctx.state().items).get(jobId) ?? [jobId];
  /** What answer `jobId` shows: its steps above it (back to its question's row), its bubble and its footer. */
  function answerRows(jobId: string): HTMLElement[] {
    const el = rendered.find((entry) => entry.item.r == 'a' && entry.item.j == jobId)?.el;
    const rows: HTMLElement[] = [];
    for (let row = el; row && !row.matches('.bc-msg-user'); row = row.previousElementSibling as HTMLElement) rows.push(row);
    const foot = el?.nextElementSibling as HTMLElement | null;
    if (foot?.matches('.bc-after')) rows.push(foot);
    return rows;
  }
  /** Version `jobId` of its answer shows, the others do not (their questions after the first never show). */
  function showVersion(jobId: string) {
    let foot: HTMLElement | undefined;
    for (const j of versionsOf(jobId)) {
      const rows = answerRows(j);
      for (const row of rows) row.hidden = j != jobId;
      if (j == jobId) foot = rows.at(-1);
    }
    if (!pagers.has(jobId) && foot?.matches('.bc-after')) addPager(jobId, foot);
    pagers.get(jobId)?.[1]();
  }
  /** "‹ 2 / 3 ›" in the footer's actions of answer `jobId`; the arrows show the version before or after it, and keep the focus. */
  function addPager(jobId: string, foot: HTMLElement): HTMLElement {
    const label = h('span', { class: 'bc-act-status' });
    const go = (delta: number) => {
      const versions = versionsOf(jobId);
      const to = versions[versions.indexOf(jobId) + delta];
      if (!to) return;
      showVersion(to);
      const [pager] = pagers.get(to) ?? [];
      if (!pager) return;
      const [back, on] = pager.querySelectorAll('button');
      const [ahead, other] = delta < 0 ? [back!, on!] : [on!, back!];
      (ahead.disabled ? other : ahead).focus();
      announce(pager.textContent!);
    };
    const arrow = (delta: number, name: string) => {
      const button = h('button', { type: 'button', class: 'bc-act', 'aria-label': name, title: name }, [delta < 0 ? '‹' : '›']);
      button.onclick = () => go(delta);
      return button;
    };
    const [back, on] = [arrow(-1, strings.previousVersion), arrow(1, strings.nextVersion)];
    const pager = h('span', { class: 'bc-acts' }, [back, label, on]);
    const paint = () => {
      const versions = versionsOf(jobId);
      const at = versions.indexOf(jobId);
      label.textContent = `${at + 1} / ${versions.length}`;
      back.disabled = !at;
      on.disabled = at == versions.length - 1;
    };
    paint();
    pagers.set(jobId, [pager, paint]);
    foot.querySelector('.bc-acts')?.prepend(pager);
    return pager;
  }
  /** Retry of a failed answer: the visitor asks again, as a new turn (never an automatic re-send). */
  const retry = (user: HistoryItem) => (ctx.state().running ? announce(strings.busy) : user.interaction || ctx.ask(user));
  const unedit = () => {
    unstrip();
    unstrip = () => {};
  };

  /**
   * Answer text `text` of `jobId` as its final render, through `setContent`; its renderer blocks
   * mount into `group` (a new one by default), told whether the answer was drawn from the history.
   */
  function paintMarkdown(setContent: (fragment: DocumentFragment) => void, text: string, jobId: string | undefined, restored: boolean, group = registry.createGroup()): MountGroup | null {
    const { fragment, blocks } = markdown!.renderFinal(text, { isRendererType: (type) => registry.has(type), images, words: strings });
    setContent(fragment);
    if (blocks.length === 0 || !jobId) {
      for (const block of blocks) keptFor(block.placeholder).replaceWith(fallbackBlock(block.type, block.source));
      return null;
    }
    for (const block of blocks) group.add(mount(jobId, block.type, block.source, keptFor(block.placeholder), restored));
    return group;
  }

  /** Renderer `type` of answer `jobId` in `container`; its `respond` starts the next turn. */
  const mount = (jobId: string, type: string, source: string, container: HTMLElement, restored: boolean, activity?: Parameters<PartsTools['mount']>[3]) =>
    registry.mount({
      type,
      source,
      container,
      theme: theme(),
      message: { jobId, responses: responsesFor(ctx.state().items, jobId), restored },
      respond: (response, presentation) => ctx.respond(jobId, type, registry.get(type)?.version ?? 1, response, presentation),
      activity,
    });

  /** The page's renderers and markdown, for parts of answer `jobId` in `bubble` (their mounts go in `group`); `restored`: drawn from the history. */
  function partsTools(jobId: string, group: MountGroup, bubble: AssistantBubble, restored: boolean): PartsTools {
    return {
      has: (type) => registry.has(type),
      preview: (type, container, source) => registry.preview(type, container, source, theme()),
      message() {
        const { el, setContent } = list.addAssistant();
        const show = (source: string, final: boolean): void => {
          const wait = pending(source);
          void (wait ? wait.then(() => show(source, final)) : paintMarkdown(setContent, source, final ? jobId : undefined, restored, group));
        };
        return { el, show };
      },
      user: (text) => list.addUser(text, null, 0),
      below(node) {
        bubble.body.after(node);
        // Generated UI wants the panel's width, as tables and code do.
        bubble.el.classList.add('bc-wide');
      },
      mount(type, source, container, activity) {
        const handle = group.add(mount(jobId, type, source, container, restored, activity));
        return () => handle.destroy();
      },
    };
  }

  /** An answer's kept parts, drawn above it again (a reload, a re-render of the history). */
  function paintKeptParts(bubble: AssistantBubble, jobId: string): MountGroup | null {
    const parts = backend.partsOf?.(jobId);
    if (!parts?.length || !backend.drawParts) return null;
    const el = document.createElement('div');
    bubble.el.before(el);
    const group = registry.createGroup();
    backend.drawParts(el, parts, partsTools(jobId, group, bubble, true));
    return group;
  }

  /** The card of what answer `jobId` asks the visitor to decide, when the backend has one. */
  function showDecision(bubble: AssistantBubble, jobId: string) {
    if (!backend.drawDecision) return;
    const el = document.createElement('div');
    // In place first (the card's styles go to the root it is drawn in): last in the bubble, before its status line.
    bubble.el.insertBefore(el, bubble.el.lastChild);
    if (!backend.drawDecision(el, jobId, ctx.decisionTools)) el.remove();
  }

  /** Adds the footer under a finished answer once its module is there (at once when bundled). */
  function decorate(bubble: AssistantBubble, item: HistoryItem) {
    const jobId = item.j;
    if (item.w) bubble.setStatus({ kind: 'working', label: strings.usedTools, done: true });
    if (!jobId) return;
    void loadExtras(options.scriptSrc).then((extras) => {
      // Replaced meanwhile (a re-render of the history, a new conversation): nothing to add to.
      if (!bubble.el.isConnected) return;
      const state = ctx.state();
      const user = backend.redo && !state.running ? redoable(state.items) : null;
      const versions = versionsOf(jobId);
      const foot = extras.answerFooter({
        item,
        body: bubble.body,
        strings,
        policy: attachmentPolicy,
        rate: backend.rate ? (rating, comment) => ctx.rate(jobId, rating, comment) : undefined,
        announce,
        redo: user?.j == jobId ? {
          // Asked again as it was: the same text and attachments, as a new turn.
          regenerate: () => ctx.ask(user, [jobId, 'regenerated']),
          // The question into the composer, to change and send: that message replaces it.
          // A strip above the composer says so until it is sent or cancelled.
          edit: () => {
            ctx.dispatch({ type: 'edit', jobId });
            composer.set(splitUserMessage(user.t, user.atts).text);
            composer.focus?.();
            if (composer.el) unstrip = extras.editStrip({ composer: composer.el, strings, announce, focus: () => composer.focus?.(), cancelled: () => ((unstrip = () => {}), ctx.dispatch({ type: 'edit', jobId: '' })) });
          },
          // The row of the question as first asked: the versions' own are not shown.
          question: rendered.find((entry) => entry.item.r == 'u' && entry.item.j == versions[0])?.el,
        } : undefined,
      });
      bubble.el.after(foot);
      foot.hidden = bubble.el.hidden;
      if (versions.length > 1) addPager(jobId, foot);
      extras.adoptExtrasStyles(foot);
      list.follow();
    }, (error: unknown) => warn(`could not load the answer actions: ${errorMessage(error)}`));
  }

  /** Ends every row's renderers and empties the list. */
  function clear() {
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

  /** The whole thread, painted from the state (first show, new conversation, or a merge that changed it). */
  function paintAll() {
    const { items } = ctx.state();
    // Answers need the markdown code; a greeting and the visitor's own rows do not.
    const wait = items.some((item) => item.r == 'a' && !item.err) && pending(items.map((item) => item.t).join());
    if (wait) return void wait.then(paintAll);
    clear();
    if (deps.greeting) list.addNote(deps.greeting);
    if (!items.length && deps.starters?.length) list.container.append(h('div', { class: 'bc-starters' }, deps.starters.slice(0, 4).map((text) => {
      const button = h('button', { type: 'button' }, [text]);
      button.onclick = () => ctx.send(text);
      return button;
    })));
    if (ctx.state().undo) list.addStatus(strings.cleared, { label: strings.undo, run: () => ctx.dispatch({ type: 'undo', take: true }) }).classList.add('bc-undo');
    const failed = new Set(unansweredRows(items).failed);
    const versions = answerVersions(items);
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      if (item.r === 'u') {
        const el = addUser(item);
        if (item.o == 'edited') showOld(el, item);
        // Asked again by Regenerate: the question shows once, as first asked (also when the new
        // version failed or is still to come: the row after an answer marked `regenerated`).
        const prev = items[i - 1];
        el.hidden = versions.get(item.j!)?.indexOf(item.j!)! > 0 || (prev?.r == 'a' && prev.o == 'regenerated');
        rendered.push({ item, el, mounts: null });
        // Its job ended without an answer (BailingHub lists a failed job as its visitor row only).
        if (failed.has(i)) list.addAssistant().setError(strings.recoverFailed, item.interaction ? undefined : () => retry(item));
        continue;
      }
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
    // Each answer shows its latest version.
    for (const [jobId, chain] of versions) if (chain.length > 1 && chain.at(-1) == jobId) showVersion(jobId);
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

type Markdown = Pick<typeof import('../markdown/markdown'), 'renderFinal' | 'createLiveRender' | 'useMath'>;
let markdown: Markdown | undefined;
let markdownModule: Promise<unknown> | undefined;
/**
 * marked and the DOM builder (widget/modules.ts: `markdown`) run only when an answer first needs
 * them (or the visitor opens the chat: embed/mount.ts): building marked's rules is about a third of the
 * widget's script time at load, and a ready composer needs none of it. Inside dist/widget.js; the
 * split build fetches markdown.js from beside itself, and where that fails answers show as text.
 */
export const loadMarkdown = (scriptSrc: string, warn: (message: string) => void) =>
  (markdownModule ??= loadModule('markdown', scriptSrc).then(
    (module) => (module.useTrustedHTML(trustedHTML), (markdown = module)),
    (error: unknown) => (warn(`could not load markdown.js (${errorMessage(error)}); answers show as plain text`), (markdown = plainText)),
  ));

/** Answers as text, paragraphs kept, when the markdown code cannot load. */
const plainText: Markdown = {
  renderFinal: (text) => ({ fragment: paragraph(text), blocks: [] }),
  createLiveRender: (target) => ({ update: (text) => target.replaceChildren(paragraph(text)), finish: () => false }),
  useMath() {},
};
function paragraph(text: string) {
  const fragment = document.createDocumentFragment();
  fragment.appendChild(h('p', {}, [text])).style.whiteSpace = 'pre-wrap';
  return fragment;
}
/** The markdown module, once loaded (`pending` said so). */
export const markdownCode = () => markdown!;

let math: typeof import('../markdown/math') | null | undefined;
let mathModule: Promise<unknown> | undefined;
/** math.js and the markdown code, and the lexer told of formulas; a failure leaves formulas as written. */
const loadMath = (scriptSrc: string, warn: (message: string) => void) =>
  (mathModule ??= Promise.all([loadExternalModule('math', scriptSrc), loadMarkdown(scriptSrc, warn)]).then(
    ([module]) => (markdown!.useMath(module), (math = module)),
    (error: unknown) => ((math = null), warn(`could not load math.js (${errorMessage(error)}); formulas stay as written`)),
  ));

let extrasModule: ReturnType<typeof loadModule<'extras'>> | undefined;
/** The footer's module: one load per page, shared by every conversation. */
const loadExtras = (scriptSrc: string) => (extrasModule ??= loadModule('extras', scriptSrc));

/** Both groups as one (an answer's blocks and its parts' renderers end together). */
export function joinGroups(a: MountGroup | null, b: MountGroup | null | undefined): MountGroup | null {
  if (!a || !b) return a ?? b ?? null;
  return { add: (handle) => a.add(handle), destroyAll: () => (a.destroyAll(), b.destroyAll()) };
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
