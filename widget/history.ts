// Conversation history: the localStorage layout shared with the hub's own widget, and the
// merge of local items with the server's `/thread` by job id (DESIGN.md §4). Pure apart from
// the Storage object handed in.

import { toHistoryItem } from './transport/bailing';
import type { HistoryItem, ResponseSummary } from './types';

/** The hub keeps the last 50 items; so do we, in the same keys. */
export const HISTORY_LIMIT = 50;

export const storageKeys = (entry: string) => ({
  visitor: `bailing_visitor_${entry}`,
  history: `bailing_chat_${entry}`,
  thread: `bailing_thread_${entry}`,
});

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

export function writeString(storage: Storage | null, key: string, value: string | null) {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    /* quota or disabled storage: the conversation goes on without persistence */
  }
}

/** Reads persisted items, dropping anything that is not of the history shape. */
export function readHistory(storage: Storage | null, key: string): HistoryItem[] {
  try {
    const parsed: unknown = JSON.parse(readString(storage, key) || '[]');
    return Array.isArray(parsed) ? parsed.map(toHistoryItem).filter((item): item is HistoryItem => item !== null).slice(-HISTORY_LIMIT) : [];
  } catch {
    return [];
  }
}

export function writeHistory(storage: Storage | null, key: string, items: readonly HistoryItem[]) {
  writeString(storage, key, JSON.stringify(items.slice(-HISTORY_LIMIT)));
}

const itemKey = (item: HistoryItem) => `${item.r}:${item.j ?? ''}`;

/**
 * The server's history is authoritative for every job it knows; local items of jobs the
 * server does not list (a local error, a turn the server has not stored yet) are kept,
 * in time order.
 */
export function mergeHistory(local: readonly HistoryItem[], server: readonly HistoryItem[]): HistoryItem[] {
  const serverKeys = new Set(server.map(itemKey));
  const serverJobs = new Set(server.map((item) => item.j).filter(Boolean));
  const localOnly = local.filter((item) => !serverKeys.has(itemKey(item)) && !(item.j && serverJobs.has(item.j) && item.r === 'u'));
  const merged = [...server];
  for (const item of localOnly) {
    let at = merged.length;
    while (at > 0 && merged[at - 1].ts > item.ts) at--;
    merged.splice(at, 0, item);
  }
  return merged.slice(-HISTORY_LIMIT);
}

/** Same items, same text: re-rendering would change nothing the visitor sees. */
export function sameHistory(a: readonly HistoryItem[], b: readonly HistoryItem[]): boolean {
  return a.length === b.length && a.every((item, i) => itemKey(item) === itemKey(b[i]) && item.t === b[i].t && !!item.err === !!b[i].err);
}

/** The response summaries (never values) already sent for a message. */
export function responsesFor(items: readonly HistoryItem[], jobId: string): ResponseSummary[] {
  return items.flatMap((item) => (item.r === 'u' && item.interaction?.source_job_id === jobId ? [item.interaction] : []));
}
