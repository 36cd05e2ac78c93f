import { describe, expect, it, vi } from 'vitest';
import { answerVersions, cleanThreadId, mergeHistory, newestFitting, readHistory, redoable, responsesFor, roomFor, sameHistory, storageKeys, unansweredRows, writeHistory, writeString, KEPT_ROWS, MAX_STORED_PER_THREAD, MAX_STORED_TOTAL } from './history';
import type { HistoryItem } from '../types';

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

  it('round-trips items and keeps the last 200', () => {
    const storage = new MemoryStorage();
    const items = Array.from({ length: 210 }, (_, i) => u(`m${i}`, `j${i}`, i));
    writeHistory(storage, 'k', items);
    const read = readHistory(storage, 'k');
    expect(read).toHaveLength(KEPT_ROWS);
    expect(read[0].t).toBe('m10');
    expect(read.at(-1)).toEqual(u('m209', 'j209', 209));
  });

  it('drops malformed items and survives malformed JSON', () => {
    const storage = new MemoryStorage();
    storage.setItem('k', JSON.stringify([{ r: 'x', t: 'a', ts: 1 }, { r: 'u', t: 5, ts: 1 }, null, u('ok', 'j1', 2), { r: 'a', t: 'err', j: 'j1', ts: 3, err: true }]));
    expect(readHistory(storage, 'k')).toEqual([u('ok', 'j1', 2), { r: 'a', t: 'err', j: 'j1', ts: 3, err: true, e: true }]);
    storage.setItem('k', '{not json');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(readHistory(storage, 'k')).toEqual([]);
    // Dropped, and said: it must not be read (and fail) at every load.
    expect(storage.getItem('k')).toBeNull();
    expect(warn.mock.calls.map(([m]) => m)).toEqual(['BailingChat: dropped the stored "k": not JSON']);
    warn.mockRestore();
    expect(readHistory(null, 'k')).toEqual([]);
  });
});

describe('what the widget keeps on the host\'s origin is capped per conversation and in total', () => {
  const K = 1024;
  // Each key already there holds a value of this many characters; a host key does not count.
  it.each([
    { title: 'a value within both caps', there: {}, key: 'bailing_chat_e1', size: 100 * K, kept: true },
    { title: 'one value over a conversation\'s cap', there: {}, key: 'bailing_chat_e1', size: MAX_STORED_PER_THREAD, kept: false },
    { title: 'an AG-UI agent\'s other keys count against its conversation', there: { bailing_agui_ab1_messages: 400 * K }, key: 'bailing_agui_ab1_state', size: 120 * K, kept: false },
    { title: 'the same, within the room left', there: { bailing_agui_ab1_messages: 300 * K }, key: 'bailing_agui_ab1_state', size: 120 * K, kept: true },
    { title: 'another agent\'s keys count only against the total', there: { bailing_agui_cd2_messages: 400 * K }, key: 'bailing_agui_ab1_state', size: 120 * K, kept: true },
    { title: 'an entry\'s history, queued message and visitor are one conversation', there: { bailing_chat_e1_queued: 300 * K, bailing_visitor_e1: 100 * K }, key: 'bailing_chat_e1', size: 120 * K, kept: false },
    { title: 'an entry with underscores is one conversation too', there: { bailing_chat_my_entry_queued: 400 * K }, key: 'bailing_chat_my_entry', size: 120 * K, kept: false },
    { title: 'the total over every conversation', there: { bailing_agui_a1_chat: 400 * K, bailing_agui_a2_chat: 400 * K, bailing_chat_e2: 200 * K }, key: 'bailing_chat_e1', size: 100 * K, kept: false },
    { title: 'the value it replaces does not count', there: { bailing_chat_e1: 500 * K }, key: 'bailing_chat_e1', size: 500 * K, kept: true },
    { title: 'the host\'s own keys do not count', there: { 'host-cache': 3000 * K }, key: 'bailing_chat_e1', size: 400 * K, kept: true },
  ])('$title', ({ there, key, size, kept }) => {
    const storage = new MemoryStorage();
    for (const [k, n] of Object.entries(there)) storage.setItem(k, 'x'.repeat(n));
    // A key's refusal is said once until it is kept again: kept once here, an earlier row's refusal is forgotten.
    writeString(new MemoryStorage(), key, '');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const value = 'y'.repeat(size);
    expect(writeString(storage, key, value)).toBe(kept);
    expect(storage.getItem(key) === value).toBe(kept);
    expect(warn.mock.calls.length).toBe(kept ? 0 : 1);
    if (!kept) expect(warn.mock.calls[0]![0]).toBe(`BailingChat: "${key}" not saved: ${size} characters, over MAX_STORED_PER_THREAD or MAX_STORED_TOTAL`);
    warn.mockRestore();
  });

  it('the room is what both caps leave, keys counted', () => {
    const storage = new MemoryStorage();
    storage.setItem('bailing_chat_e1_queued', 'x'.repeat(1000));
    storage.setItem('bailing_agui_z9_chat', 'x'.repeat(MAX_STORED_PER_THREAD - 100));
    expect(roomFor(storage, 'bailing_chat_e1')).toBe(MAX_STORED_PER_THREAD - 1000 - 'bailing_chat_e1_queued'.length - 'bailing_chat_e1'.length);
    expect(roomFor(storage, 'bailing_agui_z9_state')).toBe(100 - 'bailing_agui_z9_chat'.length - 'bailing_agui_z9_state'.length);
    expect(roomFor(null, 'bailing_chat_e1')).toBe(MAX_STORED_PER_THREAD - 'bailing_chat_e1'.length);
  });

  it.each([
    { title: 'all of them when they fit', items: ['aa', 'bb', 'cc'], room: 100, kept: ['aa', 'bb', 'cc'] },
    { title: 'exactly the room: ["aa","bb","cc"] is 16 characters', items: ['aa', 'bb', 'cc'], room: 16, kept: ['aa', 'bb', 'cc'] },
    { title: 'the oldest dropped first', items: ['aa', 'bb', 'cc'], room: 15, kept: ['bb', 'cc'] },
    { title: 'none when the newest alone does not fit', items: ['aa', 'b'.repeat(50)], room: 20, kept: [] },
    { title: 'from a turn\'s start only (upper case starts a turn)', turns: true, items: ['Aa', 'bb', 'Cc', 'dd', 'ee'], room: 21, kept: ['Cc', 'dd', 'ee'] },
    { title: 'nothing when no turn starts within the room', turns: true, items: ['Aa', 'bb', 'cc'], room: 12, kept: [] },
  ])('newestFitting: $title', ({ items, room, kept, turns }) => {
    expect(newestFitting(items, room, turns ? (s) => s[0] !== s[0]!.toLowerCase() : undefined)).toEqual(kept);
    expect(JSON.stringify(kept).length).toBeLessThanOrEqual(Math.max(room, 2));
  });

  it('the history drops its oldest items to fit, so the newest are kept', () => {
    const storage = new MemoryStorage();
    storage.setItem('bailing_chat_e1_queued', 'x'.repeat(MAX_STORED_PER_THREAD - 30 * K));
    const items = Array.from({ length: 20 }, (_, i) => u('z'.repeat(2 * K), `j${i}`, i));
    writeHistory(storage, 'bailing_chat_e1', items);
    const kept = readHistory(storage, 'bailing_chat_e1');
    expect(kept.length).toBeGreaterThan(5);
    expect(kept.length).toBeLessThan(20);
    expect(kept).toEqual(items.slice(-kept.length));
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

  it("keeps what only this page knows of an answer the server lists: rating, note, redo mark, citations, tool mark, attachments", () => {
    const mine: HistoryItem = { ...a('partial', 'j1', 2), v: 'up', c: 'nice', o: 'regenerated', refs: [{ seq: 1, title: 'Doc' }], w: true, atts: [{ name: 'a.pdf', url: '/a.pdf' } as never] };
    expect(mergeHistory([u('hi', 'j1', 1), mine], [u('hi', 'j1', 1), a('full', 'j1', 2)])[1]).toEqual({ ...mine, t: 'full' });
  });

  it("keeps the rows older than the server's last 50 (HISTORY_LIMIT) from this browser's copy, up to KEPT_ROWS", () => {
    const turns = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => [u(`q${from + i}`, `j${from + i}`, 2 * (from + i)), a(`r${from + i}`, `j${from + i}`, 2 * (from + i) + 1)]).flat();
    const merged = mergeHistory(turns(0, 110), turns(85, 110).map((item) => (item.r == 'a' ? { ...item, t: `${item.t}!` } : item)));
    expect(merged).toHaveLength(KEPT_ROWS);
    expect(merged[0]!.t).toBe('q10');
    expect(merged.slice(149, 152).map((item) => item.t)).toEqual(['r84', 'q85', 'r85!']);
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

describe('cleanThreadId', () => {
  it.each([
    ['absent: the default thread', null, ''],
    ['empty: the default thread', '', ''],
    ["the hub widget's minted id", 't0123456789abcdef0123456789abcde', 't0123456789abcdef0123456789abcde'],
    ["this widget's minted id", 't_Ab-9_xYz0123456789ab', 't_Ab-9_xYz0123456789ab'],
    ['characters outside [A-Za-z0-9_-] removed', 't 1/2:3<4>', 't1234'],
    ['only junk: the default thread', ' /:"', ''],
    ['cut to 32 characters', 'a'.repeat(40), 'a'.repeat(32)],
    ['cleaned, then cut', `${'b '.repeat(20)}`, 'b'.repeat(20)],
  ])('%s', (_title, stored, expected) => {
    expect(cleanThreadId(stored)).toBe(expected);
  });
});

describe("history items of the hub's own widget", () => {
  const ref = { seq: 1, title: 'Refund policy', score: 0.82, snippet: 'Refunds within 30 days' };
  const att = { type: 'image' as const, url: 'https://cdn.example/x.png', name: 'x.png', caption: 'Receipt' };
  // [title, stored item, what is read]
  const cases: [string, unknown, HistoryItem | null][] = [
    ['a failed answer without job id or ts', { r: 'a', t: '网络异常，请稍后再试。', e: true }, { r: 'a', t: '网络异常，请稍后再试。', ts: 0, err: true, e: true }],
    ['a failed answer with a job id', { r: 'a', t: 'failed', j: 'j1', e: true }, { r: 'a', t: 'failed', j: 'j1', ts: 0, err: true, e: true }],
    ["this widget's own failure flag", { r: 'a', t: 'failed', j: 'j1', ts: 5, err: true }, { r: 'a', t: 'failed', j: 'j1', ts: 5, err: true, e: true }],
    ['e: false is an answer', { r: 'a', t: 'ok', j: 'j1', e: false }, { r: 'a', t: 'ok', j: 'j1', ts: 0 }],
    ['a truthy non-boolean e is not a failure', { r: 'a', t: 'ok', j: 'j1', e: 'yes' }, { r: 'a', t: 'ok', j: 'j1', ts: 0 }],
    ['a visitor row without job id', { r: 'u', t: 'hello' }, { r: 'u', t: 'hello', ts: 0 }],
    ['an empty job id is no job id', { r: 'u', t: 'hello', j: '' }, { r: 'u', t: 'hello', ts: 0 }],
    ['rating, comment, citations and attachments kept', { r: 'a', t: 'ok', j: 'j1', v: 'down', c: 'Too vague', refs: [ref], atts: [att] }, { r: 'a', t: 'ok', j: 'j1', ts: 0, v: 'down', c: 'Too vague', refs: [ref], atts: [att] }],
    ['each rating value', { r: 'a', t: 'ok', v: 'note' }, { r: 'a', t: 'ok', ts: 0, v: 'note' }],
    ['an unknown rating dropped', { r: 'a', t: 'ok', v: 'meh' }, { r: 'a', t: 'ok', ts: 0 }],
    ['a comment that is not a string dropped', { r: 'a', t: 'ok', c: { text: 'x' } }, { r: 'a', t: 'ok', ts: 0 }],
    ['an empty comment dropped', { r: 'a', t: 'ok', c: '' }, { r: 'a', t: 'ok', ts: 0 }],
    ['a citation needs seq and title', { r: 'a', t: 'ok', refs: [{ title: 'no seq' }, { seq: 2 }, { seq: '3', title: 'x' }, { seq: 4, title: 'ok' }] }, { r: 'a', t: 'ok', ts: 0, refs: [{ seq: 4, title: 'ok' }] }],
    ['a bad optional field of a citation is left out', { r: 'a', t: 'ok', refs: [{ seq: 1, title: 'x', score: 'high' }, { seq: 2, title: 'y', snippet: 5 }] }, { r: 'a', t: 'ok', ts: 0, refs: [{ seq: 1, title: 'x' }, { seq: 2, title: 'y' }] }],
    ['a citation keeps only its own fields, null counts as absent', { r: 'a', t: 'ok', refs: [{ seq: 1, title: 'x', score: null, url: 'javascript:alert(1)' }] }, { r: 'a', t: 'ok', ts: 0, refs: [{ seq: 1, title: 'x' }] }],
    ['refs that are not a list dropped', { r: 'a', t: 'ok', refs: { seq: 1, title: 'x' } }, { r: 'a', t: 'ok', ts: 0 }],
    ['an attachment needs an absolute http(s) url; without a type its extension names it', { r: 'u', t: 'pic', atts: [{ name: 'x' }, 'https://x', null, { url: 'javascript:alert(1)' }, { url: 'https://cdn/y.png' }, { url: 'https://cdn/r.pdf', type: 'scan' }] }, { r: 'u', t: 'pic', ts: 0, atts: [{ type: 'image', url: 'https://cdn/y.png' }, { type: 'file', url: 'https://cdn/r.pdf' }] }],
    ['a bad optional field of an attachment is left out', { r: 'u', t: 'pic', atts: [{ type: 'image', url: 'https://cdn/y.png', caption: 3 }] }, { r: 'u', t: 'pic', ts: 0, atts: [{ type: 'image', url: 'https://cdn/y.png' }] }],
    ['not an item', { r: 'a', e: true }, null],
  ];
  it.each(cases)('%s', (_title, stored, expected) => {
    const storage = new MemoryStorage();
    storage.setItem('k', JSON.stringify([stored]));
    expect(readHistory(storage, 'k')).toEqual(expected ? [expected] : []);
  });

  it('what is read is written back with both failure flags, for either widget', () => {
    const storage = new MemoryStorage();
    const stored = [{ r: 'u', t: 'q' }, { r: 'a', t: 'failed', e: true }, { r: 'a', t: 'ok', j: 'j2', v: 'up', c: 'thanks', refs: [{ seq: 1, title: 'x' }] }];
    storage.setItem('k', JSON.stringify(stored));
    writeHistory(storage, 'k', readHistory(storage, 'k'));
    expect(JSON.parse(storage.getItem('k')!)).toEqual([
      { r: 'u', t: 'q', ts: 0 },
      { r: 'a', t: 'failed', ts: 0, err: true, e: true },
      { r: 'a', t: 'ok', j: 'j2', ts: 0, v: 'up', c: 'thanks', refs: [{ seq: 1, title: 'x' }] },
    ]);
  });
});

describe('mergeHistory keeps what only this browser knows', () => {
  const refs = [{ seq: 1, title: 'Refund policy' }];
  // [title, local, server, merged]
  const cases: [string, HistoryItem[], HistoryItem[], HistoryItem[]][] = [
    [
      'rating, comment and citations carried over by job id',
      [u('q', 'j1', 1), { ...a('partial', 'j1', 2), v: 'up', c: 'great', refs }],
      [u('q', 'j1', 1), a('the answer', 'j1', 2)],
      [u('q', 'j1', 1), { ...a('the answer', 'j1', 2), v: 'up', c: 'great', refs }],
    ],
    [
      'onto the same row (role and job), not onto another row of the job',
      [{ ...u('q', 'j1', 1), v: 'down' }],
      [u('q', 'j1', 1), a('the answer', 'j1', 2)],
      [{ ...u('q', 'j1', 1), v: 'down' }, a('the answer', 'j1', 2)],
    ],
    [
      "the server's attachments win; local ones fill in when it lists none",
      [{ ...u('pic', 'j1', 1), atts: [{ type: 'image', url: 'https://cdn/local.png' }] }, { ...a('r', 'j1', 2), atts: [{ type: 'image', url: 'https://cdn/a.png' }] }],
      [{ ...u('pic', 'j1', 1), atts: [{ type: 'image', url: 'https://cdn/server.png' }] }, a('r', 'j1', 2)],
      [{ ...u('pic', 'j1', 1), atts: [{ type: 'image', url: 'https://cdn/server.png' }] }, { ...a('r', 'j1', 2), atts: [{ type: 'image', url: 'https://cdn/a.png' }] }],
    ],
    [
      "the hub widget's rows without job id give way to the server's",
      [{ r: 'u', t: 'q', ts: 0 }, { ...a('r', 'j1', 0), v: 'up' }, { r: 'u', t: 'again', ts: 0 }, { r: 'a', t: 'network error', ts: 0, err: true, e: true }],
      [u('q', 'j1', 10), a('r', 'j1', 11), u('again', 'j2', 12)],
      [u('q', 'j1', 10), { ...a('r', 'j1', 11), v: 'up' }, u('again', 'j2', 12)],
    ],
    [
      'an empty server thread keeps the local history as it is',
      [{ r: 'u', t: 'q', ts: 0 }, { r: 'a', t: 'network error', ts: 0, err: true, e: true }, u('later', 'j3', 5)],
      [],
      [{ r: 'u', t: 'q', ts: 0 }, { r: 'a', t: 'network error', ts: 0, err: true, e: true }, u('later', 'j3', 5)],
    ],
    [
      'a local failure of a job the hub lists only as its visitor row stays',
      [u('q', 'j1', 1), { r: 'a', t: 'busy', j: 'j1', ts: 2, err: true, e: true }],
      [u('q', 'j1', 1)],
      [u('q', 'j1', 1), { r: 'a', t: 'busy', j: 'j1', ts: 2, err: true, e: true }],
    ],
  ];
  it.each(cases)('%s', (_title, local, server, merged) => {
    expect(mergeHistory(local, server)).toEqual(merged);
  });
});

describe('unansweredRows', () => {
  const e = (t: string, j: string, ts: number): HistoryItem => ({ r: 'a', t, j, ts, err: true, e: true });
  // [title, items, failed indices, followed index]
  const cases: [string, HistoryItem[], number[], number | null][] = [
    ['nothing', [], [], null],
    ['every row answered', [u('q', 'j1', 1), a('r', 'j1', 2)], [], null],
    ['a failure row answers too', [u('q', 'j1', 1), e('failed', 'j1', 2)], [], null],
    ['the last row is still followed', [u('q', 'j1', 1), a('r', 'j1', 2), u('q2', 'j2', 3)], [], 2],
    ['an only row is followed', [u('q', 'j1', 1)], [], 0],
    ['a row in the middle failed', [u('q', 'j1', 1), u('q2', 'j2', 3), a('r2', 'j2', 4)], [0], null],
    ['several failed, and the last followed', [u('a', 'j1', 1), u('b', 'j2', 2), a('rb', 'j2', 3), u('c', 'j3', 4), u('d', 'j4', 5)], [0, 3], 4],
    ['a row followed by a local failure of another job', [u('q', 'j1', 1), { r: 'a', t: 'network error', ts: 2, err: true, e: true }], [0], null],
    ['rows without job id are left alone', [{ r: 'u', t: 'q', ts: 0 }, a('r', 'j1', 1), { r: 'u', t: 'q2', ts: 0 }], [], null],
    ['an answer that comes before its row still answers it', [a('r', 'j1', 2), u('q', 'j1', 1), u('q2', 'j2', 3)], [], 2],
  ];
  it.each(cases)('%s', (_title, items, failed, follow) => {
    expect(unansweredRows(items)).toEqual({ failed, follow });
  });
});

describe('redoable: the turn Regenerate and Edit are offered for', () => {
  const u = (j: string, more: Partial<HistoryItem> = {}): HistoryItem => ({ r: 'u', t: `question ${j}`, j, ts: 1, ...more });
  const a = (j: string, more: Partial<HistoryItem> = {}): HistoryItem => ({ r: 'a', t: `answer ${j}`, j, ts: 2, ...more });
  it.each<[string, HistoryItem[], string | null]>([
    ['the last turn, answered', [u('1'), a('1'), u('2'), a('2')], '2'],
    ['one turn', [u('1'), a('1')], '1'],
    ['nothing yet', [], null],
    ['a question still unanswered (streaming, stopped or lost)', [u('1'), a('1'), u('2')], null],
    ['a failed answer (it has Retry)', [u('1'), a('1', { err: true, e: true })], null],
    ['a form response', [u('1', { interaction: { type: 'bailing-form', version: 1, source_job_id: '0' } }), a('1')], null],
    ['a decision (AG-UI resume)', [u('1', { d: true }), a('1')], null],
    ['a turn already regenerated (the new one has not answered)', [u('1', { o: 'regenerated' }), a('1', { o: 'regenerated' })], null],
    ['an answer whose question is not beside it', [u('1'), a('2')], null],
    ['an answer without a job id (the hub widget\'s copy)', [u('1'), { r: 'a', t: 'x', ts: 2 }], null],
  ])('%s', (_title, items, job) => {
    expect(redoable(items)?.j ?? null).toBe(job);
  });

  it('the mark of a turn asked again is kept in storage and through the merge with the server', () => {
    const storage = new MemoryStorage();
    const local = [u('1', { o: 'edited' }), a('1', { o: 'edited' }), u('2'), a('2')];
    writeHistory(storage, 'k', local);
    const read = readHistory(storage, 'k');
    expect(read.map((item) => item.o ?? null)).toEqual(['edited', 'edited', null, null]);
    const server = [u('1'), a('1'), u('2'), a('2')];
    expect(mergeHistory(read, server).map((item) => item.o ?? null)).toEqual(['edited', 'edited', null, null]);
    // Only the two marks are read back; anything else is dropped.
    storage.setItem('k', JSON.stringify([{ ...u('1'), o: 'deleted', d: 'yes' }]));
    expect(readHistory(storage, 'k')[0]).toEqual(u('1'));
  });
});

describe('answerVersions', () => {
  const regenerated = { o: 'regenerated' } as const;
  const U = (t: string, j: string, more = {}): HistoryItem => ({ ...u(t, j, 1), ...more });
  const A = (t: string, j: string, more = {}): HistoryItem => ({ ...a(t, j, 2), ...more });
  const rows: [string, HistoryItem[], Record<string, string[]>][] = [
    ['answers never asked again: one version each', [U('a', 'j1'), A('A', 'j1'), U('b', 'j2'), A('B', 'j2')], { j1: ['j1'], j2: ['j2'] }],
    [
      'regenerated twice: three versions of one answer, then a new question',
      [U('a', 'j1', regenerated), A('A1', 'j1', regenerated), U('a', 'j2', regenerated), A('A2', 'j2', regenerated), U('a', 'j3'), A('A3', 'j3'), U('b', 'j4'), A('B', 'j4')],
      { j1: ['j1', 'j2', 'j3'], j2: ['j1', 'j2', 'j3'], j3: ['j1', 'j2', 'j3'], j4: ['j4'] },
    ],
    ['edited: a new question, not a version', [U('a', 'j1', { o: 'edited' }), A('A', 'j1', { o: 'edited' }), U('a!', 'j2'), A('A!', 'j2')], { j1: ['j1'], j2: ['j2'] }],
    ['a regeneration that failed here: not a version, the first answer stays the only one', [U('a', 'j1', regenerated), A('A', 'j1', regenerated), U('a', 'j2'), A('Sorry', 'j2', { err: true })], { j1: ['j1'] }],
    ['a regeneration the hub lists without its answer (failed): the next question is not a version', [U('a', 'j1', regenerated), A('A', 'j1', regenerated), U('a', 'j2'), U('b', 'j3'), A('B', 'j3')], { j1: ['j1'], j3: ['j3'] }],
  ];
  it.each(rows)('%s', (_, items, expected) => expect(Object.fromEntries(answerVersions(items))).toEqual(expected));
});
