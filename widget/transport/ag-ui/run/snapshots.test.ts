// The shared state, the messages snapshot and activity messages, as the run reducer folds them.
import { describe } from 'vitest';
import { content, end, history, RF, RS, start, table } from './tables';

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
