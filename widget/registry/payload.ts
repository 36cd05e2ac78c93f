// Checks a fenced block's source before any renderer sees it (DESIGN.md §6–7). Pure: no DOM.
// The block comes from the model, so it is untrusted input even though renderers are trusted code.

import { Allow, parse } from 'partial-json';
import type { RendererDefinition } from '../types';

type Limits = Required<Pick<RendererDefinition, 'contentType' | 'maxPayloadBytes'>>;

/**
 * What may be cut short in a preview's payload: strings, arrays and objects, which only grow.
 * Not numbers (`12` of `120` is another number) nor `nu`/`tr`/`NaN`-style literals.
 */
const PARTIAL = Allow.STR | Allow.ARR | Allow.OBJ;

export type PayloadCheck = { ok: true; payload: unknown } | { ok: false; reason: string };

let encoder: TextEncoder | undefined;

/** UTF-8 byte length of `text`, the unit `maxPayloadBytes` counts in (lone surrogates count 3, as U+FFFD). */
export const utf8Length = (text: string): number => (encoder ??= new TextEncoder()).encode(text).length;

/** How much of the last text `growingUtf8Length` compares to decide that a new text extends it. */
const GROWTH_CHECK_CHARS = 64;

/**
 * `utf8Length` for a text that grows (a streaming block, checked each frame): when the new text
 * extends the last one, only what was appended is encoded, so the work follows the new text.
 * "Extends" is judged on the last one's final GROWTH_CHECK_CHARS characters: comparing all of it
 * would cost what this saves (strings sliced from different parents compare character by
 * character). Any other text is counted whole.
 */
export function growingUtf8Length(): (text: string) => number {
  let last = '';
  let bytes = 0;
  return (text) => {
    let from = last.length;
    if (text.length < from || !text.startsWith(last.slice(-GROWTH_CHECK_CHARS), Math.max(0, from - GROWTH_CHECK_CHARS))) from = bytes = 0;
    // A high surrogate at the end was counted as U+FFFD (3 bytes): with its pair it is 4 in all.
    else if (from && (last.charCodeAt(from - 1) & 0xfc00) == 0xd800) (from--, (bytes -= 3));
    bytes += utf8Length(text.slice(from));
    last = text;
    return bytes;
  };
}

/** Whether `source` is at most `max` UTF-8 bytes (`length` counts them; default `utf8Length`). */
export const withinBytes = (source: string, max: number, length = utf8Length): boolean =>
  // One UTF-16 unit is 1 to 3 UTF-8 bytes, so most sources are decided without encoding them.
  source.length <= max && (source.length * 3 <= max || length(source) <= max);

/**
 * Decides what `mount` receives: the source within the definition's byte limit, then for
 * `application/json` a parsed object or array (scalars and `null` are not payloads), for
 * `text/plain` the source itself. A failure carries the reason for the host's console.
 */
export function checkPayload(source: string, { contentType, maxPayloadBytes }: Limits): PayloadCheck {
  if (!withinBytes(source, maxPayloadBytes)) return { ok: false, reason: `payload exceeds ${maxPayloadBytes} bytes` };
  if (contentType == 'text/plain') return { ok: true, payload: source };
  let payload: unknown;
  try {
    payload = JSON.parse(source);
  } catch {
    return { ok: false, reason: 'payload is not valid JSON' };
  }
  return payload !== null && typeof payload == 'object'
    ? { ok: true, payload }
    : { ok: false, reason: `payload must be a JSON object or array (got ${payload === null ? 'null' : typeof payload})` };
}

/**
 * The `payload` a preview gets of an unfinished block (within its byte limit, `withinBytes`):
 * for `application/json` the object or array partial-json reads from the text so far, or
 * `undefined` while nothing (or only a scalar) parses; for `text/plain` the text. The parser
 * stops at the first thing it cannot read: a malformed block previews what came before it, and
 * mount refuses it at the end.
 */
export function previewPayload(source: string, contentType: RendererDefinition['contentType']): unknown {
  if (contentType == 'text/plain') return source;
  let payload: unknown;
  try {
    // Through JSON once more, so the preview gets plain JSON data as `mount` does: partial-json
    // assigns keys (a `__proto__` key would become the object's prototype) and reads `NaN`.
    payload = JSON.parse(JSON.stringify(parse(source, PARTIAL)));
  } catch {
    // Nothing parses yet (an empty block, a lone `-`), or it is too deeply nested to read.
  }
  return payload !== null && typeof payload == 'object' ? payload : undefined;
}
