// The message list: bubbles for the visitor and the assistant, and the scroll rule
// "stick to the bottom only while the visitor has not scrolled up".

import { h, icon, ICONS } from './dom';
import type { Strings } from './i18n';

/** How close to the end (px) still counts as "at the bottom". */
const STICKY_SLACK_PX = 48;

export interface AssistantBubble {
  readonly el: HTMLElement;
  readonly body: HTMLElement;
  /** Replace the body's content (provisional or final). */
  setContent(content: Node): void;
  /** A status line under the body: waiting dots, a "working…" tool step, a note, or nothing. */
  setStatus(status: BubbleStatus): void;
  setError(text: string, retry?: () => void): void;
}

export type BubbleStatus =
  | { kind: 'none' }
  | { kind: 'waiting' }
  | { kind: 'working'; label: string }
  | { kind: 'note'; text: string; action?: { label: string; run(): void } };

export class MessageList {
  private sticky = true;
  private scrollQueued = false;

  constructor(
    readonly container: HTMLElement,
    private readonly strings: Strings,
  ) {
    container.addEventListener('scroll', () => {
      const c = this.container;
      this.sticky = c.scrollHeight - c.scrollTop - c.clientHeight < STICKY_SLACK_PX;
    }, { passive: true });
  }

  clear() {
    this.container.replaceChildren();
    this.sticky = true;
  }

  addUser(text: string, before?: Node | null): HTMLElement {
    const el = h('div', { class: 'bc-msg bc-msg-user', part: 'message-user' });
    el.append(h('span', { class: 'bc-sr' }, [`${this.strings.you}: `]), text);
    this.insert(el, before);
    return el;
  }

  addAssistant(before?: Node | null): AssistantBubble {
    const body = h('div', { class: 'bc-body' });
    const status = h('div', { class: 'bc-status' });
    const el = h('div', { class: 'bc-msg bc-msg-assistant', part: 'message-assistant' }, [
      h('span', { class: 'bc-sr' }, [`${this.strings.assistant}: `]),
      body,
      status,
    ]);
    this.insert(el, before);
    const list = this;
    return {
      el,
      body,
      setContent(content) {
        el.classList.remove('bc-msg-error');
        body.replaceChildren(content);
        el.classList.toggle('bc-wide', body.querySelector('pre, table, .bc-rich') !== null);
        list.follow();
      },
      setStatus(next) {
        status.replaceChildren();
        if (next.kind === 'waiting') {
          status.append(h('span', { class: 'bc-dots', role: 'img', 'aria-label': list.strings.thinking }, [h('i'), h('i'), h('i')]));
        } else if (next.kind === 'working') {
          status.append(h('span', { class: 'bc-step' }, [icon(ICONS.tool), next.label]), h('span', { class: 'bc-dots', 'aria-hidden': 'true' }, [h('i'), h('i'), h('i')]));
        } else if (next.kind === 'note') {
          status.append(h('span', {}, [next.text]));
          if (next.action) {
            const { run } = next.action;
            const button = h('button', { type: 'button', class: 'bc-action' }, [next.action.label]);
            button.addEventListener('click', () => run());
            status.append(button);
          }
        }
        list.follow();
      },
      setError(text, retry) {
        el.classList.add('bc-msg-error');
        body.replaceChildren(h('p', {}, [text]));
        status.replaceChildren();
        if (retry) {
          const button = h('button', { type: 'button', class: 'bc-action' }, [list.strings.retry]);
          button.addEventListener('click', () => retry());
          body.append(button);
        }
        list.follow();
      },
    };
  }

  /** Plain assistant text (the greeting) that is not part of the history. */
  addNote(text: string): HTMLElement {
    const el = h('div', { class: 'bc-msg bc-msg-assistant bc-greeting', part: 'greeting' }, [h('div', { class: 'bc-body' }, [h('p', {}, [text])])]);
    this.insert(el);
    return el;
  }

  /** Keep the end in view if the visitor was there; batched to one layout per frame. */
  follow() {
    if (!this.sticky || this.scrollQueued) return;
    this.scrollQueued = true;
    requestAnimationFrame(() => {
      this.scrollQueued = false;
      if (this.sticky) this.container.scrollTop = this.container.scrollHeight;
    });
  }

  /** Force the end into view (the visitor just sent a message). */
  toEnd() {
    this.sticky = true;
    this.follow();
  }

  private insert(el: HTMLElement, before?: Node | null) {
    if (before && before.parentNode === this.container) this.container.insertBefore(el, before);
    else this.container.append(el);
    this.follow();
  }
}
