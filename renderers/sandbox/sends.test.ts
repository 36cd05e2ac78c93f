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

  it.each([
    // {"text":"…"} is 11 characters around the text.
    { title: '4,000 characters as JSON: sent', text: 'x'.repeat(3989), reason: null },
    { title: '4,001 characters: refused', text: 'x'.repeat(3990), reason: 'agent.send: the message is 4,001 characters; a message holds at most 4,000' },
    { title: '5,000 characters (under the byte limit): refused', text: 'x'.repeat(4989), reason: 'agent.send: the message is 5,000 characters; a message holds at most 4,000' },
    { title: '4,000 characters of 4-byte code points (16,011 bytes): sent', text: '😀'.repeat(3989), reason: null },
    { title: 'characters are code points, not UTF-16 units', text: '😀'.repeat(3990), reason: 'agent.send: the message is 4,001 characters; a message holds at most 4,000' },
  ])('the chat’s message limit (a send becomes a visitor message): $title', ({ text, reason }) => {
    const check = checkSend({ text }, policyOf());
    expect(check.ok ? null : check.reason).toBe(reason);
  });

  it('default: the message limit alone binds; an owner’s maxPayloadBytes above what 4,000 characters take is clamped (the count and interval of sends are the consent’s: widget/consent)', () => {
    const policy = policyOf();
    expect(policy.maxPayloadBytes).toBe(16000);
    expect(policyOf({ maxPayloadBytes: 65536 }).maxPayloadBytes).toBe(16000);
    expect(policyOf({ maxPayloadBytes: 8192 }).maxPayloadBytes).toBe(8192);
    expect([policy.maxSends, policy.minSendIntervalMs, policy.maxViews]).toEqual([20, 1000, 3]);
  });
});
