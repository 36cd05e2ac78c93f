// The run reducer in tables: a stream of decoded events in, the run it must end as. Every run is
// deep-frozen before the next event, so a reducer that changed its input would throw here.
import { describe, expect, it } from 'vitest';
import { endOfStream, feedRun, initialRun, MAX_WARNINGS, reduceRun, toolCallFor, type AgUiRun, type InitialRunOptions } from './run';
import { parseAgUiEvent } from './events';
import type { Message } from './types';

const deepFreeze = <T>(v: T): T => {
  if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v);
    Object.values(v).forEach(deepFreeze);
  }
  return v;
};

function play(events: object[], init: InitialRunOptions = {}, end = false): AgUiRun {
  let run = deepFreeze(initialRun('thread-1', 'run-1', init));
  for (const e of events) run = deepFreeze(feedRun(run, deepFreeze(structuredClone(e))));
  return end ? endOfStream(run) : run;
}

const RS = { type: 'RUN_STARTED', threadId: 'thread-1', runId: 'run-1' };
const RF = { type: 'RUN_FINISHED', threadId: 'thread-1', runId: 'run-1' };
const start = (messageId: string, more = {}) => ({ type: 'TEXT_MESSAGE_START', messageId, ...more });
const content = (messageId: string, delta: string, more = {}) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta, ...more });
const end = (messageId: string, more = {}) => ({ type: 'TEXT_MESSAGE_END', messageId, ...more });
const tcStart = (toolCallId: string, toolCallName: string, more = {}) => ({ type: 'TOOL_CALL_START', toolCallId, toolCallName, ...more });
const tcArgs = (toolCallId: string, delta: string) => ({ type: 'TOOL_CALL_ARGS', toolCallId, delta });
const tcEnd = (toolCallId: string) => ({ type: 'TOOL_CALL_END', toolCallId });
const result = (messageId: string, toolCallId: string, content: unknown) => ({ type: 'TOOL_CALL_RESULT', messageId, toolCallId, content });
const history: Message[] = [{ id: 'u1', role: 'user', content: 'Hi' }];

interface Row {
  title: string;
  events: object[];
  init?: InitialRunOptions;
  /** Feed endOfStream after the events. */
  truncated?: boolean;
  expected: Record<string, unknown>;
}

/**
 * The same events folded as the backend folds a stream: with one `owned` set, what the reducer
 * made for an earlier event written in place. Only the inputs are frozen (the runs are the
 * reducer's to write); the outcome must be the pure one.
 */
function playOwned(events: object[], init: InitialRunOptions = {}, end = false): AgUiRun {
  const owned = new WeakSet<object>();
  let run = initialRun('thread-1', 'run-1', deepFreeze(structuredClone(init)));
  for (const e of events) run = feedRun(run, deepFreeze(structuredClone(e)), owned);
  return end ? endOfStream(run) : run;
}

/** `expected` holds what the run must match; a key set to undefined must be absent. */
const table = (rows: Row[]) =>
  it.each(rows)('$title', ({ events, init, truncated, expected }) => {
    const run = play(events, init, truncated);
    const { track: _t, ...pure } = run;
    const { track: _o, ...owned } = playOwned(events, init, truncated);
    expect(owned, 'folded in place, as a stream').toEqual(pure);
    const absent = Object.keys(expected).filter((k) => expected[k] === undefined);
    expect(run).toMatchObject(Object.fromEntries(Object.entries(expected).filter(([k]) => !absent.includes(k))));
    expect(absent.filter((k) => k in run)).toEqual([]);
  });

describe('text messages', () => {
  table([
    {
      title: 'start, content, end: one text part and one assistant message',
      events: [RS, start('a1'), content('a1', 'Hel'), content('a1', 'lo'), end('a1'), RF],
      init: { messages: history },
      expected: {
        status: 'finished',
        messages: [...history, { id: 'a1', role: 'assistant', content: 'Hello' }],
        parts: [{ kind: 'text', id: 'a1', role: 'assistant', text: 'Hello', done: true }],
        warnings: [],
      },
    },
    {
      title: 'a role and a name are kept; metadata merges key by key, the last write winning',
      events: [RS, start('a1', { role: 'system', name: 'ops', metadata: { a: 1, b: 1 } }), content('a1', 'x', { metadata: { b: 2 } }), end('a1', { metadata: { c: 3 } }), RF],
      expected: { messages: [{ id: 'a1', role: 'system', name: 'ops', content: 'x', metadata: { a: 1, b: 2, c: 3 } }], parts: [{ kind: 'text', role: 'system' }] },
    },
    {
      title: 'a closed message reopened continues where it stopped',
      events: [RS, start('a1'), content('a1', 'one'), end('a1'), start('a1'), content('a1', ' two'), end('a1'), RF],
      expected: { messages: [{ id: 'a1', content: 'one two' }], parts: [{ id: 'a1', text: 'one two', done: true }], warnings: [] },
    },
    {
      title: 'several messages interleave; parts keep arrival order',
      events: [RS, start('a'), start('b'), content('b', 'B'), content('a', 'A'), end('a'), content('b', 'B'), end('b'), RF],
      expected: { parts: [{ id: 'a', text: 'A', done: true }, { id: 'b', text: 'BB', done: true }], warnings: [] },
    },
    {
      title: 'content for an unknown id is skipped with a warning',
      events: [RS, content('ghost', 'x'), end('ghost'), RF],
      expected: { messages: [], parts: [], warnings: ['TEXT_MESSAGE_CONTENT skipped: "ghost" is not an open message', 'TEXT_MESSAGE_END skipped: "ghost" is not an open message'] },
    },
    {
      title: 'content after the end is skipped; the message keeps what it had',
      events: [RS, start('a1'), content('a1', 'ok'), end('a1'), content('a1', 'late'), RF],
      expected: { messages: [{ content: 'ok' }], warnings: ['TEXT_MESSAGE_CONTENT skipped: "a1" is not an open message'] },
    },
    {
      title: 'a start for an open id is skipped',
      events: [RS, start('a1'), start('a1'), end('a1'), RF],
      expected: { messages: [{ id: 'a1' }], warnings: ['TEXT_MESSAGE_START skipped: "a1" is already open'] },
    },
    {
      title: 'a message left open at RUN_FINISHED is named; the run still finishes',
      events: [RS, start('a1'), content('a1', 'half'), RF],
      expected: { status: 'finished', parts: [{ text: 'half', done: false }], warnings: ['RUN_FINISHED while still open: t:a1'] },
    },
    {
      title: 'text streamed into an activity message id is refused',
      events: [RS, { type: 'ACTIVITY_SNAPSHOT', messageId: 'x', activityType: 'a', content: {} }, start('x'), content('x', 'no'), RF],
      expected: { messages: [{ role: 'activity', content: {} }], warnings: ['TEXT_MESSAGE_START skipped: "x" is an activity message', 'TEXT_MESSAGE_CONTENT skipped: "x" is not an open message'] },
    },
  ]);

  it('an empty keep-alive delta returns the same run object', () => {
    const run = play([RS, start('a1')]);
    expect(reduceRun(run, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: '' })).toBe(run);
    expect(reduceRun(run, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'x' })).not.toBe(run);
  });

  it('an unknown event returns the same run object; a malformed one adds a warning', () => {
    const run = play([RS]);
    expect(feedRun(run, { type: 'FUTURE', x: 1 })).toBe(run);
    expect(feedRun(run, { type: 'TEXT_MESSAGE_START' }).warnings).toEqual(['TEXT_MESSAGE_START: "messageId" must be a string']);
    expect(feedRun(run, 'junk').warnings).toEqual(['event: must be an object with a string "type"']);
  });
});

describe('chunks', () => {
  table([
    {
      title: 'the first chunk with an id starts a message; later ones without it append',
      events: [RS, { type: 'TEXT_MESSAGE_CHUNK', messageId: 'a1', delta: 'a' }, { type: 'TEXT_MESSAGE_CHUNK', delta: 'b' }, { type: 'TEXT_MESSAGE_CHUNK', messageId: 'a1', delta: 'c' }, RF],
      expected: { messages: [{ id: 'a1', role: 'assistant', content: 'abc' }], parts: [{ id: 'a1', text: 'abc', done: true }], warnings: [] },
    },
    {
      title: 'a chunk naming another id closes the first message and opens the next',
      events: [RS, { type: 'TEXT_MESSAGE_CHUNK', messageId: 'a1', delta: 'a' }, { type: 'TEXT_MESSAGE_CHUNK', messageId: 'a2', delta: 'b' }],
      expected: { parts: [{ id: 'a1', done: true }, { id: 'a2', text: 'b', done: false }] },
    },
    {
      title: 'an explicit event in the same lane closes a chunk stream',
      events: [RS, { type: 'TEXT_MESSAGE_CHUNK', messageId: 'a1', delta: 'a' }, { type: 'STATE_SNAPSHOT', snapshot: {} }],
      expected: { parts: [{ id: 'a1', done: true }] },
    },
    {
      title: 'RAW, ACTIVITY_* and REASONING_ENCRYPTED_VALUE stand aside; the stream continues',
      events: [
        RS,
        { type: 'TEXT_MESSAGE_CHUNK', messageId: 'a1', delta: 'a' },
        { type: 'RAW', event: 1 },
        { type: 'ACTIVITY_SNAPSHOT', messageId: 'x', activityType: 't', content: {} },
        { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', entityId: 'a1', encryptedValue: 'e' },
        { type: 'TEXT_MESSAGE_CHUNK', delta: 'b' },
      ],
      expected: { messages: [{ id: 'a1', content: 'ab', encryptedValue: 'e' }, { id: 'x' }], parts: [{ id: 'a1', text: 'ab', done: false }, { id: 'x' }], warnings: [] },
    },
    {
      title: 'tool-call chunks: the first carries id and name, the rest the arguments',
      events: [RS, { type: 'TOOL_CALL_CHUNK', toolCallId: 'c1', toolCallName: 'f', parentMessageId: 'p1', delta: '{"a"' }, { type: 'TOOL_CALL_CHUNK', delta: ':1}' }, RF],
      expected: {
        messages: [{ id: 'p1', role: 'assistant', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }] }],
        parts: [{ kind: 'tool', id: 'c1', name: 'f', args: '{"a":1}', parentMessageId: 'p1', ended: true, status: 'pending' }],
      },
    },
    {
      title: 'a first chunk without its id is skipped, nothing invented',
      events: [RS, { type: 'TEXT_MESSAGE_CHUNK', delta: 'orphan' }, { type: 'TOOL_CALL_CHUNK', toolCallId: 'c1', delta: '{}' }, RF],
      expected: {
        messages: [],
        warnings: ['TEXT_MESSAGE_CHUNK skipped: the first chunk of a stream must carry its messageId', 'TOOL_CALL_CHUNK skipped: the first chunk of a tool call must carry its toolCallName'],
      },
    },
    {
      title: 'a continuation contradicting its opener is skipped',
      events: [
        RS,
        { type: 'TEXT_MESSAGE_CHUNK', messageId: 'a1', delta: 'a' },
        { type: 'TEXT_MESSAGE_CHUNK', role: 'user', delta: 'x' },
        { type: 'TOOL_CALL_CHUNK', toolCallId: 'c1', toolCallName: 'f' },
        { type: 'TOOL_CALL_CHUNK', toolCallName: 'g', delta: 'x' },
        { type: 'TOOL_CALL_CHUNK', toolCallId: 'c1', toolCallName: 'f', delta: '{}' },
      ],
      expected: {
        parts: [{ id: 'a1', text: 'a' }, { id: 'c1', args: '{}' }],
        warnings: ['TEXT_MESSAGE_CHUNK skipped: its role "user" contradicts what "a1" opened with', 'TOOL_CALL_CHUNK skipped: its toolCallName "g" contradicts what "c1" opened with'],
      },
    },
    {
      title: 'subagents assemble in their own lanes; a bare continuation goes to the parent',
      events: [
        RS,
        { type: 'TEXT_MESSAGE_CHUNK', messageId: 'p', delta: 'P' },
        { type: 'TEXT_MESSAGE_CHUNK', messageId: 's', delta: 'S', subagentRunId: 'sa' },
        { type: 'TEXT_MESSAGE_CHUNK', delta: 'p' },
        { type: 'TEXT_MESSAGE_CHUNK', delta: 's', subagentRunId: 'sa' },
      ],
      expected: { messages: [{ id: 'p', content: 'Pp' }, { id: 's', content: 'Ss', subagentRunId: 'sa' }], warnings: [] },
    },
    {
      title: 'a bare continuation with two subagent lanes open is ambiguous',
      events: [
        RS,
        { type: 'TEXT_MESSAGE_CHUNK', messageId: 'x', delta: 'X', subagentRunId: 'sa' },
        { type: 'TEXT_MESSAGE_CHUNK', messageId: 'y', delta: 'Y', subagentRunId: 'sb' },
        { type: 'TEXT_MESSAGE_CHUNK', delta: '?' },
      ],
      expected: { warnings: ['TEXT_MESSAGE_CHUNK skipped: it names neither an id nor a subagentRunId and several streams are open'] },
    },
    {
      title: 'a chunk naming an open id under another subagent is skipped',
      events: [RS, { type: 'TEXT_MESSAGE_CHUNK', messageId: 'x', delta: 'X', subagentRunId: 'sa' }, { type: 'TEXT_MESSAGE_CHUNK', messageId: 'x', delta: '!', subagentRunId: 'sb' }],
      expected: { messages: [{ content: 'X' }], warnings: ['TEXT_MESSAGE_CHUNK skipped: its subagentRunId "sb" is not the one that opened "x"'] },
    },
    {
      title: 'the end of a subagent closes its lane, not the parent one',
      events: [
        RS,
        { type: 'SUBAGENT_STARTED', subagentRunId: 'sa', name: 'n' },
        { type: 'TEXT_MESSAGE_CHUNK', messageId: 'p', delta: 'P' },
        { type: 'TEXT_MESSAGE_CHUNK', messageId: 's', delta: 'S', subagentRunId: 'sa' },
        { type: 'SUBAGENT_FINISHED', subagentRunId: 'sa' },
      ],
      expected: { parts: [{ kind: 'subagent', status: 'done' }, { id: 'p', done: false }, { id: 's', done: true }] },
    },
    {
      title: 'reasoning chunks',
      events: [RS, { type: 'REASONING_MESSAGE_CHUNK', messageId: 'r1', delta: 'hm' }, { type: 'REASONING_MESSAGE_CHUNK', delta: 'm' }, RF],
      expected: { messages: [{ id: 'r1', role: 'reasoning', content: 'hmm' }], parts: [{ kind: 'reasoning', id: 'r1', text: 'hmm', done: true }] },
    },
    {
      title: 'a metadata-only continuation still reaches the message',
      events: [RS, { type: 'TEXT_MESSAGE_CHUNK', messageId: 'a1', delta: 'x' }, { type: 'TEXT_MESSAGE_CHUNK', metadata: { usage: 3 } }, RF],
      expected: { messages: [{ content: 'x', metadata: { usage: 3 } }] },
    },
    {
      title: 'a stream cut mid-chunk leaves the message open (nothing is synthesized for a truncated run)',
      events: [RS, { type: 'TEXT_MESSAGE_CHUNK', messageId: 'a1', delta: 'half' }],
      truncated: true,
      expected: { status: 'interrupted', parts: [{ text: 'half', done: false }] },
    },
  ]);
});

describe('tool calls', () => {
  table([
    {
      title: 'a call attached to its text message, with a result right after that message',
      events: [RS, start('a1'), content('a1', 'Looking.'), end('a1'), tcStart('c1', 'search', { parentMessageId: 'a1' }), tcArgs('c1', '{"q":1}'), tcEnd('c1'), start('a2'), end('a2'), result('t1', 'c1', 'found'), RF],
      init: { messages: history },
      expected: {
        messages: [
          ...history,
          { id: 'a1', role: 'assistant', content: 'Looking.', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'search', arguments: '{"q":1}' } }] },
          { id: 't1', role: 'tool', toolCallId: 'c1', content: 'found' },
          { id: 'a2' },
        ],
        parts: [{ kind: 'text' }, { kind: 'tool', id: 'c1', status: 'done', result: 'found', ended: true }, { kind: 'text', id: 'a2' }],
        pendingToolCalls: [],
      },
    },
    {
      title: 'several calls at once, results in any order, parallel results kept in order',
      events: [RS, tcStart('c1', 'f', { parentMessageId: 'm' }), tcStart('c2', 'g', { parentMessageId: 'm' }), tcArgs('c2', '2'), tcArgs('c1', '1'), tcEnd('c2'), tcEnd('c1'), result('t2', 'c2', 'two'), result('t1', 'c1', [{ type: 'text', text: 'o' }, { type: 'image', source: { type: 'url', value: 'u' } }, { type: 'text', text: 'ne' }]), RF],
      expected: {
        messages: [{ id: 'm', toolCalls: [{ id: 'c1' }, { id: 'c2' }] }, { id: 't2' }, { id: 't1' }],
        parts: [{ id: 'c1', args: '1', result: 'one' }, { id: 'c2', args: '2', result: 'two' }],
      },
    },
    {
      title: 'a parent id naming a non-assistant message puts the call on a new assistant message named for the call',
      events: [RS, tcStart('c1', 'f', { parentMessageId: 'u1' }), tcEnd('c1'), RF],
      init: { messages: history },
      expected: { messages: [history[0], { id: 'c1', role: 'assistant', toolCalls: [{ id: 'c1' }] }] },
    },
    {
      title: 'calls left without a result are pending for the application (derived from the stream)',
      events: [RS, tcStart('c1', 'f'), tcEnd('c1'), tcStart('c2', 'g'), tcEnd('c2'), result('t', 'c2', 'ok'), RF],
      expected: { pendingToolCalls: ['c1'], parts: [{ id: 'c1', status: 'pending' }, { id: 'c2', status: 'done' }] },
    },
    {
      title: 'the producer\'s pendingToolCallIds, when named, is the list',
      events: [RS, tcStart('c1', 'f'), tcEnd('c1'), tcStart('c2', 'g'), tcEnd('c2'), { ...RF, outcome: { type: 'success', pendingToolCallIds: ['c2'] } }],
      expected: { pendingToolCalls: ['c2'], parts: [{ id: 'c1', status: 'running' }, { id: 'c2', status: 'pending' }] },
    },
    {
      title: 'a start for a call the thread already holds continues it, without a second entry',
      events: [RS, tcStart('c1', 'renamed'), tcArgs('c1', '+'), tcEnd('c1'), RF],
      init: { messages: [{ id: 'a0', role: 'assistant', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }] }] },
      expected: {
        messages: [{ id: 'a0', toolCalls: [{ id: 'c1', function: { name: 'renamed', arguments: '{}+' } }] }],
        parts: [{ id: 'c1', name: 'renamed', args: '{}+' }],
        warnings: ['TOOL_CALL_START: "c1" renamed from "f" to "renamed"'],
      },
    },
    {
      title: 'a result for a call of an earlier run (an approved call, resumed) is that call\'s step as it now is, in `earlier`: not a step of this run',
      events: [RS, result('t1', 'c1', 'sent'), RF],
      init: { messages: [{ id: 'a0', role: 'assistant', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'send', arguments: '{"to":"x"}' } }] }] },
      expected: { parts: [], earlier: [{ kind: 'tool', id: 'c1', name: 'send', args: '{"to":"x"}', status: 'done', ended: true, result: 'sent' }], messages: [{ id: 'a0' }, { id: 't1' }] },
    },
    {
      title: 'a result naming no call of the thread is kept as a message and warned about',
      events: [RS, result('t1', 'nope', 'x'), result('t1', 'nope', 'again'), RF],
      expected: {
        messages: [{ id: 't1', content: 'x' }],
        parts: [],
        earlier: [],
        warnings: ['TOOL_CALL_RESULT: "nope" names no tool call of the thread', 'TOOL_CALL_RESULT skipped: the thread already has a message "t1"'],
      },
    },
    {
      title: 'args for a call that is not open are skipped',
      events: [RS, tcArgs('c9', 'x'), tcStart('c1', 'f'), tcEnd('c1'), tcArgs('c1', 'late'), RF],
      expected: { parts: [{ id: 'c1', args: '' }], warnings: ['TOOL_CALL_ARGS skipped: "c9" is not an open tool call', 'TOOL_CALL_ARGS skipped: "c1" is not an open tool call'] },
    },
    {
      title: 'RUN_ERROR fails the calls still waiting',
      events: [RS, tcStart('c1', 'f'), tcArgs('c1', '{'), { type: 'RUN_ERROR', message: 'down' }],
      expected: { status: 'error', error: { message: 'down' }, parts: [{ id: 'c1', status: 'failed', ended: false }] },
    },
    {
      title: 'a truncated stream cuts off the calls still waiting',
      events: [RS, tcStart('c1', 'f'), tcEnd('c1')],
      truncated: true,
      expected: { status: 'interrupted', parts: [{ id: 'c1', status: 'cut', ended: true }] },
    },
  ]);

  it('toolCallFor finds a call by id', () => {
    const run = play([RS, tcStart('c1', 'f'), tcArgs('c1', '{}')]);
    expect(toolCallFor(run, 'c1')).toMatchObject({ name: 'f', args: '{}' });
    expect(toolCallFor(run, 'c2')).toBeUndefined();
  });
});

describe('state', () => {
  table([
    {
      title: 'the run starts from the state it was sent; a snapshot replaces it',
      events: [RS, { type: 'STATE_SNAPSHOT', snapshot: { b: 2 } }, RF],
      init: { state: { a: 1 } },
      expected: { state: { b: 2 } },
    },
    {
      title: 'every RFC 6902 operation in one delta',
      events: [
        RS,
        {
          type: 'STATE_DELTA',
          delta: [
            { op: 'add', path: '/items/-', value: 'c' },
            { op: 'remove', path: '/gone' },
            { op: 'replace', path: '/count', value: 2 },
            { op: 'move', from: '/old', path: '/new' },
            { op: 'copy', from: '/items/0', path: '/first' },
            { op: 'test', path: '/count', value: 2 },
          ],
        },
      ],
      init: { state: { items: ['a', 'b'], gone: 1, count: 1, old: 'o' } },
      expected: { state: { items: ['a', 'b', 'c'], count: 2, new: 'o', first: 'a' }, warnings: [] },
    },
    {
      title: 'a failing test leaves the whole state as it was, with a warning',
      events: [RS, { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/count', value: 9 }, { op: 'test', path: '/count', value: 1 }] }],
      init: { state: { count: 1 } },
      expected: { state: { count: 1 }, warnings: ['STATE_DELTA skipped: the state is unchanged: operation 1: test failed at "/count"'] },
    },
    {
      title: 'a malformed delta is skipped by the parser',
      events: [RS, { type: 'STATE_DELTA', delta: [{ op: 'add', path: 'count', value: 9 }] }],
      init: { state: { count: 1 } },
      expected: { state: { count: 1 }, warnings: ['STATE_DELTA: "delta/0/path" must be a JSON pointer'] },
    },
  ]);
});

describe('messages snapshot', () => {
  table([
    {
      title: 'replaces in place, appends the new, drops the omitted, keeps activity and reasoning it does not mention',
      events: [RS, { type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'n', role: 'assistant', content: 'new' }, { id: 'u1', role: 'user', content: 'edited' }] }, RF],
      init: {
        messages: [
          { id: 'u1', role: 'user', content: 'Hi' },
          { id: 'x', role: 'activity', activityType: 't', content: {} },
          { id: 'gone', role: 'assistant', content: 'old' },
          { id: 'r', role: 'reasoning', content: 'r' },
        ],
      },
      // `n` comes before the visitor's message: an earlier turn's, not this run's answer.
      expected: { messages: [{ id: 'u1', content: 'edited' }, { id: 'x' }, { id: 'r' }, { id: 'n' }], parts: [] },
    },
    {
      title: 'an assistant message new after the visitor\'s last message is what the run answered: a text part, done, the run\'s answer',
      events: [RS, { type: 'MESSAGES_SNAPSHOT', messages: [...history, { id: 'a1', role: 'assistant', content: 'The whole answer.' }] }, RF],
      init: { messages: history },
      expected: { parts: [{ kind: 'text', id: 'a1', role: 'assistant', text: 'The whole answer.', done: true }], status: 'finished', warnings: [] },
    },
    {
      title: 'new tool calls are steps, in the snapshot\'s order, settled by its tool messages (an error one failed); no call is left pending',
      events: [
        RS,
        {
          type: 'MESSAGES_SNAPSHOT',
          messages: [
            ...history,
            { id: 'a1', role: 'assistant', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'search', arguments: '{"q":"x"}' } }, { id: 'c2', type: 'function', function: { name: 'clock', arguments: '{}' } }] },
            { id: 't1', role: 'tool', toolCallId: 'c1', content: '3 hits' },
            { id: 't2', role: 'tool', toolCallId: 'c2', content: 'no clock', error: 'unavailable' },
            { id: 'a2', role: 'assistant', content: 'Found 3.' },
          ],
        },
        RF,
      ],
      init: { messages: history },
      expected: {
        parts: [
          { kind: 'tool', id: 'c1', name: 'search', args: '{"q":"x"}', status: 'done', ended: true, result: '3 hits' },
          { kind: 'tool', id: 'c2', name: 'clock', args: '{}', status: 'failed', ended: true, result: 'no clock' },
          { kind: 'text', id: 'a2', role: 'assistant', text: 'Found 3.', done: true },
        ],
        pendingToolCalls: [],
      },
    },
    {
      title: 'a new call with no tool message is waited on at RUN_FINISHED, as a streamed one is',
      events: [RS, { type: 'MESSAGES_SNAPSHOT', messages: [...history, { id: 'a1', role: 'assistant', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'lookup', arguments: '{}' } }] }] }, RF],
      init: { messages: history },
      expected: { parts: [{ kind: 'tool', id: 'c1', status: 'pending' }], pendingToolCalls: ['c1'] },
    },
    {
      title: 'what the run streamed keeps its parts: a snapshot naming it adds none, the message it adds after it is one more',
      events: [RS, start('a1'), content('a1', 'Hello'), end('a1'), { type: 'MESSAGES_SNAPSHOT', messages: [...history, { id: 'a1', role: 'assistant', content: 'Hello' }, { id: 'a2', role: 'assistant', content: 'And more.' }] }, RF],
      init: { messages: history },
      expected: { parts: [{ kind: 'text', id: 'a1', text: 'Hello' }, { kind: 'text', id: 'a2', text: 'And more.', done: true }] },
    },
    {
      title: 'messages before the visitor\'s last one are earlier turns: none is a part, even one under a new id',
      events: [RS, { type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'u0', role: 'user', content: 'First' }, { id: 'x0', role: 'assistant', content: 'First answer' }, ...history] }, RF],
      init: { messages: [{ id: 'u0', role: 'user', content: 'First' }, { id: 'a0', role: 'assistant', content: 'First answer' }, ...history] },
      expected: { parts: [], earlier: [] },
    },
    {
      title: 'a tool message for a call of an earlier run (a resume that does not stream) settles that call in `earlier`; the new answer is a part',
      events: [
        RS,
        {
          type: 'MESSAGES_SNAPSHOT',
          messages: [...history, { id: 'a0', role: 'assistant', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'restart', arguments: '{"server":"web-1"}' } }] }, { id: 't1', role: 'tool', toolCallId: 'c1', content: 'restarted' }, { id: 'a1', role: 'assistant', content: 'Done.' }],
        },
        RF,
      ],
      init: { messages: [...history, { id: 'a0', role: 'assistant', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'restart', arguments: '{"server":"web-1"}' } }] }] },
      expected: {
        parts: [{ kind: 'text', id: 'a1', text: 'Done.' }],
        earlier: [{ kind: 'tool', id: 'c1', name: 'restart', args: '{"server":"web-1"}', status: 'done', ended: true, result: 'restarted' }],
      },
    },
    {
      title: 'a snapshot carrying activity declares the whole activity set',
      events: [RS, { type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'y', role: 'activity', activityType: 't', content: { v: 1 } }] }, RF],
      init: { messages: [{ id: 'x', role: 'activity', activityType: 't', content: {} }] },
      expected: { messages: [{ id: 'y' }] },
    },
  ]);
});

describe('activity', () => {
  table([
    {
      title: 'snapshot, delta, retyping delta: one activity part updated in place',
      events: [
        RS,
        { type: 'ACTIVITY_SNAPSHOT', messageId: 'x', activityType: 'search', content: { n: 0 } },
        { type: 'ACTIVITY_DELTA', messageId: 'x', activityType: 'search', patch: [{ op: 'replace', path: '/n', value: 1 }] },
        { type: 'ACTIVITY_DELTA', messageId: 'x', activityType: 'done', patch: [] },
      ],
      expected: { parts: [{ kind: 'activity', id: 'x', activityType: 'done', content: { n: 1 } }], messages: [{ id: 'x', role: 'activity', activityType: 'done', content: { n: 1 } }] },
    },
    {
      title: 'a replacing snapshot replaces content and attribution, keeps metadata; replace: false changes nothing',
      events: [
        RS,
        { type: 'ACTIVITY_SNAPSHOT', messageId: 'x', activityType: 'a', content: { v: 1 }, subagentRunId: 'sa', metadata: { k: 1 } },
        { type: 'ACTIVITY_SNAPSHOT', messageId: 'x', activityType: 'b', content: { v: 2 } },
        { type: 'ACTIVITY_SNAPSHOT', messageId: 'x', activityType: 'c', content: { v: 3 }, replace: false },
      ],
      expected: { messages: [{ id: 'x', activityType: 'b', content: { v: 2 }, metadata: { k: 1 } }], parts: [{ activityType: 'b', content: { v: 2 } }] },
    },
    {
      title: 'a delta for a missing activity, a failing patch, and a snapshot over a text message are skipped',
      events: [
        RS,
        { type: 'ACTIVITY_DELTA', messageId: 'nope', activityType: 'a', patch: [] },
        { type: 'ACTIVITY_SNAPSHOT', messageId: 'x', activityType: 'a', content: { v: 1 } },
        { type: 'ACTIVITY_DELTA', messageId: 'x', activityType: 'a', patch: [{ op: 'remove', path: '/missing' }] },
        start('m'),
        end('m'),
        { type: 'ACTIVITY_SNAPSHOT', messageId: 'm', activityType: 'a', content: {} },
      ],
      expected: {
        parts: [{ kind: 'activity', content: { v: 1 } }, { kind: 'text' }],
        warnings: [
          'ACTIVITY_DELTA skipped: "nope" is not an activity message',
          'ACTIVITY_DELTA skipped: "x" is unchanged: operation 0: "/missing" does not exist',
          'ACTIVITY_SNAPSHOT skipped: "m" is a message of role assistant',
        ],
      },
    },
  ]);
});

describe('reasoning', () => {
  table([
    {
      title: 'a span with two reasoning messages and an encrypted value',
      events: [
        RS,
        { type: 'REASONING_START', messageId: 's' },
        { type: 'REASONING_MESSAGE_START', messageId: 'r1', role: 'reasoning' },
        { type: 'REASONING_MESSAGE_CONTENT', messageId: 'r1', delta: 'a' },
        { type: 'REASONING_MESSAGE_END', messageId: 'r1' },
        { type: 'REASONING_MESSAGE_START', messageId: 'r2', role: 'reasoning' },
        { type: 'REASONING_MESSAGE_END', messageId: 'r2' },
        { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', entityId: 'r2', encryptedValue: 'sealed' },
        { type: 'REASONING_END', messageId: 's' },
        RF,
      ],
      expected: {
        messages: [{ id: 'r1', role: 'reasoning', content: 'a' }, { id: 'r2', content: '', encryptedValue: 'sealed' }],
        parts: [{ kind: 'reasoning', id: 'r1', text: 'a', done: true }, { kind: 'reasoning', id: 'r2', done: true }],
        warnings: [],
      },
    },
    {
      title: 'spans out of order and encrypted values for unknown entities are warned about',
      events: [
        RS,
        { type: 'REASONING_END', messageId: 's' },
        { type: 'REASONING_START', messageId: 's' },
        { type: 'REASONING_START', messageId: 's' },
        { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'tool-call', entityId: 'c9', encryptedValue: 'e' },
        { type: 'REASONING_MESSAGE_CONTENT', messageId: 's', delta: 'a span is not a message' },
      ],
      expected: {
        warnings: [
          'REASONING_END skipped: the reasoning span "s" is not open',
          'REASONING_START skipped: the reasoning span "s" is already open',
          'REASONING_ENCRYPTED_VALUE dropped: no tool-call "c9" to keep it with',
          'REASONING_MESSAGE_CONTENT skipped: "s" is not an open message',
        ],
      },
    },
    {
      title: 'an encrypted value for a tool call is kept on the call',
      events: [RS, tcStart('c1', 'f'), tcEnd('c1'), { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'tool-call', entityId: 'c1', encryptedValue: 'e' }],
      expected: { messages: [{ toolCalls: [{ id: 'c1', encryptedValue: 'e' }] }] },
    },
    {
      title: 'retired THINKING_* events become reasoning messages with ids minted per run',
      events: [
        RS,
        { type: 'THINKING_START', title: 'x' },
        { type: 'THINKING_TEXT_MESSAGE_START' },
        { type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: 'one' },
        { type: 'THINKING_TEXT_MESSAGE_END' },
        { type: 'THINKING_TEXT_MESSAGE_START' },
        { type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: 'two' },
        { type: 'THINKING_TEXT_MESSAGE_END' },
        { type: 'THINKING_END' },
        RF,
      ],
      expected: {
        messages: [{ id: 'run-1-thinking-2', role: 'reasoning', content: 'one' }, { id: 'run-1-thinking-3', content: 'two' }],
        parts: [{ kind: 'reasoning', id: 'run-1-thinking-2', text: 'one', done: true }, { id: 'run-1-thinking-3' }],
        warnings: [],
      },
    },
    {
      title: 'THINKING_* continuations without an opener are skipped, no id invented',
      events: [RS, { type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: 'x' }, { type: 'THINKING_TEXT_MESSAGE_END' }, { type: 'THINKING_END' }],
      expected: {
        messages: [],
        warnings: [
          'THINKING_TEXT_MESSAGE_CONTENT skipped: no THINKING_TEXT_MESSAGE_START came before it',
          'THINKING_TEXT_MESSAGE_END skipped: no THINKING_TEXT_MESSAGE_START came before it',
          'THINKING_END skipped: no THINKING_START came before it',
        ],
      },
    },
  ]);
});

describe('steps and subagents', () => {
  table([
    {
      title: 'steps are parts with stable ids; a name may run again once finished, and in a subagent at the same time',
      events: [
        RS,
        { type: 'STEP_STARTED', stepName: 'plan' },
        { type: 'STEP_STARTED', stepName: 'plan', subagentRunId: 'sa' },
        { type: 'STEP_FINISHED', stepName: 'plan' },
        { type: 'STEP_STARTED', stepName: 'plan' },
        { type: 'STEP_FINISHED', stepName: 'plan', subagentRunId: 'sa' },
      ],
      expected: {
        parts: [
          { kind: 'step', id: 'plan#0', name: 'plan', status: 'done' },
          { kind: 'step', id: 'plan#0@sa', status: 'done', subagentRunId: 'sa' },
          { kind: 'step', id: 'plan#1', status: 'running' },
        ],
        warnings: [],
      },
    },
    {
      title: 'a step started twice, or finished unstarted, is skipped',
      events: [RS, { type: 'STEP_STARTED', stepName: 's' }, { type: 'STEP_STARTED', stepName: 's' }, { type: 'STEP_FINISHED', stepName: 't' }],
      expected: { parts: [{ id: 's#0' }], warnings: ['STEP_STARTED skipped: the step "s" is already running', 'STEP_FINISHED skipped: the step "t" is not running'] },
    },
    {
      title: 'subagents: started, suspended, failed; their fields kept',
      events: [
        RS,
        { type: 'SUBAGENT_STARTED', subagentRunId: 'a', name: 'researcher', description: 'finds', parentToolCallId: 'c1', parentMessageId: 'm1' },
        { type: 'SUBAGENT_STARTED', subagentRunId: 'b', name: 'writer', parentSubagentRunId: 'a' },
        { type: 'SUBAGENT_FINISHED', subagentRunId: 'b', outcome: { type: 'suspended', interruptIds: ['i1'] }, result: { draft: 1 } },
        { type: 'SUBAGENT_ERROR', subagentRunId: 'a', message: 'quota', code: '429' },
      ],
      expected: {
        parts: [
          { kind: 'subagent', id: 'a', name: 'researcher', description: 'finds', parentToolCallId: 'c1', parentMessageId: 'm1', status: 'failed', error: { message: 'quota', code: '429' } },
          { kind: 'subagent', id: 'b', parentSubagentRunId: 'a', status: 'suspended', interruptIds: ['i1'], result: { draft: 1 } },
        ],
        warnings: [],
      },
    },
    {
      title: 'subagent lifecycle violations are skipped',
      events: [
        RS,
        { type: 'SUBAGENT_FINISHED', subagentRunId: 'x' },
        { type: 'SUBAGENT_STARTED', subagentRunId: 'a', name: 'n', parentSubagentRunId: 'ghost' },
        { type: 'SUBAGENT_STARTED', subagentRunId: 'b', name: 'n' },
        { type: 'SUBAGENT_STARTED', subagentRunId: 'b', name: 'n' },
        { type: 'SUBAGENT_FINISHED', subagentRunId: 'b', outcome: { type: 'exploded' } },
        { type: 'SUBAGENT_STARTED', subagentRunId: 'b', name: 'n' },
      ],
      expected: {
        parts: [{ id: 'b', status: 'done' }],
        warnings: [
          'SUBAGENT_FINISHED skipped: the subagent "x" is not running',
          'SUBAGENT_STARTED skipped: its parent "ghost" was never started',
          'SUBAGENT_STARTED skipped: "b" was already started',
          'SUBAGENT_FINISHED: unknown outcome "exploded" read as success',
          'SUBAGENT_STARTED skipped: "b" was already started',
        ],
      },
    },
  ]);
});

describe('the run lifecycle', () => {
  const interrupts = [{ id: 'i1', reason: 'tool_call', toolCallId: 'c1', message: 'Send?', responseSchema: { type: 'object' }, expiresAt: '2030-01-01T00:00:00Z' }];
  table([
    {
      title: 'success with a result',
      events: [RS, { ...RF, result: [1, 2] }],
      expected: { status: 'finished', result: [1, 2], interrupts: [], error: undefined },
    },
    {
      title: 'the interrupt outcome keeps the interrupts, and no result',
      events: [RS, tcStart('c1', 'send'), tcEnd('c1'), { ...RF, result: 'ignored', outcome: { type: 'interrupt', interrupts } }],
      expected: { status: 'interrupt', interrupts, result: undefined, pendingToolCalls: ['c1'] },
    },
    {
      title: 'the cancelled outcome is neither success nor failure',
      events: [RS, tcStart('c1', 'f'), tcEnd('c1'), { ...RF, outcome: { type: 'cancelled' } }],
      expected: { status: 'cancelled', pendingToolCalls: [], parts: [{ status: 'running' }] },
    },
    {
      title: 'an unknown outcome reads as success, with a warning',
      events: [RS, { ...RF, outcome: { type: 'paused' }, result: 1 }],
      expected: { status: 'finished', result: 1, warnings: ['RUN_FINISHED: unknown outcome "paused" read as success'] },
    },
    {
      title: 'a pre-1.0 null outcome and result read as absent',
      events: [RS, { ...RF, outcome: null, result: null }],
      expected: { status: 'finished', result: undefined, warnings: [] },
    },
    {
      title: 'RUN_ERROR after RUN_FINISHED turns the run into a failed one',
      events: [RS, { ...RF, outcome: { type: 'interrupt', interrupts } }, { type: 'RUN_ERROR', message: 'flush failed', code: 'E' }],
      expected: { status: 'error', error: { message: 'flush failed', code: 'E' }, interrupts: [], warnings: [] },
    },
    {
      title: 'nothing but a new RUN_STARTED follows RUN_ERROR',
      events: [RS, { type: 'RUN_ERROR', message: 'x' }, { type: 'RUN_ERROR', message: 'y' }, start('a1'), RF],
      expected: { status: 'error', error: { message: 'x' }, messages: [], warnings: ['RUN_ERROR skipped: the run has already failed', 'TEXT_MESSAGE_START skipped: the run has already failed', 'RUN_FINISHED skipped: the run has already failed'] },
    },
    {
      title: 'a stream may open with RUN_ERROR',
      events: [{ type: 'RUN_ERROR', message: 'unreachable' }],
      expected: { status: 'error', warnings: [] },
    },
    {
      title: 'events before RUN_STARTED are applied, with one warning',
      events: [start('a1'), content('a1', 'x'), end('a1'), RF],
      expected: { status: 'finished', messages: [{ content: 'x' }], warnings: ['TEXT_MESSAGE_START arrived before RUN_STARTED'] },
    },
    {
      title: 'a second run on the stream starts clean, and keeps the first run\'s messages and state',
      events: [RS, start('a1'), end('a1'), { type: 'STATE_SNAPSHOT', snapshot: 1 }, { ...RF, outcome: { type: 'interrupt', interrupts } }, { ...RS, runId: 'run-2' }, start('a2'), end('a2'), { ...RF, runId: 'run-2', result: 2 }],
      expected: { runId: 'run-2', status: 'finished', interrupts: [], result: 2, state: 1, messages: [{ id: 'a1' }, { id: 'a2' }], warnings: [] },
    },
    {
      title: 'RUN_STARTED echoing messages adds those the thread lacks',
      events: [{ ...RS, input: { threadId: 'thread-1', runId: 'run-1', messages: [history[0], { id: 'sys', role: 'system', content: 'be brief' }] } }],
      init: { messages: history },
      expected: { messages: [history[0], { id: 'sys' }] },
    },
    {
      title: 'RAW and CUSTOM events are kept for the host, in order',
      events: [RS, { type: 'CUSTOM', name: 'a', value: 1 }, { type: 'RAW', event: { x: 1 } }, { type: 'CUSTOM', name: 'b', value: null }],
      expected: { events: [{ type: 'CUSTOM', name: 'a', value: 1 }, { type: 'RAW', event: { x: 1 } }, { type: 'CUSTOM', name: 'b', value: null }] },
    },
    {
      title: 'a truncated stream is interrupted; anything after that is skipped',
      events: [RS, start('a1'), content('a1', 'x')],
      truncated: true,
      expected: { status: 'interrupted', warnings: ['the stream ended without RUN_FINISHED or RUN_ERROR'] },
    },
  ]);

  it('endOfStream leaves a closed run as it is', () => {
    const run = play([RS, RF]);
    expect(endOfStream(run)).toBe(run);
    const cut = endOfStream(play([RS]));
    expect(feedRun(cut, RF)).toMatchObject({ status: 'interrupted', warnings: ['the stream ended without RUN_FINISHED or RUN_ERROR', 'RUN_FINISHED skipped: the run has already ended without RUN_FINISHED'] });
  });

  it(`keeps at most ${MAX_WARNINGS} warnings, and says so`, () => {
    const run = play([RS, ...Array.from({ length: MAX_WARNINGS + 20 }, () => content('ghost', 'x'))]);
    expect(run.warnings).toHaveLength(MAX_WARNINGS + 1);
    expect(run.warnings[MAX_WARNINGS]).toBe('further warnings were dropped');
  });
});

describe('what an event costs', () => {
  const steps = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 'STEP_STARTED', stepName: `step ${i}` }));

  it('folded in place (one stream), an event copies neither the list of parts nor the parts it does not change', () => {
    const owned = new WeakSet<object>();
    let run = reduceRun(initialRun('t', 'r'), RS as never, owned);
    run = reduceRun(run, steps(1)[0] as never, owned);
    const [list, first] = [run.parts, run.parts[0]];
    for (const e of steps(50).slice(1)) run = reduceRun(run, e as never, owned);
    expect(run.parts).toBe(list);
    expect(run.parts[0]).toBe(first);
    expect(run.parts).toHaveLength(50);
    // A part that changes is a new object (the view redraws what is new), in its place.
    run = reduceRun(run, { type: 'STEP_FINISHED', stepName: 'step 0' } as never, owned);
    expect(run.parts[0]).not.toBe(first);
    expect(run.parts[0]).toMatchObject({ id: 'step 0#0', status: 'done' });
  });

  it('steps, their finish and the progress indexes stay right over many events', () => {
    const events = [RS, ...steps(300), ...Array.from({ length: 150 }, (_, i) => ({ type: 'STEP_FINISHED', stepName: `step ${2 * i}` })), { type: 'STEP_STARTED', stepName: 'step 0' }];
    const run = playOwned(events);
    expect(run.parts).toHaveLength(301);
    expect(run.parts.filter((p) => p.kind === 'step' && p.status === 'done')).toHaveLength(150);
    expect(run.parts.at(-1)).toMatchObject({ id: 'step 0#1', status: 'running' });
    expect(run.track.running.size).toBe(151);
    expect(run).toEqual(play(events));
  });

  it('16,000 steps fold in linear time: eight times the events take nowhere near 64 times as long', () => {
    const time = (n: number) => {
      const events = steps(n).map((e) => parseAgUiEvent(e)).map((p) => (p.ok ? p.event : null)!);
      const owned = new WeakSet<object>();
      const started = performance.now();
      let run = reduceRun(initialRun('t', 'r'), RS as never, owned);
      for (const e of events) run = reduceRun(run, e, owned);
      return performance.now() - started;
    };
    time(2000);
    const small = Math.min(time(2000), time(2000));
    const large = Math.min(time(16000), time(16000));
    // Quadratic: about 64; linear: about 8 (a loaded machine adds noise, hence the margin).
    expect(large / small).toBeLessThan(24);
  });
});
