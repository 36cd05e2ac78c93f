// The numbered sources under an answer (`done.references`), and the `[n]` markers of the
// answer's text turned into buttons that lead to them. Titles and snippets are hub data: they
// go in as text only.

import { findMarkers, type Reference } from '../attachments/citations';
import { h } from './dom';
import type { ExtrasStrings } from './extras-strings';
import type { Strings } from './i18n/i18n';

export interface SourcesPanel {
  readonly el: HTMLElement;
  /** Shows the panel and moves focus to source `seq`, marked for a moment. */
  reveal(seq: number): void;
}

let panels = 0;

/** A list of the sources, one item per reference: `[n] Title`, the snippet under it. */
export function sourcesPanel(refs: readonly Reference[], strings: Strings & ExtrasStrings): SourcesPanel {
  const id = `bc-src-${++panels}`;
  const items = new Map<number, HTMLElement>();
  const list = h('ol', { class: 'bc-src-list' });
  for (const ref of refs) {
    // Each source in its own direction (its number is neutral: the title decides).
    const item = h('li', { class: 'bc-src', tabindex: '-1', 'data-seq': String(ref.seq), dir: 'auto' }, [
      h('span', { class: 'bc-src-n' }, [`[${ref.seq}]`]),
      ' ',
      h('span', { class: 'bc-src-title' }, [ref.title]),
    ]);
    if (ref.snippet) item.append(h('span', { class: 'bc-src-snippet' }, [ref.snippet]));
    items.set(ref.seq, item);
    list.append(item);
  }
  const el = h('section', { class: 'bc-sources', id, 'aria-label': strings.sources }, [h('h3', { class: 'bc-src-head' }, [strings.sources]), list]);
  return {
    el,
    reveal(seq) {
      el.hidden = false;
      const item = items.get(seq);
      if (!item) return;
      item.classList.add('bc-src-hit');
      item.focus();
      item.scrollIntoView?.({ block: 'nearest' });
      setTimeout(() => item.classList.remove('bc-src-hit'), 1500);
    },
  };
}

/** Elements whose text is code or already a link: a `[1]` there is not a citation. */
const SKIP = 'pre, code, a, button, .bc-rich';

/**
 * Replaces each `[n]` marker in `body`'s text that names one of `refs` with a button labelled
 * "Source n: title" that calls `pick(n)`. Returns how many markers it linked.
 */
export function linkMarkers(body: HTMLElement, refs: readonly Reference[], strings: Strings & ExtrasStrings, pick: (seq: number) => void): number {
  const bySeq = new Map(refs.map((ref) => [ref.seq, ref]));
  const seqs = new Set(bySeq.keys());
  const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
  const found: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.textContent!.includes('[') && !node.parentElement?.closest(SKIP)) found.push(node as Text);
  }
  let linked = 0;
  for (const node of found) {
    const text = node.textContent!;
    const markers = findMarkers(text, seqs);
    if (!markers.length) continue;
    const parts: Array<Node | string> = [];
    let at = 0;
    for (const { index, length, seq } of markers) {
      parts.push(text.slice(at, index));
      const button = h('button', { type: 'button', class: 'bc-cite', 'aria-label': `${strings.source} ${seq}: ${bySeq.get(seq)!.title}` }, [String(seq)]);
      button.addEventListener('click', () => pick(seq));
      parts.push(button);
      at = index + length;
      linked++;
    }
    parts.push(text.slice(at));
    node.replaceWith(...parts);
  }
  return linked;
}
