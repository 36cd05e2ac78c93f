// MCP servers for the AG-UI agent's MCP Apps mode, on a loopback port of their own: the published
// MCP App servers (their npm packages' `createServer`, run in this process) and any the caller
// adds. Each answers Streamable HTTP at `/mcp/<id>`, stateless (a fresh server per request, as
// their own `index.js` does), JSON answers. Only this process talks to them: they listen on
// 127.0.0.1 alone and refuse a request whose Host is not that address (DNS rebinding), so no page
// and no other machine ever reaches them; the widget reaches them only through the agent.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { McpServerConfig } from './agui-mcp-apps';

/** An MCP server object as both SDKs make them: connected to a transport, closed after the request. */
export interface McpServerLike {
  connect(transport: StreamableHTTPServerTransport): Promise<void>;
  close(): Promise<void>;
}

export interface McpBackend {
  /** `[a-z0-9-]+`: its path and the `serverId` the agent names it by. */
  id: string;
  create(): McpServerLike | Promise<McpServerLike>;
}

/** The published MCP App servers the demo runs (packages in package.json, each one's `createServer`). */
export const PUBLISHED_BACKENDS: readonly McpBackend[] = [
  { id: 'basic', create: async () => (await import('@modelcontextprotocol/server-basic-vanillajs')).createServer() as unknown as McpServerLike },
  { id: 'system-monitor', create: async () => (await import('@modelcontextprotocol/server-system-monitor')).createServer() as unknown as McpServerLike },
];

export interface RunningBackends {
  servers: McpServerConfig[];
  close(): Promise<void>;
}

export async function startMcpBackends(backends: readonly McpBackend[], log: (line: string) => void): Promise<RunningBackends> {
  const byId = new Map(backends.map((b) => [b.id, b]));
  let host = '';
  const http = createServer((req: IncomingMessage, res: ServerResponse) => {
    const id = /^\/mcp\/([a-z0-9-]+)$/.exec(new URL(req.url ?? '/', 'http://x').pathname)?.[1];
    const backend = id ? byId.get(id) : undefined;
    if (req.headers.host !== host || !backend) {
      res.writeHead(req.headers.host !== host ? 421 : 404).end();
      return;
    }
    void (async () => {
      const server = await backend.create();
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.once('close', () => {
        void transport.close().catch(() => {});
        void server.close().catch(() => {});
      });
      await server.connect(transport);
      await transport.handleRequest(req, res);
    })().catch((error: unknown) => {
      log(`MCP server ${id}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null }));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(0, '127.0.0.1', () => resolve());
  });
  host = `127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    servers: backends.map((b) => ({ type: 'http', url: `http://${host}/mcp/${b.id}`, serverId: b.id })),
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}
