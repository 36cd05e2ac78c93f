// The documents of a `jsx` view (DESIGN.md §8.3). Pure. Both carry the owner's kit and the JSX
// compiler (dist/jsx.js) as inline scripts, which the page fetched: the frame has no network.
// Live: the view's own document (document.ts), with the bridge, and the kit, the compiler and
// the runner as its scripts. Preview: while the model writes it, no bridge (nothing can be sent),
// no network whatever the owner's policy opens, an `agent` that refuses, and a body that takes no input.

import { nonceAttr, scriptTag, styleText } from './document';
import type { SandboxProps } from './policy';
import { scriptJson } from './preview-frame';

/** The texts a `jsx` view's frame runs before the view: the owner's kit, then the compiler. */
export interface JsxAssets {
  readonly kit: string;
  readonly compiler: string;
}

/** The props `buildSandboxDocument` makes the live document of: the kit, the compiler and the runner as its scripts. */
export const jsxLiveProps = (props: SandboxProps, assets: JsxAssets): SandboxProps => ({
  ...props,
  html: '',
  jsFunctions: '',
  jsExpressions: [assets.kit, assets.compiler, `BailingJsx.live(${scriptJson(props.jsx ?? '')})`],
});

/** The preview's policy: scripts inline (the kit, the compiler, the view's JSX), nothing loaded from anywhere. */
export const JSX_PREVIEW_CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; font-src data:; media-src data: blob:; base-uri 'none'; form-action 'none'";

/**
 * The `srcdoc` of a `jsx` view's preview, drawing `jsx` (as far as it compiles) with `css`, `base`
 * (base styles and theme) before it; its scripts carry the page's `nonce` when there is one.
 */
export function jsxPreviewDocument(assets: JsxAssets, css: string, jsx: string, base: string, nonce?: string): string {
  const script = (code: string) => scriptTag(code, nonce);
  return (
    `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${JSX_PREVIEW_CSP}"><meta name="referrer" content="no-referrer">` +
    `<style${nonceAttr(nonce)}>${base}</style><style id="v"${nonceAttr(nonce)}>${styleText(css)}</style></head><body inert>` +
    script('window.agent=Object.freeze({send:()=>Promise.reject(new Error("the view is still being written"))})') +
    script(assets.kit) +
    script(assets.compiler) +
    script(`BailingJsx.preview(${scriptJson(jsx)})`) +
    '</body></html>'
  );
}
