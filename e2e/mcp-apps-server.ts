// A reference server in MCP Apps mode for the MCP App browser tests: the published MCP App servers
// and our fixture server (e2e/mcp-fixture-server.ts) behind @ag-ui/mcp-apps-middleware, the sandbox
// proxy page on a port of its own.
import type { Frame, Page } from '@playwright/test';
import { composer, expect, launcher, loadWidget, test as base } from './fixtures';
import { startServer } from '../examples/server/app';
import { PUBLISHED_BACKENDS } from '../examples/server/ag-ui/mcp-backends';
import { TEST_SERVER } from './fixtures';
import { FIXTURE_BACKEND } from './mcp-fixture-server';
import { schemaErrors } from './mcp-schema';

type RunningServer = Awaited<ReturnType<typeof startServer>>;

export const test = base.extend<{}, { mcpServer: RunningServer }>({
  mcpServer: [
    async ({}, use) => {
      const server = await startServer({ ...TEST_SERVER, mcpApps: { backends: [...PUBLISHED_BACKENDS, FIXTURE_BACKEND] } });
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
});
export { expect };

/** The reference server's demo page for MCP App views. */
export const PAGE = '/pages/mcp-apps.html';

/** Every message each document of the page receives, with a clock all frames share. */
const RECORD_MESSAGES = () => {
  const log: { at: number; data: unknown }[] = ((window as unknown as { __mcpLog: unknown[] }).__mcpLog = []) as never;
  addEventListener('message', (e) => log.push({ at: performance.timeOrigin + performance.now(), data: e.data }), true);
};

export async function open(page: Page, baseUrl: string) {
  page.on('console', (m) => process.env.MCP_DEBUG && console.log('[page]', m.type(), m.text().slice(0, 300)));
  await page.addInitScript(RECORD_MESSAGES);
  await page.goto(`${baseUrl}${PAGE}`);
  await launcher(page).click();
  await expect(composer(page)).toBeVisible();
}
/** A blank host page with the widget in front of the agent, MCP App views on with `mcpApps` (the preload's) and `attrs`. */
export async function openWith(page: Page, baseUrl: string, mcpApps: unknown, attrs: Record<string, string> = {}, hostPage?: string) {
  page.on('console', (m) => process.env.MCP_DEBUG && console.log('[page]', m.type(), m.text().slice(0, 300)));
  await page.addInitScript(RECORD_MESSAGES);
  await loadWidget(page, baseUrl, {
    ...(hostPage ? { page: hostPage } : {}),
    before: `window.BailingChat = { agent: { mcpApps: ${JSON.stringify(mcpApps)} } }`,
    attrs: { 'data-protocol': 'ag-ui', 'data-agent-url': '/agui/demo_assistant', ...attrs },
  });
  await launcher(page).click();
  await expect(composer(page)).toBeVisible();
}
export const viewFrame = (page: Page) => page.locator('bailing-chat-widget iframe.mcp-frame').last();
export const frameOf = async (page: Page): Promise<Frame> => (await (await viewFrame(page).elementHandle())!.contentFrame())!;

/** Schema definition of each host→view message, by method (requests and notifications the host sends). */
const SCHEMA_OF: Record<string, string> = {
  'ui/notifications/tool-input': 'McpUiToolInputNotification',
  'ui/notifications/tool-input-partial': 'McpUiToolInputPartialNotification',
  'ui/notifications/tool-result': 'McpUiToolResultNotification',
  'ui/notifications/tool-cancelled': 'McpUiToolCancelledNotification',
  'ui/notifications/host-context-changed': 'McpUiHostContextChangedNotification',
  'ui/resource-teardown': 'McpUiResourceTeardownRequest',
};

/**
 * Checks what the host sent the view: nothing before the view said `initialized` but the answer to
 * its `ui/initialize`, and every message valid by the SDK's schema. Returns the methods, in order.
 */
export async function checkHostMessages(page: Page): Promise<string[]> {
  const view = await frameOf(page);
  const received = (await view.evaluate(() => (window as unknown as { __mcpLog: { at: number; data: Record<string, unknown> }[] }).__mcpLog)) ?? [];
  const fromView = await page.evaluate(() => (window as unknown as { __mcpLog: { at: number; data: Record<string, unknown> }[] }).__mcpLog);
  const initialized = fromView.find((m) => m.data?.method === 'ui/notifications/initialized');
  expect(initialized, 'the view said ui/notifications/initialized').toBeTruthy();
  const methods: string[] = [];
  for (const { at, data } of received) {
    if (data?.jsonrpc !== '2.0') continue;
    if (typeof data.method === 'string') {
      methods.push(data.method);
      if (data.method !== 'ping') expect(at, `${data.method} came after initialized`).toBeGreaterThan(initialized!.at);
      const def = SCHEMA_OF[data.method];
      if (def) expect(schemaErrors(def, { method: data.method, params: data.params }), data.method).toEqual([]);
    } else if ((data.result as { hostContext?: unknown } | undefined)?.hostContext) {
      // The answer to ui/initialize (its containerDimensions by the spec's type: see host-context.test.ts).
      const { containerDimensions, ...context } = (data.result as { hostContext: Record<string, unknown> }).hostContext;
      expect(schemaErrors('McpUiInitializeResult', { ...(data.result as object), hostContext: context })).toEqual([]);
      expect(containerDimensions).toMatchObject({ width: expect.any(Number), maxHeight: expect.any(Number) });
      methods.push('(initialize result)');
    }
  }
  return methods;
}
