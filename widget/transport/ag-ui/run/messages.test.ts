// Text and reasoning messages, as the run reducer folds them (THINKING_* events too).
import { describe, expect, it } from 'vitest';
import { content, end, history, play, RF, RS, start, table, tcEnd, tcStart } from './tables';
import { feedRun, reduceRun } from '../run';

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
