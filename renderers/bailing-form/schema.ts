// The `bailing-form` v1 validator (reference 004 "Built-in bailing-form v1", DESIGN.md §8.1),
// shared by the widget and the reference server. Pure: no DOM, no Node APIs.
// A form comes from the model, so every key, type, length and text is checked before the widget
// draws a control; the submitted values are checked again against the form the server reloads.
// Where the reference leaves holes this is stricter: lengths count code points, ids and option
// values are checked as sent, HTML in any text is rejected (not shown as text), and a required
// boolean must be checked.
// This file checks the form; values.ts checks its values, form-spec.ts holds the types and limits
// both speak, checks.ts their shared reporting. Callers import all of it from here.

import { credentialLike } from './wording';
import { FORM_ID_PATTERN, FORM_LIMITS, isDate, type FieldType, type FormCheck, type FormSpec } from './form-spec';
import { at, codePoints, fail, hasControl, hasOwn, isRecord, report, serialize, tooBig, wrongType, type Errors, type Problem } from './checks';

export * from './form-spec';
export { validateValues } from './values';

const L = FORM_LIMITS;
type Check = (value: unknown, path: string, errors: Errors) => void;

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
