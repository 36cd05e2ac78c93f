// Screenshots of two published servers' views in the widget, desktop and phone, for a person to
// look at (written to test-results/mcp-apps-screens/). Run on demand: MCP_SCREENSHOTS=1.
import { ask, waitForAnswer } from './fixtures';
import { expect, open, test, viewFrame } from './mcp-apps-server';

test.skip(!process.env.MCP_SCREENSHOTS, 'screenshots on demand (MCP_SCREENSHOTS=1)');

for (const [device, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
  test(`the basic server’s and the system monitor’s views, ${device}`, async ({ page, mcpServer }) => {
    await page.setViewportSize(viewport);
    await open(page, mcpServer.url);
    await ask(page, 'mcp time');
    await waitForAnswer(page);
    await expect(viewFrame(page).contentFrame().locator('#server-time')).toHaveText(/^\d{4}/, { timeout: 15_000 });
    await page.screenshot({ path: `test-results/mcp-apps-screens/basic-${device}.png` });
    await ask(page, 'mcp monitor');
    await waitForAnswer(page);
    await expect(viewFrame(page).contentFrame().locator('#memory-percent')).toHaveText(/\d+%/, { timeout: 15_000 });
    await viewFrame(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/mcp-apps-screens/monitor-${device}.png` });
  });
}
