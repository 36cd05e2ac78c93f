// MCP App views shown while their tool call is written and run (the reference server's
// `earlyViews`, examples/server/ag-ui/early-views.ts, over the real @ag-ui/mcp-apps-middleware):
// the view hears its input as it stands (`tool-input-partial`), then the complete input and the
// result, or `tool-cancelled` when the visitor stops the answer first. Every message the host
// sends is checked against the ext-apps SDK's schema, and none comes before `initialized`.
import type { Page } from '@playwright/test';
import { ask, TEST_SERVER, waitForAnswer } from './fixtures';
import { checkHostMessages, expect, openWith, test as base, viewFrame } from './mcp-apps-server';
import { startServer } from '../examples/server/app';
import { PUBLISHED_BACKENDS } from '../examples/server/ag-ui/mcp-backends';
import { FIXTURE_BACKEND } from './mcp-fixture-server';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';

// The same recorder as e2e/mcp-apps.spec.ts needs the view's frame in the page's process.
base.use({ launchOptions: { executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, '--disable-features=IsolateSandboxedIframes'] } });

const test = base.extend<{}, { mcpServer: Awaited<ReturnType<typeof startServer>> }>({
  mcpServer: [
    async ({}, use) => {
      const server = await startServer({ ...TEST_SERVER, mcpApps: { backends: [...PUBLISHED_BACKENDS, FIXTURE_BACKEND], earlyViews: true } });
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
});

const log = (page: Page) => viewFrame(page).contentFrame().locator('#log');

/** The tool-call notifications, in the order the view got them. */
const callMethods = (methods: string[]) => methods.filter((m) => /tool-(input|result|cancelled)/.test(m)).map((m) => m.replace('ui/notifications/', ''));

test('the view is shown while its tool runs: the input as it stands, then the complete input and the result, in the spec\'s order', async ({ page, mcpServer }) => {
  await openWith(page, mcpServer.url, {});
  await ask(page, `fixture-slow ${JSON.stringify({ ms: 2500, attack: 'none', note: 'x'.repeat(150) })}`);
  // The view is up, and has its input as it stands, before the tool's result (a partial input is
  // sent only while there is none: tool-call.test.ts); the order is checked below.
  await expect(log(page)).toContainText('got ui/notifications/tool-input-partial {"arguments":{"ms":2500', { timeout: 15_000 });
  await waitForAnswer(page);
  await expect(log(page)).toContainText('got ui/notifications/tool-result');
  const calls = callMethods(await checkHostMessages(page));
  expect(calls.at(-2)).toBe('tool-input');
  expect(calls.at(-1)).toBe('tool-result');
  expect(calls.slice(0, -2).every((m) => m === 'tool-input-partial')).toBe(true);
  expect(calls.slice(0, -2).length).toBeGreaterThan(0);
  // One view for the call, not a second one when the result came.
  await expect(page.locator('bailing-chat-widget iframe.mcp-frame')).toHaveCount(1);
});

test('the visitor stops the answer while the tool runs: the view is told its call was cancelled, and never gets a result', async ({ page, mcpServer }) => {
  await openWith(page, mcpServer.url, {});
  await ask(page, `fixture-slow ${JSON.stringify({ ms: 8000, attack: 'none' })}`);
  await expect(log(page)).toContainText('got ui/notifications/tool-input-partial', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(log(page)).toContainText('got ui/notifications/tool-cancelled {"reason":"The visitor stopped the answer before the tool gave its result."}');
  const calls = callMethods(await checkHostMessages(page));
  expect(calls.slice(-2)).toEqual(['tool-input', 'tool-cancelled']);
  expect(calls).not.toContain('tool-result');
  // The page again: the view drawn from what the widget kept is told the same.
  await openWith(page, mcpServer.url, {});
  await expect(log(page)).toContainText('got ui/notifications/tool-cancelled', { timeout: 15_000 });
  expect(callMethods(await checkHostMessages(page))).toEqual(['tool-input', 'tool-cancelled']);
});

test('a published server\'s own view, shown early, gets its input and result by the SDK\'s schema', async ({ page, mcpServer }) => {
  await openWith(page, mcpServer.url, {});
  await ask(page, 'mcp time');
  await waitForAnswer(page);
  await expect(viewFrame(page).contentFrame().locator('#server-time')).toHaveText(/^\d{4}-\d\d-\d\dT/, { timeout: 15_000 });
  const calls = callMethods(await checkHostMessages(page));
  expect(calls.slice(-2)).toEqual(['tool-input', 'tool-result']);
  await expect(page.locator('bailing-chat-widget iframe.mcp-frame')).toHaveCount(1);
});
