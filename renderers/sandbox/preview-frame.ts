// The document of a preview frame (DESIGN.md §8.3): the styles and markup of a view the model is
// still writing, redrawn inside the frame as more arrives, with no script of the model's able to
// run. Pure: strings in, a string out. Its CSP allows one script, ours, by a nonce made for this
// frame: no `'unsafe-inline'`, so inline handlers, `javascript:` URLs and any `<script>` that got
// this far are refused by the browser itself. The script strips the markup once more in the DOM
// (the host trimmed it already, preview-markup.ts) and applies each `{css, html}` it is sent.

import type { PreviewView } from './preview-markup';

/** The preview's policy: nothing loads from anywhere, whatever the owner's policy opens for live views. */
export const previewCsp = (nonce: string): string =>
  `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; img-src data: blob:; font-src data:; media-src data: blob:; base-uri 'none'; form-action 'none'`;

/**
 * The frame's one script, shipped as its own source text (`${previewScript}`), so it must not use
 * anything from outside its body. It draws `view` at once, then waits for the one MessagePort the
 * host hands it at `load`: over it come the next `{css, html}`, and back goes the content's height.
 */
export function previewScript(view: { css?: unknown; html?: unknown }): void {
  const d = document;
  const style = d.getElementById('v')!;
  const parse = d.createElement('template');
  let port: MessagePort | undefined;
  let height = 0;
  let policy: { createHTML(text: string): unknown } | undefined;
  try {
    policy = (self as { trustedTypes?: { createPolicy(name: string, rules: { createHTML(text: string): string }): typeof policy } }).trustedTypes?.createPolicy('bailing-chat', { createHTML: (text) => text });
  } catch {
    /* the page forbids the name: then it got no preview frame either */
  }
  const draw = ({ css, html }: { css?: unknown; html?: unknown }) => {
    if (typeof css == 'string') style.textContent = css;
    if (typeof html != 'string') return;
    // A template's content is inert: nothing in it loads or runs while it is cleaned. A srcdoc
    // document inherits the page's Trusted Types rule: the frame makes its own policy, of the
    // name the page allows the widget (its opaque origin is the sandbox, so markup is fine here).
    parse.innerHTML = (policy ? policy.createHTML(html) : html) as string;
    const content = parse.content;
    content.querySelectorAll('script,meta,base,link,iframe,frame,frameset,object,embed,template').forEach((node) => node.remove());
    content.querySelectorAll('*').forEach((node) => {
      for (const { name, value } of [...node.attributes]) {
        if (/^on/i.test(name) || /javascript:/i.test(value.replace(/[\s\0-\x1f]/g, ''))) node.removeAttribute(name);
      }
    });
    d.body.replaceChildren(content);
  };
  const report = () => port && port.postMessage(height);
  new ResizeObserver(() => {
    height = Math.ceil(d.documentElement.getBoundingClientRect().height);
    report();
  }).observe(d.documentElement);
  addEventListener('message', (event) => {
    if (port || event.source != parent || !event.ports[0]) return;
    port = event.ports[0];
    port.onmessage = (message) => message.data && draw(message.data);
    report();
  });
  draw(view);
}

/** JSON as the text of a script: no `<` can end the element or open a comment in it. */
export const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The `srcdoc` of a preview frame drawing `view`: the CSP first, then the base styles and the
 * host's theme (`base`, as the live view has them, so the swap changes nothing), the view's CSS,
 * and a body that takes no input (`inert`: it is a drawing) with our script.
 */
export function previewDocument(view: PreviewView, base: string, nonce: string): string {
  return (
    `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${previewCsp(nonce)}"><meta name="referrer" content="no-referrer">` +
    `<style nonce="${nonce}">${base}</style><style id="v" nonce="${nonce}"></style></head><body inert><script nonce="${nonce}">(${previewScript})(${scriptJson({ css: view.css, html: view.html })})</script></body></html>`
  );
}
