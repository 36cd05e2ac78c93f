// The DOM side of a preview frame (preview-frame.ts builds its document): the frame with its
// flags, the port it is redrawn over, its height; and the hand-over to the live view at the end.
//
// The hand-over: when a streamed view is complete, the widget's final render replaces what the
// bubble showed, and the preview's frame goes with it. The preview leaves what it last drew here
// (`keepPreview`); the view's mount takes it (`takePreview`), draws it again in its own box at the
// same height, and loads the live frame behind it, out of sight; the live frame takes its place
// once it is up and has measured itself (`adoptPreview`). So the view never shrinks to nothing,
// nor shows an empty frame while its scripts start.

import type { PreviewView } from './preview-markup';
import { previewDocument } from './preview-frame';

const nonce = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

export interface PortFrame {
  readonly frame: HTMLIFrameElement;
  /** Sends the frame a message over its port; before the port is handed over, only the last one is kept. */
  post(message: unknown): void;
  /** Closes the port. The frame stays where it is, as drawn. */
  stop(): void;
}

/**
 * A frame of `srcdoc` (a preview's document, whose script waits for a MessagePort), titled
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

/** A preview frame drawing `view` (its styles and trimmed markup, `base` before them), which reports its content's height to `resized`. */
export function previewFrame(view: PreviewView, base: string, title: string, resized: (height: number) => void): PreviewFrame {
  const frame = portFrame(previewDocument(view, base, nonce()), title, (data) => typeof data == 'number' && resized(data));
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

/** What a preview last drew, for the mount of the same block. */
export interface DrawnPreview {
  /** The block's text it was drawn from: the mount's source starts with it. */
  readonly source: string;
  readonly view: PreviewView;
  /** The frame's height, in CSS pixels. */
  readonly height: number;
}

/** Previews kept for a mount, newest first; a few, as an answer may stop before it mounts. */
const kept: DrawnPreview[] = [];
const KEPT_PREVIEWS = 8;

export function keepPreview(drawn: DrawnPreview): void {
  kept.unshift(drawn);
  kept.length = Math.min(kept.length, KEPT_PREVIEWS);
}

/** The preview last drawn from the start of `source`, taken (a second mount of it gets none). */
export function takePreview(source: string): DrawnPreview | undefined {
  const at = kept.findIndex((drawn) => source.startsWith(drawn.source));
  return at < 0 ? undefined : kept.splice(at, 1)[0];
}

/**
 * Draws `drawn` again in `box`, before the live `frame`, which waits behind it (it must be laid
 * out and in view to start: a frame out of sight may be throttled). Returns the swap, to call once
 * the live view is up and has said its height.
 */
export function adoptPreview(box: HTMLElement, frame: HTMLIFrameElement, drawn: DrawnPreview, base: string): () => void {
  const stand = previewFrame(drawn.view, base, frame.title, () => {});
  stand.frame.style.height = drawn.height + 'px';
  stand.frame.setAttribute('aria-hidden', 'true');
  box.insertBefore(stand.frame, frame);
  if (stand.frame.isConnected) stand.frame.setAttribute('sandbox', '');
  frame.classList.add('sbx-behind');
  frame.inert = true;
  return () => {
    stand.stop();
    stand.frame.remove();
    frame.classList.remove('sbx-behind');
    frame.inert = false;
  };
}
