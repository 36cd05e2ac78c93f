// The A2UI specification as the oracle (fixtures/spec-v0_9, copied from google/A2UI): its 36
// samples are valid for its own schemas, and this reader takes every one of them whole; every
// message its schema test cases call valid is read, and none of the invalid ones throws.
import { Validator } from '@cfworker/json-schema';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readMessage, readMessages } from './messages';
import { surfacesOf } from './surfaces';

const D = 'renderers/a2ui/fixtures/spec-v0_9';
const json = (p: string) => JSON.parse(readFileSync(`${D}/${p}`, 'utf8'));

/**
 * server_to_client.json with the schemas it refers to. The catalog's function `required` is renamed
 * for @cfworker/json-schema, which takes a subschema named "required" for the keyword and does not
 * index it; nothing else changes.
 */
function serverSchema() {
  const v = new Validator(json('json/server_to_client.json'), '2020-12', false);
  v.addSchema(json('json/common_types.json'));
  const catalog = JSON.parse(readFileSync(`${D}/catalogs/basic/catalog.json`, 'utf8').replaceAll('#/functions/required"', '#/functions/required_"'));
  catalog.functions.required_ = catalog.functions.required;
  delete catalog.functions.required;
  v.addSchema(catalog, 'https://a2ui.org/specification/v0_9/catalog.json');
  return v;
}
const schema = serverSchema();
const samples = readdirSync(`${D}/catalogs/basic/examples`).sort().map((f) => ({ f, ...json(`catalogs/basic/examples/${f}`) as { messages: Record<string, any>[] } }));

describe('the specification’s samples', () => {
  it('are 36', () => expect(samples).toHaveLength(36));
  it.each(samples.map((s) => [s.f, s] as const))('%s: valid for the schema, read whole, every component kept', (_, sample) => {
    for (const m of sample.messages) expect(schema.validate(m).errors).toEqual([]);
    const read = readMessages(sample.messages);
    const state = surfacesOf(read.messages);
    expect([...read.errors, ...state.errors]).toEqual([]);
    const defined = new Set(sample.messages.flatMap((m) => (m.updateComponents?.components ?? []).map((c: { id: string }) => `${m.updateComponents.surfaceId}/${c.id}`)));
    expect(state.list.reduce((n, s) => n + s.components.size, 0)).toBe(defined.size);
  });
});

const cases = readdirSync(`${D}/test/cases`).filter((f) => f.endsWith('.json')).map((f) => ({ f, ...json(`test/cases/${f}`) as { schema: string; tests: { description: string; valid: boolean; data: unknown }[] } })).filter((c) => c.schema === 'server_to_client.json');

describe('the specification’s schema test cases', () => {
  it('the oracle agrees with itself (the schema gives each case its verdict)', () => {
    for (const c of cases) for (const t of c.tests) expect(schema.validate(t.data).valid, `${c.f}: ${t.description}`).toBe(t.valid);
  });
  it('every message the cases call valid is read; none that is invalid throws', () => {
    let valid = 0;
    for (const c of cases) {
      for (const t of c.tests) {
        const read = readMessage(t.data);
        if (t.valid) {
          expect('message' in read, `${c.f}: ${t.description}`).toBe(true);
          valid++;
        }
      }
    }
    expect(valid).toBeGreaterThan(30);
  });
});
