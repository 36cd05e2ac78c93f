// A second pass over SVG a diagram library produced, before it joins the page. Mermaid (strict)
// already sanitizes its labels with DOMPurify; this pass makes the adapter safe on its own terms,
// as an allow-list (svg-allow-list.ts): an element, attribute or style sheet not known to be
// inert is removed, so a construct nobody thought of is gone too. Nothing may run script, link
// out or load: the model writes the diagram, and a load would tell its author who read it.

import { cssLoader } from './css-policy';
import { HTML_ATTRIBUTES, HTML_ELEMENTS, SVG_ATTRIBUTES, SVG_ELEMENTS } from './svg-allow-list';

const SVG_NS = 'http://www.w3.org/2000/svg';
const HTML_NS = 'http://www.w3.org/1999/xhtml';
const HTML_ELEMENT_SET: ReadonlySet<string> = new Set(HTML_ELEMENTS);
/** A link may only point into this document. */
const FRAGMENT = /^#[\w.:-]+$/;

const elementAllowed = (el: Element): boolean => {
  const name = el.localName.toLowerCase();
  if (el.namespaceURI === SVG_NS) return SVG_ELEMENTS.has(name);
  if (el.namespaceURI === HTML_NS) return HTML_ELEMENT_SET.has(name);
  return false;
};

const attributeAllowed = (el: Element, attr: Attr): boolean => {
  const name = attr.name.toLowerCase();
  const names = el.namespaceURI === SVG_NS ? SVG_ATTRIBUTES : HTML_ATTRIBUTES;
  if (!names.has(name)) return false;
  if (name === 'href' || name === 'xlink:href') return FRAGMENT.test(attr.value);
  // `style`, and every presentation attribute (`fill="url(https://…)"`), is CSS.
  return cssLoader(attr.value) === null;
};

/**
 * A `<style>` is kept only as plain text without a load. An element inside it would be parsed
 * as markup, its text joined with the rest: it is refused, not guessed at.
 */
const styleSheetAllowed = (el: Element): boolean => el.childElementCount === 0 && cssLoader(el.textContent ?? '') === null;

/**
 * Keeps only what svg-allow-list.ts allows, in place: other elements go with their content,
 * other attributes, comments and processing instructions go, and a `<style>` that could load
 * goes whole. Returns how many nodes and attributes it removed (0 when run again).
 * Throws when the root itself is not an `<svg>`.
 */
export function sanitizeSvgTree(root: Element): number {
  if (root.namespaceURI !== SVG_NS || root.localName !== 'svg') throw new Error('the root element is not an SVG <svg>');
  let removed = 0;
  const walk = (el: Element) => {
    for (const attr of [...el.attributes]) {
      if (!attributeAllowed(el, attr)) {
        el.removeAttributeNode(attr);
        removed++;
      }
    }
    for (const child of [...el.childNodes]) {
      if (child.nodeType === 3) continue; // text
      const keep = child.nodeType === 1 && elementAllowed(child as Element) && ((child as Element).localName !== 'style' || styleSheetAllowed(child as Element));
      if (keep) walk(child as Element);
      else {
        child.remove();
        removed++;
      }
    }
  };
  walk(root);
  return removed;
}
