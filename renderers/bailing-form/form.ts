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
import { FORM_EN, type FormStrings } from '../../widget/ui/i18n/form-strings';
import { fill } from '../../widget/attachments/uploads';

/** Single choices with at most this many options are radio buttons; more become a `<select>`. */
const MAX_RADIOS = 5;
/** `submission_id` length: 22 characters of a 64-letter alphabet are 132 random bits. */
const SUBMISSION_ID_LENGTH = 22;

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
 *
 * One function of about 290 lines, on purpose: a mounted form is one instance whose fields, error
 * lines, submission id and retry state are created, read and torn down together; what does not
 * need that state is apart (schema.ts reads the payload, wording.ts and widget/ui/i18n/form-strings.ts hold the
 * words), and what is left reads top to bottom as the form is drawn.
 */
export function mount(context: RendererContext, words?: Partial<FormStrings>): () => void {
  const checked = validateForm(context.payload);
  if (!checked.ok) throw new Error(`invalid bailing-form: ${checked.errors.map((e) => e.message).join('; ')}`);
  const form = checked.form;
  const { container, signal, message } = context;
  // The widget's words (any language, the host's overrides included) over the English ones; dates
  // and numbers in the widget's language (its root's `lang`).
  const t: FormStrings = { ...FORM_EN, ...words };
  const locale = container.closest('[lang]')?.getAttribute('lang') || 'en';
  const num = (n: number) => new Intl.NumberFormat(locale).format(n);
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
      return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
    } catch {
      return value;
    }
  };
  const optionLabel = (field: AnyField, value: string) => field.options.find((o) => o.value === value)?.label ?? value;

  /** What the receipt shows for a submitted value. */
  const display = (field: AnyField, value: FormValue | undefined): string =>
    value === undefined || value === '' || (Array.isArray(value) && !value.length)
      ? t.formUnanswered
      : typeof value == 'boolean'
        ? value ? t.formYes : t.formNo
        : Array.isArray(value)
          ? value.map((v) => optionLabel(field, v)).join(t.formListSeparator)
          : field.type == 'single_select'
            ? optionLabel(field, String(value))
            : field.type == 'date' ? formatDate(String(value)) : String(value);

  /** The read-only receipt: status, title and, when this visitor just sent them, the values. */
  const showReceipt = (cancelled: boolean, values?: Record<string, FormValue>) =>
    show(
      el('section', { class: 'bf bf-receipt', 'aria-labelledby': titleId }, [
        el('p', { class: 'bf-badge', 'data-action': cancelled ? 'cancel' : 'submit' }, [icon(cancelled ? ICON_CANCEL : ICON_CHECK), cancelled ? t.formCancelled : t.formSubmitted]),
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
        required && el('span', { class: 'bc-sr' }, [t.formRequired]),
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
      }, select ? [el('option', { value: '' }, [field.placeholder || t.formChoose]), ...options.map((o, i) => el('option', { value: i }, [o.label]))] : []);
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
        return type == 'boolean' ? t.formCheck : type == 'single_select' ? t.formChooseOne : type == 'multi_select' ? t.formChooseSome : t.formRequiredField;
      case 'too-short':
        return fill(t.formTooShort, { n: num(field.minLength ?? 0) });
      case 'too-long':
        return fill(t.formTooLong, { n: num(maxLength(field)) });
      case 'range': {
        const [lo, hi] = type == 'number' ? [min, max].map((v) => v === undefined ? '' : num(v as number)) : [min && formatDate(min as string), max && formatDate(max as string)];
        const [range, atLeast, atMost] = type == 'number' ? [t.formNumberRange, t.formNumberMin, t.formNumberMax] : [t.formDateRange, t.formDateMin, t.formDateMax];
        return type == 'number' || type == 'date' ? fill(lo && hi ? range : lo ? atLeast : atMost, { min: lo || '', max: hi || '' }) : t.formInvalid;
      }
      case 'type':
      case 'finite':
        return type == 'number' ? t.formNumber : t.formInvalid;
      case 'date':
        return t.formDate;
      case 'control':
        return t.formControl;
      case 'option':
      case 'duplicate':
        return t.formOption;
    }
    return t.formInvalid;
  }

  const submitLabel = form.submit_label ?? t.formSubmit;
  const cancelLabel = form.cancel_label ?? t.formCancel;
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
      b.textContent = busy ? t.formSending : label;
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
    const shown = fill(t.formShown, { status: cancelled ? t.formCancelled : t.formSubmitted, title: form.title });
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
          summary.textContent = failedSend = said || t.formSendFailed;
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
        else formProblem ||= error.rule == 'size' ? t.formSize : t.formInvalid;
      }
    }
    for (const [id, control] of controls) setError(control, problems.get(id) ?? '');
    if (result.ok) return send(false, submitButton, result.values);
    summary.textContent = problems.size ? problems.size == 1 ? t.formFixOne : fill(t.formFixMany, { n: num(problems.size) }) : formProblem;
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
