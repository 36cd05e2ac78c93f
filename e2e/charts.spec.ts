// The host chart adapters (DESIGN.md §8.2) in the built widget: dist/renderers/echarts.js,
// mermaid.js and vega-lite.js with the real libraries, served by the reference server. Replies are
// hand-made SSE streams (page.route) so any block can be tested; the create-job POST still goes to
// the reference server. e2e/pages/charts-counters.js counts what the libraries create and free.
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { ask, composer, expect, jobIdOf, launcher, lastAssistant, requestsReported, serverThread, sseReply, test, waitForAnswer } from './fixtures';

const EVENTS = '**/chat/demo_assistant/events/**';
// Outside test-results/ (Playwright empties that folder on every run), so they can be looked at.
const SHOTS = '.tmp/chart-screenshots';
mkdirSync(SHOTS, { recursive: true });

/** Evaluates in the page with `window` as `any`, for the test's own globals. */
type W = Record<string, any>;
interface Counts {
  echartsInits: number;
  echartsDisposes: number;
  vegaEmbeds: number;
  vegaFinalizes: number;
  mermaidRenders: number;
  observers: number;
  disconnects: number;
}

const fence = (type: string, source: string) => '```' + type + '\n' + source + '\n```';
const chartFence = (payload: unknown) => fence('bailing-chart', JSON.stringify(payload));
const week = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const points = (values: number[], labels = week) => values.map((value, i) => ({ label: labels[i]!, value }));

const ADAPTERS = ['/renderers/echarts.js', '/renderers/mermaid.js', '/renderers/vega-lite.js'];

/** Adds classic scripts one after another, each loaded before the next, as a host's tags would. */
async function addScripts(page: Page, srcs: string[], attrs: Record<string, string> = {}) {
  for (const src of srcs) {
    await page.evaluate(
      ({ src, attrs }) =>
        new Promise<void>((resolve, reject) => {
          const s = document.createElement('script');
          s.src = src;
          for (const [k, v] of Object.entries(attrs)) s.setAttribute(k, v);
          s.onload = () => resolve();
          s.onerror = () => reject(new Error('could not load ' + src));
          document.body.append(s);
        }),
      { src, attrs },
    );
  }
}

async function widgetUp(page: Page) {
  await page.waitForFunction(() => !!document.querySelector('bailing-chat-widget')?.shadowRoot?.querySelector('.bc-panel'));
}

/**
 * The test host with the chart libraries; `order` says whether the adapters come before the
 * (async) widget script, queued in the preload, or after the widget is up.
 */
async function openHost(page: Page, baseUrl: string, order: 'adapters-first' | 'widget-first' = 'adapters-first', widgetAttrs: Record<string, string> = {}) {
  await page.goto(`${baseUrl}/e2e/charts.html`);
  const widget = async () => {
    await page.evaluate(
      ({ src, attrs }) => {
        const s = document.createElement('script');
        s.src = src;
        s.async = true;
        s.setAttribute('data-entry', 'demo_assistant');
        for (const [k, v] of Object.entries(attrs)) s.setAttribute(k, v);
        document.body.append(s);
      },
      { src: `${baseUrl}/widget.js`, attrs: widgetAttrs },
    );
    await widgetUp(page);
  };
  if (order === 'adapters-first') {
    await addScripts(page, ADAPTERS, { 'data-animation': 'off' });
    await widget();
  } else {
    await widget();
    await addScripts(page, ADAPTERS, { 'data-animation': 'off' });
  }
  await launcher(page).click();
  await expect(composer(page)).toBeVisible();
}

/** Answers the n-th job's stream with `replies[n]`. */
async function fakeReplies(page: Page, replies: string[]) {
  const jobs: string[] = [];
  await page.route(EVENTS, async (route, request) => {
    const jobId = jobIdOf(request.url());
    if (!jobs.includes(jobId)) jobs.push(jobId);
    const reply = replies[jobs.indexOf(jobId)];
    if (reply === undefined) return route.continue();
    await route.fulfill({ status: 200, contentType: 'text/event-stream', body: sseReply(jobId, reply) });
  });
}

/** One visitor turn; waits for the server's own job too, or the next message would be refused as busy. */
async function turn(page: Page, baseUrl: string, text = 'hello') {
  await ask(page, text);
  await waitForAnswer(page);
  await expect.poll(async () => (await serverThread(page, baseUrl)).at(-1)?.r).toBe('a');
}

const counts = (page: Page): Promise<Counts> => page.evaluate(() => ({ ...(window as unknown as W).__charts }));

/** The series ECharts holds for the chart drawn in `plot`: [type, point count] each. */
const echartsSeries = (plot: Locator) =>
  plot.evaluate((el) => {
    const chart = (window as unknown as W).echarts.getInstanceByDom(el);
    if (!chart) return null;
    return (chart.getOption().series as { type: string; data: unknown[] }[]).map((s) => [s.type, s.data.length]);
  });

async function shot(locator: Locator, name: string) {
  await locator.scrollIntoViewIfNeeded();
  await locator.screenshot({ path: `${SHOTS}/${name}.png` });
}

test('every bailing-chart kind is drawn by ECharts, labelled, with a data table, and follows the theme', async ({ page, server }) => {
  const payloads = [
    { kind: 'bar', title: 'Weekly signups', unit: 'signups', x_label: 'Day', y_label: 'Signups', data: points([12, 19, 15, 22, 28, 9, 7]) },
    { kind: 'line', title: 'Visitors', series: [{ name: 'This week', data: points([5, 8, 6, 9, 12, 4, 3]) }, { name: 'Last week', data: points([4, 6, 7, 8, 9, 5, 2]) }] },
    { kind: 'area', title: 'Load', series: [{ name: 'CPU', data: points([20, 35, 30, 50, 65, 25, 15]) }, { name: 'Memory', data: points([40, 42, 45, 47, 52, 48, 44]) }, { name: 'Disk', data: points([10, 12, 11, 14, 18, 9, 8]) }] },
    { kind: 'pie', title: 'Plans', data: [{ label: 'Free', value: 62 }, { label: 'Team', value: 28 }, { label: 'Enterprise', value: 10 }] },
    { kind: 'scatter', title: 'Answer time', y_label: 'ms', data: points([420, 510, 380, 610, 700, 300, 350]) },
  ];
  const expected = [[['bar', 7]], [['line', 7], ['line', 7]], [['line', 7], ['line', 7], ['line', 7]], [['pie', 3]], [['scatter', 7]]];
  await fakeReplies(page, ['Five charts:\n\n' + payloads.map(chartFence).join('\n\n') + '\n\nDone.']);
  await openHost(page, server.url);
  await turn(page, server.url, 'charts please');

  const figures = lastAssistant(page).locator('.bc-rich[data-type="bailing-chart"] figure.bc-chart');
  await expect(figures).toHaveCount(5);
  await expect(lastAssistant(page).locator('pre code')).toHaveCount(0);
  for (let i = 0; i < payloads.length; i++) {
    const figure = figures.nth(i);
    const plot = figure.locator('.bc-chart-plot');
    await expect(plot.locator('canvas')).toHaveCount(1);
    await expect.poll(() => echartsSeries(plot)).toEqual(expected[i]);
    // A name for the figure, a summary for the drawing, the numbers in a table.
    await expect(figure).toHaveAccessibleName(new RegExp(`chart: ${payloads[i]!.title}$`, 'i'));
    await expect(plot).toHaveAttribute('role', 'img');
    await expect(plot).toHaveAttribute('aria-label', new RegExp(`^\\w+ chart: ${payloads[i]!.title}\\. .*\\d`));
    await expect(figure.locator('details tbody tr')).toHaveCount(payloads[i]!.kind === 'pie' ? 3 : 7);
    await shot(figure, `echarts-${payloads[i]!.kind}`);
  }
  await expect(figures.first().locator('.bc-chart-plot')).toHaveAttribute(
    'aria-label',
    'Bar chart: Weekly signups. Signups, 7 points: Mon 12 signups, Tue 19 signups, Wed 15 signups, Thu 22 signups, Fri 28 signups, Sat 9 signups, Sun 7 signups; highest Fri 28 signups, lowest Sun 7 signups.',
  );
  // The table opens for anyone, not only screen readers.
  await figures.first().locator('summary').click();
  await expect(figures.first().locator('details table')).toBeVisible();
  await expect(figures.first().locator('tbody tr').nth(4)).toHaveText(/Fri\s*28/);

  // The theme: the entry's accent leads the palette; light mode has dark text.
  const theme = await figures.first().locator('.bc-chart-plot').evaluate((el) => {
    const o = (window as unknown as W).echarts.getInstanceByDom(el).getOption();
    return { accent: o.color[0], text: o.textStyle.color };
  });
  expect(theme).toEqual({ accent: '#4f46e5', text: '#1f2937' });
  expect(await counts(page)).toMatchObject({ echartsInits: 5, echartsDisposes: 0 });
});

test('dark theme: ECharts text and the table follow the mode; the chart follows its container when the panel grows', async ({ page, server }) => {
  const payload = { kind: 'bar', title: 'Weekly signups', data: points([12, 19, 15, 22, 28, 9, 7]) };
  await fakeReplies(page, [chartFence(payload)]);
  await openHost(page, server.url, 'adapters-first', { 'data-theme': 'dark' });
  await turn(page, server.url, 'chart please');
  const plot = lastAssistant(page).locator('.bc-chart-plot');
  await expect(plot.locator('canvas')).toHaveCount(1);
  const option = await plot.evaluate((el) => {
    const o = (window as unknown as W).echarts.getInstanceByDom(el).getOption();
    return { accent: o.color[0], text: o.textStyle.color };
  });
  expect(option).toEqual({ accent: '#4f46e5', text: '#e5e7eb' });
  await shot(lastAssistant(page).locator('figure.bc-chart'), 'echarts-bar-dark');

  const width = () => plot.evaluate((el) => (window as unknown as W).echarts.getInstanceByDom(el).getWidth() as number);
  const before = await width();
  expect(before).toBeGreaterThan(100);
  await page.getByRole('button', { name: 'Maximize' }).click();
  await expect.poll(width).toBeGreaterThan(before + 100);
  expect(await width()).toBe(await plot.evaluate((el) => el.clientWidth));
});

test('invalid bailing-chart payloads of every class fall back to the code block; ECharts never sees them', async ({ page, server, consoleMessages }) => {
  const invalid: [string, unknown][] = [
    ['unknown-key', { kind: 'bar', data: points([1, 2]), color: 'red' }],
    ['bad-kind', { kind: 'radar', data: points([1, 2]) }],
    ['too-many-points', { kind: 'line', data: Array.from({ length: 501 }, (_, i) => ({ label: `p${i}`, value: i })) }],
    ['bad-value', { kind: 'bar', data: [{ label: 'Mon', value: '12' }] }],
    ['too-long', { kind: 'bar', data: [{ label: 'x'.repeat(81), value: 1 }] }],
    ['html', { kind: 'bar', title: '<img src=x onerror=alert(1)>', data: points([1]) }],
    ['url', { kind: 'bar', data: [{ label: 'https://evil.example/track', value: 1 }] }],
    ['no-data', { kind: 'pie' }],
    ['pie-series', { kind: 'pie', series: [{ name: 'a', data: points([1]) }, { name: 'b', data: points([2]) }] }],
    ['not-object', [1, 2, 3]],
  ];
  const reply = 'Bad charts:\n\n' + invalid.map(([, p]) => chartFence(p)).join('\n\n') + '\n\n' + fence('bailing-chart', '{"kind": "bar", "data": [') + '\n\nThe end.';
  await fakeReplies(page, [reply]);
  await openHost(page, server.url);
  await turn(page, server.url, 'bad charts');

  const answer = lastAssistant(page);
  await expect(answer).toContainText('The end.');
  await expect(answer.locator('pre code[data-language="bailing-chart"]')).toHaveCount(invalid.length + 1);
  await expect(answer.locator('figure.bc-chart, canvas')).toHaveCount(0);
  await expect(answer.locator('pre code').nth(5)).toHaveText(JSON.stringify(invalid[5]![1]));
  expect((await counts(page)).echartsInits).toBe(0);
  // Each was refused for its own reason, and said so.
  const warnings = consoleMessages.filter((m) => m.type === 'warning').map((m) => m.text).join('\n');
  for (const [reason] of invalid) expect(warnings).toContain(`[${reason}]`);
});

test('500 points are drawn; 501 are refused', async ({ page, server }) => {
  const many = (n: number) => ({ kind: 'line', title: `${n} points`, data: Array.from({ length: n }, (_, i) => ({ label: `t${i}`, value: Math.sin(i / 20) * 100 })) });
  await fakeReplies(page, [chartFence(many(500)) + '\n\n' + chartFence(many(501))]);
  await openHost(page, server.url);
  await turn(page, server.url, 'many points');
  const answer = lastAssistant(page);
  await expect(answer.locator('figure.bc-chart')).toHaveCount(1);
  await expect(answer.locator('figure.bc-chart')).toHaveAccessibleName('Line chart: 500 points');
  await expect.poll(() => echartsSeries(answer.locator('.bc-chart-plot'))).toEqual([['line', 500]]);
  await expect(answer.locator('pre code[data-language="bailing-chart"]')).toHaveCount(1);
  await expect(answer.locator('pre code')).toContainText('"title":"501 points"');
});

const FLOWCHART = 'flowchart LR\n  A[Visitor] -->|asks| B(Widget)\n  B --> C{Hub}\n  C -->|answer| B';
const SEQUENCE = 'sequenceDiagram\n  participant V as Visitor\n  participant W as Widget\n  V->>W: question\n  W-->>V: streamed answer';

test('mermaid: diagrams are drawn as SVG once the reply is done; bad diagrams fall back to code', async ({ page, server }) => {
  const reply = [
    'Diagrams:',
    fence('mermaid', FLOWCHART),
    fence('mermaid', SEQUENCE),
    fence('mermaid', 'flowchart LR\n  A -->'),
    fence('mermaid', '%%{init: {"themeCSS": ".node rect{fill:red}"}}%%\nflowchart LR\n  A --> B'),
    fence('mermaid', 'flowchart LR\n  A --> B\n  style A fill:url(https://evil.example/p.png)'),
    'End.',
  ].join('\n\n');
  const remote: string[] = [];
  await page.route('https://evil.example/**', (route) => {
    remote.push(route.request().url());
    return route.abort();
  });
  await fakeReplies(page, [reply]);
  await openHost(page, server.url);
  await turn(page, server.url, 'diagrams');
  const answer = lastAssistant(page);
  const diagrams = answer.locator('.bc-rich[data-type="mermaid"] figure.bc-diagram');
  await expect(diagrams).toHaveCount(2);
  await expect(diagrams.nth(0).locator('svg .node')).toHaveCount(3);
  await expect(diagrams.nth(0)).toHaveAccessibleName('Diagram: flowchart');
  await expect(diagrams.nth(1)).toHaveAccessibleName('Diagram: sequence');
  await expect(diagrams.nth(0).locator('svg')).toContainText('Visitor');
  await expect(diagrams.nth(1).locator('svg')).toContainText('streamed answer');
  await expect(answer.locator('pre code[data-language="mermaid"]')).toHaveCount(3);
  await expect(answer.locator('pre code[data-language="mermaid"]').first()).toHaveText('flowchart LR\n  A -->');
  // Mermaid's scratch elements are gone from the host page.
  await expect(page.locator('body > [id^="dbc-mermaid"], body > svg[id^="bc-mermaid"]')).toHaveCount(0);
  expect((await counts(page)).mermaidRenders).toBe(3);
  // A diagram is never wider than Mermaid drew it (its viewBox), also in a maximised panel; it scales down only.
  const widths = () => diagrams.locator('svg').evaluateAll((svgs) => svgs.map((svg) => ({ shown: svg.getBoundingClientRect().width, drawn: (svg as SVGSVGElement).viewBox.baseVal.width, room: svg.parentElement!.clientWidth })));
  for (const w of await widths()) expect(w.shown, JSON.stringify(w)).toBeLessThanOrEqual(Math.min(Math.ceil(w.drawn), w.room) + 1);
  await page.locator('bailing-chat-widget').evaluate((host) => (host.shadowRoot!.querySelector('.bc-panel') as HTMLElement).style.setProperty('width', '900px'));
  for (const w of await widths()) expect(w.shown, JSON.stringify(w)).toBeLessThanOrEqual(Math.ceil(w.drawn) + 1);
  await page.locator('bailing-chat-widget').evaluate((host) => (host.shadowRoot!.querySelector('.bc-panel') as HTMLElement).style.removeProperty('width'));
  await shot(diagrams.nth(0), 'mermaid-flowchart');
  await shot(diagrams.nth(1), 'mermaid-sequence');
  expect(remote).toEqual([]);
});

/**
 * The detector's self-test again, last: the late-firing payloads (an `<img>` error after its
 * failed load, a frame's script) put in plain host markup now, and waited for. What was put on
 * the page before them would have fired by then; returns what else `__xss` holds.
 */
async function xssAfterSelfTest(page: Page): Promise<unknown[]> {
  await page.evaluate(() =>
    document.body.insertAdjacentHTML(
      'beforeend',
      '<div id="selftest"><img src="x" onerror="window.__xss.push(\'self-img\')"><iframe srcdoc="<script>parent.__xss.push(\'self-frame\')</script>"></iframe></div>',
    ),
  );
  await expect.poll(() => page.evaluate(() => (window as unknown as W).__xss)).toEqual(expect.arrayContaining(['self-img', 'self-frame']));
  return page.evaluate(() => {
    document.getElementById('selftest')!.remove();
    return (window as unknown as W).__xss.filter((x: unknown) => x !== 'self-img' && x !== 'self-frame');
  });
}

test('mermaid: a click directive or an HTML label cannot run script (strict mode, after a detector self-test)', async ({ page, server }) => {
  await fakeReplies(page, [
    fence(
      'mermaid',
      [
        'flowchart LR',
        '  A["<img src=x onerror=window.__xss.push(1)>caption"] --> B["<b onmouseover=window.__xss.push(2)>bold</b>"]',
        '  B --> C["<script>window.__xss.push(3)</script>after"]',
        '  C --> D["<iframe srcdoc=\'<script>parent.__xss.push(4)</script>\'></iframe>frame"]',
        '  click A call __xssCall()',
        '  click B __xssCall',
      ].join('\n'),
    ) + '\n\n' + fence('mermaid', 'flowchart LR\n  X --> Y\n  click X "javascript:window.__xss.push(5)"'),
  ]);
  await openHost(page, server.url);
  await page.evaluate(() => {
    const w = window as unknown as W;
    w.__xss = [];
    w.__xssCall = () => w.__xss.push('call');
  });
  // Self-test: the same payload in plain host markup does fire the detector.
  await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<img id="selftest" src="x" onerror="window.__xss.push(\'self\')">'));
  await expect.poll(() => page.evaluate(() => (window as unknown as W).__xss)).toEqual(['self']);
  await page.evaluate(() => {
    document.getElementById('selftest')!.remove();
    (window as unknown as W).__xss = [];
  });

  await turn(page, server.url, 'diagram');
  const answer = lastAssistant(page);
  // The first block is drawn (its HTML labels and clicks are Mermaid's strict mode's to defuse);
  // the second is refused by the adapter's own check (a javascript: URL).
  await expect(answer.locator('pre code[data-language="mermaid"]')).toHaveCount(1);
  await expect(answer.locator('pre code[data-language="mermaid"]')).toContainText('javascript:');
  const diagram = answer.locator('figure.bc-diagram');
  await expect(diagram).toHaveCount(1);
  await expect(diagram.locator('svg .node')).toHaveCount(4);
  await expect(diagram.locator('svg')).toContainText('bold');
  for (const i of [0, 1, 2, 3]) {
    await diagram.locator('svg .node').nth(i).hover();
    await diagram.locator('svg .node').nth(i).click();
  }
  expect(await xssAfterSelfTest(page)).toEqual([]);
  const live = await diagram.evaluate((el) => ({
    handlers: [...el.querySelectorAll('*')].flatMap((n) => [...n.attributes].filter((a) => a.name.startsWith('on')).map((a) => a.name)),
    scripts: el.querySelectorAll('script, iframe, object, embed').length,
    links: [...el.querySelectorAll('a, [href]')].map((n) => n.getAttribute('href') ?? n.getAttribute('xlink:href')),
  }));
  expect(live).toEqual({ handlers: [], scripts: 0, links: [] });

  // Without the adapter's pre-check, Mermaid's strict mode alone keeps the first block inert too.
  await page.evaluate(async () => {
    const w = window as unknown as W;
    const host = document.createElement('div');
    document.body.append(host);
    const { svg } = await w.mermaid.render('strict-probe', 'flowchart LR\n  A["<img src=x onerror=window.__xss.push(6)>"] --> B\n  click A call __xssCall()\n  click B "javascript:window.__xss.push(7)"');
    host.innerHTML = svg;
    host.querySelectorAll('.node').forEach((n) => (n as HTMLElement).dispatchEvent(new MouseEvent('click', { bubbles: true })));
  });
  expect(await xssAfterSelfTest(page)).toEqual([]);
});

// CSS that loads, written the ways CSS escapes allow (CSS Syntax 3 §4.3.7) so that a filter
// looking for the letters `url(` misses it. `live` marks the ones Chromium does fetch when
// Mermaid's output is put on a page unchecked: the controls below show each of those loading.
const ATTACKER = 'https://attacker.example';
const ESCAPED_LOADS: { name: string; css: (path: string) => string; live: boolean; stateOnly?: true }[] = [
  { name: 'hex', css: (p) => `background:\\75rl(${ATTACKER}/${p})`, live: true },
  { name: 'hex-6-digits', css: (p) => `background:\\000075rl(${ATTACKER}/${p})`, live: true },
  { name: 'hex-then-space', css: (p) => `background:\\75 rl(${ATTACKER}/${p})`, live: true },
  { name: 'escaped-letter', css: (p) => `background:u\\rl(${ATTACKER}/${p})`, live: true },
  { name: 'upper-case', css: (p) => `background:\\55RL(${ATTACKER}/${p})`, live: true },
  // (A class diagram's style statement does not parse an escape in a property name.)
  { name: 'escaped-property', css: (p) => `backgr\\6fund-image:\\75rl(${ATTACKER}/${p})`, live: true, stateOnly: true },
  { name: 'image-set', css: (p) => `background:im\\61ge-set("${ATTACKER}/${p}" 1x)`, live: true },
  { name: 'webkit-image-set', css: (p) => `background:-webkit-image-set("${ATTACKER}/${p}" 1x)`, live: true },
  { name: 'fill', css: (p) => `fill:\\75rl(${ATTACKER}/${p}.svg#g)`, live: true },
  // Not CSS Chromium reads as a load (a comment splits the name; src() is not shipped), refused all the same.
  { name: 'comment', css: (p) => `background:u/**/rl(${ATTACKER}/${p})`, live: false },
  { name: 'src', css: (p) => `background:src("${ATTACKER}/${p}")`, live: false },
];
/** A state diagram's classDef goes into the SVG's <style>; a class diagram's style into style attributes. */
const stateWith = (css: string) => `stateDiagram-v2\n  [*] --> Open\n  Open --> Closed\n  classDef leak ${css}\n  class Open leak`;
const classWith = (css: string) => `classDiagram\n  class Order\n  class Invoice\n  Order --> Invoice\n  style Order ${css}`;
/** Each vector in each diagram it parses in; `prefix` goes in front of the request path, which names both. */
const styledDiagrams = (prefix: string) =>
  ESCAPED_LOADS.flatMap((v) => [
    { path: `${prefix}state-${v.name}`, source: stateWith(v.css(`${prefix}state-${v.name}`)), live: v.live },
    ...(v.stateOnly ? [] : [{ path: `${prefix}class-${v.name}`, source: classWith(v.css(`${prefix}class-${v.name}`)), live: v.live }]),
  ]);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** Records every request the page makes; the attacker's are answered with an image, the rest go on. */
async function recordRequests(page: Page) {
  const urls: string[] = [];
  // Registered after the test's other routes, so it sees each request first and hands it on.
  await page.route('**/*', (route) => {
    const url = route.request().url();
    urls.push(url);
    return url.startsWith(ATTACKER) ? route.fulfill({ status: 200, contentType: 'image/png', body: PNG }) : route.fallback();
  });
  /** The attacker's requests, as paths (an SVG reference's `.svg` dropped). */
  const toAttacker = () => urls.filter((u) => u.startsWith(ATTACKER)).map((u) => u.slice(ATTACKER.length + 1).replace(/\.svg$/, ''));
  return {
    toAttacker,
    /**
     * The control, and the barrier before counting: a url() put straight on a host element must
     * be seen by the same route. Styles resolve in document order, so once this request has
     * arrived, any load of what was drawn before it would have arrived too.
     */
    async control(name: string) {
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await page.evaluate((url) => {
        const probe = document.createElement('div');
        probe.style.cssText = `width:4px;height:4px;background:url(${url})`;
        document.body.append(probe);
      }, `${ATTACKER}/control-${name}`);
      await expect.poll(toAttacker).toContain(`control-${name}`);
    },
  };
}

test('mermaid: url() spelled with CSS escapes in classDef and style loads nothing; each block shows as code (counted after a control load is seen)', async ({ page, server, consoleMessages }) => {
  const requests = await recordRequests(page);
  const blocks = styledDiagrams('widget-').map((d) => fence('mermaid', d.source));
  await fakeReplies(page, [['Styled:', fence('mermaid', FLOWCHART), ...blocks, 'End.'].join('\n\n')]);
  await openHost(page, server.url);
  await turn(page, server.url, 'styled diagrams');
  const answer = lastAssistant(page);
  // The clean diagram is drawn (Mermaid ran in this answer); every styled one is refused as code.
  await expect(answer.locator('figure.bc-diagram svg .node')).toHaveCount(3);
  await expect(answer.locator('pre code[data-language="mermaid"]')).toHaveCount(blocks.length);
  expect((await counts(page)).mermaidRenders).toBe(1);
  await requests.control('widget');
  expect(requests.toAttacker()).toEqual(['control-widget']);
  const refusals = consoleMessages.filter((m) => m.type === 'warning' && m.text.includes('[css-url]'));
  expect(refusals).toHaveLength(blocks.length);
});

test('mermaid: the SVG check alone keeps Mermaid\'s output of those styles from loading; unchecked, the same output loads (ES module build)', async ({ page, server }) => {
  const requests = await recordRequests(page);
  await page.goto(`${server.url}/e2e/charts.html`);
  const diagrams = styledDiagrams('render-');
  const live = (prefix: string) => diagrams.filter((d) => d.live).map((d) => d.path.replace('render-', prefix)).sort();
  // Mermaid draws each diagram into the page to measure it, so drawing it loads: this is why the
  // source check must refuse the text before Mermaid sees it (the test above).
  const svgs = await page.evaluate(async (sources) => {
    const w = window as unknown as W;
    w.mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });
    const out: string[] = [];
    for (const [i, source] of sources.entries()) out.push((await w.mermaid.render(`styled-${i}`, source)).svg);
    return out;
  }, diagrams.map((d) => d.source));
  await expect.poll(() => requests.toAttacker().filter((p) => p.startsWith('render-')).sort()).toEqual(live('render-'));

  // What the adapter would insert had the text got past the source check: the Mermaid it is given
  // returns the SVG Mermaid made of that text (request paths renamed, so none is in the cache).
  const drawn = await page.evaluate(async ({ esm, svgs }) => {
    const { createMermaidRenderer } = await import(esm);
    const shadow = document.body.appendChild(document.createElement('div')).attachShadow({ mode: 'open' });
    const figures: number[] = [];
    for (const svg of svgs) {
      const mermaid = { initialize() {}, render: async () => ({ svg, diagramType: 'stateDiagram' }) };
      const container = shadow.appendChild(document.createElement('div'));
      await createMermaidRenderer(mermaid).mount({ container, payload: 'flowchart LR\n  A --> B', theme: { accent: '#4f46e5', mode: 'light' }, signal: new AbortController().signal });
      figures.push(container.querySelectorAll('figure.bc-diagram svg .node, figure.bc-diagram svg .classGroup').length);
    }
    return figures;
  }, { esm: `${server.url}/dist/esm/charts.js`, svgs: svgs.map((svg) => svg.replaceAll(`${ATTACKER}/render-`, `${ATTACKER}/policy-`)) });
  expect(drawn.every((n) => n > 0)).toBe(true);
  await requests.control('policy');
  expect(requests.toAttacker().filter((p) => !p.startsWith('render-'))).toEqual(['control-policy']);

  // The control: the same SVG put in a shadow root unchecked loads every live vector.
  await page.evaluate((svgs) => {
    const shadow = document.body.appendChild(document.createElement('div')).attachShadow({ mode: 'open' });
    for (const svg of svgs) shadow.appendChild(document.createElement('div')).innerHTML = svg;
  }, svgs.map((svg) => svg.replaceAll(`${ATTACKER}/render-`, `${ATTACKER}/raw-`)));
  await expect.poll(() => [...new Set(requests.toAttacker().filter((p) => p.startsWith('raw-')))].sort()).toEqual(live('raw-'));
});

test('mermaid: an image, video poster or image input in a label loads nothing while Mermaid draws it; with Mermaid\'s default label sanitizing it does', async ({ page, server }) => {
  const requests = await recordRequests(page);
  const labels = (prefix: string) =>
    `flowchart LR\n  A["<img src='${ATTACKER}/${prefix}img'>photo"] --> B["<video poster='${ATTACKER}/${prefix}poster'></video>clip"]\n  B --> C["<input type=image src='${ATTACKER}/${prefix}input'>form"]`;
  await fakeReplies(page, [fence('mermaid', labels('widget-'))]);
  await openHost(page, server.url);
  await turn(page, server.url, 'labels');
  const diagram = lastAssistant(page).locator('figure.bc-diagram');
  await expect(diagram.locator('svg .node')).toHaveCount(3);
  await expect(diagram.locator('svg')).toContainText('photo');
  await requests.control('labels');
  expect(requests.toAttacker()).toEqual(['control-labels']);
  await expect(diagram.locator('svg img, svg video, svg input')).toHaveCount(0);

  // The control: strict mode with Mermaid's own DOMPurify settings keeps <img src> and loads it.
  await page.evaluate(async (source) => {
    const w = window as unknown as W;
    w.mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', dompurifyConfig: {} });
    await w.mermaid.render('labels-default', source);
  }, labels('default-'));
  await expect.poll(() => requests.toAttacker()).toContain('default-img');
});

test('mermaid: the SVG check removes nothing from Mermaid\'s flowchart, sequence, class, state, gantt and pie output', async ({ page, server }) => {
  const kinds = [
    FLOWCHART + '\n  subgraph S [Group]\n    D[(Disk)] -.-> E((Round))\n  end\n  classDef hot fill:#f96,stroke:#333,stroke-width:2px\n  class A hot\n  style C fill:#bbf\n  linkStyle 0 stroke:#f33\n  F["`**bold** and _it_`"] --> G["<b>b</b><br>two"]',
    SEQUENCE + '\n  autonumber\n  Note over V,W: a note\n  loop retry\n    W->>W: poll\n  end\n  alt ok\n    W-xV: fail\n  end',
    'classDiagram\n  class Animal~T~ {\n    <<interface>>\n    +String name\n    +move(int d) bool\n  }\n  Animal <|-- Duck\n  Animal *-- Leg\n  Duck ..> Water\n  note for Duck "can fly"\n  classDef warm fill:#f96\n  class Duck:::warm',
    'stateDiagram-v2\n  [*] --> Still\n  Still --> Moving : push\n  Moving --> [*]\n  state Fork <<fork>>\n  Still --> Fork\n  state Composite {\n    [*] --> Inner\n  }\n  note right of Still : a note\n  classDef bad fill:#f00\n  class Moving bad',
    'gantt\n  title Launch\n  dateFormat YYYY-MM-DD\n  section Build\n  Design :done, a1, 2024-01-01, 5d\n  Code :active, a2, after a1, 3d\n  Review :crit, 2024-01-08, 2d\n  Ship :milestone, 2024-01-10, 0d',
    'pie showData\n  title Plans\n  "Free" : 62\n  "Team" : 28\n  "Enterprise" : 10',
  ];
  await fakeReplies(page, [kinds.map((k) => fence('mermaid', k)).join('\n\n')]);
  await openHost(page, server.url);
  // Mermaid's output as the adapter receives it.
  await page.evaluate(() => {
    const w = window as unknown as W;
    const render = w.mermaid.render;
    w.__rawSvgs = [];
    w.mermaid.render = async (...args: unknown[]) => {
      const result = await render.apply(w.mermaid, args);
      w.__rawSvgs.push(result.svg);
      return result;
    };
  });
  await turn(page, server.url, 'six kinds');
  const figures = lastAssistant(page).locator('figure.bc-diagram');
  await expect(figures).toHaveCount(kinds.length);
  await expect(lastAssistant(page).locator('pre code')).toHaveCount(0);
  // Every element and attribute, by name, in document order, of what Mermaid returned and of
  // what the widget shows (the root's style is the adapter's own, so its value is not compared).
  const { raw, drawn } = await page.evaluate(() => {
    const shape = (svg: Element) => [svg, ...svg.querySelectorAll('*')].map((el) => `${el.localName}[${el.getAttributeNames().sort().join(' ')}]`);
    const raw = ((window as unknown as W).__rawSvgs as string[]).map((markup) => {
      const t = document.createElement('template');
      t.innerHTML = markup;
      return shape(t.content.firstElementChild!);
    });
    const shown = document.querySelector('bailing-chat-widget')!.shadowRoot!.querySelectorAll('.bc-msg-assistant figure.bc-diagram > svg');
    return { raw, drawn: [...shown].map(shape) };
  });
  expect(raw).toHaveLength(kinds.length);
  for (let i = 0; i < kinds.length; i++) {
    expect(drawn[i]!.length).toBeGreaterThan(10);
    expect(drawn[i]).toEqual(raw[i]);
  }
});

const VEGA_BAR = {
  $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
  title: 'Median answer time',
  data: { values: [{ region: 'Europe', ms: 420 }, { region: 'Americas', ms: 510 }, { region: 'Asia', ms: 610 }, { region: 'Oceania', ms: 700 }] },
  mark: 'bar',
  encoding: { x: { field: 'region', type: 'nominal' }, y: { field: 'ms', type: 'quantitative' } },
};

test('vega-lite: a spec is drawn as SVG without actions; remote data is refused before any request', async ({ page, server }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.route('https://data.example/**', (route) => route.fulfill({ status: 200, contentType: 'text/csv', body: 'region,ms\nX,1\n' }));
  await page.route('**/cars.json', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
  const refused = [
    { ...VEGA_BAR, data: { url: 'https://data.example/answers.csv' } },
    { ...VEGA_BAR, data: { url: 'cars.json' } },
    { ...VEGA_BAR, transform: [{ lookup: 'region', from: { data: { url: 'https://data.example/lookup.csv' }, key: 'region', fields: ['x'] } }] },
    { ...VEGA_BAR, mark: 'image', encoding: { ...VEGA_BAR.encoding, url: { value: 'https://data.example/pixel.png' } } },
    { ...VEGA_BAR, encoding: { ...VEGA_BAR.encoding, href: { value: 'https://data.example/go' } } },
    { ...VEGA_BAR, usermeta: { embedOptions: { actions: true } } },
    { ...VEGA_BAR, data: { values: [{ region: 'https://data.example/img.png', ms: 1 }] } },
    { marks: [], signals: [] },
  ];
  await fakeReplies(page, [[fence('vega-lite', JSON.stringify(VEGA_BAR)), ...refused.map((s) => fence('vega-lite', JSON.stringify(s))), 'End.'].join('\n\n')]);
  await openHost(page, server.url);
  await turn(page, server.url, 'vega');
  const answer = lastAssistant(page);
  const chart = answer.locator('.bc-rich[data-type="vega-lite"] figure.bc-vega');
  await expect(chart).toHaveCount(1);
  await expect(chart.locator('svg .mark-rect path')).toHaveCount(4);
  await expect(chart).toHaveAccessibleName('Chart: Median answer time');
  await expect(chart.locator('svg')).toContainText('Oceania');
  // No actions menu, no links, nothing that leaves the page; no style injected into the page.
  await expect(chart.locator('details, a, .vega-actions')).toHaveCount(0);
  expect(await page.evaluate(() => document.querySelectorAll('style#vega-embed-style').length)).toBe(0);
  await expect(answer.locator('pre code[data-language="vega-lite"]')).toHaveCount(refused.length);
  expect((await counts(page)).vegaEmbeds).toBe(1);
  await shot(chart, 'vega-lite-bar');
  // The drawn chart's dataflow has run (its marks are on screen) and the refused specs never
  // reached Vega (one embed): any load was asked for by now, and is reported once this is.
  await requestsReported(page);
  expect(requests.filter((u) => u.includes('data.example') || u.includes('cars.json'))).toEqual([]);
});

test('vega-lite: the adapter\'s loader refuses a load even if a spec got past the checks (ES module build)', async ({ page, server }) => {
  const requests: string[] = [];
  await page.route('https://data.example/**', (route) => {
    requests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/csv', headers: { 'Access-Control-Allow-Origin': '*' }, body: 'a,b\nX,1\n' });
  });
  await page.goto(`${server.url}/e2e/charts.html`);
  const draw = (useAdapterLoader: boolean) =>
    page.evaluate(async ({ useAdapterLoader, esm }) => {
      const w = window as unknown as W;
      const { refusingLoader } = await import(esm);
      const host = document.createElement('div');
      document.body.append(host);
      const spec = { data: { url: 'https://data.example/x.csv' }, mark: 'bar', encoding: { x: { field: 'a' }, y: { field: 'b', type: 'quantitative' } } };
      const result = await w.vegaEmbed(host, spec, { actions: false, defaultStyle: false, ...(useAdapterLoader ? { loader: refusingLoader() } : {}) });
      await result.view.runAsync().catch(() => undefined);
      const marks = host.querySelectorAll('.mark-rect path').length;
      result.finalize();
      host.remove();
      return marks;
    }, { useAdapterLoader, esm: `${server.url}/dist/esm/charts.js` });

  // Self-test: with Vega's own loader the request is made (and the route sees it).
  expect(await draw(false)).toBe(1);
  expect(requests).toEqual(['https://data.example/x.csv']);
  requests.length = 0;
  // draw() resolves after the view's run, which waits for any load it starts: the self-test's
  // request was in `requests` by then, so a request through the adapter's loader would be too.
  expect(await draw(true)).toBe(0);
  expect(requests).toEqual([]);
});

const ALL_THREE = [
  'All three:',
  chartFence({ kind: 'bar', title: 'Weekly signups', data: points([12, 19, 15, 22, 28, 9, 7]) }),
  chartFence({ kind: 'pie', title: 'Plans', data: [{ label: 'Free', value: 62 }, { label: 'Team', value: 38 }] }),
  fence('mermaid', FLOWCHART),
  fence('vega-lite', JSON.stringify(VEGA_BAR)),
  'Done.',
].join('\n\n');

/** The three adapters' output in the last answer. */
async function expectAllThree(page: Page) {
  const answer = lastAssistant(page);
  await expect(answer.locator('figure.bc-chart canvas')).toHaveCount(2);
  await expect(answer.locator('figure.bc-diagram svg .node')).toHaveCount(3);
  await expect(answer.locator('figure.bc-vega svg .mark-rect path')).toHaveCount(4);
  await expect(answer.locator('pre code')).toHaveCount(0);
}

test('new conversation disposes every chart instance, observer and element (counted)', async ({ page, server }) => {
  await fakeReplies(page, [ALL_THREE, ALL_THREE]);
  await openHost(page, server.url);
  const baseline = await counts(page);
  await turn(page, server.url, 'everything');
  await expectAllThree(page);
  await turn(page, server.url, 'everything again');
  await expect(page.locator('bailing-chat-widget .bc-msg-assistant figure.bc-chart canvas')).toHaveCount(4);
  await expect(page.locator('bailing-chat-widget .bc-msg-assistant figure.bc-vega svg')).toHaveCount(2);
  const live = await counts(page);
  expect(live).toMatchObject({ echartsInits: 4, echartsDisposes: 0, vegaEmbeds: 2, vegaFinalizes: 0, mermaidRenders: 2 });
  // The two ECharts charts and the vega chart of each answer each observe their size.
  expect(live.observers - live.disconnects - (baseline.observers - baseline.disconnects)).toBe(6);

  await page.evaluate(() => (window as unknown as W).BailingChat.newConversation());
  await expect(page.locator('bailing-chat-widget .bc-msg-assistant:not(.bc-greeting)')).toHaveCount(0);
  await expect.poll(() => counts(page)).toMatchObject({ echartsInits: 4, echartsDisposes: 4, vegaEmbeds: 2, vegaFinalizes: 2 });
  const after = await counts(page);
  expect(after.observers - after.disconnects).toBe(baseline.observers - baseline.disconnects);
  // ECharts keeps a registry of its instances: none is left.
  expect(await page.evaluate(() => document.querySelectorAll('[_echarts_instance_]').length)).toBe(0);
  expect(await page.evaluate(() => document.querySelectorAll('bailing-chat-widget').length)).toBe(1);
  const leftovers = await page.evaluate(() => document.querySelector('bailing-chat-widget')!.shadowRoot!.querySelectorAll('figure, canvas, svg[id^="bc-mermaid"]').length);
  expect(leftovers).toBe(0);
});

for (const order of ['adapters-first', 'widget-first'] as const) {
  test(`adapters work when registered ${order === 'adapters-first' ? 'before an async widget (preload)' : 'after the widget is up'}`, async ({ page, server }) => {
    const types: string[][] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/chat/demo_assistant') types.push(request.postDataJSON().client_capabilities.renderers);
    });
    let queued: unknown = null;
    if (order === 'adapters-first') {
      // What the adapters leave for the widget before it runs: definitions in the preload array.
      await page.route('**/widget.js', async (route) => {
        queued = await page.evaluate(() => ((window as unknown as W).BailingChat?.renderers ?? []).map((d: { type: string }) => d.type));
        await route.continue();
      });
    }
    await fakeReplies(page, [ALL_THREE]);
    await openHost(page, server.url, order);
    if (order === 'adapters-first') expect(queued).toEqual(['bailing-chart', 'mermaid', 'vega-lite']);
    await turn(page, server.url, 'everything');
    await expectAllThree(page);
    expect(types[0]).toEqual(expect.arrayContaining(['bailing-chart', 'mermaid', 'vega-lite']));
  });
}

test('an adapter whose library is missing registers nothing and says which script to load', async ({ page, server, consoleMessages }) => {
  await page.goto(`${server.url}/e2e/blank.html`);
  await addScripts(page, ['/renderers/echarts.js']);
  expect(await page.evaluate(() => (window as unknown as W).BailingChat)).toBeUndefined();
  expect(consoleMessages.map((m) => m.text).join('\n')).toContain('window.echarts is not on the page');
});

test('the demo page: the agent answers "chart", "diagram" and "vega" with blocks the page\'s adapters draw', async ({ page, server }) => {
  await page.goto(`${server.url}/`);
  await launcher(page).click();
  await turn(page, server.url, 'Show me a chart');
  await expect(lastAssistant(page).locator('figure.bc-chart canvas')).toHaveCount(1);
  await expect(lastAssistant(page).locator('figure.bc-chart')).toHaveAccessibleName('Bar chart: Weekly signups');
  // The timeline type has no renderer on the page: code.
  await expect(lastAssistant(page).locator('pre code')).toContainText('Beta opens');
  await turn(page, server.url, 'Draw a diagram');
  await expect(lastAssistant(page).locator('figure.bc-diagram svg .node')).toHaveCount(4);
  await turn(page, server.url, 'a vega chart');
  await expect(lastAssistant(page).locator('figure.bc-vega svg .mark-rect path')).toHaveCount(4);
  await shot(page.locator('bailing-chat-widget .bc-panel'), 'demo-page-panel');
});

test('vega-lite: a single view fills the message and follows it when the panel grows', async ({ page, server }) => {
  await fakeReplies(page, [fence('vega-lite', JSON.stringify(VEGA_BAR))]);
  await openHost(page, server.url);
  await turn(page, server.url, 'vega');
  const figure = lastAssistant(page).locator('figure.bc-vega');
  const svgWidth = () => figure.locator('svg').evaluate((el) => el.getBoundingClientRect().width);
  const fill = async () => Math.abs((await svgWidth()) - (await figure.evaluate((el) => el.clientWidth)));
  await expect.poll(fill).toBeLessThan(12);
  const before = await svgWidth();
  await page.getByRole('button', { name: 'Maximize' }).click();
  await expect.poll(svgWidth).toBeGreaterThan(before + 100);
  await expect.poll(fill).toBeLessThan(12);
  await shot(figure, 'vega-lite-bar-maximized');
});

for (const mode of ['light', 'dark'] as const) {
  test(`axe (${mode}): no serious or critical violations in answers with charts, a diagram and a vega-lite chart`, async ({ page, server }) => {
    await fakeReplies(page, [ALL_THREE]);
    await openHost(page, server.url, 'adapters-first', { 'data-theme': mode });
    await turn(page, server.url, 'everything');
    await expectAllThree(page);
    await lastAssistant(page).locator('figure.bc-chart summary').first().click();
    const results = await new AxeBuilder({ page }).include('bailing-chat-widget').analyze();
    const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
    expect(blocking).toEqual([]);
    // The scan did look at the charts: their drawings passed the "role=img has a name" rule.
    const named = results.passes.find((r) => r.id === 'role-img-alt')?.nodes.map((n) => n.target.join(' ')) ?? [];
    // (axe names an ECharts plot by the attribute ECharts puts on it.)
    expect(named.filter((t) => t.includes('_echarts_instance_'))).toHaveLength(2);
    await shot(page.locator('bailing-chat-widget .bc-panel'), `panel-all-three-${mode}`);
    await shot(lastAssistant(page).locator('figure.bc-diagram'), `mermaid-flowchart-${mode}`);
    await shot(lastAssistant(page).locator('figure.bc-vega'), `vega-lite-bar-${mode}`);
    await shot(lastAssistant(page).locator('figure.bc-chart').nth(1), `echarts-pie-${mode}`);
  });
}

test('under a strict CSP (no unsafe-eval, no unsafe-inline): ECharts and Vega-Lite charts still draw', async ({ page, server }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await fakeReplies(page, [[chartFence({ kind: 'line', title: 'Visitors', data: points([5, 8, 6, 9, 12, 4, 3]) }), fence('vega-lite', JSON.stringify({ ...VEGA_BAR, transform: [{ filter: 'datum.ms > 450' }] }))].join('\n\n')]);
  await page.goto(`${server.url}/e2e/charts-csp.html`);
  await widgetUp(page);
  await launcher(page).click();
  await turn(page, server.url, 'charts');
  const answer = lastAssistant(page);
  await expect(answer.locator('figure.bc-chart canvas')).toHaveCount(1);
  // The filter expression ran (interpreted): three of the four regions are over 450 ms.
  await expect(answer.locator('figure.bc-vega svg .mark-rect path')).toHaveCount(3);
  expect(violations).toEqual([]);
});
