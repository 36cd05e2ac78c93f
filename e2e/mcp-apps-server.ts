// A reference server in MCP Apps mode for the MCP App browser tests: the published MCP App servers
// and our fixture server (e2e/mcp-fixture-server.ts) behind @ag-ui/mcp-apps-middleware, the sandbox
// proxy page on a port of its own.
import type { Frame, Page } from '@playwright/test';
import { composer, expect, launcher, loadWidget, test as base } from './fixtures';
import { startServer } from '../examples/server/app';
import { PUBLISHED_BACKENDS } from '../examples/server/ag-ui/mcp-backends';
import { TEST_SERVER } from './fixtures';
import { FIXTURE_BACKEND } from './mcp-fixture-server';

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


