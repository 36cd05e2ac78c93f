// The size of what one request to the model carries, bounded part by part (limits.ts, "What one
// request to the model may carry"). Every part a client supplies is checked before anything is
// sent: a part over its bound is a 413 that names the part, its size and the bound. The
// conversation is the one part that is windowed instead: its newest messages that fit are sent.
// Pure: parts in, a refusal or a window out.
import { HttpError } from '../http/http-error';
import {
  MAX_MODEL_CONTEXT_BYTES,
  MAX_MODEL_HISTORY_BYTES,
  MAX_MODEL_MESSAGE_BYTES,
  MAX_MODEL_PACK_DOCS_BYTES,
  MAX_MODEL_TOOLS_BYTES,
} from '../settings/limits';

/** UTF-8 bytes of a value as JSON: what it weighs in the request to the model. */
export const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');

const utf8 = (text: string): number => Buffer.byteLength(text, 'utf8');

function overLimit(code: string, what: string, bytes: number, limit: number, fix: string): HttpError {
  return new HttpError(413, code, `${what}: ${bytes} bytes, more than the ${limit} bytes that may be sent to the model. ${fix}`);
}

/** AG-UI `context`: descriptions and values together. */
export function checkContextBytes(context: readonly { description: string; value: string }[], where = '"context"'): void {
  const bytes = context.reduce((sum, item) => sum + utf8(item.description) + utf8(item.value), 0);
  if (bytes > MAX_MODEL_CONTEXT_BYTES) {
    throw overLimit('context_too_large', `The page context (${where})`, bytes, MAX_MODEL_CONTEXT_BYTES, 'Send shorter context entries.');
  }
}

/** `sandbox_packs`: every pack's name, summary and docs together. */
export function checkPackDocsBytes(packs: readonly { name: string; summary: string; docs: string }[], where: string): void {
  const bytes = packs.reduce((sum, pack) => sum + utf8(pack.name) + utf8(pack.summary) + utf8(pack.docs), 0);
  if (bytes > MAX_MODEL_PACK_DOCS_BYTES) {
    throw overLimit('pack_docs_too_large', `The packs' summaries and docs ("${where}")`, bytes, MAX_MODEL_PACK_DOCS_BYTES, 'Install fewer packs, or shorten their docs.');
  }
}

/** AG-UI `tools`, as JSON. */
export function checkToolsBytes(tools: readonly unknown[]): void {
  const bytes = jsonBytes(tools);
  if (bytes > MAX_MODEL_TOOLS_BYTES) {
    throw overLimit('tools_too_large', 'The page\'s tools ("tools")', bytes, MAX_MODEL_TOOLS_BYTES, 'Offer fewer tools, or shorter descriptions and schemas.');
  }
}

/**
 * The messages a run adds (those after the last assistant message: the visitor's turn, the
 * results of the calls it answers) must reach the model whole: each within
 * MAX_MODEL_MESSAGE_BYTES, all of them within MAX_MODEL_HISTORY_BYTES.
 */
export function checkNewMessages(messages: readonly { role: string }[]): void {
  let start = messages.length;
  while (start > 0 && messages[start - 1]!.role !== 'assistant') start--;
  let total = 0;
  for (let i = start; i < messages.length; i++) {
    const bytes = jsonBytes(messages[i]);
    if (bytes > MAX_MODEL_MESSAGE_BYTES) {
      throw overLimit('message_too_large', `"messages[${i}]"`, bytes, MAX_MODEL_MESSAGE_BYTES, 'Send a shorter message.');
    }
    total += bytes;
  }
  if (total > MAX_MODEL_HISTORY_BYTES) {
    throw overLimit('messages_too_large', `The messages this run adds ("messages[${start}]" on)`, total, MAX_MODEL_HISTORY_BYTES, 'Send fewer or shorter messages.');
  }
}

/**
 * The newest items of a conversation that go to the model: at most `maxItems`, each within
 * MAX_MODEL_MESSAGE_BYTES, together within MAX_MODEL_HISTORY_BYTES. The window ends at the first
 * item that does not fit, so it has no gaps.
 */
export function newestWithin<T>(items: readonly T[], maxItems: number, bytes: (item: T) => number = jsonBytes): T[] {
  let total = 0;
  let start = items.length;
  while (start > 0 && items.length - start < maxItems) {
    const size = bytes(items[start - 1]!);
    if (size > MAX_MODEL_MESSAGE_BYTES || total + size > MAX_MODEL_HISTORY_BYTES) break;
    total += size;
    start--;
  }
  return items.slice(start);
}
