// MCP App views shown while their tool call is still being written and run (the agent's MCP Apps
// mode, option `earlyViews`). @ag-ui/mcp-apps-middleware runs a UI tool only after the agent's run
// has ended, and only then sends the view (`ACTIVITY_SNAPSHOT`, with the input and the result), so
// a view never sees its input stream in, and a visitor who stops the answer while the tool runs
// never sees the view. This step over the middleware's events shows the view as soon as the model
// starts the call: an `mcp-apps` activity with the input parsed so far (no `result`), the same
// activity again each time the input grows, and the middleware's own activity, once the tool ran,
// put in its place (same message id). The widget then tells the view `tool-input-partial` while
// the input grows, `tool-input` and `tool-result` at the end, or `tool-cancelled` when the turn
// ends first (renderers/mcp-apps/tool-call.ts). Pure: events in, events out.
import { EventType, type Event } from '@ag-ui/core';
import { parse as parsePartial } from 'partial-json';

/** What the middleware puts in a UI tool's activity besides the input and the result. */
export interface UiToolFacts {
  resourceUri: string;
  serverHash: string;
  serverId?: string;
}

interface Call {
  activityId: string;
  facts: UiToolFacts;
  args: string;
  shown: string;
}

const MCP_APPS = 'mcp-apps';

/** The arguments written so far, as an object (incomplete JSON repaired as far as it goes). */
export function partialInput(args: string): Record<string, unknown> {
  try {
    const value: unknown = args.trim() ? parsePartial(args) : {};
    return value && typeof value == 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * A transformer of one run's events: `toolOf(name)` says whether a tool is a UI tool of a
 * connected server (and which view it has); `newId` names the early activities.
 */
export function createEarlyViews(toolOf: (name: string) => UiToolFacts | undefined, newId: () => string): (event: Event) => Event[] {
  const calls = new Map<string, Call>();
  /** The call whose result the middleware just sent: its activity comes next. */
  let resulted: Call | undefined;
  const snapshot = (call: Call, input: Record<string, unknown>): Event =>
    ({ type: EventType.ACTIVITY_SNAPSHOT, messageId: call.activityId, activityType: MCP_APPS, content: { ...call.facts, toolInput: input }, replace: true }) as Event;

  return (event) => {
    const e = event as Event & { toolCallId?: string; toolCallName?: string; delta?: string; activityType?: string };
    switch (event.type) {
      case EventType.TOOL_CALL_START: {
        const facts = e.toolCallName ? toolOf(e.toolCallName) : undefined;
        if (!facts || !e.toolCallId) return [event];
        const call: Call = { activityId: newId(), facts, args: '', shown: '{}' };
        calls.set(e.toolCallId, call);
        return [event, snapshot(call, {})];
      }
      case EventType.TOOL_CALL_ARGS: {
        const call = e.toolCallId ? calls.get(e.toolCallId) : undefined;
        if (!call) return [event];
        call.args += e.delta ?? '';
        const input = partialInput(call.args);
        const json = JSON.stringify(input);
        if (json === call.shown) return [event];
        call.shown = json;
        return [event, snapshot(call, input)];
      }
      case EventType.TOOL_CALL_RESULT:
        resulted = e.toolCallId ? calls.get(e.toolCallId) : undefined;
        return [event];
      case EventType.ACTIVITY_SNAPSHOT: {
        const call = resulted;
        resulted = undefined;
        return call && e.activityType === MCP_APPS ? [{ ...event, messageId: call.activityId } as Event] : [event];
      }
      default:
        return [event];
    }
  };
}
