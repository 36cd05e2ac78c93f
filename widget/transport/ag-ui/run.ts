// The life of one AG-UI run as a pure reducer: `reduceRun(run, event)` folds one parsed event into
// the thread's messages (as @ag-ui/client's defaultApplyEvents holds them), the agent state, and
// the visible parts of the answer. Nothing is thrown and nothing is fatal: an event that breaks a
// 1.0 sequence rule is skipped and named in `warnings` (the protocol calls such a stream fatal;
// a chat widget keeps what arrived and says what it skipped). Chunk events are expanded here, in
// lanes per subagent, as @ag-ui/client's chunk transform does.
import { parseAgUiEvent } from './events';
import { applyPatch } from './patch';
import { endParts } from './steps';
import type { AgUiEvent, AssistantMessage, ContentPart, EventOf, Interrupt, Message, TextRole, ToolCall } from './types';

/** Warnings kept per run; a stream that breaks every rule should not grow memory without end. */
export const MAX_WARNINGS = 100;

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
export interface ActivityPart { kind: 'activity'; id: string; activityType: string; content: Record<string, unknown> }
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
interface Lane { owner?: string; kind: 'text' | 'tool' | 'reasoning'; id: string; role?: string; name?: string; parent?: string }

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
  /** Counts the events that changed a part: a reader need not compare the parts to know. */
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

/** `warnings` with `text` added, or with the note that warnings were dropped once the list is full. */
const withWarning = (warnings: string[], text: string) =>
  warnings.length > MAX_WARNINGS ? warnings : [...warnings, warnings.length < MAX_WARNINGS ? text : 'further warnings were dropped'];

const textOf = (content: unknown): string =>
  typeof content === 'string' ? content : Array.isArray(content) ? content.map((p: ContentPart) => (p.type === 'text' ? p.text : '')).join('') : '';

/** The start, content and end events of each streamed kind. */
const TRIAD = {
  text: ['TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END'],
  tool: ['TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END'],
  reasoning: ['REASONING_MESSAGE_START', 'REASONING_MESSAGE_CONTENT', 'REASONING_MESSAGE_END'],
} as const;

// Events that end the chunk stream of their own lane, and those that end every lane
// (1.0 streaming pattern, "Closing a chunk stream"). Anything else stands aside.
const CLOSES_LANE = /^(TEXT_MESSAGE_(START|CONTENT|END)|TOOL_CALL_(START|ARGS|END|RESULT)|STATE_|CUSTOM|STEP_|REASONING_(START|END|MESSAGE_(START|CONTENT|END)))/;
const CLOSES_ALL = /^(RUN_|MESSAGES_SNAPSHOT)/;

const copyOf = <T extends object>(v: T): T =>
  (Array.isArray(v) ? v.slice() : v instanceof Map ? new Map(v) : v instanceof Set ? new Set(v) : { ...v }) as T;

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
  const fresh = new WeakSet<object>();
  let wrote = false;
  /** Parts changed (or added) by this event, by index: the indexes of running and pending ones follow them. */
  const touched: number[] = [];
  // Copy-on-write: a nested object is copied once per event (once per stream when `owned` may keep it), the first time it is written.
  const own = <T extends object>(v: T, keep = true): T => {
    wrote = true;
    if (fresh.has(v) || (keep && owned?.has(v))) return v;
    const c = copyOf(v);
    fresh.add(c);
    if (keep) owned?.add(c);
    return c;
  };
  const r: AgUiRun = copyOf(run);
  fresh.add(r);
  const track = () => (r.track = own(r.track));
  /** The track's `key` index, writable. */
  const index = <K extends 'open' | 'calls' | 'answered' | 'at' | 'steps' | 'running' | 'pending' | 'texts'>(key: K): RunTrack[K] => {
    const t = track();
    return (t[key] = own(t[key]));
  };
  const warn = (text: string) => void (r.warnings = withWarning(r.warnings, text));
  const skip = (ev: { type: string; legacy?: string }, why: string) => warn(`${ev.legacy ?? ev.type} skipped: ${why}`);
  const isOpen = (key: string) => r.track.open.has(key);
  const setOpen = (key: string, on: boolean) => {
    const open = index('open');
    // Deleted first: a key opened again goes last, as RUN_FINISHED's warning lists them.
    open.delete(key);
    if (on) open.add(key);
  };
  const msgAt = (id: string) => r.messages.findIndex((m) => m.id === id);
  const editMsg = (i: number): any => {
    r.messages = own(r.messages);
    return (r.messages[i] = own(r.messages[i]));
  };
  const addMsg = (m: Message, at = r.messages.length) => {
    r.messages = own(r.messages);
    r.messages.splice(at, 0, m);
    fresh.add(m);
  };
  const callAt = (id: string): [number, number] => {
    for (let i = 0; i < r.messages.length; i++) {
      const j = ((r.messages[i] as any).toolCalls as ToolCall[] | undefined)?.findIndex((c) => c.id === id) ?? -1;
      if (j >= 0) return [i, j];
    }
    return [-1, -1];
  };
  const editCall = ([i, j]: [number, number]): ToolCall => {
    const m = editMsg(i);
    m.toolCalls = own(m.toolCalls);
    const c = (m.toolCalls[j] = own(m.toolCalls[j]));
    c.function = own(c.function);
    return c;
  };
  const partAt = (kind: Part['kind'], id: string) => r.track.at.get(`${kind}:${id}`) ?? -1;
  const editPart = (i: number): any => {
    r.parts = own(r.parts);
    touched.push(i);
    return (r.parts[i] = own(r.parts[i], false));
  };
  const addPart = (p: Part) => {
    r.parts = own(r.parts);
    const i = r.parts.push(p) - 1;
    fresh.add(p);
    touched.push(i);
    index('at').set(`${p.kind}:${p.id}`, i);
    if (p.kind === 'text' && p.role === 'assistant') index('texts').push(i);
    return i;
  };
  /** The running and pending indexes as the parts this event changed now are. */
  const settle = () => {
    if (!touched.length) return;
    track().edits++;
    const running = index('running');
    const pending = index('pending');
    for (const i of touched.splice(0)) {
      const p = r.parts[i]!;
      const status = p.kind === 'tool' || p.kind === 'step' ? p.status : undefined;
      if (status === 'running') running.add(i);
      else running.delete(i);
      if (status === 'pending') pending.add(i);
      else pending.delete(i);
    }
  };
  // Metadata on an event merges into what the event builds, key by key, the last write winning.
  const merge = (target: { metadata?: object }, ev: { metadata?: object }) => {
    if (ev.metadata) target.metadata = { ...target.metadata, ...ev.metadata };
  };
  const owner = (ev: { subagentRunId?: string }) => (ev.subagentRunId !== undefined ? { subagentRunId: ev.subagentRunId } : {});

  const closeLane = (lane: string | undefined) => {
    const l = r.track.lanes.find((x) => x.owner === lane);
    if (!l) return;
    track().lanes = r.track.lanes.filter((x) => x !== l);
    apply({ type: TRIAD[l.kind][2], messageId: l.id, toolCallId: l.id, ...owner({ subagentRunId: l.owner }) } as AgUiEvent);
  };

  /** Which lane a chunk continues or opens (1.0 attribution rules), or why it has none. */
  const laneFor = (kind: Lane['kind'], id: string | undefined, tag: string | undefined): { lane?: string; error?: string } => {
    if (id !== undefined) {
      const holder = r.track.lanes.find((l) => l.kind === kind && l.id === id);
      if (!holder) return { lane: tag };
      if (tag !== undefined && tag !== holder.owner) return { error: `its subagentRunId "${tag}" is not the one that opened "${id}"` };
      return { lane: holder.owner };
    }
    if (tag !== undefined || r.track.lanes.some((l) => l.kind === kind && l.owner === undefined)) return { lane: tag };
    const candidates = r.track.lanes.filter((l) => l.kind === kind);
    if (candidates.length > 1) return { error: 'it names neither an id nor a subagentRunId and several streams are open' };
    return { lane: candidates[0]?.owner };
  };

  /** Expands a chunk into the start / content events it stands for. */
  const chunk = (ev: any, kind: Lane['kind'], idKey: 'messageId' | 'toolCallId') => {
    const id: string | undefined = ev[idKey];
    const where = laneFor(kind, id, ev.subagentRunId);
    if (where.error) return skip(ev, where.error);
    const open = r.track.lanes.find((l) => l.owner === where.lane);
    const base = { ...owner(ev), ...(ev.metadata && { metadata: ev.metadata }) };
    let lane: Lane | undefined = open;
    if (open?.kind === kind && (id === undefined || id === open.id)) {
      // A continuation may repeat what its opener said, never contradict it.
      const said: Record<string, unknown> = kind === 'text' ? { role: open.role, name: open.name } : kind === 'tool' ? { toolCallName: open.name, parentMessageId: open.parent } : {};
      const clash = Object.keys(said).find((k) => ev[k] !== undefined && ev[k] !== said[k]);
      if (clash) return skip(ev, `its ${clash} "${ev[clash]}" contradicts what "${open.id}" opened with`);
    } else {
      closeLane(where.lane);
      if (id === undefined) return skip(ev, `the first chunk of a stream must carry its ${idKey}`);
      if (kind === 'tool' && ev.toolCallName === undefined) return skip(ev, 'the first chunk of a tool call must carry its toolCallName');
      lane = { owner: where.lane, kind, id, role: kind === 'reasoning' ? kind : ev.role ?? 'assistant', name: kind === 'tool' ? ev.toolCallName : ev.name, parent: ev.parentMessageId };
      const t = track();
      t.lanes = [...t.lanes, lane];
      const { delta: _d, type: _t, ...fields } = ev;
      apply({ ...fields, ...base, type: TRIAD[kind][0], role: lane.role });
    }
    apply({ ...base, type: TRIAD[kind][1], messageId: lane!.id, toolCallId: lane!.id, delta: ev.delta ?? '' } as AgUiEvent);
  };

  /** Opens (or reopens) a streamed text or reasoning message. */
  const startMessage = (ev: any, key: string, role: 'reasoning' | TextRole, kind: 'text' | 'reasoning') => {
    const id: string = ev.messageId;
    if (isOpen(key + id)) return skip(ev, `"${id}" is already open`);
    let i = msgAt(id);
    if (i >= 0 && r.messages[i].role === 'activity') return skip(ev, `"${id}" is an activity message`);
    if (i < 0) {
      addMsg({ id, role, content: '', ...(ev.name !== undefined && { name: ev.name }), ...owner(ev) } as Message);
      i = r.messages.length - 1;
    }
    if (ev.metadata) merge(editMsg(i), ev);
    setOpen(key + id, true);
    const p = partAt(kind, id);
    if (p >= 0) editPart(p).done = false;
    else addPart({ kind, id, text: textOf(r.messages[i].content), done: false, ...(kind === 'text' && { role }), ...owner(ev) } as Part);
  };
  /** Appends to (`delta` set) or closes an open text or reasoning message. */
  const continueMessage = (ev: any, key: string, kind: 'text' | 'reasoning', delta?: string) => {
    const id: string = ev.messageId;
    const i = msgAt(id);
    if (!isOpen(key + id) || i < 0) return skip(ev, `"${id}" is not an open message`);
    if (delta === '' && !ev.metadata) return;
    const m = editMsg(i);
    if (delta) m.content = (typeof m.content === 'string' ? m.content : '') + delta;
    merge(m, ev);
    const p = editPart(partAt(kind, id));
    if (delta) p.text += delta;
    if (delta === undefined) {
      p.done = true;
      setOpen(key + id, false);
    }
  };
  /** The minted id a THINKING_* event stands for (it carries none), or a warning. */
  const thinkingId = (ev: any, slot: 'span' | 'message', opens: boolean): string | undefined => {
    const t = track();
    const th = (t.thinking = { ...t.thinking });
    if (opens) th[slot] = `${r.runId}-thinking-${++th.n}`;
    const id = th[slot];
    if (!id) skip(ev, `no ${slot === 'span' ? 'THINKING_START' : 'THINKING_TEXT_MESSAGE_START'} came before it`);
    else if (!opens && ev.type !== 'REASONING_MESSAGE_CONTENT') th[slot] = undefined;
    return id;
  };

  function apply(ev: AgUiEvent): void {
    switch (ev.type) {
      case 'TEXT_MESSAGE_START':
        return startMessage(ev, 't:', ev.role ?? 'assistant', 'text');
      case 'TEXT_MESSAGE_CONTENT':
        return continueMessage(ev, 't:', 'text', ev.delta);
      case 'TEXT_MESSAGE_END':
        return continueMessage(ev, 't:', 'text');
      case 'REASONING_MESSAGE_START':
      case 'REASONING_MESSAGE_CONTENT':
      case 'REASONING_MESSAGE_END': {
        const messageId = ev.legacy ? thinkingId(ev, 'message', ev.type === 'REASONING_MESSAGE_START') : ev.messageId;
        if (messageId === undefined) return;
        const e = { ...ev, messageId };
        if (ev.type === 'REASONING_MESSAGE_START') return startMessage(e, 'r:', 'reasoning', 'reasoning');
        return continueMessage(e, 'r:', 'reasoning', ev.type === 'REASONING_MESSAGE_CONTENT' ? ev.delta : undefined);
      }
      case 'REASONING_START':
      case 'REASONING_END': {
        const id = ev.legacy ? thinkingId(ev, 'span', ev.type === 'REASONING_START') : ev.messageId;
        if (id === undefined) return;
        const opens = ev.type === 'REASONING_START';
        if (isOpen('s:' + id) === opens) return skip(ev, `the reasoning span "${id}" is ${opens ? 'already' : 'not'} open`);
        return setOpen('s:' + id, opens);
      }
      case 'TEXT_MESSAGE_CHUNK':
      case 'REASONING_MESSAGE_CHUNK':
        return chunk(ev, ev.type === 'TEXT_MESSAGE_CHUNK' ? 'text' : 'reasoning', 'messageId');
      case 'TOOL_CALL_CHUNK':
        return chunk(ev, 'tool', 'toolCallId');

      case 'TOOL_CALL_START': {
        const { toolCallId: id, toolCallName: name, parentMessageId } = ev;
        if (isOpen('c:' + id)) return skip(ev, `"${id}" is already open`);
        setOpen('c:' + id, true);
        const t = track();
        index('calls').add(id);
        const at = callAt(id);
        let args = '';
        if (at[0] >= 0) {
          // A start for a call the thread already holds (a reopened call, a replay): the same
          // entry continues, so the next input does not carry the id twice.
          const c = editCall(at);
          if (c.function.name !== name) {
            warn(`TOOL_CALL_START: "${id}" renamed from "${c.function.name}" to "${name}"`);
            c.function.name = name;
          }
          args = c.function.arguments;
          merge(c, ev);
        } else {
          // Which assistant message carries the call, as @ag-ui/client resolves it: the parent
          // when it is an assistant message, else a new one named for the parent (or the call).
          let i = parentMessageId === undefined ? -1 : msgAt(parentMessageId);
          if (i < 0 || r.messages[i].role !== 'assistant') {
            addMsg({ id: i < 0 && parentMessageId !== undefined ? parentMessageId : id, role: 'assistant', toolCalls: [], ...owner(ev) });
            i = r.messages.length - 1;
          }
          const m = editMsg(i);
          const call: ToolCall = { id, type: 'function', function: { name, arguments: '' } };
          merge(call, ev);
          m.toolCalls = [...(m.toolCalls ?? []), call];
        }
        const p = partAt('tool', id);
        if (p >= 0) Object.assign(editPart(p), { name, status: 'running', ended: false });
        else addPart({ kind: 'tool', id, name, args, ...(parentMessageId !== undefined && { parentMessageId }), status: 'running', ended: false, ...owner(ev) });
        return;
      }
      case 'TOOL_CALL_ARGS':
      case 'TOOL_CALL_END': {
        const id = ev.toolCallId;
        const at = callAt(id);
        if (!isOpen('c:' + id) || at[0] < 0) return skip(ev, `"${id}" is not an open tool call`);
        const delta = ev.type === 'TOOL_CALL_ARGS' ? ev.delta : undefined;
        if (delta === '' && !ev.metadata) return;
        const c = editCall(at);
        merge(c, ev);
        const p = editPart(partAt('tool', id));
        if (delta) {
          c.function.arguments += delta;
          p.args += delta;
        } else if (delta === undefined) {
          p.ended = true;
          setOpen('c:' + id, false);
        }
        return;
      }
      case 'TOOL_CALL_RESULT': {
        const { messageId, toolCallId, content } = ev;
        if (msgAt(messageId) >= 0) return skip(ev, `the thread already has a message "${messageId}"`);
        index('answered').add(toolCallId);
        const message: Message = { id: messageId, toolCallId, role: 'tool', content, ...owner(ev) };
        merge(message, ev);
        // The result goes right after the assistant message that made the call (after results
        // already there), not at the end: providers reject a call not followed by its result.
        const [mi] = callAt(toolCallId);
        let at = mi < 0 ? r.messages.length : mi + 1;
        while (mi >= 0 && r.messages[at]?.role === 'tool') at++;
        addMsg(message, at);
        return settleCall(ev, toolCallId, content);
      }

      case 'STATE_SNAPSHOT':
        r.state = ev.snapshot;
        return;
      case 'STATE_DELTA': {
        const out = applyPatch(r.state, ev.delta);
        if (out.ok) r.state = out.value;
        else skip(ev, `the state is unchanged: ${out.error}`);
        return;
      }
      case 'MESSAGES_SNAPSHOT': {
        // What the thread held before it, messages and tool calls: the rest is new.
        const heldIds = new Set(r.messages.map((m) => m.id));
        const heldCalls = new Set(r.messages.flatMap((m) => ((m as { toolCalls?: ToolCall[] }).toolCalls ?? []).map((c) => c.id)));
        // 1.0 reconciliation: a snapshot message replaces the held one in place, a new one is
        // appended, a held one it omits is dropped, except activity and reasoning messages (which
        // most producers never hold) when the snapshot carries none of that role.
        const byId = new Map(ev.messages.map((m) => [m.id, m]));
        const keep = (role: string) => (role === 'activity' || role === 'reasoning') && !ev.messages.some((m) => m.role === role);
        const held = r.messages.filter((m) => byId.has(m.id) || keep(m.role)).map((m) => byId.get(m.id) ?? m);
        const ids = new Set(held.map((m) => m.id));
        r.messages = [...held, ...ev.messages.filter((m) => !ids.has(m.id))];
        // What this run showed follows what the producer now says those messages are (only the
        // parts the snapshot names are looked at: it costs what the snapshot holds).
        for (const m of ev.messages) {
          for (const kind of ['text', 'reasoning'] as const) {
            const i = partAt(kind, m.id);
            if (i >= 0 && typeof m.content === 'string' && m.content !== (r.parts[i] as TextPart).text) editPart(i).text = m.content;
          }
          for (const c of (m as { toolCalls?: ToolCall[] }).toolCalls ?? []) {
            const i = partAt('tool', c.id);
            const [held] = callAt(c.id);
            const f = held >= 0 && ((r.messages[held] as any).toolCalls as ToolCall[]).find((x) => x.id === c.id)!.function;
            const p = r.parts[i] as ToolPart | undefined;
            if (p && f && (f.name !== p.name || f.arguments !== p.args)) Object.assign(editPart(i), { name: f.name, args: f.arguments });
          }
        }
        // What the snapshot adds after the visitor's last message is what this run answered (a
        // graph that does not stream, a framework that ends each run with the whole thread): each
        // new assistant message and tool call is shown, in order, as if it had streamed, and each
        // new tool message settles its call. What comes before that message is the earlier turns.
        const turn = ev.messages.slice(ev.messages.map((m) => m.role).lastIndexOf('user') + 1);
        for (const m of turn) {
          if (m.role === 'tool' && !heldIds.has(m.id)) {
            index('answered').add(m.toolCallId);
            settleCall(ev, m.toolCallId, m.content, m.error);
          }
          if (m.role !== 'assistant') continue;
          if (!heldIds.has(m.id) && m.content && partAt('text', m.id) < 0) addPart({ kind: 'text', id: m.id, role: 'assistant', text: m.content, done: true, ...owner(m) });
          for (const c of m.toolCalls ?? []) {
            if (heldCalls.has(c.id) || partAt('tool', c.id) >= 0) continue;
            index('calls').add(c.id);
            addPart({ kind: 'tool', id: c.id, name: c.function.name, args: c.function.arguments, status: 'running', ended: true, ...owner(m) });
          }
        }
        return;
      }
      case 'ACTIVITY_SNAPSHOT': {
        const { messageId: id, activityType, content } = ev;
        const i = msgAt(id);
        const replace = ev.replace !== false;
        if (i >= 0 && r.messages[i].role !== 'activity') return skip(ev, `"${id}" is a message of role ${r.messages[i].role}`);
        if (i < 0) addMsg({ id, role: 'activity', activityType, content, ...owner(ev) });
        const m = editMsg(i < 0 ? r.messages.length - 1 : i);
        if (i >= 0 && replace) {
          // A replacing snapshot re-mints the activity, its attribution with it; metadata stays.
          Object.assign(m, { activityType, content });
          delete m.subagentRunId;
          Object.assign(m, owner(ev));
        }
        merge(m, ev);
        return activityPart(id, m.activityType, m.content);
      }
      case 'ACTIVITY_DELTA': {
        const { messageId: id } = ev;
        const i = msgAt(id);
        if (i < 0 || r.messages[i].role !== 'activity') return skip(ev, `"${id}" is not an activity message`);
        const m = editMsg(i);
        merge(m, ev);
        const out = applyPatch(m.content, ev.patch);
        if (!out.ok) return skip(ev, `"${id}" is unchanged: ${out.error}`);
        Object.assign(m, { content: out.value, activityType: ev.activityType });
        return activityPart(id, ev.activityType, out.value as Record<string, unknown>);
      }
      case 'RAW':
      case 'CUSTOM':
        (r.events = own(r.events)).push(ev);
        return;

      case 'RUN_STARTED': {
        if (r.track.started && r.status === 'running') return skip(ev, 'the run is still active');
        // A new run on the stream (or the first): run-scoped tracking starts empty.
        const t = track();
        Object.assign(t, { started: true, open: new Set(), lanes: [], calls: new Set(), answered: new Set(), named: false, thinking: { n: t.thinking.n } });
        Object.assign(r, { runId: ev.runId, status: 'running', interrupts: [], pendingToolCalls: [] });
        delete r.error;
        delete r.result;
        // The input echo puts on record the messages the thread does not hold yet.
        for (const m of ev.input?.messages ?? []) if (msgAt(m.id) < 0) addMsg(m);
        return;
      }
      case 'RUN_FINISHED': {
        if (r.track.open.size) warn(`RUN_FINISHED while still open: ${[...r.track.open].join(', ')}`);
        const outcome = ev.outcome as any;
        const t = track();
        t.open = new Set();
        // An outcome this client does not know is stripped and read as success (1.0 lifecycle).
        if (outcome && !['success', 'interrupt', 'cancelled'].includes(outcome.type)) warn(`RUN_FINISHED: unknown outcome "${outcome.type}" read as success`);
        const named: string[] = outcome?.type === 'success' ? outcome.pendingToolCallIds ?? [] : [];
        r.pendingToolCalls = outcome?.type === 'cancelled' ? [] : named.length ? named : [...t.calls].filter((id) => !t.answered.has(id));
        t.named = named.length > 0;
        r.status = outcome?.type === 'interrupt' ? 'interrupt' : outcome?.type === 'cancelled' ? 'cancelled' : 'finished';
        if (r.status === 'interrupt') r.interrupts = outcome.interrupts;
        if (r.status === 'finished' && 'result' in ev) r.result = ev.result;
        for (const id of r.pendingToolCalls) {
          const i = partAt('tool', id);
          if (i >= 0 && (r.parts[i] as ToolPart).status === 'running') editPart(i).status = 'pending';
        }
        return;
      }
      case 'RUN_ERROR':
        Object.assign(r, { status: 'error', error: { message: ev.message, ...(ev.code !== undefined && { code: ev.code }) }, interrupts: [], pendingToolCalls: [] });
        track().open = new Set();
        return failTools();

      case 'STEP_STARTED':
      case 'STEP_FINISHED': {
        const key = `p:${ev.subagentRunId ?? ''}/${ev.stepName}`;
        const opens = ev.type === 'STEP_STARTED';
        if (isOpen(key) === opens) return skip(ev, `the step "${ev.stepName}" is ${opens ? 'already' : 'not'} running`);
        setOpen(key, opens);
        // How many of that name came before (the new one's id), and where the last is (the open one).
        const [n, last] = r.track.steps.get(key) ?? [0, -1];
        if (!opens) return void (editPart(last).status = 'done');
        const at = addPart({ kind: 'step', id: `${ev.stepName}#${n}${ev.subagentRunId === undefined ? '' : '@' + ev.subagentRunId}`, name: ev.stepName, status: 'running', ...owner(ev) });
        index('steps').set(key, [n + 1, at]);
        return;
      }

      case 'REASONING_ENCRYPTED_VALUE': {
        const { subtype, entityId, encryptedValue } = ev;
        if (subtype === 'tool-call') {
          const at = callAt(entityId);
          if (at[0] >= 0) return void (editCall(at).encryptedValue = encryptedValue);
        } else {
          const i = msgAt(entityId);
          if (i >= 0 && r.messages[i].role !== 'activity') return void (editMsg(i).encryptedValue = encryptedValue);
        }
        return warn(`REASONING_ENCRYPTED_VALUE dropped: no ${subtype} "${entityId}" to keep it with`);
      }

      case 'SUBAGENT_STARTED': {
        const { subagentRunId: id, parentSubagentRunId: parent } = ev;
        if (partAt('subagent', id) >= 0) return skip(ev, `"${id}" was already started`);
        if (parent !== undefined && partAt('subagent', parent) < 0) return skip(ev, `its parent "${parent}" was never started`);
        setOpen('a:' + id, true);
        const part: any = { kind: 'subagent', id, status: 'running' };
        for (const k of ['name', 'description', 'parentSubagentRunId', 'parentToolCallId', 'parentMessageId'] as const) if (ev[k] !== undefined) part[k] = ev[k];
        return void addPart(part);
      }
      case 'SUBAGENT_FINISHED':
      case 'SUBAGENT_ERROR': {
        const id = ev.subagentRunId;
        if (!isOpen('a:' + id)) return skip(ev, `the subagent "${id}" is not running`);
        setOpen('a:' + id, false);
        const p = editPart(partAt('subagent', id));
        if (ev.type === 'SUBAGENT_ERROR') return void Object.assign(p, { status: 'failed', error: { message: ev.message, ...(ev.code !== undefined && { code: ev.code }) } });
        const outcome = ev.outcome as any;
        if (outcome && !['success', 'suspended'].includes(outcome.type)) warn(`SUBAGENT_FINISHED: unknown outcome "${outcome.type}" read as success`);
        p.status = outcome?.type === 'suspended' ? 'suspended' : 'done';
        if (outcome?.interruptIds) p.interruptIds = outcome.interruptIds;
        if ('result' in ev) p.result = ev.result;
        return;
      }
    }
  }

  /**
   * A tool call's result (TOOL_CALL_RESULT, or a snapshot's tool message): its step is done, or
   * failed when the message says it is an error. A call of an earlier run is not a step of this
   * one: its new state goes to `earlier`, for the step that run drew.
   */
  function settleCall(ev: { type: string }, id: string, content: unknown, error?: string) {
    const change = { status: error === undefined ? 'done' : 'failed', result: textOf(content) } as const;
    const p = partAt('tool', id);
    if (p >= 0) return void Object.assign(editPart(p), change);
    const [mi, ci] = callAt(id);
    if (mi < 0) return warn(`${ev.type}: "${id}" names no tool call of the thread`);
    const { name, arguments: args } = ((r.messages[mi] as AssistantMessage).toolCalls as ToolCall[])[ci]!.function;
    (r.earlier = own(r.earlier)).push({ kind: 'tool', id, name, args, ended: true, ...change });
  }
  function activityPart(id: string, activityType: string, content: Record<string, unknown>) {
    const p = partAt('activity', id);
    if (p >= 0) Object.assign(editPart(p), { activityType, content });
    else addPart({ kind: 'activity', id, activityType, content });
  }
  function failTools() {
    settle();
    for (const i of [...r.track.running, ...r.track.pending]) if (r.parts[i]!.kind === 'tool') editPart(i).status = 'failed';
  }

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
    if (CLOSES_ALL.test(type)) for (const l of r.track.lanes) closeLane(l.owner);
    else if (CLOSES_LANE.test(type) || /^SUBAGENT_(FINISHED|ERROR)/.test(type)) closeLane(lane);
    apply(event);
  }
  settle();
  if (wrote) return r;
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
