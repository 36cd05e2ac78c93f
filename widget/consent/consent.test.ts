import { describe, expect, it } from 'vitest';
import { admitView, createLedger, decide, record, releaseView, type Ask, type ConsentBudgets, type Ledger } from './consent';

const BUDGETS: ConsentBudgets = { maxCalls: 3, maxCallsPerPage: 5, maxCallsPerMinute: 4, maxSends: 2, minSendIntervalMs: 1000, maxViews: 2 };
const ask = (over: Partial<Ask> = {}): Ask => ({ name: 'f', effect: 'read', answer: 'j1', allowed: true, restored: false, gesture: false, ...over });

/** Lets `asks` through one after another at the times given, as the host does, and says what the next one gets. */
function after(asks: [Partial<Ask>, number][], next: Partial<Ask>, now: number, budgets = BUDGETS, ledger: Ledger = createLedger()) {
  for (const [over, at] of asks) {
    expect(decide(ledger, budgets, ask(over), at)).toEqual({ ok: true });
    record(ledger, ask(over), at);
  }
  return decide(ledger, budgets, ask(next), now);
}

describe('decide: read and act', () => {
  it.each([
    { title: 'a read as the view loads', over: {}, rule: undefined },
    { title: 'a read from a restored view', over: { restored: true }, rule: undefined },
    { title: 'an act during a gesture', over: { effect: 'act', gesture: true }, rule: undefined },
    { title: 'an act with no gesture', over: { effect: 'act' }, rule: 'gesture' },
    { title: 'an act of a restored view no one touched', over: { effect: 'act', restored: true }, rule: 'restored' },
    { title: 'an act the owner did not allow, even during a gesture', over: { effect: 'act', gesture: true, allowed: false, allowedBy: 'policy.allowTools' }, rule: 'allowed' },
    { title: 'an act the owner did not allow, with no gesture (the owner’s rule is named first)', over: { effect: 'act', allowed: false }, rule: 'allowed' },
    { title: 'a send with no gesture', over: { effect: 'act', send: true }, rule: 'gesture' },
    { title: 'a send during a gesture', over: { effect: 'act', send: true, gesture: true }, rule: undefined },
  ] as { title: string; over: Partial<Ask>; rule?: string }[])('$title: $rule', ({ over, rule }) => {
    const verdict = decide(createLedger(), BUDGETS, ask(over), 0);
    expect(verdict.ok ? undefined : verdict.rule).toBe(rule);
  });

  it('a refusal names the call, the rule and what would allow it', () => {
    expect(decide(createLedger(), BUDGETS, ask({ name: 'sendEmail', effect: 'act', allowed: false, allowedBy: 'policy.allowTools' }), 0)).toEqual({
      ok: false, rule: 'allowed', reason: 'sendEmail: refused (allowed): not allowed by the site (policy.allowTools)',
    });
    expect(decide(createLedger(), BUDGETS, ask({ name: 'shop.deleteItem', effect: 'act' }), 0)).toEqual({
      ok: false, rule: 'gesture', reason: 'shop.deleteItem: refused (gesture): it acts only during the visitor’s click or key press in the view',
    });
    expect(decide(createLedger(), BUDGETS, ask({ name: 'agent.send', effect: 'act', send: true, restored: true }), 0)).toEqual({
      ok: false, rule: 'restored', reason: 'agent.send: refused (restored): drawn again from the history, it acts only once the visitor uses it',
    });
  });
});

describe('decide: budgets belong to the answer and the page, not the frame', () => {
  it.each([
    { title: 'calls per answer: the 4th of one answer', asks: [[{}, 0], [{}, 1], [{}, 2]], next: {}, now: 3, rule: 'answer' },
    { title: 'calls per answer: another answer still has its own', asks: [[{}, 0], [{}, 1], [{}, 2]], next: { answer: 'j2' }, now: 3, rule: undefined },
    { title: 'calls per page: the 6th across answers', asks: [[{}, 0], [{}, 1], [{}, 2], [{ answer: 'j2' }, 70_000], [{ answer: 'j2' }, 70_001]], next: { answer: 'j3' }, now: 200_000, rule: 'page' },
    { title: 'calls per minute: the 5th within 60 s, across answers', asks: [[{}, 0], [{}, 10], [{ answer: 'j2' }, 20], [{ answer: 'j3' }, 30]], next: { answer: 'j4' }, now: 59_999, rule: 'rate' },
    { title: 'calls per minute: the window slides', asks: [[{}, 0], [{}, 10], [{ answer: 'j2' }, 20], [{ answer: 'j3' }, 30]], next: { answer: 'j4' }, now: 60_000, rule: undefined },
    { title: 'acts count as calls', asks: [[{ effect: 'act', gesture: true }, 0], [{}, 1], [{}, 2]], next: {}, now: 3, rule: 'answer' },
    { title: 'sends per answer: the 3rd', asks: [[{ effect: 'act', send: true, gesture: true }, 0], [{ effect: 'act', send: true, gesture: true }, 5000]], next: { effect: 'act', send: true, gesture: true }, now: 10_000, rule: 'answer' },
    { title: 'sends are not calls', asks: [[{ effect: 'act', send: true, gesture: true }, 0], [{}, 1], [{}, 2], [{}, 3]], next: {}, now: 4, rule: 'answer' },
    { title: 'send interval: page-wide, across answers', asks: [[{ effect: 'act', send: true, gesture: true }, 0]], next: { answer: 'j2', effect: 'act', send: true, gesture: true }, now: 999, rule: 'interval' },
    { title: 'send interval: over once it has passed', asks: [[{ effect: 'act', send: true, gesture: true }, 0]], next: { answer: 'j2', effect: 'act', send: true, gesture: true }, now: 1000, rule: undefined },
  ] as { title: string; asks: [Partial<Ask>, number][]; next: Partial<Ask>; now: number; rule?: string }[])('$title', ({ asks, next, now, rule }) => {
    const verdict = after(asks, next, now);
    expect(verdict.ok ? undefined : verdict.rule).toBe(rule);
  });

  it('a refused ask is not counted (only record counts)', () => {
    const ledger = createLedger();
    for (let i = 0; i < 10; i++) decide(ledger, BUDGETS, ask(), i);
    expect(ledger.used.size).toBe(0);
    expect(after([], {}, 0, BUDGETS, ledger)).toEqual({ ok: true });
  });

  it('five views of one answer share one budget: maxCalls 3 lets 3 calls through in all', () => {
    const ledger = createLedger();
    let ran = 0;
    for (let view = 0; view < 5; view++) {
      for (let call = 0; call < 3; call++) {
        const a = ask({ name: 'sendEmail', effect: 'act', gesture: true });
        if (decide(ledger, BUDGETS, a, view * 10 + call).ok) (record(ledger, a, view * 10 + call), ran++);
      }
    }
    expect(ran).toBe(3);
  });

  it('the budget messages say the number', () => {
    expect(after([[{}, 0], [{}, 1], [{}, 2]], {}, 3)).toMatchObject({ reason: 'f: refused (answer): at most 3 calls per answer (maxCalls)' });
    expect(after([[{}, 0], [{}, 1], [{ answer: 'j2' }, 2], [{ answer: 'j3' }, 3]], { answer: 'j4' }, 4)).toMatchObject({ reason: 'f: refused (rate): at most 4 calls a minute on the page (maxCallsPerMinute)' });
  });
});

describe('admitView / releaseView: views per answer', () => {
  it('admits up to viewsPerAnswer views of one answer at once, and one more once one is gone', () => {
    const ledger = createLedger();
    expect(admitView(ledger, BUDGETS, 'j1', 'view "A"')).toEqual({ ok: true });
    expect(admitView(ledger, BUDGETS, 'j1', 'view "B"')).toEqual({ ok: true });
    expect(admitView(ledger, BUDGETS, 'j1', 'view "C"')).toEqual({ ok: false, rule: 'views', reason: 'view "C": refused (views): at most 2 views per answer (maxViews)' });
    expect(admitView(ledger, BUDGETS, 'j2', 'view "D"')).toEqual({ ok: true });
    releaseView(ledger, 'j1');
    expect(admitView(ledger, BUDGETS, 'j1', 'view "C"')).toEqual({ ok: true });
  });

  it('releasing more than was admitted never goes below none', () => {
    const ledger = createLedger();
    releaseView(ledger, 'j1');
    releaseView(ledger, 'nothing');
    expect(admitView(ledger, { ...BUDGETS, maxViews: 1 }, 'j1', 'v')).toEqual({ ok: true });
    expect(admitView(ledger, { ...BUDGETS, maxViews: 1 }, 'j1', 'v').ok).toBe(false);
  });
});
