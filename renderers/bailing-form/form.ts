// The browser side of the built-in `bailing-form` v1 renderer (reference 004 "Built-in bailing-form
// v1" and "Submission, receipts, and history recovery", DESIGN.md §8.1). The model sends data only:
// `schema.ts` decides whether it is a form, this module draws native labelled controls for it,
// runs the same validation on the visitor's values, sends them once through `respond`, and turns
// the form into a read-only receipt. Every text from the payload goes in through `textContent`.

import type { RendererContext, ResponseSummary } from '../../widget/types';
import { randomId } from '../../widget/ids';
import { VISITOR_ERROR } from '../../widget/transport/errors';
import { isSubmissionId, validateForm, validateValues, type FormError, type FormSpec, type FormValue } from './schema';
import { FORM_EN, type FormStrings } from '../../widget/ui/i18n/form-strings';
import { fill } from '../../widget/attachments/uploads';
import { adoptStyles, el, icon, setAttr } from './form-dom';
import { drawField, setError, type AnyField, type Control } from './fields';
import { display, explain, speech, type Speech } from './visitor-text';

/** `submission_id` length: 22 characters of a 64-letter alphabet are 132 random bits. */
const SUBMISSION_ID_LENGTH = 22;

const ICON_CHECK = 'M5 12.5l4.5 4.5L19 7.5';
const ICON_CANCEL = 'M7 7l10 10M17 7L7 17';

let mounts = 0;

/** An id prefix unique per mount, so two forms (or two copies of one) never share a `for`/`id`. */
const idPrefix = (): string => `bf${++mounts}${Math.random().toString(36).slice(2, 6)}`;

/** A fresh `submission_id` from `crypto.getRandomValues`: one per form instance, reused on retry. */
export function newSubmissionId(): string {
  const id = randomId('', SUBMISSION_ID_LENGTH);
  if (!isSubmissionId(id)) throw new Error('bailing-form: could not make a submission id');
  return id;
}

/** The read-only receipt: status, title and, when this visitor just sent them, the values. */
const receipt = (form: FormSpec, titleId: string, t: Speech, cancelled: boolean, values?: Record<string, FormValue>) =>
  el('section', { class: 'bf bf-receipt', 'aria-labelledby': titleId }, [
    el('p', { class: 'bf-badge', 'data-action': cancelled ? 'cancel' : 'submit' }, [icon(cancelled ? ICON_CANCEL : ICON_CHECK), cancelled ? t.formCancelled : t.formSubmitted]),
    el('h3', { class: 'bf-title', id: titleId, tabindex: -1 }, [form.title]),
    values &&
      el('dl', { class: 'bf-values' }, Object.entries(form.schema).map(([id, field]) => el('div', {}, [el('dt', {}, [field.label]), el('dd', {}, [display(t, field as AnyField, values[id])])]))),
  ]);

/** Whether focus is still the form's to move: in `container`, or lost to `<body>` when its button was disabled. */
const focusIsHere = (container: HTMLElement) => {
  const active = (container.getRootNode() as unknown as DocumentOrShadowRoot).activeElement;
  const lost = !document.activeElement || document.activeElement === document.body;
  return lost || (!!active && container.contains(active));
};

/**
 * The open form: title, description, the fields' elements, the summary line and the two buttons;
 * returned as `[form, summary, submit, cancel]`. The summary is polite: focus moves to the first
 * invalid field, whose error is read with it.
 */
function formView(form: FormSpec, fields: HTMLElement[], titleId: string, descId: string | undefined, labels: readonly [string, string]) {
  const submitButton = el('button', { type: 'submit', class: 'bf-btn bf-primary' }, [labels[0]]);
  const cancelButton = el('button', { type: 'button', class: 'bf-btn' }, [labels[1]]);
  const summary = el('p', { class: 'bf-summary', role: 'status', 'aria-live': 'polite' });
  const formEl = el('form', { class: 'bf', novalidate: true, 'aria-labelledby': titleId, 'aria-describedby': descId }, [
    el('h3', { class: 'bf-title', id: titleId }, [form.title]),
    descId && el('p', { class: 'bf-desc', id: descId }, [form.description!]),
    ...fields,
    summary,
    el('div', { class: 'bf-actions' }, [submitButton, cancelButton]),
  ]);
  return [formEl, summary, submitButton, cancelButton] as const;
}

/** The visitor's answers by field id, the fields they left empty left out. */
function readValues(controls: Map<string, Control>) {
  const values: Record<string, unknown> = {};
  for (const [id, control] of controls) {
    const value = control.read();
    if (value !== undefined) values[id] = value;
  }
  return values;
}

/**
 * What is wrong with the visitor's values, in their words: per field id, the first error of that
 * field; and the summary line: how many fields to correct, or else the first error that belongs to
 * no field. Returned as `[problems, line]`.
 */
function problemsOf(errors: readonly FormError[], controls: Map<string, Control>, t: Speech) {
  const problems = new Map<string, string>();
  let line = '';
  for (const error of errors) {
    const control = controls.get(error.path);
    if (control) problems.has(error.path) || problems.set(error.path, explain(t, error, control.field));
    else line ||= error.rule == 'size' ? t.formSize : t.formInvalid;
  }
  if (problems.size) line = problems.size == 1 ? t.formFixOne : fill(t.formFixMany, { n: t.num(problems.size) });
  return [problems, line] as const;
}

/** Disables the form while a response is on its way; the button that sent it says so. */
function setBusy(container: HTMLElement, formEl: HTMLFormElement, buttons: HTMLButtonElement[], labels: readonly string[], sendingText: string, on: boolean, button?: HTMLButtonElement) {
  for (const c of formEl.querySelectorAll<HTMLInputElement>('input, select, textarea, button')) c.disabled = on;
  buttons.forEach((b, i) => {
    const busy = on && b === button;
    b.textContent = busy ? sendingText : labels[i]!;
    setAttr(b, 'aria-busy', busy && 'true');
  });
  container.setAttribute('data-state', on ? 'sending' : 'open');
}

/** The latest answer the history holds to form `formId` of this message (from here, an earlier load or another device). */
export const lastResponse = ({ responses, jobId }: RendererContext['message'], formId: string): ResponseSummary | undefined =>
  responses.filter((r) => r.type == 'bailing-form' && r.form_id === formId && (r.source_job_id === undefined || r.source_job_id === jobId)).pop();

/**
 * Mounts a `bailing-form` v1 block (DESIGN.md §7). Throws, drawing nothing, when the payload is not
 * a valid form: the registry then shows the block as code and logs the reasons. Returns the cleanup.
 * A mounted form is one instance whose fields, error lines, submission id and retry state are
 * created, read and torn down together here; fields.ts draws the controls, visitor-text.ts words
 * what the visitor reads.
 */
export function mount(context: RendererContext, words?: Partial<FormStrings>): () => void {
  const checked = validateForm(context.payload);
  if (!checked.ok) throw new Error(`invalid bailing-form: ${checked.errors.map((e) => e.message).join('; ')}`);
  const form = checked.form;
  const { container, signal, message } = context;
  // The widget's words (any language, the host's overrides included) over the English ones; dates
  // and numbers in the widget's language (its root's `lang`).
  const t = speech({ ...FORM_EN, ...words }, container.closest('[lang]')?.getAttribute('lang') || 'en');
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
  const showReceipt = (cancelled: boolean, values?: Record<string, FormValue>) =>
    show(receipt(form, titleId, t, cancelled, values), cancelled ? 'cancelled' : 'submitted');

  const cleanup = () => {
    if (disposed) return;
    disposed = true;
    listeners.abort();
    container.replaceChildren();
    container.removeAttribute('data-state');
  };

  // History says this form was answered (here, after a reload or on another device): a receipt
  // without the values, which the history never holds, and nothing that could send again.
  const last = lastResponse(message, form.form_id);
  if (last) {
    showReceipt(last.action == 'cancel');
    return cleanup;
  }

  const submissionId = newSubmissionId();
  /** A response is on its way: a second click, Enter or cancel must not send another. */
  let sending = false;
  /** What the summary says about the last failed send: editing a field leaves that in place. */
  let failedSend = '';

  const controls = new Map<string, Control>();
  for (const [id, field] of Object.entries(form.schema)) controls.set(id, drawField(`${prefix}-${id}`, field as AnyField, t));
  const labels = [form.submit_label ?? t.formSubmit, form.cancel_label ?? t.formCancel] as const;
  const [formEl, summary, submitButton, cancelButton] = formView(form, [...controls.values()].map((c) => c.box), titleId, form.description ? `${prefix}-desc` : undefined, labels);
  // Editing a field clears its error; the next submit checks everything again.
  for (const control of controls.values()) {
    on(control.box, 'input', () => {
      setError(control, '');
      if (summary.textContent != failedSend && [...controls.values()].every((c) => c.error.hidden)) summary.textContent = '';
    });
  }

  const setSending = (on: boolean, button?: HTMLButtonElement) => setBusy(container, formEl, [submitButton, cancelButton], labels, t.formSending, on, button);

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
          const refocus = focusIsHere(container);
          showReceipt(cancelled, values);
          if (refocus) container.querySelector<HTMLElement>('.bf-title')?.focus();
          announcer.textContent = shown;
        },
        (error: unknown) => {
          if (gone()) return;
          sending = false;
          const refocus = focusIsHere(container);
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
    const result = validateValues(form, readValues(controls));
    const [problems, line] = problemsOf(result.ok ? [] : result.errors, controls, t);
    for (const [id, control] of controls) setError(control, problems.get(id) ?? '');
    if (result.ok) return send(false, submitButton, result.values);
    summary.textContent = line;
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
