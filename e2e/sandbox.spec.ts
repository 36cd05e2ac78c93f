// The opt-in `sandbox` renderer (DESIGN.md §8.3) in the built widget and a real Chromium frame:
// the switch, a view and its legitimate send, and the limits, the watchdog and the strict-CSP
// fallback. The escape attempts are in sandbox-escape.spec.ts.
import AxeBuilder from '@axe-core/playwright';
import { ask, composer, expect, jobIdOf, launcher, loadWidget, sseEvent, test, waitForAnswer } from './fixtures';
import { createJobBodies, fakeFirstReply, frameOf, liveView, sandboxFence, serverIdle, showView, view } from './sandbox-helpers';

/** A view with a button that sends `payload` and prints what happened. */
const sender = (payload: object) => ({
  title: 'Sender',
  summary: 'A button that sends a message.',
  html: '<button id="go">Send</button><output id="out"></output>',
  jsFunctions: `function go() { agent.send(${JSON.stringify(payload)}).then(() => out.textContent += 'sent;', (e) => out.textContent += 'refused: ' + e.message + ';') }`,
  jsExpressions: ['document.getElementById("go").onclick = go'],
});

test('off by default: a sandbox block shows as code and the type is not advertised', async ({ page, server }) => {
  const bodies = createJobBodies(page);
  await showView(page, server.url, sender({ text: 'x' }), { attrs: { 'data-sandbox': '0' } });
  await expect(page.locator('bailing-chat-widget pre code')).toContainText('"title":"Sender"');
  await expect(frameOf(page)).toHaveCount(0);
  expect(bodies[0]!.client_capabilities.renderers).not.toContain('sandbox');
});

test('data-sandbox="1" advertises the type; a click in the view sends: the visitor sees payload.text, the server gets the payload', async ({ page, server }) => {
  const bodies = createJobBodies(page);
  const payload = { text: 'Explain 12 × 7 = 84', expression: '12*7', result: 84 };
  await showView(page, server.url, sender(payload));
  expect(bodies[0]!.client_capabilities.renderers).toContain('sandbox');
  const frame = frameOf(page);
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
  await expect(frame).toHaveAttribute('allow', '');
  await expect(frame).toHaveAttribute('title', 'Sender');
  await expect(page.locator('bailing-chat-widget .sbx-caution')).toContainText('Do not type passwords');
  await view(page).locator('#go').click();
  await expect(view(page).locator('#out')).toHaveText('sent;');
  await expect.poll(() => bodies.length).toBe(2);
  expect(JSON.parse(bodies[1]!.message)).toEqual(payload);
  await expect(page.locator('bailing-chat-widget .bc-msg-user').last()).toContainText(payload.text);
  await waitForAnswer(page);
});

test('the frame follows its content height, clamped to maxHeight', async ({ page, server }) => {
  await showView(
    page,
    server.url,
    { title: 'Tall', html: '<div id="box" style="height:100px">x</div>', jsExpressions: ['document.body.dataset.up = 1'] },
    { before: 'window.BailingChat = { sandbox: { policy: { maxHeight: 300 } } }' },
  );
  const frame = frameOf(page);
  await expect.poll(async () => (await frame.boundingBox())?.height).toBe(100);
  await view(page).locator('#box').evaluate((el) => (el.style.height = '2000px'));
  await expect.poll(async () => (await frame.boundingBox())?.height).toBe(300);
});

test('sends that are too large, too frequent or too many are refused with a reason', async ({ page, server }) => {
  const bodies = createJobBodies(page);
  await showView(
    page,
    server.url,
    {
      title: 'Limits',
      html: '<button id="small">small</button><button id="big">big</button><output id="out"></output>',
      jsFunctions:
        'function send(p) { agent.send(p).then(() => out.textContent += "sent;", (e) => out.textContent += "refused: " + e.message + ";") }',
      jsExpressions: ['small.onclick = () => send({ text: "small" }); big.onclick = () => send({ text: "big", pad: "x".repeat(300) })'],
    },
    { before: 'window.BailingChat = { sandbox: { policy: { maxPayloadBytes: 200, minSendIntervalMs: 600000, maxSends: 1 } } }' },
  );
  const out = view(page).locator('#out');
  // Too large: refused before anything is sent.
  await view(page).locator('#big').click();
  await expect(out).toHaveText(/^refused: agent\.send: the payload is \d+ bytes as JSON, over the limit of 200;$/);
  // The control: a send within the limits goes out.
  await view(page).locator('#small').click();
  await expect(out).toContainText('sent;');
  await waitForAnswer(page);
  await serverIdle(page, server.url);
  // Too many (maxSends 1, the answer's) is checked before too frequent (the page's).
  await view(page).locator('#small').click();
  await expect(out).toContainText('refused: agent.send: refused (answer): at most 1 sends per answer (maxSends);');
  expect(bodies.filter((b) => typeof b.message == 'string' && b.message.startsWith('{'))).toHaveLength(1);
});

test('a send over the chat’s message limit is refused before it is sent, naming the limit and the size, and warned about once', async ({ page, server, consoleMessages }) => {
  const bodies = createJobBodies(page);
  // {"text":"x…x"} is 11 characters around the text: 5,000 characters as JSON, under the default maxPayloadBytes.
  await showView(page, server.url, sender({ text: 'x'.repeat(4989) }));
  await view(page).locator('#go').click();
  const reason = 'agent.send: the message is 5,000 characters; a message holds at most 4,000';
  await expect(view(page).locator('#out')).toHaveText(`refused: ${reason};`);
  await view(page).locator('#go').click();
  await expect(view(page).locator('#out')).toHaveText(`refused: ${reason};refused: ${reason};`);
  expect(consoleMessages.filter((m) => m.type === 'warning' && m.text.includes(reason))).toHaveLength(1);
  expect(bodies).toHaveLength(1);
});

/** Sets custom properties on the host page's :root (one whose value would break out of its declaration). */
const HOST_VARS =
  'const r = document.documentElement.style; r.setProperty("--brand", "#ff0000"); r.setProperty("--radius", " 6px"); r.setProperty("--sandbox-bg", "rgb(1, 2, 3)");' +
  'r.setProperty("--evil", "\\";}body{background:red}\\"");';
/** A view that prints those properties as its own :root has them, and its body's background. */
const varsReader = {
  title: 'Vars',
  html: '<output id="out"></output>',
  jsExpressions: [
    'const s = getComputedStyle(document.documentElement); out.textContent = ["--brand", "--radius", "--sandbox-bg", "--evil"].map((n) => n + "=" + s.getPropertyValue(n).trim()).join(" ") + " body=" + getComputedStyle(document.body).backgroundColor',
  ],
};

test("the host page's :root custom properties are mirrored into the view, sanitised, with the theme's --sandbox-* after them", async ({ page, server }) => {
  await showView(page, server.url, varsReader, { before: HOST_VARS });
  await expect(view(page).locator('#out')).toHaveText('--brand=#ff0000 --radius=6px --sandbox-bg=#ffffff --evil= body=rgb(255, 255, 255)');
});

test("preload sandbox: {theme: false} keeps the host page's custom properties out of the view", async ({ page, server, consoleMessages }) => {
  await showView(page, server.url, varsReader, { before: HOST_VARS + 'window.BailingChat = { sandbox: { theme: false } };' });
  await expect(view(page).locator('#out')).toHaveText('--brand= --radius= --sandbox-bg=#ffffff --evil= body=rgb(255, 255, 255)');
  // A known key, not warned about.
  expect(consoleMessages.filter((m) => m.text.includes('sandbox.theme'))).toEqual([]);
});

test('a view with both html and jsx filled (strict tool calling fills every field): the longer is drawn, the other dropped, with a console note', async ({ page, server, consoleMessages }) => {
  // The markup holds the view; jsx is the stub a model filling every field leaves.
  await showView(page, server.url, { ...sender({ text: 'both' }), jsx: 'function App() { return null }' });
  await expect(frameOf(page)).toHaveCount(1);
  await expect(view(page).locator('#go')).toHaveText('Send');
  await expect(page.locator('bailing-chat-widget pre code')).toHaveCount(0);
  await expect
    .poll(() => consoleMessages.filter((m) => m.type === 'warning' && m.text.includes('view "Sender": both jsx (30 characters) and html with its scripts (') && m.text.endsWith('are filled: drawing the longer, html; the other is dropped')))
    .toHaveLength(1);
});

test('a view with both filled whose jsx is the longer is drawn by the page kit from its jsx', async ({ page, server, consoleMessages }) => {
  const jsx = 'function App() { return <Card title="From jsx"><p id="which">jsx drew this</p></Card> }';
  await fakeFirstReply(page, `Here:\n\n${sandboxFence({ title: 'Both', summary: 'Both fields.', html: '<p id="which">html</p>', jsx })}`);
  await page.goto(`${server.url}/pages/sandbox.html`);
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  await expect(view(page).locator('#which')).toHaveText('jsx drew this', { timeout: 15_000 });
  expect(consoleMessages.some((m) => m.type === 'warning' && m.text.includes('view "Both": both jsx (') && m.text.endsWith('drawing the longer, jsx; the other is dropped'))).toBe(true);
});

test('a second send within minSendIntervalMs is refused', async ({ page, server }) => {
  const bodies = createJobBodies(page);
  await showView(page, server.url, sender({ text: 'again' }), { before: 'window.BailingChat = { sandbox: { policy: { minSendIntervalMs: 600000 } } }' });
  await view(page).locator('#go').click();
  await expect(view(page).locator('#out')).toHaveText('sent;');
  await waitForAnswer(page);
  await serverIdle(page, server.url);
  await view(page).locator('#go').click();
  await expect(view(page).locator('#out')).toHaveText('sent;refused: agent.send: refused (interval): wait 600000 ms between sends (minSendIntervalMs);');
  expect(bodies).toHaveLength(2);
});

test('errors in the view are reported to the console and in a notice', async ({ page, server, consoleMessages }) => {
  await showView(page, server.url, { title: 'Broken', html: '<p>x</p>', jsExpressions: ['undefinedFunction()'] });
  await expect(page.locator('bailing-chat-widget .sbx-error')).toContainText('undefinedFunction is not defined');
  expect(consoleMessages.some((m) => m.type === 'warning' && /sandbox: view "Broken": error in the view's code: .*undefinedFunction/.test(m.text))).toBe(true);
});

test('an invalid owner policy is warned about and views show as code', async ({ page, server, consoleMessages }) => {
  await showView(page, server.url, sender({ text: 'x' }), { before: 'window.BailingChat = { sandbox: { policy: { allow: { connect: ["http://evil.example"] } } } }' });
  await expect(page.locator('bailing-chat-widget pre code[data-language="sandbox"]')).toBeVisible();
  await expect(frameOf(page)).toHaveCount(0);
  expect(consoleMessages.some((m) => m.type === 'warning' && m.text.includes("owner's sandbox policy is invalid") && m.text.includes('must start with https://'))).toBe(true);
});

test('a host page whose CSP blocks inline scripts gets the title and summary, and a warning saying why', async ({ page, server, consoleMessages }) => {
  await showView(page, server.url, { ...sender({ text: 'x' }), title: 'Calculator', summary: 'A small calculator.' }, { page: '/e2e/sandbox-strict-csp.html' });
  await expect(page.locator('bailing-chat-widget .sbx-summary')).toHaveText('A small calculator.', { timeout: 15_000 });
  await expect(page.locator('bailing-chat-widget .sbx-title')).toHaveText('Calculator');
  await expect(frameOf(page)).toHaveCount(0);
  expect(consoleMessages.some((m) => m.type === 'warning' && m.text.includes('srcdoc frames inherit the page\'s Content-Security-Policy'))).toBe(true);
});

test('a view that hangs: the page stays responsive, Stop ends every view and the busy process', async ({ page, server }) => {
  test.slow(); // it waits on CPU time, which a loaded machine hands out slowly
  const cdp = await page.context().browser()!.newBrowserCDPSession();
  const renderers = async () =>
    new Map(((await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { id: number; type: string; cpuTime: number }[] }).processInfo.filter((p) => p.type == 'renderer').map((p) => [p.id, p.cpuTime]));
  const calm = { title: 'Calm', html: '<p id="p">calm</p>', jsExpressions: ['1'] };
  const busy = {
    title: 'Busy',
    html: '<p id="p">Spinning soon</p>',
    // Up and talking to the host first, then a busy loop that never ends.
    jsExpressions: ['setTimeout(() => { for (;;) {} }, 1500)'],
  };
  await fakeFirstReply(page, `Two views:\n\n${sandboxFence(calm)}\n\n${sandboxFence(busy)}`);
  await loadWidget(page, server.url, { attrs: { 'data-sandbox': '1' } });
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  await expect(page.frameLocator('bailing-chat-widget iframe[title="Calm"]').locator('#p')).toHaveText('calm');
  // The host page's own timers, measured while the view spins (out-of-process frame: they keep running).
  await page.evaluate(() => {
    (window as any).ticks = 0;
    setInterval(() => (window as any).ticks++, 100);
  });
  const stop = page.getByRole('button', { name: 'Stop the view' }).first();
  await expect(stop).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => (window as any).ticks)).toBeGreaterThan(10);
  // The renderer that burns CPU now is the views' process (both views live in it): it is watched
  // until it has used more than 0.5 CPU seconds (a calm page's renderer uses a few hundredths;
  // how fast it gets there is the machine's, not the widget's, so the wait is long).
  const a = await renderers();
  const since = Date.now();
  let spinning = -1;
  await expect
    .poll(async () => {
      const b = await renderers();
      const [id, used] = [...b].map(([id, cpu]) => [id, cpu - (a.get(id) ?? cpu)] as const).sort((x, y) => y[1] - x[1])[0]!;
      spinning = id;
      const elapsed = (Date.now() - since) / 1000;
      return used > 0.5 ? 'spinning' : `${used.toFixed(2)} CPU s in ${elapsed.toFixed(2)} s`;
    }, { message: 'CPU the busiest renderer used since the view hung', timeout: 60_000 })
    .toBe('spinning');
  // The widget's own controls work meanwhile.
  await composer(page).fill('still typing');
  await expect(composer(page)).toHaveValue('still typing');
  await stop.click();
  await expect(frameOf(page)).toHaveCount(0);
  await expect(page.locator('bailing-chat-widget .sbx-reason')).toHaveText(['The view was stopped.', 'The view was stopped.']);
  // With no frame left in it, Chromium ends the process, and the loop with it.
  await expect.poll(async () => (await renderers()).has(spinning), { timeout: 10_000 }).toBe(false);
  await serverIdle(page, server.url);
});

test('theme changes reach the view', async ({ page, server }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await showView(page, server.url, { title: 'Theme', html: '<p id="p">x</p>', jsExpressions: ['1'] });
  const scheme = () => view(page).locator('#p').evaluate(() => getComputedStyle(document.documentElement).colorScheme);
  await expect.poll(scheme).toBe('light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(scheme).toBe('dark');
});

test('the demo: "calculator" answers with a working calculator whose button asks the assistant', async ({ page, server }) => {
  const bodies = createJobBodies(page);
  await page.goto(`${server.url}/pages/sandbox.html`);
  await page.getByRole('button', { name: 'Open chat' }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill('calculator');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await waitForAnswer(page);
  await liveView(page);
  const calc = view(page);
  for (const key of ['1', '2', '×', '7', '+', '(', '3', '−', '1', ')', '=']) await calc.getByRole('button', { name: key, exact: true }).click();
  await expect(calc.locator('#display')).toHaveText('86');
  await expect(frameOf(page)).toHaveAttribute('title', 'Calculator');
  await page.screenshot({ path: 'test-results/sandbox-calculator.png' });
  await calc.getByRole('button', { name: 'Ask the assistant to explain' }).click();
  await expect(page.locator('bailing-chat-widget .bc-msg-user').last()).toContainText('Please explain: 12×7+(3−1) = 86');
  await waitForAnswer(page);
  await expect(page.locator('bailing-chat-widget .bc-msg-assistant').last()).toContainText('12×7+(3−1) = 86');
  expect(JSON.parse(bodies.at(-1)!.message)).toMatchObject({ view: 'calculator', expression: '12×7+(3−1)', result: 86 });
});

test('the demo: "unit converter" converts as you type', async ({ page, server }) => {
  await page.goto(`${server.url}/pages/sandbox.html`);
  await page.getByRole('button', { name: 'Open chat' }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill('unit converter');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await waitForAnswer(page);
  const conv = view(page);
  await expect(conv.locator('#result')).toHaveText('10 m = 0.01 km');
  await conv.locator('#kind').selectOption('temperature');
  await conv.locator('#value').fill('100');
  await conv.locator('#to').selectOption('°F');
  await expect(conv.locator('#result')).toHaveText('100 °C = 212 °F');
  await page.screenshot({ path: 'test-results/sandbox-converter.png' });
});

test('a view that hangs in its first run (the frame never loads) is offered to be stopped too', async ({ page, server }) => {
  await showView(page, server.url, { title: 'Stuck', summary: 'Never finishes.', html: '<p>x</p>', jsExpressions: ['for (;;) {}'] });
  await page.getByRole('button', { name: 'Stop the view' }).click({ timeout: 15_000 });
  await expect(frameOf(page)).toHaveCount(0);
  await expect(page.locator('bailing-chat-widget .sbx-summary')).toHaveText('Never finishes.');
});

test('the chrome speaks the widget language: zh-CN', async ({ page, server }) => {
  await fakeFirstReply(page, sandboxFence({ html: '<p>x</p>', jsExpressions: ['1'] }));
  await loadWidget(page, server.url, { attrs: { 'data-sandbox': '1', 'data-lang': 'zh-CN' } });
  await page.locator('bailing-chat-widget [part="launcher"]').click();
  await page.locator('bailing-chat-widget [part="input"]').fill('你好');
  await page.locator('bailing-chat-widget [part="input"]').press('Enter');
  await expect(page.locator('bailing-chat-widget .sbx-caution')).toHaveText('此视图由 AI 生成，与本页面隔离。请勿在其中输入密码或其他机密信息。');
  await expect(frameOf(page)).toHaveAttribute('title', '交互视图');
  await serverIdle(page, server.url);
});

test('axe: the calculator view and its chrome have no serious or critical findings, light and dark', async ({ page, server }) => {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${server.url}/pages/sandbox.html`);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.getByRole('button', { name: 'Open chat' }).click();
    await page.getByRole('textbox', { name: 'Message' }).fill('calculator');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await waitForAnswer(page);
    await expect(view(page).getByRole('button', { name: '=' })).toBeVisible();
    if (scheme == 'light') {
      // The detector: a button without a name inside the view is reported, so axe looks into the frame.
      await view(page).locator('body').evaluate((body) => body.append(document.createElement('button')));
      // On a busy machine axe may give up on a frame that answers late; it is asked again until it has looked inside.
      await expect.poll(async () => (await new AxeBuilder({ page }).include('bailing-chat-widget').analyze()).violations.map((v) => v.id)).toContain('button-name');
      await view(page).locator('body > button:last-child').evaluate((button) => button.remove());
    }
    const results = await new AxeBuilder({ page }).include('bailing-chat-widget').analyze();
    const found = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    for (const v of found) console.log(`[axe ${scheme}] ${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(found.map((v) => v.id), scheme).toEqual([]);
    await serverIdle(page, server.url);
  }
});

test('preload sandbox: true turns views on with the default policy; sandbox: false keeps them off', async ({ page, server, browser }) => {
  await showView(page, server.url, { title: 'On', html: '<p id="p">on</p>', jsExpressions: ['1'] }, { attrs: { 'data-sandbox': '0' }, before: 'window.BailingChat = { sandbox: true }' });
  await expect(view(page).locator('#p')).toHaveText('on');
  // A context of its own: the first page's saved conversation is not restored here.
  const context2 = await browser.newContext();
  const page2 = await context2.newPage();
  await showView(page2, server.url, { title: 'Off', html: '<p>x</p>', jsExpressions: ['1'] }, { attrs: { 'data-sandbox': '1' }, before: 'window.BailingChat = { sandbox: false }' });
  await expect(page2.locator('bailing-chat-widget pre code')).toContainText('"title":"Off"');
  await expect(frameOf(page2)).toHaveCount(0);
  await context2.close();
});

test('while the reply streams, an open sandbox fence is a placeholder of initialHeight; at done the view mounts', async ({ page, server }) => {
  const props = { initialHeight: 180, placeholderMessages: ['Setting up the view…'], title: 'Later', html: '<p id="p">live</p>', jsExpressions: ['1'] };
  const reply = `A view:\n\n\`\`\`sandbox\n${JSON.stringify(props)}\n\`\`\``;
  const partial = reply.slice(0, reply.indexOf('"html"') + 10);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const connections: string[] = [];
  await page.route('**/chat/demo_assistant/events/**', async (route, request) => {
    const jobId = jobIdOf(request.url());
    connections.push(jobId);
    const open = sseEvent('open', { ok: true, job_id: jobId, status: 'running', protocol: 'bailing.chat.stream.v1', streaming: true });
    if (connections.filter((j) => j === jobId).length === 1) {
      // First connection: the reply up to the middle of the view, then the stream ends (the widget resumes it).
      return route.fulfill({ status: 200, contentType: 'text/event-stream', body: open + sseEvent('delta', { seq: 1, text: partial, round: 1 }, 1) });
    }
    await gate;
    await route.fulfill({ status: 200, contentType: 'text/event-stream', body: open + sseEvent('delta', { seq: 2, text: reply.slice(partial.length), round: 1 }, 2) + sseEvent('done', { done: true, job_id: jobId, reply }, 3) });
  });
  await loadWidget(page, server.url, { attrs: { 'data-sandbox': '1' } });
  await launcher(page).click();
  await ask(page, 'hello');
  const wait = page.locator('bailing-chat-widget .bc-wait');
  await expect(wait).toHaveText('Setting up the view…');
  expect((await wait.boundingBox())?.height).toBe(180);
  await expect(frameOf(page)).toHaveCount(0);
  release();
  await waitForAnswer(page);
  await expect(view(page).locator('#p')).toHaveText('live');
  await expect(wait).toHaveCount(0);
  await serverIdle(page, server.url);
});
