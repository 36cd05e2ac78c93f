// What a component's property is worth now: a literal, a `{path}` into the data model (relative
// paths inside a list template's item), or a `{call, args}` to a function of the catalog, whose
// arguments are themselves bindings. A2UI v0.9 "Data model representation: binding, scope". Pure.

import { isFunction, FUNCTIONS, type FnEnv } from './functions';
import { parseTemplate, type Expr } from './format-string';
import { MAX_BINDING_DEPTH } from './limits';
import { absolute, getAt } from './pointer';

export interface Scope {
  /** The surface's data model. */
  readonly data: unknown;
  /** The item a template draws (`/items/3`), or `""` at the root. */
  readonly base: string;
  readonly env: FnEnv;
  /** A function the catalog does not have (named once per render by the caller). */
  unknownFunction?(name: string): void;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value of `value` in `scope`. */
export function resolve(value: unknown, scope: Scope, depth = 0): unknown {
  if (!isRecord(value) || depth > MAX_BINDING_DEPTH) return value;
  if (typeof value.call === 'string') return call(value.call, isRecord(value.args) ? value.args : {}, scope, depth);
  if (typeof value.path === 'string') return getAt(scope.data, absolute(value.path, scope.base));
  // A literal object (a function's configuration).
  return value;
}

function call(name: string, args: Record<string, unknown>, scope: Scope, depth: number): unknown {
  const values: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) values[k] = Array.isArray(v) ? v.map((x) => resolve(x, scope, depth + 1)) : resolve(v, scope, depth + 1);
  return apply(name, values, scope, depth);
}

/** Function `name` on arguments already resolved (a value from the data model is never read as a binding). */
function apply(name: string, values: Record<string, unknown>, scope: Scope, depth: number): unknown {
  if (!isFunction(name)) return void scope.unknownFunction?.(name);
  if (name === 'formatString') return formatString(values.value, scope, depth);
  return FUNCTIONS[name](values, scope.env);
}

/** A value as text, as A2UI v0.9 converts: nothing is `""`, objects and arrays are JSON. */
export function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') {
    try {
      return JSON.stringify(value);
    } catch {
      return '';
    }
  }
  return String(value);
}

/** `formatString`: its template with each expression's value as text. */
export function formatString(template: unknown, scope: Scope, depth = 0): string {
  if (typeof template !== 'string') return '';
  const evaluate = (e: Expr, d: number): unknown => {
    if ('lit' in e) return e.lit;
    if ('path' in e) return getAt(scope.data, absolute(e.path, scope.base));
    if (d > MAX_BINDING_DEPTH) return undefined;
    const args: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(e.args)) args[k] = evaluate(v, d + 1);
    return apply(e.call, args, scope, d);
  };
  return parseTemplate(template).map((p) => (typeof p === 'string' ? p : text(evaluate(p, depth + 1)))).join('');
}

/** A check (`{condition, message}`, or the protocol text's `{call, args, message}`): its message when it fails, else null. */
export function failedCheck(check: unknown, scope: Scope): string | null {
  if (!isRecord(check)) return null;
  const condition = 'condition' in check ? check.condition : check;
  const message = typeof check.message === 'string' && check.message ? check.message : 'This value is not valid.';
  return resolve(condition, scope) === true ? null : message;
}
