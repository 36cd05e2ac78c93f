// Checks a fenced block's source before any renderer sees it (DESIGN.md §6–7). Pure: no DOM.
// The block comes from the model, so it is untrusted input even though renderers are trusted code.

import { Allow, parse } from 'partial-json';
import type { RendererDefinition } from './types';

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

// One UTF-16 unit is 1 to 3 UTF-8 bytes, so most sources are decided without encoding them.
const tooLarge = (source: string, max: number) => source.length > max || (source.length * 3 > max && utf8Length(source) > max);

/**
 * Decides what `mount` receives: the source within the definition's byte limit, then for
 * `application/json` a parsed object or array (scalars and `null` are not payloads), for
 * `text/plain` the source itself. A failure carries the reason for the host's console.
 */
export function checkPayload(source: string, { contentType, maxPayloadBytes }: Limits): PayloadCheck {
  if (tooLarge(source, maxPayloadBytes)) return { ok: false, reason: `payload exceeds ${maxPayloadBytes} bytes` };
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
 * What `preview` receives of an unfinished block: the same byte limit as `mount` (a model may
 * stream far more than it), then for `application/json` the object or array partial-json reads
 * from the text so far, or `undefined` while nothing (or only a scalar) parses; for `text/plain`
 * the text. The parser stops at the first thing it cannot read: a malformed block previews what
 * came before it, and mount refuses it at the end.
 */
export function checkPreviewPayload(source: string, { contentType, maxPayloadBytes }: Limits): PayloadCheck {
  if (tooLarge(source, maxPayloadBytes)) return { ok: false, reason: `payload exceeds ${maxPayloadBytes} bytes` };
  if (contentType == 'text/plain') return { ok: true, payload: source };
  let payload: unknown;
  try {
    // Through JSON once more, so the preview gets plain JSON data as `mount` does: partial-json
    // assigns keys (a `__proto__` key would become the object's prototype) and reads `NaN`.
    payload = JSON.parse(JSON.stringify(parse(source, PARTIAL)));
  } catch {
    // Nothing parses yet (an empty block, a lone `-`), or it is too deeply nested to read.
  }
  return { ok: true, payload: payload !== null && typeof payload == 'object' ? payload : undefined };
}
