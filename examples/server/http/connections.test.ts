// The server's connections under attack, over raw sockets: one address opening connections that
// never finish their headers, or never send the body they announced, and more connections than
// the server takes. Each is closed (or refused) by the server, others still get through, and the
// long answers (SSE streams) are not cut by the request timeouts.
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Agent } from '../agents/agent';
import type { AguiAgent } from '../agents/agui-agent';
import type { RunningServer } from '../app';
import { EventType } from '@ag-ui/core';
import { createJob, postAgui, recordEscapedErrors, runInput, sseFrames, startTestServer, streamJob, waitFor, within } from '../test-support';

let server: RunningServer | undefined;
const sockets: Socket[] = [];
const escaped = recordEscapedErrors();
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  // The attack is over and the server still answers (once it has seen the test's connections close).
  const config = () => fetch(`${server!.url}/chat/demo_assistant/config`).then((res) => res.status, () => 0);
  await waitFor(async () => ((await config()) === 200 ? true : undefined));
  expect(escaped).toEqual([]);
  await server!.close();
  server = undefined;
});

interface Raw {
  socket: Socket;
  /** Everything the server sent so far. */
  received(): string;
  /** Resolves when the server has closed the connection, with the time it was open. */
  closed: Promise<number>;
}

/** A raw connection from `from` (a loopback address stands for a client), sending `text` and no more. */
function raw(base: string, text: string, from = '127.0.0.1'): Raw {
  const { hostname, port } = new URL(base);
  const opened = Date.now();
  const socket = connect({ host: hostname, port: Number(port), localAddress: from });
  sockets.push(socket);
  socket.on('error', () => {});
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.write(text);
  return { socket, received: () => received, closed: new Promise((resolve) => socket.once('close', () => resolve(Date.now() - opened))) };
}

const REQUEST = (path: string) => `GET ${path} HTTP/1.1\r\nHost: chat.example\r\n\r\n`;
const HALF_HEADERS = 'GET /chat/demo_assistant/config HTTP/1.1\r\nHost: chat.example\r\n';

/** A connection the server has surely taken (it answered a request on it), then left half-open. */
async function halfOpen(base: string, from = '127.0.0.1'): Promise<Raw> {
  const connection = raw(base, REQUEST('/healthz'), from);
  await within(waitFor(() => (connection.received().includes('{"ok":true}') ? true : undefined)), 'the first answer');
  connection.socket.write(HALF_HEADERS);
  return connection;
}

/** One complete request on a fresh connection from `from`: its status line, or what happened instead. */
async function statusFrom(base: string, from: string, path = '/chat/demo_assistant/config'): Promise<string> {
  const connection = raw(base, REQUEST(path), from);
  await within(
    Promise.race([connection.closed, waitFor(() => (/\r\n\r\n/.test(connection.received()) ? true : undefined))]),
    'an answer or a close',
  );
  connection.socket.destroy();
  return connection.received().split('\r\n')[0] || 'closed without an answer';
}

describe('connections per address', () => {
  it('past the cap a connection gets 503 and is closed; another address gets through meanwhile, and the first once its connections are gone', async () => {
    const s = (server = await startTestServer({ connections: { maxConnectionsPerIp: 4 } }));
    const held: Raw[] = [];
    for (let i = 0; i < 4; i++) held.push(await halfOpen(s.url));

    const refused = raw(s.url, HALF_HEADERS);
    await within(refused.closed, 'the refused connection closed');
    expect(refused.received()).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(refused.received()).toContain('Retry-After: 5\r\n');
    expect(refused.received()).toContain('"code":"too_many_connections_ip"');

    expect(await statusFrom(s.url, '127.0.0.2')).toBe('HTTP/1.1 200 OK');
    // The held connections are still the server's to answer: finishing their headers gets one.
    held[0]!.socket.write('\r\n');
    await within(waitFor(() => (held[0]!.received().split('HTTP/1.1 200 OK').length === 3 ? true : undefined)), 'the held request answered');

    for (const connection of held) connection.socket.destroy();
    await within(waitFor(async () => ((await statusFrom(s.url, '127.0.0.1')) === 'HTTP/1.1 200 OK' ? true : undefined)), 'a request from the first address');
  });

  it('takes its cap from the environment, as `npm start` does; a bad value stops the start with a sentence', async () => {
    process.env.BAILING_MAX_CONNECTIONS_PER_IP = '1';
    try {
      const s = (server = await startTestServer());
      const held = await halfOpen(s.url);
      expect(await statusFrom(s.url, '127.0.0.1')).toMatch(/^HTTP\/1\.1 503 /);
      held.socket.destroy();
      await within(waitFor(async () => ((await statusFrom(s.url, '127.0.0.1')) === 'HTTP/1.1 200 OK' ? true : undefined)), 'a request once it is gone');
      process.env.BAILING_MAX_CONNECTIONS_PER_IP = 'many';
      await expect(startTestServer()).rejects.toThrow('BAILING_MAX_CONNECTIONS_PER_IP must be a whole number of at least 1, got "many"');
    } finally {
      delete process.env.BAILING_MAX_CONNECTIONS_PER_IP;
    }
  });

  it('past the server’s cap a new connection is closed at once, from any address', async () => {
    const s = (server = await startTestServer({ connections: { maxConnections: 2 } }));
    const held = [await halfOpen(s.url, '127.0.0.1'), await halfOpen(s.url, '127.0.0.2')];
    expect(await statusFrom(s.url, '127.0.0.3')).toBe('closed without an answer');
    for (const connection of held) connection.socket.destroy();
    await within(waitFor(async () => ((await statusFrom(s.url, '127.0.0.3')) === 'HTTP/1.1 200 OK' ? true : undefined)), 'a request once they are gone');
  });
});

describe('requests that never finish arriving', () => {
  it('headers that never end: 408 and closed after the headers timeout', async () => {
    const s = (server = await startTestServer({ connections: { headersTimeoutMs: 300, requestTimeoutMs: 1000 } }));
    const slow = raw(s.url, HALF_HEADERS);
    const open = await within(slow.closed, 'closed by the server');
    expect(open).toBeGreaterThanOrEqual(300);
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  });

  it('a body that never arrives: 408 and closed after the request timeout', async () => {
    const s = (server = await startTestServer({ connections: { headersTimeoutMs: 300, requestTimeoutMs: 600 } }));
    const stalled = raw(s.url, 'POST /chat/demo_assistant HTTP/1.1\r\nHost: chat.example\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"message":');
    const open = await within(stalled.closed, 'closed by the server');
    expect(open).toBeGreaterThanOrEqual(600);
    expect(stalled.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  });
});

describe('long answers', () => {
  /** Answers after `ms`, far past the request timeout of the test. */
  const slowAgent = (ms: number): Agent => async (input, sink, signal) => {
    sink.delta('Thinking');
    await new Promise((resolve) => setTimeout(resolve, ms));
    if (!signal.aborted) sink.done(`Answer to ${input.text}`);
  };
  const slowAgui = (ms: number): AguiAgent => ({
    async run(run, emit) {
      emit({ type: EventType.TEXT_MESSAGE_START, messageId: 'm1', role: 'assistant' });
      await new Promise((resolve) => setTimeout(resolve, ms));
      emit({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: `Answer to run ${run.input.runId}` });
      emit({ type: EventType.TEXT_MESSAGE_END, messageId: 'm1' });
      return { type: 'finished' };
    },
    checkAnswer: () => null,
  });

  it('SSE streams outlive the request timeout, and a visitor’s two tabs stream at once under the per-address cap', async () => {
    const s = (server = await startTestServer({
      agent: slowAgent(1200),
      aguiAgent: slowAgui(1200),
      connections: { headersTimeoutMs: 200, requestTimeoutMs: 300, maxConnectionsPerIp: 6 },
    }));
    const visitor = 'visitor_twotabs';
    const tabs = [
      await createJob(s.url, { message: 'first tab', visitor_id: visitor }),
      await createJob(s.url, { message: 'second tab', visitor_id: visitor, thread_id: 'thread_tab2' }),
    ];
    const started = Date.now();
    const [[first, second], run] = await Promise.all([Promise.all(tabs.map((job) => streamJob(s.url, job))), postAgui(s.url, runInput('hello'))]);
    expect(Date.now() - started).toBeGreaterThan(1000);
    expect(first!.events.at(-1)).toMatchObject({ event: 'done', data: { reply: 'Answer to first tab' } });
    expect(second!.events.at(-1)).toMatchObject({ event: 'done', data: { reply: 'Answer to second tab' } });
    expect([first!.ending, second!.ending]).toEqual(['end', 'end']);
    expect(sseFrames(run.text).at(-1)!.type).toBe('RUN_FINISHED');
  });
});
