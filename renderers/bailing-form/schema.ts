// The `bailing-form` v1 validator (reference 004 "Built-in bailing-form v1", DESIGN.md §8.1),
// shared by the widget and the reference server. Pure: no DOM, no Node APIs.
// A form comes from the model, so every key, type, length and text is checked before the widget
// draws a control; the submitted values are checked again against the form the server reloads.
// Where the reference leaves holes this is stricter: lengths count code points, ids and option
// values are checked as sent, HTML in any text is rejected (not shown as text), and a required
// boolean must be checked.
// One file of about 440 lines, on purpose: the form's check and its values' check speak the same
// rules (FormRule), limits and a dozen small private helpers (reporting, sizes, control
// characters, dates); split, those would become an API of their own for two callers.

import { credentialLike } from './wording';

/** Every limit the validator applies, in one place. Lengths are in code points, sizes in UTF-8 bytes. */
export const FORM_LIMITS = Object.freeze({
  /** The fenced source of a form, and the serialized submitted values. */
  sourceBytes: 32768,
  valuesBytes: 32768,
  minFields: 1,
  maxFields: 12,
  minOptions: 1,
  maxOptions: 50,
  title: 80,
  label: 80,
  description: 300,
  fieldDescription: 200,
  placeholder: 120,
  buttonLabel: 32,
  optionLabel: 80,
  optionValue: 120,
  /** The highest `maxLength` a `text` / `textarea` field may set, and its length when it sets none. */
  text: 500,
  textarea: 2000,
  /** Errors reported at most, so a hostile 32 KiB payload cannot produce megabytes of log. */
  errors: 50,
});

/** Form ids (`form_id`) and field ids (the keys of `schema`). */
export const FORM_ID_PATTERN = /^[a-z][a-z0-9_-]{0,63}$/;
/** A `submission_id`, reused when a submission is retried so the server can deduplicate it. */
export const SUBMISSION_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export type FieldType = 'text' | 'textarea' | 'number' | 'date' | 'boolean' | 'single_select' | 'multi_select';

interface FieldBase {
  label: string;
  description?: string;
  placeholder?: string;
  required?: boolean;
}
export interface TextFieldSpec extends FieldBase {
  type: 'text' | 'textarea';
  minLength?: number;
  maxLength?: number;
}
export interface NumberFieldSpec extends FieldBase {
  type: 'number';
  min?: number;
  max?: number;
}
export interface DateFieldSpec extends FieldBase {
  type: 'date';
  /** `YYYY-MM-DD` */
  min?: string;
  max?: string;
}
export interface BooleanFieldSpec extends FieldBase {
  type: 'boolean';
}
export interface FormOption {
  label: string;
  value: string;
}
export interface SelectFieldSpec extends FieldBase {
  type: 'single_select' | 'multi_select';
  options: FormOption[];
}
export type FieldSpec = TextFieldSpec | NumberFieldSpec | DateFieldSpec | BooleanFieldSpec | SelectFieldSpec;

export interface FormSpec {
  version: 1;
  form_id: string;
  title: string;
  description?: string;
  /** Field id → field, in display order. */
  schema: Record<string, FieldSpec>;
  submit_label?: string;
  cancel_label?: string;
}

export type FormValue = string | number | boolean | string[];

/** What a {@link FormError} broke. */
export type FormRule =
  | 'json' // not JSON (or not serializable)
  | 'size' // source or values above their byte cap
  | 'type' // wrong JSON type: a nested object, an array, a number where a string belongs…
  | 'unknown-key'
  | 'missing' // a required key of the form is absent
  | 'version'
  | 'id'
  | 'field-type'
  | 'count' // fields or options
  | 'cap' // a field's minLength / maxLength above its type's cap
  | 'range' // a limit below its minimum or above the other limit; a value out of range
  | 'date'
  | 'finite'
  | 'duplicate'
  | 'empty'
  | 'too-long'
  | 'too-short'
  | 'control'
  | 'fence'
  | 'markup'
  | 'credential'
  | 'required' // a required value is absent or empty, or a required boolean unchecked
  | 'option'; // a value that is not one of the field's options

/**
 * `path` is dotted (`schema.method.options[1].value`; `''` for the whole form, or for the values
 * object); `message` is `path: reason` (`form: reason` when the path is empty), e.g.
 * `schema.email.maxLength: above the cap of 500`.
 */
export interface FormError {
  path: string;
  rule: FormRule;
  message: string;
}

export type FormCheck = { ok: true; form: FormSpec } | { ok: false; errors: FormError[] };
export type ValuesCheck = { ok: true; values: Record<string, FormValue> } | { ok: false; errors: FormError[] };

const L = FORM_LIMITS;
type Errors = FormError[];
type Check = (value: unknown, path: string, errors: Errors) => void;
type Problem = [FormRule, string] | undefined | false;

/** C0 and C1 controls (U+0000–U+001F, U+007F–U+009F), lone surrogates, line/paragraph separators, and
 * bidi embeddings, overrides and isolates: the last reorder what the visitor reads (Trojan Source,
 * CVE-2021-42574), so a label could show one thing and say another. */
const CONTROL = /[\p{Cc}\p{Cs}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/** A fence inside a value would close the block it came in when a message or receipt quotes it. */
const FENCE = /```|~~~/;

/**
 * HTML, JavaScript and CSS. The widget never parses form text as HTML, so none of this would run
 * there; it is rejected because a form that carries it is an injection attempt, and the same text
 * reaches the server's canonical message, logs and other clients that may not be as careful.
 */
export const MARKUP_PATTERNS: readonly RegExp[] = Object.freeze([
  // Tags, closing tags, comments, doctypes, processing instructions: what an HTML parser starts
  // an element or a comment on. "a < b" and "<3" stay text.
  /<[a-z!/?]/i,
  // Script URLs for links and frames; `data:` URLs carry whole documents (data:text/html).
  /\b(?:java|vb)script\s*:/i,
  /\bdata:[a-z]+\//i,
  // Event handler and style attributes, should the text land inside a tag.
  /\bon[a-z]+\s*=/i,
  /\bstyle\s*=/i,
  // CSS that runs script (old IE `expression()`) or fetches (`url()`, `@import`).
  /\bexpression\(|\burl\(|@import/i,
  // Character references, for a sink that decodes twice: `&lt;script`, `java&#115;cript:`
  // (numeric ones decode even without the `;`). "Q&A" and "R & D" stay text.
  /&(?:#x?[\da-f]|[a-z]+\d*;)/i,
]);

/** How each kind of text is limited: `max` code points, may it be blank, may it hold `\n`, is its wording checked. */
interface TextKind {
  max: number;
  blank?: true;
  lines?: true;
  words?: false;
}

const codePoints = (text: string): number => [...text].length;
const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value == 'object' && !Array.isArray(value);
const typeName = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
const hasOwn = (object: object, key: string): boolean => Object.hasOwn(object, key);

/** `path.key`, or `path["key"]` (shortened) for a key that is not a plain name. */
const at = (path: string, key: string): string =>
  /^[\w-]{1,64}$/.test(key)
    ? path ? `${path}.${key}` : key
    : `${path}[${JSON.stringify(key.length > 64 ? key.slice(0, 64) + '…' : key)}]`;

const fail = (errors: Errors, path: string, rule: FormRule, reason: string): void => {
  if (errors.length < L.errors) errors.push({ path, rule, message: `${path || 'form'}: ${reason}` });
};
const report = (errors: Errors, path: string, problem: Problem): void => {
  if (problem) fail(errors, path, ...problem);
};
const wrongType = (expected: string, value: unknown): Problem => ['type', `expected ${expected}, got ${typeName(value)}`];

/** `value` as JSON, or `undefined` for what JSON cannot hold (cycles, BigInt, a bare `undefined`). */
const serialize = (value: unknown): string | undefined => {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
};
/** One UTF-16 unit is 1 to 3 UTF-8 bytes, so most texts are decided without encoding them. */
const tooBig = (json: string, cap: number): boolean => json.length > cap || (json.length * 3 > cap && utf8Bytes(json) > cap);

const hasControl = (text: string, allowed?: RegExp): boolean => CONTROL.test(allowed ? text.replace(allowed, '') : text);

/** A real calendar date in the fixed `YYYY-MM-DD` format (years 0001–9999): "2023-02-30" is not. */
export function isDate(value: unknown): value is string {
  const match = typeof value == 'string' && /^(\d{4})-(\d\d)-(\d\d)$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const days = month == 2 ? (year % 4 || (year % 100 == 0 && year % 400) ? 28 : 29) : 30 + ((month + (month >> 3)) & 1);
  return year > 0 && month > 0 && month < 13 && day > 0 && day <= days;
}

/** Whether `id` can be a `submission_id` (`[A-Za-z0-9_-]{8,64}`). */
export const isSubmissionId = (id: unknown): id is string => typeof id == 'string' && SUBMISSION_ID_PATTERN.test(id);

function textProblem(value: unknown, { max, blank, lines, words }: TextKind): Problem {
  if (typeof value != 'string') return wrongType('a string', value);
  if (hasControl(value, lines ? /\n/g : undefined)) return ['control', `contains a control character${lines ? ' (only \\n is allowed)' : ''}`];
  if (FENCE.test(value)) return ['fence', 'contains a code fence (``` or ~~~)'];
  if (MARKUP_PATTERNS.some((pattern) => pattern.test(value))) return ['markup', 'contains HTML, JavaScript or CSS'];
  if (codePoints(value) > max) return ['too-long', `longer than ${max} characters`];
  if (!blank && !value.trim()) return ['empty', 'must not be empty'];
  return words !== false && credentialLike(value) && ['credential', 'asks for a credential or payment detail'];
}

const text = (kind: TextKind): Check => (value, path, errors) => report(errors, path, textProblem(value, kind));

const checkId: Check = (value, path, errors) =>
  report(
    errors,
    path,
    typeof value != 'string' || !FORM_ID_PATTERN.test(value)
      ? ['id', `not an id (${FORM_ID_PATTERN.source})`]
      : credentialLike(value) && ['credential', 'asks for a credential or payment detail'],
  );

/** Checks `value` is an object with only `keys`, all of `required`; each present key goes to its check. */
function checkObject(
  value: unknown,
  path: string,
  keys: Record<string, Check>,
  required: readonly string[],
  errors: Errors,
): value is Record<string, unknown> {
  if (!isRecord(value)) return report(errors, path, wrongType('an object', value)), false;
  for (const key of Object.keys(value)) {
    if (hasOwn(keys, key)) keys[key]!(value[key], at(path, key), errors);
    else fail(errors, at(path, key), 'unknown-key', 'unknown key');
  }
  for (const key of required) if (!hasOwn(value, key)) fail(errors, at(path, key), 'missing', 'missing');
  return true;
}

const count = (n: number, min: number, max: number, what: string): Problem =>
  n < min ? ['count', `fewer than ${min} ${what}`] : n > max && ['count', `more than ${max} ${what} (${n})`];

/** `minLength` / `maxLength`: an integer from `min` up to the type's cap. */
const length = (min: number, cap: number): Check => (value, path, errors) =>
  report(
    errors,
    path,
    !Number.isInteger(value)
      ? wrongType('an integer', value)
      : (value as number) < min
        ? ['range', `below the minimum of ${min}`]
        : (value as number) > cap && ['cap', `above the cap of ${cap}`],
  );

const finite: Check = (value, path, errors) =>
  report(errors, path, typeof value != 'number' ? wrongType('a number', value) : !Number.isFinite(value) && ['finite', 'not a finite number']);

const date: Check = (value, path, errors) => report(errors, path, !isDate(value) && ['date', 'not a real YYYY-MM-DD date']);

const OPTION_KEYS: Record<string, Check> = {
  label: text({ max: L.optionLabel }),
  // Values are never shown as the question and the visitor cannot type into them, so their wording is free.
  value: text({ max: L.optionValue, words: false }),
};

const options: Check = (value, path, errors) => {
  if (!Array.isArray(value)) return report(errors, path, wrongType('an array', value));
  report(errors, path, count(value.length, L.minOptions, L.maxOptions, 'options'));
  const seen = new Map<unknown, number>();
  value.forEach((option: unknown, i) => {
    const where = `${path}[${i}]`;
    if (!checkObject(option, where, OPTION_KEYS, ['label', 'value'], errors)) return;
    const first = seen.get(option.value);
    if (first === undefined) seen.set(option.value, i);
    else fail(errors, `${where}.value`, 'duplicate', `same value as ${path}[${first}]`);
  });
};

const COMMON_KEYS: Record<string, Check> = {
  type: () => {}, // checked before the rest, it decides the other keys
  label: text({ max: L.label }),
  description: text({ max: L.fieldDescription, blank: true, lines: true }),
  placeholder: text({ max: L.placeholder, blank: true }),
  required: (value, path, errors) => report(errors, path, typeof value != 'boolean' && wrongType('a boolean', value)),
};

/** Each field type's keys beyond {@link COMMON_KEYS}. Where there are two, they are a `[low, high]` pair. */
const FIELD_KEYS: Record<FieldType, Record<string, Check>> = {
  text: { minLength: length(0, L.text), maxLength: length(1, L.text) },
  textarea: { minLength: length(0, L.textarea), maxLength: length(1, L.textarea) },
  number: { min: finite, max: finite },
  date: { min: date, max: date },
  boolean: {},
  single_select: { options },
  multi_select: { options },
};

const checkField: Check = (value, path, errors) => {
  if (!isRecord(value)) return report(errors, path, wrongType('an object', value));
  const { type } = value;
  if (type === undefined) return fail(errors, at(path, 'type'), 'missing', 'missing');
  if (typeof type != 'string' || !hasOwn(FIELD_KEYS, type)) {
    return fail(errors, at(path, 'type'), 'field-type', `not a field type (${Object.keys(FIELD_KEYS).join(', ')})`);
  }
  const extra = FIELD_KEYS[type as FieldType];
  const before = errors.length;
  checkObject(value, path, { ...COMMON_KEYS, ...extra }, 'options' in extra ? ['label', 'options'] : ['label'], errors);
  // With both ends valid on their own, the range must not be empty (`YYYY-MM-DD` strings compare as dates).
  const [lowKey, highKey] = Object.keys(extra);
  const [low, high] = [value[lowKey!], value[highKey!]] as [number, number];
  if (errors.length == before && low !== undefined && high !== undefined && low > high) {
    fail(errors, at(path, lowKey!), 'range', `above ${highKey} (${high})`);
  }
};

const checkFields: Check = (value, path, errors) => {
  if (!isRecord(value)) return report(errors, path, wrongType('an object', value));
  const ids = Object.keys(value);
  report(errors, path, count(ids.length, L.minFields, L.maxFields, 'fields'));
  for (const id of ids) {
    checkId(id, at(path, id), errors);
    checkField(value[id], at(path, id), errors);
  }
};

const FORM_KEYS: Record<string, Check> = {
  version: (value, path, errors) => report(errors, path, value !== 1 && ['version', 'must be the number 1']),
  form_id: checkId,
  title: text({ max: L.title }),
  description: text({ max: L.description, blank: true, lines: true }),
  schema: checkFields,
  submit_label: text({ max: L.buttonLabel }),
  cancel_label: text({ max: L.buttonLabel }),
};

/**
 * Validates a `bailing-form` v1 block: `source` is the fenced block's text (at most
 * {@link FORM_LIMITS}.sourceBytes UTF-8 bytes, then JSON) or an already parsed value (held to the
 * same cap, serialized). Returns the form, or every error found (one per value, at most
 * {@link FORM_LIMITS}.errors), in document order.
 */
export function validateForm(source: string | unknown): FormCheck {
  const errors: Errors = [];
  let value = source;
  const json = typeof source == 'string' ? source : serialize(source);
  if (json === undefined) fail(errors, '', 'json', 'not JSON data');
  else if (tooBig(json, L.sourceBytes)) fail(errors, '', 'size', `larger than ${L.sourceBytes} bytes`);
  else if (typeof source == 'string') {
    try {
      value = JSON.parse(source);
    } catch {
      fail(errors, '', 'json', 'not valid JSON');
    }
  }
  if (!errors.length) checkObject(value, '', FORM_KEYS, ['version', 'form_id', 'title', 'schema'], errors);
  return errors.length ? { ok: false, errors } : { ok: true, form: value as FormSpec };
}

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
