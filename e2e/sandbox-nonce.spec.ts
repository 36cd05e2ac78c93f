// Generated views on a host whose CSP allows scripts and styles only by nonce. A view's srcdoc
// frame inherits the page's policy on top of its own, so its inline scripts run there only with
// the page's nonce: when the owner says so (sandbox: {nonce: true}), the widget gives its own
// scripts in the frame (the bridge, the packs', the view's jsFunctions and jsExpressions) and its
// styles the nonce of its script tag. Without the owner's word, or without a nonce to give (a
// loader added the tag under 'strict-dynamic'), the browser refuses the view's scripts and the
// host shows the title and summary.
import type { Page } from '@playwright/test';
import { ask, expect, launcher, test, waitForAnswer } from './fixtures';
import { fakeFirstReply, frameOf, liveView, sandboxFence, view } from './sandbox-helpers';

const NONCE = 'bc7nonce3e2e';
// Chromium's words for the refusal (older versions: "Refused to execute inline script because it violates …").
const REFUSED_SCRIPT = /(?:Executing|Refused to execute) inline script (?:because it )?violates the following Content Security Policy directive/;
const REFUSED_HANDLER = /(?:Executing|Refused to execute) inline event handler (?:because it )?violates the following Content Security Policy directive/;

const props = {
  title: 'Nonce view',
  summary: 'Shows that its scripts ran.',
  css: '#out { color: rgb(1, 2, 3) }',
  html: '<p id="out">not run</p><p id="hits"></p><p id="handler"></p><p id="clicked"></p><button id="inline" onclick="document.getElementById(\'handler\').textContent = \'handler ran\'">Inline</button><button id="listener">Listener</button>',
  jsFunctions: 'function mark(text) { document.getElementById("out").textContent = text }',
  jsExpressions: [
    'mark("script ran")',
    'document.getElementById("listener").addEventListener("click", () => mark("listener ran"))',
    // Added after the attribute's handler, so it runs after it: once it has, the handler had its turn.
    'document.getElementById("inline").addEventListener("click", () => { document.getElementById("clicked").textContent = "clicked" })',
    'documentSearch("refunds").then((hits) => { document.getElementById("hits").textContent = hits[0].content })',
  ],
};

/**
 * The view answered on `url`, whose CSP refuses its scripts: the browser's refusal comes, then the
 * host shows the view's title and summary, no frame, and a warning saying what to give views.
 */
async function expectRefusedView(page: Page, url: string, consoleMessages: { type: string; text: string }[]) {
  await fakeFirstReply(page, `Here:\n\n${sandboxFence(props)}\n`);
  await page.goto(url);
  const refused = page.waitForEvent('console', (m) => REFUSED_SCRIPT.test(m.text()));
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  await refused;
  await expect(page.locator('bailing-chat-widget .sbx-summary')).toHaveText('Shows that its scripts ran.', { timeout: 15_000 });
  await expect(frameOf(page)).toHaveCount(0);
  expect(consoleMessages.some((m) => m.type === 'warning' && m.text.includes("unless views are given the page's nonce"))).toBe(true);
}

test('the nonce of the widget’s tag: the view’s scripts, its styles and its pack run; an inline handler in its markup stays blocked', async ({ page, server, consoleMessages }) => {
  await fakeFirstReply(page, `Here:\n\n${sandboxFence(props)}\n`);
  await page.goto(`${server.url}/e2e/sandbox-nonce-csp.html`);
  // Control: this page runs no inline script without the nonce.
  const refusedOnPage = page.waitForEvent('console', (m) => REFUSED_SCRIPT.test(m.text()));
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.ranWithoutNonce = true';
    document.head.append(script);
  });
  await refusedOnPage;
  expect(await page.evaluate(() => (window as { ranWithoutNonce?: boolean }).ranWithoutNonce)).toBeUndefined();
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  await liveView(page);
  const frame = view(page);
  await expect(frame.locator('#out')).toHaveText('script ran');
  expect(await frame.locator('#out').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(1, 2, 3)');
  await expect(frame.locator('#hits')).toHaveText('Refunds take 5 business days (refunds).');
  await frame.locator('#listener').click();
  await expect(frame.locator('#out')).toHaveText('listener ran');
  // An event handler attribute is inline script without a nonce: the browser refuses it (Chromium
  // says so when it reads the attribute), and a click does not run it.
  await expect.poll(() => consoleMessages.filter((m) => REFUSED_HANDLER.test(m.text)).length).toBe(1);
  await frame.locator('#inline').click();
  await expect(frame.locator('#clicked')).toHaveText('clicked');
  await expect(frame.locator('#handler')).toHaveText('');
  // The nonce is on our scripts in the frame (bridge, packs, jsFunctions, 4 expressions), and the frame keeps its own CSP.
  expect(await frame.locator('script').evaluateAll((scripts) => scripts.map((s) => (s as HTMLScriptElement).nonce))).toEqual(Array(7).fill(NONCE));
  expect(await frame.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')).toContain("connect-src 'none'");
  expect(consoleMessages.filter((m) => REFUSED_SCRIPT.test(m.text))).toHaveLength(1);
});

test('a jsx view on the same page: the kit, the compiler and the code the runner compiles all run with the nonce', async ({ page, server, consoleMessages }) => {
  const jsx = { title: 'JSX nonce', summary: 'A counter in JSX.', jsx: 'function App() { const [n, setN] = useState(0); return <Card title="Count"><p id="n">{n} clicks</p><Button onClick={() => setN(n + 1)}>Add</Button></Card> }' };
  await fakeFirstReply(page, `Here:\n\n${sandboxFence(jsx)}\n`);
  await page.goto(`${server.url}/e2e/sandbox-nonce-csp.html`);
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  await liveView(page);
  await expect(view(page).locator('#n')).toHaveText('0 clicks');
  await view(page).getByRole('button', { name: 'Add' }).click();
  await expect(view(page).locator('#n')).toHaveText('1 clicks');
  expect(consoleMessages.filter((m) => REFUSED_SCRIPT.test(m.text))).toEqual([]);
});

test('no nonce to give (the tag added by a loader under strict-dynamic): the browser refuses the view’s scripts, and the host shows its title and summary', async ({ page, server, consoleMessages }) => {
  await expectRefusedView(page, `${server.url}/e2e/sandbox-nonce-dynamic.html`, consoleMessages);
});

test('the page’s nonce is not given to views unless the owner says so: without sandbox.nonce the browser refuses the view’s scripts', async ({ page, server, consoleMessages }) => {
  // The same nonce-only page, its preload without `nonce: true`.
  await page.route('**/e2e/sandbox-nonce-csp.html', async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    expect(html).toContain('nonce: true,');
    await route.fulfill({ response, body: html.replace('nonce: true,', '') });
  });
  await expectRefusedView(page, `${server.url}/e2e/sandbox-nonce-csp.html`, consoleMessages);
});
