// A2UI surfaces end to end (DESIGN.md §15), against the built widget: the reference server's
// booking form over the hub (an `a2ui` fence, answered through `respond`) and over AG-UI (the
// `a2ui-surface` activity, answered with `forwardedProps.a2uiAction`), and a surface drawn by the
// real @ag-ui/a2ui-middleware, whose own code turns the visitor's action into the agent's message.
// Two-way binding, checks, actions resolved at the click, what a reload shows; what is sent is
// checked against the A2UI specification's client_to_server.json.
import { Validator } from '@cfworker/json-schema';
import { readFileSync } from 'node:fs';
import type { Page, Request } from '@playwright/test';
import { agentRuns, openAgent } from './agent-runs';
import { ask, expect, lastAssistant, launcher, loadWidget, test, waitForAnswer } from './fixtures';
import { startMiddlewareAgent } from './a2ui-middleware-agent';

const clientSchema = new Validator(JSON.parse(readFileSync('renderers/a2ui/fixtures/spec-v0_9/json/client_to_server.json', 'utf8')), '2020-12', false);
const surface = (page: Page) => page.locator('bailing-chat-widget .a2-surface').last();

/** The create-job POSTs of the hub page. */
function hubBodies(page: Page): Record<string, any>[] {
  const bodies: Record<string, any>[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/chat/demo_assistant') bodies.push(request.postDataJSON());
  });
  return bodies;
}

/** Fills the demo's booking form as a visitor would, with the keyboard where it is the natural way. */
async function fillBooking(page: Page) {
  const form = surface(page);
  const book = form.getByRole('button', { name: 'Book the table' });
  // The button's checks fail until a name and a date are given: disabled, and it says why.
  await expect(book).toBeDisabled();
  await expect(form.getByText('Fill in your name and a date first.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Name' }).fill('Ada');
  await form.getByLabel('Date').fill('2026-02-14');
  // Two-way binding: the slider writes the data model, and the caption bound to it follows.
  const guests = form.getByRole('slider', { name: 'Guests' });
  await guests.focus();
  await guests.press('ArrowRight');
  await guests.press('ArrowRight');
  await expect(form.getByText('Tables for 4 at Luigi’s, Via Roma 12.')).toBeVisible();
  await form.getByRole('button', { name: '20:00' }).click();
  await form.getByRole('radio', { name: 'Terrace' }).check();
  await expect(book).toBeEnabled();
  return book;
}

test('over the hub: the booking form, filled and sent, is the next turn; the server reads the action from the stored surface; a reload draws it again', async ({ page, server }) => {
  const bodies = hubBodies(page);
  await loadWidget(page, server.url);
  await launcher(page).click();
  await ask(page, 'Can I make a reservation?');
  await waitForAnswer(page);
  await expect(page.locator('bailing-chat-widget').getByRole('region', { name: 'Interface' })).toBeVisible();
  const book = await fillBooking(page);
  await surface(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/a2ui-booking-hub.png' });
  await book.click();
  await waitForAnswer(page);
  await expect(lastAssistant(page)).toContainText('Booked: a table for 4 on the terrace on 2026-02-14 at 20:00, under the name Ada.');
  await expect(page.locator('bailing-chat-widget .bc-msg-user').last()).toContainText('Book the table');
  const sent = bodies[1]!.interaction_response;
  expect(sent).toMatchObject({ type: 'a2ui', version: 1, action: 'book_table' });
  expect(sent.a2ui).toHaveLength(1);
  for (const m of sent.a2ui) expect(clientSchema.validate(m).errors).toEqual([]);
  expect(sent.a2ui[0].action).toMatchObject({ name: 'book_table', surfaceId: 'table-booking', sourceComponentId: 'book', context: { name: 'Ada', date: '2026-02-14', guests: 4, time: ['20:00'], seating: ['terrace'], notes: '' } });
  await expect(page.locator('bailing-chat-widget .a2-wrap .a2-status').last()).toHaveText('Sent.');

  await loadWidget(page, server.url);
  await launcher(page).click();
  // Drawn again from the history, as the agent sent it (the visitor's edits were theirs to send).
  await expect(surface(page).getByRole('textbox', { name: 'Name' })).toHaveValue('');
  await expect(surface(page).getByRole('button', { name: 'Book the table' })).toBeDisabled();
});

test('over AG-UI: the a2ui-surface activity is the form (its building state first); the action goes back as forwardedProps.a2uiAction, with no message of the visitor’s; a reload draws it again', async ({ page, server }) => {
  const bodies = agentRuns(page);
  await openAgent(page, server.url);
  // a2ui.js evaluated before the first activity (the widget's own import then finds it in the page's
  // module map): the building state draws as the activity opens, not only if the module's fetch
  // beats the agent's stream.
  await page.evaluate(() => import(new URL('a2ui.js', document.querySelector<HTMLScriptElement>('script[data-entry]')!.src).href));
  await page.evaluate(() => {
    // What the surface's region showed as it arrived (the building state is brief).
    const seen: string[] = ((window as any).states = []);
    const root = document.querySelector('bailing-chat-widget')!.shadowRoot!;
    // From the records, not from the page as it is when the observer runs: a state added and replaced
    // in one task is in the records (with its text) though no longer in the page.
    const note = (el: Element) => !seen.includes(el.textContent!) && seen.push(el.textContent!);
    new MutationObserver((records) => {
      root.querySelectorAll('.a2-state').forEach(note);
      for (const record of records) {
        for (const node of record.addedNodes) if (node instanceof Element) [...(node.matches('.a2-state') ? [node] : []), ...node.querySelectorAll('.a2-state')].forEach(note);
        const parent = record.target instanceof Element ? record.target : record.target.parentElement;
        const state = parent?.closest('.a2-state');
        if (state) note(state);
      }
    }).observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await ask(page, 'I would like to book a table');
  await waitForAnswer(page);
  expect(bodies[0]!.forwardedProps.client_capabilities.renderers).toEqual(expect.arrayContaining(['a2ui', 'a2ui-surface']));
  // With or without its count of tokens: a count that comes in the same task replaces the bare text before the observer looks.
  expect(await page.evaluate(() => (window as any).states)).toEqual(expect.arrayContaining([expect.stringMatching(/^Building the interface…( \(\d+ tokens so far\))?$/)]));
  const book = await fillBooking(page);
  await book.click();
  await waitForAnswer(page);
  await expect(lastAssistant(page)).toContainText('Booked: a table for 4 on the terrace on 2026-02-14 at 20:00, under the name Ada.');
  expect(bodies).toHaveLength(2);
  const action = bodies[1]!.forwardedProps.a2uiAction.userAction;
  expect(clientSchema.validate({ version: 'v0.9', action }).errors).toEqual([]);
  expect(action).toMatchObject({ name: 'book_table', surfaceId: 'table-booking', sourceComponentId: 'book', context: { name: 'Ada', guests: 4, seating: ['terrace'] } });
  expect(bodies[1]!.messages.filter((m: { role: string }) => m.role === 'user')).toHaveLength(1);

  await page.reload();
  await launcher(page).click();
  await expect(surface(page).getByRole('button', { name: 'Book the table' })).toBeVisible();
});

test('the real @ag-ui/a2ui-middleware: a streamed render_a2ui call becomes the surface, and the visitor’s action reaches the model as the middleware’s log_a2ui_event', async ({ page, server }) => {
  const agent = await startMiddlewareAgent();
  try {
    await loadWidget(page, server.url, { attrs: { 'data-protocol': 'ag-ui', 'data-agent-url': agent.url } });
    await launcher(page).click();
    await ask(page, 'beans please');
    await waitForAnswer(page);
    const form = surface(page);
    await expect(form.getByRole('heading', { name: 'Order coffee beans' })).toBeVisible();
    // The middleware injected its tool; the model's call is the surface, not a step to read.
    expect(agent.inputs[0]!.tools.map((t) => t.name)).toContain('render_a2ui');
    await form.getByRole('spinbutton', { name: 'Bags' }).fill('3');
    await form.getByRole('button', { name: 'Place order' }).click();
    await waitForAnswer(page);
    await expect(lastAssistant(page)).toContainText('Noted. User performed action "place_order" on surface "order-form" (component: go). Context: {"bags":"3"}');
    const logged = agent.inputs[1]!.messages.slice(-2);
    expect(logged[0]).toMatchObject({ role: 'assistant', toolCalls: [{ function: { name: 'log_a2ui_event' } }] });
    expect(JSON.parse((logged[0] as any).toolCalls[0].function.arguments)).toMatchObject({ name: 'place_order', surfaceId: 'order-form', sourceComponentId: 'go', context: { bags: '3' } });
  } finally {
    await agent.close();
  }
});
