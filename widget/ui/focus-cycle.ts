// Where the focus-cycle key (F6 by default) goes next: between the host page and the widget, and
// inside the widget between the message list and the composer. Pure; the shell moves the focus.

/** A place the key can put focus: the host page, the launcher (panel closed), the list, the composer. */
export type Stop = 'page' | 'launcher' | 'list' | 'composer';

/** The default key, and the keys a site owner may choose instead (`config.focusKey`, or `false` for none). */
export const FOCUS_KEY = 'F6';
export const FOCUS_KEY_PATTERN = /^F([1-9]|1[0-2])$/;

/**
 * The stop after `from` (before it with `back`). Closed: page ⇄ launcher. Open: page → list →
 * composer → page. Modal (the full-screen panel of a phone): list ⇄ composer, the page is not a stop.
 */
export function nextStop(from: Stop, open: boolean, modal: boolean, back: boolean): Stop {
  const ring: Stop[] = !open ? ['page', 'launcher'] : modal ? ['list', 'composer'] : ['page', 'list', 'composer'];
  const i = ring.indexOf(from);
  // Not a stop of this ring (the launcher of an open panel, the page behind a modal one): into the panel.
  if (i < 0) return back ? 'composer' : 'list';
  return ring[(i + (back ? ring.length - 1 : 1)) % ring.length]!;
}
