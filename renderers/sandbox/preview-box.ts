// The DOM side of a preview frame (preview-frame.ts builds its document): the frame with its
// flags, the port it is redrawn over, its height. When the view is complete, the frame stays in
// view, in the same box, while the live frame starts behind it (host.ts `show`).

import type { PreviewView } from './preview-markup';
import { isCspNonce } from './document';
import { previewDocument } from './preview-frame';
import { randomHex } from '../../widget/ids';


export interface PortFrame {
  readonly frame: HTMLIFrameElement;
  /** Sends the frame a message over its port; before the port is handed over, only the last one is kept. */
  post(message: unknown): void;
  /** Closes the port. The frame stays where it is, as drawn. */
  stop(): void;
}

/**
 * A frame of `srcdoc` (a preview's document, whose script waits for a MessagePort; already passed
 * through the page's Trusted Types policy, `SandboxHostOptions.html`), titled
 * `title`, whose messages go to `received`. Sandboxed as the live view is (scripts, nothing
 * else); a second document in it (a navigation) is removed at once.
 */
export function portFrame(srcdoc: string, title: string, received: (data: unknown) => void): PortFrame {
  const frame = document.createElement('iframe');
  // Not `sbx-frame`: that names the live view's frame, which may stand behind this one a moment.
  frame.className = 'sbx-preview';
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.setAttribute('referrerpolicy', 'no-referrer');
  frame.setAttribute('allow', '');
  frame.title = title;
  frame.srcdoc = srcdoc;
  const channel = new MessageChannel();
  const port = channel.port1;
  let loads = 0;
  let waiting: { message: unknown } | undefined;
  port.onmessage = ({ data }) => received(data);
  frame.addEventListener('load', () => {
    // Inserted, the frame took its flags: any document it navigates to gets no scripts.
    frame.setAttribute('sandbox', '');
    if (++loads > 1) return frame.remove(), port.close();
    frame.contentWindow?.postMessage('', '*', [channel.port2]);
    if (waiting) port.postMessage(waiting.message);
    waiting = undefined;
  });
  return {
    frame,
    post: (message) => (loads == 1 ? port.postMessage(message) : loads || (waiting = { message })),
    stop: () => port.close(),
  };
}

export interface PreviewFrame extends PortFrame {
  /** Sends the frame what to draw now (nothing when it already has it). */
  draw(view: PreviewView): void;
}

/**
 * A preview frame drawing `view` (its styles and trimmed markup, `base` before them), which reports
 * its content's height to `resized`. Its one script's nonce is the page's `pageNonce` when there is
 * one (the page's inherited CSP wants it too), else one made for it.
 */
export function previewFrame(view: PreviewView, base: string, title: string, resized: (height: number) => void, html: (markup: string) => string, pageNonce?: string): PreviewFrame {
  // A preview's document, whose own CSP lets only our nonce'd script run: safe for the policy.
  const frame = portFrame(html(previewDocument(view, base, isCspNonce(pageNonce) ? pageNonce : randomHex())), title, (data) => typeof data == 'number' && resized(data));
  let shown = view.css + '\0' + view.html;
  return {
    ...frame,
    draw({ css, html }) {
      if (css + '\0' + html == shown) return;
      shown = css + '\0' + html;
      frame.post({ css, html });
    },
  };
}
