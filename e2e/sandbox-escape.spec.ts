// Escape attempts from inside a sandbox view (DESIGN.md §8.3, §11), observed from outside: a
// second local server that logs every hit (another origin), flags and state on the host page,
// and the create-job requests. Each detector is first shown to fire: the same attempt made
// without the sandbox (a plain frame on a host page) is seen.
import type { Page } from '@playwright/test';
import { createSocket } from 'node:dgram';
import { startEscapeLog, type EscapeLog } from './escape-log';
import { expect, requestsReported, test } from './fixtures';
import { createJobBodies, frameOf, serverIdle, showView, view } from './sandbox-helpers';

let log: EscapeLog;
test.beforeAll(async () => {
  log = await startEscapeLog();
});
test.afterAll(async () => {
  await log.close();
});
test.beforeEach(() => {
  log.hits.length = 0;
});

interface Attempt {
  name: string;
  /** Markup (scripts included) making the attempt against the logger at `L`. */
  html: (L: string) => string;
  /** The logged paths that mean it got through. */
  paths: string[];
  /** The paths the browser's refusals name, when not `paths` (a refused frame's names only the origin). */
  refusedAs?: string[];
}

const ATTEMPTS: Attempt[] = [
  { name: 'fetch', html: (L) => `<script>fetch('${L}/fetch').catch(() => {})</script>`, paths: ['/fetch'] },
  { name: 'XMLHttpRequest', html: (L) => `<script>try { const x = new XMLHttpRequest(); x.open('GET', '${L}/xhr'); x.send() } catch (e) {}</script>`, paths: ['/xhr'] },
  { name: 'WebSocket', html: (L) => `<script>try { new WebSocket('${L.replace('http:', 'ws:')}/ws') } catch (e) {}</script>`, paths: ['/ws'] },
  { name: 'EventSource', html: (L) => `<script>try { new EventSource('${L}/sse') } catch (e) {}</script>`, paths: ['/sse'] },
  { name: 'image (<img> and new Image)', html: (L) => `<img src="${L}/img-tag" alt=""><script>new Image().src = '${L}/img-js'</script>`, paths: ['/img-tag', '/img-js'] },
  {
    name: 'font (@font-face and FontFace)',
    html: (L) => `<style>@font-face { font-family: esc; src: url(${L}/font-css) }</style><span style="font-family: esc">x</span><script>new FontFace('esc2', 'url(${L}/font-js)').load().catch(() => {})</script>`,
    paths: ['/font-css', '/font-js'],
  },
  { name: 'stylesheet (<link> and @import)', html: (L) => `<link rel="stylesheet" href="${L}/css-link"><style>@import url(${L}/css-import);</style>`, paths: ['/css-link', '/css-import'] },
  {
    name: 'script (<script src> and a created one)',
    html: (L) => `<script src="${L}/js-tag"></script><script>document.head.append(Object.assign(document.createElement('script'), { src: '${L}/js-dom' }))</script>`,
    paths: ['/js-tag', '/js-dom'],
  },
  { name: 'navigator.sendBeacon', html: (L) => `<script>try { navigator.sendBeacon('${L}/beacon', 'x') } catch (e) {}</script>`, paths: ['/beacon'] },
  { name: 'form post', html: (L) => `<form method="post" action="${L}/form"><input name="q" value="typed"></form><script>document.forms[0].submit()</script>`, paths: ['/form'] },
  { name: 'window.open', html: (L) => `<script>window.open('${L}/popup')</script>`, paths: ['/popup'] },
  { name: 'a link with target=_blank, clicked', html: (L) => `<a id="a" href="${L}/link" target="_blank">x</a><script>document.getElementById('a').click()</script>`, paths: ['/link'] },
  { name: 'media (<video>)', html: (L) => `<video src="${L}/video"></video>`, paths: ['/video'] },
  { name: 'nested frame', html: (L) => `<iframe src="${L}/page-nested"></iframe>`, paths: ['/page-nested'], refusedAs: ['/'] },
];

/** Put first in a view: lists in `#refused` the URL of each load the view's CSP refused (its securitypolicyviolation events). */
const REFUSALS = `<ol id="refused" hidden></ol><script>document.addEventListener('securitypolicyviolation', (e) => { const li = document.createElement('li'); li.textContent = e.blockedURI; document.getElementById('refused').append(li) })</script>`;

/** Runs each attempt in its own plain frame on a fresh page (no sandbox, no CSP): the logger must see it. */
async function control(page: Page, baseUrl: string, attempts: Attempt[]) {
  await page.goto(`${baseUrl}/e2e/blank.html`);
  page.on('popup', (popup) => void popup.close());
  for (const attempt of attempts) {
    await page.evaluate((html) => {
      const frame = document.createElement('iframe');
      frame.srcdoc = html;
      document.body.append(frame);
    }, attempt.html(log.url));
  }
  for (const attempt of attempts) {
    for (const path of attempt.paths) await expect.poll(() => log.saw(path), { message: `control: ${attempt.name} reaches the logger (${path})` }).toBe(true);
  }
}

let caughtUp = 0;
/**
 * Resolves once the logger has answered a request the host page makes now, and takes that hit out
 * of the log. Used once the browser has decided on a view's attempts (refused them, or removed the
 * frame): a request the view made before then was on its way first, and has landed too.
 */
async function loggerCaughtUp(page: Page, logger: EscapeLog = log) {
  const path = `/caught-up-${++caughtUp}`;
  await page.evaluate((url) => fetch(url, { cache: 'no-store' }).then((response) => response.text()), logger.url + path);
  const at = logger.hits.findIndex((hit) => hit.path === path);
  expect(at, "the logger saw the host page's request").toBeGreaterThanOrEqual(0);
  logger.hits.splice(at, 1);
}

test('network, popups and forms: each attempt reaches the logger from a plain frame, none from a view', async ({ page, server, context, consoleMessages }) => {
  const controlPage = await context.newPage();
  await control(controlPage, server.url, ATTEMPTS);
  await controlPage.close();
  const seenInControl = log.hits.length;
  expect(seenInControl).toBeGreaterThanOrEqual(ATTEMPTS.length);
  log.hits.length = 0;
  const connectionsBefore = log.connections();

  await showView(page, server.url, {
    title: 'Escapes',
    html: REFUSALS + ATTEMPTS.map((a) => a.html(log.url)).join('') + '<p id="made">attempts made</p>',
    jsExpressions: ['document.body.dataset.done = "1"'],
  });
  await expect(view(page).locator('body[data-done="1"] #made')).toBeVisible();
  // The browser's decision on each attempt: refused by the view's CSP (a securitypolicyviolation
  // event), refused by the sandbox (its console error, "Blocked … 'URL' …"), or let through (a hit).
  const logger = new URL(log.url).host;
  const refused = async () =>
    [
      ...(await view(page).locator('#refused li').allTextContents()),
      ...consoleMessages.filter((m) => m.type === 'error' && m.text.startsWith('Blocked ')).map((m) => /'([^']+)'/.exec(m.text)?.[1] ?? ''),
    ]
      .filter((url) => URL.canParse(url) && new URL(url).host === logger)
      .map((url) => new URL(url).pathname);
  await expect
    .poll(async () => {
      const decided = [...(await refused()), ...log.hits.map((hit) => hit.path)];
      return ATTEMPTS.flatMap((a) => a.refusedAs ?? a.paths).filter((path) => !decided.includes(path));
    }, { message: 'attempts the browser has neither refused nor let through' })
    .toEqual([]);
  const connectionsAfter = log.connections();
  await loggerCaughtUp(page);
  expect(log.hits, 'requests that reached the logger from the view').toEqual([]);
  // The frame is still there: nothing above navigated it.
  await expect(frameOf(page)).toHaveCount(1);
  console.log(`sandbox escapes: ${ATTEMPTS.length} attempts, ${seenInControl} control hits, 0 view hits, ${connectionsAfter - connectionsBefore} TCP connections opened from the view`);
});

test('top.location and parent.location: the control navigates the top page, a view cannot', async ({ page, server, context }) => {
  const controlPage = await context.newPage();
  await controlPage.goto(`${server.url}/e2e/blank.html`);
  await controlPage.evaluate((L) => {
    const frame = document.createElement('iframe');
    frame.srcdoc = `<script>top.location = '${L}/page-top-control'</script>`;
    document.body.append(frame);
  }, log.url);
  await expect.poll(() => log.saw('/page-top-control')).toBe(true);
  // Closed only once the navigation it started has run the new page's script: a page closed in
  // the middle of a cross-origin navigation can leave the browser context half torn down, and the
  // next route set up on the test's page then never completes.
  await expect.poll(() => log.saw('/ran/page-top-control')).toBe(true);
  await controlPage.close();
  log.hits.length = 0;

  await showView(page, server.url, {
    title: 'Top',
    html: '<output id="out"></output>',
    jsExpressions: [
      `try { top.location = '${log.url}/page-top' } catch (e) { out.textContent += 'top: ' + e.name + ';' }`,
      `try { parent.location.href = '${log.url}/page-parent' } catch (e) { out.textContent += 'parent: ' + e.name + ';' }`,
      `try { top.location.replace('${log.url}/page-replace') } catch (e) { out.textContent += 'replace: ' + e.name + ';' }`,
    ],
  });
  // Each navigation was refused as it was asked for (the SecurityErrors): nothing was started.
  await expect(view(page).locator('#out')).toHaveText('top: SecurityError;parent: SecurityError;replace: SecurityError;');
  await loggerCaughtUp(page);
  expect(log.hits).toEqual([]);
  expect(new URL(page.url()).pathname).toBe('/e2e/blank.html');
});

for (const how of ['meta refresh', 'location.href'] as const) {
  test(`a ${how} to another origin: the frame is destroyed and the page it went to runs no script`, async ({ page, server, context, consoleMessages }) => {
    // Control: the same navigation in a plain frame loads the page and its script runs (`/ran…`).
    const controlPage = await context.newPage();
    await controlPage.goto(`${server.url}/e2e/blank.html`);
    await controlPage.evaluate((L) => {
      const frame = document.createElement('iframe');
      frame.srcdoc = `<script>location.href = '${L}/page-control'</script>`;
      document.body.append(frame);
    }, log.url);
    await expect.poll(() => log.saw('/ran/page-control')).toBe(true);
    await controlPage.close();
    log.hits.length = 0;

    const go =
      how == 'meta refresh'
        ? { html: `<p>x</p>`, jsExpressions: [`setTimeout(() => { const m = document.createElement('meta'); m.httpEquiv = 'refresh'; m.content = '0;url=${log.url}/page-meta'; document.head.append(m) }, 500)`] }
        : { html: `<p>x</p>`, jsExpressions: [`setTimeout(() => { location.href = '${log.url}/page-href' }, 500)`] };
    await showView(page, server.url, { title: 'Leaver', summary: 'Tries to leave.', ...go });
    await expect(page.locator('bailing-chat-widget .sbx-reason')).toHaveText('The view tried to leave its frame and was closed.');
    await expect(frameOf(page)).toHaveCount(0);
    await expect(page.locator('bailing-chat-widget .sbx-summary')).toHaveText('Tries to leave.');
    await loggerCaughtUp(page);
    expect(log.hits.filter((hit) => hit.path.startsWith('/ran')), 'script ran in the page the view went to').toEqual([]);
    expect(consoleMessages.some((m) => m.text.includes('navigated away') || m.text.includes('second document'))).toBe(true);
    console.log(`sandbox ${how}: navigation requests seen by the logger: ${JSON.stringify(log.hits)}`);
  });
}

test('a view that silences its bridge, then navigates: the second load removes the frame; the page it went to runs no script', async ({ page, server }) => {
  await showView(page, server.url, {
    title: 'Silent leaver',
    summary: 'Leaves quietly.',
    html: '<p>x</p>',
    // After start-up: every bridge message is dropped (no `leave`), then a navigation.
    jsExpressions: [`setTimeout(() => { MessagePort.prototype.postMessage = () => {}; location.href = '${log.url}/page-silent' }, 500)`],
  });
  await expect(page.locator('bailing-chat-widget .sbx-reason')).toHaveText('The view tried to leave its frame and was closed.');
  await expect(frameOf(page)).toHaveCount(0);
  // The request went out (nothing stopped it before the second document loaded), but no script ran there.
  expect(log.saw('/page-silent')).toBe(true);
  await loggerCaughtUp(page);
  expect(log.hits.filter((hit) => hit.path.startsWith('/ran'))).toEqual([]);
});

test('a location.href while the view first runs (before the bridge is up): the page it went to runs no script, the frame goes', async ({ page, server }) => {
  await showView(page, server.url, { title: 'Early leaver', summary: 'Leaves at once.', html: '<p>x</p>', jsExpressions: [`location.href = '${log.url}/page-early'`] });
  // No bridge ever answers from the document the frame went to: the view is given up as not starting.
  await expect(page.locator('bailing-chat-widget .sbx-summary')).toHaveText('Leaves at once.', { timeout: 15_000 });
  await expect(frameOf(page)).toHaveCount(0);
  await loggerCaughtUp(page);
  expect(log.hits.filter((hit) => hit.path.startsWith('/ran')), 'script ran in the page the view went to').toEqual([]);
  console.log(`sandbox early location.href: requests seen by the logger: ${JSON.stringify(log.hits)}`);
});

test("the host's cookies, localStorage and DOM: readable by the control, not by a view", async ({ page, server }) => {
  const probe = `
    const results = [];
    const attempt = (name, run) => { try { results.push(name + '=' + String(run())) } catch (e) { results.push(name + ':' + e.name) } };
    attempt('cookie', () => document.cookie);
    attempt('parentCookie', () => parent.document.cookie);
    attempt('localStorage', () => localStorage.getItem('host-secret'));
    attempt('parentLocalStorage', () => parent.localStorage.getItem('host-secret'));
    attempt('sessionStorage', () => sessionStorage.length);
    attempt('indexedDB', () => indexedDB.open('x') && 'opened');
    attempt('parentTitle', () => parent.document.title);
    attempt('parentWrite', () => (parent.document.body.dataset.pwned = '1'));
    attempt('topWrite', () => (top.document.title = 'pwned'));
    attempt('frameElement', () => window.frameElement);
    attempt('opener', () => window.opener);
    results.join(';')`;
  // Control: the same probe run in the host page itself reads the secrets.
  await page.goto(`${server.url}/e2e/blank.html`);
  await page.evaluate(() => {
    document.cookie = 'host_secret=cookie-value; path=/';
    localStorage.setItem('host-secret', 'storage-value');
  });
  const inHost = await page.evaluate(probe.replace('results.join', 'delete document.body.dataset.pwned; document.title = "Test host"; results.join'));
  expect(inHost).toContain('cookie=host_secret=cookie-value');
  expect(inHost).toContain('parentLocalStorage=storage-value');

  await showView(page, server.url, {
    title: 'Reader',
    html: '<pre id="out"></pre>',
    jsExpressions: [`out.textContent = (() => { ${probe.replace('results.join', 'return results.join')} })()`],
  });
  const seen = await view(page).locator('#out').textContent();
  console.log(`sandbox host state from a view: ${seen}`);
  expect(seen).not.toContain('cookie-value');
  expect(seen).not.toContain('storage-value');
  for (const name of ['cookie', 'parentCookie', 'localStorage', 'parentLocalStorage', 'sessionStorage', 'indexedDB', 'parentTitle', 'parentWrite', 'topWrite']) {
    expect(seen).toContain(`${name}:SecurityError`);
  }
  expect(seen).toContain('frameElement=null');
  expect(await page.evaluate(() => [document.body.dataset.pwned, document.title])).toEqual([undefined, 'Test host']);
});

test('postMessage to the host pretending to be the bridge: from the view and from another frame; only agent.send sends', async ({ page, server }) => {
  const bodies = createJobBodies(page);
  const spoof = (text: string) => JSON.stringify({ type: 'send', id: 1, payload: { text } });
  await showView(page, server.url, {
    title: 'Spoofer',
    html: '<button id="legit">Send</button><output id="out"></output>',
    jsExpressions: [
      // Every shape the host could plausibly listen for, to the parent and the top window.
      `for (const target of [parent, top]) { target.postMessage(${spoof('from the view')}, '*'); target.postMessage({ token: 'guess', ...${spoof('from the view with a token')} }, '*'); const c = new MessageChannel(); target.postMessage('guess', '*', [c.port2]); c.port1.postMessage(${spoof('over a port of its own')}) }`,
      `legit.onclick = () => agent.send({ text: 'legit click' }).then(() => out.textContent = 'sent', (e) => out.textContent = e.message)`,
    ],
  });
  // Another frame on the host page: posts to the host and hands the view a port of its own with a guessed token.
  await page.evaluate((spoofText) => {
    (window as any).posted = false;
    addEventListener('message', (e) => e.data === 'posted' && ((window as any).posted = true));
    const frame = document.createElement('iframe');
    frame.srcdoc = `<script>
      const spoof = ${spoofText};
      parent.postMessage(spoof, '*');
      for (let i = 0; i < parent.frames.length; i++) {
        const c = new MessageChannel();
        try { parent.frames[i].postMessage('0123456789abcdef0123456789abcdef', '*', [c.port2]) } catch (e) {}
        c.port1.postMessage({ type: 'result', id: 1, ok: true });
      }
      parent.postMessage('posted', '*');
    </script>`;
    document.body.append(frame);
  }, spoof('from another frame'));
  // The frame's last post arrived after its spoofs (one source's messages arrive in order), and the
  // view's were made at its start: the widget has handled them all, and would have sent at once.
  await page.waitForFunction(() => (window as any).posted);
  await requestsReported(page);
  expect(bodies, 'no message was sent by the spoofed posts').toHaveLength(1);
  // The detector: a real click on the view's button does send.
  await view(page).locator('#legit').click();
  await expect(view(page).locator('#out')).toHaveText('sent');
  await expect.poll(() => bodies.length).toBe(2);
  expect(JSON.parse(bodies[1]!.message)).toEqual({ text: 'legit click' });
  await serverIdle(page, server.url);
});

// What the browser does not isolate. These pin the measured behaviour the README describes: if a
// Chromium release closes a gap, the test fails and the README is to be updated.

test('not isolated (measured): WebRTC is not governed by CSP, a view can send UDP to another host', async ({ page, server }) => {
  const udp = createSocket('udp4');
  let packets = 0;
  udp.on('message', () => packets++);
  await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
  try {
    const port = (udp.address() as { port: number }).port;
    await showView(page, server.url, {
      title: 'STUN',
      html: '<output id="out"></output>',
      jsExpressions: [
        `try { const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:${port}' }] }); pc.createDataChannel('x'); pc.createOffer().then((o) => pc.setLocalDescription(o)).then(() => out.textContent = 'offered', (e) => out.textContent = e.name) } catch (e) { out.textContent = e.name }`,
      ],
    });
    await expect(view(page).locator('#out')).toHaveText('offered');
    await expect.poll(() => packets, { timeout: 10_000 }).toBeGreaterThan(0);
    console.log(`sandbox WebRTC: ${packets} STUN packets reached 127.0.0.1:${port} from a view`);
  } finally {
    udp.close();
  }
});

test('not isolated (measured): a nested frame blocked by frame-src makes no request; TCP connections are counted', async ({ page, server }) => {
  const fresh = await startEscapeLog();
  try {
    await showView(page, server.url, { title: 'Nested', html: `${REFUSALS}<iframe src="${fresh.url}/page-nested"></iframe><p id="made">made</p>`, jsExpressions: ['1'] });
    await expect(view(page).locator('#made')).toBeVisible();
    // The browser refused the frame (frame-src; the violation names only the origin).
    await expect.poll(() => view(page).locator('#refused li').allTextContents()).toContain(fresh.url);
    const connections = fresh.connections();
    await loggerCaughtUp(page, fresh);
    expect(fresh.hits).toEqual([]);
    console.log(`sandbox nested frame: 0 requests, ${connections} TCP connection(s) opened to the other origin`);
  } finally {
    await fresh.close();
  }
});
