// A host renderer's `preview` (DESIGN.md §7) in the built widget: it draws its block while the
// reply streams, from the payload parsed so far, in one container; it ends when the block closes,
// on Stop and when the answer is replaced, and `mount` takes its place at done. The stream is
// served one step per connection (page.route): each step waits for the test's go-ahead, given
// once the page shows what the step before should have drawn, and the widget reconnects for it.
import type { Page } from '@playwright/test';
import { ask, composer, expect, jobIdOf, launcher, lastAssistant, loadWidget, sseEvent, test } from './fixtures';

const EVENTS = '**/chat/demo_assistant/events/**';

/** Evaluates in the page with `window` as `any`, for the test's own globals. */
type W = Record<string, any>;

/**
 * The job's stream, one step per connection: `step(events)` answers the widget's next
 * connection with `open` and `events`, and the connection then ends (the widget reconnects,
 * from the last event id, unless the events ended the answer).
 */
async function steppedStream(page: Page) {
  const waiting: ((events: string) => Promise<void>)[] = [];
  const arrived: (() => void)[] = [];
  let jobId = '';
  await page.route(EVENTS, (route, request) => {
    jobId = jobIdOf(request.url());
    const open = sseEvent('open', { ok: true, job_id: jobId, status: 'running', protocol: 'bailing.chat.stream.v1', streaming: true });
    // A connection the page gave up on (Stop) cannot be answered any more.
    waiting.push((events) => route.fulfill({ status: 200, contentType: 'text/event-stream', body: open + events }).catch(() => undefined));
    arrived.shift()?.();
  });
  let id = 0;
  return {
    async step(events: (ids: { jobId: string; next(): number }) => string) {
      if (!waiting.length) await new Promise<void>((resolve) => arrived.push(resolve));
      await waiting.shift()!(events({ jobId, next: () => ++id }));
    },
    delta: (text: string) => (ids: { next(): number }) => {
      const seq = ids.next();
      return sseEvent('delta', { seq, text, round: 1 }, seq);
    },
  };
}

/**
 * Registers `x-preview`: its preview records every call and keeps one title and one list in its
 * container up to date; its mount shows a summary line. `__xp` holds what happened.
 */
async function registerPreviewer(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as W;
    const rec = (w.__xp = { calls: [] as W[], containers: new Set(), signals: new Set(), aborts: 0, cleanups: 0, lists: new Set(), mounts: [] as string[] });
    const cleanup = () => void rec.cleanups++;
    w.BailingChat.registerRenderer({
      type: 'x-preview',
      preview(ctx: W) {
        rec.calls.push({ payload: ctx.payload, source: ctx.source, keys: Object.keys(ctx).sort().join(' '), final: ctx.final, frozen: Object.isFrozen(ctx) && Object.isFrozen(ctx.theme) });
        if (!rec.signals.has(ctx.signal)) ctx.signal.addEventListener('abort', () => void rec.aborts++);
        rec.containers.add(ctx.container);
        rec.signals.add(ctx.signal);
        let title = ctx.container.querySelector('.xp-title');
        let list = ctx.container.querySelector('.xp-items');
        if (!title || !list) {
          title = ctx.container.appendChild(document.createElement('h4'));
          title.className = 'xp-title';
          list = ctx.container.appendChild(document.createElement('ul'));
          list.className = 'xp-items';
        }
        rec.lists.add(list);
        title.textContent = ctx.payload?.title ?? '…';
        list.replaceChildren(...(ctx.payload?.items ?? []).map((item: string) => Object.assign(document.createElement('li'), { textContent: item })));
        return cleanup;
      },
      mount(ctx: W) {
        rec.mounts.push(JSON.stringify(ctx.payload));
        const line = ctx.container.appendChild(document.createElement('p'));
        line.className = 'xp-mounted';
        line.textContent = `${ctx.payload.title}: ${ctx.payload.items.length} items`;
      },
    });
  });
}

const record = (page: Page) => page.evaluate(() => {
  const rec = (window as unknown as W).__xp;
  return { calls: rec.calls, containers: rec.containers.size, signals: rec.signals.size, lists: rec.lists.size, aborts: rec.aborts, cleanups: rec.cleanups, mounts: rec.mounts };
});

async function openWithPreviewer(page: Page, baseUrl: string) {
  const stream = await steppedStream(page);
  await loadWidget(page, baseUrl);
  await launcher(page).click();
  await expect(composer(page)).toBeVisible();
  await registerPreviewer(page);
  return stream;
}

const KEYS = 'container final payload signal source theme type version';
const ORDER = { title: 'Order #1042', items: ['tea', 'milk', 'bread'] };
const REPLY = `Your order:\n\n\`\`\`x-preview\n${JSON.stringify(ORDER)}\n\`\`\`\n\nAnything else?`;
/** REPLY cut into the steps the stream sends: into the title, into an item, past the fence, the rest. */
const CUTS = [REPLY.indexOf('"Or') + 3, REPLY.indexOf('lk"'), REPLY.indexOf(' else?'), REPLY.length];
const PARTS = CUTS.map((cut, i) => REPLY.slice(CUTS[i - 1] ?? 0, cut));

test('a host renderer previews its block from the growing payload while the reply streams; mount replaces it at done', async ({ page, server }) => {
  const stream = await openWithPreviewer(page, server.url);
  await ask(page, 'hello');
  const answer = lastAssistant(page);
  const preview = answer.locator('.bc-preview[data-type="x-preview"]');

  await stream.step(stream.delta(PARTS[0]!));
  await expect(preview.locator('.xp-title')).toHaveText('Or');
  await expect(preview.locator('li')).toHaveCount(0);
  // Drawn by the preview, never shown as code; nothing mounted.
  await expect(answer.locator('pre')).toHaveCount(0);

  await stream.step(stream.delta(PARTS[1]!));
  await expect(preview.locator('.xp-title')).toHaveText('Order #1042');
  await expect(preview.locator('li')).toHaveText(['tea', 'mi']);

  // The fence closes while text still streams after it: one last call with all of it, then the
  // preview ends, and what it drew stays until the answer is done.
  await stream.step(stream.delta(PARTS[2]!));
  await expect(preview.locator('li')).toHaveText(['tea', 'milk', 'bread']);
  await expect(answer.locator('.bc-body')).toContainText('Anything');
  let seen = await record(page);
  expect(seen.calls.map((c: W) => c.payload)).toEqual([{ title: 'Or' }, { title: 'Order #1042', items: ['tea', 'mi'] }, ORDER]);
  expect(seen.calls.map((c: W) => c.source)).toEqual([PARTS[0]!.slice(PARTS[0]!.indexOf('{')), '{"title":"Order #1042","items":["tea","mi', JSON.stringify(ORDER)]);
  expect(seen.calls.every((c: W) => c.keys === KEYS && c.final === false && c.frozen)).toBe(true);
  expect(seen).toMatchObject({ containers: 1, signals: 1, lists: 1, aborts: 1, cleanups: 1, mounts: [] });

  await stream.step(({ jobId, next }) => {
    const seq = next();
    return sseEvent('delta', { seq, text: PARTS[3]!, round: 1 }, seq) + sseEvent('done', { done: true, job_id: jobId, reply: REPLY }, next());
  });
  await expect(answer.locator('.xp-mounted')).toHaveText('Order #1042: 3 items');
  await expect(preview).toHaveCount(0);
  seen = await record(page);
  expect(seen.mounts).toEqual([JSON.stringify(ORDER)]);
  expect(seen).toMatchObject({ aborts: 1, cleanups: 1 });
  expect(seen.calls).toHaveLength(3);
});

test('Stop ends the preview: its signal aborts, its cleanup runs once, what it drew stays, nothing mounts', async ({ page, server }) => {
  const stream = await openWithPreviewer(page, server.url);
  await ask(page, 'hello');
  const answer = lastAssistant(page);
  await stream.step(stream.delta(PARTS[0]! + PARTS[1]!));
  await expect(answer.locator('.bc-preview .xp-title')).toHaveText('Order #1042');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(answer.locator('.bc-status > span')).toHaveText('Stopped.');
  const seen = await record(page);
  expect(seen).toMatchObject({ aborts: 1, cleanups: 1, mounts: [] });
  expect(seen.calls).toHaveLength(1);
  await expect(answer.locator('.bc-preview li')).toHaveText(['tea', 'mi']);
});

test('an answer replaced while its block streams (reset) ends the preview, and the new text shows', async ({ page, server }) => {
  const stream = await openWithPreviewer(page, server.url);
  await ask(page, 'hello');
  const answer = lastAssistant(page);
  await stream.step(stream.delta(PARTS[0]! + PARTS[1]!));
  await expect(answer.locator('.bc-preview .xp-title')).toHaveText('Order #1042');
  // The stream starts the answer again (a new model round): the bubble drops what it showed.
  await stream.step(({ next }) => {
    const reset = next();
    const seq = next();
    return sseEvent('reset', { seq: reset, round: 2 }, reset) + sseEvent('delta', { seq, text: 'Something else', round: 2 }, seq);
  });
  await expect(answer.locator('.bc-body')).toHaveText('Something else');
  await expect(answer.locator('.bc-preview')).toHaveCount(0);
  await expect.poll(async () => (await record(page)).cleanups).toBe(1);
  expect(await record(page)).toMatchObject({ aborts: 1, cleanups: 1, mounts: [] });
  await stream.step(({ jobId, next }) => sseEvent('done', { done: true, job_id: jobId, reply: 'Something else.' }, next()));
  await expect(answer.locator('.bc-body')).toHaveText('Something else.');
  expect(await record(page)).toMatchObject({ aborts: 1, cleanups: 1, mounts: [] });
});
