// The visitor's decisions on what the agent's runs asked them (AG-UI interrupts), for backend.ts:
// the asks kept per thread, their cards drawn, the resume that answers one, and the open asks a
// new turn must wait for (or, when no card can show them, cancels).

import type { DecisionTools, TurnRefusal } from '../../conversation/backend';
import { writeString } from '../../conversation/history';
import { adoptStyles } from '../../ui/adopt-styles';
import { DECISION_CSS, decideFirst, decisionSummary, drawDecisions, type DecisionAsk } from './decision-view';
import { resumeFor, type Decision } from './input';
import { isRecord, readJson } from './kept-thread';
import { asksDrawnAt, isOpen, keptAsks, unreachableAsks } from './open-asks';
import type { PartsLang } from './parts-view';
import type { ResumeEntry } from './types';

export type Decisions = ReturnType<typeof createDecisions>;

/** The asks of the thread kept at `key` of `storage`, read once. */
export function createDecisions(storage: Storage | null, key: string, lang: PartsLang) {
  /** What runs of this thread asked the visitor (their interrupts), by turn id, with the decisions made. */
  let asks: Record<string, DecisionAsk> = readJson(storage, key, isRecord<DecisionAsk>, {});
  const keep = () => writeString(storage, key, JSON.stringify((asks = keptAsks(asks))));

  /** Draws the cards of what turn `id` asked into `el`. */
  function drawAsk(el: HTMLElement, id: string, tools: DecisionTools) {
    const ask = asks[id]!;
    drawDecisions(el, ask, {
      decide(interruptId: string, decision: Decision) {
        ask.decisions[interruptId] = decision;
        keep();
      },
      send: () =>
        tools.answer({ turnId: id }, decisionSummary(ask, lang)).catch((error: unknown) => {
          // Not taken: the visitor decides again (a resume is never sent half-made).
          ask.decisions = {};
          keep();
          throw error;
        }),
      mountForm: (container, payload, onSubmit) =>
        tools.mount('bailing-form', payload, container, (response) => {
          if (response.action === 'submit' && typeof response.values === 'object' && response.values) onSubmit(response.values as Record<string, unknown>);
        }),
    }, lang);
  }

  return {
    /** Writes the asks (kept within their limits). */
    keep,
    /** Another thread's asks (none for a new thread), written with the thread's next keep; returns the ones they replace. */
    restore(other: typeof asks) {
      const was = asks;
      asks = other;
      return was;
    },
    /** What turn `id`'s run asked, kept with the turn (written with the thread's next keep). */
    add: (id: string, ask: DecisionAsk) => void (asks[id] = ask),

    /** The resume that answers turn `turnId`'s ask with the visitor's decisions; throws when there is none to make. */
    resumeOf(turnId: string): ResumeEntry[] {
      const ask = asks[turnId];
      if (!ask || ask.sent) throw new Error('there is nothing open to answer');
      const resume = resumeFor(ask.interrupts, ask.decisions);
      if (!resume.ok) throw Object.assign(new Error(resume.error), { visitorText: resume.error }) satisfies TurnRefusal;
      return resume.resume;
    },
    /** Turn `turnId`'s resume went: its ask is answered. The calls its interrupts held, each rejected or to run. */
    sent(turnId: string): { toolCallId: string; rejected: boolean }[] {
      const ask = asks[turnId]!;
      ask.sent = true;
      keep();
      return ask.interrupts.flatMap(({ id, toolCallId }) => (toolCallId === undefined ? [] : [{ toolCallId, rejected: ask.decisions[id]?.kind === 'reject' }]));
    },

    /** Draws, into `el`, the cards of the asks shown at answer `id` (`shown`: the answers the page's history shows); false when there are none. */
    draw(el: HTMLElement, id: string, tools: DecisionTools, shown: readonly string[]): boolean {
      const drawn = asksDrawnAt(asks, id, shown);
      if (!drawn.length) return false;
      adoptStyles(el, DECISION_CSS);
      // One card list per ask: an open ask whose own answer left the history comes here too.
      const boxes = drawn.length == 1 ? [el] : drawn.map(() => el.appendChild(document.createElement('div')));
      drawn.forEach((turnId, i) => drawAsk(boxes[i]!, turnId, tools));
      return true;
    },

    /**
     * Before a new turn. The agent waits on the visitor's decision: a run that does not answer every
     * open interrupt would be refused, so the message waits (it goes back in the box) and the card
     * says what to do. An open ask no card can show (the page's history was cleared) must not hold
     * the visitor: the run cancels it, as the 1.0 resume allows beside new messages.
     */
    beforeTurn(shown: readonly string[]): { unreachable: string[]; cancelled: ResumeEntry[] } {
      const unreachable = unreachableAsks(asks, shown);
      if (Object.keys(asks).some((k) => isOpen(asks[k]!) && !unreachable.includes(k))) throw Object.assign(new Error('an interrupt is waiting for a decision'), { visitorText: decideFirst(lang) }) satisfies TurnRefusal;
      return { unreachable, cancelled: unreachable.flatMap((k) => asks[k]!.interrupts.map((i) => ({ interruptId: i.id, status: 'cancelled' as const }))) };
    },
    /** The run that cancels them went: the asks `unreachable` are answered. */
    cancelled(unreachable: readonly string[]) {
      for (const k of unreachable) asks[k]!.sent = true;
      if (unreachable.length) keep();
    },
  };
}
