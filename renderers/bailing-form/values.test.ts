import { describe, expect, it } from 'vitest';
import { validateForm, type FieldSpec, type FormSpec, type ValuesCheck } from './schema';
import { validateValues } from './values';

const messages = (check: ValuesCheck): string[] => (check.ok ? [] : check.errors.map((error) => error.message));
const want = (expected: string | string[] | null): string[] => (expected === null ? [] : [expected].flat());
/** A valid form whose fields are `schema`. */
const form = (top: Record<string, unknown>): Record<string, unknown> => ({ version: 1, form_id: 'contact', title: 'Contact us', ...top });
// Code points, not UTF-16 units: an astral character is one character of the cap.
const chars = (n: number, unit = '😀') => unit.repeat(n);

describe('validateValues', () => {
  const spec = (schema: Record<string, FieldSpec>): FormSpec => {
    const check = validateForm(form({ schema }));
    if (!check.ok) throw new Error(check.errors[0]!.message);
    return check.form;
  };
  const choices = [
    { label: 'Red', value: 'red' },
    { label: 'Green', value: 'green' },
    { label: 'Blue', value: 'blue' },
  ];
  const ALL = spec({
    name: { type: 'text', label: 'Name', minLength: 2, maxLength: 10 },
    notes: { type: 'textarea', label: 'Notes', maxLength: 20 },
    qty: { type: 'number', label: 'Quantity', min: 1, max: 5 },
    day: { type: 'date', label: 'Day', min: '2024-01-01', max: '2024-12-31' },
    news: { type: 'boolean', label: 'Newsletter' },
    color: { type: 'single_select', label: 'Colour', options: choices },
    tags: { type: 'multi_select', label: 'Tags', options: choices },
  });
  const REQUIRED = spec({
    name: { type: 'text', label: 'Name', required: true },
    notes: { type: 'textarea', label: 'Notes', required: true },
    qty: { type: 'number', label: 'Quantity', required: true },
    day: { type: 'date', label: 'Day', required: true },
    terms: { type: 'boolean', label: 'I accept the terms', required: true },
    color: { type: 'single_select', label: 'Colour', required: true, options: choices },
    tags: { type: 'multi_select', label: 'Tags', required: true, options: choices },
  });
  const CAPS = spec({ short: { type: 'text', label: 'Short' }, long: { type: 'textarea', label: 'Long' } });
  const full = { name: 'Ann', notes: 'Hi', qty: 2, day: '2024-06-01', terms: true, color: 'red', tags: ['red'] };

  /** Values of twelve textareas whose JSON is exactly `bytes` bytes: four-byte emoji, then ASCII. */
  const TWELVE = spec(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`t${i}`, { type: 'textarea', label: `T${i}` }])));
  const valuesOfBytes = (bytes: number) => {
    const values: Record<string, string> = Object.fromEntries(Object.keys(TWELVE.schema).map((id) => [id, '']));
    let left = bytes - JSON.stringify(values).length;
    for (const id of Object.keys(values)) {
      const emoji = Math.min(1999, Math.floor(left / 4));
      values[id] = chars(emoji);
      left -= emoji * 4;
    }
    values.t11 += 'a'.repeat(left);
    return values;
  };

  type ValueRow = { title: string; input: [FormSpec, unknown]; expected: string | string[] | null };
  const rows: ValueRow[] = [
    // Shape and size.
    { title: 'all fields valid', input: [ALL, { name: 'Ann', notes: 'Line\n\tindented', qty: 5, day: '2024-12-31', news: false, color: 'blue', tags: ['green', 'red'] }], expected: null },
    { title: 'all optional fields absent', input: [ALL, {}], expected: null },
    { title: 'all optional fields empty', input: [ALL, { name: '', notes: '', qty: '', day: '', color: '', tags: [] }], expected: null },
    { title: 'values an array', input: [ALL, []], expected: 'form: expected an object, got array' },
    { title: 'values null', input: [ALL, null], expected: 'form: expected an object, got null' },
    { title: 'values a string', input: [ALL, '{}'], expected: 'form: expected an object, got string' },
    { title: 'unknown field', input: [ALL, { name: 'Ann', email: 'a@b.c' }], expected: 'email: not a field of this form' },
    { title: 'unknown field __proto__', input: [ALL, JSON.parse('{"__proto__": "x"}')], expected: '__proto__: not a field of this form' },
    { title: 'unknown field constructor', input: [ALL, { constructor: 'x' }], expected: 'constructor: not a field of this form' },
    { title: 'values of exactly 32 KiB', input: [TWELVE, valuesOfBytes(32768)], expected: null },
    { title: 'values of 32 KiB + 1 byte', input: [TWELVE, valuesOfBytes(32769)], expected: 'form: larger than 32768 bytes' },
    { title: 'cyclic values', input: [ALL, (() => { const v: Record<string, unknown> = {}; v.name = v; return v; })()], expected: 'form: not JSON data' },

    // text / textarea.
    { title: 'text at minLength', input: [ALL, { name: 'Al' }], expected: null },
    { title: 'text below minLength', input: [ALL, { name: 'A' }], expected: 'name: shorter than 2 characters' },
    { title: 'text at maxLength', input: [ALL, { name: 'a'.repeat(10) }], expected: null },
    { title: 'text above maxLength', input: [ALL, { name: 'a'.repeat(11) }], expected: 'name: longer than 10 characters' },
    { title: 'text maxLength counts code points', input: [ALL, { name: chars(10) }], expected: null },
    { title: 'text of 11 astral characters', input: [ALL, { name: chars(11) }], expected: 'name: longer than 10 characters' },
    { title: 'text minLength counts code points', input: [ALL, { name: chars(1) }], expected: 'name: shorter than 2 characters' },
    { title: 'text without maxLength: 500', input: [CAPS, { short: 'a'.repeat(500) }], expected: null },
    { title: 'text without maxLength: 501', input: [CAPS, { short: 'a'.repeat(501) }], expected: 'short: longer than 500 characters' },
    { title: 'textarea without maxLength: 2000', input: [CAPS, { long: chars(2000) }], expected: null },
    { title: 'textarea without maxLength: 2001', input: [CAPS, { long: chars(2001) }], expected: 'long: longer than 2000 characters' },
    { title: 'textarea above maxLength', input: [ALL, { notes: 'a'.repeat(21) }], expected: 'notes: longer than 20 characters' },
    { title: 'text a number', input: [ALL, { name: 12 }], expected: 'name: expected a string, got number' },
    { title: 'text an array', input: [ALL, { name: ['Ann'] }], expected: 'name: expected a string, got array' },
    { title: 'text an object', input: [ALL, { name: { first: 'Ann' } }], expected: 'name: expected a string, got object' },
    { title: 'text null', input: [ALL, { name: null }], expected: 'name: expected a string, got null' },
    { title: 'text with a newline', input: [ALL, { name: 'An\nn' }], expected: 'name: contains a control character' },
    { title: 'text with a tab', input: [ALL, { name: 'An\tn' }], expected: 'name: contains a control character' },
    { title: 'text with NUL', input: [ALL, { name: 'An\u0000n' }], expected: 'name: contains a control character' },
    { title: 'text with U+0085', input: [ALL, { name: 'An\u0085n' }], expected: 'name: contains a control character' },
    { title: 'text with a bidi override', input: [ALL, { name: 'An\u202en' }], expected: 'name: contains a control character' },
    { title: 'textarea with CR', input: [ALL, { notes: 'a\r\nb' }], expected: 'notes: contains a control character (only \\n and \\t are allowed)' },
    { title: 'textarea with ESC', input: [ALL, { notes: 'a\u001b[31m' }], expected: 'notes: contains a control character (only \\n and \\t are allowed)' },
    { title: 'textarea with DEL', input: [ALL, { notes: 'a\u007f' }], expected: 'notes: contains a control character (only \\n and \\t are allowed)' },
    { title: 'text with markup is the visitor’s text', input: [ALL, { name: '<b>Ann</b>' }], expected: null },

    // number.
    { title: 'number at min', input: [ALL, { qty: 1 }], expected: null },
    { title: 'number at max', input: [ALL, { qty: 5 }], expected: null },
    { title: 'number below min', input: [ALL, { qty: 0.999 }], expected: 'qty: below the minimum of 1' },
    { title: 'number above max', input: [ALL, { qty: 5.001 }], expected: 'qty: above the maximum of 5' },
    { title: 'number a fraction', input: [ALL, { qty: 2.5 }], expected: null },
    { title: 'number a numeric string', input: [ALL, { qty: '2' }], expected: 'qty: expected a number, got string' },
    { title: 'number NaN', input: [ALL, { qty: NaN }], expected: 'qty: not a finite number' },
    { title: 'number Infinity', input: [ALL, { qty: Infinity }], expected: 'qty: not a finite number' },
    { title: 'number a boolean', input: [ALL, { qty: true }], expected: 'qty: expected a number, got boolean' },
    { title: 'number with no limits, negative', input: [spec({ n: { type: 'number', label: 'N' } }), { n: -1e300 }], expected: null },

    // date.
    { title: 'date at min', input: [ALL, { day: '2024-01-01' }], expected: null },
    { title: 'date at max', input: [ALL, { day: '2024-12-31' }], expected: null },
    { title: 'date below min', input: [ALL, { day: '2023-12-31' }], expected: 'day: below the minimum of 2024-01-01' },
    { title: 'date above max', input: [ALL, { day: '2025-01-01' }], expected: 'day: above the maximum of 2024-12-31' },
    { title: 'date 2024-02-30', input: [ALL, { day: '2024-02-30' }], expected: 'day: not a real YYYY-MM-DD date' },
    { title: 'date 2024-13-01', input: [ALL, { day: '2024-13-01' }], expected: 'day: not a real YYYY-MM-DD date' },
    { title: 'date 24-01-01', input: [ALL, { day: '24-01-01' }], expected: 'day: not a real YYYY-MM-DD date' },
    { title: 'date with a time', input: [ALL, { day: '2024-01-01T10:00' }], expected: 'day: not a real YYYY-MM-DD date' },
    { title: 'date a timestamp', input: [ALL, { day: 1704067200000 }], expected: 'day: not a real YYYY-MM-DD date' },

    // boolean.
    { title: 'optional boolean false', input: [ALL, { news: false }], expected: null },
    { title: 'optional boolean true', input: [ALL, { news: true }], expected: null },
    { title: 'boolean "true"', input: [ALL, { news: 'true' }], expected: 'news: expected a boolean, got string' },
    { title: 'boolean 1', input: [ALL, { news: 1 }], expected: 'news: expected a boolean, got number' },
    { title: 'required boolean true', input: [REQUIRED, full], expected: null },
    { title: 'required boolean false', input: [REQUIRED, { ...full, terms: false }], expected: 'terms: must be checked' },
    { title: 'required boolean absent', input: [REQUIRED, { ...full, terms: undefined }], expected: 'terms: required' },

    // single_select.
    { title: 'single_select an option', input: [ALL, { color: 'green' }], expected: null },
    { title: 'single_select not an option', input: [ALL, { color: 'pink' }], expected: 'color: value is not one of the options' },
    { title: 'single_select a label, not a value', input: [ALL, { color: 'Red' }], expected: 'color: value is not one of the options' },
    { title: 'single_select a padded value', input: [ALL, { color: ' red' }], expected: 'color: value is not one of the options' },
    { title: 'single_select an array', input: [ALL, { color: ['red'] }], expected: 'color: expected a string, got array' },
    { title: 'single_select a number', input: [ALL, { color: 1 }], expected: 'color: expected a string, got number' },

    // multi_select.
    { title: 'multi_select one option', input: [ALL, { tags: ['blue'] }], expected: null },
    { title: 'multi_select every option', input: [ALL, { tags: ['blue', 'red', 'green'] }], expected: null },
    { title: 'multi_select a duplicate', input: [ALL, { tags: ['red', 'blue', 'red'] }], expected: 'tags: item 2 repeats item 0' },
    { title: 'multi_select an unknown value', input: [ALL, { tags: ['red', 'pink'] }], expected: 'tags: item 1 is not one of the options' },
    { title: 'multi_select a non-string item', input: [ALL, { tags: ['red', 1] }], expected: 'tags: expected strings, got number' },
    { title: 'multi_select a nested array', input: [ALL, { tags: [['red']] }], expected: 'tags: expected strings, got array' },
    { title: 'multi_select a string', input: [ALL, { tags: 'red' }], expected: 'tags: expected an array, got string' },
    { title: 'multi_select many duplicates stop at the first', input: [ALL, { tags: Array(5000).fill('red') }], expected: 'tags: item 1 repeats item 0' },

    // required.
    { title: 'every required field present', input: [REQUIRED, full], expected: null },
    ...Object.keys(full).flatMap((id): ValueRow[] => [
      { title: `required ${id} absent`, input: [REQUIRED, { ...full, [id]: undefined }], expected: `${id}: required` },
      { title: `required ${id} an empty string`, input: [REQUIRED, { ...full, [id]: '' }], expected: `${id}: required` },
    ]),
    { title: 'required text of spaces', input: [REQUIRED, { ...full, name: '   ' }], expected: 'name: required' },
    { title: 'required textarea of newlines', input: [REQUIRED, { ...full, notes: '\n\n' }], expected: 'notes: required' },
    { title: 'required multi_select empty', input: [REQUIRED, { ...full, tags: [] }], expected: 'tags: required' },
    { title: 'required number 0 is a value', input: [spec({ n: { type: 'number', label: 'N', required: true } }), { n: 0 }], expected: null },
    { title: 'an empty array for a text field is not empty text', input: [ALL, { name: [] }], expected: 'name: expected a string, got array' },
    { title: 'every required field missing', input: [REQUIRED, {}], expected: Object.keys(full).map((id) => `${id}: required`) },
    { title: 'errors in field order, unknown keys first', input: [ALL, { tags: 'x', zz: 1, name: 1 }], expected: ['zz: not a field of this form', 'name: expected a string, got number', 'tags: expected an array, got string'] },
  ];

  it.each(rows)('$title', ({ input: [formSpec, values], expected }) => {
    expect(messages(validateValues(formSpec, values))).toEqual(want(expected));
  });

  it('returns the values in field order, absent ones left out', () => {
    const check = validateValues(ALL, { tags: ['red'], name: 'Ann', qty: 3, notes: '' });
    expect(check).toEqual({ ok: true, values: { name: 'Ann', notes: '', qty: 3, tags: ['red'] } });
    expect(Object.keys(check.ok ? check.values : {})).toEqual(['name', 'notes', 'qty', 'tags']);
  });

  it('names the path and the rule', () => {
    expect(validateValues(REQUIRED, { ...full, terms: false })).toEqual({
      ok: false,
      errors: [{ path: 'terms', rule: 'required', message: 'terms: must be checked' }],
    });
    expect(validateValues(ALL, { qty: 9 })).toEqual({ ok: false, errors: [{ path: 'qty', rule: 'range', message: 'qty: above the maximum of 5' }] });
  });
});
