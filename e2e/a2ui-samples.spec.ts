// The A2UI specification's own 36 sample surfaces (specification/v0_9/catalogs/basic/examples),
// each as the `a2ui` fenced block of a hub answer, drawn by the built widget: every component the
// sample reaches from its root is on screen, every Text bound to the data model shows that data,
// nothing is reported as an error of the agent's, and nothing throws.
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ask, expect, jobIdOf, launcher, loadWidget, sseReply, test, waitForAnswer } from './fixtures';

const DIR = 'renderers/a2ui/fixtures/spec-v0_9/catalogs/basic/examples';
const SAMPLES = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort().map((file) => ({ file, ...(JSON.parse(readFileSync(`${DIR}/${file}`, 'utf8')) as { name: string; messages: Record<string, any>[] }) }));

/** The sample's surfaces as the messages leave them (components by id, data), to compute what must show. */
function expected(messages: Record<string, any>[]) {
  const surfaces = new Map<string, { components: Map<string, any>; data: any }>();
  for (const m of messages) {
    if (m.createSurface) surfaces.set(m.createSurface.surfaceId, { components: new Map(), data: {} });
    if (m.updateComponents) for (const c of m.updateComponents.components) surfaces.get(m.updateComponents.surfaceId)!.components.set(c.id, c);
    if (m.updateDataModel) {
      const s = surfaces.get(m.updateDataModel.surfaceId)!;
      const path: string = m.updateDataModel.path ?? '/';
      if (path === '/' || path === '') s.data = m.updateDataModel.value;
      else {
        const keys = path.slice(1).split('/');
        let at = s.data;
        for (const k of keys.slice(0, -1)) at = at[k] ??= {};
        at[keys.at(-1)!] = m.updateDataModel.value;
      }
    }
    if (m.deleteSurface) surfaces.delete(m.deleteSurface.surfaceId);
  }
  return surfaces;
}

const get = (data: any, pointer: string) => pointer.split('/').slice(1).reduce((at, k) => (at == null ? undefined : at[k]), data);

/** The components reachable from `root` (templates walk their list's items), and the Texts bound to absolute paths with the value each shows. */
function reachable(s: { components: Map<string, any>; data: any }) {
  const ids = new Set<string>();
  const texts: [string, string][] = [];
  const walk = (id: string, base: string) => {
    const c = s.components.get(id);
    if (!c) return;
    ids.add(id);
    if (c.component === 'Text' && c.text && typeof c.text === 'object' && typeof c.text.path === 'string') {
      const path = c.text.path.startsWith('/') ? c.text.path : `${base}/${c.text.path}`;
      const value = get(s.data, path);
      if (typeof value === 'string' || typeof value === 'number') texts.push([id, String(value)]);
    }
    const kids = (list: any) => {
      if (Array.isArray(list)) list.forEach((k) => walk(k, base));
      else if (list && typeof list.path === 'string') {
        const at = list.path.startsWith('/') ? list.path : `${base}/${list.path}`;
        const items = get(s.data, at);
        if (Array.isArray(items)) items.forEach((_, i) => walk(list.componentId, `${at}/${i}`));
      }
    };
    kids(c.children);
    for (const k of [c.child, c.trigger, c.content]) if (typeof k === 'string') walk(k, base);
    // Only the selected (first) tab's child is drawn.
    if (Array.isArray(c.tabs) && c.tabs[0]) walk(c.tabs[0].child, base);
  };
  walk('root', '');
  return { ids, texts };
}

async function serveFences(page: Page, replies: string[]) {
  const jobs: string[] = [];
  await page.route('**/chat/demo_assistant/events/**', async (route, request) => {
    const jobId = jobIdOf(request.url());
    if (!jobs.includes(jobId)) jobs.push(jobId);
    const reply = replies[jobs.indexOf(jobId)];
    if (reply === undefined) return route.continue();
    await route.fulfill({ status: 200, contentType: 'text/event-stream', body: sseReply(jobId, reply) });
  });
}

const PER_ANSWER = 4;
const batches: (typeof SAMPLES)[] = [];
for (let i = 0; i < SAMPLES.length; i += PER_ANSWER) batches.push(SAMPLES.slice(i, i + PER_ANSWER));

test('the specification has its 36 samples here', () => expect(SAMPLES).toHaveLength(36));

for (const [n, batch] of batches.entries()) {
  test(`samples ${batch.map((s) => s.file.slice(0, 2)).join(', ')}: drawn whole, their data bound, no error`, async ({ page, server }) => {
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && m.text().includes('a2ui') && warnings.push(m.text()));
    const reply = batch.map((s) => `**${s.name}**\n\n\`\`\`a2ui\n${s.messages.map((m) => JSON.stringify(m)).join('\n')}\n\`\`\``).join('\n\n');
    await serveFences(page, [reply]);
    await loadWidget(page, server.url);
    await launcher(page).click();
    await ask(page, `samples ${n}`);
    await waitForAnswer(page);
    const blocks = page.locator('bailing-chat-widget .bc-msg-assistant').last().locator('[role="region"]');
    await expect(blocks).toHaveCount(batch.length);
    let components = 0;
    let bound = 0;
    for (const [i, sample] of batch.entries()) {
      const block = blocks.nth(i);
      const surfaces = expected(sample.messages);
      await expect(block.locator('.a2-surface')).toHaveCount(surfaces.size);
      for (const s of surfaces.values()) {
        const { ids, texts } = reachable(s);
        components += ids.size;
        bound += texts.length;
        const drawn = new Set(await block.locator('[data-a2-id]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.a2Id!)));
        expect.soft([...ids].filter((id) => !drawn.has(id)), `${sample.file}: components not drawn`).toEqual([]);
        for (const [id, value] of texts) {
          const shown = await block.locator(`[data-a2-id="${id}"]`).allTextContents();
          expect.soft(shown.some((t) => t.includes(value.replace(/^#+\s*|\*\*/g, '').trim().slice(0, 40))), `${sample.file}: ${id} shows ${JSON.stringify(value)}`).toBe(true);
        }
      }
    }
    // The checks above looked at something: components in every batch, data-bound texts in all but a few samples.
    expect(components).toBeGreaterThan(batch.length * 3);
    expect(bound).toBeGreaterThan(0);
    expect(warnings).toEqual([]);
  });
}
