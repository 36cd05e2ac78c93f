// Snapshots and deltas: the shared state (STATE_*), the thread's messages (MESSAGES_SNAPSHOT, with
// what it adds shown as this run's answer), and activity messages (ACTIVITY_*).
import type { TextPart, ToolPart } from '../run';
import { applyPatch } from '../patch';
import type { ToolCall } from '../types';
import { addMsg, addPart, callAt, editMsg, editPart, index, merge, msgAt, owner, partAt, r, skip, type On } from './edit';
import { settleCall } from './tools';

export function stateDelta(ev: On<'STATE_DELTA'>) {
  const out = applyPatch(r.state, ev.delta);
  if (out.ok) r.state = out.value;
  else skip(ev, `the state is unchanged: ${out.error}`);
  return;
}

export function messagesSnapshot(ev: On<'MESSAGES_SNAPSHOT'>) {
  // What the thread held before it, messages and tool calls: the rest is new.
  const heldIds = new Set(r.messages.map((m) => m.id));
  const heldCalls = new Set(r.messages.flatMap((m) => ((m as { toolCalls?: ToolCall[] }).toolCalls ?? []).map((c) => c.id)));
  // 1.0 reconciliation: a snapshot message replaces the held one in place, a new one is
  // appended, a held one it omits is dropped, except activity and reasoning messages (which
  // most producers never hold) when the snapshot carries none of that role.
  const byId = new Map(ev.messages.map((m) => [m.id, m]));
  const keep = (role: string) => (role === 'activity' || role === 'reasoning') && !ev.messages.some((m) => m.role === role);
  const held = r.messages.filter((m) => byId.has(m.id) || keep(m.role)).map((m) => byId.get(m.id) ?? m);
  const ids = new Set(held.map((m) => m.id));
  r.messages = [...held, ...ev.messages.filter((m) => !ids.has(m.id))];
  // What this run showed follows what the producer now says those messages are (only the
  // parts the snapshot names are looked at: it costs what the snapshot holds).
  for (const m of ev.messages) {
    for (const kind of ['text', 'reasoning'] as const) {
      const i = partAt(kind, m.id);
      if (i >= 0 && typeof m.content === 'string' && m.content !== (r.parts[i] as TextPart).text) editPart(i).text = m.content;
    }
    for (const c of (m as { toolCalls?: ToolCall[] }).toolCalls ?? []) {
      const i = partAt('tool', c.id);
      const [held] = callAt(c.id);
      const f = held >= 0 && ((r.messages[held] as any).toolCalls as ToolCall[]).find((x) => x.id === c.id)!.function;
      const p = r.parts[i] as ToolPart | undefined;
      if (p && f && (f.name !== p.name || f.arguments !== p.args)) Object.assign(editPart(i), { name: f.name, args: f.arguments });
    }
  }
  // What the snapshot adds after the visitor's last message is what this run answered (a
  // graph that does not stream, a framework that ends each run with the whole thread): each
  // new assistant message and tool call is shown, in order, as if it had streamed, and each
  // new tool message settles its call. What comes before that message is the earlier turns.
  const turn = ev.messages.slice(ev.messages.map((m) => m.role).lastIndexOf('user') + 1);
  for (const m of turn) {
    if (m.role === 'tool' && !heldIds.has(m.id)) {
      index('answered').add(m.toolCallId);
      settleCall(ev, m.toolCallId, m.content, m.error);
    }
    if (m.role !== 'assistant') continue;
    if (!heldIds.has(m.id) && m.content && partAt('text', m.id) < 0) addPart({ kind: 'text', id: m.id, role: 'assistant', text: m.content, done: true, ...owner(m) });
    for (const c of m.toolCalls ?? []) {
      if (heldCalls.has(c.id) || partAt('tool', c.id) >= 0) continue;
      index('calls').add(c.id);
      addPart({ kind: 'tool', id: c.id, name: c.function.name, args: c.function.arguments, status: 'running', ended: true, ...owner(m) });
    }
  }
  return;
}

export function activitySnapshot(ev: On<'ACTIVITY_SNAPSHOT'>) {
  const { messageId: id, activityType, content } = ev;
  const i = msgAt(id);
  const replace = ev.replace !== false;
  if (i >= 0 && r.messages[i].role !== 'activity') return skip(ev, `"${id}" is a message of role ${r.messages[i].role}`);
  if (i < 0) addMsg({ id, role: 'activity', activityType, content, ...owner(ev) });
  const m = editMsg(i < 0 ? r.messages.length - 1 : i);
  if (i >= 0 && replace) {
    // A replacing snapshot re-mints the activity, its attribution with it; metadata stays.
    Object.assign(m, { activityType, content });
    delete m.subagentRunId;
    Object.assign(m, owner(ev));
  }
  merge(m, ev);
  return activityPart(id, m.activityType, m.content);
}
export function activityDelta(ev: On<'ACTIVITY_DELTA'>) {
  const { messageId: id } = ev;
  const i = msgAt(id);
  if (i < 0 || r.messages[i].role !== 'activity') return skip(ev, `"${id}" is not an activity message`);
  const m = editMsg(i);
  merge(m, ev);
  const out = applyPatch(m.content, ev.patch);
  if (!out.ok) return skip(ev, `"${id}" is unchanged: ${out.error}`);
  Object.assign(m, { content: out.value, activityType: ev.activityType });
  return activityPart(id, ev.activityType, out.value as Record<string, unknown>);
}
function activityPart(id: string, activityType: string, content: Record<string, unknown>) {
  const p = partAt('activity', id);
  if (p >= 0) Object.assign(editPart(p), { activityType, content });
  else addPart({ kind: 'activity', id, activityType, content });
}
