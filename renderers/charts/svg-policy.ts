// A second pass over SVG a diagram library produced, before it joins the page. Mermaid (strict)
// already sanitizes its output with DOMPurify; this pass makes the adapter safe on its own terms:
// no script, no event handler, no link or load that leaves the document.

/** Elements that run script, embed documents or animate attributes (SMIL `set` can write `href`). */
const DROP = new Set(['script', 'iframe', 'object', 'embed', 'frame', 'frameset', 'link', 'meta', 'base', 'form', 'input', 'button', 'textarea', 'select', 'animate', 'animatemotion', 'animatetransform', 'set', 'discard', 'handler', 'listener', 'audio', 'video', 'source', 'track', 'portal']);
const URL_ATTRS = new Set(['href', 'xlink:href', 'src', 'action', 'formaction', 'poster', 'data', 'background', 'srcset']);
/** CSS that fetches: `url(` other than a local `#fragment`, `@import`, `image-set(`. */
const CSS_REMOTE = /url\s*\(\s*(?!['"]?#)|@import|image-set\s*\(/i;

/** Removes what could run or fetch, in place. Returns how many nodes and attributes it removed. */
export function sanitizeSvgTree(root: Element): number {
  let removed = 0;
  const walk = (node: Element) => {
    for (const child of [...node.children]) {
      if (DROP.has(child.localName.toLowerCase())) {
        child.remove();
        removed++;
      } else walk(child);
    }
    for (const attr of [...node.attributes]) {
      const name = attr.name.toLowerCase();
      const value = attr.value;
      const bad =
        name.startsWith('on') ||
        (URL_ATTRS.has(name) && !value.trim().startsWith('#')) ||
        (name === 'style' && CSS_REMOTE.test(value));
      if (bad) {
        node.removeAttribute(attr.name);
        removed++;
      }
    }
    if (node.localName === 'style' && CSS_REMOTE.test(node.textContent ?? '')) {
      node.textContent = '';
      removed++;
    }
  };
  if (DROP.has(root.localName.toLowerCase())) throw new Error('the root element is not allowed');
  walk(root);
  return removed;
}
