// POST /agui/:entry against a real server (port 0, SQLite in memory), through @ag-ui/client's
// HttpAgent, the conforming client: what it ends up with (messages, state, interrupts), and that
// its verification of the event order passes. Raw requests check the wire itself and the refusals.
import { EventSchema } from '@ag-ui/core/schemas';
import { EventType, type BaseEvent, type Interrupt, type Message } from '@ag-ui/client';
import { AGUI_MEDIA_TYPE } from '@ag-ui/encoder';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import type { AguiAgent } from '../agents/agui-agent';
import { createAguiDemoAgent } from '../agents/agui-demo';
import * as agui from '../demo/agui-replies';
import { INTERNAL_ERROR_SENTENCE, SHUTDOWN_SENTENCE, aguiEncoder } from './routes/agui';
import { chunkText } from '../agents/demo-agent';
import { demoFileUrl } from '../demo/demo-files';
import * as replies from '../demo/demo-replies';
import { CALCULATOR_ANSWER, CALCULATOR_VIEW, CONVERTER_VIEW, viewSendAnswer } from '../demo/demo-sandbox';
import { newAguiId } from '../storage/ids';
import { AGUI_INTERRUPT_TTL_MS, DEMO_SLOW_DELTA_MS, MAX_AGUI_BODY_BYTES } from '../settings/limits';
import { WriteFaults, storeWithFaults } from '../storage/store-faults';
import { STORAGE_UNAVAILABLE_SENTENCE } from '../storage/storage-fault';
import { signTicket } from '../hub/tickets';
import {
  TEST_ENTRIES,
  aguiClient,
  postAgui,
  recordEscapedErrors,
  runAgui,
  runInput,
  say,
  sseFrames,
  startTestServer,
  waitFor,
  type AguiRunResult,
} from '../test-support';

// What would kill `node main.js` (an uncaught exception, an unhandled rejection): none, ever.
const escaped = recordEscapedErrors();

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Assistant = Extract<Message, { role: 'assistant' }>;
type ToolMessage = Extract<Message, { role: 'tool' }>;
const assistants = (messages: Message[]): Assistant[] => messages.filter((m): m is Assistant => m.role === 'assistant');
const lastText = (messages: Message[]): string | undefined => assistants(messages).filter((m) => m.content).at(-1)?.content;
const toolMessages = (messages: Message[]): ToolMessage[] => messages.filter((m): m is ToolMessage => m.role === 'tool');
const toolCalls = (messages: Message[]) => assistants(messages).flatMap((m) => m.toolCalls ?? []);
const ofType = <T = BaseEvent & Record<string, any>>(run: AguiRunResult, type: string): T[] => run.events.filter((e) => e.type === type) as T[];
const TERMINAL = ['RUN_FINISHED', 'RUN_ERROR'];

/** What every run must be: no client-side failure (its verification passed), RUN_STARTED first, one terminal event last. */
function expectFramed(run: AguiRunResult, terminal: 'RUN_FINISHED' | 'RUN_ERROR' = 'RUN_FINISHED'): void {
  expect(run.error).toBeUndefined();
  expect(run.types[0]).toBe('RUN_STARTED');
  expect(run.types.at(-1)).toBe(terminal);
  expect(run.types.filter((t) => TERMINAL.includes(t))).toHaveLength(1);
}

const finishedEvent = (run: AguiRunResult) => run.events.at(-1) as BaseEvent & { outcome?: any };
const runError = (run: AguiRunResult) => run.events.at(-1) as BaseEvent & { message: string; code: string };

interface ScenarioRow {
  title: string;
  text: string;
  renderers?: string[];
  terminal?: 'RUN_FINISHED' | 'RUN_ERROR';
  check: (run: AguiRunResult, messages: Message[]) => void;
}

const SCENARIOS: ScenarioRow[] = [
  {
    title: 'hello: one text message, START then a CONTENT per piece then END',
    text: 'hello',
    check: (run, messages) => {
      expect(run.types).toEqual(['RUN_STARTED', 'TEXT_MESSAGE_START', ...chunkText(replies.HELLO_ANSWER).map(() => 'TEXT_MESSAGE_CONTENT'), 'TEXT_MESSAGE_END', 'RUN_FINISHED']);
      expect(lastText(messages)).toBe(replies.HELLO_ANSWER);
      expect(finishedEvent(run).outcome).toEqual({ type: 'success' });
    },
  },
  { title: 'long: the long markdown answer', text: 'give me the long version', check: (_, m) => expect(lastText(m)).toBe(replies.LONG_ANSWER) },
  { title: 'no keyword: the long answer too', text: 'How do I set this up?', check: (_, m) => expect(lastText(m)).toBe(replies.LONG_ANSWER) },
  { title: 'chart: fenced chart blocks as text', text: 'show me a chart', check: (_, m) => expect(lastText(m)).toBe(replies.CHART_ANSWER) },
  { title: 'diagram', text: 'draw a diagram', check: (_, m) => expect(lastText(m)).toBe(replies.DIAGRAM_ANSWER) },
  { title: 'vega', text: 'a vega chart please', check: (_, m) => expect(lastText(m)).toBe(replies.VEGA_ANSWER) },
  {
    title: 'docs: the answer, then its sources as a CUSTOM event naming the message',
    text: 'what do the docs say?',
    check: (run, messages) => {
      expect(lastText(messages)).toBe(replies.DOCS_ANSWER);
      const [custom] = ofType(run, 'CUSTOM');
      expect(custom).toMatchObject({ name: agui.REFERENCES_EVENT, value: { messageId: assistants(messages).at(-1)!.id, references: replies.DOCS_REFERENCES } });
      expect(run.types.indexOf('CUSTOM')).toBeGreaterThan(run.types.indexOf('TEXT_MESSAGE_END'));
    },
  },
  { title: 'form, no bailing-form renderer: the fenced form as text', text: 'I want a refund', check: (_, m) => expect(lastText(m)).toBe(replies.FORM_ANSWER) },
  { title: 'calculator, no sandbox renderer: the fenced view as text', text: 'a calculator please', check: (_, m) => expect(lastText(m)).toBe(CALCULATOR_ANSWER) },
  { title: 'chunks: TEXT_MESSAGE_CHUNK events become one message', text: 'send it in chunks', check: (_, m) => expect(lastText(m)).toBe(agui.CHUNKS_ANSWER) },
  {
    title: 'weather: a tool call in pieces, its result, then the answer that uses it',
    text: 'what is the weather?',
    check: (run, messages) => {
      const [call] = toolCalls(messages);
      expect(call!.function.name).toBe('get_weather');
      expect(JSON.parse(call!.function.arguments)).toEqual(agui.WEATHER_ARGS);
      expect(ofType(run, 'TOOL_CALL_ARGS').length).toBeGreaterThan(2);
      expect(assistants(messages)[0]!.content).toBe(replies.TOOL_PREAMBLE);
      const [result] = toolMessages(messages);
      expect(result!.toolCallId).toBe(call!.id);
      expect(JSON.parse(result!.content as string)).toEqual(agui.WEATHER_RESULT);
      expect(lastText(messages)).toBe(replies.WEATHER_ANSWER);
      const order = ['TOOL_CALL_START', 'TOOL_CALL_END', 'TOOL_CALL_RESULT'].map((t) => run.types.indexOf(t));
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(run.types.lastIndexOf('TEXT_MESSAGE_START')).toBeGreaterThan(run.types.indexOf('TOOL_CALL_RESULT'));
    },
  },
  {
    title: 'search: the search tool and its answer',
    text: 'search the help center',
    check: (_, messages) => {
      expect(toolCalls(messages)[0]!.function.name).toBe('search_help_center');
      expect(lastText(messages)).toBe(replies.SEARCH_ANSWER);
    },
  },
  {
    title: 'compare: two tool calls of one message, overlapping',
    text: 'compare Berlin and Lisbon',
    check: (run, messages) => {
      const calls = toolCalls(messages);
      expect(calls.map((c) => JSON.parse(c.function.arguments).city)).toEqual(['Berlin', 'Lisbon']);
      expect(assistants(messages)[0]!.toolCalls).toHaveLength(2);
      const ids = calls.map((c) => c.id);
      const at = (type: string, id: string) => run.events.findIndex((e) => e.type === type && (e as any).toolCallId === id);
      // The second starts before the first ends, and their arguments interleave.
      expect(at('TOOL_CALL_START', ids[1]!)).toBeLessThan(at('TOOL_CALL_END', ids[0]!));
      const argOwners = ofType(run, 'TOOL_CALL_ARGS').map((e: any) => ids.indexOf(e.toolCallId));
      expect(argOwners.slice(0, 3)).toEqual([0, 1, 0]);
      expect(toolMessages(messages).map((t) => t.toolCallId).sort()).toEqual([...ids].sort());
      expect(lastText(messages)).toBe(agui.COMPARE_ANSWER);
    },
  },
  {
    title: 'think: a reasoning span before the answer',
    text: 'think it through',
    check: (run, messages) => {
      expect(messages.find((m) => m.role === 'reasoning')).toMatchObject({ role: 'reasoning', content: agui.REASONING_TEXT });
      const order = ['REASONING_START', 'REASONING_MESSAGE_START', 'REASONING_MESSAGE_CONTENT', 'REASONING_MESSAGE_END', 'REASONING_END', 'TEXT_MESSAGE_START'].map((t) =>
        run.types.indexOf(t),
      );
      expect(order.every((index) => index > 0)).toBe(true);
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(lastText(messages)).toBe(agui.REASONING_ANSWER);
    },
  },
  {
    title: 'steps: a progress activity changed by deltas, and named steps',
    text: 'show the deploy steps',
    check: (run, messages) => {
      expect(messages.find((m) => m.role === 'activity')).toMatchObject({
        activityType: agui.PROGRESS_ACTIVITY,
        content: { title: agui.PROGRESS_TITLE, steps: agui.PROGRESS_STEPS.map((label) => ({ label, status: 'done' })), done: 3, total: 3 },
      });
      expect(ofType(run, 'ACTIVITY_DELTA')).toHaveLength(6);
      expect(ofType(run, 'STEP_STARTED').map((e: any) => e.stepName)).toEqual([...agui.PROGRESS_STEPS]);
      expect(ofType(run, 'STEP_FINISHED').map((e: any) => e.stepName)).toEqual([...agui.PROGRESS_STEPS]);
      expect(lastText(messages)).toBe(agui.PROGRESS_ANSWER);
    },
  },
  {
    title: 'form, bailing-form advertised: generated UI, the form as the streamed arguments, left pending',
    text: 'I want a refund',
    renderers: ['bailing-form'],
    check: (run, messages) => {
      const [call] = toolCalls(messages);
      expect(call!.function.name).toBe('bailing-form');
      expect(JSON.parse(call!.function.arguments)).toEqual(replies.REFUND_FORM);
      expect(ofType(run, 'TOOL_CALL_ARGS').length).toBeGreaterThan(5);
      expect(ofType(run, 'TOOL_CALL_RESULT')).toEqual([]);
      expect(finishedEvent(run).outcome).toEqual({ type: 'success', pendingToolCallIds: [call!.id] });
    },
  },
  {
    title: 'calculator, sandbox advertised: a ui__sandbox call with the view as its arguments',
    text: 'a calculator please',
    renderers: ['bailing-form', 'sandbox'],
    check: (_, messages) => {
      const [call] = toolCalls(messages);
      expect(call!.function.name).toBe(agui.SANDBOX_TOOL);
      expect(JSON.parse(call!.function.arguments)).toEqual(CALCULATOR_VIEW);
    },
  },
  {
    title: 'unit converter, sandbox advertised',
    text: 'open the unit converter',
    renderers: ['sandbox'],
    check: (_, messages) => expect(JSON.parse(toolCalls(messages)[0]!.function.arguments)).toEqual(CONVERTER_VIEW),
  },
  {
    title: 'a view’s send (a JSON object with text): the view’s answer',
    text: JSON.stringify({ text: 'Please explain: 2+3×4 = 14', view: 'calculator', expression: '2+3×4', result: 14 }),
    check: (_, m) => expect(lastText(m)).toBe(viewSendAnswer({ text: 'Please explain: 2+3×4 = 14', view: 'calculator', expression: '2+3×4', result: 14 })),
  },
  {
    title: 'a message with an attached file: the answer names it',
    text: 'What is in [文件：report.pdf](https://example.com/report.pdf) please',
    check: (_, m) => expect(lastText(m)).toBe(replies.receivedAnswer([{ type: 'file', name: 'report.pdf' }], 'What is in  please')),
  },
  {
    title: 'fail: text, then RUN_ERROR with a message and a code',
    text: 'make it fail',
    terminal: 'RUN_ERROR',
    check: (run, messages) => {
      expect(runError(run)).toMatchObject({ message: replies.FAIL_REPLY, code: 'demo_failure' });
      expect(run.types).not.toContain('RUN_FINISHED');
      expect(lastText(messages)).toBe(replies.FAIL_PARTIAL);
    },
  },
];

describe('POST /agui/:entry through HttpAgent: every scenario', () => {
  it.each(SCENARIOS)('$title', async ({ text, renderers, terminal, check }) => {
    const agent = aguiClient(server.url);
    say(agent, text);
    const run = await runAgui(agent, renderers ? { forwardedProps: { client_capabilities: { renderers } } } : {});
    expectFramed(run, terminal);
    check(run, agent.messages);
    expect(escaped).toEqual([]);
  });

  it('files: a link to the demo’s document, on the server’s own origin', async () => {
    const agent = aguiClient(server.url);
    say(agent, 'send me the setup files');
    const run = await runAgui(agent);
    expectFramed(run);
    expect(lastText(agent.messages)).toBe(replies.filesAnswer(demoFileUrl(server.url, 'acme-setup.pdf')));
  });

  it('recap: the earlier messages of the conversation, which the client sends with each run', async () => {
    const agent = aguiClient(server.url);
    say(agent, 'my order is A-1042');
    expectFramed(await runAgui(agent));
    say(agent, 'recap please');
    expectFramed(await runAgui(agent));
    expect(lastText(agent.messages)).toBe(replies.recapAnswer(['my order is A-1042']));
  });

  it('todo: STATE_SNAPSHOT then RFC 6902 deltas; the next run starts from the state the client sends back', async () => {
    const agent = aguiClient(server.url);
    agent.setState({ theme: 'dark' });
    say(agent, 'show my todo list');
    const first = await runAgui(agent);
    expectFramed(first);
    expect(first.types.slice(1, 4)).toEqual(['STATE_SNAPSHOT', 'STATE_DELTA', 'STATE_DELTA']);
    expect(ofType(first, 'STATE_DELTA').flatMap((e: any) => e.delta.map((op: any) => op.op))).toEqual(['add', 'test', 'replace']);
    expect(agent.state).toEqual({
      theme: 'dark',
      todos: [
        { id: 't1', title: 'Add the widget script to the site', done: true },
        { id: 't2', title: 'Choose the accent colour', done: true },
        { id: 't3', title: 'Allow the site’s origin', done: false },
        { id: 't4', title: 'Test the chat on a phone', done: false },
      ],
    });
    say(agent, 'and the tasks again');
    expectFramed(await runAgui(agent));
    expect(agent.state.todos.map((t: any) => [t.id, t.done])).toEqual([
      ['t1', true],
      ['t2', true],
      ['t3', true],
      ['t4', false],
      ['t5', false],
    ]);
    expect(agent.state.theme).toBe('dark');
  });
});

describe('the wire: SSE frames of @ag-ui/encoder', () => {
  const KEYWORDS = ['hello', 'chunks', 'weather', 'compare', 'todo', 'think', 'steps', 'docs', 'restart', 'invoice', 'what page am I on', 'fail', 'refund'];

  it.each(KEYWORDS)('"%s": only `data: {json}\\n\\n` frames of valid 1.0 events, RUN_STARTED first, one terminal event last', async (text) => {
    const input = runInput(text, {
      tools: [{ name: 'get_page_info', description: 'The page', parameters: { type: 'object', properties: {} } }],
      forwardedProps: { client_capabilities: { renderers: ['bailing-form'] } },
    });
    const res = await postAgui(server.url, input);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('cache-control')).toBe('no-cache, no-transform');
    const events = sseFrames(res.text);
    for (const event of events) {
      expect(EventSchema.safeParse(event).success, JSON.stringify(event).slice(0, 200)).toBe(true);
      // 1.0: an optional field is left out, never null.
      expect(Object.values(event)).not.toContain(null);
    }
    expect(events[0]).toMatchObject({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId, protocolVersion: '1.0' });
    expect(TERMINAL).toContain(events.at(-1)!.type);
    expect(events.filter((e) => TERMINAL.includes(e.type))).toHaveLength(1);
    if (events.at(-1)!.type === 'RUN_FINISHED') expect(events.at(-1)).toMatchObject({ threadId: input.threadId, runId: input.runId });
  });

  it('chunks: TEXT_MESSAGE_CHUNK on the wire, the first naming the message and its role', async () => {
    const events = sseFrames((await postAgui(server.url, runInput('chunks'))).text) as (BaseEvent & Record<string, any>)[];
    const chunks = events.filter((e) => e.type === 'TEXT_MESSAGE_CHUNK');
    expect(events.map((e) => e.type)).toEqual(['RUN_STARTED', ...chunks.map(() => 'TEXT_MESSAGE_CHUNK'), 'RUN_FINISHED']);
    expect(chunks[0]).toMatchObject({ role: 'assistant', messageId: expect.any(String) });
    expect(chunks.slice(1).every((c) => c.messageId === chunks[0]!.messageId && c.role === undefined)).toBe(true);
    expect(chunks.map((c) => c.delta).join('')).toBe(agui.CHUNKS_ANSWER);
  });

  it('honours Accept as EventEncoder does: a client asking for protobuf gets it, and reads the same answer', async () => {
    let contentType: string | null = null;
    const agent = aguiClient(server.url);
    // HttpAgent always asks for SSE; its reader handles protobuf too, so the request is changed under it.
    agent.fetch = async (url, init) => {
      const res = await fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), Accept: AGUI_MEDIA_TYPE } });
      contentType = res.headers.get('content-type');
      return res;
    };
    say(agent, 'hello');
    const run = await runAgui(agent);
    expect(contentType).toBe(AGUI_MEDIA_TYPE);
    expectFramed(run);
    expect(lastText(agent.messages)).toBe(replies.HELLO_ANSWER);
  });

  it.each([
    [undefined, 'text/event-stream'],
    ['*/*', 'text/event-stream'],
    ['text/event-stream', 'text/event-stream'],
    [AGUI_MEDIA_TYPE, AGUI_MEDIA_TYPE],
    [`${AGUI_MEDIA_TYPE}, text/event-stream;q=0.5`, AGUI_MEDIA_TYPE],
    [`${AGUI_MEDIA_TYPE};q=0, text/event-stream`, 'text/event-stream'],
  ])('Accept %s is answered as %s (protobuf only when named)', (accept, type) => {
    expect(aguiEncoder(accept).getContentType()).toBe(type);
  });

  it('a request without Accept (curl’s default */*) gets SSE', async () => {
    const res = await fetch(`${server.url}/agui/demo_assistant`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(runInput('hello')) });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(sseFrames(await res.text()).at(-1)!.type).toBe('RUN_FINISHED');
  });

  it('a quiet stream gets SSE comments now and then, which the client skips', async () => {
    const pinging = await startTestServer({ deltaDelayMs: 10, pingIntervalMs: 5 });
    try {
      const raw = await postAgui(pinging.url, runInput('hello'));
      expect(raw.text).toContain('\n\n: ping\n\n');
      expect(sseFrames(raw.text).at(-1)!.type).toBe('RUN_FINISHED');
      const agent = aguiClient(pinging.url);
      say(agent, 'hello');
      expectFramed(await runAgui(agent));
      expect(lastText(agent.messages)).toBe(replies.HELLO_ANSWER);
    } finally {
      await pinging.close();
    }
  });

  it('the client’s verification is a real oracle: it refuses a stream in the wrong order', async () => {
    const bad: Server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.write(`data: ${JSON.stringify({ type: 'RUN_STARTED', threadId: 't', runId: 'r' })}\n\n`);
        res.end(`data: ${JSON.stringify({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'orphan' })}\n\n`);
      });
    });
    await new Promise<void>((resolve) => bad.listen(0, '127.0.0.1', resolve));
    try {
      const agent = aguiClient(`http://127.0.0.1:${(bad.address() as AddressInfo).port}`);
      say(agent, 'hello');
      const run = await runAgui(agent);
      expect(run.error?.message).toMatch(/No active text message/);
    } finally {
      await new Promise<void>((resolve) => bad.close(() => resolve()));
    }
  });
});

describe('host tools: called for the page to run, answered from the tool message the next run carries', () => {
  const PAGE_TOOL = { name: 'get_page_info', description: 'The page the visitor is on', parameters: { type: 'object', properties: {} } };
  const OTHER_TOOL = { name: 'get_cart', description: 'The visitor’s cart', parameters: { type: 'object', properties: {} } };

  it('calls get_page_info (no result, the run finishes with it pending), then answers with what the page returned', async () => {
    const agent = aguiClient(server.url);
    say(agent, 'What page am I on?');
    const first = await runAgui(agent, { tools: [OTHER_TOOL, PAGE_TOOL] });
    expectFramed(first);
    const [call] = toolCalls(agent.messages);
    expect(call).toMatchObject({ function: { name: 'get_page_info', arguments: '{}' } });
    expect(first.types).toEqual(expect.arrayContaining(['TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END']));
    expect(first.types).not.toContain('TOOL_CALL_RESULT');
    expect(finishedEvent(first).outcome).toEqual({ type: 'success', pendingToolCallIds: [call!.id] });

    const content = JSON.stringify({ title: 'Scheduling nightly backups', url: 'https://docs.example.com/backups', headings: ['Before you start'] });
    agent.addMessage({ id: randomUUID(), role: 'tool', toolCallId: call!.id, content });
    const second = await runAgui(agent, { tools: [OTHER_TOOL, PAGE_TOOL] });
    expectFramed(second);
    expect(lastText(agent.messages)).toBe(agui.hostToolAnswer('get_page_info', content, undefined));
    expect(lastText(agent.messages)).toMatch(/^You are on \*\*Scheduling nightly backups\*\*/);
  });

  it('calls the first tool the run lists when get_page_info is not among them', async () => {
    const agent = aguiClient(server.url);
    say(agent, 'use a host tool');
    expectFramed(await runAgui(agent, { tools: [OTHER_TOOL] }));
    expect(toolCalls(agent.messages).map((c) => c.function.name)).toEqual(['get_cart']);
  });

  it('says so when the page lists no tools', async () => {
    const agent = aguiClient(server.url);
    say(agent, 'What page am I on?');
    expectFramed(await runAgui(agent));
    expect(lastText(agent.messages)).toBe(agui.NO_HOST_TOOLS_ANSWER);
    expect(toolCalls(agent.messages)).toEqual([]);
  });

  it('reports a tool that failed (the tool message’s error)', async () => {
    const agent = aguiClient(server.url);
    say(agent, 'What page am I on?');
    await runAgui(agent, { tools: [PAGE_TOOL] });
    const [call] = toolCalls(agent.messages);
    agent.addMessage({ id: randomUUID(), role: 'tool', toolCallId: call!.id, content: '', error: 'document is not ready' });
    expectFramed(await runAgui(agent, { tools: [PAGE_TOOL] }));
    expect(lastText(agent.messages)).toBe(agui.hostToolAnswer('get_page_info', '', 'document is not ready'));
  });
});

describe('a generated form answered through its tool call', () => {
  async function formCall() {
    const agent = aguiClient(server.url);
    say(agent, 'I want a refund');
    await runAgui(agent, { forwardedProps: { client_capabilities: { renderers: ['bailing-form'] } } });
    return { agent, call: toolCalls(agent.messages)[0]! };
  }
  const answerWith = async (response: unknown) => {
    const { agent, call } = await formCall();
    agent.addMessage({ id: randomUUID(), role: 'tool', toolCallId: call.id, content: JSON.stringify(response) });
    const run = await runAgui(agent);
    expectFramed(run);
    return lastText(agent.messages);
  };
  const values = { order: 'A-1042', reason: 'It arrived broken', method: 'original', terms: true };

  it('submitted: the answer quotes the values', async () => {
    expect(await answerWith({ action: 'submit', values })).toBe(replies.refundAnswer(values));
  });
  it('cancelled', async () => {
    expect(await answerWith({ action: 'cancel' })).toBe(replies.FORM_CANCELLED_ANSWER);
  });
  it('values that break the form: the answer says what is wrong', async () => {
    expect(await answerWith({ action: 'submit', values: { ...values, terms: false } })).toMatch(/^I could not read that form answer: .+/);
  });
});

describe('interrupts: approve, edit, reject, and the rules of resuming', () => {
  async function interrupted(text: string, client = aguiClient(server.url)) {
    say(client, text);
    const run = await runAgui(client);
    expectFramed(run);
    expect(finishedEvent(run).outcome.type).toBe('interrupt');
    return { agent: client, run, interrupts: client.pendingInterrupts as Interrupt[] };
  }
  const resolved = (id: string, payload: unknown) => ({ interruptId: id, status: 'resolved' as const, payload });

  it('restart: a plain approval bound to its tool call, with the state the resume needs; approved, the tool runs', async () => {
    const { agent, run, interrupts } = await interrupted('Please restart the server');
    const [call] = toolCalls(agent.messages);
    expect(call!.function.name).toBe(agui.RESTART_TOOL);
    expect(JSON.parse(call!.function.arguments)).toEqual(agui.RESTART_ARGS);
    expect(interrupts).toEqual([{ id: expect.stringMatching(/^int_/), reason: 'tool_call', message: agui.RESTART_MESSAGE, toolCallId: call!.id, expiresAt: expect.any(String) }]);
    expect(Math.abs(Date.parse(interrupts[0]!.expiresAt!) - Date.now() - AGUI_INTERRUPT_TTL_MS)).toBeLessThan(60_000);
    expect(run.types.at(-2)).toBe('STATE_SNAPSHOT');
    expect(agent.state).toEqual({ pendingApprovals: [{ interruptId: interrupts[0]!.id, tool: agui.RESTART_TOOL, args: agui.RESTART_ARGS }] });

    const resume = await runAgui(agent, { resume: [resolved(interrupts[0]!.id, { approved: true })] });
    expectFramed(resume);
    expect(finishedEvent(resume).outcome).toEqual({ type: 'success' });
    // The call is not made again: its result answers the original call.
    expect(resume.types).not.toContain('TOOL_CALL_START');
    expect(toolMessages(agent.messages)).toMatchObject([{ toolCallId: call!.id }]);
    expect(JSON.parse(toolMessages(agent.messages)[0]!.content as string)).toEqual({ status: 'done', server: 'web-1' });
    expect(lastText(agent.messages)).toBe(agui.restartDone('web-1'));
    expect(agent.state).toEqual({});
    expect(agent.pendingInterrupts).toEqual([]);
  });

  it.each([
    { title: 'rejected ({approved: false})', entry: (id: string) => resolved(id, { approved: false }), reason: 'declined', text: agui.restartNotDone('web-1') },
    { title: 'cancelled', entry: (id: string) => ({ interruptId: id, status: 'cancelled' as const }), reason: 'cancelled', text: agui.restartNotDone('web-1') },
  ])('restart $title: the tool does not run, and the answer says so', async ({ entry, reason, text }) => {
    const { agent, interrupts } = await interrupted('restart web-1');
    const resume = await runAgui(agent, { resume: [entry(interrupts[0]!.id)] });
    expectFramed(resume);
    expect(JSON.parse(toolMessages(agent.messages)[0]!.content as string)).toEqual({ status: 'not_run', reason });
    expect(lastText(agent.messages)).toBe(text);
  });

  it('restart approved with a bare true', async () => {
    const { agent, interrupts } = await interrupted('restart web-1');
    expectFramed(await runAgui(agent, { resume: [resolved(interrupts[0]!.id, true)] }));
    expect(lastText(agent.messages)).toBe(agui.restartDone('web-1'));
  });

  it('invoice: the interrupt carries its edit form; approved with edits, the edited arguments are used', async () => {
    const { agent, interrupts } = await interrupted('send the invoice');
    const [call] = toolCalls(agent.messages);
    expect(call!.function.name).toBe(agui.INVOICE_TOOL);
    expect(interrupts[0]).toMatchObject({ reason: 'tool_call', toolCallId: call!.id, responseSchema: agui.INVOICE_RESPONSE_SCHEMA });
    const edited: agui.InvoiceArgs = { to: 'ap@example.org', amount: 99.5, currency: 'USD', note: 'Retainer' };
    expectFramed(await runAgui(agent, { resume: [resolved(interrupts[0]!.id, { approved: true, editedArgs: edited })] }));
    expect(JSON.parse(toolMessages(agent.messages)[0]!.content as string)).toEqual({ status: 'done', ...edited });
    expect(lastText(agent.messages)).toBe(agui.invoiceSent(edited, true));
  });

  it('invoice approved as proposed', async () => {
    const { agent, interrupts } = await interrupted('send the invoice');
    expectFramed(await runAgui(agent, { resume: [resolved(interrupts[0]!.id, { approved: true })] }));
    expect(lastText(agent.messages)).toBe(agui.invoiceSent(agui.INVOICE_ARGS, false));
  });

  it('an answer that does not fit the form is a RUN_ERROR naming the field, and can be corrected', async () => {
    const { agent, interrupts } = await interrupted('send the invoice');
    const wrong = await runAgui(agent, { resume: [resolved(interrupts[0]!.id, { approved: true, editedArgs: { ...agui.INVOICE_ARGS, amount: -5 } })] });
    expectFramed(wrong, 'RUN_ERROR');
    expect(runError(wrong)).toMatchObject({ code: 'invalid_resume_payload', message: expect.stringContaining('"payload.editedArgs.amount"') });
    expect(toolMessages(agent.messages)).toEqual([]);
    // Nothing was recorded: the corrected answer is taken.
    expectFramed(await runAgui(agent, { resume: [resolved(interrupts[0]!.id, { approved: false })] }));
    expect(lastText(agent.messages)).toBe('I did not send the invoice.');
  });

  it('maintenance: two interrupts at once; a resume that answers one is a RUN_ERROR naming the other; answering both goes on', async () => {
    const { agent, interrupts } = await interrupted('time for maintenance');
    expect(interrupts.map((i) => i.toolCallId)).toEqual(toolCalls(agent.messages).map((c) => c.id));
    expect(interrupts.map((i) => 'responseSchema' in i)).toEqual([false, true]);
    // A second client on the same thread, which does not know the interrupts (HttpAgent itself refuses an incomplete resume).
    const other = aguiClient(server.url, { threadId: agent.threadId });
    other.setMessages(agent.messages);
    const partial = await runAgui(other, { resume: [resolved(interrupts[0]!.id, { approved: true })] });
    expectFramed(partial, 'RUN_ERROR');
    expect(runError(partial)).toMatchObject({ code: 'resume_incomplete', message: expect.stringContaining(`"${interrupts[1]!.id}"`) });

    const both = await runAgui(agent, { resume: [resolved(interrupts[0]!.id, { approved: true }), resolved(interrupts[1]!.id, { approved: false })] });
    expectFramed(both);
    expect(ofType(both, 'TOOL_CALL_RESULT')).toHaveLength(2);
    expect(lastText(agent.messages)).toBe(`${agui.restartDone('web-1')}\n\nI did not send the invoice.`);
  });

  it('a thread with an open interrupt refuses a run without a resume', async () => {
    const { agent, interrupts } = await interrupted('restart it');
    const other = aguiClient(server.url, { threadId: agent.threadId });
    say(other, 'hello');
    const run = await runAgui(other);
    expectFramed(run, 'RUN_ERROR');
    expect(runError(run)).toMatchObject({ code: 'interrupts_pending', message: expect.stringContaining(`"${interrupts[0]!.id}"`) });
  });

  it('an interrupt id this thread never raised is refused', async () => {
    const other = aguiClient(server.url);
    say(other, 'hello');
    const run = await runAgui(other, { resume: [resolved('int_never_raised', true)] });
    expectFramed(run, 'RUN_ERROR');
    expect(runError(run).code).toBe('unknown_interrupt');
  });

  it('the same answer sent twice is reported, not acted on again; a different answer is refused', async () => {
    const { agent, interrupts } = await interrupted('restart it');
    const answer = resolved(interrupts[0]!.id, { approved: true });
    expectFramed(await runAgui(agent, { resume: [answer] }));
    const again = aguiClient(server.url, { threadId: agent.threadId });
    again.setMessages(agent.messages);
    const replay = await runAgui(again, { resume: [answer] });
    expectFramed(replay);
    expect(replay.types).not.toContain('TOOL_CALL_RESULT');
    expect(lastText(again.messages)).toBe(agui.alreadyAnswered(interrupts[0]!.id));
    const changed = await runAgui(again, { resume: [resolved(interrupts[0]!.id, { approved: false })] });
    expectFramed(changed, 'RUN_ERROR');
    expect(runError(changed).code).toBe('interrupt_already_answered');
  });

  it('interrupts belong to their visitor: another visitor on the same thread id cannot answer them', async () => {
    const alice = aguiClient(server.url);
    say(alice, 'restart it');
    await runAgui(alice, { forwardedProps: { visitor_id: 'visitor_alice01' } });
    const [interrupt] = alice.pendingInterrupts;
    for (const props of [{ visitor_id: 'visitor_mallory' }, {}]) {
      const other = aguiClient(server.url, { threadId: alice.threadId });
      say(other, 'hi');
      const run = await runAgui(other, { forwardedProps: props, resume: [resolved(interrupt!.id, true)] });
      expect(runError(run).code).toBe('unknown_interrupt');
    }
    expectFramed(await runAgui(alice, { forwardedProps: { visitor_id: 'visitor_alice01' }, resume: [resolved(interrupt!.id, true)] }));
  });

  it('an expired interrupt: answering it is a RUN_ERROR saying so; cancelling it lets the thread go on', async () => {
    const clock = { now: Date.now() };
    const timed = await startTestServer({ now: () => clock.now });
    try {
      const { agent, interrupts } = await interrupted('restart it', aguiClient(timed.url));
      clock.now += AGUI_INTERRUPT_TTL_MS + 1000;
      const late = await runAgui(agent, { resume: [resolved(interrupts[0]!.id, { approved: true })] });
      expectFramed(late, 'RUN_ERROR');
      expect(runError(late)).toMatchObject({ code: 'interrupt_expired', message: expect.stringContaining('expired at') });
      expectFramed(await runAgui(agent, { resume: [{ interruptId: interrupts[0]!.id, status: 'cancelled' }] }));
      expect(lastText(agent.messages)).toBe(agui.restartNotDone('web-1'));
    } finally {
      await timed.close();
    }
  });

  it('a database that cannot store the interrupt: RUN_ERROR with a sentence, and the server serves on', async () => {
    const faults = new WriteFaults();
    const failing = await startTestServer({ store: storeWithFaults(faults) });
    try {
      faults.set(({ table }) => (table === 'agui_interrupts' ? 'SQLITE_FULL' : undefined));
      const agent = aguiClient(failing.url);
      say(agent, 'restart it');
      const run = await runAgui(agent);
      expectFramed(run, 'RUN_ERROR');
      expect(runError(run)).toMatchObject({ code: 'storage_unavailable', message: STORAGE_UNAVAILABLE_SENTENCE });
      expect(agent.pendingInterrupts).toEqual([]);
      faults.clear();
      const next = aguiClient(failing.url);
      say(next, 'hello');
      expectFramed(await runAgui(next));
    } finally {
      await failing.close();
    }
  });
});

describe('refusals before the stream starts: a status and a JSON {error, code}', () => {
  const valid = () => runInput('hello');
  const BAD_BODIES: { title: string; body: unknown; field: string }[] = [
    { title: 'no threadId', body: { runId: 'r-1', messages: [] }, field: '"threadId"' },
    { title: 'no messages', body: { threadId: 't-1', runId: 'r-1' }, field: '"messages"' },
    { title: 'messages not an array', body: { threadId: 't-1', runId: 'r-1', messages: 'hi' }, field: '"messages"' },
    { title: 'a message with an unknown role', body: { threadId: 't-1', runId: 'r-1', messages: [{ id: 'u', role: 'robot', content: 'x' }] }, field: '"messages[0]' },
    { title: 'a message without an id', body: { threadId: 't-1', runId: 'r-1', messages: [{ role: 'user', content: 'x' }] }, field: '"messages[0].id"' },
    { title: 'a resume entry with an unknown status', body: { ...runInput('x'), resume: [{ interruptId: 'i', status: 'done' }] }, field: '"resume[0].status"' },
    { title: 'a tool without a description', body: { ...runInput('x'), tools: [{ name: 'x' }] }, field: '"tools[0].description"' },
    { title: 'forwardedProps null (1.0: omitted, never null)', body: { ...runInput('x'), forwardedProps: null }, field: '"forwardedProps"' },
    { title: 'a threadId with a space', body: { ...runInput('x'), threadId: 'my thread' }, field: '"threadId" must be' },
    { title: 'an empty runId', body: { ...runInput('x'), runId: '' }, field: '"runId" must be' },
    { title: 'a bad visitor id', body: { ...runInput('x'), forwardedProps: { visitor_id: 'x' } }, field: '"forwardedProps.visitor_id"' },
    { title: 'a ticket that is not text', body: { ...runInput('x'), forwardedProps: { ticket: 5 } }, field: '"forwardedProps.ticket"' },
    {
      title: 'renderers that are not a list',
      body: { ...runInput('x'), forwardedProps: { client_capabilities: { renderers: 'bailing-form' } } },
      field: '"forwardedProps.client_capabilities.renderers" must be an array',
    },
  ];

  it.each(BAD_BODIES)('400 for $title, naming the field', async ({ body, field }) => {
    const res = await postAgui(server.url, body);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const answer = JSON.parse(res.text);
    expect(answer.code).toMatch(/^invalid_/);
    expect(answer.error).toContain(field);
  });

  it.each([
    ['not JSON', '{"threadId":', 400, 'invalid_json'],
    ['a JSON array', '[1, 2]', 400, 'invalid_body'],
  ])('400 for a body that is %s', async (_, body, status, code) => {
    const res = await postAgui(server.url, body);
    expect([res.status, JSON.parse(res.text).code]).toEqual([status, code]);
  });

  it('415 for a body that is not JSON by its Content-Type, 413 past the size limit', async () => {
    const text = await postAgui(server.url, JSON.stringify(valid()), { headers: { 'Content-Type': 'text/plain' } });
    expect([text.status, JSON.parse(text.text).code]).toEqual([415, 'unsupported_media_type']);
    const huge = await postAgui(server.url, runInput('x'.repeat(MAX_AGUI_BODY_BYTES)));
    expect([huge.status, JSON.parse(huge.text).code]).toEqual([413, 'payload_too_large']);
  });

  it('405 for GET, 404 for an unknown entry or path, 403 for a disabled entry', async () => {
    const get = await fetch(`${server.url}/agui/demo_assistant`);
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST, OPTIONS']);
    expect((await postAgui(server.url, valid(), { entry: 'no_such_entry' })).status).toBe(404);
    expect((await postAgui(server.url, valid(), { entry: 'demo_assistant/more' })).status).toBe(404);
    const disabled = await postAgui(server.url, valid(), { entry: 'disabled_demo' });
    expect([disabled.status, JSON.parse(disabled.text).code]).toEqual([403, 'entry_disabled']);
  });

  it('origins: the entry’s allowed origin is reflected on the stream; any other is a 403 whose reason alone it may read', async () => {
    const allowed = await postAgui(server.url, valid(), { entry: 'strict_entry', headers: { Origin: 'https://shop.example.com' } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
    expect(allowed.headers.get('vary')).toContain('Origin');
    const evil = await postAgui(server.url, valid(), { entry: 'strict_entry', headers: { Origin: 'https://evil.example' } });
    expect([evil.status, JSON.parse(evil.text).code]).toEqual([403, 'origin_not_allowed']);
    expect(evil.text).not.toContain('RUN_STARTED');
    expect(evil.headers.get('access-control-allow-origin')).toBe('https://evil.example');
  });

  it('preflight: 204 allowing POST with Content-Type and Accept; refused for a foreign origin', async () => {
    const preflight = (origin: string) =>
      fetch(`${server.url}/agui/strict_entry`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type, accept' },
      });
    const ok = await preflight('https://shop.example.com');
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
    expect(ok.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(ok.headers.get('access-control-allow-headers')).toBe('Content-Type, Accept');
    const evil = await preflight('https://evil.example');
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('429 past the per-address rate limit, with Retry-After', async () => {
    const limited = await startTestServer({ rateLimit: { perMinute: 2 } });
    try {
      expect((await postAgui(limited.url, valid())).status).toBe(200);
      expect((await postAgui(limited.url, valid())).status).toBe(200);
      const third = await postAgui(limited.url, valid());
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(JSON.parse(third.text)).toEqual({ error: expect.stringContaining('too quickly'), code: 'rate_limited' });
    } finally {
      await limited.close();
    }
  });

  it('tickets: an entry that requires one refuses a run without it (401) or with a bad one; a valid ticket in forwardedProps runs', async () => {
    const secret = TEST_ENTRIES.entries.ticket_demo.ticket_secret;
    const ticket = (sub: string) => signTicket(secret, { sub, exp: Math.floor(Date.now() / 1000) + 600, entry: 'ticket_demo' });
    const none = await postAgui(server.url, valid(), { entry: 'ticket_demo' });
    expect([none.status, JSON.parse(none.text).code]).toEqual([401, 'ticket_required']);
    const forged = await postAgui(server.url, { ...valid(), forwardedProps: { ticket: `${ticket('alice')}x` } }, { entry: 'ticket_demo' });
    expect([forged.status, JSON.parse(forged.text).code]).toEqual([401, 'ticket_invalid']);

    const alice = aguiClient(server.url, { entry: 'ticket_demo' });
    say(alice, 'restart it');
    expectFramed(await runAgui(alice, { forwardedProps: { ticket: ticket('alice') } }));
    const [interrupt] = alice.pendingInterrupts;
    // Bob, signed in, on Alice's thread id: her interrupt is not his.
    const bob = aguiClient(server.url, { entry: 'ticket_demo', threadId: alice.threadId });
    say(bob, 'hi');
    expect(runError(await runAgui(bob, { forwardedProps: { ticket: ticket('bob') }, resume: [resolved(interrupt!.id, true)] })).code).toBe('unknown_interrupt');
    expectFramed(await runAgui(alice, { forwardedProps: { ticket: ticket('alice') }, resume: [resolved(interrupt!.id, true)] }));
  });

  it('a claimed visitor id of a signed-in visitor is refused without the ticket', async () => {
    const res = await postAgui(server.url, { ...valid(), forwardedProps: { visitor_id: 't_alice_01' } });
    expect([res.status, JSON.parse(res.text).code]).toEqual([403, 'visitor_reserved']);
  });

  function resolved(id: string, payload: unknown) {
    return { interruptId: id, status: 'resolved' as const, payload };
  }
});

/** Reads the stream until `until` holds for what arrived; fails if the stream ends first. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, until: (text: string) => boolean, text = ''): Promise<string> {
  const decoder = new TextDecoder();
  while (!until(text)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the stream ended first: ${text.slice(-200)}`);
    text += decoder.decode(value, { stream: true });
  }
  return text;
}

describe('a client that goes away, and a server that stops', () => {
  it('an aborted run stops at once: no event after the abort, its stream slot is freed, no error escapes, the server serves on', async () => {
    const demo = createAguiDemoAgent({ deltaDelayMs: 0, toolPauseMs: 0, slowDelayMs: DEMO_SLOW_DELTA_MS, newId: newAguiId });
    const observed = { emittedAfterAbort: 0, settled: false, aborted: false };
    const watching: AguiAgent = {
      checkAnswer: demo.checkAnswer,
      async run(run, emit, signal) {
        signal.addEventListener('abort', () => (observed.aborted = true));
        try {
          return await demo.run(run, (event) => {
            if (signal.aborted) observed.emittedAfterAbort++;
            emit(event);
          }, signal);
        } finally {
          observed.settled = true;
        }
      },
    };
    const watched = await startTestServer({ aguiAgent: watching, limits: { maxStreamsPerVisitor: 1 } });
    try {
      const props = { forwardedProps: { visitor_id: 'visitor_leaves1' } };
      const controller = new AbortController();
      const res = await fetch(`${watched.url}/agui/demo_assistant`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
        body: JSON.stringify(runInput('slow please', props)),
        signal: controller.signal,
      });
      await readUntil(res.body!.getReader(), (seen) => seen.includes('TEXT_MESSAGE_CONTENT'));
      // While it runs, the visitor's one stream slot is taken.
      expect((await postAgui(watched.url, runInput('hello', props))).status).toBe(429);
      controller.abort();
      await waitFor(() => (observed.settled ? true : undefined));
      expect(observed.aborted).toBe(true);
      expect(observed.emittedAfterAbort).toBe(0);
      const again = await postAgui(watched.url, runInput('hello', props));
      expect(again.status).toBe(200);
      expect(sseFrames(again.text).at(-1)!.type).toBe('RUN_FINISHED');
      expect(escaped).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it('an agent that throws: RUN_ERROR with a sentence, the stack in the log only', async () => {
    const lines: string[] = [];
    const broken: AguiAgent = {
      checkAnswer: () => null,
      async run(_, emit) {
        emit({ type: EventType.TEXT_MESSAGE_START, messageId: 'm1', role: 'assistant' });
        throw new Error('agent bug at line 42');
      },
    };
    const failing = await startTestServer({ aguiAgent: broken, log: (line) => lines.push(line) });
    try {
      const res = await postAgui(failing.url, runInput('hello'));
      expect(sseFrames(res.text).map((e) => e.type)).toEqual(['RUN_STARTED', 'TEXT_MESSAGE_START', 'RUN_ERROR']);
      expect(sseFrames(res.text).at(-1)).toMatchObject({ code: 'internal', message: INTERNAL_ERROR_SENTENCE });
      expect(res.text).not.toContain('line 42');
      expect(lines.some((line) => line.includes('agent bug at line 42'))).toBe(true);
      expect(escaped).toEqual([]);
    } finally {
      await failing.close();
    }
  });

  it('a shutdown ends a run under way with RUN_ERROR', async () => {
    const stopping = await startTestServer();
    const res = await fetch(`${stopping.url}/agui/demo_assistant`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(runInput('slow please')),
    });
    const reader = res.body!.getReader();
    const started = await readUntil(reader, (text) => text.includes('TEXT_MESSAGE_CONTENT'));
    const closed = stopping.close();
    let text = started;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    await closed;
    expect(sseFrames(text).at(-1)).toMatchObject({ type: 'RUN_ERROR', code: 'shutting_down', message: SHUTDOWN_SENTENCE });
  });

  it('drop (failure injection): the answer starts, then the connection breaks with no terminal event', async () => {
    // Read raw: HttpAgent rethrows the broken body's error from its own teardown, where no test can catch it.
    const res = await fetch(`${server.url}/agui/demo_assistant`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(runInput('drop it')),
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let broke = false;
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      broke = true;
    }
    expect(broke).toBe(true);
    const events = sseFrames(text.slice(0, text.lastIndexOf('\n\n') + 2));
    expect(events[0]!.type).toBe('RUN_STARTED');
    expect(events.filter((e) => e.type === 'TEXT_MESSAGE_CONTENT').length).toBeGreaterThan(0);
    expect(events.map((e) => e.type)).not.toContain('TEXT_MESSAGE_END');
    expect(events.filter((e) => TERMINAL.includes(e.type))).toEqual([]);
    expect(escaped).toEqual([]);
  });
});
