// What shows under a finished answer: its attachments, its numbered sources (with the `[n]`
// markers of its text linked to them) and the action bar. Built once per answer, after the
// answer's final render; the conversation keeps the vote and note it reports.

import type { AttachmentPolicy } from '../attachments/attachments';
import { adoptStyles } from './adopt-styles';
import { readReferences } from '../attachments/citations';
import type { HistoryItem } from '../types';
import { answerActions, ICON, type Vote } from './answer-actions';
import { attachmentList } from '../attachments/attachment-list';
import { h, icon, ICONS } from './dom';
import { EXTRAS_CSS } from './extras-styles';
import { extrasStrings } from './extras-strings';
import type { Strings } from './i18n/i18n';
import { linkMarkers, sourcesPanel } from './sources';

export interface AnswerFooterOptions {
  item: HistoryItem;
  /** The answer's rendered body, whose `[n]` markers become links to the sources. */
  body: HTMLElement;
  strings: Strings;
  policy: AttachmentPolicy;
  rate?(rating: Vote, comment?: string): Promise<void>;
  announce(text: string, assertive?: boolean): void;
  /** The last turn, where the backend lets it be asked again: Regenerate here, Edit on its question's row. */
  redo?: { regenerate(): void; edit(): void; question?: HTMLElement };
}

export function answerFooter({ item, body, strings: widgetStrings, policy, rate, announce, redo }: AnswerFooterOptions): HTMLElement {
  const strings = extrasStrings(widgetStrings);
  const foot = h('div', { class: 'bc-after' });
  // A file the answer's text already links to or shows (the hub lists the answer's links as its
  // files) shows there only: the link gets the file's icon, and no card below repeats it.
  const shown = item.atts?.filter((att) => {
    const inText = [...body.querySelectorAll<HTMLAnchorElement | HTMLImageElement>('a,img')].find((el) => ('href' in el ? el.href : el.src) == att.url);
    if (inText?.localName == 'a') inText.prepend(icon(ICONS.file));
    return !inText;
  });
  const atts = shown?.length ? attachmentList(shown, policy, strings) : null;
  if (atts) foot.append(atts);
  const refs = readReferences(item.refs);
  const sources = refs.length ? sourcesPanel(refs, strings) : null;
  if (sources) {
    linkMarkers(body, refs, strings, sources.reveal);
    foot.append(sources.el);
  }
  foot.append(answerActions({ strings, text: item.t, vote: item.v, comment: item.c, rate, announce, sources: sources?.el, regenerate: redo?.regenerate }));
  if (redo?.question) {
    const edit = h('button', { type: 'button', class: 'bc-act bc-redo bc-edit', 'aria-label': strings.editQuestion, title: strings.editQuestion }, [icon(ICON.edit)]);
    edit.addEventListener('click', () => redo.edit());
    redo.question.append(edit);
  }
  return foot;
}

/**
 * Marks a row of a turn whose question was changed and asked again (Edit): dimmed, and on the
 * question a line saying so. (A regenerated answer is a version of the next one instead.) Idempotent.
 */
export function markRedone(el: HTMLElement, item: HistoryItem, widgetStrings: Strings): void {
  el.classList.add('bc-redone');
  adoptStyles(el, EXTRAS_CSS);
  if (item.r == 'u' && !el.querySelector(':scope > .bc-redone-tag')) el.append(h('span', { class: 'bc-redone-tag' }, [extrasStrings(widgetStrings).edited]));
}

/** Adds the footer's styles to the shadow root that holds `el`, once per root. */
export const adoptExtrasStyles = (el: Node): void => adoptStyles(el, EXTRAS_CSS);
