import { describe, expect, it } from 'vitest';
import { createBailingBackend } from './bailing-backend';
import type { BailingClient } from './bailing';
import { storageKeys } from '../conversation/history';
import { memoryStorage } from '../fixtures/memory-storage';

/** A client that records which calls reached it; a job is taken, or refused with `refuse`. */
function recordingClient(refuse = false) {
  const calls: string[] = [];
  const client = {
    getThread: async (query: { visitor_id: string }) => (calls.push(`thread ${query.visitor_id}`), { messages: [] }),
    createJob: async () => {
      calls.push('job');
      if (refuse) throw new TypeError('Failed to fetch');
      return { done: false, job_id: 'j1', visitor_id: '' };
    },
  } as unknown as BailingClient;
  return { client, calls };
}

describe('createBailingBackend: the hub thread a page asks for', () => {
  // The hub keeps a thread per visitor id, or per ticket's user: a visitor id made on this page and
  // never sent can have none, so a new visitor's page view costs no /thread request.
  it.each([
    { title: 'a new visitor asks for no thread', stored: false, ticket: null, before: 'nothing', asks: false },
    { title: 'a returning visitor asks for theirs', stored: true, ticket: null, before: 'nothing', asks: true },
    { title: 'a new visitor with a ticket asks for the user’s thread', stored: false, ticket: 't.k', before: 'nothing', asks: true },
    { title: 'a new visitor asks once a message has been sent', stored: false, ticket: null, before: 'sent', asks: true },
    { title: 'a new visitor asks once a message was tried, even if it failed on the way', stored: false, ticket: null, before: 'refused', asks: true },
  ])('$title', async ({ stored, ticket, before, asks }) => {
    const storage = memoryStorage();
    if (stored) storage.setItem(storageKeys('demo').visitor, 'v_returning_visitor_01');
    const { client, calls } = recordingClient(before == 'refused');
    const backend = createBailingBackend({ client, entry: 'demo', storage, ticket: () => ticket, context: () => ({}), warn: () => undefined });
    if (before != 'nothing') await backend.start({ message: 'hi', renderers: [] }, new AbortController().signal).catch(() => undefined);
    expect(await backend.thread!()).toEqual([]);
    expect(calls.filter((call) => call.startsWith('thread'))).toEqual(asks ? [`thread ${backend.visitor()}`] : []);
    // The visitor id is kept either way: the next page is a returning visitor's.
    expect(storage.getItem(storageKeys('demo').visitor)).toBe(backend.visitor());
  });
});
