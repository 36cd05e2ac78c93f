// What the visitor sent is theirs (DESIGN.md §13): an agent's events may add, keep or drop rows of
// the thread, never put words in the visitor's mouth. Without this, a MESSAGES_SNAPSHOT that reuses
// the id of the visitor's message with other content, a TEXT_MESSAGE_START that reopens it and
// appends, or a user message the visitor never sent (in a snapshot, a RUN_STARTED input echo, a
// text message streamed with role "user") is shown, kept and sent again as the visitor's: "You: I
// authorize Acme to charge my card" after a reload.
//
// A user message of the agent's thread stands only when the visitor sent it, once, in the order
// they sent it: a "yes" they gave to one question must not be shown again, or moved, under another.
// One with the id of a message they sent keeps what they sent (not the agent's version: a row of
// the agent's, marked as such, would say nothing the agent cannot say in an assistant message of
// its own). One with a new id stands when it repeats, exactly, a message of theirs not yet matched
// (a framework that mints its own ids). Any other is left out. Pure: the backend applies it and
// names what it changed.

import type { Message } from './types';

export interface VisitorRows {
  /** `now` with the visitor's messages as they sent them and the user messages they never sent left out. */
  messages: Message[];
  /** Ids of the visitor's messages whose words the agent's version had changed. */
  rewritten: string[];
  /** Ids of user messages the visitor never sent (or sent once, earlier). */
  dropped: string[];
}

const words = (m: Message) => JSON.stringify(m.content);

/** `now` (the thread as the agent left it) checked against `sent` (what the page sent, which holds every message of the visitor's). */
export function keepVisitorRows(sent: readonly Message[], now: readonly Message[]): VisitorRows {
  const theirs = sent.filter((m) => m.role === 'user');
  const at = new Map(theirs.map((m, i) => [m.id, i]));
  const out: VisitorRows = { messages: [], rewritten: [], dropped: [] };
  /** The visitor's messages before this one are matched or passed: each stands once, in order. */
  let next = 0;
  for (const m of now) {
    if (m.role !== 'user') {
      out.messages.push(m);
      continue;
    }
    let i = at.get(m.id) ?? -1;
    if (i < 0) i = theirs.findIndex((v, k) => k >= next && !now.some((n) => n.id === v.id) && words(v) === words(m));
    if (i < next) {
      out.dropped.push(m.id);
      continue;
    }
    const own = theirs[i]!;
    next = i + 1;
    if (own.id !== m.id) out.messages.push(m);
    else {
      if (m !== own && words(m) !== words(own)) out.rewritten.push(m.id);
      out.messages.push(own);
    }
  }
  return out;
}
