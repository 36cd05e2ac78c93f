// Consent for one piece of content drawn in the widget (a surface, an activity's view): the
// visitor's gesture looked for in its container, "touched" remembered (content restored from
// history acts once the visitor has used it), each refusal named once in the console. The rules
// themselves are consent.ts's; the ledger and budgets are the caller's (its page's).

import { decide, record, type Ask, type ConsentBudgets, type Effect, type Ledger } from './consent';
import { awaitGesture } from './gesture';

export interface ContentConsentOptions {
  /** Where the visitor's gesture must be (the focus inside it). */
  container: Element;
  /** The answer (job id) the content belongs to. */
  answer: string;
  /** Drawn again from the history. */
  restored: boolean;
  ledger: Ledger;
  budgets: ConsentBudgets;
  /** Ends the content: its timers stop, and it asks nothing more. */
  signal: AbortSignal;
  warn(message: string): void;
}

/** A refusal: its message names the rule (`agent.run: refused (gesture): …`). */
export type Refusal = Error & { rule: string };

/**
 * The consent of one piece of content: `ask` resolves to what may go ahead (count it with `done`
 * once it went) or rejects with the refusal.
 */
export function contentConsent(o: ContentConsentOptions) {
  let touched = false;
  const said = new Set<string>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  o.signal.addEventListener('abort', () => timers.forEach(clearTimeout), { once: true });
  const later = (ms: number, run: () => void) => {
    const t = setTimeout(() => (timers.delete(t), run()), ms);
    timers.add(t);
  };
  return {
    async ask(name: string, effect: Effect, send?: boolean): Promise<Ask> {
      if (o.signal.aborted) throw Object.assign(new Error(`${name}: refused: the content is gone`), { rule: 'gone' });
      const gesture = effect == 'act' && (await awaitGesture(o.container, later));
      touched ||= gesture;
      const ask: Ask = { name, effect, send, answer: o.answer, allowed: true, gesture, restored: o.restored && !touched };
      const verdict = decide(o.ledger, o.budgets, ask, Date.now());
      if (verdict.ok) return ask;
      // Named inside the content (the caller shows the rejection) and once in the console.
      if (!said.has(verdict.reason)) said.add(verdict.reason), o.warn(verdict.reason);
      throw Object.assign(new Error(verdict.reason), { rule: verdict.rule }) as Refusal;
    },
    /** Counts an ask that went ahead. */
    done: (ask: Ask) => record(o.ledger, ask, Date.now()),
  };
}
