// Attachments on the BailingHub wire: which files the hub takes and how large, how an uploaded
// file travels inside the message (a markdown line the model can read the URL from), and how a
// visitor's bubble shows such a message again. Pure: no DOM, no network.
import type { Attachment, AttachmentKind } from './types';

export type { AttachmentKind };

/** Attachments one message may carry. */
export const MAX_ATTACHMENTS = 4;
/** The hub's limits per kind, in MiB (the hub counts 1 MB as 1024 × 1024 bytes). */
export const UPLOAD_LIMIT_MB: Readonly<Record<AttachmentKind, number>> = { image: 6, audio: 12, file: 20 };
/** A voice note stops itself after this long, as the hub's own widget does. */
export const MAX_RECORDING_MS = 60_000;

/** Document types the hub takes as `file` (its widget's list). */
const FILE_MIME = /^(?:text\/|application\/(?:json|x-ndjson|xml|ya?ml|x-yaml|sql|pdf|msword|vnd\.|zip|x-zip-compressed|x-rar-compressed|x-7z-compressed))/;
/** A file the browser gives no type for still counts as a document by its extension. */
const FILE_EXTENSION = /\.(?:pdf|docx?|xlsx?|pptx?|csv|txt|md|markdown|json|jsonl|xml|html?|log|yaml|yml|zip|rar|7z)$/i;
const OFFICE = 'application/vnd.openxmlformats-officedocument.';
/** The type sent for a file the browser names none for, by extension (the hub's table). */
const EXTENSION_MIME: Readonly<Record<string, string>> = {
  txt: 'text/plain', log: 'text/x-log', ini: 'text/x-ini', conf: 'text/x-conf', md: 'text/markdown', markdown: 'text/markdown',
  csv: 'text/csv', tsv: 'text/tab-separated-values', sql: 'application/sql', json: 'application/json', jsonl: 'application/x-ndjson',
  xml: 'application/xml', html: 'text/html', htm: 'text/html', pdf: 'application/pdf', doc: 'application/msword',
  docx: `${OFFICE}wordprocessingml.document`, xls: 'application/vnd.ms-excel', xlsx: `${OFFICE}spreadsheetml.sheet`,
  ppt: 'application/vnd.ms-powerpoint', pptx: `${OFFICE}presentationml.presentation`,
  zip: 'application/zip', rar: 'application/x-rar-compressed', '7z': 'application/x-7z-compressed',
};

/**
 * The file picker's `accept` list: the hub's own (its images, then every document type and
 * extension it takes), so the picker offers what the hub takes. Voice comes from the recorder.
 */
export const UPLOAD_ACCEPT = [
  'image/png', 'image/jpeg', 'image/webp', 'image/gif',
  ...new Set(Object.values(EXTENSION_MIME)), 'text/xml', 'text/yaml', 'application/yaml', 'application/x-yaml',
  ...[...Object.keys(EXTENSION_MIME), 'yaml', 'yml'].map((ext) => `.${ext}`),
].join();

export interface FileFacts {
  name: string;
  /** The browser's type; often empty for documents. */
  type: string;
  size: number;
}

export type Refusal = { reason: 'type' } | { reason: 'empty' } | { reason: 'size'; kind: AttachmentKind };
export type Classified = { ok: true; kind: AttachmentKind; mime: string } | ({ ok: false } & Refusal);

/** The type to send: the browser's, else the hub's table by extension, else none. */
export function mimeFor(file: Pick<FileFacts, 'name' | 'type'>): string {
  return file.type || EXTENSION_MIME[file.name.toLowerCase().split('.').pop()!] || '';
}

export function kindOfMime(mime: string): AttachmentKind | null {
  return /^image\//.test(mime) ? 'image' : /^audio\//.test(mime) ? 'audio' : FILE_MIME.test(mime) ? 'file' : null;
}

/** Whether the hub takes this file, as what, and under which type. `audio` forces a recording's kind. */
export function classifyFile(file: FileFacts, forced?: 'audio'): Classified {
  const mime = mimeFor(file);
  const kind = forced || kindOfMime(mime) || (FILE_EXTENSION.test(file.name) ? 'file' : null);
  if (!kind) return { ok: false, reason: 'type' };
  // The hub refuses bodies under 16 base64 characters as empty; an empty file is nothing to send.
  if (file.size <= 0) return { ok: false, reason: 'empty' };
  if (file.size > UPLOAD_LIMIT_MB[kind] * 1024 * 1024) return { ok: false, reason: 'size', kind };
  return { ok: true, kind, mime };
}

/** Fills `{key}` slots of a text (the strings of widget/ui/i18n.ts). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (slot, key: string) => (key in values ? String(values[key]) : slot));
}

type RefusalStrings = Record<'unsupportedFile' | 'emptyFile' | 'tooLargeImage' | 'tooLargeAudio' | 'tooLargeFile', string>;

/** What the visitor reads when a file is refused before upload: what was wrong, and the limit. */
export function refusalText(refusal: Refusal, s: RefusalStrings): string {
  if (refusal.reason === 'type') return s.unsupportedFile;
  if (refusal.reason === 'empty') return s.emptyFile;
  const template = refusal.kind === 'image' ? s.tooLargeImage : refusal.kind === 'audio' ? s.tooLargeAudio : s.tooLargeFile;
  return fill(template, { mb: UPLOAD_LIMIT_MB[refusal.kind] });
}

// ---- the message ----

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
/** Parentheses and spaces would end the markdown link's target early. */
const target = (url: string) => url.replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

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

/** The message without the attachment lines, for the visitor's bubble (the hub's widget shows the same). */
export function stripAttachmentLines(text: string): string {
  return text
    .replace(IMAGE_MD, '')
    .replace(LINK_MD, (link, label: string) => (AUDIO_LINK.test(label) || FILE_LINK.test(label) ? '' : link))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The attachments a message's lines name, for a history item that arrives without `atts`. */
export function attachmentsIn(text: string): Attachment[] {
  const found: Attachment[] = [];
  for (const m of text.matchAll(IMAGE_MD)) found.push({ type: 'image', url: m[2]!, name: m[1]! });
  for (const m of text.replace(IMAGE_MD, '').matchAll(LINK_MD)) {
    const type = AUDIO_LINK.test(m[1]!) ? 'audio' : FILE_LINK.test(m[1]!) ? 'file' : null;
    if (type) found.push({ type, url: m[2]!, name: m[1]!.replace(/^[^：:]*[：:]\s*/, '') });
  }
  return found;
}

/** A visitor's item as shown: the text without attachment lines, and its attachments (`atts`, else those the lines name). */
export function splitUserMessage(text: string, atts?: readonly Attachment[]): { text: string; atts: Attachment[] } {
  return { text: stripAttachmentLines(text), atts: atts?.length ? [...atts] : attachmentsIn(text) };
}

// ---- the upload response ----

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An http(s) URL, or `null`. A path starting with one `/` is the hub's own (resolved against `base`), as the hub's widget reads it. */
export function httpUrl(value: unknown, base?: string): URL | null {
  if (typeof value !== 'string') return null;
  try {
    const url = base && /^\/(?!\/)/.test(value) ? new URL(value, base) : new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * `{ok, url, name, type}` from `POST /chat/:entry/upload`, or what is wrong with it. The hub
 * says `type` is `image`, `audio` or `file`; a server that answers with the file's mime type
 * (or none) gets the kind derived from it, then from what was sent.
 */
export function parseUploadResponse(json: unknown, sent: { name: string; kind: AttachmentKind }, base?: string): Attachment | string {
  if (!isObject(json)) return 'expected a JSON object';
  if (json.ok === false) return '"ok" is false';
  // The URL goes into the message and into <img src>: nothing but http(s).
  const url = httpUrl(json.url, base);
  if (!url) return '"url" must be an http(s) URL';
  const said = typeof json.type === 'string' ? json.type : '';
  const type = said === 'image' || said === 'audio' || said === 'file' ? said : kindOfMime(said) || sent.kind;
  const name = typeof json.name === 'string' && json.name.trim() ? json.name : sent.name;
  return { type, url: url.href, name };
}

// ---- showing attachments ----

