// Streams a browser test releases step by step, so it can look at the page between two pieces of
// an answer: the BailingHub job stream (one step per connection: the widget reconnects from the
// last event id, as it does after any cut), and an AG-UI agent on a second local server (one run
// held open, each step written to it as it comes).
import type { Page } from '@playwright/test';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jobIdOf, sseEvent } from './fixtures';

const EVENTS = '**/chat/demo_assistant/events/**';

export interface SteppedJob {
  /** Answers the widget's next connection with these deltas (texts), then ends it; `done` adds the job's end with `reply`. */
  step(texts: string[], done?: string): Promise<void>;
}

/** The first job's stream, released step by step; later jobs go to the reference server. */
export async function steppedJob(page: Page): Promise<SteppedJob> {
  const waiting: ((events: string) => Promise<void>)[] = [];
  const arrived: (() => void)[] = [];
  let first: string | undefined;
  await page.route(EVENTS, (route, request) => {
    const jobId = jobIdOf(request.url());
    first ??= jobId;
    if (jobId !== first) return route.continue();
    const open = sseEvent('open', { ok: true, job_id: jobId, status: 'running', protocol: 'bailing.chat.stream.v1', streaming: true });
    waiting.push((events) => route.fulfill({ status: 200, contentType: 'text/event-stream', body: open + events }).catch(() => undefined));
    arrived.shift()?.();
  });
  let seq = 0;
  return {
    async step(texts, done) {
      if (!waiting.length) await new Promise<void>((resolve) => arrived.push(resolve));
      let events = texts.map((text) => sseEvent('delta', { seq: ++seq, text, round: 1 }, seq)).join('');
      if (done !== undefined) events += sseEvent('done', { done: true, job_id: first, reply: done }, ++seq);
      await waiting.shift()!(events);
    },
  };
}

/** Cuts `text` before each of `marks` (strings it holds, in order): the pieces a stream sends. */
export function cutBefore(text: string, marks: string[]): string[] {
  const at = marks.map((mark) => {
    const i = text.indexOf(mark);
    if (i < 0) throw new Error(`cutBefore: ${JSON.stringify(mark)} is not in the text`);
    return i;
  });
  return [0, ...at].map((from, i, all) => text.slice(from, all[i + 1] ?? text.length));
}

export interface SteppedAgent {
  /** The agent's URL (`data-agent-url`). */
  url: string;
  /** Writes these AG-UI events to the open run (waits for the widget's POST first). */
  step(events: Record<string, unknown>[]): Promise<void>;
  /** Ends the open run's response. */
  end(): void;
  close(): Promise<void>;
}

/** An AG-UI agent on its own port whose one run the test writes, event by event (CORS open: the page is on another origin). */
export async function steppedAgent(): Promise<SteppedAgent> {
  let open: { res: ServerResponse; threadId: string; runId: string } | undefined;
  const arrived: (() => void)[] = [];
  const server = createServer((req, res) => {
    const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'content-type, accept', 'Access-Control-Allow-Methods': 'POST' };
    if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const { threadId, runId } = JSON.parse(body);
      res.writeHead(200, { ...cors, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
      res.write(`data: ${JSON.stringify({ type: 'RUN_STARTED', threadId, runId })}\n\n`);
      open = { res, threadId, runId };
      arrived.shift()?.();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/agent`,
    async step(events) {
      if (!open) await new Promise<void>((resolve) => arrived.push(resolve));
      const { res, threadId, runId } = open!;
      for (const event of events) res.write(`data: ${JSON.stringify({ threadId, runId, ...event })}\n\n`);
    },
    end() {
      open?.res.end();
      open = undefined;
    },
    close: () => new Promise<void>((resolve) => {
      open?.res.end();
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
