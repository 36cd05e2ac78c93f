import { describe, expect, it } from 'vitest';
import type { DecisionAsk } from './decision-view';
import { asksDrawnAt, keptAsks, MAX_KEPT_DECIDED_ASKS, shownAnswers, unreachableAsks } from './open-asks';

const ask = (sent = false): DecisionAsk => ({ runId: 'r', interrupts: [{ id: 'i', reason: 'tool_call' }], calls: {}, decisions: {}, ...(sent && { sent }) });

describe('open asks outlive the history window', () => {
  it('shownAnswers: the answers with cards, in order (visitor rows and failed answers show none)', () => {
    expect(shownAnswers([{ r: 'u', t: 'q', ts: 0 }, { r: 'a', t: 'x', j: 'a1', ts: 0 }, { r: 'a', t: 'boom', j: 'a2', ts: 0, err: true }, { r: 'a', t: 'y', j: 'a3', ts: 0 }, { r: 'a', t: 'local', ts: 0 }])).toEqual(['a1', 'a3']);
  });

  it('keptAsks: decided asks past the limit go, oldest first; an open one stays however old', () => {
    const asks: Record<string, DecisionAsk> = { open: ask() };
    for (let i = 0; i < MAX_KEPT_DECIDED_ASKS + 5; i++) asks[`d${i}`] = ask(true);
    const kept = keptAsks(asks);
    expect(Object.keys(kept)).toHaveLength(MAX_KEPT_DECIDED_ASKS + 1);
    expect(kept.open).toBe(asks.open);
    expect(kept.d0).toBeUndefined();
    expect(kept.d4).toBeUndefined();
    expect(kept.d5).toBe(asks.d5);
  });

  it.each([
    ['its own answer, still shown', 'a1', ['a1', 'a2'], { a1: ask() }, ['a1']],
    ['another shown answer draws nothing of it', 'a2', ['a1', 'a2'], { a1: ask() }, []],
    ['an open ask whose answer left the history goes with the newest answer', 'a9', ['a8', 'a9'], { a1: ask() }, ['a1']],
    ['not with an older one', 'a8', ['a8', 'a9'], { a1: ask() }, []],
    ['a decided one that left stays gone', 'a9', ['a8', 'a9'], { a1: ask(true) }, []],
    ['the newest answer draws its own first, then the orphans', 'a9', ['a8', 'a9'], { a1: ask(), a9: ask(true) }, ['a9', 'a1']],
  ] as const)('asksDrawnAt: %s', (_, id, shown, asks, drawn) => {
    expect(asksDrawnAt(asks, id, shown)).toEqual(drawn);
  });

  it('unreachableAsks: open asks count as unreachable only when no answer is shown to hold their card', () => {
    expect(unreachableAsks({ a1: ask(), a2: ask(true) }, [])).toEqual(['a1']);
    expect(unreachableAsks({ a1: ask() }, ['a9'])).toEqual([]);
  });
});
