// Tool calls: started (in the assistant message that carries them), their arguments streamed,
// ended, and settled by their results, which go right after the call in the thread.
import type { AssistantMessage, Message, ToolCall } from '../types';
import { addMsg, addPart, callAt, editCall, editMsg, editPart, index, isOpen, merge, msgAt, own, owner, partAt, r, setOpen, settle, skip, textOf, track, warn, type On } from './edit';

export function toolCallStart(ev: On<'TOOL_CALL_START'>) {
  const { toolCallId: id, toolCallName: name, parentMessageId } = ev;
  if (isOpen('c:' + id)) return skip(ev, `"${id}" is already open`);
  setOpen('c:' + id, true);
  index('calls').add(id);
  const at = callAt(id);
  let args = '';
  if (at[0] >= 0) {
    // A start for a call the thread already holds (a reopened call, a replay): the same
    // entry continues, so the next input does not carry the id twice.
    const c = editCall(at);
    if (c.function.name !== name) {
      warn(`TOOL_CALL_START: "${id}" renamed from "${c.function.name}" to "${name}"`);
      c.function.name = name;
    }
    args = c.function.arguments;
    merge(c, ev);
  } else {
    // Which assistant message carries the call, as @ag-ui/client resolves it: the parent
    // when it is an assistant message, else a new one named for the parent (or the call).
    let i = parentMessageId === undefined ? -1 : msgAt(parentMessageId);
    if (i < 0 || r.messages[i].role !== 'assistant') {
      addMsg({ id: i < 0 && parentMessageId !== undefined ? parentMessageId : id, role: 'assistant', toolCalls: [], ...owner(ev) });
      i = r.messages.length - 1;
    }
    const m = editMsg(i);
    const call: ToolCall = { id, type: 'function', function: { name, arguments: '' } };
    merge(call, ev);
    m.toolCalls = [...(m.toolCalls ?? []), call];
  }
  const p = partAt('tool', id);
  if (p >= 0) Object.assign(editPart(p), { name, status: 'running', ended: false });
  else addPart({ kind: 'tool', id, name, args, ...(parentMessageId !== undefined && { parentMessageId }), status: 'running', ended: false, ...owner(ev) });
  return;
}
/** TOOL_CALL_ARGS, or TOOL_CALL_END (the arguments are complete). */
export function toolCallArgs(ev: On<'TOOL_CALL_ARGS' | 'TOOL_CALL_END'>) {
  const id = ev.toolCallId;
  const at = callAt(id);
  if (!isOpen('c:' + id) || at[0] < 0) return skip(ev, `"${id}" is not an open tool call`);
  const delta = ev.type === 'TOOL_CALL_ARGS' ? ev.delta : undefined;
  if (delta === '' && !ev.metadata) return;
  const c = editCall(at);
  merge(c, ev);
  const p = editPart(partAt('tool', id));
  if (delta) {
    c.function.arguments += delta;
    p.args += delta;
  } else if (delta === undefined) {
    p.ended = true;
    setOpen('c:' + id, false);
  }
  return;
}
export function toolCallResult(ev: On<'TOOL_CALL_RESULT'>) {
  const { messageId, toolCallId, content } = ev;
  if (msgAt(messageId) >= 0) return skip(ev, `the thread already has a message "${messageId}"`);
  index('answered').add(toolCallId);
  const message: Message = { id: messageId, toolCallId, role: 'tool', content, ...owner(ev) };
  merge(message, ev);
  // The result goes right after the assistant message that made the call (after results
  // already there), not at the end: providers reject a call not followed by its result.
  const [mi] = callAt(toolCallId);
  let at = mi < 0 ? r.messages.length : mi + 1;
  while (mi >= 0 && r.messages[at]?.role === 'tool') at++;
  addMsg(message, at);
  return settleCall(ev, toolCallId, content);
}

/**
 * A tool call's result (TOOL_CALL_RESULT, or a snapshot's tool message): its step is done, or
 * failed when the message says it is an error. A call of an earlier run is not a step of this
 * one: its new state goes to `earlier`, for the step that run drew.
 */
export function settleCall(ev: { type: string }, id: string, content: unknown, error?: string) {
  const change = { status: error === undefined ? 'done' : 'failed', result: textOf(content) } as const;
  const p = partAt('tool', id);
  if (p >= 0) return void Object.assign(editPart(p), change);
  const [mi, ci] = callAt(id);
  if (mi < 0) return warn(`${ev.type}: "${id}" names no tool call of the thread`);
  const { name, arguments: args } = ((r.messages[mi] as AssistantMessage).toolCalls as ToolCall[])[ci]!.function;
  (r.earlier = own(r.earlier)).push({ kind: 'tool', id, name, args, ended: true, ...change });
}
/** The run failed: its tool calls still running or pending failed with it. */
export function failTools() {
  settle();
  for (const i of [...r.track.running, ...r.track.pending]) if (r.parts[i]!.kind === 'tool') editPart(i).status = 'failed';
}
