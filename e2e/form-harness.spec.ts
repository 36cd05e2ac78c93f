// The built-in `bailing-form` renderer on its own: e2e/pages/form-harness.html mounts the built
// form module (/split/renderers/bailing-form.js) through the real registry, inside a shadow root styled by the
// widget's CSS, and scripts what `respond` does. These tests cover every field type, the
// visitor-side validation, the exact values sent, the sending and failure states, receipts,
// Chinese wording, teardown and the fallback for payloads that are not forms.
import type { Page } from '@playwright/test';
import { build } from 'esbuild';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FORM_LIMITS } from '../renderers/bailing-form/schema';
import { ROOT_DIR, expect, nextFrame, test } from './fixtures';

type Outcome = 'ok' | 'fail' | 'hold';
interface MountOptions {
  payload: unknown;
  lang?: string;
  mode?: 'light' | 'dark';
  jobId?: string;
  responses?: Record<string, unknown>[];
  outcomes?: Outcome[];
}
interface Call {
  response: Record<string, unknown>;
  presentation?: { displayText?: string };
}
interface Harness {
  mount(options: MountOptions): Promise<string>;
  reset(): void;
  destroyAll(): void;
  settle(ok?: boolean): void;
  calls: Call[];
  warnings: string[];
  stats(): { mounted: number; destroyed: number; live: number };
}
declare global {
  interface Window {
    bfHarness: Harness;
  }
}

const REFUND = {
  version: 1,
  form_id: 'refund_info',
  title: 'Refund information',
  description: 'The conversation will continue after submission',
  schema: {
    reason: { type: 'textarea', label: 'Reason', required: true, maxLength: 200, placeholder: 'Tell us what went wrong' },
    method: {
      type: 'single_select',
      label: 'Refund method',
      required: true,
      options: [
        { label: 'Original payment method', value: 'original' },
        { label: 'Account balance', value: 'balance' },
      ],
    },
  },
  submit_label: 'Submit',
  cancel_label: 'Cancel',
};

const ALL = {
  version: 1,
  form_id: 'booking',
  title: 'Book a visit',
  description: 'We will confirm by email.',
  schema: {
    name: { type: 'text', label: 'Your name', required: true, minLength: 2, maxLength: 40, placeholder: 'Jane Doe' },
    notes: { type: 'textarea', label: 'Notes', description: 'Anything we should know?' },
    guests: { type: 'number', label: 'Guests', min: 1, max: 8, required: true },
    day: { type: 'date', label: 'Day', min: '2030-01-01', max: '2030-12-31', required: true },
    room: { type: 'single_select', label: 'Room', options: [1, 2, 3, 4, 5, 6, 7].map((i) => ({ label: `Room ${i}`, value: `r${i}` })) },
    time: {
      type: 'single_select',
      label: 'Time',
      required: true,
      options: [
        { label: 'Morning', value: 'am' },
        { label: 'Afternoon', value: 'pm' },
      ],
    },
    extras: {
      type: 'multi_select',
      label: 'Extras',
      required: true,
      options: [
        { label: 'Parking', value: 'parking' },
        { label: 'Breakfast', value: 'breakfast' },
        { label: 'Late checkout', value: 'late' },
      ],
    },
    terms: { type: 'boolean', label: 'I agree to the house rules', required: true },
    news: { type: 'boolean', label: 'Send me news' },
  },
};

const HARNESS_OUT = join(ROOT_DIR, 'dist', 'e2e', 'form-harness.js');

test.beforeAll(async () => {
  const chunk = join(ROOT_DIR, 'dist', 'split', 'renderers', 'bailing-form.js');
  if (!existsSync(chunk)) throw new Error(`${chunk} is missing: run \`node build.mjs --no-types\` first`);
  const result = await build({
    entryPoints: [join(ROOT_DIR, 'e2e', 'pages', 'form-harness.ts')],
    bundle: true,
    format: 'esm',
    target: ['chrome100'],
    external: ['/split/*'],
    write: false,
    logLevel: 'silent',
  });
  // Both workers build it: write a private copy, then rename over the served file in one step.
  mkdirSync(join(ROOT_DIR, 'dist', 'e2e'), { recursive: true });
  const temp = `${HARNESS_OUT}.${process.pid}.tmp`;
  writeFileSync(temp, result.outputFiles[0]!.contents);
  renameSync(temp, HARNESS_OUT);
});

async function openHarness(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/e2e/form-harness.html`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true' && !!window.bfHarness);
}

const mount = (page: Page, options: MountOptions) => page.evaluate((o) => window.bfHarness.mount(o), options);
const calls = (page: Page): Promise<Call[]> => page.evaluate(() => JSON.parse(JSON.stringify(window.bfHarness.calls)));
const rich = (page: Page) => page.locator('.bc-rich');
/** The form's status line (`role=status`): the error count or the failed send. */
const summary = (page: Page) => page.locator('.bc-rich .bf-summary[role="status"]');

async function fillAll(page: Page, optionals: boolean) {
  await page.getByLabel('Your name').fill('Ada Lovelace');
  if (optionals) await page.getByLabel('Notes').fill('Line one\nLine two');
  await page.getByLabel('Guests').fill('3');
  await page.getByLabel('Day').fill('2030-03-15');
  if (optionals) await page.getByRole('combobox', { name: 'Room' }).selectOption({ label: 'Room 3' });
  await page.getByRole('radio', { name: 'Afternoon' }).check();
  await page.getByRole('checkbox', { name: 'Parking' }).check();
  await page.getByRole('checkbox', { name: 'Late checkout' }).check();
  await page.getByRole('checkbox', { name: 'I agree to the house rules' }).check();
  if (optionals) await page.getByRole('checkbox', { name: 'Send me news' }).check();
}

async function fillRefund(page: Page) {
  await page.getByLabel('Reason').fill('Broken on arrival');
  await page.getByRole('radio', { name: 'Account balance' }).check();
}

test.beforeEach(async ({ page, server }) => {
  await openHarness(page, server.url);
});

test('every field type is a native labelled control with its attributes', async ({ page }) => {
  expect(await mount(page, { payload: ALL })).toBe('mounted');
  await expect(rich(page)).toHaveAttribute('data-state', 'open');

  const form = page.getByRole('form', { name: 'Book a visit' });
  await expect(form).toHaveAccessibleDescription('We will confirm by email.');
  await expect(form).toHaveAttribute('novalidate', '');

  const name = page.getByRole('textbox', { name: 'Your name (required)', exact: true });
  await expect(name).toHaveAttribute('type', 'text');
  await expect(name).toHaveAttribute('minlength', '2');
  await expect(name).toHaveAttribute('maxlength', '40');
  await expect(name).toHaveAttribute('placeholder', 'Jane Doe');
  await expect(name).toHaveAttribute('aria-required', 'true');

  const notes = page.getByRole('textbox', { name: 'Notes', exact: true });
  expect(await notes.evaluate((e) => e.localName)).toBe('textarea');
  await expect(notes).not.toHaveAttribute('aria-required', /.*/);
  await expect(notes).toHaveAttribute('maxlength', String(FORM_LIMITS.textarea));
  await expect(notes).toHaveAccessibleDescription('Anything we should know?');

  const guests = page.getByRole('spinbutton', { name: 'Guests (required)' });
  await expect(guests).toHaveAttribute('type', 'number');
  await expect(guests).toHaveAttribute('min', '1');
  await expect(guests).toHaveAttribute('max', '8');
  await expect(guests).toHaveAttribute('aria-required', 'true');

  const day = page.getByLabel('Day');
  await expect(day).toHaveAttribute('type', 'date');
  await expect(day).toHaveAttribute('min', '2030-01-01');
  await expect(day).toHaveAttribute('max', '2030-12-31');
  await expect(day).toHaveAttribute('aria-required', 'true');

  // Seven options: a <select> with a "Choose…" first option that means no answer.
  const room = page.getByRole('combobox', { name: 'Room' });
  await expect(room.locator('option')).toHaveText(['Choose…', ...ALL.schema.room.options.map((o) => o.label)]);
  await expect(room).toHaveValue('');

  // Two options: a radio group named by its legend.
  const time = page.getByRole('radiogroup', { name: 'Time (required)' });
  await expect(time).toHaveAttribute('aria-required', 'true');
  await expect(time.getByRole('radio')).toHaveCount(2);
  await expect(time.getByRole('radio', { name: 'Morning' })).not.toBeChecked();

  const extras = page.getByRole('group', { name: 'Extras (required)' });
  await expect(extras.getByRole('checkbox')).toHaveCount(3);
  await expect(extras.getByRole('checkbox', { name: 'Breakfast' })).toBeVisible();

  const terms = page.getByRole('checkbox', { name: 'I agree to the house rules (required)' });
  await expect(terms).toHaveAttribute('aria-required', 'true');
  await expect(terms).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Send me news' })).not.toHaveAttribute('aria-required', /.*/);

  // The required star is decoration; assistive tech reads "(required)".
  await expect(rich(page).locator('.bf-req').first()).toHaveAttribute('aria-hidden', 'true');
  // Ids are unique within the root.
  const ids = await rich(page).locator('[id]').evaluateAll((els) => els.map((e) => e.id));
  expect(new Set(ids).size).toBe(ids.length);
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveAttribute('type', 'submit');
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveAttribute('type', 'button');
});

test('single choices: radios up to five options, a select from six', async ({ page }) => {
  const choice = (n: number) => ({
    type: 'single_select',
    label: `Pick of ${n}`,
    options: Array.from({ length: n }, (_, i) => ({ label: `Option ${n}.${i + 1}`, value: `o${i + 1}` })),
  });
  const payload = { version: 1, form_id: 'sizes', title: 'Sizes', schema: { five: choice(5), six: choice(6), one: choice(1) } };
  expect(await mount(page, { payload })).toBe('mounted');
  await expect(page.getByRole('radiogroup', { name: 'Pick of 5' }).getByRole('radio')).toHaveCount(5);
  await expect(page.getByRole('radiogroup', { name: 'Pick of 1' }).getByRole('radio')).toHaveCount(1);
  await expect(page.getByRole('radiogroup', { name: 'Pick of 6' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Pick of 6' }).locator('option')).toHaveCount(7);
  await page.getByRole('combobox', { name: 'Pick of 6' }).selectOption({ label: 'Option 6.6' });
  await page.getByRole('radio', { name: 'Option 5.2' }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(rich(page)).toHaveAttribute('data-state', 'submitted');
  expect((await calls(page))[0]!.response.values).toEqual({ five: 'o2', six: 'o6' });
});

test('validation: a message per rule, aria-invalid, focus on the first invalid field', async ({ page }) => {
  await mount(page, { payload: ALL });
  const submit = page.getByRole('button', { name: 'Submit' });
  await submit.click();

  const name = page.getByLabel('Your name');
  await expect(name).toBeFocused();
  await expect(summary(page)).toHaveText('Please correct the 6 fields marked below.');
  const errorOf = (id: string) => rich(page).locator(`[id$="-${id}-error"]`);
  await expect(errorOf('name')).toHaveText('This field is required.');
  await expect(errorOf('guests')).toHaveText('This field is required.');
  await expect(errorOf('day')).toHaveText('This field is required.');
  await expect(errorOf('time')).toHaveText('Choose an option.');
  await expect(errorOf('extras')).toHaveText('Choose at least one option.');
  await expect(errorOf('terms')).toHaveText('Check this box to continue.');
  for (const optional of ['notes', 'room', 'news']) await expect(errorOf(optional)).toBeHidden();

  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('This field is required.');
  await expect(page.getByRole('radiogroup', { name: 'Time' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('radio', { name: 'Morning' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('checkbox', { name: 'I agree to the house rules' })).toHaveAccessibleDescription('Check this box to continue.');
  await expect(page.getByLabel('Notes')).not.toHaveAttribute('aria-invalid', /.*/);
  await expect(rich(page).locator('[aria-invalid="true"]')).toHaveCount(6 + 2 + 3);
  expect(await calls(page)).toEqual([]);

  // Editing a field clears its error (and keeps the help text as its description).
  await name.fill('A');
  await expect(name).not.toHaveAttribute('aria-invalid', /.*/);
  await expect(errorOf('name')).toBeHidden();

  // Wrong rather than missing: too short, out of range, date outside its window.
  await page.getByLabel('Guests').fill('12');
  await page.getByLabel('Day').fill('2031-01-01');
  await page.getByRole('radio', { name: 'Morning' }).check();
  await page.getByRole('checkbox', { name: 'Parking' }).check();
  await page.getByRole('checkbox', { name: 'I agree to the house rules' }).check();
  await submit.click();
  await expect(errorOf('name')).toHaveText('Enter at least 2 characters.');
  await expect(errorOf('guests')).toHaveText('Enter a number from 1 to 8.');
  await expect(errorOf('day')).toHaveText('Choose a date from Jan 1, 2030 to Dec 31, 2030.');
  await expect(summary(page)).toHaveText('Please correct the 3 fields marked below.');
  await expect(name).toBeFocused();
  for (const fixed of ['time', 'extras', 'terms']) await expect(errorOf(fixed)).toBeHidden();

  // Too long (set past the maxlength the browser enforces on typing); focus goes to the first invalid one.
  await name.evaluate((e: HTMLInputElement) => {
    e.value = 'x'.repeat(41);
    e.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.getByLabel('Guests').fill('0');
  await page.getByLabel('Day').fill('2030-06-01');
  await submit.click();
  await expect(errorOf('name')).toHaveText('Enter at most 40 characters.');
  await expect(errorOf('guests')).toHaveText('Enter a number from 1 to 8.');
  await expect(errorOf('day')).toBeHidden();
  await expect(name).toBeFocused();

  await name.fill('Ada');
  await page.getByLabel('Guests').fill('2');
  await expect(summary(page)).toHaveText('');
  await submit.click();
  await expect(rich(page)).toHaveAttribute('data-state', 'submitted');
  expect(await calls(page)).toHaveLength(1);
});

test('validation: focus goes to the first invalid field, wherever it is', async ({ page }) => {
  await mount(page, { payload: ALL });
  await fillAll(page, false);
  await page.getByRole('checkbox', { name: 'I agree to the house rules' }).uncheck();
  await page.getByRole('button', { name: 'Submit' }).click();
  const terms = page.getByRole('checkbox', { name: 'I agree to the house rules' });
  await expect(terms).toBeFocused();
  await expect(terms).toHaveAttribute('aria-invalid', 'true');
  await expect(summary(page)).toHaveText('Please correct the field marked below.');
  expect(await calls(page)).toEqual([]);
});

test('submit sends the exact values of every type, then shows a receipt', async ({ page }) => {
  await mount(page, { payload: ALL, jobId: 'job_all' });
  await fillAll(page, true);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(rich(page)).toHaveAttribute('data-state', 'submitted');

  const sent = await calls(page);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.response).toEqual({
    type: 'bailing-form',
    version: 1,
    source_job_id: 'job_all',
    form_id: 'booking',
    submission_id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    action: 'submit',
    values: {
      name: 'Ada Lovelace',
      notes: 'Line one\nLine two',
      guests: 3,
      day: '2030-03-15',
      room: 'r3',
      time: 'pm',
      extras: ['parking', 'late'],
      terms: true,
      news: true,
    },
  });
  expect(sent[0]!.presentation).toEqual({ displayText: 'Submitted: Book a visit' });

  // A read-only receipt: no controls, the values in words, focus on its title.
  await expect(rich(page).locator('input, textarea, select, button, form')).toHaveCount(0);
  const receipt = page.getByRole('region', { name: 'Book a visit' });
  await expect(receipt.locator('.bf-badge')).toHaveText('Submitted');
  await expect(receipt.locator('dd')).toHaveText(['Ada Lovelace', 'Line one\nLine two', '3', 'Mar 15, 2030', 'Room 3', 'Afternoon', 'Parking, Late checkout', 'Yes', 'Yes']);
  await expect(page.getByRole('heading', { name: 'Book a visit' })).toBeFocused();
  await expect(rich(page).locator('[aria-live="polite"]').last()).toHaveText('Submitted: Book a visit');
});

test('empty optionals are left out, unchecked booleans are false', async ({ page }) => {
  await mount(page, { payload: ALL });
  await fillAll(page, false);
  // An Enter in a single-line field submits the form.
  await page.getByLabel('Guests').press('Enter');
  await expect(rich(page)).toHaveAttribute('data-state', 'submitted');
  const [call] = await calls(page);
  expect(call!.response.values).toEqual({
    name: 'Ada Lovelace',
    guests: 3,
    day: '2030-03-15',
    time: 'pm',
    extras: ['parking', 'late'],
    terms: true,
    news: false,
  });
  await expect(rich(page).locator('dd')).toHaveText(['Ada Lovelace', 'Not answered', '3', 'Mar 15, 2030', 'Not answered', 'Afternoon', 'Parking, Late checkout', 'Yes', 'No']);
});

test('while sending every control is disabled and nothing more is sent', async ({ page }) => {
  await mount(page, { payload: REFUND, outcomes: ['hold'] });
  await fillRefund(page);
  const submit = page.getByRole('button', { name: 'Submit' });
  await submit.dblclick();

  await expect(rich(page)).toHaveAttribute('data-state', 'sending');
  const busy = rich(page).locator('button[aria-busy="true"]');
  await expect(busy).toHaveText('Sending…');
  await expect(busy).toBeDisabled();
  await expect(rich(page).locator('input, textarea, select, button')).toHaveCount(5);
  await expect(rich(page).locator(':is(input, textarea, select, button):not(:disabled)')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeDisabled();

  // Enter, and a submit event the form still receives, send nothing more.
  await page.keyboard.press('Enter');
  await rich(page).locator('form').evaluate((f: HTMLFormElement) => f.requestSubmit());
  await rich(page).locator('form').evaluate((f: HTMLFormElement) => f.dispatchEvent(new Event('submit', { cancelable: true })));
  // The form calls respond a promise callback after a submit, and handles its result in promise
  // callbacks: all have run by the next frame.
  await nextFrame(page);
  expect(await calls(page)).toHaveLength(1);
  await expect(rich(page)).toHaveAttribute('data-state', 'sending');

  await page.evaluate(() => window.bfHarness.settle(true));
  await expect(rich(page)).toHaveAttribute('data-state', 'submitted');
  expect(await calls(page)).toHaveLength(1);
});

test('a failed send keeps the values and retries with the same submission_id', async ({ page }) => {
  await mount(page, { payload: REFUND, outcomes: ['hold', 'fail', 'ok'] });
  await fillRefund(page);
  const submit = page.getByRole('button', { name: 'Submit' });
  await submit.click();
  await expect(rich(page)).toHaveAttribute('data-state', 'sending');
  await page.evaluate(() => window.bfHarness.settle(false));

  await expect(rich(page)).toHaveAttribute('data-state', 'open');
  await expect(summary(page)).toHaveText('Could not send. Please try again.');
  await expect(page.getByLabel('Reason')).toHaveValue('Broken on arrival');
  await expect(page.getByRole('radio', { name: 'Account balance' })).toBeChecked();
  await expect(submit).toBeEnabled();
  await expect(submit).not.toHaveAttribute('aria-busy', /.*/);
  await expect(submit).toBeFocused();

  // Fails again (a plain rejection), then goes through.
  await submit.click();
  await expect(summary(page)).toHaveText('Could not send. Please try again.');
  await expect(rich(page)).toHaveAttribute('data-state', 'open');
  await submit.click();
  await expect(rich(page)).toHaveAttribute('data-state', 'submitted');

  const sent = await calls(page);
  expect(sent).toHaveLength(3);
  const ids = new Set(sent.map((c) => c.response.submission_id));
  expect(ids.size).toBe(1);
  for (const call of sent) expect(call.response.values).toEqual({ reason: 'Broken on arrival', method: 'balance' });
});

test('cancel sends a cancel without values and shows a Cancelled receipt', async ({ page }) => {
  await mount(page, { payload: REFUND });
  // Cancel needs no valid values.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(rich(page)).toHaveAttribute('data-state', 'cancelled');
  const sent = await calls(page);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.response).toEqual({
    type: 'bailing-form',
    version: 1,
    source_job_id: 'job_1',
    form_id: 'refund_info',
    submission_id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    action: 'cancel',
  });
  expect(sent[0]!.presentation).toEqual({ displayText: 'Cancelled: Refund information' });
  await expect(rich(page).locator('.bf-badge')).toHaveText('Cancelled');
  await expect(rich(page).locator('input, textarea, select, button, dl')).toHaveCount(0);
});

test('a response in message.responses restores the receipt; another form_id or job does not', async ({ page }) => {
  const summary = { type: 'bailing-form', version: 1, source_job_id: 'job_9', form_id: 'refund_info', submission_id: 'abcdefghij' };
  await mount(page, { payload: REFUND, jobId: 'job_9', responses: [{ ...summary, action: 'submit' }] });
  await expect(rich(page)).toHaveAttribute('data-state', 'submitted');
  await expect(rich(page).locator('.bf-badge')).toHaveText('Submitted');
  await expect(page.getByRole('heading', { name: 'Refund information' })).toBeVisible();
  // History never holds the values, and nothing can send again.
  await expect(rich(page).locator('input, textarea, select, button, form, dl')).toHaveCount(0);

  await page.evaluate(() => window.bfHarness.reset());
  await mount(page, { payload: REFUND, jobId: 'job_9', responses: [{ ...summary, action: 'submit' }, { ...summary, action: 'cancel' }] });
  await expect(rich(page)).toHaveAttribute('data-state', 'cancelled');
  await expect(rich(page).locator('.bf-badge')).toHaveText('Cancelled');

  await page.evaluate(() => window.bfHarness.reset());
  await mount(page, { payload: REFUND, jobId: 'job_9', responses: [{ ...summary, form_id: 'other', action: 'submit' }] });
  await expect(rich(page)).toHaveAttribute('data-state', 'open');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();

  await page.evaluate(() => window.bfHarness.reset());
  await mount(page, { payload: REFUND, jobId: 'job_9', responses: [{ ...summary, source_job_id: 'job_8', action: 'submit' }] });
  await expect(rich(page)).toHaveAttribute('data-state', 'open');
  expect(await calls(page)).toEqual([]);
});

test('Chinese wording from the Chinese table the widget passes', async ({ page }) => {
  await mount(page, { payload: ALL, lang: 'zh-CN' });
  await expect(page.getByRole('button', { name: '取消' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Your name\s*（必填）$/ })).toHaveAttribute('aria-required', 'true');
  await expect(page.getByRole('combobox', { name: 'Room' }).locator('option').first()).toHaveText('请选择…');
  await page.getByRole('button', { name: '提交' }).click();
  await expect(summary(page)).toHaveText('请修正下方标出的 6 处内容。');
  const errors = rich(page).locator('.bf-error:not([hidden])');
  await expect(errors).toHaveText(['此项为必填项。', '此项为必填项。', '此项为必填项。', '请选择一个选项。', '请至少选择一项。', '请勾选此项后继续。']);
  await expect(page.getByLabel('Your name')).toBeFocused();

  await page.evaluate(() => window.bfHarness.reset());
  await mount(page, { payload: { ...REFUND, submit_label: undefined, cancel_label: undefined }, lang: 'zh-CN', outcomes: ['hold'] });
  await fillRefund(page);
  await page.getByRole('button', { name: '提交' }).click();
  await expect(rich(page).locator('button[aria-busy="true"]')).toHaveText('正在发送…');
  await page.evaluate(() => window.bfHarness.settle(false));
  await expect(summary(page)).toHaveText('发送失败，请重试。');
  await page.getByRole('button', { name: '提交' }).click();
  await expect(rich(page)).toHaveAttribute('data-state', 'submitted');
  await expect(rich(page).locator('.bf-badge')).toHaveText('已提交');
  const sent = await calls(page);
  expect(sent.map((c) => c.presentation?.displayText)).toEqual(['已提交：Refund information', '已提交：Refund information']);
});

test('teardown while sending ignores the late result; the live count goes to 0', async ({ page }) => {
  await mount(page, { payload: REFUND });
  // The scripted outcomes are the page's, set by the latest mount.
  await mount(page, { payload: { ...REFUND, form_id: 'second' }, outcomes: ['hold'] });
  expect(await page.evaluate(() => window.bfHarness.stats())).toEqual({ mounted: 2, destroyed: 0, live: 2 });
  const first = rich(page).first();
  await first.getByLabel('Reason').fill('x');
  await first.getByRole('radio', { name: 'Account balance' }).check();
  await first.getByRole('button', { name: 'Submit' }).click();
  await expect(first).toHaveAttribute('data-state', 'sending');

  await page.evaluate(() => window.bfHarness.destroyAll());
  expect(await page.evaluate(() => window.bfHarness.stats())).toEqual({ mounted: 2, destroyed: 2, live: 0 });
  await page.evaluate(() => window.bfHarness.settle(true));
  await nextFrame(page);
  for (const container of await rich(page).all()) {
    await expect(container.locator('*')).toHaveCount(0);
    await expect(container).not.toHaveAttribute('data-state', /.*/);
  }
  expect(await calls(page)).toHaveLength(1);
  expect(await page.evaluate(() => window.bfHarness.warnings)).toEqual([]);
});

test('a late failure after teardown changes nothing either', async ({ page }) => {
  await mount(page, { payload: REFUND, outcomes: ['hold'] });
  await fillRefund(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(rich(page)).toHaveAttribute('data-state', 'sending');
  await page.evaluate(() => window.bfHarness.destroyAll());
  await page.evaluate(() => window.bfHarness.settle(false));
  await nextFrame(page);
  await expect(rich(page).locator('*')).toHaveCount(0);
  await expect(rich(page)).not.toHaveAttribute('data-state', /.*/);
  expect(await page.evaluate(() => window.bfHarness.stats())).toMatchObject({ live: 0 });
});

test('payloads that are not valid forms fall back to code, with the reason warned', async ({ page }) => {
  const bad = [
    { ...REFUND, title: '<img src=x onerror=alert(1)>' },
    { ...REFUND, schema: { pw: { type: 'text', label: 'Your password' } } },
    { ...REFUND, extra: 1 },
  ];
  const sources: string[] = [];
  for (const payload of bad) {
    expect(await mount(page, { payload })).toBe('fallback');
    sources.push(JSON.stringify(payload, null, 2));
  }
  expect(await mount(page, { payload: '{"version": 1, "form_id": ' })).toBe('fallback');
  sources.push('{"version": 1, "form_id": ');

  await expect(rich(page).locator('pre > code')).toHaveText(sources, { useInnerText: false });
  await expect(rich(page).locator('img, form, input, button')).toHaveCount(0);
  const warnings = await page.evaluate(() => window.bfHarness.warnings);
  expect(warnings).toHaveLength(4);
  expect(warnings[0]).toMatch(/title: contains HTML/);
  expect(warnings[1]).toMatch(/password|credential/i);
  expect(warnings[2]).toMatch(/extra/);
  expect(await calls(page)).toEqual([]);
});

test('the form stylesheet is adopted once per root and styles the form', async ({ page }) => {
  await mount(page, { payload: REFUND });
  await mount(page, { payload: ALL });
  await page.evaluate(() => window.bfHarness.reset());
  await mount(page, { payload: REFUND, mode: 'dark' });
  const sheets = await page.evaluate(() => {
    const root = document.querySelector('#stage > div')!.shadowRoot!;
    return root.adoptedStyleSheets.map((s) => [...s.cssRules].some((r) => r.cssText.startsWith('.bf.bf')));
  });
  // The widget's own sheet, then the form's, once.
  expect(sheets).toEqual([false, true]);
  await expect(rich(page).locator('form')).toHaveCSS('border-radius', '12px');
  await expect(rich(page).locator('form')).toHaveCSS('color-scheme', 'dark');
  await expect(rich(page).locator('style')).toHaveCount(0);
});
