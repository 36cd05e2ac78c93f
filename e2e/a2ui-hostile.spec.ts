// Hostile and broken A2UI surfaces (DESIGN.md §2, §13, §15), each an `a2ui` block of a hub answer:
// refused or drawn as text, never a crash, never a script, never a request the owner did not allow;
// what the client could not draw goes back to the agent as the specification's `error` messages
// with the visitor's next action (or their "Tell the assistant").
import { Validator } from '@cfworker/json-schema';
import { readFileSync } from 'node:fs';
import type { Page, Request } from '@playwright/test';
import { ask, expect, jobIdOf, launcher, loadWidget, sseReply, test, waitForAnswer } from './fixtures';

const clientSchema = new Validator(JSON.parse(readFileSync('renderers/a2ui/fixtures/spec-v0_9/json/client_to_server.json', 'utf8')), '2020-12', false);
const BASIC = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';

/** An `a2ui` fence of one surface: its components, and its data when given. */
function fence(id: string, components: object[], data?: unknown, catalogId = BASIC) {
  const lines = [{ version: 'v0.9', createSurface: { surfaceId: id, catalogId } }, { version: 'v0.9', updateComponents: { surfaceId: id, components } }];
  if (data !== undefined) lines.push({ version: 'v0.9', updateDataModel: { surfaceId: id, path: '/', value: data } } as never);
  return '```a2ui\n' + lines.map((l) => JSON.stringify(l)).join('\n') + '\n```';
}
const text = (id: string, t: unknown) => ({ id, component: 'Text', text: t });

async function answerWith(page: Page, baseUrl: string, reply: string) {
  await page.route('**/chat/demo_assistant/events/**', (route, request) => route.fulfill({ status: 200, contentType: 'text/event-stream', body: sseReply(jobIdOf(request.url()), reply) }));
  await loadWidget(page, baseUrl);
  await launcher(page).click();
  await ask(page, 'show me');
  await waitForAnswer(page);
}
const block = (page: Page, n: number) => page.locator('bailing-chat-widget .bc-msg-assistant').last().locator('[role="region"]').nth(n);

test('hostile surfaces are refused or drawn as text: unknown components and catalogs, loops, deep trees, huge lists, missing paths, markup, forged icons and media', async ({ page, server }) => {
  const requests: string[] = [];
  page.on('request', (r: Request) => requests.push(r.url()));
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  const deep = Array.from({ length: 100 }, (_, i) => ({ id: i ? `d${i}` : 'root', component: 'Column', children: [`d${i + 1}`] }));
  const markup = '<img src=x onerror="window.pwned=1"><script>window.pwned=1</script>';
  const reply = [
    fence('unknown', [{ id: 'root', component: 'Column', children: ['map', 'ok'] }, { id: 'map', component: 'Map', center: [0, 0] }, text('ok', 'Still here')]),
    fence('other-catalog', [text('root', 'never shown')], undefined, 'https://evil.example/catalog.json'),
    fence('loop', [{ id: 'root', component: 'Column', children: ['a'] }, { id: 'a', component: 'Card', child: 'root' }]),
    fence('deep', [...deep, text('d100', 'bottom')]),
    fence('huge', [{ id: 'root', component: 'List', children: { componentId: 'row', path: '/rows' } }, text('row', { path: 'n' })], { rows: Array.from({ length: 5000 }, (_, n) => ({ n })) }),
    fence('missing', [{ id: 'root', component: 'Column', children: ['t', 'f', 'gone'] }, text('t', { path: '/no/such/path' }), { id: 'f', component: 'TextField', label: 'Empty', value: { path: '/nothing' } }]),
    fence('markup', [{ id: 'root', component: 'Column', children: ['m', 'fs', 'icon', 'img'] }, text('m', markup), text('fs', { call: 'formatString', args: { value: '${/x} **bold**' } }),
      { id: 'icon', component: 'Icon', name: { svgPath: 'M0 0"/><script>window.pwned=1</script><path d="' } },
      { id: 'img', component: 'Image', url: 'https://tracker.example/pixel.png?d=secret', description: 'A tracking pixel' }], { x: markup }),
  ].join('\n\n');
  await answerWith(page, server.url, reply);

  // An unknown component: a note in its place; the rest is drawn.
  await expect(block(page, 0)).toContainText('A part of this interface cannot be shown (Map).');
  await expect(block(page, 0)).toContainText('Still here');
  // An unknown catalog: nothing of it is drawn; the visitor can tell the assistant.
  await expect(block(page, 1)).toContainText('uses a component set this chat does not have');
  await expect(block(page, 1)).not.toContainText('never shown');
  await expect(block(page, 1).getByRole('button', { name: 'Tell the assistant' })).toBeVisible();
  // A loop: drawn once, then a note.
  await expect(block(page, 2)).toContainText('contains itself');
  // Deeper than the limit: cut, with a note; the bottom is never reached.
  await expect(block(page, 3)).toContainText('too large to show');
  await expect(block(page, 3)).not.toContainText('bottom');
  // A huge list: the first 200 rows, and a count of the rest.
  await expect(block(page, 4).locator('[role="listitem"] > [data-a2-id="row"]')).toHaveCount(200);
  await expect(block(page, 4)).toContainText('4800 more not shown');
  // Missing paths: empty, not an error.
  await expect(block(page, 5).getByRole('textbox', { name: 'Empty' })).toHaveValue('');
  // Markup is text: shown as written, nothing parsed, nothing run; a forged icon path is not drawn.
  await expect(block(page, 6)).toContainText(markup);
  await expect(block(page, 6).locator('strong')).toHaveText('bold');
  expect(await block(page, 6).locator('img, script').count()).toBe(0);
  expect(await block(page, 6).locator('svg').count()).toBe(0);
  expect(await page.evaluate(() => (window as any).pwned)).toBeUndefined();
  // Media from an origin the owner did not allow: its description, and no request.
  await expect(block(page, 6)).toContainText('Image not loaded (this site does not allow media from there): A tracking pixel');
  expect(requests.filter((u) => u.includes('tracker.example'))).toEqual([]);
  // Each problem named once in the console, for the owner.
  expect(warnings.filter((w) => w.includes('"Map" is not a component of the basic catalog'))).toHaveLength(1);
  expect(warnings.some((w) => w.includes('is not one this client has'))).toBe(true);
});

test('what the client could not draw goes back to the agent: with the next action, or alone from "Tell the assistant"; every message valid for the specification', async ({ page, server }) => {
  const bodies: Record<string, any>[] = [];
  page.on('request', (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === '/chat/demo_assistant' && bodies.push(r.postDataJSON()));
  const reply = [
    fence('form', [{ id: 'root', component: 'Column', children: ['chart', 'go'] }, { id: 'chart', component: 'Chart' }, { id: 'go', component: 'Button', child: 'go-label', action: { event: { name: 'go', context: { when: { call: 'formatDate', args: { value: '2026-01-16T10:00:00Z', format: 'yyyy' } } } } } }, text('go-label', 'Go')]),
    fence('foreign', [text('root', 'x')], undefined, 'https://example.com/mine.json'),
  ].join('\n\n');
  await answerWith(page, server.url, reply);
  await block(page, 0).getByRole('button', { name: 'Go' }).click();
  await expect.poll(() => bodies.length).toBe(2);
  const sent = bodies[1]!.interaction_response.a2ui as Record<string, any>[];
  for (const m of sent) expect(clientSchema.validate(m).errors).toEqual([]);
  expect(sent.map((m) => Object.keys(m)[1])).toEqual(['error', 'action']);
  expect(sent.find((m) => m.error?.path === '/components/chart/component')).toBeTruthy();
  expect(sent.at(-1)!.action).toMatchObject({ name: 'go', surfaceId: 'form', sourceComponentId: 'go', context: { when: '2026' } });
  // This answer was made up for the test, so the server (which reads the action from the stored
  // answer) refuses it; the surface says so where the visitor acted.
  await expect(block(page, 0).locator('.a2-status')).toContainText('Not sent');

  await block(page, 1).getByRole('button', { name: 'Tell the assistant' }).click();
  await expect.poll(() => bodies.length).toBe(3);
  const report = bodies[2]!.interaction_response;
  expect(report.action).toBe('error');
  for (const m of report.a2ui) expect(clientSchema.validate(m).errors).toEqual([]);
  expect(report.a2ui.map((m: Record<string, any>) => m.error?.surfaceId)).toContain('foreign');
});
