// Attachments of a message, the visitor's uploads and an answer's files alike: an image preview
// or a player where the policy lets it load, otherwise a card that links to the file, with its
// type's icon, its name and its size where known (widget/attachments/attachments.ts decides
// which). URLs are checked there; names go in as text.

import { attachmentLabel, attachmentView, type AttachmentPolicy } from './attachments';
import { IMAGE_ATTRIBUTES, LINK_REL, LINK_TARGET } from '../markdown/markdown-policy';
import type { Attachment } from '../types';
import { h, icon, ICONS } from '../ui/dom';
import type { Strings } from '../ui/i18n/i18n';

/** `att.size` bytes in the visitor's words: "312 byte", "12 kB", "1.5 MB". */
const fileSize = (bytes: number) => {
  const scale = bytes < 1e3 ? 0 : bytes < 1e6 ? 1 : 2;
  return new Intl.NumberFormat(undefined, { style: 'unit', unit: ['byte', 'kilobyte', 'megabyte'][scale], maximumFractionDigits: scale >> 1 }).format(bytes / 1e3 ** scale);
};

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
      link.className += ' bc-card';
      link.append(icon(ICONS.file), h('span', {}, [label]));
      if (att.size) link.append(h('small', {}, [fileSize(att.size)]));
    }
    link.setAttribute('aria-label', label);
    const item = h('li', {}, [link]);
    if (view == 'audio') item.append(h('audio', { controls: true, preload: 'metadata', src: att.url, 'aria-label': label }));
    items.push(item);
  }
  return items.length ? h('ul', { class: 'bc-atts', 'aria-label': strings.attachments }, items) : null;
}
