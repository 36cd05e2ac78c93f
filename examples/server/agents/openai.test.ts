import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { UNAVAILABLE_REPLY } from './openai-agent';
import { createJob, deltaText, startTestServer, streamJob } from '../test-support';

interface Captured {
  url: string;
  headers: IncomingHttpHeaders;
  body: { model: string; stream: boolean; messages: { role: string; content: string }[] };
}

const CHUNKS = ['Hello', ' from', ' the **model**', '.\n\n- one\n- two'];

let fake: Server;
let fakeUrl: string;
let captured: Captured[] = [];
let mode: 'stream' | 'error' | 'no-done' = 'stream';

beforeAll(async () => {
  fake = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      captured.push({ url: req.url ?? '', headers: req.headers, body: JSON.parse(raw) });
      if (mode === 'error') {
        res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end('{"error":{"message":"upstream exploded with key sk-secret"}}');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { role: 'assistant' } }] })}\n\n`);
      for (const content of CHUNKS) {
        // Split each event across writes to exercise the parser's buffering.
        const event = `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;
        res.write(event.slice(0, 10));
        res.write(event.slice(10));
      }
      res.write(`data: ${JSON.stringify({ choices: [{ delta: {}, finish_reason: 'stop' }] })}\n\n`);
      if (mode === 'stream') res.write('data: [DONE]\n\n');
      res.end();
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ openai: { baseUrl: fakeUrl, apiKey: 'sk-test-key', model: 'test-model-1' } });
});
afterAll(() => server.close());
beforeEach(() => {
  captured = [];
  mode = 'stream';
});

describe('OpenAI-compatible mode', () => {
  it('streams the model’s content; the reply is its concatenation', async () => {
    const job = await createJob(server.url, {
      message: 'Show me signups',
      visitor_id: 'visitor_openai1',
      client_capabilities: { renderers: ['bailing-chart', 'acme-map'] },
    });
    const { events } = await streamJob(server.url, job);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.reply).toBe(CHUNKS.join(''));
    expect(deltaText(events)).toBe(CHUNKS.join(''));

    expect(captured).toHaveLength(1);
    const [request] = captured;
    expect(request!.url).toBe('/v1/chat/completions');
    expect(request!.headers.authorization).toBe('Bearer sk-test-key');
    expect(request!.body.model).toBe('test-model-1');
    expect(request!.body.stream).toBe(true);
    const [system, declared, user] = request!.body.messages;
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('markdown');
    expect(system!.content).toContain('```bailing-chart');
    expect(system!.content).toContain("kind:'bar'|'line'|'area'|'pie'|'scatter'");
    expect(system!.content).not.toContain('bailing-form');
    // A type the server has no format for is the client's word: it is named in the page's message.
    expect(system!.content).not.toContain('acme-map');
    expect(declared).toEqual({ role: 'user', content: "<page_declared>\nThe chat window also renders fenced blocks of these types of the page's own:\n- ```acme-map\n</page_declared>" });
    expect(user).toEqual({ role: 'user', content: 'Show me signups' });
  });

  it('sends the earlier turns of the thread', async () => {
    const first = await createJob(server.url, { message: 'first question', visitor_id: 'visitor_openai2' });
    await streamJob(server.url, first);
    const second = await createJob(server.url, { message: 'second question', visitor_id: 'visitor_openai2', client_capabilities: { renderers: ['bailing-form'] } });
    await streamJob(server.url, second);
    const messages = captured[1]!.body.messages;
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages.slice(1).map((m) => m.content)).toEqual(['first question', CHUNKS.join(''), 'second question']);
    expect(messages[0]!.content).toContain('```bailing-form');
    expect(messages[0]!.content).not.toContain('bailing-chart');
  });

  it('keeps the default thread (no thread_id) and a named thread apart in what the model sees', async () => {
    const visitor = 'visitor_openai4';
    const first = await createJob(server.url, { message: 'my order is A-1042', visitor_id: visitor });
    await streamJob(server.url, first);
    const elsewhere = await createJob(server.url, { message: 'a new conversation', visitor_id: visitor, thread_id: 'thread_openai4' });
    await streamJob(server.url, elsewhere);
    const again = await createJob(server.url, { message: 'which order was it?', visitor_id: visitor });
    await streamJob(server.url, again);
    expect(captured[1]!.body.messages.slice(1).map((m) => m.content)).toEqual(['a new conversation']);
    expect(captured[2]!.body.messages.slice(1).map((m) => m.content)).toEqual(['my order is A-1042', CHUNKS.join(''), 'which order was it?']);
  });

  it('fails with a safe message when the model answers 500', async () => {
    mode = 'error';
    const lines: string[] = [];
    const logged = await startTestServer({ openai: { baseUrl: fakeUrl, apiKey: 'k', model: 'm' }, log: (line) => lines.push(line) });
    try {
      const job = await createJob(logged.url, { message: 'hello' });
      const { events } = await streamJob(logged.url, job);
      const last = events.at(-1)!;
      expect(last.event).toBe('done');
      expect(last.data).toEqual({ done: true, error: true, job_id: job.job_id, visitor_id: job.visitor_id, reply: UNAVAILABLE_REPLY });
      expect(JSON.stringify(events)).not.toContain('sk-secret');
      expect(lines.some((line) => line.includes('upstream HTTP 500'))).toBe(true);
    } finally {
      await logged.close();
    }
  });

  it('fails when the model cannot be reached', async () => {
    const offline = await startTestServer({ openai: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'm' } });
    try {
      const job = await createJob(offline.url, { message: 'hello' });
      const { events } = await streamJob(offline.url, job);
      expect(events.at(-1)).toMatchObject({ event: 'done', data: { error: true, reply: UNAVAILABLE_REPLY } });
    } finally {
      await offline.close();
    }
  });

  it('keeps what was streamed when the stream ends without [DONE]', async () => {
    mode = 'no-done';
    const job = await createJob(server.url, { message: 'hello', visitor_id: 'visitor_openai3' });
    const { events } = await streamJob(server.url, job);
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { reply: CHUNKS.join('') } });
  });
});
