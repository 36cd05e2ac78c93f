// The message list: bubbles for the visitor and the assistant, and the scroll rule
// "stick to the bottom only while the visitor has not scrolled up".

import { h, icon, ICONS } from './dom';
import type { Strings } from './i18n/i18n';

const kept = new WeakMap<Node, HTMLElement>();
/** The container a renderer block of a final render mounts into: its placeholder, or the preview `setContent` kept in its place. */
export const keptFor = (placeholder: HTMLElement): HTMLElement => kept.get(placeholder) ?? placeholder;

/** How close to the end (px) still counts as "at the bottom". */
const STICKY_SLACK_PX = 48;

export interface AssistantBubble {
  readonly el: HTMLElement;
  readonly body: HTMLElement;
  /**
   * Replace the body's content with `content` (a fragment of blocks). Blocks equal to the ones
   * shown keep their DOM, so the final render takes over from the live one without a jump.
   */
  setContent(content: DocumentFragment): void;
  /** Prepares blocks about to enter the body (the live render inserts them itself). */
  prepare(content: ParentNode): void;
  /** A status line under the body: waiting dots, a "working…" tool step, a note, or nothing. */
  setStatus(status: BubbleStatus): void;
  setError(text: string, retry?: () => void): void;
}

export type BubbleStatus =
  | { kind: 'none' }
  | { kind: 'waiting' }
  | { kind: 'working'; label: string; done?: boolean }
  | { kind: 'note'; text: string; action?: { label: string; run(): void } };

export interface MessageList {
  readonly container: HTMLElement;
  clear(): void;
  /** The visitor's text (attachment lines already taken out) and what it carries. */
  /** `atts`: the message's attachment list (widget/attachments/attachment-list.ts), shown under the text. */
  /** `ts`: when it was said (ms; default now, 0 for unknown), read out with who said it. */
  addUser(text: string, atts?: HTMLElement | null, ts?: number): HTMLElement;
  addAssistant(ts?: number): AssistantBubble;
  /** A line that says what happened to the list, with the action that goes back on it (Undo). */
  addStatus(text: string, action: { label: string; run(): void }): HTMLElement;
  /** Plain assistant text (the greeting) that is not part of the history. */
  addNote(text: string): HTMLElement;
  /** Keep the end in view if the visitor was there; batched to one layout per frame. */
  follow(): void;
  /** Force the end into view (the visitor just sent a message). */
  toEnd(): void;
  /**
   * Keep the end in view now, if the visitor was there: the list is laid out in this task. For a
   * change made outside a frame (a live render, in a timer's task), whose scroll is then drawn in
   * the frame that draws the change; a scroll made inside a frame is only reported (its `scroll`
   * event) in the next one, a second frame for every render.
   */
  keepEnd(): void;
  /** Readies what naming a message needs, when the page is next idle (the visitor's approach: it costs 15–20 ms once). */
  warm(): void;
  /** Runs `draw`, whose messages go before `row` (in the order drawn) instead of at the end: a thread's older rows. */
  older(row: Element, draw: () => void): void;
}

/**
 * How long after a message the clock is made when the visitor's approach did not make it first (a
 * page's call, a stored thread): an answer awaited then would wait for it too (ms).
 */
export const CLOCK_LATER_MS = 2000;

/**
 * Names a message's article for who said it and when ("You, 10:42 AM"). One formatter for the
 * list's life. A page's first date formatter costs 15–20 ms (the browser's locale data), so it is
 * made in an idle moment after the visitor's approach (`warm`), or CLOCK_LATER_MS after the last
 * message that found none: not in the task that draws a message, nor while an answer is awaited
 * (an idle moment then held up the answer's first text). Until then a message is named by who said it.
 */
function messageNamer(lang: string) {
  let clock: Intl.DateTimeFormat | undefined;
  const unnamed: [HTMLElement, string, number][] = [];
  /** The idle moment asked for, not come yet. */
  let asked: unknown;
  let later: unknown;
  const name = (el: HTMLElement, who: string, ts: number) => el.setAttribute('aria-label', `${who}, ${clock!.format(ts)}`);
  const warm = () =>
    clock ||
    (asked ||= (self.requestIdleCallback ?? setTimeout)(() => {
      clock = new Intl.DateTimeFormat(lang, { timeStyle: 'short' });
      for (const [e, w, t] of unnamed.splice(0)) name(e, w, t);
    }, { timeout: 1000 }) || 1);
  return [
    (el: HTMLElement, who: string, ts?: number) => {
      el.setAttribute('role', 'article');
      el.setAttribute('aria-label', who);
      if (ts && clock) name(el, who, ts);
      else if (ts) {
        unnamed.push([el, who, ts]);
        // An idle moment asked for and not come (a page's call opened the chat and sent at once)
        // would be this message's wait for its answer: later instead.
        (self.cancelIdleCallback ?? clearTimeout)(asked as number);
        clearTimeout(later as number);
        asked = 0;
        later = setTimeout(warm, CLOCK_LATER_MS);
      }
    },
    warm,
  ] as const;
}

/**
 * Keeps the list at its end while the visitor is there: `follow` after a change, `watch` a new
 * last message (followed as it grows or is sized after it was placed), `toEnd` to go back to it.
 */
function endFollower(container: HTMLElement) {
  let sticky = true;
  let queued = false;
  let lastTop = 0;
  /** The last message's height as last laid out, and whether it was smaller than before. */
  let height = 0;
  let shrunk = false;
  let last: HTMLElement | undefined;
  container.addEventListener('scroll', () => {
    const top = container.scrollTop;
    // Moving down (the list's own following too, whose event may come after more text did) keeps
    // to the end; moving up, away from it, lets go, unless the list was only shorter for a frame:
    // a block is sized afresh when a new one follows it (content-visibility, styles.ts), and the
    // browser moves the list up to fit.
    sticky = container.scrollHeight - top - container.clientHeight < STICKY_SLACK_PX || (sticky && (top >= lastTop || shrunk));
    shrunk = false;
    lastTop = top;
  }, { passive: true });
  /** The list at its end, if the visitor was there (laid out now if it is not). */
  const keepEnd = () => {
    if (sticky) container.scrollTop = container.scrollHeight;
  };
  // In the next frame, before it is drawn: its layout is the one the frame makes anyway (one per
  // frame, however many changes), and it is not added to the task that changed the list (a burst
  // of streamed text read in one task would else be laid out in it too: one long task).
  const follow = () => {
    if (!sticky || queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      keepEnd();
    });
  };
  // The last message grew or was sized: its layout is done and the frame not yet drawn, so the
  // end is kept in this frame, drawn once (a frame later, the change would be drawn, then the scroll).
  const grown = self.ResizeObserver && new ResizeObserver(([entry]) => {
    const now = entry!.contentRect.height;
    if (now < height) shrunk = true;
    height = now;
    keepEnd();
  });
  return {
    follow,
    /**
     * A message changed: the last one's growth is the observer's (same frame); asking for a frame
     * of our own too would draw every live render twice.
     */
    changed(el: HTMLElement) {
      if (!grown || el != last) follow();
    },
    watch(el: HTMLElement) {
      last = el;
      height = 0;
      grown?.disconnect();
      grown?.observe(el);
      follow();
    },
    toEnd() {
      sticky = true;
      follow();
    },
    keepEnd,
  };
}

/**
 * `highlight` gives the code blocks of content about to be shown their head and colours (the code
 * module, once it is there); it is called only for content with a code block.
 */
export function createMessageList(container: HTMLElement, strings: Strings, highlight?: (content: ParentNode) => void, lang = 'en', assistant = strings.assistant): MessageList {
  const [named, warm] = messageNamer(lang);
  const { follow, changed, watch, toEnd, keepEnd } = endFollower(container);
  /** Where `older` puts messages while it draws; at the end, the last one followed, otherwise. */
  let above: Element | null = null;
  /** Each message is an article named for who said it and when. */
  const article = (el: HTMLElement, who: string, ts?: number) => (named(el, who, ts), above ? above.before(el) : (container.append(el), watch(el)));

  return {
    container,
    warm,
    older(row, draw) {
      above = row;
      try {
        draw();
      } finally {
        above = null;
      }
      // The list keeps to its end if the visitor was there (the browser's scroll anchoring keeps
      // the rows in view where they are otherwise).
      follow();
    },
    clear() {
      container.replaceChildren();
      toEnd();
    },
    addUser(text, atts, ts = Date.now()) {
      // The text's own direction (an English message in the Arabic widget reads left to right, and
      // the other way round); the bubble keeps the widget's, so it stays on its side with its corner.
      const el = h('div', { class: 'bc-msg bc-msg-user', part: 'message-user' }, [h('span', { class: 'bc-sr' }, [`${strings.you}: `]), text ? h('div', { dir: 'auto' }, [text]) : '']);
      if (atts) el.append(atts);
      article(el, strings.you, ts);
      return el;
    },
    addAssistant(ts = Date.now()) {
      const body = h('div', { class: 'bc-body', dir: 'auto' });
      const status = h('div', { class: 'bc-status' });
      const el = h('div', { class: 'bc-msg bc-msg-assistant', part: 'message-assistant' }, [
        h('span', { class: 'bc-sr' }, [`${strings.assistant}: `]),
        body,
        status,
      ]);
      article(el, assistant, ts);
      let shownStatus = '';
      const prepare = (content: ParentNode) => {
        // Class changes restyle the whole bubble: only when they change something.
        if (el.classList.contains('bc-msg-error')) el.classList.remove('bc-msg-error');
        // Code blocks and tables scroll sideways when wide: keyboard users must be able to reach them.
        for (const block of content.querySelectorAll('pre, table')) block.setAttribute('tabindex', '0');
        if (highlight && content.querySelector('pre>code')) highlight(content);
        if (!el.classList.contains('bc-wide') && content.querySelector('pre, table, .bc-rich')) el.classList.add('bc-wide');
      };
      return {
        el,
        body,
        prepare,
        setContent(content) {
          // Wide for its steps or generated UI (drawn beside the body), else only if the new content is.
          if (!el.querySelector(':scope>.bc-parts:not([hidden])')) el.classList.remove('bc-wide');
          prepare(content);
          replaceBlocks(body, content);
          changed(el);
        },
        setStatus(next) {
          // Called on every live render: an unchanged status leaves the DOM alone.
          const key = JSON.stringify(next);
          if (key == shownStatus) return changed(el);
          shownStatus = key;
          drawStatus(status, next, strings);
          changed(el);
        },
        setError(text, retry) {
          el.classList.add('bc-msg-error');
          body.replaceChildren(h('p', {}, [text]));
          status.replaceChildren();
          if (retry) body.append(actionButton(strings.retry, retry));
          changed(el);
        },
      };
    },
    addStatus(text, action) {
      const el = h('div', { class: 'bc-status' }, [h('span', {}, [text]), actionButton(action.label, action.run)]);
      container.append(el);
      return el;
    },
    addNote(text) {
      const el = h('div', { class: 'bc-msg bc-msg-assistant bc-greeting', part: 'greeting' }, [h('div', { class: 'bc-body', dir: 'auto' }, [h('p', {}, [text])])]);
      article(el, assistant);
      return el;
    },
    follow,
    toEnd,
    keepEnd,
  };
}

const dots = (attrs: Record<string, string>) => h('span', { class: 'bc-dots', ...attrs }, [h('i'), h('i'), h('i')]);

function actionButton(label: string, run: () => void) {
  const button = h('button', { type: 'button', class: 'bc-action' }, [label]);
  button.addEventListener('click', () => run());
  return button;
}

/** Shows `next` in a bubble's status line. */
function drawStatus(status: HTMLElement, next: BubbleStatus, strings: Strings) {
  status.replaceChildren();
  if (next.kind === 'waiting') {
    status.append(dots({ role: 'img', 'aria-label': strings.thinking }));
  } else if (next.kind === 'working') {
    status.append(h('span', { class: 'bc-step' }, [icon(ICONS.tool), next.label]));
    if (!next.done) status.append(dots({ 'aria-hidden': 'true' }));
  } else if (next.kind === 'note') {
    status.append(h('span', {}, [next.text]));
    if (next.action) status.append(actionButton(next.action.label, next.action.run));
  }
}

/** Puts the blocks of `content` in `body`, keeping those already shown that are equal. */
function replaceBlocks(body: HTMLElement, content: DocumentFragment) {
  const old = body.childNodes;
  let i = 0;
  for (const node of [...content.childNodes] as HTMLElement[]) {
    const shown = old[i++] as HTMLElement | undefined;
    // A preview that keeps what it drew (`data-keep`, DESIGN.md §7) stays in place for the
    // block of its type there, which mounts into it (`keptFor`): its frames are not reloaded.
    if (shown?.dataset?.keep != null && shown.dataset.type == node.dataset?.type) kept.set(node, shown), (shown.className = node.className);
    else if (!shown?.isEqualNode(node)) shown ? shown.replaceWith(node) : body.append(node);
  }
  while (old.length > i) body.lastChild!.remove();
}
