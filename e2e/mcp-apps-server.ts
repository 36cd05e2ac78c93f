// A reference server in MCP Apps mode for the MCP App browser tests: the published MCP App servers
// and our fixture server (e2e/mcp-fixture-server.ts) behind @ag-ui/mcp-apps-middleware, the sandbox
// proxy page on a port of its own.
import { test as base } from './fixtures';
import { startServer } from '../examples/server/app';
import { PUBLISHED_BACKENDS } from '../examples/server/mcp-backends';
import { ROOT_DIR } from './fixtures';
import { FIXTURE_BACKEND } from './mcp-fixture-server';

type RunningServer = Awaited<ReturnType<typeof startServer>>;

export const test = base.extend<{}, { mcpServer: RunningServer }>({
  mcpServer: [
    async ({}, use) => {
      const server = await startServer({
        port: 0,
        host: '127.0.0.1',
        dbPath: ':memory:',
        rootDir: ROOT_DIR,
        demo: true,
        testPages: true,
        deltaDelayMs: 1,
        rateLimit: { perMinute: 100_000 },
        mcpApps: { backends: [...PUBLISHED_BACKENDS, FIXTURE_BACKEND] },
        log: () => undefined,
      });
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
});
export { expect } from './fixtures';
