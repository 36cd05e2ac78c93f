// What a live `sandbox` view asks of the host over its port (host.ts), and the consent each needs
// (widget/consent, DESIGN.md §13): a capability pack's call (checked and run by packs.js), and a
// send of the visitor's next message, an act that waits for their gesture in the view.

import { decide, record, type Ask, type ConsentBudgets, type Ledger, type Verdict } from '../../widget/consent/consent';
import { awaitGesture } from '../../widget/consent/gesture';
import type { PackCaller, PackGate } from './packs/types';
import type { HostMessage } from './bridge';
import type { SandboxPolicy } from './policy';
import { checkSend } from './sends';

export type Consent = (asked: Pick<Ask, 'name' | 'effect' | 'allowed' | 'allowedBy' | 'send'>) => Promise<Ask & { verdict: Verdict }>;

/**
 * The consent of one view for one thing it asks: an act waits a moment (`later`) for the visitor's
 * gesture in `frame` to reach the host; a view drawn again from the history (`restored`) acts only
 * once the visitor has used it. Counting what went ahead is the caller's.
 */
export function viewConsent(ledger: Ledger, budgets: ConsentBudgets, answer: string, restored: boolean, frame: HTMLIFrameElement, later: (ms: number, run: () => void) => void): Consent {
  /** Whether the visitor has used this view (a gesture in it) since it was drawn. */
  let touched = false;
  return async (asked) => {
    const gesture = asked.effect == 'act' && asked.allowed && (await awaitGesture(frame, later));
    touched ||= gesture;
    const ask: Ask = { ...asked, answer, gesture, restored: restored && !touched };
    return { ...ask, verdict: decide(ledger, budgets, ask, Date.now()) };
  };
}

/** The gate packs.js puts a view's calls through: the view's consent, and a call let through is counted. */
export const packGate = (ledger: Ledger, consent: Consent): PackGate => async (asked) => {
  const { verdict, ...ask } = await consent(asked);
  if (verdict.ok) record(ledger, ask, Date.now());
  return verdict;
};

/** A capability pack's call from a view: its value or its refusal goes back as the call's result. */
export function answerCall(calls: PackCaller | undefined, { id, name, payload }: { id: number; name: string; payload: unknown }, post: (message: HostMessage) => void, say: (reason: string) => void): void {
  // Checked and run by packs.js; nothing runs when no pack is installed.
  (calls ? calls(name, payload) : Promise.reject(Error('no capability pack is installed'))).then(
    (value) => post({ type: 'result', id, ok: true, value }),
    ({ message: reason }: Error) => (say(reason), post({ type: 'result', id, ok: false, reason })),
  );
}

/**
 * A send from a view: checked against `policy`, then, once the visitor's gesture allows it, sent
 * through `send` as their next message (unless the view `ended` meanwhile). `answered` gets the
 * refusal's reason, or nothing when it went.
 */
export function answerSend(payload: unknown, policy: SandboxPolicy, ledger: Ledger, consent: Consent, send: (message: string, shown: string) => boolean, ended: () => boolean, answered: (reason?: string) => void): void {
  const checked = checkSend(payload, policy);
  if (!checked.ok) return answered(checked.reason);
  // A send is the visitor's next message: it acts, so it needs their gesture in this view.
  void consent({ name: 'agent.send', effect: 'act', send: true, allowed: true }).then(({ verdict, ...ask }) => {
    if (ended()) return;
    if (!verdict.ok) return answered(verdict.reason);
    if (!send(checked.message, checked.text)) return answered('agent.send: the chat cannot send now (an answer is still coming)');
    record(ledger, ask, Date.now());
    answered();
  });
}
