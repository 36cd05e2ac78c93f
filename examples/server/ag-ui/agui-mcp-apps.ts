// The AG-UI agent's MCP Apps mode (DESIGN.md §14): an agent put behind @ag-ui/mcp-apps-middleware,
// which holds the MCP connections, adds the servers' UI tools to every run, runs a UI tool the
// agent calls and sends its view as an `mcp-apps` ACTIVITY_SNAPSHOT, and answers a view's requests
// proxied as runs (`forwardedProps.__proxiedMCPRequest`). Before the middleware, this server adds
// what it leaves out:
// - `tools/list` through the same proxy, so the widget can check that a view calls only tools
//   made for views (`_meta.ui.visibility` holding "app", the spec's MUST);
// - the same check here too, so a page that skips it still cannot reach a model-only tool.
// The middleware speaks @ag-ui/client's agents (rxjs observables): `McpAgentBridge` plays our
// agent (emit + ending) as one, and the result is played back through `emit` again.
import { AbstractAgent, EventType, type BaseEvent, type RunAgentInput } from '@ag-ui/client';
import { getServerHash, MCPAppsMiddleware } from '@ag-ui/mcp-apps-middleware';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Event } from '@ag-ui/core';
import { Observable } from 'rxjs';
import type { AguiAgent, AguiEnding, AguiRun } from '../agents/agui-agent';
import { textMessage, toolCall } from './agui-events';
import { createEarlyViews, type UiToolFacts } from './early-views';
import { randomUUID } from 'node:crypto';

/** One MCP server as the middleware is configured with it. */
export interface McpServerConfig {
  type: 'http';
  url: string;
  serverId: string;
}

/** The UI extension this client speaks, advertised in `initialize` (the spec's negotiation). */
const UI_EXTENSION = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

interface Proxied {
  serverHash?: unknown;
  serverId?: unknown;
  method?: unknown;
  params?: unknown;
}

/** Our agent as an @ag-ui/client agent: RUN_STARTED, what it emits, and its ending as the last event. */
class McpAgentBridge extends AbstractAgent {
  ending: AguiEnding = { type: 'finished' };
  constructor(
    private readonly inner: AguiAgent,
    private readonly run0: AguiRun,
    private readonly signal: AbortSignal,
  ) {
    super();
  }
  run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((out) => {
      const { threadId, runId } = input;
      out.next({ type: EventType.RUN_STARTED, threadId, runId } as BaseEvent);
      this.inner.run({ ...this.run0, input: input as AguiRun['input'] }, (event) => out.next(event as BaseEvent), this.signal).then(
        (ending) => {
          this.ending = ending;
          if (ending.type === 'error') out.next({ type: EventType.RUN_ERROR, message: ending.message, code: ending.code } as BaseEvent);
          else out.next({ type: EventType.RUN_FINISHED, threadId, runId, ...(ending.type === 'finished' && ending.result !== undefined ? { result: ending.result } : {}) } as BaseEvent);
          out.complete();
        },
        (error: unknown) => out.error(error),
      );
    });
  }
}

/** Opens a short MCP session with `server` (as the middleware does for each request), runs `use`, and closes it. */
async function withClient<T>(server: McpServerConfig, use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ name: 'bailing-reference-server', version: '1.0.0' }, { capabilities: UI_EXTENSION });
  const transport = new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { redirect: 'error' } });
  await client.connect(transport);
  try {
    return await use(client);
  } finally {
    await client.close().catch(() => {});
  }
}

/** Whether a tool is made for `who` (its `_meta.ui.visibility`; none given: for both). */
const visibleTo = (tool: { _meta?: Record<string, unknown> }, who: 'app' | 'model') => {
  const visibility = (tool._meta?.ui as { visibility?: unknown } | undefined)?.visibility;
  return !Array.isArray(visibility) || visibility.includes(who);
};

/**
 * `agent` behind the MCP Apps middleware, connected to `servers`. A proxied `tools/list` is
 * answered here; a proxied `tools/call` of a tool not made for views is refused here; the rest
 * goes to the middleware as it is.
 */
export function withMcpApps(agent: AguiAgent, servers: readonly McpServerConfig[], log: (line: string) => void = () => {}, options: { earlyViews?: boolean } = {}): AguiAgent {
  const middleware = new MCPAppsMiddleware({ mcpServers: servers.map((s) => ({ ...s })) });
  const viewsOf = options.earlyViews ? cachedUiTools(servers, log) : undefined;
  const byKey = new Map<string, McpServerConfig>();
  for (const s of servers) byKey.set(s.serverId, s).set(getServerHash(s), s);
  const serverOf = (p: Proxied) => (typeof p.serverId === 'string' && byKey.get(p.serverId)) || (typeof p.serverHash === 'string' && byKey.get(p.serverHash)) || undefined;

  /** What this server answers itself, or undefined to leave the request to the middleware. */
  async function answerProxied(p: Proxied): Promise<unknown | undefined> {
    const server = serverOf(p);
    if (!server) return undefined;
    if (p.method === 'tools/list') return withClient(server, (client) => client.listTools());
    if (p.method === 'tools/call') {
      const name = (p.params as { name?: unknown } | undefined)?.name;
      const tools = await withClient(server, (client) => client.listTools());
      const tool = tools.tools.find((t) => t.name === name);
      if (!tool) return { error: `Unknown tool: ${String(name).slice(0, 80)}` };
      if (!visibleTo(tool, 'app')) return { error: `Tool ${tool.name} is not visible to views (_meta.ui.visibility)` };
    }
    return undefined;
  }

  return {
    checkAnswer: (action, entry) => agent.checkAnswer(action, entry),
    async run(run, emit, signal) {
      const props = (run.input.forwardedProps ?? {}) as Record<string, unknown>;
      const proxied = props.__proxiedMCPRequest as Proxied | undefined;
      if (proxied && typeof proxied === 'object') {
        try {
          const answered = await answerProxied(proxied);
          if (answered !== undefined) return { type: 'finished', result: answered };
        } catch (error) {
          log(`MCP proxy: ${String(proxied.method)} failed: ${error instanceof Error ? error.message : String(error)}`);
          return { type: 'finished', result: { error: 'MCP request failed' } };
        }
      }
      const early = viewsOf && createEarlyViews(await viewsOf().then((tools) => (name: string) => tools.get(name)), randomUUID);
      const bridge = new McpAgentBridge(agent, run, signal);
      let result: unknown;
      let failed: { message: string; code: string } | undefined;
      await new Promise<void>((resolve, reject) => {
        const subscription = middleware.run(run.input as unknown as RunAgentInput, bridge).subscribe({
          next: (event) => {
            // The route frames the run itself: RUN_STARTED went out before, RUN_FINISHED goes after.
            if (event.type === EventType.RUN_STARTED) return;
            if (event.type === EventType.RUN_FINISHED) return void (result = (event as { result?: unknown }).result);
            if (event.type === EventType.RUN_ERROR) return void (failed = { message: String((event as { message?: unknown }).message), code: String((event as { code?: unknown }).code ?? 'agent_error') });
            if (early) for (const out of early(event as unknown as Event)) emit(out);
            else emit(event as unknown as Event);
          },
          error: reject,
          complete: resolve,
        });
        signal.addEventListener('abort', () => (subscription.unsubscribe(), resolve()), { once: true });
      });
      if (failed) return { type: 'error', ...failed };
      const ending = bridge.ending;
      if (ending.type !== 'finished') return ending;
      return { ...ending, ...(result !== undefined ? { result } : {}) };
    },
  };
}

/** How long the servers' UI tools, as early views need them, are kept before they are asked again. */
const UI_TOOLS_TTL_MS = 30_000;

/**
 * The UI tools the model may call, by name, as the middleware finds them (a `_meta.ui.resourceUri`,
 * visible to the model; a later server's tool of the same name wins, as in the middleware), asked
 * of the servers at most every UI_TOOLS_TTL_MS. A server that cannot be asked adds none.
 */
function cachedUiTools(servers: readonly McpServerConfig[], log: (line: string) => void): () => Promise<ReadonlyMap<string, UiToolFacts>> {
  let kept: { at: number; tools: Promise<ReadonlyMap<string, UiToolFacts>> } | undefined;
  const ask = async () => {
    const tools = new Map<string, UiToolFacts>();
    for (const server of servers) {
      const listed = await withClient(server, (client) => client.listTools()).catch((error: unknown) => {
        log(`MCP server ${server.serverId}: tools/list failed: ${error instanceof Error ? error.message : String(error)}`);
        return { tools: [] };
      });
      for (const tool of listed.tools) {
        const given = (tool._meta?.ui as { resourceUri?: unknown } | undefined)?.resourceUri;
        const uri = typeof given == 'string' ? given : tool._meta?.['ui/resourceUri'];
        if (typeof uri == 'string' && visibleTo(tool, 'model')) tools.set(tool.name, { resourceUri: uri, serverHash: getServerHash(server), serverId: server.serverId });
      }
    }
    return tools;
  };
  return () => {
    if (!kept || Date.now() - kept.at > UI_TOOLS_TTL_MS) kept = { at: Date.now(), tools: ask() };
    return kept.tools;
  };
}

/** The UI tools the middleware added to this run (their description ends with `[UI Resource: ui://…]`). */
export const uiTools = (input: RunAgentInput | AguiRun['input']): string[] =>
  (input.tools ?? []).filter((t) => /\[UI Resource: ui:\/\/[^\]]+\]$/.test(t.description ?? '')).map((t) => t.name);

/** Words that call a UI tool of the demo servers, besides the tool's own name. */
export const MCP_DEMO_WORDS: Readonly<Record<string, string>> = Object.freeze({ time: 'get-time', clock: 'get-time', system: 'get-system-info', monitor: 'get-system-info' });

/**
 * The demo agent of the MCP Apps entry: a message naming one of the run's UI tools (`get-time`,
 * or "mcp time", "mcp monitor"), with JSON arguments after it if any, calls that tool (the
 * middleware then runs it and sends its view); anything else goes to `fallback`.
 */
export function createMcpDemoAgent(fallback: AguiAgent, newId: (prefix: string) => string): AguiAgent {
  return {
    checkAnswer: (action, entry) => fallback.checkAnswer(action, entry),
    async run(run, emit, signal) {
      const last = [...run.input.messages].reverse().find((m) => m.role === 'user');
      const text = typeof last?.content === 'string' ? last.content : '';
      // A message that answers a tool is not a new request.
      const answered = run.input.messages.at(-1)?.role !== 'user';
      const tools = uiTools(run.input);
      const named = tools.find((name) => new RegExp(`(^|\\s)${name.replace(/[-.]/g, '\\$&')}(\\s|$)`).test(text));
      const word = /\bmcp\s+(\w+)/i.exec(text)?.[1]?.toLowerCase();
      const tool = named ?? (word ? tools.find((t) => t === MCP_DEMO_WORDS[word]) : undefined);
      if (answered || !tool) return fallback.run(run, emit, signal);
      const json = /\{[\s\S]*\}\s*$/.exec(text)?.[0];
      let args = '{}';
      try {
        if (json) args = JSON.stringify(JSON.parse(json));
      } catch {}
      const messageId = newId('msg');
      for (const step of [...textMessage(messageId, `Opening the ${tool} app.`, 0), ...toolCall({ toolCallId: newId('call'), toolCallName: tool, parentMessageId: messageId, args }, 0, 64)]) {
        if (!('pauseMs' in step)) emit(step);
      }
      return { type: 'finished' };
    },
  };
}
