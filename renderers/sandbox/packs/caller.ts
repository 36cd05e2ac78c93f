// Calls for one view: the pure checks of calls.ts around the owner's code, with the view's count
// and rate, a timeout, and the result turned into JSON data within its cap. Every refusal and
// failure rejects with an Error whose message says why (the host posts it into the view as the
// reason, and warns with it in the console).

import { checkCall, checkResult, initialCallState, recordCall } from './calls';
import { PACK_LIMITS } from './limits';
import type { PackCaller, PackFunction, PackPolicy } from './types';

const TIMED_OUT = Symbol('timed out');

const messageOf = (error: unknown): string =>
  String(error instanceof Error ? error.message : error).slice(0, PACK_LIMITS.reasonChars) || 'an error without a message';

/** A caller with a fresh count and rate (one per view). `now` is the clock (tests pass their own). */
export function createCaller(functions: ReadonlyMap<string, PackFunction>, policy: PackPolicy, now: () => number = Date.now): PackCaller {
  const state = initialCallState();
  return async (name, args) => {
    const verdict = checkCall(functions, name, args, policy, state, now());
    if (!verdict.ok) throw new Error(verdict.reason);
    recordCall(state, now());
    const { fn, value } = verdict;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let result: unknown;
    try {
      result = await Promise.race([
        // A callback that throws before returning a promise fails the call as one that rejects.
        Promise.resolve().then(() => fn.run(value, abort.signal, policy)),
        new Promise((_, reject) => (timer = setTimeout(() => reject(TIMED_OUT), policy.callTimeoutMs))),
      ]);
    } catch (error) {
      abort.abort();
      throw new Error(error === TIMED_OUT ? `${fn.name}: no answer within ${policy.callTimeoutMs} ms` : `${fn.name}: failed: ${messageOf(error)}`);
    } finally {
      clearTimeout(timer);
    }
    const checked = checkResult(fn.name, result, policy);
    if (!checked.ok) throw new Error(checked.reason);
    return checked.value;
  };
}
