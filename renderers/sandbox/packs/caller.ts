// Calls for one view: the pure checks of calls.ts, then the host's consent (widget/consent: the
// owner's allowance, a visitor's gesture for an act, the answer's and the page's budgets), then
// the owner's code with a timeout, and the result turned into JSON data within its cap. Every
// refusal and failure rejects with an Error whose message says why (the host posts it into the
// view as the reason, and warns with it in the console).

import { checkArgs, checkResult, findCall } from './calls';
import { PACK_LIMITS } from './limits';
import type { PackCaller, PackFunction, PackGate, PackPolicy } from './types';

const TIMED_OUT = Symbol('timed out');

const messageOf = (error: unknown): string =>
  String(error instanceof Error ? error.message : error).slice(0, PACK_LIMITS.reasonChars) || 'an error without a message';

/**
 * A caller for one view. Each call of an installed function asks `gate` first (a refusal says the
 * rule, whatever the arguments; a call let through counts against the budgets, whether its
 * arguments then pass or not), then its arguments are checked and it runs.
 */
export function createCaller(functions: ReadonlyMap<string, PackFunction>, policy: PackPolicy, gate: PackGate): PackCaller {
  return async (name, args) => {
    const found = findCall(functions, name);
    if (!found.ok) throw new Error(found.reason);
    const { fn } = found;
    const consent = await gate({
      name: fn.name,
      effect: fn.acts ? 'act' : 'read',
      allowed: !fn.gated || policy.allowTools.includes(fn.name),
      ...(fn.gated ? { allowedBy: 'policy.allowTools' } : {}),
    });
    if (!consent.ok) throw new Error(consent.reason);
    const checked = checkArgs(fn, args, policy);
    if (!checked.ok) throw new Error(checked.reason);
    const { value } = checked;
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
    const back = checkResult(fn.name, result, policy);
    if (!back.ok) throw new Error(back.reason);
    return back.value;
  };
}
