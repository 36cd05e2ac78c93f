// Streamed text and reasoning messages: opened, appended to and closed, in the thread's messages
// and as parts; THINKING_* events (which carry no ids) given the ids they stand for; encrypted
// reasoning kept with the message or tool call it belongs to.
import type { Part } from '../run';
import type { Message, TextRole } from '../types';
import { addMsg, addPart, callAt, editCall, editMsg, editPart, isOpen, merge, msgAt, owner, partAt, r, setOpen, skip, textOf, track, warn, type On } from './edit';

/** Opens (or reopens) a streamed text or reasoning message. */
export const startMessage = (ev: any, key: string, role: 'reasoning' | TextRole, kind: 'text' | 'reasoning') => {
  const id: string = ev.messageId;
  if (isOpen(key + id)) return skip(ev, `"${id}" is already open`);
  let i = msgAt(id);
  if (i >= 0 && r.messages[i].role === 'activity') return skip(ev, `"${id}" is an activity message`);
  if (i < 0) {
    addMsg({ id, role, content: '', ...(ev.name !== undefined && { name: ev.name }), ...owner(ev) } as Message);
    i = r.messages.length - 1;
  }
  if (ev.metadata) merge(editMsg(i), ev);
  setOpen(key + id, true);
  const p = partAt(kind, id);
  if (p >= 0) editPart(p).done = false;
  else addPart({ kind, id, text: textOf(r.messages[i].content), done: false, ...(kind === 'text' && { role }), ...owner(ev) } as Part);
};
/** Appends to (`delta` set) or closes an open text or reasoning message. */
export const continueMessage = (ev: any, key: string, kind: 'text' | 'reasoning', delta?: string) => {
  const id: string = ev.messageId;
  const i = msgAt(id);
  if (!isOpen(key + id) || i < 0) return skip(ev, `"${id}" is not an open message`);
  if (delta === '' && !ev.metadata) return;
  const m = editMsg(i);
  if (delta) m.content = (typeof m.content === 'string' ? m.content : '') + delta;
  merge(m, ev);
  const p = editPart(partAt(kind, id));
  if (delta) p.text += delta;
  if (delta === undefined) {
    p.done = true;
    setOpen(key + id, false);
  }
};
/** The minted id a THINKING_* event stands for (it carries none), or a warning. */
export const thinkingId = (ev: any, slot: 'span' | 'message', opens: boolean): string | undefined => {
  const t = track();
  const th = (t.thinking = { ...t.thinking });
  if (opens) th[slot] = `${r.runId}-thinking-${++th.n}`;
  const id = th[slot];
  if (!id) skip(ev, `no ${slot === 'span' ? 'THINKING_START' : 'THINKING_TEXT_MESSAGE_START'} came before it`);
  else if (!opens && ev.type !== 'REASONING_MESSAGE_CONTENT') th[slot] = undefined;
  return id;
};

/** A reasoning message's events (with THINKING_* ids minted). */
export function reasoningMessage(ev: On<'REASONING_MESSAGE_START' | 'REASONING_MESSAGE_CONTENT' | 'REASONING_MESSAGE_END'>) {
  const messageId = ev.legacy ? thinkingId(ev, 'message', ev.type === 'REASONING_MESSAGE_START') : ev.messageId;
  if (messageId === undefined) return;
  const e = { ...ev, messageId };
  if (ev.type === 'REASONING_MESSAGE_START') return startMessage(e, 'r:', 'reasoning', 'reasoning');
  return continueMessage(e, 'r:', 'reasoning', ev.type === 'REASONING_MESSAGE_CONTENT' ? ev.delta : undefined);
}
/** A reasoning span opened or closed. */
export function reasoningSpan(ev: On<'REASONING_START' | 'REASONING_END'>) {
  const id = ev.legacy ? thinkingId(ev, 'span', ev.type === 'REASONING_START') : ev.messageId;
  if (id === undefined) return;
  const opens = ev.type === 'REASONING_START';
  if (isOpen('s:' + id) === opens) return skip(ev, `the reasoning span "${id}" is ${opens ? 'already' : 'not'} open`);
  return setOpen('s:' + id, opens);
}
/** Encrypted reasoning, kept with the tool call or message it names. */
export function encryptedValue(ev: On<'REASONING_ENCRYPTED_VALUE'>) {
  const { subtype, entityId, encryptedValue } = ev;
  if (subtype === 'tool-call') {
    const at = callAt(entityId);
    if (at[0] >= 0) return void (editCall(at).encryptedValue = encryptedValue);
  } else {
    const i = msgAt(entityId);
    if (i >= 0 && r.messages[i].role !== 'activity') return void (editMsg(i).encryptedValue = encryptedValue);
  }
  return warn(`REASONING_ENCRYPTED_VALUE dropped: no ${subtype} "${entityId}" to keep it with`);
}
