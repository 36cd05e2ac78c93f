// What an MCP App view is told of the tool call that made it (MCP Apps 2026-01-26, "Notifications:
// host to view"), as a pure step over what the activity says: the input while it may still grow
// (`tool-input-partial`, 0..n times), the complete input once (`tool-input`), then the result
// (`tool-result`) or, when the turn ended without one, `tool-cancelled`. An activity that comes
// with its result (as @ag-ui/mcp-apps-middleware sends it) gets `tool-input` and `tool-result` at
// once; one an agent shows before its tool ran gets the input as it streams.
import type { ActivityEnding } from '../../widget/types';

/** What the activity says of the call now. */
export interface CallFacts {
  readonly input: Record<string, unknown>;
  readonly result: unknown;
  /** How the turn that drew it ended, once it has. */
  readonly ending?: ActivityEnding;
}

/** What the view has been told so far. */
export interface CallTold {
  /** The last partial input sent, as JSON. */
  readonly partial?: string;
  readonly input: boolean;
  /** The result sent last, as JSON (a later, different one is sent too). */
  readonly result?: string;
  readonly cancelled: boolean;
}

export const NOTHING_TOLD: CallTold = Object.freeze({ input: false, cancelled: false });

export interface Notification {
  method: string;
  params: Record<string, unknown>;
}

/** Why the call was cancelled, as the view reads it (`tool-cancelled`'s `reason`). */
export const CANCEL_REASONS: Readonly<Record<ActivityEnding, string>> = Object.freeze({
  stopped: 'The visitor stopped the answer before the tool gave its result.',
  failed: 'The agent\'s run failed before the tool gave its result.',
  cut: 'The answer\'s stream was lost before the tool gave its result.',
  done: 'The agent\'s turn ended without the tool\'s result.',
});

/** An activity's `toolInput` as the view is told it: always an object, as the spec's `arguments` is. */
export function inputOf(content: Record<string, unknown>): Record<string, unknown> {
  const input = content.toolInput;
  return input && typeof input == 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}

/** What to send the (initialized) view now, and what it will then have been told. */
export function callNotifications(facts: CallFacts, told: CallTold): { send: Notification[]; told: CallTold } {
  if (told.cancelled) return { send: [], told };
  const send: Notification[] = [];
  const { input, result, ending } = facts;
  if (result === undefined && ending === undefined) {
    if (told.input) return { send, told };
    const json = JSON.stringify(input);
    if (json === told.partial) return { send, told };
    return { send: [{ method: 'ui/notifications/tool-input-partial', params: { arguments: input } }], told: { ...told, partial: json } };
  }
  if (!told.input) send.push({ method: 'ui/notifications/tool-input', params: { arguments: input } });
  if (result !== undefined) {
    const json = JSON.stringify(result);
    if (json !== told.result) send.push({ method: 'ui/notifications/tool-result', params: result as Record<string, unknown> });
    return { send, told: { ...told, input: true, result: json } };
  }
  if (told.result !== undefined) return { send, told: { ...told, input: true } };
  send.push({ method: 'ui/notifications/tool-cancelled', params: { reason: CANCEL_REASONS[ending!] } });
  return { send, told: { ...told, input: true, cancelled: true } };
}
