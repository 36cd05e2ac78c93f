// An AG-UI activity whose activityType is a renderer of the page is drawn by that renderer
// (DESIGN.md §9, §14, §15): mounted once, given the content's changes in place (what the visitor
// typed stays), able to start a run carrying forwardedProps and to make a hidden request run, both
// through the consent rules (DESIGN.md §13); drawn again after a reload, inert until touched.
// The agent is held open (stepped-streams.ts) so the test can look between two events.
import type { Page } from '@playwright/test';
import type { RunMessage } from './agent-runs';
import { expect, launcher, lastAssistant, loadWidget, ask, test, waitForAnswer } from './fixtures';
import { steppedAgent, type SteppedAgent } from './stepped-streams';

/** The page's own renderer of activity type `test-surface`: an input, a count, a button that runs, one that asks. */
function preload() {
  const w = window as any;
  w.mounts = [];
  w.BailingChat = {
    renderers: [{
      type: 'test-surface',
      label: 'Test surface',
      mount(context: any) {
        w.mounts.push(context);
        const doc = document;
        const count = doc.createElement('output');
        const input = doc.createElement('input');
        input.setAttribute('aria-label', 'Note');
        const go = doc.createElement('button');
        go.textContent = 'Send note';
        const ask = doc.createElement('button');
        ask.textContent = 'Ask the server';
        const said = doc.createElement('p');
        said.className = 'said';
        const show = (content: any) => (count.textContent = `count ${content.count}`);
        show(context.payload);
        context.activity.onUpdate(show);
        go.onclick = () => context.activity.run({ testAction: { note: input.value } }, `Note: ${input.value}`).then(() => (said.textContent = 'sent'), (e: Error) => (said.textContent = e.message));
        ask.onclick = () => context.activity.request({ probe: { n: 1 } }, { name: 'probe', effect: 'act' }).then((r: unknown) => (said.textContent = `answer ${JSON.stringify(r)}`), (e: Error) => (said.textContent = e.message));
        context.container.append(count, input, go, ask, said);
      },
    }],
  };
}

const PRELOAD = `(${preload.toString()})()`;

async function agentPage(page: Page, baseUrl: string, agent: SteppedAgent) {
  const bodies: { messages: RunMessage[]; forwardedProps: Record<string, any> }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url() === agent.url) bodies.push(request.postDataJSON());
  });
  await loadWidget(page, baseUrl, { before: PRELOAD, attrs: { 'data-protocol': 'ag-ui', 'data-agent-url': agent.url } });
  await launcher(page).click();
  return bodies;
}

const text = (id: string, t: string) => [
  { type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: t },
  { type: 'TEXT_MESSAGE_END', messageId: id },
];
const surface = (page: Page) => page.locator('bailing-chat-widget').getByRole('region', { name: 'Test surface' });

test('an activity of a renderer’s type: mounted once, updated in place, its run carries forwardedProps, its hidden request answers; a reload draws it inert until touched', async ({ page, server }) => {
  const agent = await steppedAgent();
  try {
    const bodies = await agentPage(page, server.url, agent);
    await ask(page, 'show me the surface');
    await agent.step([...text('m1', 'Here it is.'), { type: 'ACTIVITY_SNAPSHOT', messageId: 'act1', activityType: 'test-surface', content: { count: 1 } }]);
    const box = surface(page);
    await expect(box.locator('output')).toHaveText('count 1');
    // Without the visitor's gesture in it (the focus is in the composer they typed in), the renderer cannot act.
    const refused = await page.evaluate(() => (window as any).mounts[0].activity.run({ x: 1 }, 'forged').then(() => 'ran', (e: Error) => e.message));
    expect(refused).toContain('agent.run: refused (gesture)');
    expect(bodies).toHaveLength(1);
    await box.getByRole('textbox', { name: 'Note' }).fill('window seat');
    await agent.step([{ type: 'ACTIVITY_DELTA', messageId: 'act1', activityType: 'test-surface', patch: [{ op: 'replace', path: '/count', value: 2 }] }]);
    await expect(box.locator('output')).toHaveText('count 2');
    await agent.step([{ type: 'ACTIVITY_SNAPSHOT', messageId: 'act1', activityType: 'test-surface', content: { count: 3 }, replace: true }, { type: 'RUN_FINISHED' }]);
    agent.end();
    await waitForAnswer(page);
    await expect(box.locator('output')).toHaveText('count 3');
    // In place: one mount, and what the visitor typed is still there.
    expect(await page.evaluate(() => (window as any).mounts.length)).toBe(1);
    await expect(box.getByRole('textbox', { name: 'Note' })).toHaveValue('window seat');
    // Not a progress line: no step row for the activity.
    await expect(page.locator('bailing-chat-widget .bc-part')).toHaveCount(0);

    // The visitor's click: a new run carrying the forwardedProps, shown as their turn.
    await box.getByRole('button', { name: 'Send note' }).click();
    await agent.step([...text('m2', 'Noted: window seat.'), { type: 'RUN_FINISHED' }]);
    agent.end();
    await waitForAnswer(page);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]!.forwardedProps.testAction).toEqual({ note: 'window seat' });
    expect(bodies[1]!.messages.filter((m) => m.role === 'user')).toHaveLength(1);
    await expect(page.locator('bailing-chat-widget .bc-msg-user').last()).toContainText('Note: window seat');
    await expect(lastAssistant(page)).toContainText('Noted: window seat.');

    // A hidden request: its result comes back to the renderer; no turn is shown for it.
    const turns = await page.locator('bailing-chat-widget .bc-msg-assistant').count();
    await box.getByRole('button', { name: 'Ask the server' }).click();
    await agent.step([{ type: 'RUN_FINISHED', result: { answer: 42 } }]);
    agent.end();
    await expect(box.locator('.said')).toHaveText('answer {"answer":42}');
    expect(bodies[2]!.forwardedProps.probe).toEqual({ n: 1 });
    await expect(page.locator('bailing-chat-widget .bc-msg-assistant')).toHaveCount(turns);

    // After a reload the activity is drawn again from what was kept, restored: inert until touched.
    await loadWidget(page, server.url, { before: PRELOAD, attrs: { 'data-protocol': 'ag-ui', 'data-agent-url': agent.url } });
    await launcher(page).click();
    await expect(surface(page).locator('output')).toHaveText('count 3');
    expect(await page.evaluate(() => (window as any).mounts[0].message.restored)).toBe(true);
    const inert = await page.evaluate(() => (window as any).mounts[0].activity.request({ p: 1 }, { name: 'probe', effect: 'act' }).then(() => 'ran', (e: Error) => e.message));
    expect(inert).toContain('probe: refused (restored)');
    await surface(page).getByRole('button', { name: 'Ask the server' }).click();
    await agent.step([{ type: 'RUN_FINISHED', result: 'again' }]);
    agent.end();
    await expect(surface(page).locator('.said')).toHaveText('answer "again"');
    expect(bodies).toHaveLength(4);
  } finally {
    await agent.close();
  }
});
