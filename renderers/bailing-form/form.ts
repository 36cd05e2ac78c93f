// The browser side of the built-in `bailing-form` v1 renderer (reference 004 "Built-in bailing-form
// v1" and "Submission, receipts, and history recovery", DESIGN.md §8.1). The model sends data only:
// `schema.ts` decides whether it is a form, this module draws native labelled controls for it,
// runs the same validation on the visitor's values, sends them once through `respond`, and turns
// the form into a read-only receipt. Every text from the payload goes in through `textContent`.

import type { RendererContext, ResponseSummary } from '../../widget/types';
import { randomId } from '../../widget/ids';
import { VISITOR_ERROR } from '../../widget/transport/errors';
import { icon as svgIcon } from '../../widget/ui/dom';
import { FORM_LIMITS, isSubmissionId, validateForm, validateValues } from './schema';
import type { FieldSpec, FormError, FormOption, FormValue, TextFieldSpec } from './schema';
import { FORM_CSS } from './form-styles';

/** Single choices with at most this many options are radio buttons; more become a `<select>`. */
const MAX_RADIOS = 5;
/** `submission_id` length: 22 characters of a 64-letter alphabet are 132 random bits. */
const SUBMISSION_ID_LENGTH = 22;

const EN = {
  submit: 'Submit',
  cancel: 'Cancel',
  sending: 'Sending…',
  required: ' (required)',
  choose: 'Choose…',
  submitted: 'Submitted',
  cancelled: 'Cancelled',
  yes: 'Yes',
  no: 'No',
  unanswered: 'Not answered',
  listSeparator: ', ',
  shown: (status: string, title: string) => `${status}: ${title}`,
  sendFailed: 'Could not send. Please try again.',
  fix: (n: number) => (n == 1 ? 'Please correct the field marked below.' : `Please correct the ${n} fields marked below.`),
  requiredField: 'This field is required.',
  check: 'Check this box to continue.',
  chooseOne: 'Choose an option.',
  chooseSome: 'Choose at least one option.',
  tooShort: (n: number) => `Enter at least ${n} characters.`,
  tooLong: (n: number) => `Enter at most ${n} characters.`,
  number: 'Enter a number.',
  numberRange: (lo?: string, hi?: string) =>
    lo && hi ? `Enter a number from ${lo} to ${hi}.` : lo ? `Enter a number of at least ${lo}.` : `Enter a number of at most ${hi}.`,
  date: 'Enter a complete, valid date.',
  dateRange: (lo?: string, hi?: string) =>
    lo && hi ? `Choose a date from ${lo} to ${hi}.` : lo ? `Choose a date on or after ${lo}.` : `Choose a date on or before ${hi}.`,
  control: 'Remove tabs and other special characters.',
  option: 'Choose one of the listed options.',
  size: 'Your answers are too long to send. Please shorten them.',
  invalid: 'Check this value.',
};

type Strings = typeof EN;

const ZH: Strings = {
  submit: '提交',
  cancel: '取消',
  sending: '正在发送…',
  required: '（必填）',
  choose: '请选择…',
  submitted: '已提交',
  cancelled: '已取消',
  yes: '是',
  no: '否',
  unanswered: '未填写',
  listSeparator: '、',
  shown: (status, title) => `${status}：${title}`,
  sendFailed: '发送失败，请重试。',
  fix: (n) => `请修正下方标出的 ${n} 处内容。`,
  requiredField: '此项为必填项。',
  check: '请勾选此项后继续。',
  chooseOne: '请选择一个选项。',
  chooseSome: '请至少选择一项。',
  tooShort: (n) => `请至少输入 ${n} 个字符。`,
  tooLong: (n) => `最多输入 ${n} 个字符。`,
  number: '请输入数字。',
  numberRange: (lo, hi) => (lo && hi ? `请输入 ${lo} 到 ${hi} 之间的数字。` : lo ? `请输入不小于 ${lo} 的数字。` : `请输入不大于 ${hi} 的数字。`),
  date: '请输入完整有效的日期。',
  dateRange: (lo, hi) => (lo && hi ? `请选择 ${lo} 至 ${hi} 之间的日期。` : lo ? `请选择 ${lo} 或之后的日期。` : `请选择 ${hi} 或之前的日期。`),
  control: '请删除制表符等特殊字符。',
  option: '请从列出的选项中选择。',
  size: '填写的内容过长，无法发送，请缩短后重试。',
  invalid: '请检查此项。',
};

const ICON_CHECK = 'M5 12.5l4.5 4.5L19 7.5';
const ICON_CANCEL = 'M7 7l10 10M17 7L7 17';

type Attrs = Record<string, string | number | boolean | undefined>;

/** Creates an element; attributes that are `undefined` or `false` are left out, text goes in as text nodes. */
function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, children: Array<Node | string | false | undefined> = []): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) if (value !== undefined && value !== false) node.setAttribute(name, value === true ? '' : String(value));
  for (const child of children) if (child) node.append(child);
  return node;
}

/** Our own static icon markup (never payload text), drawn a little bolder than the widget's. */
function icon(body: string): Element {
  const svg = svgIcon(body);
  svg.setAttribute('stroke-width', '2.5');
  return svg;
}

/** Sets an attribute, or removes it when there is no value. */
const setAttr = (node: Element, name: string, value: string | false | undefined) => (value ? node.setAttribute(name, value) : node.removeAttribute(name));

let sheet: CSSStyleSheet | undefined;

/**
 * Adds the form's stylesheet to the shadow root (or document) the container is in, once per root:
 * a constructed sheet, because a host's CSP `style-src` does not apply to it as it would to `<style>`.
 */
function adoptStyles(container: HTMLElement): void {
  const root = container.getRootNode();
  if (!(root instanceof ShadowRoot || root instanceof Document)) return;
  try {
    sheet ??= new CSSStyleSheet();
    if (!sheet.cssRules.length) sheet.replaceSync(FORM_CSS);
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  } catch {
    // No constructable stylesheets (Safari before 16.4): a <style> element in the form itself.
    container.prepend(el('style', {}, [FORM_CSS]));
  }
}

let mounts = 0;

/** An id prefix unique per mount, so two forms (or two copies of one) never share a `for`/`id`. */
const idPrefix = (): string => `bf${++mounts}${Math.random().toString(36).slice(2, 6)}`;

/** A fresh `submission_id` from `crypto.getRandomValues`: one per form instance, reused on retry. */
export function newSubmissionId(): string {
  const id = randomId('', SUBMISSION_ID_LENGTH);
  if (!isSubmissionId(id)) throw new Error('bailing-form: could not make a submission id');
  return id;
}

/** Any field's keys, for code that reads them whatever the type (the validator allows each only on its own types). */
type AnyField = FieldSpec & { minLength?: number; maxLength?: number; min?: number | string; max?: number | string; options: FormOption[] };

/** A text field's cap on length: its own `maxLength`, or its type's when it sets none. */
const maxLength = (field: AnyField) => Math.min(field.maxLength ?? Infinity, FORM_LIMITS[field.type as TextFieldSpec['type']]);

/** One drawn field: what reads its value and where its error goes. */
interface Control {
  field: AnyField;
  /** Focused when the field is the first invalid one. */
  first: HTMLElement;
  /** Marked `aria-invalid`; the first one carries `aria-describedby`. */
  marked: HTMLElement[];
  help?: string;
  error: HTMLElement;
  read(): unknown;
}

/**
 * Mounts a `bailing-form` v1 block (DESIGN.md §7). Throws, drawing nothing, when the payload is not
 * a valid form: the registry then shows the block as code and logs the reasons. Returns the cleanup.
 */
export function mount(context: RendererContext): () => void {
  const checked = validateForm(context.payload);
  if (!checked.ok) throw new Error(`invalid bailing-form: ${checked.errors.map((e) => e.message).join('; ')}`);
  const form = checked.form;
  const { container, signal, message } = context;
  const zh = /^zh\b/i.test(container.closest('[lang]')?.getAttribute('lang') ?? '');
  const t = zh ? ZH : EN;
  const listeners = new AbortController();
  const on = (target: EventTarget, type: string, fn: (e: Event) => void) => target.addEventListener(type, fn, { signal: listeners.signal });
  const prefix = idPrefix();
  const titleId = `${prefix}-title`;
  let disposed = false;
  const gone = () => disposed || signal.aborted;

  adoptStyles(container);
  // The receipt is announced here: a live region must be in place before its text changes.
  const announcer = el('p', { class: 'bc-sr bf-sr', 'aria-live': 'polite' });
  const show = (view: HTMLElement, state: string) => {
    container.replaceChildren(...[...container.children].filter((c) => c.localName == 'style'), view, announcer);
    container.setAttribute('data-state', state);
  };

  const formatDate = (value: string) => {
    try {
      return new Intl.DateTimeFormat(zh ? 'zh-CN' : 'en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
    } catch {
      return value;
    }
  };
  const optionLabel = (field: AnyField, value: string) => field.options.find((o) => o.value === value)?.label ?? value;

  /** What the receipt shows for a submitted value. */
  const display = (field: AnyField, value: FormValue | undefined): string =>
    value === undefined || value === '' || (Array.isArray(value) && !value.length)
      ? t.unanswered
      : typeof value == 'boolean'
        ? value ? t.yes : t.no
        : Array.isArray(value)
          ? value.map((v) => optionLabel(field, v)).join(t.listSeparator)
          : field.type == 'single_select'
            ? optionLabel(field, String(value))
            : field.type == 'date' ? formatDate(String(value)) : String(value);

  /** The read-only receipt: status, title and, when this visitor just sent them, the values. */
  const showReceipt = (cancelled: boolean, values?: Record<string, FormValue>) =>
    show(
      el('section', { class: 'bf bf-receipt', 'aria-labelledby': titleId }, [
        el('p', { class: 'bf-badge', 'data-action': cancelled ? 'cancel' : 'submit' }, [icon(cancelled ? ICON_CANCEL : ICON_CHECK), cancelled ? t.cancelled : t.submitted]),
        el('h3', { class: 'bf-title', id: titleId, tabindex: -1 }, [form.title]),
        values &&
          el('dl', { class: 'bf-values' }, Object.entries(form.schema).map(([id, field]) => el('div', {}, [el('dt', {}, [field.label]), el('dd', {}, [display(field as AnyField, values[id])])]))),
      ]),
      cancelled ? 'cancelled' : 'submitted',
    );

  const cleanup = () => {
    if (disposed) return;
    disposed = true;
    listeners.abort();
    container.replaceChildren();
    container.removeAttribute('data-state');
  };

  // History says this form was answered (here, after a reload or on another device): a receipt
  // without the values, which the history never holds, and nothing that could send again.
  const last = message.responses
    .filter((r: ResponseSummary) => r.type == 'bailing-form' && r.form_id === form.form_id && (r.source_job_id === undefined || r.source_job_id === message.jobId))
    .pop();
  if (last) {
    showReceipt(last.action == 'cancel');
    return cleanup;
  }

  const controls = new Map<string, Control>();
  const fields = Object.entries(form.schema).map(([id, field]) => drawField(id, field as AnyField));

  function drawField(id: string, field: AnyField): HTMLElement {
    const base = `${prefix}-${id}`;
    const { type, required, description, options } = field;
    const help = description ? `${base}-help` : undefined;
    const ariaRequired = required ? 'true' : undefined;
    const caption = (tag: 'label' | 'legend', attrs: Attrs) =>
      el(tag, { class: 'bf-label', ...attrs }, [
        field.label,
        required && el('span', { class: 'bf-req', 'aria-hidden': 'true' }, ['*']),
        required && el('span', { class: 'bc-sr' }, [t.required]),
      ]);
    const helpEl = help && el('p', { class: 'bf-help', id: help }, [description!]);
    const error = el('p', { class: 'bf-error', id: `${base}-error`, hidden: true });
    let wrapper: HTMLElement;
    let first: HTMLElement;
    let marked: HTMLElement[];
    let read: () => unknown;

    if (type == 'boolean') {
      const box = (first = el('input', { type: 'checkbox', id: base, name: base, 'aria-required': ariaRequired }));
      wrapper = el('div', { class: 'bf-field' }, [el('div', { class: 'bf-choice' }, [box, caption('label', { for: base })]), helpEl, error]);
      marked = [box];
      read = () => box.checked;
    } else if ((type == 'single_select' && options.length <= MAX_RADIOS) || type == 'multi_select') {
      const single = type == 'single_select';
      const inputs = options.map((_, i) => el('input', { type: single ? 'radio' : 'checkbox', id: `${base}-${i}`, name: base, value: i }));
      const picked = () => options.filter((_, i) => inputs[i]!.checked).map((o) => o.value);
      wrapper = el('fieldset', { class: 'bf-field', role: single && 'radiogroup', 'aria-required': single && ariaRequired }, [
        caption('legend', {}),
        helpEl,
        el('div', { class: 'bf-choices' }, inputs.map((input, i) => el('div', { class: 'bf-choice' }, [input, el('label', { for: input.id }, [options[i]!.label])]))),
        error,
      ]);
      first = inputs[0]!;
      marked = [wrapper, ...inputs];
      read = () => (single ? picked()[0] : picked().length ? picked() : undefined);
    } else {
      // A <select>, a text box, or the browser's own number or date picker (checked again by validateValues).
      const select = type == 'single_select';
      const text = type == 'text' || type == 'textarea';
      const input = el(type == 'textarea' ? 'textarea' : select ? 'select' : 'input', {
        id: base,
        name: base,
        class: 'bf-input',
        'aria-required': ariaRequired,
        type: !select && type != 'textarea' && (text ? 'text' : type),
        placeholder: !select && field.placeholder,
        minlength: field.minLength,
        maxlength: text && maxLength(field),
        min: field.min,
        max: field.max,
        step: type == 'number' && 'any',
        rows: type == 'textarea' && 3,
      }, select ? [el('option', { value: '' }, [field.placeholder || t.choose]), ...options.map((o, i) => el('option', { value: i }, [o.label]))] : []);
      // Text the browser cannot read as a number or a date still counts as an answer, a wrong one.
      read = () =>
        input.value === ''
          ? input.validity.badInput ? (type == 'number' ? NaN : '?') : undefined
          : select ? options[Number(input.value)]?.value : type == 'number' ? (input as HTMLInputElement).valueAsNumber : input.value;
      wrapper = el('div', { class: 'bf-field' }, [caption('label', { for: base }), helpEl, input, error]);
      first = input;
      marked = [input];
    }
    const control: Control = { field, help, error, first, marked, read };
    controls.set(id, control);
    if (help) marked[0]!.setAttribute('aria-describedby', help);
    // Editing a field clears its error; the next submit checks everything again.
    on(wrapper, 'input', () => {
      setError(control, '');
      if (summary.textContent != failedSend && [...controls.values()].every((c) => c.error.hidden)) summary.textContent = '';
    });
    return wrapper;
  }

  function setError({ error, marked, help }: Control, text: string) {
    if (error.textContent === text) return;
    error.textContent = text;
    error.hidden = !text;
    for (const node of marked) setAttr(node, 'aria-invalid', text && 'true');
    setAttr(marked[0]!, 'aria-describedby', [help, text && error.id].filter(Boolean).join(' '));
  }

  /** The validator's error in plain words for the visitor. */
  function explain(error: FormError, field: AnyField): string {
    const { type, min, max } = field;
    switch (error.rule) {
      case 'required':
        return type == 'boolean' ? t.check : type == 'single_select' ? t.chooseOne : type == 'multi_select' ? t.chooseSome : t.requiredField;
      case 'too-short':
        return t.tooShort(field.minLength ?? 0);
      case 'too-long':
        return t.tooLong(maxLength(field));
      case 'range':
        return type == 'number'
          ? t.numberRange(min?.toString(), max?.toString())
          : type == 'date' ? t.dateRange(min && formatDate(min as string), max && formatDate(max as string)) : t.invalid;
      case 'type':
      case 'finite':
        return type == 'number' ? t.number : t.invalid;
      case 'date':
        return t.date;
      case 'control':
        return t.control;
      case 'option':
      case 'duplicate':
        return t.option;
    }
    return t.invalid;
  }

  const submitLabel = form.submit_label ?? t.submit;
  const cancelLabel = form.cancel_label ?? t.cancel;
  const submitButton = el('button', { type: 'submit', class: 'bf-btn bf-primary' }, [submitLabel]);
  const cancelButton = el('button', { type: 'button', class: 'bf-btn' }, [cancelLabel]);
  // Polite: focus moves to the first invalid field, whose error is read with it; the summary follows.
  const summary = el('p', { class: 'bf-summary', role: 'status', 'aria-live': 'polite' });
  const descId = form.description ? `${prefix}-desc` : undefined;
  const formEl = el('form', { class: 'bf', novalidate: true, 'aria-labelledby': titleId, 'aria-describedby': descId }, [
    el('h3', { class: 'bf-title', id: titleId }, [form.title]),
    descId && el('p', { class: 'bf-desc', id: descId }, [form.description!]),
    ...fields,
    summary,
    el('div', { class: 'bf-actions' }, [submitButton, cancelButton]),
  ]);

  const submissionId = newSubmissionId();
  /** A response is on its way: a second click, Enter or cancel must not send another. */
  let sending = false;
  /** What the summary says about the last failed send: editing a field leaves that in place. */
  let failedSend = '';

  const setSending = (on: boolean, button?: HTMLButtonElement) => {
    for (const c of formEl.querySelectorAll<HTMLInputElement>('input, select, textarea, button')) c.disabled = on;
    for (const [b, label] of [[submitButton, submitLabel], [cancelButton, cancelLabel]] as const) {
      const busy = on && b === button;
      b.textContent = busy ? t.sending : label;
      setAttr(b, 'aria-busy', busy && 'true');
    }
    container.setAttribute('data-state', on ? 'sending' : 'open');
  };

  /** Whether focus is still ours to move: in this form, or lost to `<body>` when its button was disabled. */
  const focusIsHere = () => {
    const active = (container.getRootNode() as unknown as DocumentOrShadowRoot).activeElement;
    const lost = !document.activeElement || document.activeElement === document.body;
    return lost || (!!active && container.contains(active));
  };

  function send(cancelled: boolean, button: HTMLButtonElement, values?: Record<string, FormValue>) {
    if (sending) return;
    sending = true;
    summary.textContent = '';
    setSending(true, button);
    const shown = t.shown(cancelled ? t.cancelled : t.submitted, form.title);
    const response = { form_id: form.form_id, submission_id: submissionId, action: cancelled ? 'cancel' : 'submit', ...(values ? { values } : {}) };
    // `respond` may throw instead of rejecting; either way it is a failed send.
    Promise.resolve()
      .then(() => context.respond(response, { displayText: shown }))
      .then(
        () => {
          // A reply that lands after the message was replaced or torn down changes nothing.
          if (gone()) return;
          const refocus = focusIsHere();
          showReceipt(cancelled, values);
          if (refocus) container.querySelector<HTMLElement>('.bf-title')?.focus();
          announcer.textContent = shown;
        },
        (error: unknown) => {
          if (gone()) return;
          sending = false;
          const refocus = focusIsHere();
          setSending(false);
          // The widget's rejection carries words for the visitor (the hub's own, e.g. a refusal
          // of the response); anything else is a fault they can do nothing with.
          const said = error instanceof Error && error.name == VISITOR_ERROR && error.message;
          summary.textContent = failedSend = said || t.sendFailed;
          if (refocus) button.focus();
        },
      );
  }

  on(formEl, 'submit', (e) => {
    e.preventDefault();
    if (sending) return;
    const values: Record<string, unknown> = {};
    for (const [id, control] of controls) {
      const value = control.read();
      if (value !== undefined) values[id] = value;
    }
    const result = validateValues(form, values);
    const problems = new Map<string, string>();
    let formProblem = '';
    if (!result.ok) {
      for (const error of result.errors) {
        const control = controls.get(error.path);
        if (control) problems.has(error.path) || problems.set(error.path, explain(error, control.field));
        else formProblem ||= error.rule == 'size' ? t.size : t.invalid;
      }
    }
    for (const [id, control] of controls) setError(control, problems.get(id) ?? '');
    if (result.ok) return send(false, submitButton, result.values);
    summary.textContent = problems.size ? t.fix(problems.size) : formProblem;
    const first = [...controls].find(([id]) => problems.has(id));
    (first ? first[1].first : submitButton).focus();
  });
  on(cancelButton, 'click', () => {
    for (const control of controls.values()) setError(control, '');
    send(true, cancelButton);
  });

  show(formEl, 'open');
  return cleanup;
}
