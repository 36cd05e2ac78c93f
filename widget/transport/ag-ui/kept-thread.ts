// What the AG-UI backend keeps of a thread in the page's storage, per agent URL: its keys, a
// record read back (a bad one dropped, never stopping the chat), the parts a turn showed as kept
// for a reload, and the transcript the visitor sees of the thread's messages.
import type { HistoryItem } from '../../types';
import { dropStored, MAX_STORED_PER_THREAD, readString } from '../../conversation/history';
import { answerPart } from './parts-view';
import type { Part } from './run';
import { isThreadPart, type ThreadPart } from './thread-view';
import type { Message } from './types';

/** Messages kept for the next run; older ones are dropped from the front, a whole turn at a time. */
export const MAX_KEPT_MESSAGES = 200;
/** Turns whose parts are kept for a reload, and the longest argument, result or reasoning text kept of each. */
export const MAX_KEPT_TURNS = 50;
export const MAX_KEPT_TEXT = 4000;
/**
 * Characters of storage the kept messages and the kept parts may take, each cut from its oldest
 * turn to fit (history.ts caps the conversation at MAX_STORED_PER_THREAD): with the state
 * (MAX_STATE_CHARS), under three quarters of it, so the page's history always has room.
 */
export const MAX_STORED_MESSAGES = 160 * 1024;
export const MAX_STORED_PARTS = 64 * 1024;

/** A short, stable name for an agent URL: its storage keys carry it. */
export function agentKey(url: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < url.length; i++) hash = Math.imul(hash ^ url.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

export const storageKeysFor = (url: string) => {
  const key = `bailing_agui_${agentKey(url)}`;
  return { history: `${key}_chat`, thread: `${key}_thread`, messages: `${key}_messages`, state: `${key}_state`, visitor: `${key}_visitor`, asks: `${key}_asks`, parts: `${key}_parts`, live: `${key}_live` };
};

/**
 * A stored record, or `fallback` when there is none. One that cannot be used (not JSON, not of its
 * shape, too long, or refused by `problem`) is dropped with a warning: a bad stored value must
 * never stop the chat, now or after every reload.
 */
export function readJson<T>(storage: Storage | null, key: string, check: (v: unknown) => v is T, fallback: T, problem: (v: T) => string | undefined = () => undefined): T {
  const text = readString(storage, key);
  if (text === null) return fallback;
  let why = text.length > MAX_STORED_PER_THREAD ? `${text.length} characters, more than a conversation keeps (MAX_STORED_PER_THREAD)` : undefined;
  if (!why) {
    try {
      const value: unknown = JSON.parse(text);
      why = !check(value) ? 'not of its shape' : problem(value);
      if (!why) return value as T;
    } catch {
      why = 'not JSON';
    }
  }
  dropStored(storage, key, why);
  return fallback;
}

export const isMessageList = (v: unknown): v is Message[] => Array.isArray(v) && v.every((m) => typeof m === 'object' && m !== null && typeof (m as Message).id === 'string' && typeof (m as Message).role === 'string');
export const anyValue = (v: unknown): v is unknown => true;
export const isUser = (m: Message) => m.role === 'user';
/** A stored record by id (kept parts, asks): a plain object. */
export const isRecord = <T>(v: unknown): v is Record<string, T> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `parts` as kept for a reload: long texts cut; the answer's text left empty in its place (it is
 * the history's), so the messages before it are still drawn as rows.
 */
export function keptParts(parts: readonly (Part | ThreadPart)[]): Part[] {
  const answer = answerPart(parts as Part[]);
  return (parts.filter((p) => !isThreadPart(p)) as Part[])
    .filter((p) => p.kind !== 'text' || p.role === 'assistant')
    .map((p) => (p.kind === 'tool' ? { ...p, args: p.args.slice(0, MAX_KEPT_TEXT), result: p.result?.slice(0, MAX_KEPT_TEXT) } : p.kind === 'reasoning' ? { ...p, text: p.text.slice(0, MAX_KEPT_TEXT) } : p.kind === 'text' ? { ...p, text: p === answer ? '' : p.text, done: true } : p));
}


/** What the visitor sees of `messages`: the user's and the assistant's texts, in order. */
export function transcriptOf(messages: readonly Message[], ts: number): HistoryItem[] {
  return messages.flatMap((m): HistoryItem[] => {
    if (m.role === 'user') {
      const t = typeof m.content === 'string' ? m.content : m.content.map((p) => (p.type === 'text' ? p.text : '')).join('');
      return t ? [{ r: 'u', t, ts }] : [];
    }
    return m.role === 'assistant' && typeof m.content === 'string' && m.content ? [{ r: 'a', t: m.content, j: m.id, ts }] : [];
  });
}

/**
 * The earlier turns as the agent now has them, when a snapshot of its messages changed what the
 * visitor saw of them (`sent`: the messages the turn went with); undefined when nothing changed,
 * or when the snapshot dropped the turn's own message (the page's record is then kept).
 */
export function rewrittenThread(sent: readonly Message[], now: readonly Message[], from: string | undefined): HistoryItem[] | undefined {
  const before = (list: readonly Message[]) => {
    const at = list.findIndex((m) => m.id === from);
    return at < 0 ? null : list.slice(0, at);
  };
  const was = before(sent);
  const is = before(now);
  if (!was || !is) return;
  const key = (items: HistoryItem[]) => JSON.stringify(items.map(({ r, t }) => [r, t]));
  const thread = transcriptOf(is, Date.now());
  return key(transcriptOf(was, 0)) === key(thread) ? undefined : thread;
}
