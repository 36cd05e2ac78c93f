// Tool calls and their results, as the run reducer folds them.
import { describe, expect, it } from 'vitest';
import { content, end, history, play, result, RF, RS, start, table, tcArgs, tcEnd, tcStart } from './tables';
import { toolCallFor } from '../run';

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
