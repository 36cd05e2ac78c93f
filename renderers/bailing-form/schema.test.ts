import { describe, expect, it } from 'vitest';
import { FORM_LIMITS, validateForm, type FormCheck } from './schema';

/** A row: `expected` is `null` for a valid input, else the messages of every error, in order. */
interface Row {
  title: string;
  input: unknown;
  expected: string | string[] | null;
}

const messages = (check: FormCheck): string[] => (check.ok ? [] : check.errors.map((error) => error.message));
const want = (expected: Row['expected']): string[] => (expected === null ? [] : [expected].flat());

/** A valid form with one text field; `top` replaces or adds top-level keys. */
const form = (top: Record<string, unknown> = {}): Record<string, unknown> => ({
  version: 1,
  form_id: 'contact',
  title: 'Contact us',
  schema: { name: { type: 'text', label: 'Name' } },
  ...top,
});
/** A valid form whose only field is `field`, under id `f`. */
const withField = (field: Record<string, unknown>): Record<string, unknown> => form({ schema: { f: field } });
const select = (type: string, options: unknown, extra: Record<string, unknown> = {}) => withField({ type, label: 'Pick', options, ...extra });
const option = (i: number) => ({ label: `Option ${i}`, value: `v${i}` });
const optionList = (n: number) => Array.from({ length: n }, (_, i) => option(i));
const fields = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, { type: 'text', label: `Field ${i}` }]));
const without = (key: string) => {
  const value = form({ description: 'd', submit_label: 'Send', cancel_label: 'Cancel' });
  delete value[key];
  return value;
};

const run = (rows: Row[]) =>
  it.each(rows)('$title', ({ input, expected }) => {
    expect(messages(validateForm(input))).toEqual(want(expected));
  });

// Code points, not UTF-16 units: an astral character is one character of the cap.
const chars = (n: number, unit = '😀') => unit.repeat(n);

describe('validateForm: the reference example', () => {
  const example = {
    version: 1,
    form_id: 'refund_info',
    title: 'Refund information',
    description: 'The conversation will continue after submission',
    schema: {
      reason: { type: 'textarea', label: 'Reason', required: true, maxLength: 200 },
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

  it('accepts it as source text and as a parsed value, returning the form', () => {
    expect(validateForm(JSON.stringify(example, null, 2))).toEqual({ ok: true, form: example });
    expect(validateForm(example)).toEqual({ ok: true, form: example });
  });

  it('names the path and the rule in every error', () => {
    const check = validateForm({ ...example, schema: { email: { type: 'text', label: 'Email', maxLength: 501 } } });
    expect(check).toEqual({
      ok: false,
      errors: [{ path: 'schema.email.maxLength', rule: 'cap', message: 'schema.email.maxLength: above the cap of 500' }],
    });
  });

  it('collects every error in document order, one per value', () => {
    const check = validateForm({
      version: 2,
      form_id: 'Bad',
      title: '',
      extra: true,
      schema: { a: { type: 'number', label: 'A', min: 'x', max: 1e999 }, b: { type: 'file', label: 'B' } },
    });
    expect(check.ok ? [] : check.errors.map(({ path, rule }) => `${path} ${rule}`)).toEqual([
      'version version',
      'form_id id',
      'title empty',
      'extra unknown-key',
      'schema.a.min type',
      'schema.a.max finite',
      'schema.b.type field-type',
    ]);
  });

  it(`reports at most ${FORM_LIMITS.errors} errors`, () => {
    const many = form(Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`x${i}`, i])));
    const check = validateForm(many);
    expect(check.ok ? 0 : check.errors.length).toBe(FORM_LIMITS.errors);
  });
});

describe('validateForm: source text', () => {
  // A form of exactly `bytes` UTF-8 bytes, most of them three-byte characters: one select
  // field with 50 options at their longest, then ASCII spaces (JSON whitespace) to the size.
  const sourceOf = (bytes: number) => {
    const options = Array.from({ length: 50 }, (_, i) => ({
      label: chars(80, '€'),
      value: chars(119, '€') + String.fromCodePoint(0x4e00 + i),
    }));
    const json = JSON.stringify(select('multi_select', options));
    const size = new TextEncoder().encode(json).length;
    if (size > bytes) throw new Error(`fixture is ${size} bytes`);
    return json + ' '.repeat(bytes - size);
  };

  run([
    { title: '32 KiB exactly (multibyte text, 50 options at their caps)', input: sourceOf(32768), expected: null },
    { title: '32 KiB + 1 byte', input: sourceOf(32769), expected: 'form: larger than 32768 bytes' },
    { title: 'fewer UTF-16 units than 32 KiB but more bytes', input: JSON.stringify(form({ title: chars(10923, '€') })), expected: 'form: larger than 32768 bytes' },
    { title: 'a lone surrogate counts 3 bytes', input: `"${'\ud800'.repeat(10923)}"`, expected: 'form: larger than 32768 bytes' },
    { title: 'a parsed value above 32 KiB serialized', input: form({ description: 'x'.repeat(33000) }), expected: 'form: larger than 32768 bytes' },
    { title: 'whitespace around the JSON', input: `\n  ${JSON.stringify(form())}\n`, expected: null },
    { title: 'invalid JSON', input: '{"version":1,', expected: 'form: not valid JSON' },
    { title: 'empty source', input: '', expected: 'form: not valid JSON' },
    { title: 'JSON with a comment', input: '{"version":1 /* x */}', expected: 'form: not valid JSON' },
    { title: 'NaN literal', input: '{"version":NaN}', expected: 'form: not valid JSON' },
    { title: 'an array', input: '[]', expected: 'form: expected an object, got array' },
    { title: 'null', input: 'null', expected: 'form: expected an object, got null' },
    { title: 'a number', input: '1', expected: 'form: expected an object, got number' },
    { title: 'a JSON string', input: '"form"', expected: 'form: expected an object, got string' },
    { title: 'a parsed array', input: [form()], expected: 'form: expected an object, got array' },
    { title: 'a parsed null', input: null, expected: 'form: expected an object, got null' },
    { title: 'a parsed number', input: 1, expected: 'form: expected an object, got number' },
    { title: 'undefined', input: undefined, expected: 'form: not JSON data' },
    { title: 'a BigInt inside', input: form({ version: 1n }), expected: 'form: not JSON data' },
    { title: 'a duplicate key keeps the last (JSON.parse)', input: '{"version":1,"version":2,"form_id":"a","title":"T","schema":{"a":{"type":"boolean","label":"A"}}}', expected: 'version: must be the number 1' },
    { title: '1e999 parses to Infinity', input: JSON.stringify(withField({ type: 'number', label: 'N', max: 1 })).replace('"max":1', '"max":1e999'), expected: 'schema.f.max: not a finite number' },
  ]);

  it('rejects a cyclic value', () => {
    const cyclic: Record<string, unknown> = form();
    cyclic.self = cyclic;
    expect(messages(validateForm(cyclic))).toEqual(['form: not JSON data']);
  });
});

describe('validateForm: top-level keys', () => {
  run([
    { title: 'all optional keys', input: form({ description: 'Line one\nline two', submit_label: 'Send', cancel_label: 'Not now' }), expected: null },
    { title: 'without description', input: without('description'), expected: null },
    { title: 'without submit_label', input: without('submit_label'), expected: null },
    { title: 'without cancel_label', input: without('cancel_label'), expected: null },
    { title: 'without version', input: without('version'), expected: 'version: missing' },
    { title: 'without form_id', input: without('form_id'), expected: 'form_id: missing' },
    { title: 'without title', input: without('title'), expected: 'title: missing' },
    { title: 'without schema', input: without('schema'), expected: 'schema: missing' },
    { title: 'an empty object', input: {}, expected: ['version: missing', 'form_id: missing', 'title: missing', 'schema: missing'] },
    { title: 'unknown key', input: form({ action: 'https://evil.example/' }), expected: 'action: unknown key' },
    { title: 'unknown key type', input: form({ type: 'bailing-form' }), expected: 'type: unknown key' },
    { title: 'unknown key fields', input: form({ fields: [] }), expected: 'fields: unknown key' },
    { title: 'unknown key in camelCase', input: form({ submitLabel: 'Go' }), expected: 'submitLabel: unknown key' },
    { title: 'unknown key __proto__ (from JSON)', input: JSON.stringify(form()).replace('{', '{"__proto__":{"x":1},'), expected: '__proto__: unknown key' },
    { title: 'unknown key with spaces is quoted', input: form({ 'a b': 1 }), expected: '["a b"]: unknown key' },
    { title: 'a 100-character unknown key is shortened', input: form({ ['k'.repeat(100)]: 1 }), expected: `["${'k'.repeat(64)}…"]: unknown key` },
    { title: 'two unknown keys', input: form({ x: 1, y: 2 }), expected: ['x: unknown key', 'y: unknown key'] },
    { title: 'nested unknown object', input: form({ meta: { a: { b: 1 } } }), expected: 'meta: unknown key' },
    { title: 'version 1', input: form({ version: 1 }), expected: null },
    { title: 'version 1.0 is the number 1', input: form({ version: 1.0 }), expected: null },
    { title: 'version "1"', input: form({ version: '1' }), expected: 'version: must be the number 1' },
    { title: 'version 2', input: form({ version: 2 }), expected: 'version: must be the number 1' },
    { title: 'version 0', input: form({ version: 0 }), expected: 'version: must be the number 1' },
    { title: 'version true', input: form({ version: true }), expected: 'version: must be the number 1' },
    { title: 'version null', input: form({ version: null }), expected: 'version: must be the number 1' },
    { title: 'version [1]', input: form({ version: [1] }), expected: 'version: must be the number 1' },
    { title: 'title an object', input: form({ title: { text: 'x' } }), expected: 'title: expected a string, got object' },
    { title: 'title an array', input: form({ title: ['x'] }), expected: 'title: expected a string, got array' },
    { title: 'title a number', input: form({ title: 1 }), expected: 'title: expected a string, got number' },
    { title: 'title null', input: form({ title: null }), expected: 'title: expected a string, got null' },
    { title: 'description an object', input: form({ description: { html: '<b>' } }), expected: 'description: expected a string, got object' },
    { title: 'submit_label an array', input: form({ submit_label: ['Send'] }), expected: 'submit_label: expected a string, got array' },
    { title: 'cancel_label a boolean', input: form({ cancel_label: false }), expected: 'cancel_label: expected a string, got boolean' },
    { title: 'schema an array of fields', input: form({ schema: [{ type: 'text', label: 'A' }] }), expected: 'schema: expected an object, got array' },
    { title: 'schema a string', input: form({ schema: 'name' }), expected: 'schema: expected an object, got string' },
    { title: 'schema null', input: form({ schema: null }), expected: 'schema: expected an object, got null' },
    { title: 'form_id a number', input: form({ form_id: 1 }), expected: 'form_id: not an id (^[a-z][a-z0-9_-]{0,63}$)' },
  ]);
});

describe('validateForm: ids', () => {
  const idRows = (where: string, make: (id: string) => Record<string, unknown>, pathOf: (id: string) => string): Row[] => [
    ...['a', 'refund_info', 'step-2', 'a0', 'x'.repeat(64), 'a_-_9', 'constructor', 'tostring'].map((id) => ({
      title: `${where} ${id.length > 20 ? `of 64 characters` : JSON.stringify(id)}`,
      input: make(id),
      expected: null,
    })),
    ...['x'.repeat(65), 'Refund', 'refundInfo', '1st', '_x', '-x', 'a b', ' name', 'name ', 'a.b', 'a/b', 'é', 'ａ', 'a\n', 'caf\u00e9', '__proto__'].map((id) => ({
      title: `${where} ${id.length > 20 ? `of 65 characters` : JSON.stringify(id)}`,
      input: make(id),
      expected: `${pathOf(id)}: not an id (^[a-z][a-z0-9_-]{0,63}$)`,
    })),
  ];
  const fieldPath = (id: string) => (/^[\w-]{1,64}$/.test(id) ? `schema.${id}` : `schema[${JSON.stringify(id.slice(0, 64) + (id.length > 64 ? '…' : ''))}]`);

  run([
    ...idRows('form_id', (id) => form({ form_id: id }), () => 'form_id'),
    ...idRows('field id', (id) => form({ schema: { [id]: { type: 'boolean', label: 'Agree' } } }), fieldPath),
    { title: 'empty form_id', input: form({ form_id: '' }), expected: 'form_id: not an id (^[a-z][a-z0-9_-]{0,63}$)' },
    { title: 'empty field id', input: form({ schema: { '': { type: 'boolean', label: 'A' } } }), expected: 'schema[""]: not an id (^[a-z][a-z0-9_-]{0,63}$)' },
  ]);
});

describe('validateForm: field and option counts', () => {
  run([
    { title: '1 field', input: form({ schema: fields(1) }), expected: null },
    { title: '12 fields', input: form({ schema: fields(12) }), expected: null },
    { title: '13 fields', input: form({ schema: fields(13) }), expected: 'schema: more than 12 fields (13)' },
    { title: '0 fields', input: form({ schema: {} }), expected: 'schema: fewer than 1 fields' },
    ...['single_select', 'multi_select'].flatMap((type): Row[] => [
      { title: `${type} with 1 option`, input: select(type, optionList(1)), expected: null },
      { title: `${type} with 50 options`, input: select(type, optionList(50)), expected: null },
      { title: `${type} with 51 options`, input: select(type, optionList(51)), expected: 'schema.f.options: more than 50 options (51)' },
      { title: `${type} with 0 options`, input: select(type, []), expected: 'schema.f.options: fewer than 1 options' },
      { title: `${type} without options`, input: withField({ type, label: 'Pick' }), expected: 'schema.f.options: missing' },
    ]),
  ]);
});

/** Every text of a form, with the cap it has and a form that holds `text` there. */
const TEXT_PLACES: { where: string; path: string; cap: number; lines: boolean; blank: boolean; make: (text: string) => unknown }[] = [
  { where: 'title', path: 'title', cap: 80, lines: false, blank: false, make: (text) => form({ title: text }) },
  { where: 'form description', path: 'description', cap: 300, lines: true, blank: true, make: (text) => form({ description: text }) },
  { where: 'submit_label', path: 'submit_label', cap: 32, lines: false, blank: false, make: (text) => form({ submit_label: text }) },
  { where: 'cancel_label', path: 'cancel_label', cap: 32, lines: false, blank: false, make: (text) => form({ cancel_label: text }) },
  { where: 'field label', path: 'schema.f.label', cap: 80, lines: false, blank: false, make: (text) => withField({ type: 'text', label: text }) },
  {
    where: 'field description',
    path: 'schema.f.description',
    cap: 200,
    lines: true,
    blank: true,
    make: (text) => withField({ type: 'text', label: 'L', description: text }),
  },
  { where: 'placeholder', path: 'schema.f.placeholder', cap: 120, lines: false, blank: true, make: (text) => withField({ type: 'text', label: 'L', placeholder: text }) },
  {
    where: 'option label',
    path: 'schema.f.options[0].label',
    cap: 80,
    lines: false,
    blank: false,
    make: (text) => select('single_select', [{ label: text, value: 'a' }]),
  },
  {
    where: 'option value',
    path: 'schema.f.options[0].value',
    cap: 120,
    lines: false,
    blank: false,
    make: (text) => select('multi_select', [{ label: 'A', value: text }]),
  },
];

describe('validateForm: text lengths in code points', () => {
  run(
    TEXT_PLACES.flatMap(({ where, path, cap, blank, make }): Row[] => [
      { title: `${where} of ${cap} ASCII characters`, input: make('a'.repeat(cap)), expected: null },
      { title: `${where} of ${cap + 1} ASCII characters`, input: make('a'.repeat(cap + 1)), expected: `${path}: longer than ${cap} characters` },
      { title: `${where} of ${cap} astral characters (${cap * 2} UTF-16 units)`, input: make(chars(cap)), expected: null },
      { title: `${where} of ${cap + 1} astral characters`, input: make(chars(cap + 1)), expected: `${path}: longer than ${cap} characters` },
      { title: `${where} of ${cap} CJK characters`, input: make(chars(cap, '表')), expected: null },
      { title: `${where} of ${cap + 1} CJK characters`, input: make(chars(cap + 1, '表')), expected: `${path}: longer than ${cap} characters` },
      { title: `${where} empty`, input: make(''), expected: blank ? null : `${path}: must not be empty` },
      { title: `${where} only spaces`, input: make('   '), expected: blank ? null : `${path}: must not be empty` },
      { title: `${where} of one character`, input: make('x'), expected: null },
    ]),
  );
});

describe('validateForm: field types', () => {
  const f = (field: Record<string, unknown>) => withField(field);
  const common = { label: 'L', description: 'About it', placeholder: 'e.g. 1', required: true };
  run([
    // Valid, with and without every optional key.
    { title: 'text minimal', input: f({ type: 'text', label: 'Name' }), expected: null },
    { title: 'text with every key', input: f({ type: 'text', ...common, minLength: 0, maxLength: 500 }), expected: null },
    { title: 'text minLength = maxLength', input: f({ type: 'text', label: 'L', minLength: 5, maxLength: 5 }), expected: null },
    { title: 'text maxLength 1', input: f({ type: 'text', label: 'L', maxLength: 1 }), expected: null },
    { title: 'text minLength 500', input: f({ type: 'text', label: 'L', minLength: 500 }), expected: null },
    { title: 'text required false', input: f({ type: 'text', label: 'L', required: false }), expected: null },
    { title: 'textarea minimal', input: f({ type: 'textarea', label: 'Notes' }), expected: null },
    { title: 'textarea with every key', input: f({ type: 'textarea', ...common, minLength: 10, maxLength: 2000 }), expected: null },
    { title: 'number minimal', input: f({ type: 'number', label: 'Qty' }), expected: null },
    { title: 'number with every key', input: f({ type: 'number', ...common, min: -1.5, max: 1e9 }), expected: null },
    { title: 'number min = max', input: f({ type: 'number', label: 'L', min: 3, max: 3 }), expected: null },
    { title: 'number min only', input: f({ type: 'number', label: 'L', min: 0 }), expected: null },
    { title: 'date minimal', input: f({ type: 'date', label: 'Day' }), expected: null },
    { title: 'date with every key', input: f({ type: 'date', ...common, min: '2024-01-01', max: '2024-12-31' }), expected: null },
    { title: 'date min = max', input: f({ type: 'date', label: 'L', min: '2024-02-29', max: '2024-02-29' }), expected: null },
    { title: 'boolean minimal', input: f({ type: 'boolean', label: 'Agree' }), expected: null },
    { title: 'boolean with common keys', input: f({ type: 'boolean', ...common }), expected: null },
    { title: 'single_select with common keys', input: f({ type: 'single_select', ...common, options: optionList(2) }), expected: null },
    { title: 'multi_select with common keys', input: f({ type: 'multi_select', ...common, options: optionList(3) }), expected: null },

    // The type itself.
    { title: 'no type', input: f({ label: 'L' }), expected: 'schema.f.type: missing' },
    ...['file', 'email', 'password', 'hidden', 'select', 'Text', 'text ', 'html', 'regex', ''].map((type) => ({
      title: `type ${JSON.stringify(type)}`,
      input: f({ type, label: 'L' }),
      expected: 'schema.f.type: not a field type (text, textarea, number, date, boolean, single_select, multi_select)',
    })),
    { title: 'type null', input: f({ type: null, label: 'L' }), expected: 'schema.f.type: not a field type (text, textarea, number, date, boolean, single_select, multi_select)' },
    { title: 'type an array', input: f({ type: ['text'], label: 'L' }), expected: 'schema.f.type: not a field type (text, textarea, number, date, boolean, single_select, multi_select)' },
    { title: 'field a string', input: f('text' as never), expected: 'schema.f: expected an object, got string' },
    { title: 'field an array', input: form({ schema: { f: [{ type: 'text', label: 'L' }] } }), expected: 'schema.f: expected an object, got array' },
    { title: 'field null', input: form({ schema: { f: null } }), expected: 'schema.f: expected an object, got null' },

    // Common keys.
    { title: 'no label', input: f({ type: 'text' }), expected: 'schema.f.label: missing' },
    { title: 'required "true"', input: f({ type: 'text', label: 'L', required: 'true' }), expected: 'schema.f.required: expected a boolean, got string' },
    { title: 'required 1', input: f({ type: 'text', label: 'L', required: 1 }), expected: 'schema.f.required: expected a boolean, got number' },
    { title: 'label an object', input: f({ type: 'text', label: { en: 'L' } }), expected: 'schema.f.label: expected a string, got object' },
    { title: 'placeholder a number', input: f({ type: 'number', label: 'L', placeholder: 5 }), expected: 'schema.f.placeholder: expected a string, got number' },
    { title: 'description an array', input: f({ type: 'text', label: 'L', description: ['a'] }), expected: 'schema.f.description: expected a string, got array' },

    // Keys of other types, and keys of no type.
    ...(
      [
        ['text', ['min', 'max', 'options', 'pattern', 'default', 'value', 'rows', 'multiline', 'format', 'autocomplete', 'name', 'id', 'style', 'html', 'validate', 'src']],
        ['textarea', ['min', 'max', 'options', 'pattern', 'rows']],
        ['number', ['minLength', 'maxLength', 'options', 'step', 'default']],
        ['date', ['minLength', 'maxLength', 'options', 'format', 'default']],
        ['boolean', ['minLength', 'maxLength', 'min', 'max', 'options', 'default', 'checked']],
        ['single_select', ['minLength', 'maxLength', 'min', 'max', 'default', 'multiple', 'source', 'url']],
        ['multi_select', ['minLength', 'maxLength', 'min', 'max', 'maxItems', 'minItems', 'source']],
      ] as const
    ).flatMap(([type, keys]) =>
      keys.map((key) => ({
        title: `${type} with ${key}`,
        input: f({ type, label: 'L', ...(type.endsWith('select') ? { options: optionList(2) } : {}), [key]: 1 }),
        expected: `schema.f.${key}: unknown key`,
      })),
    ),
    { title: 'text with a nested object', input: f({ type: 'text', label: 'L', ui: { widget: 'x' } }), expected: 'schema.f.ui: unknown key' },
    { title: 'text with a regular expression pattern', input: f({ type: 'text', label: 'L', pattern: '^\\d+$' }), expected: 'schema.f.pattern: unknown key' },

    // text / textarea lengths.
    ...(
      [
        ['text', 500],
        ['textarea', 2000],
      ] as const
    ).flatMap(([type, cap]): Row[] => [
      { title: `${type} maxLength ${cap}`, input: f({ type, label: 'L', maxLength: cap }), expected: null },
      { title: `${type} maxLength ${cap + 1}`, input: f({ type, label: 'L', maxLength: cap + 1 }), expected: `schema.f.maxLength: above the cap of ${cap}` },
      { title: `${type} minLength ${cap}`, input: f({ type, label: 'L', minLength: cap }), expected: null },
      { title: `${type} minLength ${cap + 1}`, input: f({ type, label: 'L', minLength: cap + 1 }), expected: `schema.f.minLength: above the cap of ${cap}` },
      { title: `${type} maxLength 0`, input: f({ type, label: 'L', maxLength: 0 }), expected: 'schema.f.maxLength: below the minimum of 1' },
      { title: `${type} minLength -1`, input: f({ type, label: 'L', minLength: -1 }), expected: 'schema.f.minLength: below the minimum of 0' },
      { title: `${type} maxLength 1.5`, input: f({ type, label: 'L', maxLength: 1.5 }), expected: 'schema.f.maxLength: expected an integer, got number' },
      { title: `${type} maxLength "100"`, input: f({ type, label: 'L', maxLength: '100' }), expected: 'schema.f.maxLength: expected an integer, got string' },
      { title: `${type} maxLength null`, input: f({ type, label: 'L', maxLength: null }), expected: 'schema.f.maxLength: expected an integer, got null' },
      { title: `${type} maxLength Infinity`, input: f({ type, label: 'L', maxLength: Infinity }), expected: 'schema.f.maxLength: expected an integer, got number' },
      { title: `${type} minLength > maxLength`, input: f({ type, label: 'L', minLength: 6, maxLength: 5 }), expected: 'schema.f.minLength: above maxLength (5)' },
      { title: `${type} minLength as an object`, input: f({ type, label: 'L', minLength: { value: 1 } }), expected: 'schema.f.minLength: expected an integer, got object' },
    ]),

    // number limits.
    { title: 'number min > max', input: f({ type: 'number', label: 'L', min: 2, max: 1 }), expected: 'schema.f.min: above max (1)' },
    { title: 'number min NaN', input: f({ type: 'number', label: 'L', min: NaN }), expected: 'schema.f.min: not a finite number' },
    { title: 'number max Infinity', input: f({ type: 'number', label: 'L', max: Infinity }), expected: 'schema.f.max: not a finite number' },
    { title: 'number min -Infinity', input: f({ type: 'number', label: 'L', min: -Infinity }), expected: 'schema.f.min: not a finite number' },
    { title: 'number min "1"', input: f({ type: 'number', label: 'L', min: '1' }), expected: 'schema.f.min: expected a number, got string' },
    { title: 'number max null', input: f({ type: 'number', label: 'L', max: null }), expected: 'schema.f.max: expected a number, got null' },
    { title: 'number max an array', input: f({ type: 'number', label: 'L', max: [1] }), expected: 'schema.f.max: expected a number, got array' },
    { title: 'number min an object', input: f({ type: 'number', label: 'L', min: { value: 1 } }), expected: 'schema.f.min: expected a number, got object' },

    // date limits.
    { title: 'date min > max', input: f({ type: 'date', label: 'L', min: '2024-02-01', max: '2024-01-31' }), expected: 'schema.f.min: above max (2024-01-31)' },
    ...['2023-02-30', '2023-02-29', '1900-02-29', '2023-13-01', '2023-00-10', '2023-01-00', '2023-04-31', '23-01-01', '2023-1-1', '2023/01/01', '20230101', '2023-01-01T00:00:00Z', ' 2023-01-01', '2023-01-01 ', '0000-01-01', 'today', '', '２０２３-01-01'].map((min) => ({
      title: `date min ${JSON.stringify(min)}`,
      input: f({ type: 'date', label: 'L', min }),
      expected: 'schema.f.min: not a real YYYY-MM-DD date',
    })),
    { title: 'date max a number', input: f({ type: 'date', label: 'L', max: 20230101 }), expected: 'schema.f.max: not a real YYYY-MM-DD date' },
    { title: 'date max an object', input: f({ type: 'date', label: 'L', max: { y: 2023 } }), expected: 'schema.f.max: not a real YYYY-MM-DD date' },

    // options.
    { title: 'options an object', input: select('single_select', { a: 'A' }), expected: 'schema.f.options: expected an array, got object' },
    { title: 'options a string', input: select('single_select', 'a,b'), expected: 'schema.f.options: expected an array, got string' },
    { title: 'option a string', input: select('single_select', ['a']), expected: 'schema.f.options[0]: expected an object, got string' },
    { title: 'option an array', input: select('single_select', [['A', 'a']]), expected: 'schema.f.options[0]: expected an object, got array' },
    { title: 'option null', input: select('multi_select', [option(0), null]), expected: 'schema.f.options[1]: expected an object, got null' },
    { title: 'option without value', input: select('single_select', [{ label: 'A' }]), expected: 'schema.f.options[0].value: missing' },
    { title: 'option without label', input: select('single_select', [{ value: 'a' }]), expected: 'schema.f.options[0].label: missing' },
    { title: 'option with an extra key', input: select('single_select', [{ ...option(0), selected: true }]), expected: 'schema.f.options[0].selected: unknown key' },
    { title: 'option with a nested object', input: select('single_select', [{ ...option(0), meta: { a: 1 } }]), expected: 'schema.f.options[0].meta: unknown key' },
    { title: 'option value a number', input: select('single_select', [{ label: 'One', value: 1 }]), expected: 'schema.f.options[0].value: expected a string, got number' },
    { title: 'option label a number', input: select('single_select', [{ label: 1, value: 'a' }]), expected: 'schema.f.options[0].label: expected a string, got number' },
    { title: 'option value an object', input: select('single_select', [{ label: 'A', value: { v: 1 } }]), expected: 'schema.f.options[0].value: expected a string, got object' },
    { title: 'duplicate option values', input: select('single_select', [option(0), option(1), { label: 'Again', value: 'v0' }]), expected: 'schema.f.options[2].value: same value as schema.f.options[0]' },
    { title: 'duplicate option values in multi_select', input: select('multi_select', [option(0), option(0)]), expected: 'schema.f.options[1].value: same value as schema.f.options[0]' },
    { title: 'values differing only in case are distinct', input: select('single_select', [{ label: 'A', value: 'a' }, { label: 'B', value: 'A' }]), expected: null },
    { title: 'values differing only in spaces are distinct (as sent)', input: select('single_select', [{ label: 'A', value: 'a' }, { label: 'B', value: 'a ' }]), expected: null },
    { title: 'duplicate labels are allowed', input: select('single_select', [{ label: 'A', value: 'a' }, { label: 'A', value: 'b' }]), expected: null },
    { title: 'option value empty', input: select('single_select', [{ label: 'A', value: '' }]), expected: 'schema.f.options[0].value: must not be empty' },
    { title: 'option value credential-like is fine', input: select('single_select', [{ label: 'Other', value: 'password' }]), expected: null },
  ]);
});

describe('validateForm: HTML, JavaScript and CSS in text', () => {
  const MARKUP = [
    '<script>alert(1)</script>',
    'Hi <b>there</b>',
    '<img src=x onerror=alert(1)>',
    '<svg/onload=alert(1)>',
    '</p>',
    '<!-- comment -->',
    '<!DOCTYPE html>',
    '<?xml version="1.0"?>',
    '<a href="https://evil.example/">win</a>',
    '<iframe srcdoc="x">',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'javascript :alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'data:image/svg+xml,x',
    'x onclick=alert(1)',
    'onmouseover = steal()',
    'ONLOAD=x',
    'style=color:red',
    'style = "position:fixed"',
    'width: expression(alert(1))',
    'background: url(//evil.example/x)',
    'URL(https://evil.example)',
    '@import "https://evil.example/x.css"',
    '&lt;script&gt;',
    '&#60;script&#62;',
    'java&#115;cript:',
    '&#x3c;img',
    '&#106&#97&#118&#97',
    'a&colon;b',
  ];
  const TEXT = ['a < b', '<3', 'x <= 5 and y >= 2', 'Q&A', 'R & D', 'Tom&Jerry', 'Style preference', 'Website URL (optional)', 'Facial expression (smile)', 'On time?', 'Import date', 'Data: 5/10', '2 > 1', 'email@example.com', 'Price ≤ 5 €'];
  run([
    ...TEXT_PLACES.flatMap(({ where, path, cap, make }) =>
      MARKUP.filter((sample) => [...sample].length <= cap).map((sample) => ({
        title: `${where}: ${sample}`,
        input: make(sample),
        expected: `${path}: contains HTML, JavaScript or CSS`,
      })),
    ),
    ...TEXT_PLACES.flatMap(({ where, cap, make }) =>
      TEXT.filter((sample) => sample.length <= cap).map((sample) => ({ title: `${where} keeps text: ${sample}`, input: make(sample), expected: null })),
    ),
  ]);
});

describe('validateForm: code fences and control characters', () => {
  const CONTROLS: [string, string][] = [
    ['NUL', '\u0000'],
    ['BEL', '\u0007'],
    ['tab', '\t'],
    ['CR', '\r'],
    ['ESC', '\u001b'],
    ['US', '\u001f'],
    ['DEL', '\u007f'],
    ['NEL (C1)', '\u0085'],
    ['U+009F', '\u009f'],
    ['line separator', '\u2028'],
    ['paragraph separator', '\u2029'],
    ['right-to-left override', '\u202e'],
    ['first strong isolate', '\u2068'],
    ['lone surrogate', '\ud800'],
  ];
  run([
    ...TEXT_PLACES.flatMap(({ where, path, make }): Row[] => [
      { title: `${where} with triple backticks`, input: make('a```b'), expected: `${path}: contains a code fence (\`\`\` or ~~~)` },
      { title: `${where} that is a fence`, input: make('```'), expected: `${path}: contains a code fence (\`\`\` or ~~~)` },
      { title: `${where} with a tilde fence`, input: make('~~~'), expected: `${path}: contains a code fence (\`\`\` or ~~~)` },
      { title: `${where} with two backticks`, input: make('a``b'), expected: null },
      ...CONTROLS.map(([name, control]) => ({
        title: `${where} with ${name}`,
        input: make(`a${control}b`),
        expected: `${path}: contains a control character${where.endsWith('description') ? ' (only \\n is allowed)' : ''}`,
      })),
      {
        title: `${where} with a newline`,
        input: make('a\nb'),
        expected: where.endsWith('description') ? null : `${path}: contains a control character`,
      },
      { title: `${where} with U+00A0 and U+00AD (not controls)`, input: make('a\u00a0b\u00adc'), expected: null },
      { title: `${where} with an emoji ZWJ sequence`, input: make('👩‍👩‍👧'), expected: null },
    ]),
  ]);
});
