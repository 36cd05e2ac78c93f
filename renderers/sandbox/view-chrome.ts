// The DOM around one live `sandbox` view (host.ts): its box (title, status line, caution), the
// frame with its sandbox flags, the text left when the view ends, the "not responding" notice, and
// the streamed preview the live frame replaces once it is up. No state: host.ts holds the view's.

import type { SandboxStrings } from '../../widget/ui/i18n/sandbox-strings';
import { el } from './dom';

/**
 * The view's box, `[preview, box, status]`. The preview drawn while the view streamed, when the
 * widget kept it for this mount (live-preview.ts), stays in view, in its box, until the live frame
 * behind it is up and has said its height, so the visitor never sees an empty box. Neither moves:
 * a frame moved in the DOM loads its document again.
 */
export function viewBox(container: HTMLElement, title: string, strings: SandboxStrings) {
  const stand = container.querySelector<HTMLIFrameElement>(':scope>.sbx>.sbx-preview');
  const box = stand ? stand.parentElement! : el('div', 'sbx');
  const status = el('div', 'sbx-status');
  status.setAttribute('role', 'status');
  for (const child of [...box.children]) if (child != stand) child.remove();
  box.removeAttribute('aria-busy');
  box.prepend(el('div', 'sbx-title', title));
  box.append(status, el('p', 'sbx-caution', strings.viewCaution));
  if (!stand) container.append(box);
  return [stand, box, status] as const;
}

/** The frame of a view: `srcdoc` its document, `height` its first height in pixels. */
export function viewFrame(title: string, height: number, srcdoc: string): HTMLIFrameElement {
  const frame = el('iframe', 'sbx-frame');
  // Scripts and nothing else: no same-origin (the frame's origin is opaque: no cookies, storage
  // or DOM of the page), no popups, forms, top navigation, modals or downloads.
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.setAttribute('referrerpolicy', 'no-referrer');
  // No permission (camera, geolocation, …) is delegated to the view.
  frame.setAttribute('allow', '');
  frame.title = title;
  frame.style.height = height + 'px';
  // The model's markup and code become the frame's document on purpose: the frame is the
  // sandbox (opaque origin, the CSP first in its head), so it may go through the Trusted Types policy.
  frame.srcdoc = srcdoc;
  return frame;
}

/** What is left of a view that cannot run or has ended: its title, its summary, and why (when said). */
export function showGone(box: HTMLElement, title: string, summary: string | undefined, reason?: string): void {
  if (reason === undefined) return box.replaceChildren(el('div', 'sbx-title', title), ...(summary ? [el('p', 'sbx-summary', summary)] : []));
  const rest = el('div', 'sbx-fallback');
  if (summary) rest.append(el('p', 'sbx-summary', summary));
  rest.append(el('p', 'sbx-reason', reason));
  box.replaceChildren(el('div', 'sbx-title', title), rest);
}

/** The "not responding" notice, whose Stop button runs `stop`. */
export function stuckNotice(strings: SandboxStrings, stop: () => void): Node[] {
  const button = el('button', 'sbx-stop', strings.viewStop);
  button.type = 'button';
  button.onclick = stop;
  return [el('span', '', strings.viewUnresponsive + ' '), button];
}

/** Puts the live `frame` behind the streamed preview `stand`; the returned function swaps them. */
export function behind(stand: HTMLIFrameElement, frame: HTMLIFrameElement): () => void {
  stand.setAttribute('aria-hidden', 'true');
  frame.classList.add('sbx-behind');
  frame.inert = true;
  return () => {
    stand.remove();
    frame.classList.remove('sbx-behind');
    frame.inert = false;
  };
}
