// A host tool's arguments are the model's words and its handler is the page's code: the arguments
// are checked against the tool's JSON Schema (its `parameters`) before the handler runs, and the
// schema itself when the owner registers the tool (DESIGN.md §9). @cfworker/json-schema interprets
// schemas; it needs no eval or new Function, so a page whose CSP forbids them runs it. Pure.

import { dereference, validate, type OutputUnit, type Schema, type SchemaDraft } from '@cfworker/json-schema';
// The draft-07 meta-schema (json-schema.org): the keywords every draft since shares are checked
// with it; newer ones (prefixItems, $defs, unevaluated*) are not, as it does not know them.
import META_SCHEMA from './json-schema-draft-07.json';
import { deeperThan, MAX_JSON_DEPTH } from './limits';

/** One thing wrong, in the shape every validator of the widget reports. */
export interface SchemaProblem {
  /** JSON Pointer into the arguments (or, for a bad schema, into the schema); '' is the whole. */
  path: string;
  /** The schema keyword that failed (`type`, `required`, `pattern`, …). */
  rule: string;
  message: string;
}

/** Most problems named at once: the first few tell the model what to fix, a thousand would drown it. */
export const MAX_SCHEMA_PROBLEMS = 5;

/** The drafts a schema may name in `$schema`; one that names none is read as 2020-12, the current one. */
const DRAFTS: Record<string, SchemaDraft> = {
  'json-schema.org/draft-04/schema': '4',
  'json-schema.org/draft-07/schema': '7',
  'json-schema.org/draft/2019-09/schema': '2019-09',
  'json-schema.org/draft/2020-12/schema': '2020-12',
};
const draftOf = (uri: string) => DRAFTS[uri.replace(/^https?:\/\//, '').replace(/#$/, '')];

let meta: Record<string, Schema | boolean> | undefined;

/** The errors that say what is wrong, not the ones that only say a part below had errors. */
function problemsOf(errors: readonly OutputUnit[]): SchemaProblem[] {
  // A `false` schema's own error ("False boolean schema.") says less than the keyword that applied it.
  const leaves = errors.filter((e) => (e.keyword !== 'false' || errors.length == 1) && !errors.some((o) => o !== e && o.instanceLocation.startsWith(e.instanceLocation) && o.keywordLocation.startsWith(`${e.keywordLocation}/`)));
  return leaves.slice(0, MAX_SCHEMA_PROBLEMS).map((e) => {
    const path = decodeURIComponent(e.instanceLocation.replace(/^#/, ''));
    return { path, rule: e.keyword, message: `${path || 'the arguments'}: ${e.error}` };
  });
}

export type ToolSchema = { ok: true; check(args: unknown): SchemaProblem[] } | { ok: false; error: string };

/** Checks `schema` (a tool's `parameters`) and makes the check of its arguments, or says why it cannot. */
export function compileToolSchema(schema: Record<string, unknown>): ToolSchema {
  const named = schema.$schema;
  const draft = named === undefined ? '2020-12' : typeof named === 'string' ? draftOf(named) : undefined;
  if (!draft) return { ok: false, error: `$schema ${JSON.stringify(named)} names no draft this page knows (draft-04, draft-07, 2019-09, 2020-12)` };
  meta ??= dereference(META_SCHEMA as Schema);
  const against = validate(schema, META_SCHEMA as Schema, '7', meta, false);
  if (!against.valid) return { ok: false, error: problemsOf(against.errors).map((p) => p.message.replace(/^the arguments/, 'the schema')).join('; ') };
  // A copy: dereference marks the objects it walks, and the owner's may be frozen or shared.
  const own = structuredClone(schema) as Schema;
  let lookup: Record<string, Schema | boolean>;
  try {
    lookup = dereference(own);
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
  const missing = unresolvedRef(own, lookup);
  if (missing) return { ok: false, error: `its $ref "${missing}" points at nothing in the schema (only refs within it are followed)` };
  return {
    ok: true,
    check(args) {
      // Validation recurses with the arguments; the event limit already bounds them, this keeps it so.
      if (deeperThan(args, MAX_JSON_DEPTH)) return [{ path: '', rule: 'depth', message: `the arguments nest deeper than ${MAX_JSON_DEPTH} levels (MAX_JSON_DEPTH)` }];
      try {
        // Every problem, not the first: the agent fixes them in one more call.
        const result = validate(args, own, draft, lookup, false);
        return result.valid ? [] : problemsOf(result.errors);
      } catch {
        // The validator's own message lists the schemas it knows by the page's URL: not for the agent.
        return [{ path: '', rule: '$schema', message: 'the arguments could not be checked against the tool\'s schema' }];
      }
    },
  };
}

/** The first `$ref` (or `$recursiveRef`) of `schema` that resolves to no schema of `lookup`. */
function unresolvedRef(schema: unknown, lookup: Record<string, Schema | boolean>): string | undefined {
  const stack = [schema];
  while (stack.length) {
    const s = stack.pop();
    if (typeof s !== 'object' || s === null) continue;
    const marks = s as { $ref?: string; __absolute_ref__?: string; $recursiveRef?: string; __absolute_recursive_ref__?: string };
    if (marks.$ref !== undefined && !lookup[marks.__absolute_ref__ ?? marks.$ref]) return marks.$ref;
    if (marks.$recursiveRef !== undefined && !lookup[marks.__absolute_recursive_ref__ ?? marks.$recursiveRef]) return marks.$recursiveRef;
    stack.push(...Object.values(s));
  }
}
