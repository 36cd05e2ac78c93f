// An AG-UI agent on a local port, wrapped by the real @ag-ui/a2ui-middleware (0.0.10), as a site
// would wrap its own: a scripted model that calls `render_a2ui` (the tool the middleware injects)
// with its arguments streamed in pieces, and that answers the `log_a2ui_event` the middleware
// writes into the thread when a visitor acts on the surface. Everything the widget receives is the
// middleware's own output, encoded by @ag-ui/encoder.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AbstractAgent, CompatibilityBoundary, EventType, type BaseEvent, type Message, type RunAgentInput } from '@ag-ui/client';
import { A2UIMiddleware } from '@ag-ui/a2ui-middleware';
import { EventEncoder } from '@ag-ui/encoder';
import { Observable } from 'rxjs';

/** What the scripted model draws: a small order form with a button. */
export const RENDER_ARGS = {
  surfaceId: 'order-form',
  components: [
    { id: 'root', component: 'Card', child: 'col' },
    { id: 'col', component: 'Column', children: ['title', 'qty', 'go'] },
    { id: 'title', component: 'Text', text: 'Order coffee beans', variant: 'h3' },
    { id: 'qty', component: 'TextField', label: 'Bags', value: { path: '/order/bags' }, variant: 'number' },
    { id: 'go', component: 'Button', child: 'go-label', variant: 'primary', action: { event: { name: 'place_order', context: { bags: { path: '/order/bags' } } } } },
    { id: 'go-label', component: 'Text', text: 'Place order' },
  ],
  data: { order: { bags: '1' } },
};

class ScriptedModel extends AbstractAgent {
  run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((sub) => {
      const { threadId, runId } = input;
      const emit = (e: Record<string, unknown>) => sub.next(e as unknown as BaseEvent);
      emit({ type: EventType.RUN_STARTED, threadId, runId });
      const say = (id: string, text: string) => {
        emit({ type: EventType.TEXT_MESSAGE_START, messageId: id, role: 'assistant' });
        emit({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: id, delta: text });
        emit({ type: EventType.TEXT_MESSAGE_END, messageId: id });
      };
      const last = input.messages.at(-1) as Message | undefined;
      if (last?.role === 'tool' && typeof last.content === 'string' && last.content.startsWith('User performed action')) {
        // What the middleware told the model the visitor did.
        say(`m-${runId}`, `Noted. ${last.content}`);
      } else {
        say(`m-${runId}`, 'Here is an order form.');
        const toolCallId = `tc-${runId}`;
        emit({ type: EventType.TOOL_CALL_START, toolCallId, toolCallName: 'render_a2ui', parentMessageId: `m-${runId}` });
        const args = JSON.stringify(RENDER_ARGS);
        for (let i = 0; i < args.length; i += 40) emit({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta: args.slice(i, i + 40) });
        emit({ type: EventType.TOOL_CALL_END, toolCallId });
      }
      emit({ type: EventType.RUN_FINISHED, threadId, runId });
      sub.complete();
    });
  }
}

export interface MiddlewareAgent {
  url: string;
  /** Each run's input as the scripted model got it (after the middleware). */
  inputs: RunAgentInput[];
  close(): Promise<void>;
}

/** Starts the agent; CORS open (the test page is on another origin). */
export async function startMiddlewareAgent(): Promise<MiddlewareAgent> {
  const inputs: RunAgentInput[] = [];
  const encoder = new EventEncoder();
  const server = createServer((req, res) => {
    const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'content-type, accept', 'Access-Control-Allow-Methods': 'POST' };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const input = JSON.parse(body) as RunAgentInput;
      const model = new ScriptedModel();
      const seen = { run: (i: RunAgentInput) => (inputs.push(i), model.run(i)), get messages() { return model.messages; }, get state() { return model.state; } };
      // The chain as @ag-ui/client builds it for an agent's middlewares.
      const chain = [new A2UIMiddleware({ injectA2UITool: true }), new CompatibilityBoundary()].reduceRight<{ run(i: RunAgentInput): Observable<BaseEvent> }>(
        (next, m) => ({ run: (i: RunAgentInput) => m.run(i, next as never), get messages() { return (next as { messages?: unknown }).messages; }, get state() { return (next as { state?: unknown }).state; } }) as never,
        seen as never,
      );
      res.writeHead(200, { ...cors, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
      chain.run(input).subscribe({
        next: (event) => res.write(encoder.encodeSSE(event as never)),
        error: (e) => res.end(encoder.encodeSSE({ type: EventType.RUN_ERROR, message: String(e) } as never)),
        complete: () => res.end(),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/agent`,
    inputs,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
