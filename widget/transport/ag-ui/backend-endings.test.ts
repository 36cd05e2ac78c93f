// How the AG-UI backend ends a turn's steps and what it keeps of them, over real HTTP: a node:http
// agent on 127.0.0.1 whose runs the test writes event by event (held open between), so Stop, a
// quiet spell and a reload can come in the middle of a tool call.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EventEncoder } from '@ag-ui/encoder';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TurnEnd, TurnProgress } from '../../conversation/backend';
import { memoryStorage } from '../../fixtures/memory-storage';
import { requestJson } from '../../fixtures/request-json';
import { createAgUiBackend, type AgUiBackendOptions } from './backend';
import { LIVE_SAVE_MS } from './live-turn';
import { storageKeysFor } from './kept-thread';
import type { Part } from './run';

const encoder = new EventEncoder();
let url = '';
let server: ReturnType<typeof createServer>;
/** The runs posted, in order: their bodies, and the open response the test writes to. */
let runs: { body: any; res: ServerResponse }[] = [];
let arrived: (() => void)[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    void requestJson(req).then((parsed) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(encoder.encodeSSE({ type: 'RUN_STARTED', threadId: parsed.threadId, runId: parsed.runId } as never));
      runs.push({ body: parsed, res });
      // A run the page aborted (Stop) takes no more writes.
      res.on('close', () => res.end());
      arrived.shift()?.();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/agent`;
});
afterAll(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));
beforeEach(() => {
  runs = [];
  arrived = [];
});

/** Writes events to the run still open (waiting for its POST first); `end` finishes the response. */
async function write(events: object[], end = false) {
  if (!runs.some((r) => !r.res.writableEnded)) await new Promise<void>((resolve) => arrived.push(resolve));
  const { res, body } = runs.find((r) => !r.res.writableEnded)!;
  for (const e of events) res.write(encoder.encodeSSE({ threadId: body.threadId, runId: body.runId, ...e } as never));
  if (end) res.end();
}

const LOOKUP = [
  { type: 'STEP_STARTED', stepName: 'search' },
  { type: 'TOOL_CALL_START', toolCallId: 'tc1', toolCallName: 'lookup' },
  { type: 'TOOL_CALL_ARGS', toolCallId: 'tc1', delta: '{"q":"cats"}' },
  { type: 'TOOL_CALL_END', toolCallId: 'tc1' },
];
const text = (id: string, words: string) => [{ type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: words }, { type: 'TEXT_MESSAGE_END', messageId: id }];
const statusOf = (parts: readonly unknown[] | undefined) => (parts as Part[]).map((p) => `${p.kind}:${'status' in p ? p.status : (p as { done?: boolean }).done}`);
const until = async (check: () => boolean) => {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
};

function backend(over: Partial<AgUiBackendOptions> = {}) {
  const storage = over.storage ?? memoryStorage();
  return { b: createAgUiBackend({ agent: { url, headers: {}, context: [] }, tools: [], storage, warn: () => {}, ...over }), storage };
}

/** Starts a turn and follows it; the progress reports as they come, and the end once there. */
async function startTurn(b: ReturnType<typeof backend>['b'], message: string, control = new AbortController()) {
  const progress: TurnProgress[] = [];
  const started = await b.start({ message, renderers: [] }, control.signal);
  let end: TurnEnd | undefined;
  const ended = b.follow(started.id, (p) => void progress.push(p), control.signal).then((e) => (end = e));
  return { started, progress, ended, end: () => end, control };
}

describe('a turn\'s steps end with it', () => {
  it('Stop during a tool call: the call and the step end "stopped", and the next run closes the call as an error', async () => {
    const { b } = backend();
    const t = await startTurn(b, 'look cats up');
    await write(LOOKUP);
    await until(() => t.progress.some((p) => statusOf(p.parts).includes('tool:running')));
    t.control.abort();
    expect(await t.ended).toEqual({ kind: 'stopped' });
    expect(statusOf(t.progress.at(-1)!.parts)).toEqual(['step:stopped', 'tool:stopped']);
    expect(t.progress.at(-1)!.working).toBe(false);

    const next = await startTurn(b, 'never mind');
    await write([...text('a2', 'All right.'), { type: 'RUN_FINISHED' }], true);
    await next.ended;
    const closed = runs[1]!.body.messages.filter((m: { role: string }) => m.role === 'tool');
    expect(closed).toEqual([{ id: expect.any(String), role: 'tool', toolCallId: 'tc1', content: '{"error":"not run"}', error: 'not run' }]);
  });

  it('a stream cut off during a tool call: lost, and what it showed ends "cut"', async () => {
    const { b } = backend();
    const t = await startTurn(b, 'look cats up');
    await write(LOOKUP, true);
    expect(await t.ended).toMatchObject({ kind: 'lost' });
    expect(statusOf(t.progress.at(-1)!.parts)).toEqual(['step:cut', 'tool:cut']);
  });

  it('a finished run with a step still open: the step is done with it, nothing left working', async () => {
    const { b } = backend();
    const t = await startTurn(b, 'plan');
    await write([{ type: 'STEP_STARTED', stepName: 'plan' }, ...text('a1', 'Planned.'), { type: 'RUN_FINISHED' }], true);
    expect(await t.ended).toEqual({ kind: 'answered', answer: { reply: 'Planned.' } });
    expect(t.progress.at(-1)).toMatchObject({ working: false });
    expect(statusOf(t.progress.at(-1)!.parts)).toEqual(['step:done', 'text:true']);
  });
});

describe('what a reload finds of a turn that was running', () => {
  it(`what the visitor saw is written down after the last change, even within ${LIVE_SAVE_MS} ms of the one before and nothing after; it comes back ended as cut off`, async () => {
    const storage = memoryStorage();
    const { b } = backend({ storage });
    const t = await startTurn(b, 'look cats up');
    // Text, then the call at once: the first is written at once, the call only by the write after the quiet spell.
    await write(text('a1', 'Let me look.'));
    await until(() => t.progress.some((p) => p.text === 'Let me look.'));
    await write(LOOKUP);
    const live = () => storage.getItem(storageKeysFor(url).live) ?? '';
    await until(() => live().includes('"lookup"'));
    expect(JSON.parse(live())).toMatchObject({ id: t.started.id, text: 'Let me look.' });

    // A new page of the same storage follows the turn again: it cannot be picked up.
    const again: TurnProgress[] = [];
    expect(await backend({ storage }).b.follow(t.started.id, (p) => void again.push(p), new AbortController().signal)).toMatchObject({ kind: 'lost' });
    expect(again.at(-1)).toMatchObject({ text: 'Let me look.', working: false });
    expect(statusOf(again.at(-1)!.parts)).toEqual(['text:true', 'step:cut', 'tool:cut']);
    t.control.abort();
    await t.ended;
  });
});

describe('an earlier turn\'s call, resumed', () => {
  const interrupt = [
    ...text('m1', 'Shall I?'),
    { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'restart_server', parentMessageId: 'm1' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"server":"web-1"}' },
    { type: 'TOOL_CALL_END', toolCallId: 'c1' },
    { type: 'RUN_FINISHED', outcome: { type: 'interrupt', interrupts: [{ id: 'int-1', reason: 'tool_call', toolCallId: 'c1' }] } },
  ];
  const callIn = (b: ReturnType<typeof backend>['b'], turn: string) => (b.partsOf!(turn) as Part[]).filter((p) => p.kind === 'tool');

  it.each([
    ['approve', { kind: 'approve' }, 'done'],
    ['reject', { kind: 'reject' }, 'rejected'],
  ] as const)('%s: the resumed run\'s result for the original call id is that call\'s step, %s, where its turn keeps it; the resume shows no step of it', async (_, decision, status) => {
    const storage = memoryStorage();
    const first = await startTurn(backend({ storage }).b, 'restart web-1');
    await write(interrupt, true);
    await first.ended;
    // The visitor's decision, as the card keeps it; then the page (of that storage) sends the resume.
    const keys = storageKeysFor(url);
    const asks = JSON.parse(storage.getItem(keys.asks)!);
    asks[first.started.id].decisions['int-1'] = decision;
    storage.setItem(keys.asks, JSON.stringify(asks));
    const { b } = backend({ storage });
    expect(callIn(b, first.started.id)).toMatchObject([{ id: 'c1', status: 'pending' }]);
    const progress: TurnProgress[] = [];
    const started = await b.start({ resume: { turnId: first.started.id }, renderers: [] }, new AbortController().signal);
    expect(runs.at(-1)!.body.resume).toEqual([{ interruptId: 'int-1', status: decision.kind === 'reject' ? 'cancelled' : 'resolved', ...(decision.kind === 'approve' && { payload: { approved: true } }) }]);
    const ended = b.follow(started.id, (p) => void progress.push(p), new AbortController().signal);
    await write([{ type: 'TOOL_CALL_RESULT', messageId: 't1', toolCallId: 'c1', content: decision.kind === 'reject' ? '{"status":"not_run"}' : '{"status":"done"}' }, ...text('a2', 'Noted.'), { type: 'RUN_FINISHED' }], true);
    expect(await ended).toMatchObject({ kind: 'answered', answer: { reply: 'Noted.' } });
    expect(progress.flatMap((p) => (p.parts as Part[]).filter((part) => part.kind === 'tool'))).toEqual([]);
    expect(callIn(b, first.started.id)).toMatchObject([{ id: 'c1', status, result: decision.kind === 'reject' ? '{"status":"not_run"}' : '{"status":"done"}' }]);
    // And so for a page that reads it afterwards.
    expect(callIn(backend({ storage }).b, first.started.id)).toMatchObject([{ id: 'c1', status }]);
  });

  it('an approved call whose resumed run sends no result for it is done with that run; one whose resume is stopped is stopped', async () => {
    for (const [how, status] of [['finish', 'done'], ['stop', 'stopped']] as const) {
      const storage = memoryStorage();
      runs = [];
      const first = await startTurn(backend({ storage }).b, 'restart web-1');
      await write(interrupt, true);
      await first.ended;
      const keys = storageKeysFor(url);
      const asks = JSON.parse(storage.getItem(keys.asks)!);
      asks[first.started.id].decisions['int-1'] = { kind: 'approve' };
      storage.setItem(keys.asks, JSON.stringify(asks));
      const { b } = backend({ storage });
      const control = new AbortController();
      const started = await b.start({ resume: { turnId: first.started.id }, renderers: [] }, control.signal);
      const ended = b.follow(started.id, () => {}, control.signal);
      await write(text('a2', 'Restarting'));
      if (how === 'finish') await write([{ type: 'RUN_FINISHED' }], true);
      else control.abort();
      await ended;
      expect(callIn(b, first.started.id), how).toMatchObject([{ id: 'c1', status }]);
    }
  });
});

describe('a run that fails after some text', () => {
  it('the text is kept as a part marked cut off (not the answer), for the page and for a reload; the answer is the failure', async () => {
    const { b } = backend();
    const t = await startTurn(b, 'fail please');
    await write([{ type: 'TEXT_MESSAGE_START', messageId: 'a1', role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'Let me look into' }, { type: 'RUN_ERROR', message: 'The model is overloaded' }], true);
    expect(await t.ended).toEqual({ kind: 'answered', answer: { reply: 'The model is overloaded', failed: true } });
    expect(t.progress.at(-1)!.parts).toEqual([{ kind: 'text', id: 'a1', role: 'assistant', text: 'Let me look into', done: false, cut: true }]);
    expect(b.partsOf!(t.started.id)).toEqual([{ kind: 'text', id: 'a1', role: 'assistant', text: 'Let me look into', done: true, cut: true }]);
  });
});

describe('a turn that says nothing', () => {
  it('RUN_FINISHED.result is its answer', async () => {
    const { b } = backend();
    const t = await startTurn(b, 'as data');
    await write([{ type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'final_result' }, { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"n":1}' }, { type: 'TOOL_CALL_END', toolCallId: 'c1' }, { type: 'TOOL_CALL_RESULT', messageId: 't1', toolCallId: 'c1', content: 'Final result processed.' }, { type: 'RUN_FINISHED', result: { n: 1 } }], true);
    expect(await t.ended).toEqual({ kind: 'answered', answer: { reply: '```json\n{\n  "n": 1\n}\n```' } });
  });

  it('a run that sends nothing but RUN_FINISHED (a rejected interrupt\'s resume, in some frameworks) answers that the agent said nothing, never an empty bubble', async () => {
    const { b } = backend({ lang: 'es' });
    const t = await startTurn(b, 'nothing');
    await write([{ type: 'RUN_FINISHED' }], true);
    expect(await t.ended).toEqual({ kind: 'answered', answer: { reply: '_El agente terminó sin responder._' } });
  });

  it('a call of a tool the page never offered, left without a result, is not asked of the page: one run, the call done, its arguments the answer', async () => {
    const { b } = backend();
    const t = await startTurn(b, 'as data');
    await write([{ type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'final_result' }, { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"n":1}' }, { type: 'TOOL_CALL_END', toolCallId: 'c1' }, { type: 'RUN_FINISHED' }], true);
    expect(await t.ended).toEqual({ kind: 'answered', answer: { reply: '```json\n{\n  "n": 1\n}\n```' } });
    expect(runs).toHaveLength(1);
    expect(statusOf(t.progress.at(-1)!.parts)).toEqual(['tool:done']);
  });

  it('one the run names pending itself is answered, with the error that the page has no such tool', async () => {
    const { b } = backend();
    const t = await startTurn(b, 'use it');
    await write([{ type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'get_cart' }, { type: 'TOOL_CALL_END', toolCallId: 'c1' }, { type: 'RUN_FINISHED', outcome: { type: 'success', pendingToolCallIds: ['c1'] } }], true);
    await write([...text('a2', 'No cart then.'), { type: 'RUN_FINISHED' }], true);
    expect(await t.ended).toMatchObject({ kind: 'answered', answer: { reply: 'No cart then.' } });
    expect(runs[1]!.body.messages.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'c1', error: 'no tool named "get_cart" on this page' });
  });
});

describe('the page\'s tools', () => {
  it('a run is offered the tools there are when it starts, and its calls are answered with those', async () => {
    let list = [{ name: 'get_cart', description: 'The cart', parameters: { type: 'object', properties: {} }, handler: () => ({ items: 2 }), timeoutMs: 1000 }];
    const { b } = backend({ tools: { list: () => list } });
    const t = await startTurn(b, 'my cart?');
    await write([{ type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'get_cart' }, { type: 'TOOL_CALL_END', toolCallId: 'c1' }]);
    // Unregistered while the run goes: its calls are still the run's to answer; the next run is not offered it.
    list = [];
    await write([{ type: 'RUN_FINISHED' }], true);
    await write([...text('a2', 'Two items.'), { type: 'RUN_FINISHED' }], true);
    expect(await t.ended).toMatchObject({ kind: 'answered', answer: { reply: 'Two items.' } });
    expect(runs.map((r) => r.body.tools.map((tool: { name: string }) => tool.name))).toEqual([['get_cart'], []]);
    expect(runs[1]!.body.messages.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'c1', content: '{"items":2}' });
  });
});
