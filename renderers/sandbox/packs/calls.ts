// The host's checks on one call from a view (DESIGN.md §8.3). Pure: the installed functions, the
// policy and the call in; a verdict out. The frame cannot be trusted to check anything (the
// model's code runs beside the packs' script and may post on the bridge itself), so every call is
// checked here, on the host, before the owner's code runs. Whether it may run now (the owner's
// allowance, a visitor's gesture, the budgets) is the consent's to say (widget/consent), between
// finding the function and checking its arguments.

import { PACK_LIMITS } from './limits';
import type { PackFunction, PackPolicy } from './types';

/** UTF-8 bytes of `value` as JSON; undefined when it is not JSON data (a BigInt, a cycle). */
export function jsonBytes(value: unknown): { json: string | undefined; bytes: number } | undefined {
  try {
    const json = JSON.stringify(value);
    return { json, bytes: json === undefined ? 0 : new TextEncoder().encode(json).length };
  } catch {
    return undefined;
  }
}

/** A name as it appears in a reason: any text the view chose, quoted and cut short. */
export const shownName = (name: unknown): string =>
  typeof name == 'string' && /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)?$/.test(name) && name.length <= PACK_LIMITS.nameChars
    ? name
    : JSON.stringify(String(name).slice(0, PACK_LIMITS.nameChars));

export type CallCheck = { ok: true; value: unknown } | { ok: false; reason: string };

/** The installed function a view calls by `name`, or why there is none. */
export function findCall(functions: ReadonlyMap<string, PackFunction>, name: unknown): { ok: true; fn: PackFunction } | { ok: false; reason: string } {
  const fn = typeof name == 'string' ? functions.get(name) : undefined;
  return fn ? { ok: true, fn } : { ok: false, reason: `${shownName(name)} is not a function of an installed capability pack` };
}

/**
 * Checks the arguments `args` (what the frame posted) of a call of `fn`: a list of JSON data
 * within `maxCallBytes`, then the function's own check of them.
 */
export function checkArgs(fn: PackFunction, args: unknown, policy: PackPolicy): CallCheck {
  if (!Array.isArray(args)) return { ok: false, reason: `${fn.name}: the arguments must be a list` };
  const size = jsonBytes(args);
  if (!size) return { ok: false, reason: `${fn.name}: the arguments must be JSON data` };
  if (size.bytes > policy.maxCallBytes) return { ok: false, reason: `${fn.name}: the arguments are ${size.bytes} bytes as JSON, over the limit of ${policy.maxCallBytes}` };
  return fn.check(args, policy);
}

/**
 * What goes back into the frame: the result as JSON data (a copy: nothing of the owner's objects,
 * no function, no DOM node), or why not. Undefined stays undefined.
 */
export function checkResult(name: string, result: unknown, policy: PackPolicy): { ok: true; value: unknown } | { ok: false; reason: string } {
  const size = jsonBytes(result);
  if (!size) return { ok: false, reason: `${name}: the site's answer is not JSON data` };
  if (size.bytes > policy.maxResultBytes) return { ok: false, reason: `${name}: the answer is ${size.bytes} bytes as JSON, over the limit of ${policy.maxResultBytes}` };
  return { ok: true, value: size.json === undefined ? undefined : JSON.parse(size.json) };
}
