// The host's checks on `agent.send(payload)` from a view (DESIGN.md §8.3). Pure: the policy's
// limits, what was sent so far and the time in, a verdict out. The frame cannot be trusted to
// check anything (its bridge runs beside the model's code), so these run in the host only.

import type { SandboxPolicy } from './policy';

/** What one view has sent so far. */
export interface SendState {
  count: number;
  /** `now` of the last accepted send; -Infinity before the first. */
  last: number;
}

export type SendCheck =
  | { ok: true; text: string; message: string }
  | { ok: false; reason: string };

export const initialSendState = (): SendState => ({ count: 0, last: -Infinity });

/**
 * Checks one send. A payload is a JSON object with a non-blank string `text`, the words the
 * visitor sees in their own bubble; the server gets the whole payload as JSON, which must fit
 * `maxPayloadBytes` (UTF-8). Pure: the caller records a send that went out ({@link recordSend}).
 */
export function checkSend(payload: unknown, policy: SandboxPolicy, state: SendState, now: number): SendCheck {
  if (!payload || typeof payload != 'object' || Array.isArray(payload)) return { ok: false, reason: 'agent.send: the payload must be an object' };
  const text = (payload as { text?: unknown }).text;
  if (typeof text != 'string' || !text.trim()) return { ok: false, reason: 'agent.send: the payload needs a non-empty string "text" (what the visitor sees)' };
  const message = JSON.stringify(payload);
  const bytes = new TextEncoder().encode(message).length;
  if (bytes > policy.maxPayloadBytes) return { ok: false, reason: `agent.send: the payload is ${bytes} bytes as JSON, over the limit of ${policy.maxPayloadBytes}` };
  if (state.count >= policy.maxSends) return { ok: false, reason: `agent.send: this view may send at most ${policy.maxSends} times` };
  if (now - state.last < policy.minSendIntervalMs) return { ok: false, reason: `agent.send: wait ${policy.minSendIntervalMs} ms between sends` };
  return { ok: true, text: text.trim(), message };
}

/** Counts a send that became a message. */
export function recordSend(state: SendState, now: number): void {
  state.count++;
  state.last = now;
}
