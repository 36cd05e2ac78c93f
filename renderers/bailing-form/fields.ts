// The control drawn for each `bailing-form` field type: a checkbox, radio buttons or checkboxes, a
// `<select>`, a text box, or the browser's own number or date picker; each labelled, with its help
// and error lines, and how its value is read back. Every text from the payload goes in as text.

import type { FormStrings } from '../../widget/ui/i18n/form-strings';
import { FORM_LIMITS, type FieldSpec, type FormOption, type TextFieldSpec } from './schema';
import { el, setAttr, type Attrs } from './form-dom';

/** Single choices with at most this many options are radio buttons; more become a `<select>`. */
const MAX_RADIOS = 5;

/** Any field's keys, for code that reads them whatever the type (the validator allows each only on its own types). */
export type AnyField = FieldSpec & { minLength?: number; maxLength?: number; min?: number | string; max?: number | string; options: FormOption[] };

/** A text field's cap on length: its own `maxLength`, or its type's when it sets none. */
export const maxLength = (field: AnyField) => Math.min(field.maxLength ?? Infinity, FORM_LIMITS[field.type as TextFieldSpec['type']]);

/** One drawn field: what reads its value and where its error goes. */
export interface Control {
  field: AnyField;
  /** The field's element, all of it. */
  box: HTMLElement;
  /** Focused when the field is the first invalid one. */
  first: HTMLElement;
  /** Marked `aria-invalid`; the first one carries `aria-describedby`. */
  marked: HTMLElement[];
  help?: string;
  error: HTMLElement;
  read(): unknown;
}

/** Draws `field`, its element ids starting with `base`. */
export function drawField(base: string, field: AnyField, t: FormStrings): Control {
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
  let box: HTMLElement;
  let first: HTMLElement;
  let marked: HTMLElement[];
  let read: () => unknown;

  if (type == 'boolean') {
    const check = (first = el('input', { type: 'checkbox', id: base, name: base, 'aria-required': ariaRequired }));
    box = el('div', { class: 'bf-field' }, [el('div', { class: 'bf-choice' }, [check, caption('label', { for: base })]), helpEl, error]);
    marked = [check];
    read = () => check.checked;
  } else if ((type == 'single_select' && options.length <= MAX_RADIOS) || type == 'multi_select') {
    const single = type == 'single_select';
    const inputs = options.map((_, i) => el('input', { type: single ? 'radio' : 'checkbox', id: `${base}-${i}`, name: base, value: i }));
    const picked = () => options.filter((_, i) => inputs[i]!.checked).map((o) => o.value);
    box = el('fieldset', { class: 'bf-field', role: single && 'radiogroup', 'aria-required': single && ariaRequired }, [
      caption('legend', {}),
      helpEl,
      el('div', { class: 'bf-choices' }, inputs.map((input, i) => el('div', { class: 'bf-choice' }, [input, el('label', { for: input.id }, [options[i]!.label])]))),
      error,
    ]);
    first = inputs[0]!;
    marked = [box, ...inputs];
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
    box = el('div', { class: 'bf-field' }, [caption('label', { for: base }), helpEl, input, error]);
    first = input;
    marked = [input];
  }
  if (help) marked[0]!.setAttribute('aria-describedby', help);
  return { field, box, help, error, first, marked, read };
}

/** Shows `text` as the field's error (`''`: none), marking the field invalid while there is one. */
export function setError({ error, marked, help }: Control, text: string) {
  if (error.textContent === text) return;
  error.textContent = text;
  error.hidden = !text;
  for (const node of marked) setAttr(node, 'aria-invalid', text && 'true');
  setAttr(marked[0]!, 'aria-describedby', [help, text && error.id].filter(Boolean).join(' '));
}
