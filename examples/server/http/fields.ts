// Small validators for request fields. Each throws a 400 that names the field and what was wrong.
import { badRequest } from './http-error';

export function rejectUnknownKeys(body: Record<string, unknown>, known: readonly string[], where = 'request body'): void {
  for (const key of Object.keys(body)) {
    if (!known.includes(key)) throw badRequest('unknown_field', `Unknown field "${key}" in the ${where}.`);
  }
}

/** `null` counts as absent: some clients send every optional key. */
export function optionalString(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badRequest('invalid_field', `"${key}" must be a string.`);
  return value;
}

export function optionalMatching(body: Record<string, unknown>, key: string, pattern: RegExp): string | undefined {
  const value = optionalString(body, key);
  if (value !== undefined && !pattern.test(value)) throw badRequest('invalid_field', `"${key}" must match ${pattern}.`);
  return value;
}

export function requiredString(body: Record<string, unknown>, key: string): string {
  const value = optionalString(body, key);
  if (value === undefined) throw badRequest('missing_field', `"${key}" is required.`);
  return value;
}

export { codePoints as charCount } from '../../../widget/contract';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
