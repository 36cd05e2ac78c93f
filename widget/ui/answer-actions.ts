// The actions under a finished answer, as the hub's own widget offers them: copy the answer,
// thumbs up / thumbs down, a written note, and (when the answer cites sources) the sources
// toggle. The choice shows (aria-pressed), can be changed, and the caller keeps it.

import { h, icon } from './dom';
import type { ExtrasStrings } from './extras-strings';
import type { Strings } from './i18n/i18n';

export type Vote = 'up' | 'down' | 'note';

/** Longest note the hub keeps (it cuts at 500). */
export const MAX_NOTE_CHARS = 500;

export interface AnswerActionsOptions {
  strings: Strings & ExtrasStrings;
  /** What "Copy answer" puts on the clipboard. */
  text: string;
  vote?: Vote;
  comment?: string;
  /** Sends a rating; resolves once the service took it, rejects with what to tell the visitor. Absent: no rating controls. */
  rate?(rating: Vote, comment?: string): Promise<void>;
  /** `assertive` for a failure: it interrupts. */
  announce(text: string, assertive?: boolean): void;
  /** The sources panel to show and hide, when the answer has one. */
  sources?: HTMLElement;
  /** Asks the question again as a new turn (the last answer only, where the backend can). */
  regenerate?(): void;
}

export const ICON = {
  copy: 'M11 9h7a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2h-7a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2zM5 15V5a2 2 0 0 1 2-2h8',
  up: 'M7 10v10H4V10zM7 10l4-7a2 2 0 0 1 3 2l-1 5h6a2 2 0 0 1 2 2.3l-1.4 6A2 2 0 0 1 17.7 20H7',
  down: 'M7 14V4H4v10zM7 14l4 7a2 2 0 0 0 3-2l-1-5h6a2 2 0 0 0 2-2.3l-1.4-6A2 2 0 0 0 17.7 4H7',
  note: 'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12zM8 10h8M8 14h5',
  sources: 'M4 5h16M4 12h10M4 19h13',
  regenerate: 'M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7',
  edit: 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4',
} as const;

/** The action bar and the note form it opens (both in `el`). */
export function answerActions(options: AnswerActionsOptions): HTMLElement {
  const { strings: s, announce } = options;
  let vote = options.vote;
  let comment = options.comment ?? '';
  let busy = false;

  const bar = h('div', { class: 'bc-acts', role: 'group', 'aria-label': s.answerActions });
  const el = h('div', { class: 'bc-answer-foot' }, [bar]);
  // Visible feedback beside the buttons; screen readers hear it through `announce`.
  const status = h('span', { class: 'bc-act-status' });
  let clearTimer = 0;

  if (options.sources) bar.append(sourcesToggle(options.sources, s.sources));

  const copy = button(s.copyAnswer, ICON.copy);
  copy.addEventListener('click', () => {
    void copyText(options.text, el).then(
      () => say(s.copied),
      () => say(s.copyFailed, true),
    );
  });
  const up = button(s.helpful, ICON.up, vote == 'up');
  const down = button(s.notHelpful, ICON.down, vote == 'down');
  const note = button(s.addNote, ICON.note, !!comment);
  note.setAttribute('aria-expanded', 'false');
  // A service that takes no ratings gets no rating controls.
  bar.append(copy, ...(options.rate ? [up, down, note] : []), status);
  if (options.regenerate) {
    const again = button(s.regenerate, ICON.regenerate);
    // `bc-redo`: the conversation takes it away when a new turn starts.
    again.classList.add('bc-redo');
    again.addEventListener('click', () => options.regenerate!());
    copy.after(again);
  }

  const say = (text: string, failed?: boolean) => {
    status.textContent = text;
    announce(text, failed);
    clearTimeout(clearTimer);
    clearTimer = +setTimeout(() => (status.textContent = ''), 4000);
  };
  const show = () => {
    up.setAttribute('aria-pressed', String(vote == 'up'));
    down.setAttribute('aria-pressed', String(vote == 'down'));
    note.setAttribute('aria-pressed', String(!!comment));
  };
  const send = async (rating: Vote, text?: string) => {
    if (busy) return false;
    busy = true;
    el.setAttribute('aria-busy', 'true');
    try {
      await options.rate!(rating, text);
      if (rating != 'note') vote = rating;
      if (text) comment = text;
      show();
      say(s.thanks);
      return true;
    } catch (error) {
      say(error instanceof Error && error.message ? error.message : s.rateFailed, true);
      return false;
    } finally {
      busy = false;
      el.removeAttribute('aria-busy');
    }
  };
  up.addEventListener('click', () => void send('up'));
  down.addEventListener('click', () => void send('down'));

  let form: HTMLFormElement | null = null;
  const closeForm = (focus: boolean) => {
    form?.remove();
    form = null;
    note.setAttribute('aria-expanded', 'false');
    if (focus) note.focus();
  };
  note.addEventListener('click', () => {
    if (form) return closeForm(true);
    const area = h('textarea', { class: 'bc-note-input', 'aria-label': s.noteLabel, placeholder: s.notePlaceholder, maxlength: String(MAX_NOTE_CHARS), rows: '3' });
    area.value = comment;
    const cancel = h('button', { type: 'button', class: 'bc-note-btn' }, [s.cancel]);
    form = h('form', { class: 'bc-note' }, [area, h('div', { class: 'bc-note-row' }, [cancel, h('button', { type: 'submit', class: 'bc-note-btn bc-note-send' }, [s.sendNote])])]);
    cancel.addEventListener('click', () => closeForm(true));
    form.addEventListener('keydown', (event) => {
      if (event.key == 'Escape') {
        event.stopPropagation();
        closeForm(true);
      }
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const text = area.value.trim();
      if (!text) return area.focus();
      // The note keeps the visitor's vote, as the hub's widget sends it; alone it is a `note`.
      void send(vote == 'up' || vote == 'down' ? vote : 'note', text).then((ok) => ok && closeForm(true));
    });
    note.setAttribute('aria-expanded', 'true');
    el.append(form);
    area.focus({ preventScroll: true });
    // Its buttons in view too, not only the field (the list scrolls, the page does not).
    form.scrollIntoView?.({ block: 'nearest' });
  });
  return el;
}

const button = (label: string, svg: string, pressed?: boolean) => {
  const b = h('button', { type: 'button', class: 'bc-act', 'aria-label': label, title: label }, [icon(svg)]);
  if (pressed !== undefined) b.setAttribute('aria-pressed', String(pressed));
  return b;
};

/** The button that shows and hides the sources `panel`, and follows it when something else opens it. */
function sourcesToggle(panel: HTMLElement, label: string): HTMLButtonElement {
  // Named on screen, not by its icon alone: the one action whose icon says little.
  const toggle = button(label, ICON.sources);
  toggle.classList.add('bc-act-named');
  toggle.append(label);
  toggle.setAttribute('aria-expanded', String(!panel.hidden));
  toggle.setAttribute('aria-controls', panel.id);
  toggle.addEventListener('click', () => {
    panel.hidden = !panel.hidden;
    toggle.setAttribute('aria-expanded', String(!panel.hidden));
  });
  // A marker's click opens the panel: the toggle follows.
  new MutationObserver(() => toggle.setAttribute('aria-expanded', String(!panel.hidden))).observe(panel, { attributes: true, attributeFilter: ['hidden'] });
  return toggle;
}

/** The Clipboard API where the page allows it, else a selected textarea and `copy`. */
export async function copyText(text: string, near: HTMLElement): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    /* permissions policy or an insecure page: try the old way */
  }
  const area = h('textarea', { class: 'bc-sr', readonly: true, 'aria-hidden': 'true' });
  area.value = text;
  near.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}
