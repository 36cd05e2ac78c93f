// Which files the composer uploads to the hub, as what, and how large: the hub's own rules, so a
// file it would refuse is refused here first, with a reason the visitor can act on. Part of the
// uploader module (widget/attachments/uploader.ts): the core never needs it. Pure: no DOM, no network.
import type { AttachmentKind } from '../types';
import { fill } from './uploads';

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

type RefusalStrings = Record<'unsupportedFile' | 'emptyFile' | 'tooLargeImage' | 'tooLargeAudio' | 'tooLargeFile', string>;

/** What the visitor reads when a file is refused before upload: what was wrong, and the limit. */
export function refusalText(refusal: Refusal, s: RefusalStrings, locale?: string): string {
  if (refusal.reason === 'type') return s.unsupportedFile;
  if (refusal.reason === 'empty') return s.emptyFile;
  const template = refusal.kind === 'image' ? s.tooLargeImage : refusal.kind === 'audio' ? s.tooLargeAudio : s.tooLargeFile;
  return fill(template, { mb: UPLOAD_LIMIT_MB[refusal.kind] }, locale);
}
