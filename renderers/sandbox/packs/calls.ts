// The host's checks on one call from a view (DESIGN.md §8.3). Pure: the installed functions, the
// policy, what this view called so far and the time in; a verdict out. The frame cannot be
// trusted to check anything (the model's code runs beside the packs' script and may post on the
// bridge itself), so every call is checked here, on the host, before the owner's code runs.

import { PACK_LIMITS, RATE_WINDOW_MS } from './limits';
import type { PackFunction, PackPolicy } from './types';

/** What one view has called so far. */
export interface CallState {
  count: number;
  /** `now` of the accepted calls of the last {@link RATE_WINDOW_MS}, oldest first. */
  recent: number[];
}

export const initialCallState = (): CallState => ({ count: 0, recent: [] });

export type CallCheck = { ok: true; fn: PackFunction; value: unknown } | { ok: false; reason: string };

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

/**
 * Checks one call of `name` with `args` (what the frame posted). In order: the function exists
 * (nothing runs without an installed pack), a gated tool is allowed, the arguments are a list of
 * JSON data within `maxCallBytes`, the view is within `maxCalls` and
 * `maxCallsPerMinute`, and the function's own check of its arguments. Pure: the caller records an
 * accepted call ({@link recordCall}).
 */
export function checkCall(functions: ReadonlyMap<string, PackFunction>, name: unknown, args: unknown, policy: PackPolicy, state: CallState, now: number): CallCheck {
  const fn = typeof name == 'string' ? functions.get(name) : undefined;
  if (!fn) return { ok: false, reason: `${shownName(name)} is not a function of an installed capability pack` };
  if (fn.gated && !policy.allowTools.includes(fn.name)) return { ok: false, reason: `${fn.name}: denied: the site's policy does not allow it (policy.allowTools)` };
  if (!Array.isArray(args)) return { ok: false, reason: `${fn.name}: the arguments must be a list` };
  const size = jsonBytes(args);
  if (!size) return { ok: false, reason: `${fn.name}: the arguments must be JSON data` };
  if (size.bytes > policy.maxCallBytes) return { ok: false, reason: `${fn.name}: the arguments are ${size.bytes} bytes as JSON, over the limit of ${policy.maxCallBytes}` };
  if (state.count >= policy.maxCalls) return { ok: false, reason: `${fn.name}: this view may make at most ${policy.maxCalls} calls` };
  if (state.recent.filter((t) => now - t < RATE_WINDOW_MS).length >= policy.maxCallsPerMinute) {
    return { ok: false, reason: `${fn.name}: this view may make at most ${policy.maxCallsPerMinute} calls a minute` };
  }
  const checked = fn.check(args, policy);
  return checked.ok ? { ok: true, fn, value: checked.value } : checked;
}

/** Counts a call that was let through. */
export function recordCall(state: CallState, now: number): void {
  state.count++;
  state.recent = [...state.recent.filter((t) => now - t < RATE_WINDOW_MS), now];
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
