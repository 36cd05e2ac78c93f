// Checks a fenced block's source before any renderer sees it (DESIGN.md §6–7). Pure: no DOM.
// The block comes from the model, so it is untrusted input even though renderers are trusted code.

import type { RendererDefinition } from './types';

export type PayloadCheck = { ok: true; payload: unknown } | { ok: false; reason: string };

let encoder: TextEncoder | undefined;

/** UTF-8 byte length of `text`, the unit `maxPayloadBytes` counts in (lone surrogates count 3, as U+FFFD). */
export const utf8Length = (text: string): number => (encoder ??= new TextEncoder()).encode(text).length;

/**
 * Decides what `mount` receives: the source within the definition's byte limit, then for
 * `application/json` a parsed object or array (scalars and `null` are not payloads), for
 * `text/plain` the source itself. A failure carries the reason for the host's console.
 */
export function checkPayload(
  source: string,
  { contentType, maxPayloadBytes }: Required<Pick<RendererDefinition, 'contentType' | 'maxPayloadBytes'>>,
): PayloadCheck {
  // One UTF-16 unit is 1 to 3 UTF-8 bytes, so most sources are decided without encoding them.
  if (source.length > maxPayloadBytes || (source.length * 3 > maxPayloadBytes && utf8Length(source) > maxPayloadBytes)) {
    return { ok: false, reason: `payload exceeds ${maxPayloadBytes} bytes` };
  }
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
