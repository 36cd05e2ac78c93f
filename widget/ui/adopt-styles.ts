// Stylesheets of modules that load after the shell has drawn (the answer footer, the AG-UI
// module), added once to the widget's shadow root when first needed.
import { h } from './dom';

const adopted = new WeakMap<ShadowRoot, Set<string>>();

/** Adds `css` to the shadow root `el` is in (nothing when it is in none yet, or has it already). */
export function adoptStyles(el: Node, css: string): void {
  const root = el.getRootNode();
  if (!(root instanceof ShadowRoot)) return;
  let sheets = adopted.get(root);
  if (!sheets) adopted.set(root, (sheets = new Set()));
  if (sheets.has(css)) return;
  sheets.add(css);
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  } catch {
    // No constructable sheets (old Safari): a <style> element, as the shell itself falls back to,
    // with the nonce the shell's has (a module of the split build has no other way to it).
    const style = h('style', {}, [css]);
    style.nonce = root.querySelector('style')?.nonce ?? '';
    root.append(style);
  }
}
