// Attachments read from a message's markdown, as the hub reads them for `done.attachments` and
// the `/thread` items' `atts`: images `![caption](url)`, and links that are documents or voice
// notes by their label (the hub's widget writes `[文件：name](url)` and `[语音：name](url)`) or by
// their URL's extension. Pure: text in, list out.
import { MAX_ATTACHMENTS_PER_MESSAGE } from '../settings/limits';

export type Attachment =
  | { type: 'image'; url: string; caption?: string }
  | { type: 'file'; url: string; name: string }
  | { type: 'audio'; url: string; name: string };

/** An image or link whose target is an absolute http(s) URL; an optional `"title"` is skipped. */
const MARKDOWN_LINK = /(!?)\[([^\]\n]*)\]\((https?:\/\/[^\s()<>]+)(?:\s+"[^"\n]*")?\)/gi;
/** Code shows links; it does not send them. */
const FENCED_CODE = /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[`~]*[ \t]*$|(?![\s\S]))/gm;
const INLINE_CODE = /`[^`\n]*`/g;

const AUDIO_LABEL = /^(?:语音|音频|录音|audio|voice)/i;
const FILE_LABEL = /^(?:文件|附件|文档|file|document)/i;
/** `文件：report.pdf` names `report.pdf`. */
const LABEL_PREFIX = /^(?:语音|音频|录音|文件|附件|文档|audio|voice|file|document)\s*[:：]\s*/i;
const AUDIO_EXTENSIONS: ReadonlySet<string> = new Set(['mp3', 'wav', 'm4a', 'aac', 'ogg', 'oga', 'webm', 'flac']);
const DOCUMENT_EXTENSIONS: ReadonlySet<string> = new Set([
  'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'csv', 'txt', 'md', 'markdown', 'json', 'jsonl',
  'xml', 'html', 'htm', 'log', 'yaml', 'yml', 'zip', 'rar', '7z',
]);

function lastSegment(url: URL): string {
  const segment = url.pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** A link's kind: its label first (the visitor's widget said what it sent), then its extension. */
function linkKind(label: string, ext: string): 'file' | 'audio' | null {
  if (AUDIO_LABEL.test(label)) return 'audio';
  if (FILE_LABEL.test(label)) return 'file';
  if (AUDIO_EXTENSIONS.has(ext)) return 'audio';
  if (DOCUMENT_EXTENSIONS.has(ext)) return 'file';
  return null;
}

export function extractAttachments(text: string): Attachment[] {
  const prose = text.replace(FENCED_CODE, '\n').replace(INLINE_CODE, '');
  const found: Attachment[] = [];
  const seen = new Set<string>();
  for (const [, bang, rawLabel, href] of prose.matchAll(MARKDOWN_LINK)) {
    let url: URL;
    try {
      url = new URL(href!);
    } catch {
      continue;
    }
    const label = rawLabel!.trim();
    let attachment: Attachment;
    if (bang) {
      attachment = label ? { type: 'image', url: href!, caption: label } : { type: 'image', url: href! };
    } else {
      const file = lastSegment(url);
      const kind = linkKind(label, extension(file));
      if (!kind) continue;
      attachment = { type: kind, url: href!, name: label.replace(LABEL_PREFIX, '') || label || file || href! };
    }
    const key = `${attachment.type} ${href}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push(attachment);
    if (found.length === MAX_ATTACHMENTS_PER_MESSAGE) break;
  }
  return found;
}
