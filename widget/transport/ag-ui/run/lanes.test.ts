// Chunk events, expanded in lanes per subagent, as the run reducer folds them.
import { describe } from 'vitest';
import { RF, RS, table } from './tables';

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
