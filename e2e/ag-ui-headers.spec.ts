// The agent's header values (preload `agent.headers`: an API key, say) go on the runs' requests
// and nowhere else: not into a renderer's context (mount or preview), not into a generated view's
// frame (its document, its globals), not into any message the page posts to the frame. Each search
// is first shown to find a value that did get there.
import type { Page } from '@playwright/test';
import { ask, expect, launcher, test, waitForAnswer } from './fixtures';
import { postsWith, recordPosts, searchFrame } from './secret-search';

const AGENT_PATH = '/agui/demo_assistant';

/** /pages/ag-ui.html with the preload's agent given a header whose value is `secret`. */
async function agentPageWithHeader(page: Page, secret: string) {
  await page.route('**/pages/ag-ui.html', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('window.BailingChat = {', `window.BailingChat = { agent: { headers: { 'X-Demo-Key': '${secret}' } },`);
    expect(html).toContain(secret);
    await route.fulfill({ response, body: html });
  });
}

test('the agent\'s header values reach only the runs\' requests: never a renderer\'s context, a view\'s frame or a message to it', async ({ page, server }) => {
  const secret = `key-${Math.random().toString(36).slice(2)}-value`;
  await agentPageWithHeader(page, secret);
  await recordPosts(page);
  const runs: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === AGENT_PATH) runs.push(request.headers()['x-demo-key'] ?? '');
  });
  await page.goto(`${server.url}/pages/ag-ui.html`);
  await page.waitForFunction(() => (window as any).BailingChat?.apiVersion === '1');
  // A host renderer in place of the built-in form: it writes down every value its contexts hold
  // (DOM nodes by name only; functions by their source).
  await page.evaluate(() => {
    const seen: string[] = ((window as any).contexts = []);
    const walk = (value: unknown, depth: number, out: string[]): void => {
      if (depth > 6 || value === null || value === undefined) return;
      if (typeof value === 'function') return void out.push(String(value));
      if (typeof value !== 'object') return void out.push(String(value));
      if (value instanceof Node) return void out.push(value.nodeName);
      if (value instanceof AbortSignal) return void out.push(`signal:${value.aborted}`);
      for (const key of Object.keys(value)) {
        out.push(key);
        walk((value as Record<string, unknown>)[key], depth + 1, out);
      }
    };
    const record = (context: unknown) => {
      const out: string[] = [];
      walk(context, 0, out);
      seen.push(out.join('\n'));
    };
    (window as any).BailingChat.registerRenderer({
      type: 'bailing-form',
      preview: record,
      mount(context: { container: HTMLElement }) {
        record(context);
        context.container.textContent = 'host form';
      },
    });
  });
  await launcher(page).click();

  // A renderer's tool call ("form"), previewed while its arguments stream, then mounted.
  await ask(page, 'I need a refund form');
  await waitForAnswer(page);
  await expect(page.locator('bailing-chat-widget .bc-part-ui').getByText('host form')).toBeVisible();
  const contexts = await page.evaluate(() => (window as any).contexts as string[]);
  // The mount's context, and a preview's for each frame the arguments were still streaming in
  // (none when they all arrive within one). The control: the walk sees what the agent put in the
  // call's arguments (the form's title).
  expect(contexts.length).toBeGreaterThanOrEqual(1);
  expect(contexts.at(-1)).toMatch(/refund/i);
  for (const context of contexts) expect(context).not.toContain(secret);

  // A generated view's tool call ("calculator", ui__sandbox).
  await ask(page, 'calculator');
  await waitForAnswer(page);
  const handle = await page.locator('bailing-chat-widget .bc-part-ui iframe.sbx-frame').last().elementHandle();
  const frame = (await handle!.contentFrame())!;
  await frame.waitForFunction(() => typeof (window as any).press === 'function');
  const search = (needle: string) => searchFrame(frame, needle);
  // The control: the search finds the view's own code in its document and as a global.
  expect(await search('function press(key)')).toEqual(expect.arrayContaining(['document', 'window.press']));
  expect(await search(secret)).toEqual([]);
  // The view sends (a visitor's click): the page answers the frame on its port, and the record of
  // posted messages holds that answer, so it would hold a secret sent the same way.
  const view = page.frameLocator('bailing-chat-widget .bc-part-ui iframe.sbx-frame').last();
  for (const key of ['6', '×', '7', '=']) await view.getByRole('button', { name: key, exact: true }).click();
  await view.getByRole('button', { name: 'Ask the assistant to explain' }).click();
  await expect.poll(() => postsWith(page, '"type":"result"')).toBeGreaterThan(0);
  await waitForAnswer(page);
  expect(await postsWith(page, secret)).toBe(0);
  expect(await search(secret)).toEqual([]);

  // Where the value does go: on each run's request.
  expect(runs.length).toBeGreaterThanOrEqual(3);
  expect(new Set(runs)).toEqual(new Set([secret]));
});
