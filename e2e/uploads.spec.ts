// Attachments, where the entry's config says `upload: true` (the demo entry): the file picker,
// pasted images, dropped files and voice notes become chips that upload at once on the hub's
// wire (`POST /chat/:entry/upload`) and go with the next message as the hub widget's markdown
// lines; the visitor's bubble and history show them; nothing is lost when something fails.
import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
import { composer, expect, launcher, loadWidget, panel, storedHistory, storedIds, test, waitForAnswer } from './fixtures';

// Chromium's fake microphone (a tone) and its permission prompt answered yes, for the voice notes.
test.use({ launchOptions: { executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] } });

const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const UPLOAD_PATH = '/chat/demo_assistant/upload';
const isUpload = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === UPLOAD_PATH;
const isCreateJob = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/chat/demo_assistant';

const chips = (page: Page) => page.locator('bailing-chat-widget .bc-chip');
const chip = (page: Page, name: string) => chips(page).filter({ hasText: name });
const fileInput = (page: Page) => page.locator('bailing-chat-widget input[type=file]');
const userMessages = (page: Page) => page.locator('bailing-chat-widget .bc-msg-user');
const liveRegion = (page: Page) => page.locator('bailing-chat-widget [aria-live]');
/** Errors are announced through the assertive region. */
const alertRegion = (page: Page) => page.locator('bailing-chat-widget .bc-sr[role="alert"]');
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send' });

function collect(page: Page, match: (request: Request) => boolean): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => match(request) && seen.push(request));
  return seen;
}

async function open(page: Page, baseUrl: string, attrs: Record<string, string> = {}, before?: string) {
  await loadWidget(page, baseUrl, { attrs, before });
  await launcher(page).click();
  await expect(page.getByRole('button', { name: 'Attach a file' })).toBeVisible();
}

/** The upload's response, once it came. */
async function uploaded(request: Request): Promise<{ ok: boolean; url: string; name: string; type: string }> {
  const response = await request.response();
  expect(response!.status(), 'upload status').toBe(200);
  return response!.json();
}

/** Waits until every image in the locator has been decoded (loaded from the server). */
async function expectLoaded(images: ReturnType<Page['locator']>) {
  await expect.poll(() => images.evaluateAll((els) => els.every((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0))).toBe(true);
}

/** Puts files on the page as `File` objects in a DataTransfer, under `window.__files`. */
async function stageFiles(page: Page, files: { name: string; type: string; base64: string }[]) {
  await page.evaluate((files) => {
    const dt = new DataTransfer();
    for (const f of files) dt.items.add(new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
    (window as unknown as { __files: DataTransfer }).__files = dt;
  }, files);
}

test('an image from the file picker: chip with preview and progress, Send waits, then the hub markdown goes with the message and the thumbnail shows, also after a reload', async ({ page, server }) => {
  const uploads = collect(page, isUpload);
  const jobs = collect(page, isCreateJob);
  await open(page, server.url);
  const { visitorId } = await storedIds(page);

  // Hold the upload so its in-between state can be looked at.
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${UPLOAD_PATH}`, async (route) => {
    await gate;
    await route.continue();
  });
  await fileInput(page).setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG_1PX });
  const photo = chip(page, 'photo.png');
  await expect(photo).toBeVisible();
  await expect(photo.locator('img')).toHaveAttribute('src', /^blob:/);
  const progress = photo.getByRole('progressbar', { name: 'Uploading photo.png' });
  await expect(progress).toBeVisible();
  await expect(sendButton(page)).toHaveAttribute('aria-disabled', 'true');
  // The uploader brings its own styles: a chip is a row, and Send looks like it waits.
  await expect(photo).toHaveCSS('display', 'flex');
  await expect(sendButton(page)).toHaveCSS('opacity', '0.45');

  // Typing goes on; sending waits and says why.
  await composer(page).fill('hello, what is in this picture?');
  await composer(page).press('Enter');
  await expect(liveRegion(page)).toHaveText('Wait for the uploads to finish');
  await expect(userMessages(page)).toHaveCount(0);
  await expect(composer(page)).toHaveValue('hello, what is in this picture?');

  release();
  await expect(liveRegion(page)).toHaveText('Attached photo.png');
  await expect(photo.getByRole('progressbar')).toHaveCount(0);
  await expect(sendButton(page)).not.toHaveAttribute('aria-disabled');
  await expect(sendButton(page)).toHaveCSS('opacity', '1');
  expect(uploads).toHaveLength(1);
  // The hub's body shape, exactly.
  expect(uploads[0]!.postDataJSON()).toEqual({ filename: 'photo.png', mime: 'image/png', data_base64: PNG_1PX.toString('base64'), visitor_id: visitorId });
  const { url } = await uploaded(uploads[0]!);
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/uploads\/u_/);

  await composer(page).press('Enter');
  await expect.poll(() => jobs.length).toBe(1);
  expect(jobs[0]!.postDataJSON().message).toBe(`hello, what is in this picture?\n\n![photo.png](${url})`);
  await expect(chips(page)).toHaveCount(0);
  await expect(composer(page)).toHaveValue('');

  const bubble = userMessages(page).last();
  await expect(bubble).toContainText('hello, what is in this picture?');
  await expect(bubble).not.toContainText('](');
  const thumb = bubble.getByRole('img', { name: 'photo.png' });
  await expect(thumb).toHaveAttribute('src', url);
  await expectLoaded(thumb);
  await expect(bubble.getByRole('link', { name: 'photo.png' })).toHaveAttribute('rel', /^noopener noreferrer/);
  await waitForAnswer(page);
  // History keeps the hub widget's shape: the text without the markdown, the attachment beside it.
  const history = await storedHistory(page);
  expect(history.find((item) => item.r === 'u')).toMatchObject({ t: 'hello, what is in this picture?', atts: [{ type: 'image', url, name: 'photo.png' }] });

  // After a reload the server's thread (whose text carries the markdown) is merged in.
  const thread = page.waitForResponse((response) => response.url().includes('/chat/demo_assistant/thread'));
  await loadWidget(page, server.url);
  await launcher(page).click();
  await thread;
  const restored = userMessages(page).first();
  await expect(restored).toHaveText('You: hello, what is in this picture?');
  await expectLoaded(restored.getByRole('img', { name: 'photo.png' }));
  // What was shown came from the server's item, whose text carries the line.
  expect((await storedHistory(page)).find((item) => item.r === 'u')!.t).toBe(`hello, what is in this picture?\n\n![photo.png](${url})`);
});

test("history from the server with the hub's atts: shown stripped; with remote images off, thumbnails from the hub only, other origins as links and never loaded", async ({ page, server }) => {
  const elsewhere = collect(page, (request) => new URL(request.url()).hostname === 'elsewhere.example');
  await page.route('**/elsewhere.example/**', (route) => route.abort());
  // A real upload on the reference server, to be the hub's own image.
  const upload = await page.request.post(`${server.url}${UPLOAD_PATH}`, {
    data: { filename: 'own.png', mime: 'image/png', data_base64: PNG_1PX.toString('base64'), visitor_id: 'visitor_history1' },
  });
  const own = (await upload.json()).url as string;
  const remote = 'https://elsewhere.example/tracker.png';
  await page.route(/\/chat\/demo_assistant\/thread\?/, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        visitor_id: 'visitor_history1',
        messages: [
          // The hub's /thread: the text as sent, the attachments it read from it.
          { r: 'u', t: `two pictures\n\n![own.png](${own})\n![tracker.png](${remote})`, j: 'j_hist0000000000000001', ts: '2026-12-01T10:00:00.000Z', atts: [{ type: 'image', url: own, name: 'own.png' }, { type: 'image', url: remote, name: 'tracker.png' }] },
          { r: 'a', t: 'Nice pictures.', j: 'j_hist0000000000000001', ts: '2026-12-01T10:00:02.000Z' },
          // An older item without atts: the lines are read for them.
          { r: 'u', t: `[文件：notes.pdf](${own})`, j: 'j_hist0000000000000002', ts: '2026-12-01T10:01:00.000Z' },
          { r: 'a', t: 'Got the file.', j: 'j_hist0000000000000002', ts: '2026-12-01T10:01:02.000Z' },
        ],
      }),
    }),
  );
  // The visitor who uploaded comes back: a visitor new to this page would have no thread to ask for.
  await page.addInitScript(() => localStorage.setItem('bailing_visitor_demo_assistant', 'visitor_history1'));
  await open(page, server.url);
  const [first, second] = [userMessages(page).nth(0), userMessages(page).nth(1)];
  await expect(first).toHaveText('You: two picturestracker.png');
  await expectLoaded(first.getByRole('img', { name: 'own.png' }));
  await expect(first.getByRole('link', { name: 'tracker.png' })).toHaveAttribute('href', remote);
  await expect(first.locator('img')).toHaveCount(1);
  await expect(second).toHaveText('You: notes.pdf');
  await expect(second.getByRole('link', { name: 'notes.pdf' })).toHaveAttribute('href', own);
  expect(elsewhere).toHaveLength(0);
});

test('upload progress comes from the request itself (XHR upload events)', async ({ page, server }) => {
  await open(page, server.url);
  // Every value the progress bar is given, as the page sees it.
  await page.locator('bailing-chat-widget').evaluate((host) => {
    const seen: string[] = [];
    (window as unknown as { __progress: string[] }).__progress = seen;
    new MutationObserver((records) => {
      for (const r of records) if ((r.target as Element).localName === 'progress') seen.push((r.target as Element).getAttribute('value')!);
    }).observe(host.shadowRoot!, { subtree: true, attributes: true, attributeFilter: ['value'] });
  });
  // A slow uplink (1 MB/s) and a file under the reference server's 2 MB limit: the body travels in pieces for about two seconds.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
  await fileInput(page).setInputFiles({ name: 'large.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(1900 * 1024, 7) });
  await expect(liveRegion(page)).toHaveText('Attached large.pdf');
  const seen = await page.evaluate(() => (window as unknown as { __progress: string[] }).__progress.map(Number));
  // Values between none and all come from the request's own progress events (a busy machine may paint fewer of them).
  expect(seen.filter((v) => v > 0 && v < 1).length, `progress values ${seen}`).toBeGreaterThanOrEqual(2);
  expect(seen.at(-1)).toBe(1);
  expect(seen.every((v, i) => v > 0 && v <= 1 && (i === 0 || v >= seen[i - 1]!))).toBe(true);
});

test('a pasted image and a dropped PDF (with a drop hint) go as an attachments-only message: thumbnail and file link', async ({ page, server }) => {
  const uploads = collect(page, isUpload);
  const jobs = collect(page, isCreateJob);
  await open(page, server.url);

  await stageFiles(page, [{ name: 'pasted.png', type: 'image/png', base64: PNG_1PX.toString('base64') }]);
  await composer(page).evaluate((input) => {
    const event = new ClipboardEvent('paste', { clipboardData: (window as unknown as { __files: DataTransfer }).__files, bubbles: true, cancelable: true, composed: true });
    input.dispatchEvent(event);
  });
  await expect(chip(page, 'pasted.png').locator('img')).toBeVisible();
  await expect(liveRegion(page)).toHaveText('Attached pasted.png');

  await stageFiles(page, [{ name: 'report.pdf', type: 'application/pdf', base64: PDF.toString('base64') }]);
  const drag = (type: string) =>
    panel(page).evaluate((el, type) => {
      const dataTransfer = (window as unknown as { __files: DataTransfer }).__files;
      el.dispatchEvent(new DragEvent(type, { dataTransfer, bubbles: true, cancelable: true, composed: true }));
    }, type);
  const hint = page.locator('bailing-chat-widget .bc-drop');
  await expect(hint).toBeHidden();
  await drag('dragenter');
  await drag('dragover');
  await expect(hint).toBeVisible();
  await expect(hint).toHaveText('Drop files to attach');
  await drag('drop');
  await expect(hint).toBeHidden();
  await expect(liveRegion(page)).toHaveText('Attached report.pdf');
  expect(uploads.map((r) => r.postDataJSON().mime)).toEqual(['image/png', 'application/pdf']);
  const [image, pdf] = await Promise.all(uploads.map(uploaded));

  // No text: the attachments alone are the message.
  await expect(composer(page)).toHaveValue('');
  await composer(page).press('Enter');
  await expect.poll(() => jobs.length).toBe(1);
  expect(jobs[0]!.postDataJSON().message).toBe(`![pasted.png](${image!.url})\n[文件：report.pdf](${pdf!.url})`);
  const bubble = userMessages(page).last();
  await expectLoaded(bubble.getByRole('img', { name: 'pasted.png' }));
  const link = bubble.getByRole('link', { name: 'report.pdf' });
  await expect(link).toHaveAttribute('href', pdf!.url);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /^noopener noreferrer/);
  // A card: the file's icon, its name and its size.
  await expect(link.locator('svg')).toHaveCount(1);
  await expect(link).toHaveText(`report.pdf${new Intl.NumberFormat('en-US', { style: 'unit', unit: PDF.length < 1e3 ? 'byte' : 'kilobyte', maximumFractionDigits: 0 }).format(PDF.length < 1e3 ? PDF.length : PDF.length / 1e3)}`);
  await waitForAnswer(page);
  expect((await storedHistory(page)).find((item) => item.r === 'u')).toMatchObject({
    t: '',
    atts: [{ type: 'image', url: image!.url, name: 'pasted.png' }, { type: 'file', url: pdf!.url, name: 'report.pdf', size: PDF.length }],
  });
});

test('refused before upload (too large, unsupported): an error chip says why, nothing is uploaded or sent; remove clears it', async ({ page, server }) => {
  const uploads = collect(page, isUpload);
  const jobs = collect(page, isCreateJob);
  await open(page, server.url);

  await fileInput(page).setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024 + 1, 1) });
  const huge = chip(page, 'huge.png');
  await expect(huge).toHaveClass(/bc-chip-err/);
  await expect(huge).toContainText('Too large: images up to 6 MB');
  await expect(alertRegion(page)).toHaveText('Upload failed: Too large: images up to 6 MB');
  await fileInput(page).setInputFiles({ name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
  await expect(chip(page, 'setup.exe')).toContainText('Not supported');

  // Nothing to send: a failed chip never goes with a message.
  await composer(page).press('Enter');
  await expect(userMessages(page)).toHaveCount(0);
  expect(jobs).toHaveLength(0);
  expect(uploads).toHaveLength(0);

  await page.getByRole('button', { name: 'Remove attachment huge.png' }).click();
  await expect(huge).toHaveCount(0);
  await expect(liveRegion(page)).toHaveText('Removed huge.png');
  // Focus stays in the composer: on the next chip's remove button.
  await expect(page.getByRole('button', { name: 'Remove attachment setup.exe' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(chips(page)).toHaveCount(0);
  await expect(composer(page)).toBeFocused();

  // The first upload request is this one: none was made for the refused files.
  await fileInput(page).setInputFiles({ name: 'fine.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(liveRegion(page)).toHaveText('Attached fine.png');
  expect(uploads.map((r) => r.postDataJSON().filename)).toEqual(['fine.png']);
});

test("a server's refusal shows its own words: the hub's 415 {error} and the reference server's {error, code}", async ({ page, server }) => {
  await open(page, server.url);
  const HUB_415 = '仅支持图片、常见音频、PDF / Office / CSV / TSV / TXT / Markdown / JSON / 日志等文件';
  await page.route(`**${UPLOAD_PATH}`, (route) => route.fulfill({ status: 415, contentType: 'application/json', body: JSON.stringify({ error: HUB_415 }) }), { times: 1 });
  await fileInput(page).setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(chip(page, 'scan.png')).toContainText(HUB_415);
  await expect(alertRegion(page)).toHaveText(`Upload failed: ${HUB_415}`);
  await expect(sendButton(page)).not.toHaveAttribute('aria-disabled');

  // The hub takes HTML files; the reference server does not (it would serve them from its own
  // origin), and says so in `error`.
  await fileInput(page).setInputFiles({ name: 'page.html', mimeType: 'text/html', buffer: Buffer.from('<p>hi</p>') });
  await expect(chip(page, 'page.html')).toContainText('This type of file cannot be sent.');
  await expect(chip(page, 'page.html')).toHaveClass(/bc-chip-err/);
});

test('a failed send puts the text and the attachments back; the next send takes them', async ({ page, server }) => {
  const jobs = collect(page, isCreateJob);
  await open(page, server.url);
  await fileInput(page).setInputFiles([
    { name: 'one.png', mimeType: 'image/png', buffer: PNG_1PX },
    { name: 'two.pdf', mimeType: 'application/pdf', buffer: PDF },
  ]);
  await expect(chips(page)).toHaveCount(2);
  await expect(page.locator('bailing-chat-widget .bc-chip progress')).toHaveCount(0);

  await page.route('**/chat/demo_assistant', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }), { times: 1 });
  await composer(page).fill('hello with two attachments');
  await composer(page).press('Enter');
  await expect(page.locator('bailing-chat-widget .bc-msg-error')).toContainText('Not sent');
  await expect(composer(page)).toHaveValue('hello with two attachments');
  await expect(chips(page)).toHaveText([/one\.png/, /two\.pdf/]);
  await expect(chip(page, 'one.png').locator('img')).toHaveAttribute('src', /^http:\/\/127\.0\.0\.1:\d+\/uploads\//);
  const failed = jobs[0]!.postDataJSON().message as string;
  expect(failed).toMatch(/^hello with two attachments\n\n!\[one\.png\]\(http:[^)]+\)\n\[文件：two\.pdf\]\(http:[^)]+\)$/);

  await composer(page).press('Enter');
  await expect.poll(() => jobs.length).toBe(2);
  expect(jobs[1]!.postDataJSON().message).toBe(failed);
  await expect(chips(page)).toHaveCount(0);
  await waitForAnswer(page);
});

test('at most four attachments per message; the fifth is refused with the reason', async ({ page, server }) => {
  await open(page, server.url);
  await fileInput(page).setInputFiles(['a', 'b', 'c', 'd', 'e'].map((n) => ({ name: `${n}.png`, mimeType: 'image/png', buffer: PNG_1PX })));
  await expect(chips(page)).toHaveCount(4);
  await expect(page.locator('bailing-chat-widget .bc-attnote')).toHaveText('Up to 4 attachments per message');
  await expect(chip(page, 'e.png')).toHaveCount(0);
});

test('the message limit of 4000 characters counts the attachment lines, in code points', async ({ page, server }) => {
  const jobs = collect(page, isCreateJob);
  await open(page, server.url);
  await fileInput(page).setInputFiles({ name: 'p.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(liveRegion(page)).toHaveText('Attached p.png');
  const note = page.locator('bailing-chat-widget .bc-attnote');

  // 3990 characters fit the input, but not with the attachment's line after them.
  await composer(page).fill('x'.repeat(3990));
  await composer(page).press('Enter');
  await expect(note).toHaveText('Too long: a message with its attachments may have up to 4,000 characters');
  await expect(liveRegion(page)).toHaveText('Too long: a message with its attachments may have up to 4,000 characters');
  expect(jobs).toHaveLength(0);
  await expect(chips(page)).toHaveCount(1);
  await expect(composer(page)).toHaveValue('x'.repeat(3990));

  // 1980 emoji are 3960 UTF-16 units but 1980 characters: with the line, over 4000 units, well under 4000 characters.
  await composer(page).evaluate((input: HTMLTextAreaElement) => (input.value = '😀'.repeat(1980)));
  await composer(page).press('Enter');
  await expect.poll(() => jobs.length).toBe(1);
  const message = jobs[0]!.postDataJSON().message as string;
  expect(message.length).toBeGreaterThan(4000);
  expect([...message].length).toBeLessThan(4000);
  await expect(userMessages(page)).toHaveCount(1);
  await expect(page.locator('bailing-chat-widget .bc-msg-error')).toHaveCount(0);
  await waitForAnswer(page);
  await expect(page.locator('bailing-chat-widget .bc-msg-error')).toHaveCount(0);
});

test('entries without uploads have no paperclip; Chinese names where the page speaks Chinese', async ({ page, server }) => {
  await loadWidget(page, server.url, { attrs: { 'data-entry': 'store_assistant' } });
  await launcher(page).click();
  await expect(composer(page)).toBeVisible();
  await expect(page.locator('bailing-chat-widget .bc-attach, bailing-chat-widget input[type=file], bailing-chat-widget .bc-voice')).toHaveCount(0);

  await loadWidget(page, server.url, { attrs: { 'data-lang': 'zh-CN' } });
  await page.getByRole('button', { name: '打开聊天' }).click();
  await expect(page.getByRole('button', { name: '添加附件' })).toBeVisible();
  await expect(page.getByRole('button', { name: '录音' })).toBeVisible();
});

test('axe: no serious or critical violations in the composer with an uploaded, an uploading and a failed chip', async ({ page, server }) => {
  await open(page, server.url);
  await fileInput(page).setInputFiles({ name: 'ok.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(liveRegion(page)).toHaveText('Attached ok.png');
  await page.route(`**${UPLOAD_PATH}`, () => undefined);
  await fileInput(page).setInputFiles({ name: 'waiting.pdf', mimeType: 'application/pdf', buffer: PDF });
  await fileInput(page).setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(20 * 1024 * 1024 + 1, 1) });
  await expect(chip(page, 'waiting.pdf').getByRole('progressbar')).toBeVisible();
  await expect(chip(page, 'big.pdf')).toContainText('Too large: files up to 20 MB');
  const results = await new AxeBuilder({ page }).include('bailing-chat-widget').analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  for (const v of blocking) console.log(`[axe] ${v.impact} ${v.id}: ${v.help}`, v.nodes.map((n) => n.target.join(' ')));
  expect(blocking.map((v) => v.id)).toEqual([]);
  // Every control is reachable by keyboard and shows where focus is.
  await composer(page).focus();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Record a voice note' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Attach a file' })).toBeFocused();
  const outline = await page.getByRole('button', { name: 'Attach a file' }).evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
});

test.describe('voice notes', () => {
  test('record, stop, upload audio/webm and send the hub voice line; the bubble has a player', async ({ page, server }) => {
    const jobs = collect(page, isCreateJob);
    await open(page, server.url);
    // The reference server does not take audio yet: this one upload is answered the way the hub
    // answers (`type: 'audio'`), pointing at a file the server does serve.
    const servedUrl = `${server.url}/e2e/blank.html`;
    const bodies: Record<string, string>[] = [];
    await page.route(`**${UPLOAD_PATH}`, async (route) => {
      const body = route.request().postDataJSON();
      bodies.push(body);
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ok: true, url: servedUrl, name: body.filename, type: 'audio' }) });
    });

    const record = page.getByRole('button', { name: 'Record a voice note' });
    await record.click();
    const stop = page.getByRole('button', { name: 'Stop recording' });
    await expect(stop).toBeVisible();
    await expect(stop).toHaveClass(/bc-rec/);
    await expect(liveRegion(page)).toHaveText('Recording…');
    // A second of sound, seen by the recording clock the visitor sees.
    await expect(page.locator('bailing-chat-widget .bc-attnote')).toHaveText(/Recording… 0:01/);
    await stop.click();
    await expect(record).toBeVisible();
    await expect(liveRegion(page)).toHaveText(/Attached voice-\d+\.webm/);

    expect(bodies).toHaveLength(1);
    expect(bodies[0]!.mime).toBe('audio/webm');
    expect(bodies[0]!.filename).toMatch(/^voice-\d+\.webm$/);
    // A real WebM (EBML magic), recorded from Chromium's fake microphone.
    expect(Buffer.from(bodies[0]!.data_base64!, 'base64').subarray(0, 4).toString('hex')).toBe('1a45dfa3');

    await composer(page).press('Enter');
    await expect.poll(() => jobs.length).toBe(1);
    expect(jobs[0]!.postDataJSON().message).toBe(`[语音：${bodies[0]!.filename}](${servedUrl})`);
    const bubble = userMessages(page).last();
    await expect(bubble.getByRole('link', { name: bodies[0]!.filename })).toHaveAttribute('href', servedUrl);
    await expect(bubble.locator('audio[controls]')).toHaveAttribute('src', servedUrl);
    await waitForAnswer(page);
  });

  test('a refused microphone says so and leaves the button as it was', async ({ page, server }) => {
    // The visitor says no to the browser's prompt.
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await open(page, server.url);
    await page.getByRole('button', { name: 'Record a voice note' }).click();
    await expect(liveRegion(page)).toHaveText('The microphone is not available');
    await expect(page.locator('bailing-chat-widget .bc-attnote')).toHaveText('The microphone is not available');
    await expect(page.getByRole('button', { name: 'Record a voice note' })).not.toHaveClass(/bc-rec/);
    await expect(chips(page)).toHaveCount(0);
  });

  test('a recording stops itself at 60 seconds', async ({ page, server }) => {
    await page.clock.install();
    await open(page, server.url);
    await page.route(`**${UPLOAD_PATH}`, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ok: true, url: `${server.url}/e2e/blank.html`, name: route.request().postDataJSON().filename, type: 'audio' }) }),
    );
    await page.getByRole('button', { name: 'Record a voice note' }).click();
    await expect(page.getByRole('button', { name: 'Stop recording' })).toBeVisible();
    await page.clock.runFor(59_000);
    await expect(page.getByRole('button', { name: 'Stop recording' })).toBeVisible();
    await page.clock.runFor(1_000);
    await expect(page.getByRole('button', { name: 'Record a voice note' })).toBeVisible();
    await expect(chips(page)).toHaveCount(1);
  });
});
