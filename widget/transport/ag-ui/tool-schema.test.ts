// A host tool's schema and the model's arguments against it, in tables: what passes, and for what
// fails, the path and the rule the agent is told.
import { describe, expect, it } from 'vitest';
import { compileToolSchema, MAX_SCHEMA_PROBLEMS } from './tool-schema';

const WEATHER = {
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 2 },
    days: { type: 'integer', minimum: 1, maximum: 7 },
    unit: { enum: ['C', 'F'] },
    tags: { type: 'array', items: { type: 'string', pattern: '^[a-z]+$' } },
    where: { $ref: '#/$defs/point' },
  },
  required: ['city'],
  additionalProperties: false,
  $defs: { point: { type: 'object', properties: { lat: { type: 'number' }, lon: { type: 'number' } }, required: ['lat', 'lon'] } },
};

describe('the arguments against the tool\'s schema', () => {
  const compiled = compileToolSchema(WEATHER);
  if (!compiled.ok) throw new Error(compiled.error);
  it.each([
    { title: 'valid', args: { city: 'Berlin', days: 2, unit: 'C', tags: ['rain'], where: { lat: 52.5, lon: 13.4 } }, problems: [] },
    { title: 'a required property missing', args: { days: 2 }, problems: [['', 'required']] },
    { title: 'a wrong type', args: { city: 5 }, problems: [['/city', 'type']] },
    { title: 'out of range', args: { city: 'Berlin', days: 9 }, problems: [['/days', 'maximum']] },
    { title: 'not an integer', args: { city: 'Berlin', days: 1.5 }, problems: [['/days', 'type']] },
    { title: 'not one of the enum', args: { city: 'Berlin', unit: 'K' }, problems: [['/unit', 'enum']] },
    { title: 'an item against a pattern', args: { city: 'Berlin', tags: ['ok', 'NOT OK'] }, problems: [['/tags/1', 'pattern']] },
    { title: 'a property the schema does not allow', args: { city: 'Berlin', admin: true }, problems: [['', 'additionalProperties']] },
    { title: 'through a $ref', args: { city: 'Berlin', where: { lat: 'north' } }, problems: [['/where', 'required'], ['/where/lat', 'type']] },
    { title: 'not an object at all', args: 'Berlin', problems: [['', 'type']] },
    { title: 'nested past MAX_JSON_DEPTH', args: JSON.parse('{"city":"B","x":' + '['.repeat(100) + ']'.repeat(100) + '}'), problems: [['', 'depth']] },
  ])('$title', ({ args, problems }) => {
    const found = compiled.check(args);
    expect(found.map((p) => [p.path, p.rule])).toEqual(problems);
    for (const p of found) expect(p.message).toMatch(p.path ? new RegExp(`^${p.path}: `) : /^the arguments/);
  });

  it(`names at most ${MAX_SCHEMA_PROBLEMS} problems`, () => {
    const many = compileToolSchema({ type: 'array', items: { type: 'string' } });
    if (!many.ok) throw new Error(many.error);
    expect(many.check(Array.from({ length: 20 }, (_, i) => i))).toHaveLength(MAX_SCHEMA_PROBLEMS);
  });
});

describe('the schema itself', () => {
  it.each([
    { title: 'a plain object schema', schema: { type: 'object', properties: {} }, error: undefined },
    { title: 'draft-07 named', schema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', definitions: { a: { type: 'string' } }, properties: { a: { $ref: '#/definitions/a' } } }, error: undefined },
    { title: 'an unknown type', schema: { type: 'strin' }, error: /^\/type: / },
    { title: 'required that is not a list', schema: { type: 'object', required: 'city' }, error: /^\/required: Instance type "string" is invalid/ },
    { title: 'a pattern that is not a regular expression', schema: { type: 'object', properties: { a: { type: 'string', pattern: '(' } } }, error: /^\/properties\/a\/pattern: String does not match format "regex"/ },
    { title: 'a minimum that is not a number', schema: { type: 'number', minimum: '3' }, error: /^\/minimum: / },
    { title: 'a $ref to nothing', schema: { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }, error: /^its \$ref "#\/\$defs\/missing" points at nothing/ },
    { title: 'a $ref to another document (never fetched)', schema: { $ref: 'https://example.com/schema.json' }, error: /points at nothing/ },
    { title: 'a $schema of no known draft', schema: { $schema: 'https://example.com/my-draft', type: 'object' }, error: /^\$schema "https:\/\/example.com\/my-draft" names no draft this page knows/ },
  ])('$title', ({ schema, error }) => {
    const compiled = compileToolSchema(schema);
    if (error === undefined) expect(compiled).toMatchObject({ ok: true });
    else expect(compiled.ok ? '(valid)' : compiled.error).toMatch(error);
  });

  it('the owner\'s schema object is not changed (it may be frozen, or shared)', () => {
    const schema = Object.freeze({ type: 'object', properties: Object.freeze({ a: Object.freeze({ $ref: '#/$defs/a' }) }), $defs: Object.freeze({ a: Object.freeze({ type: 'string' }) }) });
    const before = JSON.stringify(schema);
    const compiled = compileToolSchema(schema);
    expect(compiled.ok).toBe(true);
    expect(JSON.stringify(schema)).toBe(before);
    expect(Object.getOwnPropertyNames(schema.properties.a)).toEqual(['$ref']);
  });
});
