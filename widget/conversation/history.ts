// Conversation history: the localStorage layout shared with the hub's own widget, and the
// merge of local items with the server's `/thread` by job id (DESIGN.md §4). Pure apart from
// the Storage object handed in.

import { toHistoryItem } from '../transport/bailing';
import type { HistoryItem, ResponseSummary } from '../types';

/** The hub serves the last 50 items of a thread (`/thread`); the page keeps more, in the same keys. */
export { HISTORY_LIMIT, MAX_THREAD_ID_CHARS } from '../contract';
import { MAX_THREAD_ID_CHARS } from '../contract';

/**
 * Rows a conversation shows and keeps in the page's storage (within MAX_STORED_PER_THREAD): a
 * visitor's long session loses no row from the screen, and after a reload the rows older than
 * the hub's 50 come back from this browser's copy (mergeHistory keeps rows the server no longer
 * lists). The hub's own widget keeps every row on screen and writes the last 50 to the same key.
 */
export const KEPT_ROWS = 200;

export const storageKeys = (entry: string) => ({
  visitor: `bailing_visitor_${entry}`,
  history: `bailing_chat_${entry}`,
  thread: `bailing_thread_${entry}`,
});


/**
 * The stored thread id, cleaned as the hub's widget cleans it; `''` is the default thread
 * (no `thread_id` is sent), where the hub's widget keeps a visitor until they start a new
 * conversation.
 */
export function cleanThreadId(stored: string | null): string {
  return (stored ?? '').replace(/[^A-Za-z0-9_-]/g, '').slice(0, MAX_THREAD_ID_CHARS);
}

/** localStorage can throw (disabled, quota, sandboxed frames): persistence is best effort. */
export function safeStorage(get: () => Storage): Storage | null {
  try {
    const storage = get();
    const probe = '__bailing_probe__';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

export function readString(storage: Storage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/**
 * What the widget keeps on the host's origin (DESIGN.md §13), in UTF-16 code units of keys and
 * values, which browsers count against an origin's quota (about 5 M of them): one conversation's
 * keys, and all of the widget's keys on the site. Without them an agent's 5 M-character state or
 * answer filled the host's localStorage, and the page's own writes failed.
 */
export const MAX_STORED_PER_THREAD = 512 * 1024;
export const MAX_STORED_TOTAL = 1024 * 1024;

/** The conversation a key keeps: an AG-UI agent's (`bailing_agui_<agent>_…`), or an entry's (`bailing_<what>_<entry>[_queued]`). */
const threadOf = (key: string) => /^bailing_agui_[^_]+/.exec(key)?.[0] ?? key.replace(/^bailing_[a-z]+_|_queued$/g, '');

/** How long `key`'s value may be: what the caps leave beside the widget's other keys. */
export function roomFor(storage: Storage | null, key: string): number {
  let thread = 0;
  let total = 0;
  for (let i = 0, k; storage && (k = storage.key(i++)) != null; ) {
    if (k == key || !k.startsWith('bailing_')) continue;
    const size = k.length + storage.getItem(k)!.length;
    total += size;
    if (threadOf(k) == threadOf(key)) thread += size;
  }
  return Math.min(MAX_STORED_PER_THREAD - thread, MAX_STORED_TOTAL - total) - key.length;
}

const refused = new Set<string>();
/** Best effort: false when not kept (over the caps, the quota, no storage). Said once per key until it is kept again. */
export function writeString(storage: Storage | null, key: string, value: string | null): boolean {
  try {
    if (value === null) storage?.removeItem(key);
    else if (storage) {
      if (value.length > roomFor(storage, key)) {
        if (!refused.has(key)) console.warn(`BailingChat: "${key}" not saved: ${value.length} characters, over MAX_STORED_PER_THREAD or MAX_STORED_TOTAL`);
        return !refused.add(key);
      }
      storage.setItem(key, value);
      refused.delete(key);
    }
    return !!storage;
  } catch {
    /* quota or disabled storage: the conversation goes on without persistence */
    return false;
  }
}

/** A stored value the widget cannot use: dropped, once, with why (it must never stop the chat). */
export function dropStored(storage: Storage | null, key: string, why: string) {
  console.warn(`BailingChat: dropped the stored "${key}": ${why}`);
  writeString(storage, key, null);
}

/** Reads persisted items, dropping anything that is not of the history shape. */
export function readHistory(storage: Storage | null, key: string): HistoryItem[] {
  try {
    const parsed: unknown = JSON.parse(readString(storage, key) || '[]');
    return Array.isArray(parsed) ? parsed.map(toHistoryItem).filter((item): item is HistoryItem => item !== null).slice(-KEPT_ROWS) : [];
  } catch {
    dropStored(storage, key, 'not JSON');
    return [];
  }
}

/**
 * The newest of `items` whose JSON fits in `room` characters, from the oldest `start` on (where a
 * turn starts: a thread must not begin mid-turn).
 */
export function newestFitting<T>(items: readonly T[], room: number, start: (item: T) => boolean = () => true): T[] {
  let size = 1;
  let from = items.length;
  for (let i = items.length; i-- > 0 && (size += JSON.stringify(items[i]).length + 1) <= room; ) if (start(items[i]!)) from = i;
  return items.slice(from);
}

export function writeHistory(storage: Storage | null, key: string, items: readonly HistoryItem[]) {
  writeString(storage, key, JSON.stringify(newestFitting(items.slice(-KEPT_ROWS), roomFor(storage, key))));
}

const itemKey = (item: HistoryItem) => `${item.r}:${item.j ?? ''}`;

/**
 * The server's history is authoritative for every job it knows; local items of jobs the
 * server does not list (a local error, a turn the server has not stored yet) are kept,
 * in time order. What only this browser knows of an answer the server lists (the visitor's
 * rating `v` and comment `c`, the citations `refs`, the tool mark `w`, attachments the server does not repeat)
 * is carried over by job id, as the hub's own widget does. Items without a job id are the
 * hub's widget's copies (it stores visitor rows and failed answers without one): once the
 * server lists the thread they are dropped, as that widget drops them.
 */
export function mergeHistory(local: readonly HistoryItem[], server: readonly HistoryItem[]): HistoryItem[] {
  if (!server.length) return local.slice(-KEPT_ROWS);
  const serverKeys = new Set(server.map(itemKey));
  const serverJobs = new Set(server.map((item) => item.j).filter(Boolean));
  const byKey = new Map(local.filter((item) => item.j).map((item) => [itemKey(item), item]));
  const localOnly = local.filter((item) => item.j && !serverKeys.has(itemKey(item)) && !(serverJobs.has(item.j) && item.r === 'u'));
  const merged = server.map((item) => {
    const mine = byKey.get(itemKey(item));
    if (!mine) return item;
    const kept: Record<string, unknown> = { ...item };
    for (const key of ['v', 'c', 'o', 'refs', 'w', item.atts ? 'v' : 'atts'] as const) if (mine[key]) kept[key] = mine[key];
    return kept as unknown as HistoryItem;
  });
  for (const item of localOnly) {
    let at = merged.length;
    while (at > 0 && merged[at - 1].ts > item.ts) at--;
    merged.splice(at, 0, item);
  }
  return merged.slice(-KEPT_ROWS);
}

/**
 * Visitor rows whose job no assistant row answers (by index). On BailingHub a failed job is
 * listed only as its visitor row, so such a row followed by anything else is a job that ended
 * without an answer: `failed`. The last item, if it is one, may still be running; its stream
 * tells how it ends: `follow`. Rows without a job id are left alone (nothing to follow or match).
 */
export function unansweredRows(items: readonly HistoryItem[]): { failed: number[]; follow: number | null } {
  const answered = new Set(items.filter((item) => item.r === 'a' && item.j).map((item) => item.j));
  const failed: number[] = [];
  let follow: number | null = null;
  items.forEach((item, i) => {
    if (item.r !== 'u' || !item.j || answered.has(item.j)) return;
    if (i === items.length - 1) follow = i;
    else failed.push(i);
  });
  return { failed, follow };
}

/** Same items, same text: re-rendering would change nothing the visitor sees. */
export function sameHistory(a: readonly HistoryItem[], b: readonly HistoryItem[]): boolean {
  return a.length === b.length && a.every((item, i) => itemKey(item) === itemKey(b[i]) && item.t === b[i].t && !!item.err === !!b[i].err);
}

/**
 * The turn the visitor may ask again (Regenerate, Edit): the last, when it is a question the
 * visitor typed and its answer came (not failed: that one has Retry; not a form's response or a
 * decision, which are not questions to ask again; not one already asked again). Its visitor row.
 */
export function redoable(items: readonly HistoryItem[]): HistoryItem | null {
  const answer = items.at(-1);
  const user = items.at(-2);
  return answer?.r == 'a' && answer.j && !answer.err && !answer.o && user?.r == 'u' && user.j == answer.j && !user.interaction && !user.o && !user.d ? user : null;
}

/**
 * The versions of each answer, by job, oldest first: Regenerate asks a question again as the next
 * turn and marks the turn it replaces `regenerated`, so an answer so marked and the answer of the
 * turn right after it (its visitor row between them) are versions of one answer. An answer asked
 * again by no turn is its only version, and a failed answer is none (its question shows with it).
 */
export function answerVersions(items: readonly HistoryItem[]): Map<string, string[]> {
  const versions = new Map<string, string[]>();
  let chain: string[] = [];
  items.forEach((item, i) => {
    if (item.r != 'a' || !item.j || item.err) return;
    const before = items[i - 2];
    if (!(before?.o == 'regenerated' && before.r == 'a' && items[i - 1]!.j == item.j)) chain = [];
    chain.push(item.j);
    versions.set(item.j, chain);
  });
  return versions;
}

/** The response summaries (never values) already sent for a message. */
export function responsesFor(items: readonly HistoryItem[], jobId: string): ResponseSummary[] {
  return items.flatMap((item) => (item.r === 'u' && item.interaction?.source_job_id === jobId ? [item.interaction] : []));
}
