// The life of one AG-UI run as a pure reducer: `reduceRun(run, event)` folds one parsed event into
// the thread's messages (as @ag-ui/client's defaultApplyEvents holds them), the agent state, and
// the visible parts of the answer. Nothing is thrown and nothing is fatal: an event that breaks a
// 1.0 sequence rule is skipped and named in `warnings` (the protocol calls such a stream fatal;
// a chat widget keeps what arrived and says what it skipped). Chunk events are expanded in lanes
// per subagent, as @ag-ui/client's chunk transform does. The run's types are here; the reducer's
// pieces, by what the events are about, are in run/.
import { parseAgUiEvent } from './events';
import { apply } from './run/apply';
import { begin, settle, track, warn, withWarning, written } from './run/edit';
import { CLOSES_ALL, CLOSES_LANE, closeLane } from './run/lanes';
import { endParts } from './steps';
import type { AgUiEvent, EventOf, Interrupt, Message, TextRole } from './types';

export { MAX_WARNINGS } from './run/edit';


export type RunStatus =
  /** Events are still arriving. */
  | 'running'
  /** RUN_FINISHED with the success outcome (or none). */
  | 'finished'
  /** RUN_ERROR, also after RUN_FINISHED (a late failure turns the run into a failed one). */
  | 'error'
  /** RUN_FINISHED with the interrupt outcome: `interrupts` wait for answers (see resumeFor). */
  | 'interrupt'
  /** RUN_FINISHED with the cancelled outcome: stopped on purpose; neither success nor failure. */
  | 'cancelled'
  /** The stream ended without RUN_FINISHED or RUN_ERROR (endOfStream): not a finished answer. */
  | 'interrupted';

export interface TextPart {
  kind: 'text';
  id: string;
  role: TextRole;
  text: string;
  done: boolean;
  subagentRunId?: string;
  /** What came of an answer before its run failed: not the answer, so drawn as a row of its own, marked cut off. */
  cut?: true;
}
export interface ToolPart {
  kind: 'tool';
  /** The toolCallId. */
  id: string;
  name: string;
  /** The argument text as streamed so far (usually JSON; not parsed here). */
  args: string;
  parentMessageId?: string;
  /**
   * `running` until a result arrives; `pending` when the run finished without one (a frontend
   * tool: the application answers it in the next run's messages; a call an interrupt holds);
   * `failed` when the run failed first. Once the turn is over (steps.ts): `stopped` (the visitor
   * stopped it), `cut` (the stream was cut off, or the page left), `rejected` (the visitor
   * rejected the interrupt that held it).
   */
  status: 'running' | 'pending' | 'done' | 'failed' | StepEnding | 'rejected';
  /** TOOL_CALL_END arrived: the argument text is complete (not necessarily valid JSON). */
  ended: boolean;
  /** The result's text (text parts joined when the result is a list of parts). */
  result?: string;
  subagentRunId?: string;
}
export interface ReasoningPart { kind: 'reasoning'; id: string; text: string; done: boolean; subagentRunId?: string }
/** An activity; `ended` once the turn that drew it is over (steps.ts endParts), as its renderer hears (RendererActivity.onEnd). */
export interface ActivityPart { kind: 'activity'; id: string; activityType: string; content: Record<string, unknown>; ended?: 'done' | StepEnding }
export interface StepPart { kind: 'step'; id: string; name: string; status: 'running' | 'done' | StepEnding; subagentRunId?: string }
/** How what still ran ends with its turn: stopped by the visitor, cut off (the stream or the page gone), or failed with the run. */
export type StepEnding = 'stopped' | 'cut' | 'failed';
export interface SubagentPart {
  kind: 'subagent';
  /** The subagentRunId. */
  id: string;
  name: string;
  description?: string;
  parentSubagentRunId?: string;
  parentToolCallId?: string;
  parentMessageId?: string;
  status: 'running' | 'done' | 'suspended' | StepEnding;
  result?: unknown;
  error?: { message: string; code?: string };
  /** Interrupts a suspended subagent raised itself. */
  interruptIds?: string[];
}
export type Part = TextPart | ToolPart | ReasoningPart | ActivityPart | StepPart | SubagentPart;

/** A chunk stream being assembled; one per lane (the parent agent's, or a subagent's). */
export interface Lane { owner?: string; kind: 'text' | 'tool' | 'reasoning'; id: string; role?: string; name?: string; parent?: string }

/** What the reducer carries between events; not for rendering. */
export interface RunTrack {
  /** RUN_STARTED was seen (or the stream's first event was let through without it). */
  started: boolean;
  /** Open items: "t:" text message, "c:" tool call, "r:" reasoning message, "s:" reasoning span, "p:" step, "a:" subagent. */
  open: Set<string>;
  lanes: Lane[];
  /** Tool calls started in the current run, and those answered by TOOL_CALL_RESULT. */
  calls: Set<string>;
  answered: Set<string>;
  /** RUN_FINISHED named the pending tool calls itself (pendingToolCallIds), rather than leaving them to be derived. */
  named: boolean;
  /** Ids minted for THINKING_* events, which carry none. */
  thinking: { n: number; span?: string; message?: string };
  // What follows indexes `parts`, so that an event costs the same with 10 parts as with 16,000
  // (an agent can send as many as it likes): no event scans or copies them all.
  /** Where each part is in `parts`, by `kind:id`. */
  at: Map<string, number>;
  /** Per step name (and subagent): how many were started, and where the last one is. */
  steps: Map<string, [number, number]>;
  /** Tool and step parts whose status is `running`, and tool parts `pending`: what the turn still waits on. */
  running: Set<number>;
  pending: Set<number>;
  /** Where the assistant's text parts are, in order: the last is the turn's answer. */
  texts: number[];
  /**
   * Counts the events that changed a part, but for the answer's text growing (the latest assistant
   * message's, which the bubble shows): a reader need not compare the parts to know.
   */
  edits: number;
}

export interface AgUiRun {
  threadId: string;
  runId: string;
  status: RunStatus;
  /** From RUN_ERROR. */
  error?: { message: string; code?: string };
  /** From RUN_FINISHED's interrupt outcome; empty otherwise. */
  interrupts: Interrupt[];
  /** RUN_FINISHED's `result`, on the success outcome. */
  result?: unknown;
  /** Tool calls left for the application to answer: the producer's pendingToolCallIds, or derived. */
  pendingToolCalls: string[];
  /** The thread's messages: those the run was sent with, then what the run did to them. */
  messages: Message[];
  state: unknown;
  /** What this run showed, in arrival order. */
  parts: Part[];
  /**
   * Results this run gave to tool calls of earlier runs (an interrupt's resume answers the call
   * the interrupted run made, AG-UI "Interrupts"): each call's step as it now is. Not steps of
   * this run: the step stands where the earlier run drew it, and changes there.
   */
  earlier: ToolPart[];
  /** RAW and CUSTOM events, in order, for the host. */
  events: (EventOf<'RAW'> | EventOf<'CUSTOM'>)[];
  /** Everything skipped or repaired, in words. */
  warnings: string[];
  track: RunTrack;
}

export interface InitialRunOptions {
  /** The messages the run's input carries. */
  messages?: Message[];
  /** The state the run's input carries. */
  state?: unknown;
}

export function initialRun(threadId: string, runId: string, opts: InitialRunOptions = {}): AgUiRun {
  return {
    threadId,
    runId,
    status: 'running',
    interrupts: [],
    pendingToolCalls: [],
    messages: opts.messages ?? [],
    state: opts.state,
    parts: [],
    earlier: [],
    events: [],
    warnings: [],
    track: { started: false, open: new Set(), lanes: [], calls: new Set(), answered: new Set(), named: false, thinking: { n: 0 }, at: new Map(), steps: new Map(), running: new Set(), pending: new Set(), texts: [], edits: 0 },
  };
}

/**
 * Folds one event into the run. Pure: `run` is not changed, and it is returned as it is when the
 * event changes nothing (an unknown type, an empty keep-alive delta).
 *
 * With `owned` (one set per stream, from a caller that keeps only the latest run), the lists,
 * messages and indexes the reducer copied for an earlier event of the stream are written in place:
 * an event then costs what it changes, not a copy of every part so far (16,000 steps took 16 s).
 * Parts themselves are still copied when changed, so an unchanged part is the same object.
 */
export function reduceRun(run: AgUiRun, event: AgUiEvent, owned?: WeakSet<object>): AgUiRun {
  if (event.type === 'UNKNOWN') return run;
  const r = begin(run, owned);
  // 1.0 lifecycle: a closed run takes only a new RUN_STARTED, or a RUN_ERROR after RUN_FINISHED
  // (a failure that surfaced after the run reported success).
  const type = event.type;
  if (r.status !== 'running' && type !== 'RUN_STARTED' && !(type === 'RUN_ERROR' && r.status !== 'error' && r.status !== 'interrupted')) {
    warn(`${type} skipped: the run has already ${r.status === 'error' ? 'failed' : r.status === 'interrupted' ? 'ended without RUN_FINISHED' : 'finished'}`);
  } else {
    if (!r.track.started && type !== 'RUN_STARTED') {
      if (type !== 'RUN_ERROR') warn(`${type} arrived before RUN_STARTED`);
      track().started = true;
    }
    const lane = (event as { subagentRunId?: string }).subagentRunId;
    if (CLOSES_ALL.test(type)) for (const l of r.track.lanes) closeLane(l.owner, apply);
    else if (CLOSES_LANE.test(type) || /^SUBAGENT_(FINISHED|ERROR)/.test(type)) closeLane(lane, apply);
    apply(event);
  }
  settle();
  if (written()) return r;
  for (const k in r) if ((r as any)[k] !== (run as any)[k]) return r;
  return run;
}

/** Parses and folds one decoded event; a malformed one becomes a warning, an unknown one nothing. `owned`: as for reduceRun. */
export function feedRun(run: AgUiRun, json: unknown, owned?: WeakSet<object>): AgUiRun {
  const parsed = parseAgUiEvent(json);
  if (parsed.ok) return reduceRun(run, parsed.event, owned);
  return { ...run, warnings: withWarning(run.warnings, parsed.error) };
}

/**
 * The stream ended. A run that never got RUN_FINISHED or RUN_ERROR is `interrupted`: what it
 * showed stays, but it is not a finished answer, and tool calls still waiting failed.
 */
export function endOfStream(run: AgUiRun): AgUiRun {
  if (run.status !== 'running') return run;
  return {
    ...run,
    status: 'interrupted',
    parts: endParts(run.parts, 'cut'),
    warnings: withWarning(run.warnings, 'the stream ended without RUN_FINISHED or RUN_ERROR'),
  };
}

/** The tool call `id` as this run showed it. */
export function toolCallFor(run: AgUiRun, id: string): ToolPart | undefined {
  return run.parts.find((p): p is ToolPart => p.kind === 'tool' && p.id === id);
}