// Attachments under a message: an image preview where the policy lets it load, otherwise a
// link with the file's name (widget/attachments.ts decides which). URLs are checked there; the
// names are hub data and go in as text.

import { attachmentLabel, attachmentView, type AttachmentPolicy } from '../attachments';
import { IMAGE_ATTRIBUTES, LINK_REL, LINK_TARGET } from '../markdown-policy';
import type { Attachment } from '../types';
import { h } from './dom';
import type { Strings } from './i18n';

const KIND_MARK: Record<Attachment['type'], string> = { image: '🖼', audio: '♪', file: '📄' };

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
      link.append(h('span', { 'aria-hidden': 'true' }, [KIND_MARK[att.type]]), ' ', label);
    }
    link.setAttribute('aria-label', label);
    items.push(h('li', {}, [link]));
  }
  return items.length ? h('ul', { class: 'bc-atts', 'aria-label': strings.attachments }, items) : null;
}
