// parseAgUiEvent against @ag-ui/core 1.0.0's zod schemas: a full valid sample of every event type,
// then every leaf of it removed, set to a value of the wrong type, and set to null. Our verdict
// (accept / reject) must be zod's, except for the intended divergences listed in DIVERGENCES.
import { EventSchemas, ReasoningMessageContentEventSchema, ReasoningMessageEndEventSchema, ReasoningMessageStartEventSchema, ReasoningStartEventSchema, ReasoningEndEventSchema } from '@ag-ui/core/schemas';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, parseAgUiEvent } from './events';

const BASE = { timestamp: 1_700_000_000_000, rawEvent: { vendor: 'x' }, metadata: { trace: 'abc', n: null } };
const OWNED = { ...BASE, subagentRunId: 'sub-1' };
const patch = [
  { op: 'add', path: '/a', value: 1 },
  { op: 'remove', path: '/b' },
  { op: 'replace', path: '/c/0', value: null },
  { op: 'move', from: '/d', path: '/e' },
  { op: 'copy', from: '/f~1g', path: '/h' },
  { op: 'test', path: '', value: { x: 1 } },
];
const parts = [
  { type: 'text', id: 'p1', text: 'hi', metadata: { source: 's' } },
  { type: 'image', id: 'p2', source: { type: 'data', value: 'aGk=', mimeType: 'image/png' }, metadata: { alt: 'a' } },
  { type: 'document', source: { type: 'url', value: 'https://example.com/x.pdf', mimeType: 'application/pdf' } },
  { type: 'audio', source: { type: 'file', value: 'file-1', provider: 'openai', mimeType: 'audio/wav' } },
];
const messages = [
  { id: 'd1', role: 'developer', content: 'be kind', name: 'dev', encryptedValue: 'e', metadata: { a: 1 }, subagentRunId: 'sub-1' },
  { id: 's1', role: 'system', content: 'sys' },
  {
    id: 'a1',
    role: 'assistant',
    content: 'hello',
    name: 'bot',
    toolCalls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' }, encryptedValue: 'e', metadata: { m: 1 } }],
  },
  { id: 'u1', role: 'user', content: parts },
  { id: 't1', role: 'tool', content: 'result', toolCallId: 'c1', error: 'partial', encryptedValue: 'e' },
  { id: 'x1', role: 'activity', activityType: 'search', content: { q: 'cats' } },
  { id: 'r1', role: 'reasoning', content: 'thought', encryptedValue: 'e' },
];
const usage = [{ provider: 'openai', model: 'gpt', inputTokens: 10, outputTokens: 5, totalTokens: 15, reasoningTokens: 1, cachedInputTokens: 2, cacheWriteInputTokens: 0 }];
const interrupts = [{ id: 'i1', reason: 'tool_call', message: 'ok?', toolCallId: 'c1', responseSchema: { type: 'object' }, expiresAt: '2030-01-01T00:00:00Z', metadata: { k: 1 }, subagentRunId: 'sub-1' }];

/** A full, valid sample of every 1.0 event type: every optional field present. */
const SAMPLES: Record<string, Record<string, unknown>> = {
  TEXT_MESSAGE_START: { ...OWNED, messageId: 'm1', role: 'assistant', name: 'bot' },
  TEXT_MESSAGE_CONTENT: { ...OWNED, messageId: 'm1', delta: 'Hel' },
  TEXT_MESSAGE_END: { ...OWNED, messageId: 'm1' },
  TEXT_MESSAGE_CHUNK: { ...OWNED, messageId: 'm1', role: 'user', delta: 'x', name: 'n' },
  TOOL_CALL_START: { ...OWNED, toolCallId: 'c1', toolCallName: 'search', parentMessageId: 'm1' },
  TOOL_CALL_ARGS: { ...OWNED, toolCallId: 'c1', delta: '{' },
  TOOL_CALL_END: { ...OWNED, toolCallId: 'c1' },
  TOOL_CALL_CHUNK: { ...OWNED, toolCallId: 'c1', toolCallName: 'search', parentMessageId: 'm1', delta: '{' },
  TOOL_CALL_RESULT: { ...OWNED, messageId: 't1', toolCallId: 'c1', content: parts, role: 'tool' },
  STATE_SNAPSHOT: { ...OWNED, snapshot: { a: [1, { b: 2 }] } },
  STATE_DELTA: { ...OWNED, delta: patch },
  MESSAGES_SNAPSHOT: { ...BASE, messages },
  ACTIVITY_SNAPSHOT: { ...OWNED, messageId: 'x1', activityType: 'search', content: { q: 'cats' }, replace: false },
  ACTIVITY_DELTA: { ...OWNED, messageId: 'x1', activityType: 'search', patch },
  RAW: { ...OWNED, event: { anything: true }, source: 'vendor' },
  CUSTOM: { ...OWNED, name: 'progress', value: { pct: 50 } },
  RUN_STARTED: { ...BASE, threadId: 't', runId: 'r', protocolVersion: '1.0', parentRunId: 'r0', input: { threadId: 't', runId: 'r', protocolVersion: '1.0', parentRunId: 'r0', messages } },
  RUN_FINISHED: { ...BASE, threadId: 't', runId: 'r', result: { ok: true }, outcome: { type: 'interrupt', interrupts }, usage },
  RUN_ERROR: { ...BASE, message: 'boom', code: 'E1', usage },
  STEP_STARTED: { ...OWNED, stepName: 'plan' },
  STEP_FINISHED: { ...OWNED, stepName: 'plan' },
  REASONING_START: { ...OWNED, messageId: 'span1' },
  REASONING_MESSAGE_START: { ...OWNED, messageId: 'r1', role: 'reasoning' },
  REASONING_MESSAGE_CONTENT: { ...OWNED, messageId: 'r1', delta: 'hm' },
  REASONING_MESSAGE_END: { ...OWNED, messageId: 'r1' },
  REASONING_MESSAGE_CHUNK: { ...OWNED, messageId: 'r1', delta: 'hm' },
  REASONING_END: { ...OWNED, messageId: 'span1' },
  REASONING_ENCRYPTED_VALUE: { ...OWNED, subtype: 'tool-call', entityId: 'c1', encryptedValue: 'opaque' },
  SUBAGENT_STARTED: { ...BASE, subagentRunId: 'sub-1', name: 'researcher', description: 'd', parentSubagentRunId: 'sub-0', parentToolCallId: 'c1', parentMessageId: 'm1' },
  SUBAGENT_FINISHED: { ...BASE, subagentRunId: 'sub-1', result: [1], outcome: { type: 'suspended', interruptIds: ['i1'] } },
  SUBAGENT_ERROR: { ...BASE, subagentRunId: 'sub-1', message: 'failed', code: 'E' },
};

/** Other valid shapes the full samples do not reach (the other union members). */
const MORE_SAMPLES: [string, Record<string, unknown>][] = [
  ['RUN_FINISHED', { threadId: 't', runId: 'r', outcome: { type: 'success', pendingToolCallIds: ['c1', 'c2'] } }],
  ['RUN_FINISHED', { threadId: 't', runId: 'r', outcome: { type: 'cancelled' } }],
  ['RUN_FINISHED', { threadId: 't', runId: 'r' }],
  ['SUBAGENT_FINISHED', { subagentRunId: 's', outcome: { type: 'success' }, result: 0 }],
  ['TOOL_CALL_RESULT', { messageId: 't', toolCallId: 'c', content: 'plain text' }],
  ['TOOL_CALL_RESULT', { messageId: 't', toolCallId: 'c', content: [] }],
  ['STATE_SNAPSHOT', { snapshot: null }],
  ['STATE_DELTA', { delta: [] }],
  ['CUSTOM', { name: 'n', value: null }],
  ['TEXT_MESSAGE_CHUNK', {}],
  ['TOOL_CALL_CHUNK', {}],
  ['REASONING_MESSAGE_CHUNK', {}],
  ['MESSAGES_SNAPSHOT', { messages: [{ id: 'a', role: 'assistant' }, { id: 'u', role: 'user', content: 'plain' }, { id: 't', role: 'tool', toolCallId: 'c', content: [] }] }],
  ['REASONING_ENCRYPTED_VALUE', { subtype: 'message', entityId: 'm', encryptedValue: '' }],
];

type Path = (string | number)[];

/** Every path to a value inside `v` (objects and arrays walked, the root excluded). */
function leaves(v: unknown, at: Path = []): Path[] {
  if (typeof v !== 'object' || v === null) return [];
  const keys: (string | number)[] = Array.isArray(v) ? v.map((_, i) => i) : Object.keys(v);
  return keys.flatMap((k) => [[...at, k], ...leaves((v as any)[k], [...at, k])]);
}

const WRONG = (v: unknown) => (typeof v === 'string' ? 42 : 'text');

function mutate(sample: object, path: Path, how: 'missing' | 'wrong type' | 'null'): object {
  const copy = structuredClone(sample);
  let parent: any = copy;
  for (const k of path.slice(0, -1)) parent = parent[k];
  const k = path[path.length - 1];
  if (how === 'missing') Array.isArray(parent) ? parent.splice(k as number, 1) : delete parent[k];
  else parent[k] = how === 'null' ? null : WRONG(parent[k]);
  return copy;
}

/**
 * Where our verdict is meant to differ from the zod schemas, and why. Each matches a mutation by
 * event type, how, and the mutated path (joined with "/").
 */
const LEGACY_NULL = 'a pre-1.0 null reads as absent, as the compatibility boundary of @ag-ui/client reads it';
const DIVERGENCES: { type: RegExp; how: RegExp; path: RegExp; ours: boolean; why: string }[] = [
  { type: /./, how: /^null$/, path: /^rawEvent$/, ours: true, why: LEGACY_NULL },
  { type: /^(RUN|SUBAGENT)_FINISHED$/, how: /^null$/, path: /^result$/, ours: true, why: LEGACY_NULL },
  { type: /^TOOL_CALL_(START|CHUNK)$/, how: /^null$/, path: /^parentMessageId$/, ours: true, why: LEGACY_NULL },
  { type: /^RUN_FINISHED$/, how: /^null$/, path: /^outcome$/, ours: true, why: LEGACY_NULL },
  {
    type: /^(RUN|SUBAGENT)_FINISHED$/,
    how: /./,
    path: /^outcome\/type$/,
    ours: true,
    why: '1.0 lifecycle: an outcome a consumer does not recognise is stripped, and an absent outcome means success',
  },
];

interface Row { type: string; title: string; event: object }

function rows(): Row[] {
  const out: Row[] = [];
  for (const [type, fields] of Object.entries(SAMPLES)) {
    const sample = { type, ...fields };
    out.push({ type, title: 'full sample', event: sample });
    for (const path of leaves(fields)) {
      for (const how of ['missing', 'wrong type', 'null'] as const) out.push({ type, title: `${how} ${path.join('/')}`, event: mutate(sample, path, how) });
    }
  }
  for (const [type, fields] of MORE_SAMPLES) out.push({ type, title: 'other shape ' + JSON.stringify(fields), event: { type, ...fields } });
  return out;
}

/** Hand-picked faults the leaf mutations do not produce. */
const FAULTS: [string, Record<string, unknown>][] = [
  ['TIMESTAMP_FLOAT', { type: 'TEXT_MESSAGE_END', messageId: 'm', timestamp: 1.5 }],
  ['TIMESTAMP_UNSAFE', { type: 'TEXT_MESSAGE_END', messageId: 'm', timestamp: 2 ** 53 }],
  ['ROLE_TOOL', { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'tool' }],
  ['REASONING_ROLE', { type: 'REASONING_MESSAGE_START', messageId: 'm', role: 'assistant' }],
  ['POINTER_NO_SLASH', { type: 'STATE_DELTA', delta: [{ op: 'add', path: 'a', value: 1 }] }],
  ['POINTER_BAD_ESCAPE', { type: 'STATE_DELTA', delta: [{ op: 'remove', path: '/a~2' }] }],
  ['OP_UNKNOWN', { type: 'STATE_DELTA', delta: [{ op: 'merge', path: '/a', value: 1 }] }],
  ['OP_EXTRA_MEMBER', { type: 'STATE_DELTA', delta: [{ op: 'remove', path: '/a', value: 1 }] }],
  ['ADD_NULL_VALUE', { type: 'STATE_DELTA', delta: [{ op: 'add', path: '/a', value: null }] }],
  ['ADD_NO_VALUE', { type: 'ACTIVITY_DELTA', messageId: 'x', activityType: 't', patch: [{ op: 'add', path: '/a' }] }],
  ['MESSAGE_ROLE_UNKNOWN', { type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'a', role: 'robot', content: 'x' }] }],
  ['PART_TYPE_UNKNOWN', { type: 'TOOL_CALL_RESULT', messageId: 't', toolCallId: 'c', content: [{ type: 'spreadsheet', cells: [] }] }],
  ['SOURCE_DATA_NO_MIME', { type: 'TOOL_CALL_RESULT', messageId: 't', toolCallId: 'c', content: [{ type: 'image', source: { type: 'data', value: 'x' } }] }],
  ['CONTENT_NUMBER', { type: 'TOOL_CALL_RESULT', messageId: 't', toolCallId: 'c', content: 5 }],
  ['TOOL_CALL_TYPE', { type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'a', role: 'assistant', toolCalls: [{ id: 'c', type: 'custom', function: { name: 'f', arguments: '' } }] }] }],
  ['INTERRUPTS_EMPTY', { type: 'RUN_FINISHED', threadId: 't', runId: 'r', outcome: { type: 'interrupt', interrupts: [] } }],
  ['INTERRUPT_NO_REASON', { type: 'RUN_FINISHED', threadId: 't', runId: 'r', outcome: { type: 'interrupt', interrupts: [{ id: 'i' }] } }],
  ['RESPONSE_SCHEMA_TRUE', { type: 'RUN_FINISHED', threadId: 't', runId: 'r', outcome: { type: 'interrupt', interrupts: [{ id: 'i', reason: 'r', responseSchema: true }] } }],
  ['PENDING_NOT_STRINGS', { type: 'RUN_FINISHED', threadId: 't', runId: 'r', outcome: { type: 'success', pendingToolCallIds: [1] } }],
  ['OUTCOME_NOT_OBJECT', { type: 'RUN_FINISHED', threadId: 't', runId: 'r', outcome: 'success' }],
  ['USAGE_NEGATIVE', { type: 'RUN_ERROR', message: 'm', usage: [{ inputTokens: -1 }] }],
  ['USAGE_FLOAT', { type: 'RUN_ERROR', message: 'm', usage: [{ totalTokens: 1.5 }] }],
  ['METADATA_ARRAY', { type: 'STEP_STARTED', stepName: 's', metadata: [] }],
  ['ACTIVITY_CONTENT_ARRAY', { type: 'ACTIVITY_SNAPSHOT', messageId: 'x', activityType: 't', content: [] }],
  ['SUBTYPE_UNKNOWN', { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'span', entityId: 'e', encryptedValue: 'v' }],
  ['SUBAGENT_OUTCOME_NULL', { type: 'SUBAGENT_FINISHED', subagentRunId: 's', outcome: null }],
  ['EXTRA_FIELDS_KEPT', { type: 'TEXT_MESSAGE_END', messageId: 'm', future: { anything: 1 } }],
];

const zodAccepts = (event: object) => EventSchemas.safeParse(event).success;
const weAccept = (event: object) => {
  const r = parseAgUiEvent(event);
  return r.ok && r.event.type !== 'UNKNOWN';
};
const divergence = (row: Row) =>
  DIVERGENCES.find((d) => d.type.test(row.type) && d.how.test(row.title.split(' ').slice(0, -1).join(' ')) && d.path.test(row.title.split(' ').pop()!));

const ROWS = rows();

describe('parseAgUiEvent: verdicts of the zod schemas of @ag-ui/core 1.0.0', () => {
  it('covers every 1.0 event type, and only those', () => {
    const zodTypes = (EventSchemas as any).options.map((o: any) => o.shape.type.value).sort();
    expect([...EVENT_TYPES].sort()).toEqual(zodTypes);
    expect(Object.keys(SAMPLES).sort()).toEqual(zodTypes);
  });

  it.each(Object.keys(SAMPLES))('%s: the full sample, and every leaf missing, of the wrong type, and null', (type) => {
    const mine = ROWS.filter((r) => r.type === type);
    const mismatches = mine.flatMap((row) => {
      const d = divergence(row);
      const expected = d ? d.ours : zodAccepts(row.event);
      return weAccept(row.event) === expected ? [] : [`${row.title}: zod ${zodAccepts(row.event) ? 'accepts' : 'rejects'}, we ${weAccept(row.event) ? 'accept' : 'reject'}`];
    });
    expect(mismatches).toEqual([]);
    // Each divergence used really differs from zod (an entry that matched zod would be a stale one).
    for (const row of mine) {
      const d = divergence(row);
      if (d && d.ours) expect(zodAccepts(row.event), row.title).toBe(false);
    }
  });

  it.each(FAULTS)('%s', (_title, event) => {
    expect(weAccept(event)).toBe(zodAccepts(event));
  });

  it('a rejection names the event type and the field', () => {
    const errors = ROWS.filter((r) => !weAccept(r.event)).map((r) => [r, (parseAgUiEvent(r.event) as { error: string }).error] as const);
    expect(errors.length).toBeGreaterThan(300);
    for (const [row, error] of errors) {
      const field = row.title.split(' ').pop()!.split('/')[0];
      expect(error.startsWith(`${row.type}: "${field}`), `${row.title}: ${error}`).toBe(true);
    }
  });
});

describe('parseAgUiEvent: results', () => {
  it.each([
    ['TEXT_MESSAGE_CONTENT without delta', { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm' }, 'TEXT_MESSAGE_CONTENT: "delta" must be a string'],
    ['a numeric delta', { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 3 }, 'TEXT_MESSAGE_CONTENT: "delta" must be a string'],
    ['an optional role sent as null', { type: 'TEXT_MESSAGE_START', messageId: 'm', role: null }, 'TEXT_MESSAGE_START: "role" must be one of developer, system, assistant, user'],
    ['a bad pointer deep in a patch', { type: 'STATE_DELTA', delta: [{ op: 'add', path: '/a', value: 1 }, { op: 'copy', from: 'x', path: '/b' }] }, 'STATE_DELTA: "delta/1/from" must be a JSON pointer'],
    ['an unknown op', { type: 'STATE_DELTA', delta: [{ op: 'merge', path: '' }] }, 'STATE_DELTA: "delta/0/op" must be one of add, remove, replace, test, move, copy'],
    ['a message role', { type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'a', role: 'robot' }] }, 'MESSAGES_SNAPSHOT: "messages/0/role" must be one of developer, system, assistant, user, tool, activity, reasoning'],
    ['an interrupt without an id', { type: 'RUN_FINISHED', threadId: 't', runId: 'r', outcome: { type: 'interrupt', interrupts: [{ reason: 'x' }] } }, 'RUN_FINISHED: "outcome/interrupts/0/id" must be a string'],
    ['content of the wrong type', { type: 'TOOL_CALL_RESULT', messageId: 't', toolCallId: 'c', content: {} }, 'TOOL_CALL_RESULT: "content" must be a string or an array of content parts'],
    ['not an object', 'TEXT_MESSAGE_END', 'event: must be an object with a string "type"'],
    ['null', null, 'event: must be an object with a string "type"'],
    ['a numeric type', { type: 7 }, 'event: must be an object with a string "type"'],
  ])('rejects %s', (_t, json, error) => {
    expect(parseAgUiEvent(json)).toEqual({ ok: false, error });
  });

  it.each([['FUTURE_EVENT'], ['text_message_start'], ['toString'], ['__proto__'], ['']])('an unknown type %j is UNKNOWN, not an error', (type) => {
    expect(parseAgUiEvent({ type, messageId: 'm' })).toEqual({ ok: true, event: { type: 'UNKNOWN', name: type } });
  });

  it('a valid event is returned as sent', () => {
    const event = { type: 'TEXT_MESSAGE_START', messageId: 'm', extra: 1 };
    const r = parseAgUiEvent(event);
    expect(r.ok && r.event).toBe(event);
  });

  it.each([
    ['rawEvent', { type: 'TEXT_MESSAGE_END', messageId: 'm', rawEvent: null }],
    ['result', { type: 'RUN_FINISHED', threadId: 't', runId: 'r', result: null }],
    ['result', { type: 'SUBAGENT_FINISHED', subagentRunId: 's', result: null }],
    ['parentMessageId', { type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'n', parentMessageId: null }],
    ['parentMessageId', { type: 'TOOL_CALL_CHUNK', parentMessageId: null }],
    ['outcome', { type: 'RUN_FINISHED', threadId: 't', runId: 'r', outcome: null }],
  ])('a pre-1.0 null %s reads as absent, on a copy', (key, event) => {
    const r = parseAgUiEvent(event);
    expect(r.ok && key in r.event).toBe(false);
    expect((event as any)[key]).toBeNull();
  });
});

describe('parseAgUiEvent: the retired THINKING_* events', () => {
  const minted = { messageId: 'minted' };
  it.each([
    ['THINKING_START', { title: 'Plan' }, 'REASONING_START', ReasoningStartEventSchema],
    ['THINKING_END', {}, 'REASONING_END', ReasoningEndEventSchema],
    ['THINKING_TEXT_MESSAGE_START', {}, 'REASONING_MESSAGE_START', ReasoningMessageStartEventSchema],
    ['THINKING_TEXT_MESSAGE_CONTENT', { delta: 'hm' }, 'REASONING_MESSAGE_CONTENT', ReasoningMessageContentEventSchema],
    ['THINKING_TEXT_MESSAGE_END', { metadata: { a: 1 } }, 'REASONING_MESSAGE_END', ReasoningMessageEndEventSchema],
  ])('%s becomes %s, valid under its 1.0 schema once the reducer gives it an id', (legacy, fields, modern, schema: any) => {
    const r = parseAgUiEvent({ type: legacy, ...fields });
    if (!r.ok) throw new Error(r.error);
    expect(r.event).toMatchObject({ type: modern, legacy, messageId: '' });
    expect('title' in r.event).toBe(false);
    const { legacy: _l, ...event } = r.event as any;
    expect(schema.safeParse({ ...event, ...minted }).success).toBe(true);
  });

  it.each([
    [{ type: 'THINKING_TEXT_MESSAGE_CONTENT' }, 'THINKING_TEXT_MESSAGE_CONTENT: "delta" must be a string'],
    [{ type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: 1 }, 'THINKING_TEXT_MESSAGE_CONTENT: "delta" must be a string'],
    [{ type: 'THINKING_START', metadata: 'x' }, 'THINKING_START: "metadata" must be an object'],
  ])('a malformed one is rejected under its own name: %j', (json, error) => {
    expect(parseAgUiEvent(json)).toEqual({ ok: false, error });
  });
});
