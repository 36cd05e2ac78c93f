import { describe, expect, it } from 'vitest';
import { validateSandboxPolicy, type SandboxPolicy } from './policy';
import { checkSend } from './sends';

const policyOf = (input?: unknown): SandboxPolicy => {
  const check = validateSandboxPolicy(input);
  if (!check.ok) throw new Error(check.errors.join('\n'));
  return check.policy;
};

describe('checkSend: what a view may send back', () => {
  it.each([
    { title: 'a string', payload: 'hi', reason: 'agent.send: the payload must be an object' },
    { title: 'null', payload: null, reason: 'agent.send: the payload must be an object' },
    { title: 'an array', payload: [{ text: 'x' }], reason: 'agent.send: the payload must be an object' },
    { title: 'no text', payload: { value: 1 }, reason: 'agent.send: the payload needs a non-empty string "text" (what the visitor sees)' },
    { title: 'a blank text', payload: { text: '  ' }, reason: 'agent.send: the payload needs a non-empty string "text" (what the visitor sees)' },
    { title: 'a number as text', payload: { text: 3 }, reason: 'agent.send: the payload needs a non-empty string "text" (what the visitor sees)' },
  ])('refuses $title', ({ payload, reason }) => {
    expect(checkSend(payload, policyOf())).toEqual({ ok: false, reason });
  });

  it('accepts an object with text: the visitor sees the text, the server gets the whole payload as JSON', () => {
    const payload = { text: ' Explain 2+2 ', result: 4 };
    expect(checkSend(payload, policyOf())).toEqual({ ok: true, text: 'Explain 2+2', message: JSON.stringify(payload) });
  });

  it('counts UTF-8 bytes of the JSON against maxPayloadBytes', () => {
    const policy = policyOf({ maxPayloadBytes: 20 });
    // {"text":"ééééé"} is 16 characters and 21 bytes.
    expect(checkSend({ text: 'ééééé' }, policy)).toEqual({ ok: false, reason: 'agent.send: the payload is 21 bytes as JSON, over the limit of 20' });
    expect(checkSend({ text: 'éééé' }, policy).ok).toBe(true);
  });

  it('default: 8192 bytes (the count and interval of sends are the consent’s: widget/consent)', () => {
    const policy = policyOf();
    expect(checkSend({ text: 'x'.repeat(8192 - 11) }, policy).ok).toBe(true);
    expect(checkSend({ text: 'x'.repeat(8192 - 10) }, policy).ok).toBe(false);
    expect([policy.maxSends, policy.minSendIntervalMs, policy.maxViews]).toEqual([20, 1000, 3]);
  });
});
