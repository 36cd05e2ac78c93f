// The frame of an MCP App view (host.ts): opaque by default (`sandbox="allow-scripts"`, srcdoc, the
// CSP first in its head), or the spec's proxy page on the owner's separate origin.

import { el } from '../sandbox/dom';
import { viewDocument } from './document';
import { INITIAL_HEIGHT } from './limits';

/** The sandboxed frame for `html` under `csp`, loaded from `proxy` when the owner gives one. */
export function viewFrame(html: string, csp: string, proxy: string | undefined, title: string, trusted: ((markup: string) => string) | undefined): HTMLIFrameElement {
  const f = el('iframe', 'sbx-frame mcp-frame');
  f.title = title;
  f.setAttribute('referrerpolicy', 'no-referrer');
  f.setAttribute('allow', '');
  f.style.height = INITIAL_HEIGHT + 'px';
  const doc = viewDocument(html, csp);
  if (proxy) {
    // The spec's proxy: its own origin (so it may be same-origin with itself), which draws the
    // view in an opaque frame of its own; the page's CSP does not reach a document loaded by URL.
    f.setAttribute('sandbox', 'allow-scripts allow-same-origin');
    f.src = proxy;
  } else {
    // Scripts and nothing else: an opaque origin (no cookies, storage or DOM of the page), no
    // popups, forms, top navigation, modals or downloads.
    f.setAttribute('sandbox', 'allow-scripts');
    f.srcdoc = (trusted ?? ((m: string) => m))(doc);
  }
  return f;
}

/** After the frame is in the page: the first document took its flags as it started, whatever it navigates to gets none. */
export function dropFlags(f: HTMLIFrameElement, proxy: string | undefined) {
  if (!proxy) f.setAttribute('sandbox', '');
}
