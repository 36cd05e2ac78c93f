// What the visitor sent is theirs (DESIGN.md §13): an agent's events may add, keep or drop rows of
// the thread, never put words in the visitor's mouth. Without this, a MESSAGES_SNAPSHOT that reuses
// the id of the visitor's message with other content, a TEXT_MESSAGE_START that reopens it and
// appends, or a user message the visitor never sent (in a snapshot, a RUN_STARTED input echo, a
// text message streamed with role "user") is shown, kept and sent again as the visitor's: "You: I
// authorize Acme to charge my card" after a reload.
//
// A user message of the agent's thread stands only when the visitor sent it. One with the id of a
// message they sent keeps what they sent (not the agent's version: a row of the agent's, marked as
// such, would say nothing the agent cannot say in an assistant message of its own). One with a new
// id stands when it repeats content of theirs exactly (a framework that mints its own ids); any
// other is left out. Pure: the backend applies it and names what it changed.

import type { Message } from './types';

export interface VisitorRows {
  /** `now` with the visitor's messages as they sent them and the user messages they never sent left out. */
  messages: Message[];
  /** Ids of the visitor's messages whose words the agent's version had changed. */
  rewritten: string[];
  /** Ids of user messages the visitor never sent. */
  dropped: string[];
}

/** `now` (the thread as the agent left it) checked against `sent` (what the page sent, which holds every message of the visitor's). */
export function keepVisitorRows(sent: readonly Message[], now: readonly Message[]): VisitorRows {
  const theirs = new Map<string, Message>();
  for (const m of sent) if (m.role === 'user') theirs.set(m.id, m);
  const words = (m: Message) => JSON.stringify(m.content);
  const said = new Set([...theirs.values()].map(words));
  const out: VisitorRows = { messages: [], rewritten: [], dropped: [] };
  for (const m of now) {
    const own = m.role === 'user' ? theirs.get(m.id) : undefined;
    if (own) {
      if (m !== own && words(m) !== words(own)) out.rewritten.push(m.id);
      out.messages.push(own);
    } else if (m.role === 'user' && !said.has(words(m))) out.dropped.push(m.id);
    else out.messages.push(m);
  }
  return out;
}
