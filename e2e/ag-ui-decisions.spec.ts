// Human in the loop over AG-UI, against the reference server's agent: a run that ends with the
// interrupt outcome shows a decision card per interrupt; the visitor's decisions resume the run
// (RunAgentInput.resume) once every interrupt is decided, exactly once.
import type { Page } from '@playwright/test';
import { AGENT, agentRuns as runs } from './agent-runs';
import { ask, assistantMessages, expect, launcher, test, waitForAnswer } from './fixtures';



async function openAgentPage(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/pages/ag-ui.html`);
  await launcher(page).click();
}

const card = (page: Page) => page.locator('bailing-chat-widget .bc-decision');
const button = (page: Page, name: string) => page.locator('bailing-chat-widget').getByRole('button', { name, exact: true });

test('approve: the resume carries the decision for the open interrupt, no new user message, and the agent goes on', async ({ page, server }) => {
  const bodies = runs(page);
  await openAgentPage(page, server.url);
  await ask(page, 'restart the server');
  await waitForAnswer(page);
  await expect(card(page)).toHaveCount(1);
  await expect(card(page)).toContainText('Restart the web-1 server now?');
  await expect(card(page)).toContainText('restart_server');
  await expect(card(page)).toContainText(/Expires /);
  // The tool call the interrupt holds is a step, waiting.
  await expect(page.locator('bailing-chat-widget .bc-part[data-status="pending"]')).toContainText('restart_server');
  // In the order it came: the agent's words, then the step, then the card asking about it.
  const order = await assistantMessages(page).last().evaluate((bubble) =>
    [...bubble.querySelectorAll('.bc-body, .bc-part[role="group"], .bc-decision')].map((el) => (el.classList.contains('bc-body') ? 'text' : el.classList.contains('bc-decision') ? 'card' : 'step')),
  );
  expect(order).toEqual(['text', 'step', 'card']);
  expect(bodies).toHaveLength(1);
  const interruptId = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('_asks'))!;
    return (Object.values(JSON.parse(localStorage.getItem(key)!))[0] as { interrupts: { id: string }[] }).interrupts[0]!.id;
  });

  // A double click resumes once.
  await button(page, 'Approve').dblclick();
  await expect.poll(() => bodies.length).toBe(2);
  await waitForAnswer(page);
  await expect(assistantMessages(page).last()).toContainText('was restarted');
  const resume = bodies[1]!;
  expect(resume.resume).toEqual([{ interruptId, status: 'resolved', payload: { approved: true } }]);
  expect(resume.threadId).toBe(bodies[0]!.threadId);
  expect(resume.runId).not.toBe(bodies[0]!.runId);
  // The thread as it was, with no new user message: the decision is the resume.
  expect(resume.messages.filter((m: { role: string }) => m.role === 'user')).toHaveLength(1);
  expect(JSON.stringify(resume)).not.toContain('null');
  await expect(card(page)).toContainText('Approved');
  await expect(button(page, 'Approve')).toBeDisabled();
  // The visitor's own bubble says what they decided.
  await expect(page.locator('bailing-chat-widget .bc-msg-user').last()).toContainText('Approved: restart_server');
  expect(bodies).toHaveLength(2);
});

test('reject: the interrupt is cancelled and the agent does not act', async ({ page, server }) => {
  const bodies = runs(page);
  await openAgentPage(page, server.url);
  await ask(page, 'restart the server');
  await waitForAnswer(page);
  await button(page, 'Reject').click();
  await expect.poll(() => bodies.length).toBe(2);
  await waitForAnswer(page);
  expect(bodies[1]!.resume).toEqual([{ interruptId: expect.any(String), status: 'cancelled' }]);
  await expect(assistantMessages(page).last()).toContainText('I did not restart');
});

test('edit: the form built from responseSchema sends the edited arguments; empty fields keep theirs', async ({ page, server }) => {
  const bodies = runs(page);
  await openAgentPage(page, server.url);
  await ask(page, 'invoice');
  await waitForAnswer(page);
  await button(page, 'Edit').click();
  const amount = page.locator('bailing-chat-widget .bc-decision').getByRole('spinbutton', { name: 'Amount' });
  await expect(amount).toHaveAttribute('placeholder', '120');
  await amount.fill('99');
  // The form's own submit button (the bailing-form controls), labelled Approve.
  await page.locator('bailing-chat-widget .bc-decision form').getByRole('button', { name: 'Approve' }).click();
  await expect.poll(() => bodies.length).toBe(2);
  await waitForAnswer(page);
  expect(bodies[1]!.resume).toEqual([
    { interruptId: expect.any(String), status: 'resolved', payload: { approved: true, editedArgs: { to: 'billing@example.com', amount: 99, currency: 'EUR', note: 'Consulting, November' } } },
  ]);
  await expect(card(page)).toContainText('Approved with changes');
  await expect(assistantMessages(page).last()).toContainText('99.00');
});

test('two interrupts: nothing is sent until both are decided; the one resume covers both; a decision survives a reload', async ({ page, server }) => {
  const bodies = runs(page);
  await openAgentPage(page, server.url);
  await ask(page, 'maintenance');
  await waitForAnswer(page);
  await expect(card(page)).toHaveCount(2);
  await button(page, 'Approve').first().click();
  await expect(card(page).first()).toContainText('Approved');
  // Kept: after a reload the first decision is still made, the second still open.
  await page.reload();
  await launcher(page).click();
  await expect(card(page)).toHaveCount(2);
  await expect(card(page).first()).toContainText('Approved');
  await expect(button(page, 'Approve').first()).toBeDisabled();
  const sentBeforeSecond = bodies.length;
  await button(page, 'Reject').last().click();
  await expect.poll(() => bodies.length).toBe(sentBeforeSecond + 1);
  await waitForAnswer(page);
  const resume = bodies.at(-1)!.resume;
  expect(resume.map((r: { status: string }) => r.status)).toEqual(['resolved', 'cancelled']);
  expect(new Set(resume.map((r: { interruptId: string }) => r.interruptId)).size).toBe(2);
  // Before the second decision, only the first run was sent (the reload sends none).
  expect(sentBeforeSecond).toBe(1);
});

test('an expired interrupt says so and can only be rejected', async ({ page, server }) => {
  await page.route(`**${AGENT}`, async (route) => {
    const { threadId, runId } = route.request().postDataJSON();
    const events = [
      { type: 'RUN_STARTED', threadId, runId },
      { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Shall I delete it?' },
      { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
      { type: 'RUN_FINISHED', threadId, runId, outcome: { type: 'interrupt', interrupts: [{ id: 'int-old', reason: 'confirmation', message: 'Delete the draft?', expiresAt: '2020-01-01T00:00:00Z' }] } },
    ];
    await route.fulfill({ status: 200, contentType: 'text/event-stream', body: events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('') });
  });
  await openAgentPage(page, server.url);
  await ask(page, 'delete the draft');
  await waitForAnswer(page);
  await expect(card(page)).toContainText('Delete the draft?');
  await expect(card(page)).toContainText('Expired: it can only be rejected.');
  await expect(card(page).getByRole('button')).toHaveText(['Reject']);
});

test('a message typed while a decision is open waits: it stays in the box, the note says to decide first, nothing is sent', async ({ page, server }) => {
  const bodies = runs(page);
  await openAgentPage(page, server.url);
  await ask(page, 'restart the server');
  await waitForAnswer(page);
  await expect(card(page)).toHaveCount(1);
  await ask(page, 'actually, what time is it?');
  await expect(assistantMessages(page).last()).toContainText('Please approve or reject the request above first.');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('actually, what time is it?');
  // Deciding then lets the message go: the resume is the next run, and the message after it.
  await button(page, 'Reject').click();
  await expect.poll(() => bodies.length).toBe(2);
  await waitForAnswer(page);
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect.poll(() => bodies.length).toBe(3);
  expect(bodies[2]!.messages.at(-1)).toMatchObject({ role: 'user', content: 'actually, what time is it?' });
  expect(bodies[2]).not.toHaveProperty('resume');
});

/** The steps of the whole conversation for `tool`, wherever they are drawn. */
const stepsOf = (page: Page, tool: string) => page.locator('bailing-chat-widget .bc-messages').getByRole('group', { name: tool });

test('approve: the resumed run\'s result for the original call is that call\'s step, done, not a new one; after a reload too', async ({ page, server }) => {
  await openAgentPage(page, server.url);
  await ask(page, 'restart the server');
  await waitForAnswer(page);
  await expect(stepsOf(page, 'restart_server')).toHaveAttribute('data-status', 'pending');
  // Still waiting for the decision after a reload.
  await page.reload();
  await launcher(page).click();
  await expect(stepsOf(page, 'restart_server')).toHaveAttribute('data-status', 'pending');
  await button(page, 'Approve').click();
  await expect(assistantMessages(page).last()).toContainText('was restarted');
  await waitForAnswer(page);
  const steps = stepsOf(page, 'restart_server');
  await expect(steps).toHaveCount(1);
  await expect(steps).toHaveAttribute('data-status', 'done');
  await steps.getByRole('button', { name: 'Show details' }).click();
  expect(JSON.parse((await steps.locator('pre').nth(1).textContent())!)).toEqual({ status: 'done', server: 'web-1' });

  await page.reload();
  await launcher(page).click();
  await expect(stepsOf(page, 'restart_server')).toHaveCount(1);
  await expect(stepsOf(page, 'restart_server')).toHaveAttribute('data-status', 'done');
});

test('reject: the call\'s step says "rejected", not "done"; after a reload too', async ({ page, server }) => {
  await openAgentPage(page, server.url);
  await ask(page, 'restart the server');
  await waitForAnswer(page);
  await button(page, 'Reject').click();
  await expect(assistantMessages(page).last()).toContainText('I did not restart');
  await waitForAnswer(page);
  const steps = stepsOf(page, 'restart_server');
  await expect(steps).toHaveCount(1);
  await expect(steps).toHaveAttribute('data-status', 'rejected');
  await expect(steps.locator('.bc-part-status')).toHaveText('rejected');
  await page.reload();
  await launcher(page).click();
  await expect(stepsOf(page, 'restart_server').locator('.bc-part-status')).toHaveText('rejected');
});

test('a resume whose continuation comes only as a MESSAGES_SNAPSHOT: its answer shows, and the call\'s result updates the first turn\'s step', async ({ page, server }) => {
  await page.route(`**${AGENT}`, async (route) => {
    const { threadId, runId, messages, resume } = route.request().postDataJSON();
    const events = resume
      ? [
          { type: 'MESSAGES_SNAPSHOT', messages: [...messages, { id: 't1', role: 'tool', toolCallId: 'c1', content: '{"restarted":"web-1"}' }, { id: 'a2', role: 'assistant', content: '**web-1** is back up.' }] },
          { type: 'RUN_FINISHED', threadId, runId },
        ]
      : [
          { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
          { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'I can restart it.' },
          { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
          { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'restart_server', parentMessageId: 'm1' },
          { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"server":"web-1"}' },
          { type: 'TOOL_CALL_END', toolCallId: 'c1' },
          { type: 'RUN_FINISHED', threadId, runId, outcome: { type: 'interrupt', interrupts: [{ id: 'int-1', reason: 'tool_call', toolCallId: 'c1', message: 'Restart web-1?' }] } },
        ];
    await route.fulfill({ status: 200, contentType: 'text/event-stream', body: [{ type: 'RUN_STARTED', threadId, runId }, ...events].map((e) => `data: ${JSON.stringify(e)}\n\n`).join('') });
  });
  await openAgentPage(page, server.url);
  await ask(page, 'restart web-1');
  await waitForAnswer(page);
  await button(page, 'Approve').click();
  await expect(assistantMessages(page).last().locator('.bc-body')).toHaveText('web-1 is back up.');
  await waitForAnswer(page);
  await expect(stepsOf(page, 'restart_server')).toHaveCount(1);
  await expect(stepsOf(page, 'restart_server')).toHaveAttribute('data-status', 'done');
});
