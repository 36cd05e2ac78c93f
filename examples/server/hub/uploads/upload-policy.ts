// Which uploads the server takes: the hub's three kinds (image, audio, file), their media types
// and size limits, and how the serving route treats each stored type. Pure: names in, decisions
// out; the tables live in limits.ts.
import {
  AUDIO_UPLOAD_TYPES,
  FILE_UPLOAD_TYPES,
  IMAGE_UPLOAD_TYPES,
  MAX_AUDIO_UPLOAD_BYTES,
  MAX_FILE_UPLOAD_BYTES,
  MAX_IMAGE_UPLOAD_BYTES,
  UPLOAD_TYPE_BY_EXTENSION,
} from '../../settings/limits';

export type UploadKind = 'image' | 'audio' | 'file';

export const UPLOAD_MAX_BYTES: Readonly<Record<UploadKind, number>> = Object.freeze({
  image: MAX_IMAGE_UPLOAD_BYTES,
  audio: MAX_AUDIO_UPLOAD_BYTES,
  file: MAX_FILE_UPLOAD_BYTES,
});

const mb = (bytes: number): string => `${bytes / (1024 * 1024)} MB`;

/** What the visitor reads when a file is too large (413). */
export const TOO_LARGE_SENTENCE: Readonly<Record<UploadKind, string>> = Object.freeze({
  image: `This image is too large: images can be at most ${mb(MAX_IMAGE_UPLOAD_BYTES)}.`,
  audio: `This recording is too large: audio can be at most ${mb(MAX_AUDIO_UPLOAD_BYTES)}.`,
  file: `This file is too large: files can be at most ${mb(MAX_FILE_UPLOAD_BYTES)}.`,
});
export const ANY_TOO_LARGE_SENTENCE = `This file is too large: images can be at most ${mb(MAX_IMAGE_UPLOAD_BYTES)}, audio ${mb(
  MAX_AUDIO_UPLOAD_BYTES,
)} and other files ${mb(MAX_FILE_UPLOAD_BYTES)}.`;
/** What the visitor reads when the type is refused (415). */
export const UNSUPPORTED_TYPE_SENTENCE =
  'This type of file cannot be sent. You can send images (PNG, JPEG, WebP, GIF), voice recordings, and PDF, Office, CSV, TSV, text, Markdown, JSON, log or ZIP files.';

/** `Audio/WebM; codecs=opus` → `audio/webm`. */
export function mediaType(mime: string): string {
  return mime.split(';')[0]!.trim().toLowerCase();
}

/** The declared type, or (when none is declared) the hub's guess from the extension; '' if neither. */
export function effectiveUploadType(filename: string, declared: string): string {
  const type = mediaType(declared);
  if (type) return type;
  const dot = filename.lastIndexOf('.');
  const ext = dot >= 0 ? filename.slice(dot + 1).toLowerCase() : '';
  return Object.hasOwn(UPLOAD_TYPE_BY_EXTENSION, ext) ? UPLOAD_TYPE_BY_EXTENSION[ext]! : '';
}

/** The kind of an accepted media type, or null when the type is refused. */
export function uploadKind(type: string): UploadKind | null {
  if (IMAGE_UPLOAD_TYPES.includes(type)) return 'image';
  if (AUDIO_UPLOAD_TYPES.includes(type)) return 'audio';
  if (FILE_UPLOAD_TYPES.includes(type)) return 'file';
  return null;
}

export interface ServedHeaders {
  contentType: string;
  /** `inline` only for images and audio, which no browser runs as a document. */
  disposition: 'inline' | 'attachment';
}

/**
 * How a stored upload goes back out. Only accepted image and audio types show inline; everything
 * else downloads, so no stored text, document or archive ever renders as a page of our origin
 * (HTML, SVG or XML could run script there). A type this build would not accept today (a row
 * from an older allow-list) is served as opaque bytes.
 */
export function servedHeaders(storedMime: string): ServedHeaders {
  const type = mediaType(storedMime);
  const kind = uploadKind(type);
  if (kind === null) return { contentType: 'application/octet-stream', disposition: 'attachment' };
  const contentType = type.startsWith('text/') || type === 'application/json' ? `${type}; charset=utf-8` : type;
  return { contentType, disposition: kind === 'file' ? 'attachment' : 'inline' };
}
