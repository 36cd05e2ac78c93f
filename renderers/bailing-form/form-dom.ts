// The few DOM helpers the `bailing-form` views use: an element maker that puts every text in as a
// text node, the form's bolder icons, an attribute setter, and the form's stylesheet.

import { h, icon as svgIcon } from '../../widget/ui/dom';
import { FORM_CSS } from './form-styles';

export type Attrs = Record<string, string | number | boolean | undefined>;

/** Creates an element (the widget's own maker): attributes that are `undefined` or `false` are left out, text goes in as text nodes. */
export const el = h;

/** Our own static icon markup (never payload text), drawn a little bolder than the widget's. */
export function icon(body: string): Element {
  const svg = svgIcon(body);
  svg.setAttribute('stroke-width', '2.5');
  return svg;
}

/** Sets an attribute, or removes it when there is no value. */
export const setAttr = (node: Element, name: string, value: string | false | undefined) => (value ? node.setAttribute(name, value) : node.removeAttribute(name));

let sheet: CSSStyleSheet | undefined;

/**
 * Adds the form's stylesheet to the shadow root (or document) the container is in, once per root:
 * a constructed sheet, because a host's CSP `style-src` does not apply to it as it would to `<style>`.
 */
export function adoptStyles(container: HTMLElement): void {
  const root = container.getRootNode();
  if (!(root instanceof ShadowRoot || root instanceof Document)) return;
  try {
    sheet ??= new CSSStyleSheet();
    if (!sheet.cssRules.length) sheet.replaceSync(FORM_CSS);
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  } catch {
    // No constructable stylesheets (Safari before 16.4): a <style> element in the form itself.
    container.prepend(el('style', {}, [FORM_CSS]));
  }
}
