// Generative UI over AG-UI, against the reference server's agent: a tool call named for a
// registered renderer is drawn by that renderer (the sandbox as `ui__sandbox`) once its
// arguments are complete; what the renderer sends back is the call's result.
import { agentRuns as runs } from './agent-runs';
import { ask, assistantMessages, expect, fillRefund, launcher, test, waitForAnswer } from './fixtures';



test('a bailing-form tool call is the form; sending it answers the call with a tool message; a reload shows it as sent', async ({ page, server }) => {
  const bodies = runs(page);
  await page.goto(`${server.url}/pages/ag-ui.html`);
  await launcher(page).click();
  await ask(page, 'I need a refund form');
  await waitForAnswer(page);
  expect(bodies[0]!.forwardedProps.client_capabilities.renderers).toEqual(expect.arrayContaining(['bailing-form', 'sandbox']));
  // The form, drawn by the bailing-form renderer below the agent's text; no step row for the call.
  const form = page.locator('bailing-chat-widget .bc-part-ui form');
  await expect(form).toBeVisible();
  await expect(page.locator('bailing-chat-widget .bc-part[role="group"]')).toHaveCount(0);
  await fillRefund(page);
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect.poll(() => bodies.length).toBe(2);
  await waitForAnswer(page);
  const second = bodies[1]!;
  const call = second.messages.find((m: { role: string; toolCalls?: unknown[] }) => m.role === 'assistant' && m.toolCalls)?.toolCalls[0];
  expect(call.function.name).toBe('bailing-form');
  const result = second.messages.at(-1);
  expect(result).toMatchObject({ role: 'tool', toolCallId: call.id });
  const sent = JSON.parse(result.content);
  expect(sent).toMatchObject({ action: 'submit', values: { order: 'A-1042', reason: 'It arrived broken.', method: 'balance', terms: true } });
  // The widget's own fields stay out of the agent's result.
  expect(sent).not.toHaveProperty('source_job_id');
  expect(second.messages.filter((m: { role: string }) => m.role === 'user')).toHaveLength(1);
  await expect(assistantMessages(page).last()).toContainText(/refund/i);

  // After a reload the form is there again, as sent (its receipt), not as a new form to send.
  await page.reload();
  await launcher(page).click();
  await expect(page.locator('bailing-chat-widget .bc-part-ui').first()).toBeVisible();
  await expect(page.locator('bailing-chat-widget .bc-part-ui').first().getByRole('button', { name: 'Send request' })).toHaveCount(0);
});

test('a ui__sandbox tool call mounts the view; its send goes on as a message after a "shown" result for the call', async ({ page, server }) => {
  const bodies = runs(page);
  await page.goto(`${server.url}/pages/ag-ui.html`);
  await launcher(page).click();
  // What the call's row shows while its arguments stream, recorded as it happens (it is brief).
  await page.evaluate(() => {
    const seen: string[] = ((window as any).previews = []);
    const root = document.querySelector('bailing-chat-widget')!.shadowRoot!;
    new MutationObserver(() => {
      for (const box of root.querySelectorAll<HTMLElement>('.bc-part-ui .bc-wait')) if (box.textContent && !seen.includes(`${box.textContent}|${box.style.height}`)) seen.push(`${box.textContent}|${box.style.height}`);
    }).observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await ask(page, 'calculator');
  // The sandbox renderer's own preview, from the arguments parsed as far as they went: its
  // placeholder text at the view's initialHeight. Polled: right after the send, the Stop button
  // that waitForAnswer waits to go may not be there yet.
  await expect.poll(() => page.evaluate(() => (window as any).previews)).toContain('Setting up the calculator…|330px');
  await waitForAnswer(page);
  const view = page.frameLocator('bailing-chat-widget .bc-part-ui iframe.sbx-frame');
  for (const key of ['6', '×', '7', '=']) await view.getByRole('button', { name: key, exact: true }).click();
  await expect(view.locator('#display')).toHaveText('42');
  await view.getByRole('button', { name: 'Ask the assistant to explain' }).click();
  await expect.poll(() => bodies.length).toBe(2);
  await waitForAnswer(page);
  const messages = bodies[1]!.messages;
  const call = messages.find((m: { role: string; toolCalls?: unknown[] }) => m.role === 'assistant' && m.toolCalls)?.toolCalls[0];
  expect(call.function.name).toBe('ui__sandbox');
  const tail = messages.slice(-2);
  expect(tail[0]).toMatchObject({ role: 'tool', toolCallId: call.id, content: '{"status":"shown"}' });
  expect(tail[1]).toMatchObject({ role: 'user' });
  expect(JSON.parse(tail[1].content)).toMatchObject({ view: 'calculator', expression: '6×7', result: 42 });
});

test('a page without the sandbox turned on advertises no sandbox and gets the view as a code block, never a frame', async ({ page, server }) => {
  const bodies = runs(page);
  await page.goto(`${server.url}/e2e/blank.html`);
  await page.evaluate((base) => {
    const script = document.createElement('script');
    script.src = `${base}/widget.js`;
    script.setAttribute('data-protocol', 'ag-ui');
    script.setAttribute('data-agent-url', `${base}/agui/demo_assistant`);
    document.body.append(script);
  }, server.url);
  await launcher(page).click();
  await ask(page, 'calculator');
  await waitForAnswer(page);
  expect(bodies[0]!.forwardedProps.client_capabilities.renderers).not.toContain('sandbox');
  await expect(page.locator('bailing-chat-widget iframe')).toHaveCount(0);
  // The view's JSON, as the code block of an unregistered fence.
  await expect(assistantMessages(page).last().locator('pre code.language-sandbox')).toContainText('"title"');
});
