import { describe, expect, it } from 'vitest';
import { validateSandboxPolicy, type SandboxPolicy } from './policy';
import { checkSend, initialSendState, recordSend } from './sends';

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
    expect(checkSend(payload, policyOf(), initialSendState(), 0)).toEqual({ ok: false, reason });
  });

  it('accepts an object with text: the visitor sees the text, the server gets the whole payload as JSON', () => {
    const payload = { text: ' Explain 2+2 ', result: 4 };
    expect(checkSend(payload, policyOf(), initialSendState(), 0)).toEqual({ ok: true, text: 'Explain 2+2', message: JSON.stringify(payload) });
  });

  it('counts UTF-8 bytes of the JSON against maxPayloadBytes', () => {
    const policy = policyOf({ maxPayloadBytes: 20 });
    // {"text":"ééééé"} is 16 characters and 21 bytes.
    expect(checkSend({ text: 'ééééé' }, policy, initialSendState(), 0)).toEqual({ ok: false, reason: 'agent.send: the payload is 21 bytes as JSON, over the limit of 20' });
    expect(checkSend({ text: 'éééé' }, policy, initialSendState(), 0).ok).toBe(true);
  });

  it('defaults: 8192 bytes, 1000 ms between sends, 20 sends', () => {
    const policy = policyOf();
    expect(checkSend({ text: 'x'.repeat(8192 - 11) }, policy, initialSendState(), 0).ok).toBe(true);
    expect(checkSend({ text: 'x'.repeat(8192 - 10) }, policy, initialSendState(), 0).ok).toBe(false);
    const state = initialSendState();
    for (let i = 0; i < 20; i++) {
      expect(checkSend({ text: 'x' }, policy, state, i * 1000).ok).toBe(true);
      recordSend(state, i * 1000);
    }
    expect(checkSend({ text: 'x' }, policy, state, 1e9)).toEqual({ ok: false, reason: 'agent.send: this view may send at most 20 times' });
  });

  it('refuses a send within minSendIntervalMs of the last accepted one, and only counts recorded sends', () => {
    const policy = policyOf({ minSendIntervalMs: 1000 });
    const state = initialSendState();
    expect(checkSend({ text: 'a' }, policy, state, 5000).ok).toBe(true);
    // Not recorded (the chat was busy): the next one is not too soon.
    expect(checkSend({ text: 'a' }, policy, state, 5001).ok).toBe(true);
    recordSend(state, 5001);
    expect(checkSend({ text: 'a' }, policy, state, 6000)).toEqual({ ok: false, reason: 'agent.send: wait 1000 ms between sends' });
    expect(checkSend({ text: 'a' }, policy, state, 6001).ok).toBe(true);
  });

  it('maxSends 0 refuses every send', () => {
    expect(checkSend({ text: 'a' }, policyOf({ maxSends: 0 }), initialSendState(), 0)).toEqual({ ok: false, reason: 'agent.send: this view may send at most 0 times' });
  });
});
