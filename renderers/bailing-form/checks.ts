// What the form's check (schema.ts) and its values' check (values.ts) share: how an error is
// located and reported, how a value's JSON is sized, and which characters are controls. Pure.

import { FORM_LIMITS, type FormError, type FormRule } from './form-spec';

export type Errors = FormError[];
/** What is wrong with a value: a rule and its reason, or nothing. */
export type Problem = [FormRule, string] | undefined | false;

/** C0 and C1 controls (U+0000–U+001F, U+007F–U+009F), lone surrogates, line/paragraph separators, and
 * bidi embeddings, overrides and isolates: the last reorder what the visitor reads (Trojan Source,
 * CVE-2021-42574), so a label could show one thing and say another. */
const CONTROL = /[\p{Cc}\p{Cs}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

export const codePoints = (text: string): number => [...text].length;
const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length;
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value == 'object' && !Array.isArray(value);
const typeName = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
export const hasOwn = (object: object, key: string): boolean => Object.hasOwn(object, key);

/** `path.key`, or `path["key"]` (shortened) for a key that is not a plain name. */
export const at = (path: string, key: string): string =>
  /^[\w-]{1,64}$/.test(key)
    ? path ? `${path}.${key}` : key
    : `${path}[${JSON.stringify(key.length > 64 ? key.slice(0, 64) + '…' : key)}]`;

export const fail = (errors: Errors, path: string, rule: FormRule, reason: string): void => {
  if (errors.length < FORM_LIMITS.errors) errors.push({ path, rule, message: `${path || 'form'}: ${reason}` });
};
export const report = (errors: Errors, path: string, problem: Problem): void => {
  if (problem) fail(errors, path, ...problem);
};
export const wrongType = (expected: string, value: unknown): Problem => ['type', `expected ${expected}, got ${typeName(value)}`];

/** `value` as JSON, or `undefined` for what JSON cannot hold (cycles, BigInt, a bare `undefined`). */
export const serialize = (value: unknown): string | undefined => {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
};
/** One UTF-16 unit is 1 to 3 UTF-8 bytes, so most texts are decided without encoding them. */
export const tooBig = (json: string, cap: number): boolean => json.length > cap || (json.length * 3 > cap && utf8Bytes(json) > cap);

export const hasControl = (text: string, allowed?: RegExp): boolean => CONTROL.test(allowed ? text.replace(allowed, '') : text);
