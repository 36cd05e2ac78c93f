// buildRunInput and resumeFor in tables, each body also checked against @ag-ui/core 1.0.0's
// RunAgentInput schema (zod), the one a conforming agent parses it with.
import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { describe, expect, it } from 'vitest';
import { buildRunInput, EDITED_ARGS_KEY, PROTOCOL_VERSION, resumeFor, type Decision, type RunInputParts } from './input';
import type { Interrupt, Message } from './types';

/** Every key of every object in `v`, recursively, whose value is null or undefined. */
function nullish(v: unknown, at = ''): string[] {
  if (typeof v !== 'object' || v === null) return [];
  return Object.entries(v).flatMap(([k, x]) => (x === null || x === undefined ? [`${at}/${k}`] : nullish(x, `${at}/${k}`)));
}

const messages: Message[] = [
  { id: 'u1', role: 'user', content: 'Hi', name: undefined, subagentRunId: undefined },
  { id: 'a1', role: 'assistant', content: 'ok', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' }, encryptedValue: undefined }], encryptedValue: null as never },
  { id: 'x1', role: 'activity', activityType: 'search', content: {} },
  { id: 't1', role: 'tool', toolCallId: 'c1', content: 'done', error: undefined },
  { id: 'r1', role: 'reasoning', content: 'why', encryptedValue: 'sealed' },
];

const CASES: { title: string; parts: RunInputParts; expected: unknown }[] = [
  {
    title: 'the minimum: ids, the protocol version, and empty lists',
    parts: { threadId: 't', runId: 'r' },
    expected: { threadId: 't', runId: 'r', protocolVersion: PROTOCOL_VERSION, messages: [], tools: [], context: [] },
  },
  {
    title: 'everything, optional fields present',
    parts: {
      threadId: 't',
      runId: 'r2',
      parentRunId: 'r1',
      messages: [{ id: 'u1', role: 'user', content: 'Hi' }],
      tools: [{ name: 'lookup', description: 'Looks up', parameters: { type: 'object' }, metadata: { ui: 'card' } }],
      context: [{ description: 'page', value: '/x' }],
      state: { step: 2 },
      forwardedProps: { locale: 'fr' },
      resume: [{ interruptId: 'i1', status: 'resolved', payload: { approved: true } }],
    },
    expected: {
      threadId: 't',
      runId: 'r2',
      protocolVersion: '1.0',
      parentRunId: 'r1',
      state: { step: 2 },
      messages: [{ id: 'u1', role: 'user', content: 'Hi' }],
      tools: [{ name: 'lookup', description: 'Looks up', parameters: { type: 'object' }, metadata: { ui: 'card' } }],
      context: [{ description: 'page', value: '/x' }],
      forwardedProps: { locale: 'fr' },
      resume: [{ interruptId: 'i1', status: 'resolved', payload: { approved: true } }],
    },
  },
  {
    title: 'activity messages stay home; null and undefined fields are omitted, deep in tool calls too',
    parts: { threadId: 't', runId: 'r', messages },
    expected: {
      threadId: 't',
      runId: 'r',
      protocolVersion: '1.0',
      messages: [
        { id: 'u1', role: 'user', content: 'Hi' },
        { id: 'a1', role: 'assistant', content: 'ok', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }] },
        { id: 't1', role: 'tool', toolCallId: 'c1', content: 'done' },
        { id: 'r1', role: 'reasoning', content: 'why', encryptedValue: 'sealed' },
      ],
      tools: [],
      context: [],
    },
  },
  {
    title: 'host tools: handlers and other fields are not sent',
    parts: { threadId: 't', runId: 'r', tools: [{ name: 'pick', description: 'Picks', handler: () => 1, render: 'x', parameters: undefined } as never] },
    expected: { threadId: 't', runId: 'r', protocolVersion: '1.0', messages: [], tools: [{ name: 'pick', description: 'Picks' }], context: [] },
  },
  {
    title: 'null state and forwardedProps, an empty resume: omitted',
    parts: { threadId: 't', runId: 'r', state: null, forwardedProps: null, resume: [], parentRunId: undefined },
    expected: { threadId: 't', runId: 'r', protocolVersion: '1.0', messages: [], tools: [], context: [] },
  },
  {
    title: 'falsy state values other than null are sent',
    parts: { threadId: 't', runId: 'r', state: 0, forwardedProps: false },
    expected: { threadId: 't', runId: 'r', protocolVersion: '1.0', state: 0, messages: [], tools: [], context: [], forwardedProps: false },
  },
];

describe('buildRunInput', () => {
  it.each(CASES)('$title', ({ parts, expected }) => {
    const body = buildRunInput(parts);
    expect(body).toEqual(expected);
    expect(nullish(body)).toEqual([]);
    const json = JSON.parse(JSON.stringify(body));
    expect(json).toEqual(expected);
    expect(RunAgentInputSchema.safeParse(json).success).toBe(true);
  });

  it('does not change what it was given', () => {
    const given = structuredClone({ threadId: 't', runId: 'r', messages: messages.map((m) => ({ ...m })) });
    const copy = structuredClone(given);
    buildRunInput(given);
    expect(given).toEqual(copy);
  });

  it.each([[{ threadId: 't' }], [{ runId: 'r' }], [{ threadId: 1, runId: 'r' }]])('refuses a missing or non-string id: %j', (parts) => {
    expect(() => buildRunInput(parts as never)).toThrow(new TypeError('buildRunInput: threadId and runId must be strings'));
  });
});

const interrupts: Interrupt[] = [
  { id: 'i1', reason: 'tool_call', toolCallId: 'c1' },
  { id: 'i2', reason: 'tool_call', toolCallId: 'c2', expiresAt: '2026-06-01T00:00:00Z' },
  { id: 'i3', reason: 'input_required', responseSchema: { type: 'object' } },
];
const NOW = Date.parse('2026-05-01T00:00:00Z');

describe('resumeFor', () => {
  it.each<[string, Record<string, Decision>, number, unknown]>([
    [
      'approve, edit, answer: resolved, in the interrupts\' order',
      { i3: { kind: 'answer', payload: { year: 2026 } }, i2: { kind: 'edit', args: { to: 'b@c.d' } }, i1: { kind: 'approve' } },
      NOW,
      {
        ok: true,
        resume: [
          { interruptId: 'i1', status: 'resolved', payload: { approved: true } },
          { interruptId: 'i2', status: 'resolved', payload: { approved: true, [EDITED_ARGS_KEY]: { to: 'b@c.d' } } },
          { interruptId: 'i3', status: 'resolved', payload: { year: 2026 } },
        ],
      },
    ],
    [
      'reject: cancelled, no payload',
      { i1: { kind: 'reject' }, i2: { kind: 'reject' }, i3: { kind: 'reject' } },
      NOW,
      { ok: true, resume: ['i1', 'i2', 'i3'].map((interruptId) => ({ interruptId, status: 'cancelled' })) },
    ],
    [
      'an answer of null or undefined resolves without a payload',
      { i1: { kind: 'answer', payload: null }, i2: { kind: 'answer', payload: undefined }, i3: { kind: 'approve' } },
      NOW,
      { ok: true, resume: [{ interruptId: 'i1', status: 'resolved' }, { interruptId: 'i2', status: 'resolved' }, { interruptId: 'i3', status: 'resolved', payload: { approved: true } }] },
    ],
    ['a missing decision: refused', { i1: { kind: 'approve' }, i3: { kind: 'approve' } }, NOW, { ok: false, error: 'no decision for interrupt i2' }],
    ['no decisions at all: refused', {}, NOW, { ok: false, error: 'no decision for interrupt i1, i2, i3' }],
    [
      'a decision for an interrupt that is not open: refused',
      { i1: { kind: 'approve' }, i2: { kind: 'approve' }, i3: { kind: 'approve' }, i9: { kind: 'approve' } },
      NOW,
      { ok: false, error: 'no open interrupt i9' },
    ],
    [
      'resolving an expired interrupt: refused',
      { i1: { kind: 'approve' }, i2: { kind: 'approve' }, i3: { kind: 'approve' } },
      Date.parse('2026-06-01T00:00:00Z'),
      { ok: false, error: 'interrupt i2 expired at 2026-06-01T00:00:00Z; it can only be rejected' },
    ],
    [
      'rejecting an expired interrupt: allowed (1.0: coverage is mandatory, so expiry leaves only cancelling)',
      { i1: { kind: 'approve' }, i2: { kind: 'reject' }, i3: { kind: 'approve' } },
      Date.parse('2027-01-01T00:00:00Z'),
      { ok: true, resume: [{ interruptId: 'i1', status: 'resolved', payload: { approved: true } }, { interruptId: 'i2', status: 'cancelled' }, { interruptId: 'i3', status: 'resolved', payload: { approved: true } }] },
    ],
  ])('%s', (_title, decisions, now, expected) => {
    const out = resumeFor(interrupts, decisions, now);
    expect(out).toEqual(expected);
    if (out.ok) expect(RunAgentInputSchema.safeParse(buildRunInput({ threadId: 't', runId: 'r', resume: out.resume })).success).toBe(true);
  });

  it('an expiresAt that is not a date leaves the interrupt answerable', () => {
    expect(resumeFor([{ id: 'i', reason: 'r', expiresAt: 'tomorrow' }], { i: { kind: 'approve' } }, NOW)).toMatchObject({ ok: true });
  });

  it('no open interrupts and no decisions: an empty list, which buildRunInput does not send', () => {
    const out = resumeFor([], {}, NOW);
    expect(out).toEqual({ ok: true, resume: [] });
    expect('resume' in buildRunInput({ threadId: 't', runId: 'r', resume: out.ok ? out.resume : [] })).toBe(false);
  });

  it('a decision named like an Object.prototype member is not mistaken for one', () => {
    expect(resumeFor([{ id: 'toString', reason: 'r' }], {}, NOW)).toEqual({ ok: false, error: 'no decision for interrupt toString' });
  });
});
