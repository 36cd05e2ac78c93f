// A sandbox view while the model writes it (DESIGN.md §8.3), in the built widget and a real
// Chromium: the placeholder until markup arrives, then a preview frame showing the styles and the
// markup so far, redrawn as the stream grows; no script of the view runs before it is complete
// (the same markup proves the detectors fire once it is live); at the end the live view takes
// the preview's place, the frame never collapsing nor showing an empty box in between (the
// preview's frame stays in view until the live one is up). Over BailingHub (the stream
// released step by step) and over AG-UI (an agent whose run the test writes).
import type { Frame, Page } from '@playwright/test';
import { BILL_VIEW, CALCULATOR_VIEW } from '../examples/server/demo/demo-sandbox';
import { ask, expect, launcher, lastAssistant, loadWidget, test, waitForAnswer } from './fixtures';
import { fakeFirstReply, serverIdle } from './sandbox-helpers';
import { cutBefore, steppedAgent, steppedJob } from './stepped-streams';

type W = Record<string, any>;

const fence = (props: object) => '```sandbox\n' + JSON.stringify(props) + '\n```';

/** The widget's sandbox frames: previews and live views. */
const previewFrames = (page: Page) => page.frames().filter((f) => f.url() === 'about:srcdoc' && f.parentFrame() === page.mainFrame());
async function frameWith(page: Page, kind: 'preview' | 'live'): Promise<Frame | undefined> {
  for (const frame of previewFrames(page)) {
    const csp = await frame.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? '').catch(() => '');
    // A live view's policy names every directive; a preview's denies by default and names no `connect-src`.
    if (csp && csp.includes('connect-src') === (kind === 'live')) return frame;
  }
}
/** Polls until a frame of `kind` exists and `read` of it returns something. */
async function readFrame<T>(page: Page, kind: 'preview' | 'live', read: () => T): Promise<T | undefined> {
  const frame = await frameWith(page, kind);
  return frame ? ((await frame.evaluate(read).catch(() => undefined)) as T | undefined) : undefined;
}

/**
 * Records in the page, on every animation frame from now on, the height of the view's box (the
 * preview's, then the live one's) while one is there, and which kinds of frame it held: the
 * frame must never collapse between preview and live.
 */
async function recordHeights(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as W;
    const seen: { h: number; frames: number }[] = (w.__heights = []);
    const root = document.querySelector('bailing-chat-widget')!.shadowRoot!;
    const tick = () => {
      const box = [...root.querySelectorAll<HTMLElement>('.sbx')].at(-1);
      if (box) {
        const frames = [...box.querySelectorAll('iframe')].filter((f) => !f.classList.contains('sbx-behind'));
        seen.push({ h: Math.max(0, ...frames.map((f) => f.getBoundingClientRect().height)), frames: frames.length });
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/**
 * Records in the page, on every animation frame from now on until the live view is up, whether
 * the visitor sees a drawn view in the box: the frame in front (not the live one starting behind
 * it) must be one that was drawn already (a frame on the page before this call, or one whose
 * document loaded before the last frame was painted). A frame just inserted shows nothing until
 * its document loads, and the frame after. `__blank` collects the animation frames that showed
 * neither the preview nor the live view; `__front` the frames seen in front, in order.
 */
async function recordBlankFrames(page: Page, within: string) {
  await page.evaluate((within) => {
    const w = window as unknown as W;
    const root = document.querySelector('bailing-chat-widget')!.shadowRoot!;
    const loaded = new WeakMap<HTMLIFrameElement, number>();
    let tick = 0;
    const watch = (frame: HTMLIFrameElement) => {
      if (loaded.has(frame)) return;
      loaded.set(frame, Infinity);
      frame.addEventListener('load', () => loaded.set(frame, tick));
    };
    // Frames on the page now have drawn (the test waited for their content).
    for (const frame of root.querySelectorAll('iframe')) loaded.set(frame, -1);
    // A frame inserted is watched at once (before its document can load).
    const observer = new MutationObserver(() => root.querySelectorAll('iframe').forEach(watch));
    observer.observe(root, { childList: true, subtree: true });
    w.__blank = [];
    w.__front = [];
    w.__live = false;
    const ids = new WeakMap<HTMLIFrameElement, string>();
    const sample = () => {
      tick++;
      const box = [...root.querySelectorAll<HTMLElement>(`${within} .sbx`)].at(-1);
      const front = box && [...box.querySelectorAll('iframe')].filter((f) => !f.classList.contains('sbx-behind')).at(0);
      if (front && !ids.has(front)) ids.set(front, `${front.className.split(' ')[0]}#${w.__front.length}`), w.__front.push(ids.get(front));
      const drawn = !!front && (loaded.get(front) ?? Infinity) < tick;
      if (!drawn) w.__blank.push(tick);
      // Up: the live frame in front, drawn.
      if (drawn && front.classList.contains('sbx-frame')) return observer.disconnect(), (w.__live = true);
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  }, within);
}

const VIEW = {
  initialHeight: 160,
  placeholderMessages: ['Drawing the view…'],
  title: 'Growing',
  summary: 'A list that grows.',
  css: 'h2 { color: rgb(200, 30, 30); margin: 0 0 8px; } li { padding: 4px; }',
  html: '<h2 id="head">Shopping list</h2><ul id="list"><li>Tea &amp; biscuits</li><li>Milk</li><li>Bread</li><li>Jam</li></ul><p id="end">That is all.</p>',
  jsFunctions: 'function mark() { document.body.dataset.live = "yes"; }',
  jsExpressions: ['mark()'],
};
const REPLY = `Here is your list:\n\n${fence(VIEW)}\n\nAnything else?`;

test('BailingHub: the placeholder, then the markup drawn in a preview frame as it streams, styled once the CSS closed; then the live view, never collapsing', async ({ page, server }) => {
  const job = await steppedJob(page);
  await loadWidget(page, server.url, { attrs: { 'data-sandbox': '1' } });
  await launcher(page).click();
  await ask(page, 'hello');
  const answer = lastAssistant(page);
  const [head, css, mid, tail, rest] = cutBefore(REPLY, ['"css"', '<li>Milk', '<li>Jam', '"jsFunctions"']);

  // The props before any markup: the placeholder, no frame.
  await job.step([head!]);
  await expect(answer.locator('.bc-wait')).toHaveText('Drawing the view…');
  await expect(answer.locator('iframe')).toHaveCount(0);
  // The CSS, still open: no markup yet, so still the placeholder.
  await job.step([css!.slice(0, 20)]);
  await expect(answer.locator('.bc-wait')).toHaveText('Drawing the view…');

  // The CSS closed and the markup begun: the preview frame, styled, with what arrived; the
  // half-written `<li` at the end is not drawn.
  await recordHeights(page);
  await job.step([css!.slice(20) + mid!.slice(0, 3)]);
  await expect(answer.locator('.sbx-title')).toHaveText('Growing');
  await expect.poll(() => readFrame(page, 'preview', () => document.querySelector('#list')?.textContent)).toBe('Tea & biscuits');
  expect(await readFrame(page, 'preview', () => getComputedStyle(document.querySelector('h2')!).color)).toBe('rgb(200, 30, 30)');
  expect(await readFrame(page, 'preview', () => document.body.innerHTML.includes('&lt;'))).toBe(false);
  const frame = answer.locator('iframe.sbx-preview');
  await expect(frame).toHaveCount(1);
  await expect(answer.locator('iframe.sbx-frame')).toHaveCount(0);
  await expect(frame).toHaveAttribute('sandbox', '');
  expect((await frame.boundingBox())!.height).toBeGreaterThanOrEqual(160);

  // More markup: drawn in the same frame (redrawn inside it, not reloaded).
  await page.evaluate(() => ((window as unknown as W).__frameBefore = document.querySelector('bailing-chat-widget')!.shadowRoot!.querySelector('iframe.sbx-preview')));
  const previewBefore = await frameWith(page, 'preview');
  await previewBefore!.evaluate(() => ((window as unknown as W).__same = 'yes'));
  await job.step([mid!.slice(3) + tail!]);
  await expect.poll(() => readFrame(page, 'preview', () => [...document.querySelectorAll('li')].map((li) => li.textContent).join(','))).toBe('Tea & biscuits,Milk,Bread,Jam');
  expect(await previewBefore!.evaluate(() => (window as unknown as W).__same)).toBe('yes');
  expect(await page.evaluate(() => (window as unknown as W).__frameBefore === document.querySelector('bailing-chat-widget')!.shadowRoot!.querySelector('iframe.sbx-preview'))).toBe(true);
  // No script of the view ran in the preview.
  expect(await previewBefore!.evaluate(() => document.body.dataset.live ?? 'no')).toBe('no');

  // The rest and done: the live view, its scripts run, in place of the preview, which stays in
  // view (the same frame, never a blank box) until the live view is up.
  await recordBlankFrames(page, '.bc-msg-assistant');
  await job.step([rest!], REPLY);
  await waitForAnswer(page);
  await page.waitForFunction(() => (window as unknown as W).__live);
  const swap = await page.evaluate(() => ({ blank: (window as unknown as W).__blank, front: (window as unknown as W).__front }));
  expect(swap.blank, 'animation frames showing neither the preview nor the live view').toEqual([]);
  expect(swap.front).toEqual(['sbx-preview#0', 'sbx-frame#1']);
  await expect.poll(() => readFrame(page, 'live', () => document.body.dataset.live)).toBe('yes');
  await expect(answer.locator('.sbx iframe')).toHaveCount(1);
  await expect(answer.locator('.sbx iframe.sbx-behind')).toHaveCount(0);
  expect(await readFrame(page, 'live', () => document.querySelector('#end')?.textContent)).toBe('That is all.');
  const heights: { h: number; frames: number }[] = await page.evaluate(() => (window as unknown as W).__heights);
  expect(heights.length).toBeGreaterThan(10);
  expect(heights.filter((s) => s.h < 100), 'animation frames where the view was shorter than 100 px').toEqual([]);
  await serverIdle(page, server.url);
});

test('the fence closes before the answer ends, and text follows it: the preview frame is not loaded again (its scripts would be refused), and the live view takes its place in the one box', async ({ page, server, consoleMessages }) => {
  const job = await steppedJob(page);
  await loadWidget(page, server.url, { attrs: { 'data-sandbox': '1' } });
  await launcher(page).click();
  await ask(page, 'hello');
  const answer = lastAssistant(page);
  const [head, rest, after] = cutBefore(REPLY, ['<li>Jam', '\n\nAnything else?']);
  await job.step([head!]);
  await expect.poll(() => readFrame(page, 'preview', () => document.querySelector('#list')?.textContent)).toContain('Tea & biscuits');
  const before = await frameWith(page, 'preview');
  await before!.evaluate(() => ((window as unknown as W).__same = 'yes'));
  // The fence closes, and the answer's next words come after it: the tail is painted again.
  await job.step([rest!, after!.slice(0, 10)]);
  await expect(answer.locator('.bc-body > p').last()).toHaveText('Anything');
  await job.step([after!.slice(10)]);
  await expect(answer.locator('.bc-body > p').last()).toHaveText('Anything else?');
  // The same document: the frame was not taken out of the page and put back (which loads it again).
  expect(await before!.evaluate(() => (window as unknown as W).__same).catch(() => 'gone')).toBe('yes');
  expect(await readFrame(page, 'preview', () => [...document.querySelectorAll('li')].map((li) => li.textContent).join(','))).toBe('Tea & biscuits,Milk,Bread,Jam');
  await expect(answer.locator('.sbx')).toHaveCount(1);
  await job.step([], REPLY);
  await waitForAnswer(page);
  await expect.poll(() => readFrame(page, 'live', () => document.body.dataset.live)).toBe('yes');
  await expect(answer.locator('.sbx')).toHaveCount(1);
  await expect(answer.locator('.sbx iframe')).toHaveCount(1);
  expect(consoleMessages.filter((m) => /Blocked script execution/.test(m.text)).map((m) => m.text)).toEqual([]);
  await serverIdle(page, server.url);
});

/**
 * Markup that would tell the host page it ran, each way markup can run script: an inline
 * `<script>`, an `<img onerror>`, an `<svg onload>`, a `javascript:` link (clicked), and a
 * `<script>` still open when a step ends. The host page logs every message it gets, with the
 * phase the test is in.
 */
const ATTEMPTS = {
  title: 'Attempts',
  html:
    '<p id="p">Attempts</p>' +
    '<script>parent.postMessage("ran:script", "*")</script>' +
    '<img id="img" src="data:," onerror="parent.postMessage(\'ran:img\', \'*\')">' +
    '<svg id="svg" onload="parent.postMessage(\'ran:svg\', \'*\')" width="10" height="10"></svg>' +
    '<a id="a" href="javascript:parent.postMessage(\'ran:href\', \'*\')" style="display:block;width:200px;height:30px">link</a>' +
    '<script>parent.postMessage("ran:cut", "*");</script><p id="last">last</p>',
  jsExpressions: ['document.body.dataset.live = "yes"'],
};

test('no script of the view runs before it is complete; the same markup runs once live (the detectors work)', async ({ page, server }) => {
  const job = await steppedJob(page);
  await loadWidget(page, server.url, { attrs: { 'data-sandbox': '1' } });
  await page.evaluate(() => {
    const w = window as unknown as W;
    w.__phase = 'streaming';
    w.__ran = [];
    addEventListener('message', (e) => typeof e.data == 'string' && e.data.startsWith('ran:') && w.__ran.push(`${w.__phase} ${e.data}`));
  });
  await launcher(page).click();
  await ask(page, 'hello');
  const reply = `Look:\n\n${fence(ATTEMPTS)}`;
  // The second step ends inside the last `<script>`, before its end tag.
  const [first, second, rest] = cutBefore(reply, ['<a id', 'parent.postMessage(\\"ran:cut']);
  await job.step([first!]);
  await expect.poll(() => readFrame(page, 'preview', () => !!document.querySelector('#svg'))).toBe(true);
  await job.step([second! + rest!.slice(0, 10)]);
  await expect.poll(() => readFrame(page, 'preview', () => !!document.querySelector('#a'))).toBe(true);
  const preview = (await frameWith(page, 'preview'))!;
  // Nothing of the attempts is in the preview's DOM, and the browser refused nothing because nothing asked.
  expect(await preview.evaluate(() => ({
    scripts: document.querySelectorAll('body script').length,
    onerror: document.querySelector('#img')!.getAttributeNames(),
    onload: document.querySelector('#svg')!.getAttributeNames(),
    href: document.querySelector('#a')!.getAttribute('href'),
  }))).toEqual({ scripts: 0, onerror: ['id', 'src'], onload: ['id', 'width', 'height'], href: null });
  // A click on the link does nothing (the preview is a drawing: its body takes no input).
  const link = await (await preview.frameElement()).boundingBox();
  const a = await preview.evaluate(() => document.querySelector('#a')!.getBoundingClientRect().toJSON());
  await page.mouse.click(link!.x + a.x + 20, link!.y + a.y + 10);

  // Done: the same markup, live.
  await page.evaluate(() => ((window as unknown as W).__phase = 'live'));
  await job.step([rest!.slice(10)], reply);
  await waitForAnswer(page);
  await expect.poll(() => page.evaluate(() => (window as unknown as W).__ran.slice().sort())).toEqual(['live ran:cut', 'live ran:img', 'live ran:script', 'live ran:svg']);
  // The link: a live view's frame gives a navigation no scripts (host.ts), so its detector is
  // shown to fire in a plain frame on the host page.
  await page.evaluate((html) => {
    const frame = Object.assign(document.createElement('iframe'), { srcdoc: html, id: 'control' });
    document.body.append(frame);
  }, ATTEMPTS.html);
  await page.frameLocator('#control').locator('#a').click();
  await expect.poll(() => page.evaluate(() => (window as unknown as W).__ran.includes('live ran:href'))).toBe(true);
  expect((await page.evaluate(() => (window as unknown as W).__ran)).filter((r: string) => r.startsWith('streaming'))).toEqual([]);
  await serverIdle(page, server.url);
});

test('AG-UI: a ui__sandbox call is drawn from its arguments as they stream, then the live view at TOOL_CALL_END', async ({ page, server }) => {
  const agent = await steppedAgent();
  try {
    await loadWidget(page, server.url, { attrs: { 'data-sandbox': '1', 'data-protocol': 'ag-ui', 'data-agent-url': agent.url } });
    await launcher(page).click();
    await recordHeights(page);
    await ask(page, 'a list please');
    const args = JSON.stringify(VIEW);
    const [a, b, c] = cutBefore(args, ['<li>Milk', '<li>Jam']);
    const call = { toolCallId: 'tc1' };
    await agent.step([
      { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Here is your list.' },
      { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
      { type: 'TOOL_CALL_START', ...call, toolCallName: 'ui__sandbox', parentMessageId: 'm1' },
      { type: 'TOOL_CALL_ARGS', ...call, delta: a },
    ]);
    await expect.poll(() => readFrame(page, 'preview', () => document.querySelector('#list')?.textContent)).toBe('Tea & biscuits');
    await expect(page.locator('bailing-chat-widget .bc-part-ui .sbx-title')).toHaveText('Growing');
    await agent.step([{ type: 'TOOL_CALL_ARGS', ...call, delta: b }]);
    await expect.poll(() => readFrame(page, 'preview', () => document.querySelectorAll('li').length)).toBe(3);
    expect(await readFrame(page, 'preview', () => document.body.dataset.live ?? 'no')).toBe('no');
    await recordBlankFrames(page, '.bc-part-ui');
    await agent.step([{ type: 'TOOL_CALL_ARGS', ...call, delta: c }, { type: 'TOOL_CALL_END', ...call }, { type: 'RUN_FINISHED' }]);
    agent.end();
    await waitForAnswer(page);
    await page.waitForFunction(() => (window as unknown as W).__live);
    const swap = await page.evaluate(() => ({ blank: (window as unknown as W).__blank, front: (window as unknown as W).__front }));
    expect(swap.blank, 'animation frames showing neither the preview nor the live view').toEqual([]);
    expect(swap.front).toEqual(['sbx-preview#0', 'sbx-frame#1']);
    await expect.poll(() => readFrame(page, 'live', () => document.body.dataset.live)).toBe('yes');
    expect(await readFrame(page, 'live', () => document.querySelectorAll('li').length)).toBe(4);
    await expect(page.locator('bailing-chat-widget .bc-part-ui .sbx iframe')).toHaveCount(1);
    const heights: { h: number }[] = await page.evaluate(() => (window as unknown as W).__heights);
    expect(heights.filter((s) => s.h < 100)).toEqual([]);
  } finally {
    await agent.close();
  }
});

test('the demo calculator mid-stream (its markup, styled) and live (its keys, built by its scripts): screenshots', async ({ page, server }) => {
  const job = await steppedJob(page);
  await page.goto(`${server.url}/pages/sandbox.html`);
  await launcher(page).click();
  await ask(page, 'calculator');
  const reply = `Here is a calculator:\n\n${fence(CALCULATOR_VIEW)}\n\nPress **=** for the result.`;
  const [first, rest] = cutBefore(reply, ['<button class=\\"ask']);
  await job.step([first!]);
  await expect.poll(() => readFrame(page, 'preview', () => document.querySelector('#display')?.textContent)).toBe('0');
  // The keys are made by the view's script, which has not run: the grid is empty in the preview.
  expect(await readFrame(page, 'preview', () => document.querySelectorAll('#keys button').length)).toBe(0);
  await page.screenshot({ path: 'test-results/sandbox-preview-midstream.png' });
  await job.step([rest!], reply);
  await waitForAnswer(page);
  await expect.poll(() => readFrame(page, 'live', () => document.querySelectorAll('#keys button').length)).toBe(20);
  await expect(page.locator('bailing-chat-widget iframe.sbx-preview')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/sandbox-preview-live.png' });
  await serverIdle(page, server.url);
});

test('a placeholder line with a bidi override or a control character is not shown (the check the props get at the end); a clean one is', async ({ page, server }) => {
  const job = await steppedJob(page);
  await loadWidget(page, server.url, { attrs: { 'data-sandbox': '1' } });
  // Every text a placeholder box showed, as it happens (the demo view's is brief).
  await page.evaluate(() => {
    const seen: string[] = ((window as unknown as W).__lines = []);
    const root = document.querySelector('bailing-chat-widget')!.shadowRoot!;
    new MutationObserver(() => {
      for (const box of root.querySelectorAll('.bc-wait')) if (!seen.includes(box.textContent!)) seen.push(box.textContent!);
    }).observe(root, { subtree: true, childList: true, characterData: true });
  });
  await launcher(page).click();
  await ask(page, 'hello');
  const props = { initialHeight: 200, placeholderMessages: ['Loading \u202Egnp.exe', 'Almost \u0007 there'], title: 'Trojan', html: '<p>x</p>', jsExpressions: ['1'] };
  const reply = `A view:\n\n${fence(props)}`;
  const [head, rest] = cutBefore(reply, ['"title"']);
  await job.step([head!]);
  const wait = lastAssistant(page).locator('.bc-wait');
  await expect(wait).toHaveCount(1);
  expect((await wait.boundingBox())!.height).toBe(200);
  await expect(wait).toHaveText('');
  // At the end the props are refused for the same reason: the block shows as code.
  await job.step([rest!], reply);
  await waitForAnswer(page);
  await expect(lastAssistant(page).locator('pre code')).toContainText('"title":"Trojan"');
  await serverIdle(page, server.url);
  // The control: the demo's calculator, whose line is clean, shows it.
  await ask(page, 'calculator');
  await waitForAnswer(page);
  expect(await page.evaluate(() => (window as unknown as W).__lines)).toContain('Setting up the calculator…');
  expect((await page.evaluate(() => (window as unknown as W).__lines)).filter((line: string) => /[\u202e\u0007]/.test(line))).toEqual([]);
});

test('a jsx view with the page kit: drawn while it streams, each time what arrived compiles, then live; the kit is advertised in one line', async ({ page, server }) => {
  const job = await steppedJob(page);
  const bodies: Record<string, any>[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/chat/demo_assistant') bodies.push(request.postDataJSON());
  });
  await page.goto(`${server.url}/pages/sandbox.html`);
  await launcher(page).click();
  await ask(page, 'bill');
  await expect.poll(() => bodies.length).toBe(1);
  expect(bodies[0]!.client_capabilities.sandbox_kit).toBe('Acme kit: Preact with Card, Field and Button; write jsx defining function App().');
  const reply = `Here is a bill splitter:\n\n${fence(BILL_VIEW)}\n\nChange the numbers.`;
  // Cut inside App's JSX: after the fields, before the total; then inside the total's text.
  const [first, second, rest] = cutBefore(reply, ['<p className=\\"total', 'Total with tip']);
  await job.step([first!]);
  const fields = () => readFrame(page, 'preview', () => [...document.querySelectorAll('label')].map((l) => l.textContent).join(','));
  await expect.poll(fields, { timeout: 15_000 }).toBe('Bill,Tip %,People');
  expect(await readFrame(page, 'preview', () => document.querySelector('h3')?.textContent)).toBe('Your share');
  expect(await readFrame(page, 'preview', () => !!document.querySelector('.total'))).toBe(false);
  // The kit's own styles are in the preview.
  expect(await readFrame(page, 'preview', () => getComputedStyle(document.querySelector('.kit-card')!).borderRadius)).toBe('12px');
  await page.screenshot({ path: 'test-results/sandbox-jsx-midstream.png' });
  await job.step([second!]);
  await expect.poll(() => readFrame(page, 'preview', () => document.querySelector('.total')?.textContent)).toBe('Each pays 32.39');
  // The kit's drawing stays in view while the kit, the compiler and the live view start.
  await recordBlankFrames(page, '.bc-msg-assistant');
  await job.step([rest!], reply);
  await waitForAnswer(page);
  await page.waitForFunction(() => (window as unknown as W).__live);
  expect(await page.evaluate(() => (window as unknown as W).__blank), 'animation frames showing neither the preview nor the live view').toEqual([]);
  expect(await page.evaluate(() => (window as unknown as W).__front)).toEqual(['sbx-preview#0', 'sbx-frame#1']);
  await expect.poll(() => readFrame(page, 'live', () => document.querySelector('.total')?.textContent)).toBe('Each pays 32.39');
  await expect(page.locator('bailing-chat-widget iframe.sbx-preview')).toHaveCount(0);
  const live = page.frameLocator('bailing-chat-widget iframe.sbx-frame');
  await live.getByLabel('People').fill('2');
  await expect(live.locator('.total')).toHaveText('Each pays 48.59');
  await page.screenshot({ path: 'test-results/sandbox-jsx-live.png' });
  await live.getByRole('button', { name: 'Send to chat' }).click();
  await expect.poll(() => bodies.length).toBe(2);
  expect(JSON.parse(bodies[1]!.message)).toMatchObject({ view: 'bill-splitter', people: 2, share: 48.59 });
  await waitForAnswer(page);
  await expect(lastAssistant(page)).toContainText('pays 48.59');
});

test('an invalid kit is warned about, naming the problem; it is not advertised, and a jsx view shows as code', async ({ page, server, consoleMessages }) => {
  const bodies: Record<string, any>[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/chat/demo_assistant') bodies.push(request.postDataJSON());
  });
  await fakeFirstReply(page, `A view:\n\n${fence({ title: 'J', jsx: 'function App() { return <p>hi</p> }' })}`);
  await loadWidget(page, server.url, { before: "window.BailingChat = { sandbox: { kit: { url: 'http://cdn.example/kit.js', docs: 'Kit.' } } }" });
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  await expect(lastAssistant(page).locator('pre code')).toContainText('function App()');
  expect(bodies[0]!.client_capabilities).toEqual({ renderers: expect.arrayContaining(['sandbox']) });
  expect(consoleMessages.some((m) => m.type === 'warning' && m.text.includes("the owner's kit is invalid") && m.text.includes("kit.url: must be https:// or on this page's origin (got http://cdn.example)"))).toBe(true);
  await serverIdle(page, server.url);
});
