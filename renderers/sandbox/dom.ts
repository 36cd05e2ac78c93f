// The DOM helpers the frame hosts' chrome shares (the sandbox's views, MCP App views): an element
// with its class and text, and a style sheet adopted once into the shadow root it mounts in.

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

const sheets = new Map<string, CSSStyleSheet>();
/** Adopts the sheet of `css` (made once per text) into `container`'s root: no `<style>`, so it works under a strict host CSP. */
export function adoptSheet(container: HTMLElement, css: string): void {
  const root = container.getRootNode();
  if (!(root instanceof ShadowRoot || root instanceof Document) || !('adoptedStyleSheets' in root)) return;
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
