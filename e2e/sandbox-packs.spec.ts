// Capability packs (DESIGN.md §8.3) in the built widget and a real Chromium frame: each pack's
// function called from inside a view and run by the host (the owner's callback, or an HTTP request
// to the reference server's Petstore fake), the deny-by-default policy, the limits both ways, the
// proof that an OpenAPI pack's header values never enter the frame, what the model is told, and
// the send gate (agent.send only during a visitor's gesture in the view).
import { agentRuns } from './agent-runs';
import { addScript, ask, expect, launcher, loadWidget, test, waitForAnswer } from './fixtures';
import { PETSTORE_WITH_EXTRAS } from './petstore-spec';
import { clickResults, clickView, createJobBodies, fakeFirstReply, frameOf, liveView, packResults, packView, sandboxFence, serverIdle, showView, view } from './sandbox-helpers';
import type { Page } from '@playwright/test';
import { postsWith, recordPosts, searchFrame } from './secret-search';


/** A preload with `packs` (JavaScript source: functions are the point) and `policy`. */
const preload = (packs: string, policy = '{}') => `window.BailingChat = { sandbox: { packs: ${packs}, policy: ${policy} } }`;

const DOCS = `[
  { documentId: 'refunds', documentTitle: 'Refunds', chunkIndex: 0, content: 'Refunds take 5 business days.', score: 0.92 },
  { documentId: 'backups', documentTitle: 'Backups', chunkIndex: 2, content: 'Nightly backups are incremental.', score: 0.41 },
]`;
const SEARCH = `{ pack: 'search', search: async (query, topK) => { window.searched = [query, topK]; return ${DOCS}.filter((d) => d.content.toLowerCase().includes(query.toLowerCase())).slice(0, topK) } }`;

const warnings = (messages: { type: string; text: string }[]) => messages.filter((m) => m.type === 'warning').map((m) => m.text);

test.describe('documentSearch', () => {
  test('a view searches the site’s documents through the host; the model is told of the pack', async ({ page, server }) => {
    const bodies = createJobBodies(page);
    await showView(page, server.url, packView('Search', 'await show("hits", documentSearch("refunds")); await show("two", documentSearch("e", 2))'), { before: preload(`[${SEARCH}]`) });
    expect(await packResults(page)).toBe(
      'hits ok [{"documentId":"refunds","documentTitle":"Refunds","chunkIndex":0,"content":"Refunds take 5 business days.","score":0.92}];' +
        'two ok [{"documentId":"refunds","documentTitle":"Refunds","chunkIndex":0,"content":"Refunds take 5 business days.","score":0.92},{"documentId":"backups","documentTitle":"Backups","chunkIndex":2,"content":"Nightly backups are incremental.","score":0.41}];',
    );
    // The owner's callback got the view's query and the default topK, in the host page.
    expect(await page.evaluate(() => (window as any).searched)).toEqual(['e', 2]);
    const capabilities = bodies[0]!.client_capabilities;
    expect(capabilities.renderers).toEqual(['a2ui', 'a2ui-surface', 'bailing-form', 'sandbox']);
    expect(capabilities.sandbox_packs).toEqual([
      { name: 'documentSearch', summary: expect.stringContaining('documentSearch(query, topK?)'), docs: expect.stringContaining('declare function documentSearch(query: string, topK?: number): Promise<SearchHit[]>;') },
    ]);
  });

  test('the owner’s search failing rejects in the view with its message, and the host warns', async ({ page, server, consoleMessages }) => {
    await showView(page, server.url, packView('Failing', 'await show("a", documentSearch("x"))'), {
      before: preload(`[{ pack: 'search', search: async () => { throw new Error('index offline') } }]`),
    });
    expect(await packResults(page)).toBe('a refused: documentSearch: failed: index offline;');
    expect(warnings(consoleMessages)).toContain('BailingChat: sandbox: view "Failing": documentSearch: failed: index offline');
  });

  test('arguments the host refuses: a blank query, a topK over 50; the owner’s code does not run', async ({ page, server }) => {
    await showView(page, server.url, packView('Args', 'await show("blank", documentSearch("  ")); await show("k", documentSearch("q", 51)); await show("fn", documentSearch(() => 1))'), {
      before: preload(`[{ pack: 'search', search: async () => { window.ran = true; return [] } }]`),
    });
    expect(await packResults(page)).toBe(
      'blank refused: documentSearch: query must be a non-empty string;k refused: documentSearch: topK must be at most 50;fn refused: documentSearch: query must be a non-empty string;',
    );
    expect(await page.evaluate(() => (window as any).ran)).toBeUndefined();
  });
});

test.describe('stores', () => {
  const STORES = `{ pack: 'stores', list: async () => [{ id: 'refunds', title: 'Refunds', chunkCount: 1 }, { id: 'backups', title: 'Backups', chunkCount: 3 }], read: async (id) => id === 'refunds' ? 'Refunds take 5 business days.' : id === 'broken' ? Promise.reject(new Error('disk error')) : undefined }`;

  test('stores.list() and stores.read(id) reach the owner’s store; an unknown id reads as empty text; a failing read rejects', async ({ page, server, consoleMessages }) => {
    await showView(page, server.url, packView('Store', 'await show("list", stores.list()); await show("read", stores.read("refunds")); await show("none", stores.read("nope")); await show("broken", stores.read("broken")); await show("frozen", Promise.resolve(Object.isFrozen(stores)))'), {
      before: preload(`[${STORES}]`),
    });
    expect(await packResults(page)).toBe(
      'list ok [{"id":"refunds","title":"Refunds","chunkCount":1},{"id":"backups","title":"Backups","chunkCount":3}];read ok "Refunds take 5 business days.";none ok "";broken refused: stores.read: failed: disk error;frozen ok true;',
    );
    expect(warnings(consoleMessages)).toContain('BailingChat: sandbox: view "Store": stores.read: failed: disk error');
  });
});

test.describe('sendEmail and secret: denied unless the owner allows them', () => {
  const EMAIL = `{ pack: 'email', send: async (m) => { (window.mails ??= []).push(m); if (m.to === 'bounce@example.com') throw new Error('mailbox unavailable') } }`;
  const SECRET = `{ pack: 'secret', get: async (name) => name === 'maps' ? 'maps-key-123' : name === 'vault' ? Promise.reject(new Error('vault sealed')) : undefined }`;

  test('not in allowTools: every call is refused, nothing is sent, and the model is not told of them', async ({ page, server, consoleMessages }) => {
    const bodies = createJobBodies(page);
    await showView(page, server.url, packView('Denied', 'await show("mail", sendEmail({ to: "ana@example.com", subject: "Hi", body: "x" })); await show("secret", secret("maps")); await show("search", documentSearch("refunds"))'), {
      before: preload(`[${EMAIL}, ${SECRET}, ${SEARCH}]`),
    });
    expect(await packResults(page)).toMatch(
      /^mail refused: sendEmail: refused \(allowed\): not allowed by the site \(policy\.allowTools\);secret refused: secret: refused \(allowed\): not allowed by the site \(policy\.allowTools\);search ok \[.*\];$/,
    );
    expect(await page.evaluate(() => (window as any).mails)).toBeUndefined();
    expect(bodies[0]!.client_capabilities.sandbox_packs.map((line: { name: string }) => line.name)).toEqual(['documentSearch']);
    expect(warnings(consoleMessages)).toEqual(
      expect.arrayContaining([
        'BailingChat: sandbox: the email pack is installed, but policy.allowTools does not name sendEmail: every call of it is refused, and the model is not told of it',
        'BailingChat: sandbox: view "Denied": sendEmail: refused (allowed): not allowed by the site (policy.allowTools)',
        'BailingChat: sandbox: view "Denied": secret: refused (allowed): not allowed by the site (policy.allowTools)',
      ]),
    );
  });

  test('allowed: a click in the view sends the checked message; a header injection is refused; the owner’s failure rejects', async ({ page, server }) => {
    const bodies = createJobBodies(page);
    await showView(
      page,
      server.url,
      clickView(
        'Mail',
        'await show("sent", sendEmail({ to: "ana@example.com", subject: "Your quote", body: "Line 1\\nLine 2" }));' +
          'await show("inject", sendEmail({ to: "ana@example.com", subject: "Hi\\r\\nBcc: all@example.com", body: "x" }));' +
          'await show("bounce", sendEmail({ to: "bounce@example.com", subject: "s", body: "b" }))',
      ),
      { before: preload(`[${EMAIL}]`, "{ allowTools: ['sendEmail'] }") },
    );
    expect(await page.evaluate(() => (window as any).mails)).toBeUndefined();
    expect(await clickResults(page)).toBe('sent ok true;inject refused: sendEmail: subject contains a control character;bounce refused: sendEmail: failed: mailbox unavailable;');
    expect(await page.evaluate(() => (window as any).mails)).toEqual([
      { to: 'ana@example.com', subject: 'Your quote', body: 'Line 1\nLine 2' },
      { to: 'bounce@example.com', subject: 's', body: 'b' },
    ]);
    expect(bodies[0]!.client_capabilities.sandbox_packs).toEqual([{ name: 'sendEmail', summary: expect.any(String), docs: expect.stringContaining('declare function sendEmail(message: { to: string; subject: string; body: string }): Promise<true>;') }]);
  });

  test('allowed: secret(name), in a click, resolves to the owner’s value; an unknown name and a failing lookup reject', async ({ page, server }) => {
    await showView(page, server.url, clickView('Secret', 'await show("maps", secret("maps")); await show("none", secret("other")); await show("vault", secret("vault"))'), {
      before: preload(`[${SECRET}]`, "{ allowTools: ['secret'] }"),
    });
    expect(await clickResults(page)).toBe('maps ok "maps-key-123";none refused: secret: failed: no secret named "other";vault refused: secret: failed: vault sealed;');
  });
});

test.describe('limits and the policy', () => {
  test('maxCalls: the call after the last allowed one of the answer is refused', async ({ page, server, consoleMessages }) => {
    await showView(page, server.url, packView('Count', 'for (const i of [1, 2, 3]) await show(i, documentSearch("refunds"))'), { before: preload(`[${SEARCH}]`, '{ maxCalls: 2 }') });
    expect(await packResults(page)).toMatch(/^1 ok \[.*\];2 ok \[.*\];3 refused: documentSearch: refused \(answer\): at most 2 calls per answer \(maxCalls\);$/);
    expect(warnings(consoleMessages)).toContain('BailingChat: sandbox: view "Count": documentSearch: refused (answer): at most 2 calls per answer (maxCalls)');
  });

  test('maxCallsPerMinute: calls at once beyond the rate are refused', async ({ page, server }) => {
    await showView(page, server.url, packView('Rate', 'await Promise.all([1, 2, 3, 4].map((i) => show(i, documentSearch("refunds"))))'), { before: preload(`[${SEARCH}]`, '{ maxCallsPerMinute: 3 }') });
    const text = await packResults(page);
    expect(text.match(/ ok /g)).toHaveLength(3);
    expect(text).toMatch(/\d refused: documentSearch: refused \(rate\): at most 3 calls a minute on the page \(maxCallsPerMinute\);/);
  });

  test('size both ways: arguments over maxCallBytes, an answer over maxResultBytes', async ({ page, server }) => {
    await showView(page, server.url, packView('Sizes', 'await show("in", documentSearch("x".repeat(300))); await show("out", documentSearch("big"))'), {
      before: preload(`[{ pack: 'search', search: async (q) => [{ content: q === 'big' ? 'y'.repeat(400) : q }] }]`, '{ maxCallBytes: 200, maxResultBytes: 300 }'),
    });
    expect(await packResults(page)).toBe('in refused: documentSearch: the arguments are 304 bytes as JSON, over the limit of 200;out refused: documentSearch: the answer is 416 bytes as JSON, over the limit of 300;');
  });

  test('nothing runs without an installed pack: a call to a name no pack provides is refused, even posted on a stolen port', async ({ page, server, browser }) => {
    // The view takes the bridge's port (by wrapping postMessage before the bridge gets it) and
    // posts a call of its own for a function no pack provides: the host is the only judge.
    const stealPort =
      'const stolen = new Promise((resolve) => { const post = MessagePort.prototype.postMessage; MessagePort.prototype.postMessage = function (m, t) { resolve(this); return post.call(this, m, t) } });';
    const forged =
      'const port = await stolen;' +
      'const answer = new Promise((resolve) => port.addEventListener("message", (e) => e.data.id === 9001 && resolve(e.data)));' +
      'port.postMessage({ type: "call", id: 9001, name: "sendEmail", payload: [{ to: "a@b.c", subject: "s", body: "b" }] });' +
      'await show("forged", answer.then((r) => r.ok ? r.value : Promise.reject(new Error(r.reason))));' +
      'await show("global", Promise.resolve(typeof __sbxCall))';
    await showView(page, server.url, { ...packView('Unknown', forged), jsFunctions: packView('', '').jsFunctions + stealPort }, { before: preload(`[${SEARCH}]`) });
    expect(await packResults(page)).toBe('forged refused: sendEmail is not a function of an installed capability pack;global ok "undefined";');
    // No pack at all: the bridge keeps its call, and the host refuses every name. A context of
    // its own, so the first page's saved conversation (and its view) is not restored here.
    const context2 = await browser.newContext();
    const page2 = await context2.newPage();
    await showView(page2, server.url, packView('None', 'await show("x", __sbxCall("documentSearch", ["q"])); await show("g", Promise.resolve(typeof documentSearch))'));
    expect(await packResults(page2)).toBe('x refused: no capability pack is installed;g ok "undefined";');
    await context2.close();
  });

  test('a bad pack is named at boot and not installed; the others are', async ({ page, server, consoleMessages }) => {
    const bodies = createJobBodies(page);
    await showView(page, server.url, packView('Boot', 'await show("s", Promise.resolve([typeof documentSearch, typeof stores]))'), {
      before: preload(`[{ pack: 'stores', list: 'all', read: async () => '' }, ${SEARCH}, { pack: 'fax', send: () => {} }]`),
    });
    expect(await packResults(page)).toBe('s ok ["function","undefined"];');
    expect(warnings(consoleMessages)).toEqual(
      expect.arrayContaining([
        "BailingChat: sandbox: sandbox.packs[0].list: expected a function (the site's own code), got string; that pack is not installed",
        'BailingChat: sandbox: sandbox.packs[2].pack: "fax" is not a kind of pack (known: search, stores, email, secret, openapi); that pack is not installed',
      ]),
    );
    expect(bodies[0]!.client_capabilities.sandbox_packs.map((line: { name: string }) => line.name)).toEqual(['documentSearch']);
    await expect(frameOf(page)).toHaveCount(1);
  });

  test('an invalid pack policy installs no pack (deny by default) and says which field', async ({ page, server, consoleMessages }) => {
    const bodies = createJobBodies(page);
    await showView(page, server.url, packView('Policy', 'await show("s", Promise.resolve(typeof documentSearch))'), { before: preload(`[${SEARCH}]`, "{ allowTools: ['sendMail'] }") });
    expect(await packResults(page)).toBe('s ok "undefined";');
    expect(warnings(consoleMessages)).toContain(
      `BailingChat: sandbox: the policy's pack settings are invalid, so no capability pack is installed: policy.allowTools[0]: "sendMail" is not a tool that needs allowing (known: sendEmail, secret)`,
    );
    expect(bodies[0]!.client_capabilities).toEqual({ renderers: ['a2ui', 'a2ui-surface', 'bailing-form', 'sandbox'] });
  });
});

test.describe('the send gate: agent.send only during a visitor’s gesture in the view', () => {
  const NO_GESTURE = 'agent.send: refused (gesture): it acts only during the visitor’s click or key press in the view';
  /** Records, in the host page, whether it had the browser's user activation when each `send` of a view arrived. */
  const recordActivation = (page: Page) =>
    page.addInitScript(() => {
      const sends: boolean[] = ((window as any).sendsSeen = []);
      const desc = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage')!;
      Object.defineProperty(MessagePort.prototype, 'onmessage', {
        get() {
          return desc.get!.call(this);
        },
        set(handler) {
          desc.set!.call(this, handler && ((event: MessageEvent) => (event.data?.type === 'send' && sends.push(navigator.userActivation.isActive), handler.call(this, event))));
        },
      });
    });
  const sendView = (title: string, expressions: string[]) => ({
    title,
    html: '<button id="go">Send</button><output id="out"></output>',
    jsFunctions: 'function send(text) { return agent.send({ text }).then(() => { out.textContent += text + " sent;" }, (e) => { out.textContent += text + " refused: " + e.message + ";" }) }',
    jsExpressions: expressions,
  });

  test('on load and from a timer, with no gesture in the view, a send is refused with a reason the view sees, and the host warns', async ({ page, server, consoleMessages }) => {
    await recordActivation(page);
    const bodies = createJobBodies(page);
    // The visitor has just typed their question and pressed Enter: the page has the activation,
    // but the focus is in the chat's composer, not in the view.
    await showView(page, server.url, sendView('Eager', ['send("on load")', 'setTimeout(() => send("timer"), 100)']));
    await expect(view(page).locator('#out')).toHaveText(`on load refused: ${NO_GESTURE};timer refused: ${NO_GESTURE};`);
    expect(await page.evaluate(() => (window as any).sendsSeen)).toEqual([true, true]);
    // The same refusal twice: the host says it once.
    expect(warnings(consoleMessages).filter((w) => w.includes('refused (gesture)'))).toEqual([`BailingChat: sandbox: view "Eager": ${NO_GESTURE}`]);
    expect(bodies).toHaveLength(1);
  });

  test('a click or a key press in the view sends; the same view’s timer once the gesture is over is refused, though the focus is still in it', async ({ page, server }) => {
    const bodies = createJobBodies(page);
    // Chromium's transient activation lasts 5 s: the timer fires after it ran out. Until then the
    // test only listens (requests, console): Playwright's evaluations in a page count as a gesture.
    await showView(page, server.url, sendView('Clicky', ['go.onclick = () => { send("click"); setTimeout(() => send("later"), 5500) }', 'go.onkeydown = (e) => e.key === "k" && send("key")']));
    await view(page).locator('#go').click();
    const refused = page.waitForEvent('console', { predicate: (m) => m.text().includes('refused (gesture)'), timeout: 12_000 });
    await expect.poll(() => bodies.length).toBe(2);
    expect(JSON.parse(bodies[1]!.message)).toEqual({ text: 'click' });
    expect((await refused).text()).toBe(`BailingChat: sandbox: view "Clicky": ${NO_GESTURE}`);
    await expect(view(page).locator('#out')).toHaveText(`click sent;later refused: ${NO_GESTURE};`);
    expect(await frameOf(page).evaluate((frame) => (frame.getRootNode() as ShadowRoot).activeElement === frame)).toBe(true);
    expect(bodies).toHaveLength(2);
    await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden({ timeout: 15_000 });
    // A key press is a gesture too.
    await view(page).locator('#go').press('k');
    await expect(view(page).locator('#out')).toContainText('key sent;');
    await expect.poll(() => bodies.length).toBe(3);
  });
});

test.describe('OpenAPI: the Petstore example against the reference server’s fake', () => {
  const KEY = 'demo-petstore-key-7f3a';
  /** A preload with the Petstore pack (the spec fetched from the server first, as an owner's page might), and more packs. */
  const petstore = (pack = '', more = '', policy = '{}') =>
    `fetch('/petstore/openapi.yaml').then((r) => r.text()).then((spec) => { window.BailingChat = { sandbox: { packs: [{ pack: 'openapi', spec, name: 'petstore', baseURL: location.origin + '/petstore/v1', headers: { 'X-API-Key': '${KEY}' }${pack} }${more}], policy: ${policy} } } })`;

  test('petstore.listPets, createPets and showPetById (POST allowed by the owner, in a click): the host makes each request, the view gets {status, headers, body}', async ({ page, server }) => {
    const bodies = createJobBodies(page);
    const requests: { url: string; method: string; key?: string; fromMainFrame: boolean }[] = [];
    page.on('request', (r) => r.url().includes('/petstore/v1/') && requests.push({ url: r.url(), method: r.method(), key: r.headers()['x-api-key'], fromMainFrame: r.frame() === page.mainFrame() }));
    const id = 1000 + Math.floor(Math.random() * 1e6);
    await showView(
      page,
      server.url,
      clickView(
        'Pets',
        'const brief = (r) => ({ status: r.status, next: r.headers["x-next"], body: r.body });' +
          'await show("list", petstore.listPets({ limit: 2 }).then(brief));' +
          `await show("create", petstore.createPets({ body: { id: ${id}, name: "Kiki", tag: "bird" } }).then(brief));` +
          `await show("show", petstore.showPetById({ petId: "${id}" }).then(brief));` +
          'await show("missing", petstore.showPetById({ petId: "999999999" }).then(brief));' +
          'await show("bad", petstore.showPetById({ id: 1 }).then(brief))',
      ),
      { before: petstore(", methods: ['GET', 'POST']") },
    );
    expect(await clickResults(page)).toBe(
      'list ok {"status":200,"next":"/petstore/v1/pets?limit=2&after=2","body":[{"id":1,"name":"Rex","tag":"dog"},{"id":2,"name":"Tom","tag":"cat"}]};' +
        'create ok {"status":201,"body":""};' +
        `show ok {"status":200,"body":{"id":${id},"name":"Kiki","tag":"bird"}};` +
        'missing ok {"status":404,"body":{"code":404,"message":"no pet with id 999999999"}};' +
        'bad refused: petstore.showPetById: unknown parameter "id" (known: petId);',
    );
    const origin = new URL(server.url).origin;
    expect(requests).toEqual([
      { url: `${origin}/petstore/v1/pets?limit=2`, method: 'GET', key: KEY, fromMainFrame: true },
      { url: `${origin}/petstore/v1/pets`, method: 'POST', key: KEY, fromMainFrame: true },
      { url: `${origin}/petstore/v1/pets/${id}`, method: 'GET', key: KEY, fromMainFrame: true },
      { url: `${origin}/petstore/v1/pets/999999999`, method: 'GET', key: KEY, fromMainFrame: true },
    ]);
    const line = bodies[0]!.client_capabilities.sandbox_packs[0];
    expect(line.name).toBe('petstore');
    expect(line.summary).toContain('petstore.listPets(params)');
    expect(line.docs).toContain('showPetById(params: { /** The id of the pet to retrieve (path) */ petId: string })');
    expect(JSON.stringify(bodies[0])).not.toContain(KEY);
  });

  test('an API that cannot be reached, a wrong key, an answer over maxResultBytes', async ({ page, server, consoleMessages }) => {
    // A tiny spec whose one operation fetches the Petstore spec itself: an answer of a known size.
    const specOfSpec = "{ openapi: '3.0.3', info: { title: 'Files', version: '1' }, paths: { '/petstore/openapi.yaml': { get: { operationId: 'spec', responses: { 200: { description: 'the spec' } } } } } }";
    await showView(
      page,
      server.url,
      packView('Failures', 'await show("down", down.listPets().then((r) => r.status)); await show("key", wrongKey.listPets().then((r) => [r.status, r.body])); await show("big", files.spec())'),
      {
        before: petstore(
          '',
          // A closed port on this machine; the same spec with a key the fake refuses; the spec file.
          `, { pack: 'openapi', spec, name: 'down', baseURL: 'http://127.0.0.1:9/v1' }, { pack: 'openapi', spec, name: 'wrongKey', baseURL: location.origin + '/petstore/v1', headers: { 'X-API-Key': 'guess' } }, { pack: 'openapi', spec: ${specOfSpec}, name: 'files', baseURL: location.origin }`,
          '{ maxResultBytes: 1000 }',
        ),
      },
    );
    const size = (await (await page.request.get(`${server.url}/petstore/openapi.yaml`)).body()).length;
    expect(await packResults(page)).toBe(
      `down refused: down.listPets: failed: Failed to fetch;key ok [401,{"code":401,"message":"missing or wrong x-api-key header"}];big refused: files.spec: failed: the response is ${size} bytes, over the limit of 1000;`,
    );
    expect(warnings(consoleMessages)).toContain(`BailingChat: sandbox: view "Failures": files.spec: failed: the response is ${size} bytes, over the limit of 1000`);
  });

  test('configuration errors are named at boot, not a silent install: no base URL, no operation; methods narrows', async ({ page, server, consoleMessages }) => {
    const noServers = "spec.replace(/servers:\\n  - url: \\S+\\n/, '')";
    await showView(page, server.url, packView('Config', 'await show("g", Promise.resolve([typeof petstore, typeof petstore.createPets, typeof noBase, typeof deletes]))'), {
      before: petstore(", methods: ['GET']", `, { pack: 'openapi', spec: ${noServers}, name: 'noBase' }, { pack: 'openapi', spec, name: 'deletes', baseURL: '/x', methods: ['DELETE'] }`),
    });
    expect(await packResults(page)).toBe('g ok ["object","undefined","undefined","undefined"];');
    expect(warnings(consoleMessages)).toEqual(
      expect.arrayContaining([
        'BailingChat: sandbox: sandbox.packs[1]: no base URL: set "baseURL" (the spec has no servers); that pack is not installed',
        'BailingChat: sandbox: sandbox.packs[2]: no operation to call (none of its operations is one of DELETE); that pack is not installed',
      ]),
    );
  });

  test('the owner’s header and credential values never enter the frame: not in its document, its messages or its globals (a planted value is found in all three)', async ({ page, server }) => {
    const header = `hdr-${Math.random().toString(36).slice(2)}-value`;
    const planted = `planted-${Math.random().toString(36).slice(2)}-value`;
    const sig = `sig-${Math.random().toString(36).slice(2)}-value`;
    const token = `tok-${Math.random().toString(36).slice(2)}-value`;
    // Every message the host page posts (on the view's port, and the handshake), recorded before the widget runs.
    await recordPosts(page);
    // The Petstore key from auth (the spec's apiKey scheme), a header of the owner's beside it; a
    // second API whose security asks for a query key and a bearer token, both from auth.
    const signed = {
      openapi: '3.0.3',
      info: { title: 'Signed', version: '1' },
      paths: { '/pets': { get: { operationId: 'listPets', responses: { 200: { description: 'ok' } } } } },
      components: { securitySchemes: { sig: { type: 'apiKey', in: 'query', name: 'sig' }, token: { type: 'http', scheme: 'bearer' } } },
      security: [{ sig: [], token: [] }],
    };
    const before = `window.BailingChat = { sandbox: {
      packs: [{ pack: 'openapi', spec: ${JSON.stringify(PETSTORE_WITH_EXTRAS)}, name: 'petstore', baseURL: location.origin + '/petstore/v1', headers: { 'X-Extra': '${header}' }, auth: { api_key: '${KEY}' } },
              { pack: 'openapi', spec: ${JSON.stringify(signed)}, name: 'signed', baseURL: location.origin + '/petstore/v1', auth: { sig: '${sig}', token: '${token}' } },
              { pack: 'secret', get: async () => '${planted}' }],
      policy: { allowTools: ['secret'] } } }`;
    // The host applied each one: the request of the second API carries the query key and the token.
    const signedSent = page.waitForRequest((r) => r.url().includes('/petstore/v1/pets') && new URL(r.url()).searchParams.get('sig') === sig && r.headers().authorization === `Bearer ${token}`);
    // The fake checks X-API-Key (so the key from auth was sent); X-Extra rides along with it.
    const sent = page.waitForRequest((r) => r.url().endsWith('/petstore/v1/pets') && r.headers()['x-extra'] === header && r.headers()['x-api-key'] === KEY);
    await showView(
      page,
      server.url,
      clickView('Proof', 'window.answer = await petstore.listPets(); window.other = await signed.listPets(); window.kept = await secret("planted"); await show("status", Promise.resolve([answer.status, other.status])); document.body.append(kept)'),
      { before },
    );
    // 200: the fake took the key from auth. 401: the second API sent no Petstore key (it has none).
    expect(await clickResults(page)).toBe('status ok [200,401];');
    await sent;
    await signedSent;
    const frame = await (await frameOf(page).elementHandle())!.contentFrame();
    const search = (needle: string) => searchFrame(frame!, needle);
    const inMessages = (needle: string) => postsWith(page, needle);
    // The control: the search finds a value that did enter the frame, in each of the three places.
    expect(await search(planted)).toEqual(['document', 'window.kept']);
    expect(await inMessages(planted)).toBe(1);
    // The owner's header and credential values: nowhere.
    for (const value of [header, KEY, sig, token]) {
      expect(await search(value), value).toEqual([]);
      expect(await inMessages(value), value).toBe(0);
    }
    expect(await frame!.evaluate(() => Object.getOwnPropertyNames(window).length)).toBeGreaterThan(100);
  });
});

test.describe('the modules: fetched only when used', () => {
  const fetched = (page: Page) => {
    const paths: string[] = [];
    page.on('request', (r) => paths.push(new URL(r.url()).pathname));
    return () => paths.filter((p) => /\/(packs|openapi)\.js$/.test(p));
  };

  test('no packs: neither packs.js nor openapi.js; callback packs: packs.js only', async ({ page, server, browser }) => {
    const modules = fetched(page);
    await showView(page, server.url, packView('Plain', 'await show("g", Promise.resolve(typeof documentSearch))'));
    expect(await packResults(page)).toBe('g ok "undefined";');
    expect(modules()).toEqual([]);
    // A context of its own: the first page's saved conversation is not restored here.
    const context2 = await browser.newContext();
    const page2 = await context2.newPage();
    const modules2 = fetched(page2);
    await showView(page2, server.url, packView('Search', 'await show("g", Promise.resolve(typeof documentSearch))'), { before: preload(`[${SEARCH}]`) });
    expect(await packResults(page2)).toBe('g ok "function";');
    expect(modules2()).toEqual(['/packs.js']);
    await context2.close();
  });

  test('the split build fetches packs.js and openapi.js from beside its widget.js', async ({ page, server }) => {
    const modules = fetched(page);
    await fakeFirstReply(page, sandboxFence(packView('Split', 'await show("pets", petstore.listPets({ limit: 1 }).then((r) => r.body))')));
    await page.goto(`${server.url}/e2e/blank.html`);
    await page.evaluate(`fetch('/petstore/openapi.yaml').then((r) => r.text()).then((spec) => { window.BailingChat = { sandbox: { packs: [{ pack: 'openapi', spec, name: 'petstore', baseURL: location.origin + '/petstore/v1', headers: { 'X-API-Key': 'demo-petstore-key-7f3a' } }] } } })`);
    await addScript(page, `${server.url}/split/widget.js`, { 'data-entry': 'demo_assistant', 'data-api': server.url });
    await launcher(page).click();
    await ask(page, 'hello');
    await waitForAnswer(page);
    expect(await packResults(page)).toBe('pets ok [{"id":1,"name":"Rex","tag":"dog"}];');
    expect(modules()).toEqual(['/split/packs.js', '/split/openapi.js']);
    await serverIdle(page, server.url);
  });
});

test.describe('the demo page /pages/packs.html', () => {
  const open = async (page: Page, baseUrl: string, question: string) => {
    const bodies = createJobBodies(page);
    await page.goto(`${baseUrl}/pages/packs.html`);
    await launcher(page).click();
    await ask(page, question);
    await waitForAnswer(page);
    await liveView(page);
    return bodies;
  };

  test('"search the docs for refunds": a view that searches the page’s docs through documentSearch and shows the hits', async ({ page, server }) => {
    const bodies = await open(page, server.url, 'search the docs for refunds');
    expect(bodies[0]!.client_capabilities.sandbox_packs.map((line: { name: string }) => line.name)).toEqual(['documentSearch', 'stores', 'petstore']);
    const search = view(page);
    await expect(search.locator('#status')).toHaveText('1 passage for “refunds”');
    await expect(search.locator('#hits li')).toHaveCount(1);
    await expect(search.locator('#hits .hit-title')).toHaveText('Refunds and credits');
    await search.locator('#q').fill('backups snapshot');
    await search.locator('#q').press('Enter');
    await expect(search.locator('#status')).toHaveText('3 passages for “backups snapshot”');
    await expect(search.locator('#hits .hit-title')).toHaveText(['Scheduling nightly backups', 'Restoring a snapshot', 'Regions and latency']);
    await page.screenshot({ path: 'test-results/packs-search.png' });
    await serverIdle(page, server.url);
  });

  test('"list the docs": a view that lists the page’s documents through stores.list() and reads the one picked through stores.read(id)', async ({ page, server }) => {
    const reads: string[] = [];
    await page.exposeFunction('recordRead', (id: string) => reads.push(id));
    // Each read the owner's store gets, recorded in the host page (the store's code is the page's).
    await page.addInitScript(() => {
      let sandbox: any;
      Object.defineProperty(window, 'BailingChat', {
        configurable: true,
        set(value) {
          sandbox = value?.sandbox;
          const stores = sandbox?.packs?.find((p: { pack: string }) => p.pack === 'stores');
          if (stores) {
            const read = stores.read;
            stores.read = (id: string) => ((window as any).recordRead(id), read(id));
          }
          Object.defineProperty(window, 'BailingChat', { configurable: true, writable: true, value });
        },
      });
    });
    await open(page, server.url, 'list the docs');
    const docs = view(page);
    await expect(docs.locator('#status')).toHaveText('6 documents on this site. Pick one to read it.');
    await expect(docs.locator('#docs button')).toHaveText(['Scheduling nightly backups', 'Restoring a snapshot', 'Refunds and credits', 'Regions and latency', 'API keys', 'Single sign-on']);
    await expect(docs.locator('#doc')).toBeHidden();
    await docs.getByRole('button', { name: 'API keys' }).click();
    await expect(docs.locator('#doc-title')).toHaveText('API keys');
    await expect(docs.locator('#doc-text')).toHaveText(/^Create API keys in Settings → API\. .* an old key keeps working for 24 hours after rotation\.$/);
    await expect(docs.getByRole('button', { name: 'API keys' })).toHaveAttribute('aria-pressed', 'true');
    await docs.getByRole('button', { name: 'Refunds and credits' }).click();
    await expect(docs.locator('#doc-text')).toHaveText(/^Refunds go back to the card you paid with/);
    expect(reads).toEqual(['api-keys', 'refunds']);
    await page.screenshot({ path: 'test-results/packs-docs.png' });
    await serverIdle(page, server.url);
  });

  test('"show the pets": a view that lists the shop’s pets through the Petstore API and adds one', async ({ page, server }) => {
    await open(page, server.url, 'show the pets');
    const pets = view(page);
    await expect(pets.locator('#status')).toHaveText(/^\d+ pets in the shop\.$/);
    await expect(pets.locator('#pets tr').first()).toContainText('Rex');
    const before = await pets.locator('#pets tr').count();
    const name = `Pip ${before}`;
    await pets.getByLabel('Name').fill(name);
    await pets.getByLabel('Tag').fill('hamster');
    await pets.getByRole('button', { name: 'Add' }).click();
    await expect(pets.locator('#pets tr')).toHaveCount(before + 1);
    await expect(pets.locator('#pets tr').last()).toContainText(name);
    await page.screenshot({ path: 'test-results/packs-pets.png' });
    await serverIdle(page, server.url);
  });
});

test('over AG-UI: the packs’ lines go in forwardedProps.client_capabilities, and the demo agent’s view calls documentSearch', async ({ page, server }) => {
  const runs = agentRuns(page);
  await loadWidget(page, server.url, {
    attrs: { 'data-protocol': 'ag-ui', 'data-agent-url': '/agui/demo_assistant', 'data-sandbox': '1' },
    before: preload(`[${SEARCH}]`),
  });
  await launcher(page).click();
  await ask(page, 'search the docs for refunds');
  await waitForAnswer(page);
  const capabilities = runs[0]!.forwardedProps.client_capabilities;
  expect(capabilities.renderers).toEqual(expect.arrayContaining(['sandbox']));
  expect(capabilities.sandbox_packs.map((line: { name: string }) => line.name)).toEqual(['documentSearch']);
  await expect(view(page).locator('#status')).toHaveText('1 passage for “refunds”');
  await expect(view(page).locator('#hits .hit-title')).toHaveText('Refunds');
});
