// The host's check of what a view passes to `agent.send(payload)` (DESIGN.md §8.3). Pure: the
// payload and the policy in, a verdict out. The frame cannot be trusted to check anything (its
// bridge runs beside the model's code), so this runs in the host only. Whether the view may send
// now (a visitor's gesture, the answer's count, the page's interval) is the consent's to say
// (widget/consent).

import { codePoints, MAX_MESSAGE_CHARS } from '../../widget/contract';
import type { SandboxPolicy } from './policy';

export type SendCheck =
  | { ok: true; text: string; message: string }
  | { ok: false; reason: string };

const count = (n: number): string => n.toLocaleString('en-US');

/**
 * Checks one send. A payload is a JSON object with a non-blank string `text`, the words the
 * visitor sees in their own bubble; the server gets the whole payload as JSON, the visitor's
 * message, which must fit the chat's message limit ({@link MAX_MESSAGE_CHARS} code points, as the
 * chat counts them) and the owner's `maxPayloadBytes` (UTF-8).
 */
export function checkSend(payload: unknown, policy: SandboxPolicy): SendCheck {
  if (!payload || typeof payload != 'object' || Array.isArray(payload)) return { ok: false, reason: 'agent.send: the payload must be an object' };
  const text = (payload as { text?: unknown }).text;
  if (typeof text != 'string' || !text.trim()) return { ok: false, reason: 'agent.send: the payload needs a non-empty string "text" (what the visitor sees)' };
  const message = JSON.stringify(payload);
  const chars = codePoints(message);
  if (chars > MAX_MESSAGE_CHARS) return { ok: false, reason: `agent.send: the message is ${count(chars)} characters; a message holds at most ${count(MAX_MESSAGE_CHARS)}` };
  const bytes = new TextEncoder().encode(message).length;
  if (bytes > policy.maxPayloadBytes) return { ok: false, reason: `agent.send: the payload is ${bytes} bytes as JSON, over the limit of ${policy.maxPayloadBytes}` };
  return { ok: true, text: text.trim(), message };
}
