import { describe, expect, it } from 'vitest';
import { mergeHistory, readHistory, responsesFor, sameHistory, storageKeys, writeHistory, HISTORY_LIMIT } from './history';
import type { HistoryItem } from './types';

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

const u = (t: string, j: string, ts: number): HistoryItem => ({ r: 'u', t, j, ts });
const a = (t: string, j: string, ts: number): HistoryItem => ({ r: 'a', t, j, ts });

describe('storage layout', () => {
  it('uses the keys of the hub widget', () => {
    expect(storageKeys('store_assistant')).toEqual({
      visitor: 'bailing_visitor_store_assistant',
      history: 'bailing_chat_store_assistant',
      thread: 'bailing_thread_store_assistant',
    });
  });

  it('round-trips items and keeps the last 50', () => {
    const storage = new MemoryStorage();
    const items = Array.from({ length: 60 }, (_, i) => u(`m${i}`, `j${i}`, i));
    writeHistory(storage, 'k', items);
    const read = readHistory(storage, 'k');
    expect(read).toHaveLength(HISTORY_LIMIT);
    expect(read[0].t).toBe('m10');
    expect(read.at(-1)).toEqual(u('m59', 'j59', 59));
  });

  it('drops malformed items and survives malformed JSON', () => {
    const storage = new MemoryStorage();
    storage.setItem('k', JSON.stringify([{ r: 'x', t: 'a', ts: 1 }, { r: 'u', t: 5, ts: 1 }, null, u('ok', 'j1', 2), { r: 'a', t: 'err', j: 'j1', ts: 3, err: true }]));
    expect(readHistory(storage, 'k')).toEqual([u('ok', 'j1', 2), { r: 'a', t: 'err', j: 'j1', ts: 3, err: true }]);
    storage.setItem('k', '{not json');
    expect(readHistory(storage, 'k')).toEqual([]);
    expect(readHistory(null, 'k')).toEqual([]);
  });
});

describe('mergeHistory', () => {
  it('takes the server as the truth for the jobs it knows', () => {
    const local = [u('hi', 'j1', 1), a('partial', 'j1', 2)];
    const server = [u('hi', 'j1', 1), a('the full answer', 'j1', 2)];
    expect(mergeHistory(local, server)).toEqual(server);
  });

  it('keeps local items of jobs the server does not list, in time order', () => {
    const localError: HistoryItem = { r: 'a', t: 'failed', j: 'j9', ts: 25, err: true };
    const local = [u('one', 'j1', 10), u('two', 'j9', 20), localError];
    const server = [u('one', 'j1', 10), a('answer one', 'j1', 15), u('three', 'j3', 30), a('answer three', 'j3', 35)];
    expect(mergeHistory(local, server).map((i) => i.t)).toEqual(['one', 'answer one', 'two', 'failed', 'three', 'answer three']);
  });

  it('never duplicates an item', () => {
    const both = [u('q', 'j1', 1), a('r', 'j1', 2)];
    expect(mergeHistory(both, both)).toEqual(both);
  });

  it('sameHistory compares what the visitor sees', () => {
    expect(sameHistory([u('q', 'j1', 1)], [u('q', 'j1', 5)])).toBe(true);
    expect(sameHistory([a('x', 'j1', 1)], [a('y', 'j1', 1)])).toBe(false);
    expect(sameHistory([a('x', 'j1', 1)], [{ ...a('x', 'j1', 1), err: true }])).toBe(false);
  });
});

describe('responsesFor', () => {
  it('lists the summaries of responses to one job, never values', () => {
    const summary = { type: 'bailing-form', version: 1, source_job_id: 'j1', form_id: 'f', submission_id: 'abcdefgh', action: 'submit' };
    const items: HistoryItem[] = [a('form', 'j1', 1), { r: 'u', t: 'Submitted', j: 'j2', ts: 2, interaction: summary }, { r: 'u', t: 'other', j: 'j3', ts: 3 }];
    expect(responsesFor(items, 'j1')).toEqual([summary]);
    expect(responsesFor(items, 'j2')).toEqual([]);
  });
});
