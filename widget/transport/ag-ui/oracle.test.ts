// The same recorded SSE bytes through @ag-ui/client 1.0.0's HttpAgent (served by a real HTTP server
// on 127.0.0.1) and through parseAgUiEvent + reduceRun: a conforming client and this one must end
// with the same messages and state, and POST the same RunAgentInput for the same turn. Where the
// two are meant to differ, the difference is a named test below, not a normalisation.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpAgent } from '@ag-ui/client';
import { EventType } from '@ag-ui/core';
import { EventEncoder } from '@ag-ui/encoder';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { requestJson } from '../../fixtures/request-json';
import { buildRunInput, resumeFor } from './input';
import { endOfStream, feedRun, initialRun, type AgUiRun } from './run';
import type { Context, Message, Tool } from './types';

const encoder = new EventEncoder();
/** SSE bytes as a producer using @ag-ui/encoder writes them. */
const sse = (events: object[]) => events.map((e) => encoder.encodeSSE(e as never)).join('');

interface Turn {
  threadId: string;
  runId: string;
  messages: Message[];
  state: unknown;
  tools: Tool[];
  context: Context[];
  forwardedProps: unknown;
}

const turn = (over: Partial<Turn> = {}): Turn => ({
  threadId: 'thread-1',
  runId: 'run-1',
  messages: [{ id: 'u1', role: 'user', content: 'Hello' }],
  state: { counter: 0 },
  tools: [{ name: 'lookup', description: 'Looks a word up', parameters: { type: 'object', properties: { word: { type: 'string' } } } }],
  context: [{ description: 'page', value: 'https://example.com/' }],
  forwardedProps: { locale: 'en' },
  ...over,
});

let server: ReturnType<typeof createServer>;
let url = '';
let reply = '';
let posted: unknown;

beforeAll(async () => {
  server = createServer((req, res) => {
    void requestJson(req).then((body) => {
      posted = body;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/agent`;
  // The reference client reports every deviation on the console; the tests read outcomes instead.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterAll(async () => {
  vi.restoreAllMocks();
  await new Promise((resolve) => server.close(resolve));
});

interface ClientOutcome {
  messages: Message[];
  state: unknown;
  body: any;
  interrupts: unknown[];
  pending?: string[];
  failed?: string;
}

/** What HttpAgent ends with after one turn over `bytes`. */
async function viaClient(bytes: string, t: Turn, agent = new HttpAgent({ url, threadId: t.threadId }), resume?: unknown[]): Promise<ClientOutcome> {
  reply = bytes;
  posted = undefined;
  if (!resume) {
    agent.setMessages(structuredClone(t.messages) as never);
    if (t.state !== undefined) agent.setState(structuredClone(t.state));
  }
  let pending: string[] | undefined;
  let failed: string | undefined;
  try {
    await agent.runAgent(
      { runId: t.runId, tools: t.tools as never, context: t.context, forwardedProps: t.forwardedProps, ...(resume && { resume: resume as never }) },
      {
        onRunFinishedEvent: (p) => void (p.outcome === 'success' && (pending = p.pendingToolCallIds)),
        onRunFailed: ({ error }) => void (failed = error.message),
      },
    );
  } catch (e) {
    failed = (e as Error).message;
  }
  return { messages: agent.messages as Message[], state: agent.state, body: posted, interrupts: agent.pendingInterrupts, pending, failed };
}

/** What this client ends with over the same bytes, fed in `cut`-byte slices. */
function viaUs(bytes: string, t: Turn, cut = 7): AgUiRun {
  let run = initialRun(t.threadId, t.runId, { messages: structuredClone(t.messages), state: structuredClone(t.state) });
  const parser = createParser({ onEvent: (e) => (run = feedRun(run, JSON.parse(e.data))) });
  for (let i = 0; i < bytes.length; i += cut) parser.feed(bytes.slice(i, i + cut));
  return endOfStream(run);
}

const ourBody = (t: Turn, resume?: unknown) =>
  JSON.parse(JSON.stringify(buildRunInput({ ...t, ...(resume ? { resume: resume as never } : {}) })));

const RS = { type: EventType.RUN_STARTED, threadId: 'thread-1', runId: 'run-1' };
const RF = { type: EventType.RUN_FINISHED, threadId: 'thread-1', runId: 'run-1' };
const text = (messageId: string, ...deltas: string[]) => [
  { type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' },
  ...deltas.map((delta) => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta })),
  { type: EventType.TEXT_MESSAGE_END, messageId },
];

interface Scenario {
  title: string;
  events: object[];
  turn?: Partial<Turn>;
  /** What else must hold for ours (beyond equality with the client). */
  check?: (run: AgUiRun, client: ClientOutcome) => void;
  /** Ids the two clients mint differently (the spec leaves minted ids to the consumer). */
  mintedIds?: boolean;
}

const scenarios: Scenario[] = [
  {
    title: 'text only, with the result and metadata merged into the message',
    events: [RS, ...text('a1', 'Hel', 'lo, ', 'world.').slice(0, 4), { type: EventType.TEXT_MESSAGE_END, messageId: 'a1', metadata: { finish: 'stop' } }, { ...RF, result: { ok: 1 } }],
    check: (run) => {
      expect(run.status).toBe('finished');
      expect(run.result).toEqual({ ok: 1 });
      expect(run.parts).toEqual([{ kind: 'text', id: 'a1', role: 'assistant', text: 'Hello, world.', done: true }]);
    },
  },
  {
    title: 'two messages streamed at once, interleaved',
    events: [
      RS,
      { type: EventType.TEXT_MESSAGE_START, messageId: 'a1' },
      { type: EventType.TEXT_MESSAGE_START, messageId: 'a2', role: 'assistant', name: 'critic' },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'a1', delta: 'first ' },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'a2', delta: 'second' },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'a1', delta: 'one' },
      { type: EventType.TEXT_MESSAGE_END, messageId: 'a2' },
      { type: EventType.TEXT_MESSAGE_END, messageId: 'a1' },
      RF,
    ],
    check: (run) => expect(run.parts.map((p) => p.kind === 'text' && p.text)).toEqual(['first one', 'second']),
  },
  {
    title: 'tool calls with results, one answered after the follow-up text',
    events: [
      RS,
      ...text('a1', 'Let me look.'),
      { type: EventType.TOOL_CALL_START, toolCallId: 'c1', toolCallName: 'search', parentMessageId: 'a1' },
      { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: '{"q":' },
      { type: EventType.TOOL_CALL_START, toolCallId: 'c2', toolCallName: 'clock' },
      { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: '"cats"}' },
      { type: EventType.TOOL_CALL_END, toolCallId: 'c1', metadata: { ms: 3 } },
      { type: EventType.TOOL_CALL_END, toolCallId: 'c2' },
      { type: EventType.TOOL_CALL_RESULT, messageId: 't1', toolCallId: 'c1', content: '3 cats' },
      ...text('a2', 'Found them.'),
      { type: EventType.TOOL_CALL_RESULT, messageId: 't2', toolCallId: 'c2', content: [{ type: 'text', text: 'noon' }] },
      RF,
    ],
    check: (run) => {
      expect(run.messages.map((m) => m.id)).toEqual(['u1', 'a1', 't1', 'c2', 't2', 'a2']);
      expect(run.parts.filter((p) => p.kind === 'tool')).toEqual([
        { kind: 'tool', id: 'c1', name: 'search', args: '{"q":"cats"}', parentMessageId: 'a1', status: 'done', ended: true, result: '3 cats' },
        { kind: 'tool', id: 'c2', name: 'clock', args: '', status: 'done', ended: true, result: 'noon' },
      ]);
      expect(run.pendingToolCalls).toEqual([]);
    },
  },
  {
    title: 'a frontend tool call left unanswered is pending',
    events: [RS, { type: EventType.TOOL_CALL_START, toolCallId: 'f1', toolCallName: 'lookup' }, { type: EventType.TOOL_CALL_ARGS, toolCallId: 'f1', delta: '{"word":"cat"}' }, { type: EventType.TOOL_CALL_END, toolCallId: 'f1' }, RF],
    check: (run, client) => {
      expect(run.pendingToolCalls).toEqual(client.pending);
      expect(run.pendingToolCalls).toEqual(['f1']);
      expect(run.parts[0]).toMatchObject({ kind: 'tool', status: 'pending' });
    },
  },
  {
    title: 'state snapshot, then a delta with every RFC 6902 operation, then failing deltas',
    events: [
      RS,
      { type: EventType.STATE_SNAPSHOT, snapshot: { list: [1, 2, 3], doc: { title: 'draft', tags: ['a'] }, n: 1 } },
      {
        type: EventType.STATE_DELTA,
        delta: [
          { op: 'test', path: '/doc', value: { tags: ['a'], title: 'draft' } },
          { op: 'add', path: '/list/1', value: 9 },
          { op: 'add', path: '/list/-', value: 4 },
          { op: 'remove', path: '/list/0' },
          { op: 'replace', path: '/doc/title', value: 'final' },
          { op: 'copy', from: '/doc/tags', path: '/tags' },
          { op: 'move', from: '/n', path: '/doc/n' },
          { op: 'add', path: '/a~1b', value: { 'c~d': true } },
        ],
      },
      { type: EventType.STATE_DELTA, delta: [{ op: 'add', path: '/x', value: 1 }, { op: 'test', path: '/doc/title', value: 'draft' }] },
      { type: EventType.STATE_DELTA, delta: [{ op: 'replace', path: '/missing', value: 1 }] },
      { type: EventType.STATE_DELTA, delta: [{ op: 'remove', path: '/list/10' }] },
      { type: EventType.STATE_DELTA, delta: [{ op: 'move', from: '/nothing', path: '/y' }] },
      RF,
    ],
    check: (run) => {
      expect(run.state).toEqual({ list: [9, 2, 3, 4], doc: { title: 'final', tags: ['a'], n: 1 }, tags: ['a'], 'a/b': { 'c~d': true } });
      expect(run.warnings).toHaveLength(4);
    },
  },
  {
    title: 'chunk events: text and tool-call chunks, each closed by the next stream',
    events: [
      RS,
      { type: EventType.TEXT_MESSAGE_CHUNK, messageId: 'a1', delta: 'Hel' },
      { type: EventType.TEXT_MESSAGE_CHUNK, delta: 'lo' },
      { type: EventType.TEXT_MESSAGE_CHUNK, messageId: 'a1', role: 'assistant', delta: '!' },
      { type: EventType.TOOL_CALL_CHUNK, toolCallId: 'c1', toolCallName: 'search', parentMessageId: 'a1', delta: '{"q"' },
      { type: EventType.TOOL_CALL_CHUNK, delta: ':"x"}' },
      { type: EventType.TOOL_CALL_CHUNK, toolCallId: 'c2', toolCallName: 'clock' },
      { type: EventType.TEXT_MESSAGE_CHUNK, messageId: 'a2', delta: 'Done' },
      { type: EventType.TEXT_MESSAGE_CHUNK, metadata: { usage: 7 } },
      RF,
    ],
    check: (run) => {
      expect(run.parts.map((p) => [p.kind, p.id, 'done' in p ? p.done : (p as any).ended])).toEqual([
        ['text', 'a1', true],
        ['tool', 'c1', true],
        ['tool', 'c2', true],
        ['text', 'a2', true],
      ]);
      expect(run.warnings).toEqual([]);
    },
  },
  {
    title: 'reasoning span, messages and an encrypted value, then the answer',
    events: [
      RS,
      { type: EventType.REASONING_START, messageId: 'span1' },
      { type: EventType.REASONING_MESSAGE_START, messageId: 'r1', role: 'reasoning' },
      { type: EventType.REASONING_MESSAGE_CONTENT, messageId: 'r1', delta: 'Thinking ' },
      { type: EventType.REASONING_MESSAGE_CONTENT, messageId: 'r1', delta: 'hard.' },
      { type: EventType.REASONING_MESSAGE_END, messageId: 'r1' },
      { type: EventType.REASONING_ENCRYPTED_VALUE, subtype: 'message', entityId: 'r1', encryptedValue: 'opaque==' },
      { type: EventType.REASONING_MESSAGE_CHUNK, messageId: 'r2', delta: 'More.' },
      { type: EventType.REASONING_END, messageId: 'span1' },
      ...text('a1', 'Answer.'),
      RF,
    ],
    check: (run) => expect(run.parts.map((p) => p.kind)).toEqual(['reasoning', 'reasoning', 'text']),
  },
  {
    title: 'retired THINKING_* events read as REASONING_*',
    mintedIds: true,
    events: [
      RS,
      { type: 'THINKING_START', title: 'plan' },
      { type: 'THINKING_TEXT_MESSAGE_START' },
      { type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: 'Step one.' },
      { type: 'THINKING_TEXT_MESSAGE_END' },
      { type: 'THINKING_TEXT_MESSAGE_START' },
      { type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: 'Step two.' },
      { type: 'THINKING_TEXT_MESSAGE_END' },
      { type: 'THINKING_END' },
      ...text('a1', 'Done.'),
      RF,
    ],
    check: (run) => {
      expect(run.parts.filter((p) => p.kind === 'reasoning').map((p) => (p as any).text)).toEqual(['Step one.', 'Step two.']);
      expect(run.warnings).toEqual([]);
    },
  },
  {
    title: 'an interrupt outcome',
    events: [
      RS,
      { type: EventType.TOOL_CALL_START, toolCallId: 'c1', toolCallName: 'send_email' },
      { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: '{"to":"a@b.c"}' },
      { type: EventType.TOOL_CALL_END, toolCallId: 'c1' },
      {
        ...RF,
        outcome: {
          type: 'interrupt',
          interrupts: [
            { id: 'i1', reason: 'tool_call', toolCallId: 'c1', message: 'Send it?', responseSchema: { type: 'object' } },
            { id: 'i2', reason: 'input_required', expiresAt: '2999-01-01T00:00:00Z', metadata: { k: null } },
          ],
        },
      },
    ],
    check: (run, client) => {
      expect(run.status).toBe('interrupt');
      expect(run.interrupts).toEqual(client.interrupts);
    },
  },
  {
    title: 'activity snapshot, delta, a non-replacing snapshot and a retyping delta',
    events: [
      RS,
      { type: EventType.ACTIVITY_SNAPSHOT, messageId: 'act1', activityType: 'search', content: { query: 'cats', found: 0 } },
      { type: EventType.ACTIVITY_DELTA, messageId: 'act1', activityType: 'search', patch: [{ op: 'replace', path: '/found', value: 3 }] },
      { type: EventType.ACTIVITY_SNAPSHOT, messageId: 'act1', activityType: 'other', content: { x: 1 }, replace: false, metadata: { m: 1 } },
      { type: EventType.ACTIVITY_DELTA, messageId: 'act1', activityType: 'results', patch: [{ op: 'add', path: '/items', value: ['a'] }] },
      { type: EventType.ACTIVITY_SNAPSHOT, messageId: 'act2', activityType: 'plan', content: { steps: [] } },
      RF,
    ],
    check: (run) =>
      expect(run.parts).toEqual([
        { kind: 'activity', id: 'act1', activityType: 'results', content: { query: 'cats', found: 3, items: ['a'] } },
        { kind: 'activity', id: 'act2', activityType: 'plan', content: { steps: [] } },
      ]),
  },
  {
    title: 'a messages snapshot reconciles by id and keeps client-only reasoning',
    turn: {
      messages: [
        { id: 'u1', role: 'user', content: 'Hello' },
        { id: 'r0', role: 'reasoning', content: 'old thought' },
        { id: 'a0', role: 'assistant', content: 'old answer' },
        { id: 'x0', role: 'activity', activityType: 'note', content: { n: 1 } },
      ],
    },
    events: [
      RS,
      ...text('a1', 'streamed'),
      {
        type: EventType.MESSAGES_SNAPSHOT,
        messages: [
          { id: 'u1', role: 'user', content: 'Hello (edited)' },
          { id: 'a1', role: 'assistant', content: 'restated' },
          { id: 's1', role: 'system', content: 'be brief' },
        ],
      },
      RF,
    ],
    check: (run) => {
      expect(run.messages.map((m) => m.id)).toEqual(['u1', 'r0', 'x0', 'a1', 's1']);
      expect(run.parts).toEqual([{ kind: 'text', id: 'a1', role: 'assistant', text: 'restated', done: true }]);
    },
  },
  {
    title: 'a messages snapshot while an answer still streams: the earlier turns as it says at once, the answer going on from its text',
    turn: {
      messages: [
        { id: 'u0', role: 'user', content: 'First question' },
        { id: 'a0', role: 'assistant', content: 'First answer' },
        { id: 'u1', role: 'user', content: 'Second question' },
      ],
    },
    events: [
      RS,
      { type: EventType.TEXT_MESSAGE_START, messageId: 'a1', role: 'assistant' },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'a1', delta: 'Hal' },
      {
        type: EventType.MESSAGES_SNAPSHOT,
        messages: [
          { id: 'a0', role: 'assistant', content: 'First answer, in short' },
          { id: 'u1', role: 'user', content: 'Second question' },
          { id: 'a1', role: 'assistant', content: 'Hal' },
        ],
      },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'a1', delta: 'f done' },
      { type: EventType.TEXT_MESSAGE_END, messageId: 'a1' },
      RF,
    ],
    check: (run) => {
      expect(run.messages.map((m) => [m.id, (m as { content?: unknown }).content])).toEqual([['a0', 'First answer, in short'], ['u1', 'Second question'], ['a1', 'Half done']]);
      expect(run.parts).toEqual([{ kind: 'text', id: 'a1', role: 'assistant', text: 'Half done', done: true }]);
    },
  },
  {
    title: 'an answer that comes only in a messages snapshot (a graph that does not stream): the same thread, and it is what the run shows',
    events: [
      RS,
      {
        type: EventType.MESSAGES_SNAPSHOT,
        messages: [
          { id: 'u1', role: 'user', content: 'Hello' },
          { id: 'a1', role: 'assistant', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'lookup', arguments: '{"word":"hi"}' } }] },
          { id: 't1', role: 'tool', toolCallId: 'c1', content: 'a greeting' },
          { id: 'a2', role: 'assistant', content: 'Hi to you too.' },
        ],
      },
      RF,
    ],
    check: (run, client) => {
      expect(run.pendingToolCalls).toEqual(client.pending ?? []);
      expect(run.parts).toEqual([
        { kind: 'tool', id: 'c1', name: 'lookup', args: '{"word":"hi"}', status: 'done', ended: true, result: 'a greeting' },
        { kind: 'text', id: 'a2', role: 'assistant', text: 'Hi to you too.', done: true },
      ]);
    },
  },
  {
    title: 'a resumed run answers the call its interrupted run made (AG-UI "Interrupts"): the same thread; the call is settled in `earlier`, not shown again',
    turn: {
      messages: [
        { id: 'u1', role: 'user', content: 'Send it' },
        { id: 'a0', role: 'assistant', toolCalls: [{ id: 'tc-001', type: 'function', function: { name: 'send_email', arguments: '{"to":"a@b.c"}' } }] },
      ],
    },
    events: [RS, { type: EventType.TOOL_CALL_RESULT, messageId: 't1', toolCallId: 'tc-001', content: '{"sent":true}' }, ...text('a1', 'Sent.'), RF],
    check: (run) => {
      expect(run.parts).toEqual([{ kind: 'text', id: 'a1', role: 'assistant', text: 'Sent.', done: true }]);
      expect(run.earlier).toEqual([{ kind: 'tool', id: 'tc-001', name: 'send_email', args: '{"to":"a@b.c"}', status: 'done', ended: true, result: '{"sent":true}' }]);
    },
  },
  {
    title: 'RUN_STARTED echoing its input adds what the thread lacks',
    events: [
      { ...RS, input: { threadId: 'thread-1', runId: 'run-1', messages: [{ id: 'u1', role: 'user', content: 'Hello' }, { id: 'd1', role: 'developer', content: 'ctx' }], tools: [], context: [] } },
      ...text('a1', 'ok'),
      RF,
    ],
  },
  {
    title: 'steps, a subagent, CUSTOM and RAW events change no message',
    events: [
      RS,
      { type: EventType.STEP_STARTED, stepName: 'plan' },
      { type: EventType.SUBAGENT_STARTED, subagentRunId: 'sa1', name: 'researcher', parentToolCallId: 'c9' },
      { type: EventType.TEXT_MESSAGE_START, messageId: 'a9', subagentRunId: 'sa1' },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'a9', delta: 'sub', subagentRunId: 'sa1' },
      { type: EventType.TEXT_MESSAGE_END, messageId: 'a9', subagentRunId: 'sa1' },
      { type: EventType.SUBAGENT_FINISHED, subagentRunId: 'sa1', result: { n: 1 } },
      { type: EventType.CUSTOM, name: 'progress', value: 50 },
      { type: EventType.RAW, event: { vendor: true }, source: 'x' },
      { type: EventType.STEP_FINISHED, stepName: 'plan' },
      RF,
    ],
    check: (run) => {
      expect(run.parts.map((p) => [p.kind, p.id, (p as any).status ?? (p as any).done])).toEqual([
        ['step', 'plan#0', 'done'],
        ['subagent', 'sa1', 'done'],
        ['text', 'a9', true],
      ]);
      expect(run.events.map((e) => e.type)).toEqual(['CUSTOM', 'RAW']);
    },
  },
  {
    title: 'RUN_ERROR ends the run; what arrived before stays',
    events: [RS, ...text('a1', 'partial'), { type: EventType.RUN_ERROR, message: 'model overloaded', code: '529' }],
    check: (run) => expect([run.status, run.error]).toEqual(['error', { message: 'model overloaded', code: '529' }]),
  },
];

/** The two clients mint different ids for THINKING_* messages; compare them by position. */
function renumber(messages: Message[]): Message[] {
  let n = 0;
  return messages.map((m) => (m.role === 'reasoning' ? { ...m, id: `minted-${n++}` } : m));
}

describe('the same bytes through @ag-ui/client HttpAgent and through this client', () => {
  it.each(scenarios)('$title', async (sc) => {
    const t = turn(sc.turn);
    const bytes = sse(sc.events);
    const client = await viaClient(bytes, t);
    const run = viaUs(bytes, t);
    expect(client.failed).toBeUndefined();
    const norm = sc.mintedIds ? renumber : (m: Message[]) => m;
    expect(norm(run.messages)).toEqual(norm(client.messages));
    expect(run.state).toEqual(client.state);
    // The same turn posts the same body.
    expect(ourBody(t)).toEqual(client.body);
    sc.check?.(run, client);
    // Cut at every byte, the stream still ends in the same place.
    expect(viaUs(bytes, t, 1)).toEqual(run);
  });

  it('the resume turn after an interrupt posts the same body', async () => {
    const t = turn();
    const agent = new HttpAgent({ url, threadId: t.threadId });
    const interrupting = scenarios.find((s) => s.title === 'an interrupt outcome')!;
    await viaClient(sse(interrupting.events), t, agent);
    const run = viaUs(sse(interrupting.events), t);
    const decided = resumeFor(run.interrupts, { i1: { kind: 'edit', args: { to: 'x@y.z' } }, i2: { kind: 'reject' } }, Date.parse('2026-01-01'));
    if (!decided.ok) throw new Error(decided.error);
    const next = { ...t, runId: 'run-2', messages: run.messages, state: run.state };
    const client = await viaClient(sse([{ ...RS, runId: 'run-2' }, { ...RF, runId: 'run-2' }]), next, agent, decided.resume);
    expect(client.failed).toBeUndefined();
    expect(ourBody(next, decided.resume)).toEqual(client.body);
    expect(client.body.resume).toEqual([
      { interruptId: 'i1', status: 'resolved', payload: { approved: true, editedArgs: { to: 'x@y.z' } } },
      { interruptId: 'i2', status: 'cancelled' },
    ]);
  });

  it('HttpAgent refuses a resume that leaves an interrupt open; resumeFor refuses to build one', async () => {
    const t = turn();
    const agent = new HttpAgent({ url, threadId: t.threadId });
    const interrupting = scenarios.find((s) => s.title === 'an interrupt outcome')!;
    await viaClient(sse(interrupting.events), t, agent);
    const partial = [{ interruptId: 'i1', status: 'resolved', payload: { approved: true } }];
    const client = await viaClient(sse([RS, RF]), { ...t, runId: 'run-2' }, agent, partial);
    expect(client.failed).toMatch(/i2/);
    expect(client.body).toBeUndefined();
    expect(resumeFor(viaUs(sse(interrupting.events), t).interrupts, { i1: { kind: 'approve' } })).toEqual({ ok: false, error: 'no decision for interrupt i2' });
  });
});

describe('named divergences from @ag-ui/client', () => {
  it('absent forwardedProps and state: HttpAgent sends {} for both, buildRunInput omits them (1.0: optional, absent means none)', async () => {
    const t = turn({ state: undefined, forwardedProps: undefined });
    const client = await viaClient(sse([RS, RF]), t, new HttpAgent({ url, threadId: t.threadId }));
    expect(client.body.forwardedProps).toEqual({});
    expect(client.body.state).toEqual({});
    const ours = ourBody(t);
    expect('forwardedProps' in ours || 'state' in ours).toBe(false);
    const { forwardedProps: _f, state: _s, ...rest } = client.body;
    expect(ours).toEqual(rest);
  });

  it.each([
    {
      title: 'content for a message that was never opened',
      bad: { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'ghost', delta: 'boo' },
      warning: 'TEXT_MESSAGE_CONTENT skipped: "ghost" is not an open message',
    },
    {
      title: 'a second RUN_STARTED while the run is active',
      bad: RS,
      warning: 'RUN_STARTED skipped: the run is still active',
    },
    {
      title: 'a step finished that never started',
      bad: { type: EventType.STEP_FINISHED, stepName: 'nope' },
      warning: 'STEP_FINISHED skipped: the step "nope" is not running',
    },
  ])('a sequence violation ($title): HttpAgent fails the run, this client skips the event with a warning', async ({ bad, warning }) => {
    const t = turn();
    const good = [RS, ...text('a1', 'kept'), RF];
    const bytes = sse([...good.slice(0, 2), bad, ...good.slice(2)]);
    const client = await viaClient(bytes, t);
    expect(client.failed).toBeTruthy();
    const run = viaUs(bytes, t);
    expect(run.warnings).toEqual([warning]);
    expect(run.status).toBe('finished');
    expect(run.messages).toEqual(viaUs(sse(good), t).messages);
  });

  it('an event after RUN_FINISHED: HttpAgent fails the run and drops its answer, this client keeps the finished answer and warns', async () => {
    const t = turn();
    const good = [RS, ...text('a1', 'done'), RF];
    const bytes = sse([...good, { type: EventType.CUSTOM, name: 'late', value: 1 }]);
    const client = await viaClient(bytes, t);
    expect(client.failed).toMatch(/already finished/);
    expect(client.messages).toEqual(t.messages);
    const run = viaUs(bytes, t);
    expect([run.status, run.warnings]).toEqual(['finished', ['CUSTOM skipped: the run has already finished']]);
    expect(run.messages).toEqual((await viaClient(sse(good), t)).messages);
  });

  it('a malformed event: HttpAgent fails the run, this client skips it with a warning naming the field', async () => {
    const t = turn();
    const bytes = sse([RS, ...text('a1', 'fine'), { type: EventType.TEXT_MESSAGE_START, messageId: 7 }, RF]);
    const client = await viaClient(bytes, t);
    expect(client.failed).toBeTruthy();
    const run = viaUs(bytes, t);
    expect(run.warnings).toEqual(['TEXT_MESSAGE_START: "messageId" must be a string']);
    expect(run.status).toBe('finished');
  });

  it('a content part of a type 1.0 does not know: HttpAgent drops the part and keeps the result, this client skips the result with a warning (as the zod schema rejects it)', async () => {
    const t = turn();
    const call = [RS, { type: EventType.TOOL_CALL_START, toolCallId: 'c1', toolCallName: 'f' }, { type: EventType.TOOL_CALL_END, toolCallId: 'c1' }];
    const bytes = sse([...call, { type: EventType.TOOL_CALL_RESULT, messageId: 't1', toolCallId: 'c1', content: [{ type: 'text', text: 'ok' }, { type: 'hologram', data: 1 }] }, RF]);
    const client = await viaClient(bytes, t);
    expect(client.failed).toBeUndefined();
    expect(client.messages.at(-1)).toMatchObject({ id: 't1', content: [{ type: 'text', text: 'ok' }] });
    const run = viaUs(bytes, t);
    expect(run.messages.map((m) => m.id)).toEqual(['u1', 'c1']);
    expect(run.warnings).toEqual(['TOOL_CALL_RESULT: "content/1/type" must be one of text, image, audio, video, document']);
  });

  it('an activity snapshot naming a text message: HttpAgent turns the message into an activity, this client keeps the text and warns', async () => {
    const t = turn();
    const bytes = sse([RS, ...text('a1', 'words'), { type: EventType.ACTIVITY_SNAPSHOT, messageId: 'a1', activityType: 'x', content: {} }, RF]);
    const client = await viaClient(bytes, t);
    expect(client.messages.at(-1)).toMatchObject({ id: 'a1', role: 'activity' });
    const run = viaUs(bytes, t);
    expect(run.messages.at(-1)).toEqual({ id: 'a1', role: 'assistant', content: 'words' });
    expect(run.warnings).toEqual(['ACTIVITY_SNAPSHOT skipped: "a1" is a message of role assistant']);
  });

  it('a second result under a message id the thread holds: HttpAgent adds a second message with that id, this client skips it', async () => {
    const t = turn();
    const r1 = { type: EventType.TOOL_CALL_RESULT, messageId: 't1', toolCallId: 'c1', content: 'one' };
    const bytes = sse([RS, { type: EventType.TOOL_CALL_START, toolCallId: 'c1', toolCallName: 'f' }, { type: EventType.TOOL_CALL_END, toolCallId: 'c1' }, r1, { ...r1, content: 'two' }, RF]);
    const client = await viaClient(bytes, t);
    expect(client.messages.filter((m) => m.id === 't1')).toHaveLength(2);
    const run = viaUs(bytes, t);
    expect(run.messages.filter((m) => m.id === 't1')).toEqual([{ id: 't1', role: 'tool', toolCallId: 'c1', content: 'one' }]);
    expect(run.warnings).toEqual(['TOOL_CALL_RESULT skipped: the thread already has a message "t1"']);
  });

  it('an unknown event type: both ignore it (HttpAgent with a console warning, this client silently)', async () => {
    const t = turn();
    const bytes = sse([RS, { type: 'FUTURE_EVENT', x: 1 }, ...text('a1', 'ok'), RF]);
    const client = await viaClient(bytes, t);
    expect(client.failed).toBeUndefined();
    const run = viaUs(bytes, t);
    expect(run.messages).toEqual(client.messages);
    expect(run.warnings).toEqual([]);
  });

  it('a stream cut before RUN_FINISHED: HttpAgent resolves as if complete, this client marks the run interrupted', async () => {
    const t = turn();
    const bytes = sse([RS, ...text('a1', 'half')]).slice(0, -1);
    const client = await viaClient(bytes, t);
    expect(client.failed).toBeUndefined();
    const run = viaUs(bytes, t);
    expect(run.messages).toEqual(client.messages);
    expect(run.status).toBe('interrupted');
    expect(run.warnings).toEqual(['the stream ended without RUN_FINISHED or RUN_ERROR']);
  });
});
