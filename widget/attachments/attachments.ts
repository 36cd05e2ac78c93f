// Attachments the hub sends with an answer (`done.attachments`, and `atts` of `/thread` items):
// validation of the wire value and the policy for showing each one (DESIGN.md §6). Pure.
// Files on the hub's own origin are the hub's (its uploads, its documents): they show. Anything
// else follows the same link and image policy as the answer's markdown.

import { LINK_PROTOCOLS } from '../markdown/markdown-policy';
import type { ImagePolicy } from '../markdown/image-origins';
import type { Attachment, AttachmentKind } from '../types';

/** An answer with more attachments than this is not something to lay out under a bubble. */
export const MAX_ATTACHMENTS = 10;
const MAX_NAME_CHARS = 200;
const KINDS: readonly string[] = ['image', 'audio', 'file'];
/** Without a `type` (older items), the file name says what it is, as the hub's own parser reads it. */
const IMAGE_PATH = /\.(?:png|jpe?g|gif|webp)$/i;
const AUDIO_PATH = /\.(?:mp3|wav|m4a|aac|ogg|oga|webm|flac)$/i;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' ? [...v.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, ' ').trim()].slice(0, MAX_NAME_CHARS).join('') : '');

function parseUrl(value: unknown): URL | null {
  if (typeof value !== 'string') return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * The usable attachments of a wire value: an absolute http(s) URL each (a `javascript:` or
 * `data:` URL is dropped), a known `type` (an unknown one is a file; a missing one is read
 * from the file name's extension), at most
 * {@link MAX_ATTACHMENTS}, one per URL. Anything else yields `[]`, never an error.
 */
export function readAttachments(value: unknown): Attachment[] {
  if (!Array.isArray(value)) return [];
  const out: Attachment[] = [];
  const seen = new Set<string>();
  for (const entry of value) {
    if (!isObject(entry)) continue;
    const url = parseUrl(entry.url);
    if (!url || (url.protocol != 'https:' && url.protocol != 'http:') || seen.has(url.href)) continue;
    seen.add(url.href);
    const type = KINDS.includes(entry.type as string) ? (entry.type as AttachmentKind) : entry.type == null && IMAGE_PATH.test(url.pathname) ? 'image' : entry.type == null && AUDIO_PATH.test(url.pathname) ? 'audio' : 'file';
    const att: Attachment = { type, url: url.href };
    const name = text(entry.name);
    const caption = text(entry.caption);
    if (name) att.name = name;
    if (caption) att.caption = caption;
    if (Number.isSafeInteger(entry.size) && (entry.size as number) > 0) att.size = entry.size as number;
    out.push(att);
    if (out.length == MAX_ATTACHMENTS) break;
  }
  return out;
}

export interface AttachmentPolicy {
  /** The hub's origin (`https://hub.example.com`): its own files always show. */
  readonly hubOrigin: string;
  /** Which images load: the markdown's image policy (the hub's origin and the owner's list). */
  readonly images: ImagePolicy;
}

/**
 * How an attachment shows: `image` (a preview loads), `audio` (a player loads, beside the link),
 * `link` (a link with its name), or `none` (not shown at all: a URL the link policy refuses).
 * The hub's own files (the visitor's uploads among them) load. An image from another origin loads
 * only from an origin the owner listed, over https, like an image in the markdown; a recording from another origin never loads (a player fetches at once).
 */
export function attachmentView(att: Attachment, policy: AttachmentPolicy): 'image' | 'audio' | 'link' | 'none' {
  const url = parseUrl(att.url);
  if (!url || !LINK_PROTOCOLS.includes(url.protocol) || url.protocol == 'mailto:') return 'none';
  const own = url.origin === policy.hubOrigin;
  if (att.type == 'audio') return own ? 'audio' : 'link';
  if (att.type != 'image') return 'link';
  return own || policy.images(url) ? 'image' : 'link';
}

/** What a link to the attachment says: its name, its caption, or the last part of its path. */
export function attachmentLabel(att: Attachment): string {
  if (att.name || att.caption) return (att.name || att.caption)!;
  const last = new URL(att.url).pathname.split('/').pop() || '';
  try {
    return decodeURIComponent(last) || att.url;
  } catch {
    return last; // a malformed %-escape: the raw segment still names the file
  }
}
