// Validation of one decoded AG-UI 1.0 event, by hand-written rules that follow the zod schemas of
// @ag-ui/core 1.0.0 for every field this client reads (events.test.ts checks the verdicts against
// them). A malformed known event is an error the caller skips with a warning; an unknown type is
// `UNKNOWN`, which the caller ignores without one (1.0: unrecognised material is stripped, not
// fatal). The retired THINKING_* events are read as their REASONING_* equivalents.
import type { AgUiEvent } from './types';

export type ParseResult = { ok: true; event: AgUiEvent } | { ok: false; error: string };

/** `[path below the field, what the value must be]`, or nothing when the value is fine. */
type Fault = [string, string] | undefined;
type Check = (v: any) => Fault;

const isObj = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);
const must = (ok: boolean, what: string): Fault => (ok ? undefined : ['', what]);
const oneOf = (values: string[]): Check => (v) => must(values.includes(v), 'one of ' + values.join(', '));
const literal = (value: string): Check => (v) => must(v === value, `"${value}"`);
// RFC 6901: the empty string, or "/"-prefixed tokens in which "~" only escapes "0" and "1".
const POINTER = /^(\/([^/~]|~[01])*)*$/;

const arrayOf = (item: Check, min = 0): Check => (v) => {
  if (!Array.isArray(v) || v.length < min) return ['', min ? 'a non-empty array' : 'an array'];
  for (let i = 0; i < v.length; i++) {
    const f = item(v[i]);
    if (f) return ['/' + i + f[0], f[1]];
  }
};

/**
 * A closed set of object shapes told apart by `key`. An unknown tag is a fault, except where the
 * spec says an unrecognised member is stripped and read as absent (`lenient`, for the outcomes).
 */
const union = (key: string, shapes: Record<string, Check>, lenient = false): Check => (v) => {
  if (!isObj(v)) return ['', 'an object'];
  const shape = Object.prototype.hasOwnProperty.call(shapes, v[key]) ? shapes[v[key]] : undefined;
  if (shape) return shape(v);
  if (!lenient) return ['/' + key, 'one of ' + Object.keys(shapes).join(', ')];
};

// Field kinds of the shape strings below. A field is `name:kind`, then `?` when it is optional
// (absent is fine, null is not: 1.0 omits optional fields, never sends null), or `~` when it is
// optional and a null reads as absent: the pre-1.0 nulls @ag-ui/client still accepts
// (rawEvent, result, parentMessageId, outcome), which a 1.0 consumer would otherwise reject.
const KINDS: Record<string, Check> = {
  s: (v) => must(typeof v === 'string', 'a string'),
  b: (v) => must(typeof v === 'boolean', 'a boolean'),
  i: (v) => must(Number.isSafeInteger(v), 'an integer'),
  n: (v) => must(Number.isSafeInteger(v) && v >= 0, 'a non-negative integer'),
  o: (v) => must(isObj(v), 'an object'),
  j: (v) => must(v !== undefined, 'present'),
  J: (v) => must(v !== null, 'a value other than null'),
  R: oneOf(['developer', 'system', 'assistant', 'user']),
  T: oneOf(['tool-call', 'message']),
  r: literal('reasoning'),
  t: literal('tool'),
  f: literal('function'),
  p: (v) => must(typeof v === 'string' && POINTER.test(v), 'a JSON pointer'),
};
const kind = (k: string): Check => (v) => KINDS[k](v);

/** An object with the fields of `spec` ("name:kind? …"); other fields pass untouched. */
function shape(spec: string): Check {
  const fields = spec.split(' ').filter(Boolean).map((f) => {
    const [name, rule] = f.split(':');
    return { name, check: kind(rule[0]), mode: rule[1] };
  });
  return (v) => {
    if (!isObj(v)) return ['', 'an object'];
    for (const { name, check, mode } of fields) {
      const value = v[name];
      if (value === undefined && mode) continue;
      if (value === null && mode === '~') continue;
      const f = check(value);
      if (f) return ['/' + name + f[0], f[1]];
    }
  };
}

const op = (more: string) => shape('path:p ' + more);
const VALUE = 'value:j';
KINDS.P = arrayOf(union('op', {
  add: op(VALUE), remove: op(''), replace: op(VALUE), test: op(VALUE), move: op('from:p'), copy: op('from:p'),
}));
KINDS.S = arrayOf(kind('s'));
const media = shape('id:s? source:X metadata:J?');
KINDS.X = union('type', { data: shape('value:s mimeType:s'), url: shape('value:s mimeType:s?'), file: shape('value:s provider:s? mimeType:s?') });
const PART = union('type', { text: shape('id:s? text:s metadata:J?'), image: media, audio: media, video: media, document: media });
KINDS.C = (v) => (typeof v === 'string' ? undefined : Array.isArray(v) ? arrayOf(PART)(v) : ['', 'a string or an array of content parts']);
KINDS.K = arrayOf(shape('id:s type:f function:G encryptedValue:s? metadata:o?'));
KINDS.G = shape('name:s arguments:s');
const MSG = 'id:s subagentRunId:s? metadata:o? ';
const NAMED = MSG + 'name:s? encryptedValue:s? ';
KINDS.M = arrayOf(union('role', {
  developer: shape(NAMED + 'content:s'),
  system: shape(NAMED + 'content:s'),
  assistant: shape(NAMED + 'content:s? toolCalls:K?'),
  user: shape(NAMED + 'content:C'),
  tool: shape(MSG + 'encryptedValue:s? content:C toolCallId:s error:s?'),
  activity: shape(MSG + 'activityType:s content:o'),
  reasoning: shape(MSG + 'encryptedValue:s? content:s'),
}));
KINDS.U = arrayOf(shape('provider:s? model:s? inputTokens:n? outputTokens:n? totalTokens:n? reasoningTokens:n? cachedInputTokens:n? cacheWriteInputTokens:n?'));
KINDS.Q = arrayOf(shape('id:s reason:s message:s? toolCallId:s? responseSchema:o? expiresAt:s? metadata:o? subagentRunId:s?'), 1);
KINDS.O = union('type', { success: shape('pendingToolCallIds:S?'), interrupt: shape('interrupts:Q'), cancelled: shape('') }, true);
KINDS.F = union('type', { success: shape(''), suspended: shape('interruptIds:S?') }, true);
// RUN_STARTED.input is an echo of the request; only what the reducer reads from it is checked.
KINDS.I = shape('threadId:s runId:s protocolVersion:s? parentRunId:s? messages:M');

const BASE = 'timestamp:i? rawEvent:J~ metadata:o? ';
const OWNED = BASE + 'subagentRunId:s? ';
const SPECS: Record<string, string> = {
  TEXT_MESSAGE_START: OWNED + 'messageId:s role:R? name:s?',
  TEXT_MESSAGE_CONTENT: OWNED + 'messageId:s delta:s',
  TEXT_MESSAGE_END: OWNED + 'messageId:s',
  TEXT_MESSAGE_CHUNK: OWNED + 'messageId:s? role:R? delta:s? name:s?',
  TOOL_CALL_START: OWNED + 'toolCallId:s toolCallName:s parentMessageId:s~',
  TOOL_CALL_ARGS: OWNED + 'toolCallId:s delta:s',
  TOOL_CALL_END: OWNED + 'toolCallId:s',
  TOOL_CALL_CHUNK: OWNED + 'toolCallId:s? toolCallName:s? parentMessageId:s~ delta:s?',
  TOOL_CALL_RESULT: OWNED + 'messageId:s toolCallId:s content:C role:t?',
  STATE_SNAPSHOT: OWNED + 'snapshot:j',
  STATE_DELTA: OWNED + 'delta:P',
  MESSAGES_SNAPSHOT: BASE + 'messages:M',
  ACTIVITY_SNAPSHOT: OWNED + 'messageId:s activityType:s content:o replace:b?',
  ACTIVITY_DELTA: OWNED + 'messageId:s activityType:s patch:P',
  RAW: OWNED + 'event:j source:s?',
  CUSTOM: OWNED + 'name:s value:j',
  RUN_STARTED: BASE + 'threadId:s runId:s protocolVersion:s? parentRunId:s? input:I?',
  RUN_FINISHED: BASE + 'threadId:s runId:s result:J~ outcome:O~ usage:U?',
  RUN_ERROR: BASE + 'message:s code:s? usage:U?',
  STEP_STARTED: OWNED + 'stepName:s',
  STEP_FINISHED: OWNED + 'stepName:s',
  REASONING_START: OWNED + 'messageId:s',
  REASONING_MESSAGE_START: OWNED + 'messageId:s role:r',
  REASONING_MESSAGE_CONTENT: OWNED + 'messageId:s delta:s',
  REASONING_MESSAGE_END: OWNED + 'messageId:s',
  REASONING_MESSAGE_CHUNK: OWNED + 'messageId:s? delta:s?',
  REASONING_END: OWNED + 'messageId:s',
  REASONING_ENCRYPTED_VALUE: OWNED + 'subtype:T entityId:s encryptedValue:s',
  SUBAGENT_STARTED: BASE + 'subagentRunId:s name:s description:s? parentSubagentRunId:s? parentToolCallId:s? parentMessageId:s?',
  SUBAGENT_FINISHED: BASE + 'subagentRunId:s result:J~ outcome:F?',
  SUBAGENT_ERROR: BASE + 'subagentRunId:s message:s code:s?',
};

/**
 * The retired THINKING_* events (0.0.x) are read as the REASONING_* events they became
 * (THINKING_TEXT_MESSAGE_START → REASONING_MESSAGE_START, THINKING_START → REASONING_START, …).
 * They carry no ids: the reducer mints them, as @ag-ui/client does, and `legacy` keeps the old name.
 */
const THINKING = /^THINKING_(TEXT_)?/;

const CHECKS: Record<string, Check> = {};
for (const type in SPECS) CHECKS[type] = shape(SPECS[type]);
for (const t of ['START', 'END', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END']) CHECKS['THINKING_' + t] = shape(OWNED + (t.endsWith('CONTENT') ? 'delta:s' : ''));

/** Names of every event type this client acts on (the 1.0 set). */
export const EVENT_TYPES = Object.keys(SPECS);

/**
 * Checks one decoded event. `{ok: false}` is a malformed event of a known type: skip it and warn.
 * `{ok: true, event: {type: 'UNKNOWN'}}` is a type this client does not know: ignore it silently.
 * The event returned is the input object, or a copy without the pre-1.0 nulls read as absent.
 */
export function parseAgUiEvent(json: unknown): ParseResult {
  const type = isObj(json) ? json.type : undefined;
  if (typeof type !== 'string') return { ok: false, error: 'event: must be an object with a string "type"' };
  const check = Object.prototype.hasOwnProperty.call(CHECKS, type) ? CHECKS[type] : undefined;
  if (!check) return { ok: true, event: { type: 'UNKNOWN', name: type } };
  const fault = check(json);
  if (fault) return { ok: false, error: `${type}: "${fault[0].slice(1)}" must be ${fault[1]}` };
  let event: any = json;
  for (const key of ['rawEvent', 'result', 'parentMessageId', 'outcome']) {
    if (event[key] === null) {
      event = { ...event };
      delete event[key];
    }
  }
  if (THINKING.test(type)) {
    const { title: _title, ...rest } = event;
    event = { ...rest, type: type.replace(THINKING, 'REASONING_'), messageId: '', legacy: type };
    if (event.type === 'REASONING_MESSAGE_START') event.role = 'reasoning';
  }
  return { ok: true, event };
}
