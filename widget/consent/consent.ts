// What model-written content may do on its own (DESIGN.md §13). Pure: one ledger per page load,
// the owner's budgets and an ask in; a verdict out. Every path by which a generated view (or, later,
// any content or agent the model drives) has an effect beyond itself asks here first, so a new path
// cannot forget a rule: a pack's function, `agent.send`, a view itself as it mounts.
//
// The rules, in the order they are applied:
// - **allowed**: an act the owner did not allow never runs (a gated tool not in `allowTools`);
// - **restored** / **gesture**: content may *read* as it loads, but it *acts* (sends as the
//   visitor, mails, reads a secret, writes through an API) only during a visitor's gesture in it.
//   Content drawn from history (a reload, a merge, another tab) says so until it is touched, so
//   one injected answer cannot act again at every page load;
// - **answer** / **page** / **rate**: budgets belong to the answer and to the page, not to one
//   frame, so N views of one answer do not get N budgets;
// - **interval**: sends are spaced out page-wide, so one gesture cannot post a burst of turns;
// - **views**: an answer shows at most so many views.

/** A read shows or fetches something for the view; an act changes something beyond it. */
export type Effect = 'read' | 'act';

/** The rule that refused an ask; its name is in the reason, for the owner reading the console. */
export type ConsentRule = 'allowed' | 'restored' | 'gesture' | 'answer' | 'page' | 'rate' | 'interval' | 'views';

/**
 * The owner's budgets, validated, under the names the owner sets them by in `sandbox.policy`
 * (renderers/sandbox/policy.ts and packs/policy.ts own their defaults and ranges).
 */
export interface ConsentBudgets {
  /** Calls (reads and acts) every view of one answer may make in all. */
  readonly maxCalls: number;
  /** Calls every view on the page may make in all, until the page is loaded again. */
  readonly maxCallsPerPage: number;
  /** Calls every view on the page may make in any {@link RATE_WINDOW_MS}. */
  readonly maxCallsPerMinute: number;
  /** Sends (`agent.send`) every view of one answer may make in all. */
  readonly maxSends: number;
  /** Least time between two sends on the page, in ms. */
  readonly minSendIntervalMs: number;
  /** Views one answer may show at once. */
  readonly maxViews: number;
}

/** The window of `maxCallsPerMinute`. */
export const RATE_WINDOW_MS = 60_000;

/** What the page's content has used, since the page loaded. */
export interface Ledger {
  /** Calls, sends and live views of each answer (keys `c`, `s`, `v` + its job id), and calls in all (`c`). */
  used: Map<string, number>;
  /** When each call of the last {@link RATE_WINDOW_MS} was let through, oldest first. */
  recent: number[];
  /** When the last send was let through; -Infinity before the first. */
  lastSend: number;
}

export const createLedger = (): Ledger => ({ used: new Map(), recent: [], lastSend: -Infinity });

/** One thing content asks to do. */
export interface Ask {
  /** As the reason names it: `documentSearch`, `sendEmail`, `shop.deleteItem`, `agent.send`. */
  readonly name: string;
  readonly effect: Effect;
  /** `agent.send` (a message as the visitor) counts against sends; everything else against calls. */
  readonly send?: boolean;
  /** The answer (job id) whose content asks. */
  readonly answer: string;
  /** False when the owner has not allowed this act; `allowedBy` names the setting that would. */
  readonly allowed: boolean;
  readonly allowedBy?: string;
  /** The content was drawn from history and the visitor has not touched it since. */
  readonly restored: boolean;
  /** A visitor's gesture in this content is under way (transient activation, focus on it). */
  readonly gesture: boolean;
}

export type Verdict = { ok: true } | { ok: false; rule: ConsentRule; reason: string };

const refuse = (name: string, rule: ConsentRule, why: string): Verdict => ({ ok: false, rule, reason: `${name}: refused (${rule}): ${why}` });

const used = (ledger: Ledger, key: string) => ledger.used.get(key) ?? 0;
const add = (ledger: Ledger, key: string, n = 1) => ledger.used.set(key, used(ledger, key) + n);

/** Whether `ask` may go ahead now. Pure: {@link record} counts one that went. A budget's refusal names its setting. */
export function decide(ledger: Ledger, budgets: ConsentBudgets, ask: Ask, now: number): Verdict {
  const { name, answer } = ask;
  const over = (rule: ConsentRule, key: keyof ConsentBudgets, used: number, what: string) =>
    used >= budgets[key] ? refuse(name, rule, `at most ${budgets[key]} ${what} (${key})`) : undefined;
  if (ask.effect == 'act') {
    if (!ask.allowed) return refuse(name, 'allowed', `not allowed by the site${ask.allowedBy ? ` (${ask.allowedBy})` : ''}`);
    if (!ask.gesture) return ask.restored ? refuse(name, 'restored', 'drawn again from the history, it acts only once the visitor uses it') : refuse(name, 'gesture', 'it acts only during the visitor’s click or key press in the view');
  }
  return (
    (ask.send
      ? over('answer', 'maxSends', used(ledger, 's' + answer), 'sends per answer') ??
        (now - ledger.lastSend < budgets.minSendIntervalMs ? refuse(name, 'interval', `wait ${budgets.minSendIntervalMs} ms between sends (minSendIntervalMs)`) : undefined)
      : over('answer', 'maxCalls', used(ledger, 'c' + answer), 'calls per answer') ??
        over('page', 'maxCallsPerPage', used(ledger, 'c'), 'calls per page load') ??
        over('rate', 'maxCallsPerMinute', ledger.recent.filter((t) => now - t < RATE_WINDOW_MS).length, 'calls a minute on the page')) ?? { ok: true }
  );
}

/** Counts an ask that {@link decide} let through. */
export function record(ledger: Ledger, ask: Pick<Ask, 'answer' | 'send'>, now: number): void {
  if (ask.send) {
    add(ledger, 's' + ask.answer);
    ledger.lastSend = now;
  } else {
    add(ledger, 'c' + ask.answer);
    add(ledger, 'c');
    ledger.recent = [...ledger.recent.filter((at) => now - at < RATE_WINDOW_MS), now];
  }
}

/** Admits one more view of `answer` (counted until {@link releaseView}), or says why not; `name` is the view's, as the reason names it. */
export function admitView(ledger: Ledger, budgets: ConsentBudgets, answer: string, name: string): Verdict {
  if (used(ledger, 'v' + answer) >= budgets.maxViews) return refuse(name, 'views', `at most ${budgets.maxViews} views per answer (maxViews)`);
  add(ledger, 'v' + answer);
  return { ok: true };
}

/** A view of `answer` is gone (its message replaced, the list drawn again). */
export function releaseView(ledger: Ledger, answer: string): void {
  if (used(ledger, 'v' + answer) > 0) add(ledger, 'v' + answer, -1);
}
