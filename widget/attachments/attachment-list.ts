// Attachments of a message, the visitor's uploads and an answer's files alike: an image preview
// or a player where the policy lets it load, otherwise a link with the file's name
// (widget/attachments/attachments.ts decides which). URLs are checked there; names go in as text.

import { attachmentLabel, attachmentView, type AttachmentPolicy } from './attachments';
import { IMAGE_ATTRIBUTES, LINK_REL, LINK_TARGET } from '../markdown/markdown-policy';
import type { Attachment } from '../types';
import { h, icon, ICONS } from '../ui/dom';
import type { Strings } from '../ui/i18n/i18n';

/** The list, or `null` when nothing of `atts` may show. */
export function attachmentList(atts: readonly Attachment[], policy: AttachmentPolicy, strings: Strings): HTMLElement | null {
  const items: HTMLElement[] = [];
  for (const att of atts) {
    const view = attachmentView(att, policy);
    if (view == 'none') continue;
    const label = attachmentLabel(att);
    const link = h('a', { class: 'bc-att', href: att.url, target: LINK_TARGET, rel: LINK_REL });
    if (view == 'image') {
      link.append(h('img', { ...IMAGE_ATTRIBUTES, src: att.url, alt: att.caption || att.name || '' }));
    } else {
      link.append(icon(ICONS.clip), label);
    }
    link.setAttribute('aria-label', label);
    const item = h('li', {}, [link]);
    if (view == 'audio') item.append(h('audio', { controls: true, preload: 'metadata', src: att.url, 'aria-label': label }));
    items.push(item);
  }
  return items.length ? h('ul', { class: 'bc-atts', 'aria-label': strings.attachments }, items) : null;
}
