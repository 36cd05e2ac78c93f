// The "simple Markdown" a Text may carry (A2UI v0.9 catalog: no HTML, images or links): bold,
// italics, inline code and line breaks, with heading and list markers dropped, as the
// implementation guide asks of a renderer without a full parser. Built as text nodes and a few
// fixed elements: nothing the model writes is ever parsed as markup.

import { MAX_TEXT_CHARS } from './limits';

const INLINE = /\*\*([^*\n]+)\*\*|__([^_\n]+)__|`([^`\n]+)`|\*([^*\s][^*\n]*)\*|\b_([^_\s][^_\n]*)_\b|!?\[([^\]\n]*)\]\([^)\n]*\)/g;

/** `text` as nodes: its emphasis and code kept, its links and images as their words. */
export function inlineText(text: string): Node[] {
  const cut = text.length > MAX_TEXT_CHARS ? `${text.slice(0, MAX_TEXT_CHARS)}…` : text;
  const out: Node[] = [];
  cut.split('\n').forEach((raw, n) => {
    if (n) out.push(document.createElement('br'));
    // Markers of block markdown (headings, list bullets, quotes) are dropped, the words kept.
    const line = raw.replace(/^\s{0,3}(?:#{1,6}\s+|[-*+]\s+(?=\S)|>\s?)/, (m) => (/^\s*[-*+]\s/.test(m) ? '• ' : ''));
    let at = 0;
    for (const m of line.matchAll(INLINE)) {
      if (m.index! > at) out.push(document.createTextNode(line.slice(at, m.index)));
      const [, bold, bold2, code, em, em2, label] = m;
      const tag = bold ?? bold2 ? 'strong' : code ? 'code' : em ?? em2 ? 'em' : null;
      if (tag) {
        const el = document.createElement(tag);
        el.textContent = bold ?? bold2 ?? code ?? em ?? em2 ?? '';
        out.push(el);
      } else out.push(document.createTextNode(label ?? ''));
      at = m.index! + m[0].length;
    }
    if (at < line.length) out.push(document.createTextNode(line.slice(at)));
  });
  return out;
}
