// The check of a `bailing-form` v1 form's submitted values (reference 004 "Submission, receipts,
// and history recovery", DESIGN.md §8.1), against a form that passed `validateForm`: run by the
// widget before it sends them and by the server on what it receives. Pure: no DOM, no Node APIs.

import { FORM_LIMITS, isDate } from './form-spec';
import type { DateFieldSpec, FieldSpec, FieldType, FormSpec, FormValue, NumberFieldSpec, SelectFieldSpec, TextFieldSpec, ValuesCheck } from './form-spec';
import { at, codePoints, fail, hasControl, hasOwn, isRecord, report, serialize, tooBig, wrongType, type Errors, type Problem } from './checks';

const L = FORM_LIMITS;

/** Per field type: what is wrong with a present, non-empty value. */
const VALUE_CHECKS: Record<FieldType, (value: unknown, field: FieldSpec) => Problem> = {
  text: (value, field) => textValue(value, field as TextFieldSpec, L.text),
  textarea: (value, field) => textValue(value, field as TextFieldSpec, L.textarea, /[\n\t]/g),
  number: (value, field) =>
    typeof value != 'number' ? wrongType('a number', value) : !Number.isFinite(value) ? ['finite', 'not a finite number'] : inRange(value, field as NumberFieldSpec),
  date: (value, field) => (isDate(value) ? inRange(value, field as DateFieldSpec) : ['date', 'not a real YYYY-MM-DD date']),
  boolean: (value, field) => (typeof value != 'boolean' ? wrongType('a boolean', value) : field.required && !value && ['required', 'must be checked']),
  single_select: (value, field) => typeof value != 'string' ? wrongType('a string', value) : optionProblem(value, field as SelectFieldSpec),
  multi_select: (value, field) => {
    if (!Array.isArray(value)) return wrongType('an array', value);
    for (const [i, item] of value.entries()) {
      const problem = typeof item != 'string' ? wrongType('strings', item) : optionProblem(item, field as SelectFieldSpec, `item ${i}`);
      if (problem) return problem;
      const first = value.indexOf(item);
      if (first < i) return ['duplicate', `item ${i} repeats item ${first}`];
    }
  },
};

function textValue(value: unknown, { minLength = 0, maxLength = Infinity }: TextFieldSpec, cap: number, allowed?: RegExp): Problem {
  if (typeof value != 'string') return wrongType('a string', value);
  if (hasControl(value, allowed)) return ['control', `contains a control character${allowed ? ' (only \\n and \\t are allowed)' : ''}`];
  const n = codePoints(value);
  const max = Math.min(maxLength, cap);
  return n < minLength ? ['too-short', `shorter than ${minLength} characters`] : n > max && ['too-long', `longer than ${max} characters`];
}

function inRange<T extends number | string>(value: T, { min, max }: { min?: T; max?: T }): Problem {
  return min !== undefined && value < min ? ['range', `below the minimum of ${min}`] : max !== undefined && value > max && ['range', `above the maximum of ${max}`];
}

const optionProblem = (value: string, field: SelectFieldSpec, what = 'value'): Problem =>
  !field.options.some((option) => option.value === value) && ['option', `${what} is not one of the options`];

/**
 * Validates submitted `values` against a form that passed {@link validateForm}: only the form's
 * field ids, each value of its field's type and limits, required fields present and not empty
 * (an optional one may be absent, `''`, or `[]` for `multi_select`), a required boolean `true`,
 * and at most {@link FORM_LIMITS}.valuesBytes bytes serialized. Returns the values in field order.
 */
export function validateValues(form: FormSpec, values: unknown): ValuesCheck {
  const errors: Errors = [];
  if (!isRecord(values)) return report(errors, '', wrongType('an object', values)), { ok: false, errors };
  const json = serialize(values);
  if (json === undefined) fail(errors, '', 'json', 'not JSON data');
  else if (tooBig(json, L.valuesBytes)) fail(errors, '', 'size', `larger than ${L.valuesBytes} bytes`);
  if (errors.length) return { ok: false, errors };
  for (const id of Object.keys(values)) if (!hasOwn(form.schema, id)) fail(errors, at('', id), 'unknown-key', 'not a field of this form');
  const out: Record<string, FormValue> = {};
  for (const [id, field] of Object.entries(form.schema)) {
    const value = hasOwn(values, id) ? values[id] : undefined;
    // A required text of only spaces is as empty as no text.
    const empty = value === undefined || value === '' || (Array.isArray(value) && !value.length && field.type == 'multi_select');
    if (empty || (field.required && typeof value == 'string' && !value.trim())) {
      if (field.required) fail(errors, id, 'required', 'required');
    } else report(errors, id, VALUE_CHECKS[field.type](value, field));
    if (value !== undefined) out[id] = value as FormValue;
  }
  return errors.length ? { ok: false, errors } : { ok: true, values: out };
}
