// Attachments inside a message on the BailingHub wire: how an uploaded file travels in the text
// (a markdown line the model can read the URL from) and how a visitor's bubble shows such a message
// again. The core's part of uploads; which files go up and how is the uploader's
// (widget/attachments/upload-policy.ts, widget/transport/upload.ts). Pure: no DOM, no network.
import type { Attachment } from '../types';

/** Fills `{key}` slots of a text (the strings of widget/ui/i18n/i18n.ts); numbers are written as `locale` writes them (Intl). */
export function fill(template: string, values: Record<string, string | number>, locale?: string): string {
  return template.replace(/\{(\w+)\}/g, (slot, key: string) => (key in values ? values[key].toLocaleString(locale) : slot));
}

// The hub's own markers: its widget writes them and its server (and model prompts) read them.
const AUDIO_LABEL = '语音：';
const FILE_LABEL = '文件：';
const IMAGE_MD = /!\[([^\]]*)\]\((https?:\/\/[^\s)]+)\)/g;
const AUDIO_LINK = /^(?:语音|音频|录音|audio|voice)/i;
const FILE_LINK = /^(?:文件|附件|文档|file|document)/i;
/** A link (the images are gone by the time it is used, so no look-behind for `!`: Safari 15 has none). */
const LINK_MD = /\[([^\]]*)\]\((https?:\/\/[^\s)]+)\)/g;

/** A name that cannot end the markdown label early or start a new line. */
const labelText = (name: string) => name.replace(/[[\]\\]/g, '_').replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
/** Parentheses and spaces would end the markdown link's target early (encodeURIComponent leaves `(` and `)` as they are). */
const target = (url: string) => url.replace(/[()\s]/g, (c) => (c == '(' ? '%28' : c == ')' ? '%29' : encodeURIComponent(c)));

/** The line an uploaded attachment adds to the message: `![name](url)`, `[语音：name](url)` or `[文件：name](url)`. */
export function attachmentLine(att: Attachment): string {
  const name = labelText(att.name || '');
  const url = target(att.url);
  if (att.type === 'audio') return `[${AUDIO_LABEL}${name || '录音'}](${url})`;
  if (att.type === 'file') return `[${FILE_LABEL}${name || '附件'}](${url})`;
  return `![${name || '图片'}](${url})`;
}

/** What goes to the hub: the typed text, a blank line, then one line per attachment. */
export function messageWithAttachments(text: string, atts: readonly Attachment[]): string {
  const lines = atts.map(attachmentLine).join('\n');
  return text && lines ? `${text}\n\n${lines}` : text || lines;
}

/**
 * A visitor's item as shown: the text without the attachment lines (the hub's widget shows the
 * same), and its attachments: `atts`, else those the lines name (an item that arrives without).
 * One pass: each line the text loses is an attachment found, images first.
 */
export function splitUserMessage(text: string, atts?: readonly Attachment[]): { text: string; atts: Attachment[] } {
  const images: Attachment[] = [];
  const links: Attachment[] = [];
  const rest = text
    .replace(IMAGE_MD, (_, name: string, url: string) => (images.push({ type: 'image', url, name }), ''))
    .replace(LINK_MD, (link, label: string, url: string) => {
      const type = AUDIO_LINK.test(label) ? 'audio' : FILE_LINK.test(label) ? 'file' : null;
      if (!type) return link;
      links.push({ type, url, name: label.replace(/^[^：:]*[：:]\s*/, '') });
      return '';
    })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { text: rest, atts: atts?.length ? [...atts] : [...images, ...links] };
}
