// The RunAgentInput a turn POSTs, and the resume list that answers a run's interrupts. 1.0 wire
// rules: optional fields are omitted, never null; activity messages never travel back to the agent;
// a resume covers every open interrupt or is not sent at all.
import type { Context, Interrupt, Message, ResumeEntry, RunAgentInput, Tool } from './types';

/** The protocol version this client speaks, declared on every input. */
export const PROTOCOL_VERSION = '1.0';

/**
 * The payload key for edited tool arguments in an approve-with-edits answer, as the AG-UI
 * interrupts guide names it (a full replacement of the arguments, not a merge).
 */
export const EDITED_ARGS_KEY = 'editedArgs';

export interface RunInputParts {
  threadId: string;
  runId: string;
  /** The thread so far; activity messages are left out. */
  messages?: readonly Message[];
  /** Host tools; only `name`, `description`, `parameters` and `metadata` are sent (handlers stay). */
  tools?: readonly Tool[];
  context?: readonly Context[];
  state?: unknown;
  forwardedProps?: unknown;
  /** Answers to the interrupts of the run being continued (from resumeFor); sent when non-empty. */
  resume?: readonly ResumeEntry[];
  parentRunId?: string;
}

/** Copies `value` without the keys whose value is null or undefined (all optional in 1.0). */
function present<T extends object>(value: T): T {
  const out: any = {};
  for (const [k, v] of Object.entries(value)) if (v !== null && v !== undefined) out[k] = v;
  return out;
}

/** The JSON body of one turn. Throws a TypeError when `threadId` or `runId` is not a string. */
export function buildRunInput(parts: RunInputParts): RunAgentInput {
  const { threadId, runId } = parts;
  if (typeof threadId !== 'string' || typeof runId !== 'string') throw new TypeError('buildRunInput: threadId and runId must be strings');
  const messages = (parts.messages ?? [])
    .filter((m) => m.role !== 'activity')
    .map((m) => {
      const out = present(m);
      if (out.role === 'assistant' && out.toolCalls) out.toolCalls = out.toolCalls.map((c) => present({ ...c, function: { name: c.function.name, arguments: c.function.arguments } }));
      return out;
    });
  const tools = (parts.tools ?? []).map(({ name, description, parameters, metadata }) => present({ name, description, parameters, metadata }));
  const context = (parts.context ?? []).map(({ description, value }) => ({ description, value }));
  return present({
    threadId,
    runId,
    protocolVersion: PROTOCOL_VERSION,
    parentRunId: parts.parentRunId,
    state: parts.state,
    messages,
    tools,
    context,
    forwardedProps: parts.forwardedProps,
    resume: parts.resume?.length ? parts.resume.map((e) => present(e)) : undefined,
  });
}

/** A person's answer to one interrupt. */
export type Decision =
  | { kind: 'approve' }
  /** Approve with the tool's arguments replaced by `args`. */
  | { kind: 'edit'; args: Record<string, unknown> }
  /** Decline: the interrupt is cancelled, the action not taken. */
  | { kind: 'reject' }
  /** The answer to an interrupt that asks for input (a form built from its responseSchema). */
  | { kind: 'answer'; payload: unknown };

export type ResumeResult = { ok: true; resume: ResumeEntry[] } | { ok: false; error: string };

/**
 * The resume list answering every interrupt in `interrupts`, in their order. Refuses a list that
 * would leave one unanswered, answer one that is not open, or resolve one that expired (`now`,
 * default Date.now(); past `expiresAt` an interrupt can only be cancelled): 1.0 makes coverage the
 * consumer's rule to enforce before anything is sent.
 */
export function resumeFor(interrupts: readonly Interrupt[], decisions: Readonly<Record<string, Decision>>, now = Date.now()): ResumeResult {
  const ids = interrupts.map((i) => i.id);
  const missing = ids.filter((id) => !Object.prototype.hasOwnProperty.call(decisions, id));
  if (missing.length) return { ok: false, error: `no decision for interrupt ${missing.join(', ')}` };
  const stray = Object.keys(decisions).filter((id) => !ids.includes(id));
  if (stray.length) return { ok: false, error: `no open interrupt ${stray.join(', ')}` };
  const resume: ResumeEntry[] = [];
  for (const { id, expiresAt } of interrupts) {
    const d = decisions[id];
    if (d.kind === 'reject') {
      resume.push({ interruptId: id, status: 'cancelled' });
      continue;
    }
    // A value that is not a date leaves the interrupt unexpired, as the 1.0 text foresees.
    if (expiresAt !== undefined && Date.parse(expiresAt) <= now) return { ok: false, error: `interrupt ${id} expired at ${expiresAt}; it can only be rejected` };
    const payload = d.kind === 'answer' ? d.payload : d.kind === 'edit' ? { approved: true, [EDITED_ARGS_KEY]: d.args } : { approved: true };
    // A null payload is not a 1.0 value (optional fields are omitted, never null).
    resume.push(payload === undefined || payload === null ? { interruptId: id, status: 'resolved' } : { interruptId: id, status: 'resolved', payload });
  }
  return { ok: true, resume };
}
