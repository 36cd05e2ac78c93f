// Helpers of the sandbox browser tests: a view answered as the first reply, the frame, the
// create-job bodies. The reference server answers everything after the first reply.
import type { Page, Request } from '@playwright/test';
import { ask, expect, jobIdOf, launcher, loadWidget, serverThread, sseReply, waitForAnswer, type LoadOptions } from './fixtures';

const EVENTS = '**/chat/demo_assistant/events/**';

export const sandboxFence = (props: object) => '```sandbox\n' + JSON.stringify(props) + '\n```';

/**
 * Answers the first job's stream with `reply` (one delta, then `done`); later jobs go to the
 * reference server.
 */
export async function fakeFirstReply(page: Page, reply: string) {
  let first: string | undefined;
  await page.route(EVENTS, async (route, request) => {
    const jobId = jobIdOf(request.url());
    first ??= jobId;
    if (jobId !== first) return route.continue();
    await route.fulfill({ status: 200, contentType: 'text/event-stream', body: sseReply(jobId, reply) });
  });
}

/** The create-job POST bodies the page makes. */
export function createJobBodies(page: Page): Record<string, any>[] {
  const bodies: Record<string, any>[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/chat/demo_assistant') bodies.push(request.postDataJSON());
  });
  return bodies;
}

/** Waits until the server has answered the thread's last message (else the next send is refused as busy). */
export async function serverIdle(page: Page, baseUrl: string) {
  await expect.poll(async () => (await serverThread(page, baseUrl)).at(-1)?.r).toBe('a');
}

/**
 * Opens the widget (views on, unless `options.attrs` says otherwise), answers the first question
 * with a view of `props`, and waits for the answer and for the server to be idle.
 */
export async function showView(page: Page, baseUrl: string, props: object, options: LoadOptions = {}) {
  await showReply(page, baseUrl, `Here you go:\n\n${sandboxFence(props)}\n\nTry it.`, options);
}

/** {@link showView} with the whole first reply given (several views, say). */
export async function showReply(page: Page, baseUrl: string, reply: string, options: LoadOptions = {}) {
  await fakeFirstReply(page, reply);
  await loadWidget(page, baseUrl, { ...options, attrs: { 'data-sandbox': '1', ...options.attrs } });
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  await serverIdle(page, baseUrl);
}

/**
 * Waits for the live view to take the preview's place: until then the live frame is inert behind
 * the streamed preview (which runs no script), and a click lands on the preview.
 */
export async function liveView(page: Page) {
  await expect(page.locator('bailing-chat-widget iframe.sbx-frame')).not.toHaveCount(0);
  await expect(page.locator('bailing-chat-widget iframe.sbx-behind')).toHaveCount(0);
  await expect(page.locator('bailing-chat-widget .sbx-preview')).toHaveCount(0);
}

export const frameOf = (page: Page) => page.locator('bailing-chat-widget iframe.sbx-frame');
export const view = (page: Page) => page.frameLocator('bailing-chat-widget iframe.sbx-frame');


/**
 * A view that runs `calls` (statements) at once; `show(label, promise)` appends `label ok <JSON>;`
 * or `label refused: <reason>;` to #out, and `done` marks the end.
 */
export const packView = (title: string, calls: string, html = '', summary = 'Calls the site’s capability packs.') => ({
  title,
  summary,
  html: `${html}<output id="out"></output>`,
  jsFunctions:
    'const out = document.getElementById("out");' +
    'function show(label, p) { return p.then((v) => { out.textContent += label + " ok " + JSON.stringify(v) + ";" }, (e) => { out.textContent += label + " refused: " + e.message + ";" }) }',
  jsExpressions: [`(async () => { ${calls}; out.dataset.done = "1" })()`],
});

/** What #out of a {@link packView} shows once the view's calls are over. */
export async function packResults(page: Page): Promise<string> {
  await expect(view(page).locator('#out[data-done="1"]')).toBeAttached();
  return (await view(page).locator('#out').textContent()) ?? '';
}

/**
 * A {@link packView} whose calls run when the visitor clicks its Go button: a call that acts
 * (sendEmail, secret, an operation that writes) runs only during the visitor's gesture in the view.
 */
export const clickView = (title: string, calls: string, html = '', summary?: string) => ({
  ...packView(title, '', `<button id="go">Go</button>${html}`, summary),
  jsExpressions: [`go.onclick = () => (async () => { ${calls}; out.dataset.done = "1" })()`],
});

/** Clicks Go in the {@link clickView} once it is live, and returns what #out shows once its calls are over. */
export async function clickResults(page: Page): Promise<string> {
  await liveView(page);
  await view(page).locator('#go').click();
  return packResults(page);
}
