// The block shown instead of a rich renderer. Apart from widget/markdown/markdown.ts so that the registry
// (at start-up) needs none of the markdown code, whose module runs only once an answer renders.

/**
 * The block shown instead of a rich renderer (unknown type, invalid payload,
 * oversized payload, renderer failure): `<pre class="bc-code"><code data-language>`
 * with the source as text.
 */
export function fallbackBlock(type: string, source: string): HTMLElement {
  const pre = document.createElement('pre');
  pre.className = 'bc-code';
  const code = pre.appendChild(document.createElement('code'));
  code.setAttribute('data-language', type);
  code.textContent = source;
  return pre;
}
