// The MCP Apps SDK's published JSON Schema (@modelcontextprotocol/ext-apps, generated/schema.json),
// the oracle every message our host sends is checked against in the tests. The SDK comes with the
// published example servers (it needs zod 4, which the project's root cannot hold beside zod 3).
import { Validator, type Schema } from '@cfworker/json-schema';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// From the server's own entry, as Node resolves its dependencies (the package exports nothing else).
const server = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-basic-vanillajs');
const schemaPath = createRequire(server).resolve('@modelcontextprotocol/ext-apps/schema.json');
export const EXT_APPS_SCHEMA = JSON.parse(readFileSync(schemaPath, 'utf8')) as { $defs: Record<string, Schema> };

/** The errors of `value` against definition `name` of the SDK's schema (empty when valid). */
export function schemaErrors(name: string, value: unknown): string[] {
  const def = EXT_APPS_SCHEMA.$defs[name];
  if (!def) throw new Error(`ext-apps schema has no definition ${name}`);
  const result = new Validator({ ...def, $defs: { ...EXT_APPS_SCHEMA.$defs, ...(def as { $defs?: object }).$defs } } as Schema, '2020-12', false).validate(value);
  return result.valid ? [] : result.errors.map((e) => `${e.instanceLocation}: ${e.error}`);
}
