// The attachments under a visitor's message: thumbnails for images, links for files, a player
// for voice notes. What may load in the page was decided in `shownAttachments` (widget/uploads.ts).
import type { ShownAttachment } from '../uploads';
import { h, icon, ICONS } from './dom';

export function attachmentView(atts: readonly ShownAttachment[]): HTMLElement {
  const box = h('div', { class: 'bc-atts' });
  for (const { kind, url, name, embed } of atts) {
    // noopener: the opened page gets no handle on this one; noreferrer: nor the page's address.
    const link = h('a', { class: 'bc-att', href: url, target: '_blank', rel: 'noopener noreferrer' });
    if (kind === 'image' && embed) link.append(h('img', { src: url, alt: name, loading: 'lazy', referrerpolicy: 'no-referrer' }));
    else link.append(icon(ICONS.clip), name);
    box.append(link);
    if (kind === 'audio' && embed) box.append(h('audio', { controls: true, preload: 'metadata', src: url, 'aria-label': name }));
  }
  return box;
}
