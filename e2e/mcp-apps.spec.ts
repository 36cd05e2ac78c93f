// MCP App views in the widget, against software nobody here wrote: the published MCP App servers'
// own views (their HTML, their copy of the ext-apps SDK) behind @ag-ui/mcp-apps-middleware, through
// the widget's host; every message the host sends them checked against the SDK's published schema.
import type { Page } from '@playwright/test';
import { ask, waitForAnswer } from './fixtures';
import { checkHostMessages, expect, open, openWith, test, viewFrame } from './mcp-apps-server';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
// The views' frames are recorded by an init script (RECORD_MESSAGES). Chromium puts an opaque
// sandboxed frame in a process of its own, where on a busy machine the script was attached after
// the view's first messages had arrived (the log then held only the last one). In the page's
// process it runs before the frame's own scripts; the frame stays sandboxed and opaque either way.
test.use({ launchOptions: { executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, '--disable-features=IsolateSandboxedIframes'] } });


/** The proxied MCP requests the page sent the agent, as `method name-or-uri`. */
function proxiedRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().includes('/agui/')) return;
    const p = (request.postDataJSON() as { forwardedProps?: { __proxiedMCPRequest?: { method: string; params?: { name?: string; uri?: string } } } }).forwardedProps?.__proxiedMCPRequest;
    if (p) seen.push(`${p.method} ${p.params?.name ?? p.params?.uri ?? ''}`.trim());
  });
  return seen;
}

test.describe('published MCP App servers’ own views', () => {
  test('basic server: its view gets the tool’s input and result, and calls its tool again through the agent on a click', async ({ page, mcpServer }) => {
    const proxied = proxiedRequests(page);
    await open(page, mcpServer.url);
    await ask(page, 'mcp time');
    await waitForAnswer(page);
    const view = viewFrame(page).contentFrame();
    const time = view.locator('#server-time');
    await expect(time).toHaveText(/^\d{4}-\d\d-\d\dT/, { timeout: 15_000 });
    const first = await time.textContent();
    expect(proxied).toEqual(expect.arrayContaining(['tools/list', 'resources/read ui://get-time/mcp-app.html']));
    // The view's own button: a tool that acts, inside the visitor's click in the view.
    await view.getByRole('button', { name: 'Get Server Time' }).click();
    await expect(time).not.toHaveText(first!);
    expect(proxied).toContain('tools/call get-time');
    const methods = await checkHostMessages(page);
    expect(methods.slice(0, 3)).toEqual(['(initialize result)', 'ui/notifications/tool-input', 'ui/notifications/tool-result']);
  });

  test('basic server: "Send Message" becomes the visitor’s message only once the visitor presses Send', async ({ page, mcpServer }) => {
    await open(page, mcpServer.url);
    await ask(page, 'mcp time');
    await waitForAnswer(page);
    const view = viewFrame(page).contentFrame();
    await expect(view.locator('#server-time')).toHaveText(/^\d{4}/, { timeout: 15_000 });
    await view.locator('#message-text').fill('What time zone is the server in?');
    await view.getByRole('button', { name: 'Send Message' }).click();
    const strip = page.locator('bailing-chat-widget .mcp-ask');
    await expect(strip).toContainText('What time zone is the server in?');
    await expect(page.locator('bailing-chat-widget .bc-msg-user')).toHaveCount(1);
    await strip.getByRole('button', { name: 'Send' }).click();
    await expect(page.locator('bailing-chat-widget .bc-msg-user').last()).toContainText('What time zone is the server in?');
    await expect(strip).toHaveCount(0);
  });

  test('system monitor: its view polls the app-only tool the owner vouches only reads, with no click', async ({ page, mcpServer }) => {
    const proxied = proxiedRequests(page);
    await open(page, mcpServer.url);
    await ask(page, 'mcp monitor');
    await waitForAnswer(page);
    const view = viewFrame(page).contentFrame();
    await expect(view.locator('#info-hostname')).not.toHaveText(/^(-|\s*)$/, { timeout: 15_000 });
    // The view starts polling when its tool result arrives (every 2 s).
    await expect.poll(() => proxied.filter((r) => r == 'tools/call poll-system-stats').length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await expect(view.locator('#memory-percent')).toHaveText(/\d+%/);
    await expect(view.locator('#status-text')).not.toHaveText('Error');
    await checkHostMessages(page);
  });

  test('system monitor: where the owner does not vouch for the app-only tool, a poll without a click is refused and never reaches the agent', async ({ page, mcpServer }) => {
    const proxied = proxiedRequests(page);
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await openWith(page, mcpServer.url, {});
    await ask(page, 'mcp monitor');
    await waitForAnswer(page);
    const view = viewFrame(page).contentFrame();
    await expect(view.locator('#status-text')).toHaveText('Error', { timeout: 15_000 });
    await expect.poll(() => warnings.some((w) => w.includes('tools/call "poll-system-stats": refused (gesture)'))).toBe(true);
    // The detector: the same view's first call did reach the agent where the owner vouched (test above).
    expect(proxied.filter((r) => r.startsWith('tools/call'))).toEqual([]);
  });
});
