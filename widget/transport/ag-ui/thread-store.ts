// The thread an AG-UI backend keeps with its agent, in the page's storage per agent URL: its id,
// messages and shared state, the parts each turn showed (kept-parts.ts) and the visitor's asks
// (decisions.ts), read once and written back as they change. It is what each run is sent with
// and each turn changes (TurnLink, follow-turn.ts), and what a new conversation swaps out.
import { newestFitting, readString, roomFor, writeString } from '../../conversation/history';
import { randomId } from '../../ids';
import type { AgUiBackendOptions } from './backend';
import { createDecisions } from './decisions';
import type { TurnLink } from './follow-turn';
import { createKeptParts } from './kept-parts';
import { anyValue, isMessageList, isUser, MAX_KEPT_MESSAGES, MAX_STORED_MESSAGES, readJson, storageKeysFor } from './kept-thread';
import { deeperThan, MAX_JSON_DEPTH, stateProblem } from './limits';
import { rendererTypeOf, type PartsLang } from './parts-view';
import type { ToolPart } from './run';
import type { CallChange } from './steps';
import type { Message } from './types';

export type ThreadStore = ReturnType<typeof openThread>;

/** The thread kept for `options.agent`, read once; `redraw` changes an earlier turn's call where the list drew it. */
export function openThread(options: AgUiBackendOptions, lang: PartsLang, redraw: TurnLink['changeEarlier']) {
  const { storage } = options;
  const keys = storageKeysFor(options.agent.url);
  // Every record is read (and a bad one dropped) before anything is written: what is dropped frees its room.
  let messages: Message[] = readJson(storage, keys.messages, isMessageList, [], (list) => (deeperThan(list, MAX_JSON_DEPTH + 4) ? `it nests deeper than ${MAX_JSON_DEPTH + 4} levels (MAX_JSON_DEPTH)` : undefined));
  // A state of null is kept as "null" and read as none: optional fields are omitted, never null (1.0).
  let state: unknown = readJson(storage, keys.state, anyValue, undefined, stateProblem) ?? undefined;
  const parts = createKeptParts(storage, keys.parts);
  const decisions = createDecisions(storage, keys.asks, lang);
  let threadId = readString(storage, keys.thread) || randomId('t_', 20);
  writeString(storage, keys.thread, threadId);
  const visitorId = readString(storage, keys.visitor) || randomId('v_', 24);
  writeString(storage, keys.visitor, visitorId);
  let renderers: string[] = [];

  const keep = () => {
    writeString(storage, keys.state, state === undefined ? null : JSON.stringify(state));
    // Dropped from the front a whole turn at a time: a thread that starts mid-turn (a tool result
    // without its call) is one providers refuse.
    messages = newestFitting(messages.slice(-MAX_KEPT_MESSAGES), MAX_STORED_MESSAGES, isUser);
    // What the site's storage has room for (history.ts), which the widget's other conversations share.
    writeString(storage, keys.messages, JSON.stringify(newestFitting(messages, roomFor(storage, keys.messages), isUser)));
  };

  return {
    options,
    keys,
    visitorId,
    lang,
    decisions,
    /** What each turn showed, kept for a reload. */
    parts,
    thread: () => threadId,
    state: () => state,
    renderers: () => renderers,
    /** The renderer types the page draws with, as its latest turn started. */
    drawWith: (types: string[]) => void (renderers = types),
    took(next: unknown) {
      state = next;
      options.onState?.(state);
    },
    drawnByPage: (name: string) => renderers.includes(rendererTypeOf(name)),
    messages: () => messages,
    keepMessages(next: Message[]) {
      messages = next;
      keep();
    },
    keepParts: parts.keep,
    /**
     * Changes the step of an earlier turn's call, wherever it is: in the kept parts of the turn that
     * drew it (for a reload), and in the list, drawn again in place.
     */
    changeEarlier(id: string, change: CallChange, when?: (part: ToolPart) => boolean) {
      parts.change(id, change, when);
      redraw(id, change, when);
    },
    /** Starts a new thread (none of this one's messages, state, parts or asks); returns what brings this one back. */
    clear() {
      const use = (thread: typeof old) => {
        [threadId, messages, state] = thread;
        parts.restore(thread[3]);
        decisions.restore(thread[4]);
        parts.write();
        writeString(storage, keys.live, null);
        writeString(storage, keys.thread, threadId);
        keep();
        decisions.keep();
        options.onState?.(state);
      };
      const old = [threadId, messages, state, parts.restore({}), decisions.restore({})] as const;
      use([randomId('t_', 20), [], undefined, {}, {}]);
      return () => use(old);
    },
  };
}
