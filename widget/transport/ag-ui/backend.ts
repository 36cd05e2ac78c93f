// AG-UI 1.0 as a ChatBackend (widget/conversation/backend.ts): a turn is one or more runs POSTed to the
// agent, each answered by an SSE stream of AG-UI events folded by the pure reducer in run.ts.
// When a run ends asking the page for its tools (host tools), the handlers run here and the
// next run continues the same turn, as AG-UI clients do. The thread (its messages and state)
// is kept in the page's storage, per agent URL; AG-UI has no way to resume a stream, so a turn
// whose stream is lost is interrupted, never shown as done.
// About 420 lines: the runs (agent-runs.ts), the page's tool answers (host-calls.ts), the
// decisions (decisions.ts), the kept thread (kept-thread.ts) and the progress (turn-progress.ts)
// are modules of their own; what stays is the one thread's state and the turn loop over it.
import type { ChatBackend, PartsTools, StartedTurn, TurnAnswer, TurnEnd, TurnProgress } from '../../conversation/backend';
import type { HistoryItem } from '../../types';
import { newestFitting, readHistory, readString, roomFor, writeString } from '../../conversation/history';
import { deeperThan, MAX_JSON_DEPTH, stateProblem } from './limits';
import { randomId } from '../../ids';
import { turnRefusal } from '../errors';
import type { DecisionAsk } from './decision-view';
import { createDecisions } from './decisions';
import type { AgentOptions, HostTool } from './options';
import type { HostTools } from './host-tools';
import type { AgUiRun, Part, ToolPart } from './run';
import { changeCall, endParts, type CallChange, type TurnEnding } from './steps';
import { outcomeText } from './outcome';
import { answerPart, createPartsView, rendererTypeOf, silentReply, type PartsLang } from './parts-view';
import { createThreadView, isThreadPart, type ThreadPart } from './thread-view';
import { shownAnswers } from './open-asks';
import { keepVisitorRows } from './visitor-rows';
import { hiddenRun, postRun, readRun, type PendingRun, type RunLink } from './agent-runs';
import { answered, answerToolCalls, SHOWN, turnMessages } from './host-calls';
import { anyValue, isMessageList, isRecord, isUser, keptParts, MAX_KEPT_MESSAGES, MAX_KEPT_TURNS, MAX_STORED_MESSAGES, MAX_STORED_PARTS, readJson, rewrittenThread, storageKeysFor } from './kept-thread';
import { answerText, isAnswer, nextFrame, progressOf } from './turn-progress';
import type { AgUiEvent, Context, Message, ResumeEntry } from './types';

export interface AgUiBackendOptions {
  agent: AgentOptions;
  /** The widget's language: the steps' and decisions' labels (English where they have none of it) and dates. Default `en`. */
  lang?: string;
  /** The page's tools: a fixed list, or the live set (host-tools.ts) a run reads when it starts. */
  tools: readonly HostTool[] | Pick<HostTools, 'list'>;
  storage: Storage | null;
  /** The page's visitor ticket (data-ticket, setTicket), sent in `forwardedProps.ticket` as the BailingHub body carries it. */
  ticket?(): string | null;
  warn(message: string): void;
  /** The shared state changed (STATE_SNAPSHOT, STATE_DELTA, MESSAGES_SNAPSHOT's thread). */
  onState?(state: unknown): void;
  /** A RAW or CUSTOM event, for the host page. */
  onEvent?(event: AgUiEvent): void;
  /** Default: the global `fetch`. */
  fetch?: typeof fetch;
  /** More of `client_capabilities` beside `renderers` (the capability packs' lines), once known. */
  capabilities?(): Promise<Record<string, unknown> | undefined> | undefined;
  /** Context for the next run beside the agent's own (what MCP App views asked the model to know), read as each run starts. */
  context?(): readonly Context[];
}

/** Most runs one turn may chain through host tools before it is stopped (an agent calling tools forever). */
export const MAX_TOOL_ROUNDS = 8;

/**
 * How often, at most, what a running turn shows is written down for a reload mid-run; it is
 * written once more this long after its last change, so a quiet spell (a long tool call) keeps it.
 */
export const LIVE_SAVE_MS = 400;


export interface AgUiBackend extends ChatBackend {
  /** The thread's shared state as the last run left it. */
  state(): unknown;
  /**
   * A hidden run carrying `forwardedProps` (what an activity's renderer asks, RendererActivity.request):
   * its `RUN_FINISHED.result`. Neither shown nor kept in the thread or the state.
   */
  request(forwardedProps: Record<string, unknown>, signal: AbortSignal): Promise<unknown>;
}

/**
 * One closure, longer than most on purpose: the thread it keeps (messages, state, asks, the parts
 * each turn showed, the thread id) is read and written by every method and by each turn as it
 * goes, and closure variables cost nothing at each use where an object holding them would. What
 * needs none of it lives beside it: agent-runs.ts (a run's POST and stream), host-calls.ts (the
 * page's tool answers), kept-thread.ts (what storage keeps), turn-progress.ts (what a turn shows).
 */
export function createAgUiBackend(options: AgUiBackendOptions): AgUiBackend {
  // One closure on purpose: the thread (its messages, state, kept parts, the runs under way) is read
  // and changed by every method and by each round of a turn, and is written back to the page's
  // storage as one record; what does not need it lives in the modules imported above.
  const { agent, storage, warn } = options;
  const keys = storageKeysFor(agent.url);
  const lang = (options.lang ?? 'en') as PartsLang;
  // Every record is read (and a bad one dropped) before anything is written: what is dropped frees its room.
  let messages: Message[] = readJson(storage, keys.messages, isMessageList, [], (list) => (deeperThan(list, MAX_JSON_DEPTH + 4) ? `it nests deeper than ${MAX_JSON_DEPTH + 4} levels (MAX_JSON_DEPTH)` : undefined));
  // A state of null is kept as "null" and read as none: optional fields are omitted, never null (1.0).
  let state: unknown = readJson(storage, keys.state, anyValue, undefined, stateProblem) ?? undefined;
  /** The parts each answered turn showed (steps, generated UI), kept for a reload. */
  let turnParts: Record<string, Part[]> = readJson(storage, keys.parts, isRecord<Part[]>, {});
  const decisions = createDecisions(storage, keys.asks, lang);
  let threadId = readString(storage, keys.thread) || randomId('t_', 20);
  writeString(storage, keys.thread, threadId);
  const visitorId = readString(storage, keys.visitor) || randomId('v_', 24);
  writeString(storage, keys.visitor, visitorId);
  const pending = new Map<string, PendingRun>();
  let renderers: string[] = [];
  const keepParts = (id: string, parts: readonly Part[]) => {
    const shown = keptParts(parts);
    if (!shown.some((p) => p.kind !== 'text' || p.text)) return;
    turnParts[id] = shown as Part[];
    writeParts();
  };
  function writeParts() {
    const turns = newestFitting(Object.entries(turnParts).slice(-MAX_KEPT_TURNS), MAX_STORED_PARTS);
    turnParts = Object.fromEntries(turns);
    writeString(storage, keys.parts, JSON.stringify(Object.fromEntries(newestFitting(turns, roomFor(storage, keys.parts)))));
  }
  /** A tool call the page draws with a renderer (generative UI), not one it runs. */
  const drawnByPage = (name: string) => renderers.includes(rendererTypeOf(name));
  /** The answers the page's history shows (the conversation writes it before it draws a card). */
  const record = () => readHistory(storage, keys.history);
  const shown = () => shownAnswers(record());

  const keep = () => {
    writeString(storage, keys.state, state === undefined ? null : JSON.stringify(state));
    // Dropped from the front a whole turn at a time: a thread that starts mid-turn (a tool result
    // without its call) is one providers refuse.
    messages = newestFitting(messages.slice(-MAX_KEPT_MESSAGES), MAX_STORED_MESSAGES, isUser);
    // What the site's storage has room for (history.ts), which the widget's other conversations share.
    writeString(storage, keys.messages, JSON.stringify(newestFitting(messages, roomFor(storage, keys.messages), isUser)));
  };

  const link: RunLink = {
    options,
    visitorId,
    thread: () => threadId,
    state: () => state,
    renderers: () => renderers,
    took(next) {
      state = next;
      options.onState?.(state);
    },
  };
  const post = (runId: string, sent: Message[], signal: AbortSignal, resume?: ResumeEntry[], props?: Record<string, unknown>) => postRun(link, runId, sent, signal, resume, props);
  const stream = (p: PendingRun, signal: AbortSignal, show: (run: AgUiRun, type: string) => void) => readRun(link, p, signal, show);
  const request = (props: Record<string, unknown>, signal: AbortSignal) => hiddenRun(link, messages, props, signal);
  const answerCalls = (run: AgUiRun, tools: readonly HostTool[], signal: AbortSignal) => answerToolCalls(run, tools, signal, drawnByPage, warn);

  const drawParts = createPartsView(lang, { request, warn: (message) => warn(message) });
  const threadView = createThreadView();

  /** The run that continues turn `turnId`'s interrupted run, with the visitor's decisions. */
  async function startResume({ turnId }: { turnId: string }, signal: AbortSignal): Promise<StartedTurn> {
    const resume = decisions.resumeOf(turnId);
    const runId = randomId('r_', 20);
    try {
      pending.set(runId, await post(runId, messages, signal, resume));
    } catch (error) {
      throw turnRefusal(error);
    }
    // The calls the interrupts held are decided: a rejected one is rejected, an approved one runs
    // now (its result, if the agent sends one, comes in this run against the same call id).
    const running: string[] = [];
    for (const { toolCallId, rejected } of decisions.sent(turnId)) {
      if (!rejected) running.push(toolCallId);
      changeEarlier(toolCallId, { status: rejected ? 'rejected' : 'running' });
    }
    resumed.set(runId, running);
    return { id: runId };
  }

  /** Where the parts of each turn were drawn, as last drawn: a result for an earlier call changes its step there. */
  const drawnAt = new Map<HTMLElement, { parts: Part[]; ui: PartsTools }>();
  /** The calls each resume run (by run id) set running: they end with that run's turn if no result came. */
  const resumed = new Map<string, string[]>();

  /**
   * Changes the step of an earlier turn's call, wherever it is: in the kept parts of the turn that
   * drew it (for a reload), and in the list, drawn again in place.
   */
  function changeEarlier(id: string, change: CallChange, when?: (part: ToolPart) => boolean) {
    let kept = false;
    for (const turn in turnParts) {
      const next = changeCall(turnParts[turn]!, id, change, when);
      if (next) (turnParts[turn] = next), (kept = true);
    }
    if (kept) writeParts();
    for (const [el, shown] of drawnAt) {
      const next = changeCall(shown.parts, id, change, when);
      if (next) drawParts(el, (shown.parts = next), shown.ui);
    }
  }

  return {
    historyKey: keys.history,
    // A new run whose messages end with the question again (after the earlier turn's).
    redo: true,
    visitor: () => visitorId,
    state: () => state,
    request,
    drawParts(el, parts, ui) {
      const own = parts.filter((p) => !isThreadPart(p)) as Part[];
      // A new turn's element: those the list no longer holds (a new conversation, the history drawn again) go.
      if (!drawnAt.has(el)) for (const old of drawnAt.keys()) if (!old.isConnected) drawnAt.delete(old);
      drawnAt.set(el, { parts: own, ui });
      drawParts(el, own, ui);
      threadView.draw(el, parts.find(isThreadPart), ui, record);
    },
    // Nothing a kept turn drew runs after a reload: what still ran then (an approved call whose
    // resume the page was left in) was cut off. A call waiting for a decision still waits.
    partsOf: (id) => (turnParts[id] ? endParts(turnParts[id]!, 'cut', true) : null),

    drawDecision: (el, id, tools) => decisions.draw(el, id, tools, shown()),

    newThread() {
      const use = (thread: typeof old) => {
        [threadId, messages, state, turnParts] = thread;
        decisions.restore(thread[4]);
        writeParts();
        writeString(storage, keys.live, null);
        writeString(storage, keys.thread, threadId);
        keep();
        decisions.keep();
        options.onState?.(state);
      };
      const old = [threadId, messages, state, turnParts, decisions.restore({})] as const;
      use([randomId('t_', 20), [], undefined, {}, {}]);
      return () => use(old);
    },

    async start({ message, interaction, renderers: types, resume }, signal): Promise<StartedTurn> {
      renderers = types;
      if (resume) return startResume(resume as { turnId: string }, signal);
      // An open ask holds the message back; one no card can show is cancelled by this run (decisions.ts).
      const { unreachable, cancelled } = decisions.beforeTurn(shown());
      const { sent, props } = turnMessages(messages, message, interaction, drawnByPage);
      const runId = randomId('r_', 20);
      try {
        pending.set(runId, { ...(await post(runId, sent, signal, cancelled.length ? cancelled : undefined, props)), from: sent[messages.length]?.id });
      } catch (error) {
        throw turnRefusal(error);
      }
      decisions.cancelled(unreachable);
      return { id: runId };
    },

    async follow(id, report, signal): Promise<TurnEnd> {
      // What the turn shows is written down as it goes, at most every LIVE_SAVE_MS and once more
      // after its last change: a page left mid-run (in a long, quiet tool call too) shows again
      // what the visitor saw, cut off.
      let last: TurnProgress | undefined;
      let savedAt = 0;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const save = () => {
        clearTimeout(timer);
        timer = undefined;
        savedAt = Date.now();
        writeString(storage, keys.live, last ? JSON.stringify({ id, text: last.text, parts: keptParts((last.parts ?? []) as Part[]) }) : null);
      };
      const tell = (progress: TurnProgress) => {
        report((last = progress));
        const wait = savedAt + LIVE_SAVE_MS - Date.now();
        if (wait <= 0) save();
        else timer ??= setTimeout(save, wait);
      };
      // A page left between two writes writes what it showed as it goes.
      const onHide = () => timer !== undefined && save();
      globalThis.addEventListener?.('pagehide', onHide);
      // What an earlier turn's snapshot did to the list is the conversation's by now.
      threadView.restoreAll();
      const end = await followTurn(id, tell, signal).finally(() => globalThis.removeEventListener?.('pagehide', onHide));
      // Steps end with their turn: nothing it showed is left running, on screen or in what is kept.
      const how: TurnEnding = end.kind === 'stopped' ? 'stopped' : end.kind === 'lost' ? 'cut' : end.answer.failed ? 'failed' : 'done';
      const ended = last?.parts && endParts(last.parts, how);
      if (ended && (ended !== last!.parts || last!.working)) tell({ ...last!, working: false, parts: ended });
      // The calls a resume approved end with it too, when the agent sent no result for them.
      for (const call of resumed.get(id) ?? []) changeEarlier(call, { status: how }, (part) => part.status === 'running');
      resumed.delete(id);
      // The agent's version of the earlier turns stands only in an answered turn (the
      // conversation redraws the list from it); otherwise the page's record, which the thread keeps.
      if (end.kind !== 'answered' || !end.answer.thread) threadView.restoreAll();
      if (end.kind === 'answered') last = undefined;
      save();
      return end;
    },
  };

  /**
   * One turn: its runs in rounds (a run, then the page's answers to the calls it left, then the
   * next run), to its end. One loop on purpose: each round reads and sets what the rounds before
   * it left (the parts shown, the thread as the agent rewrote it, the next run), and each of the
   * ways a round ends returns the turn's end from inside it.
   */
  async function followTurn(id: string, report: (progress: TurnProgress) => void, signal: AbortSignal): Promise<TurnEnd> {
    let next = pending.get(id);
    pending.delete(id);
    if (!next) {
      // Followed again after a reload: an AG-UI stream cannot be picked up again. What had come stays readable.
      const live = readJson(storage, keys.live, (v): v is { id: string; text: string; parts: Part[] } => typeof v === 'object' && v !== null && (v as { id?: unknown }).id === id, null);
      if (live) report({ text: live.text, resets: 0, working: false, parts: live.parts });
      return { kind: 'lost', reason: 'the page was left while the agent answered' };
    }
    let partsBefore: Part[] = [];
    const { from, run: first } = next;
    const named = new Set<string>();
    /** The run's thread with the visitor's messages as they sent them (visitor-rows.ts), what it changed named once. */
    const theirs = (run: AgUiRun) => {
      const kept = keepVisitorRows(first.messages, run.messages);
      const say = (id: string, text: string) => named.has(id) || (named.add(id), warn(`AG-UI: ${text}`));
      for (const id of kept.rewritten) say(id, `the agent's thread changed the words of the visitor's message "${id}"; their own words are kept (what the visitor sent is never rewritten)`);
      for (const id of kept.dropped) say(id, `the agent's thread holds a user message "${id}" that is not the visitor's (each message they sent stands once, where they sent it); it is left out`);
      return kept.messages;
    };
    /** The earlier turns, when the agent's snapshot rewrote them. */
    const thread = (run: AgUiRun) => rewrittenThread(first.messages, theirs(run), from);
    /** The earlier turns as the agent's last snapshot left them, shown at once (undefined: as the page has them). */
    let shownThread: HistoryItem[] | undefined;
    for (let round = 0; ; round++) {
      // The turn's earlier runs' parts (host tool rounds): a result this run gives one of their calls changes it here.
      let earlier = partsBefore;
      let settled = 0;
      const before = { answers: earlier.filter(isAnswer).length, answer: answerPart(earlier) };
      let latest = next.run;
      // The parts reported are a list of their own (the run's is written in place), made again
      // when a part or the earlier turns changed, and at most once an animation frame: the list
      // is what the page redraws from, which it does once a frame at most. A change that came
      // after that frame's list is reported with the next frame's (or at the run's end).
      let parts: readonly (Part | ThreadPart)[] = earlier;
      let edits = -1;
      let madeWith: HistoryItem[] | undefined;
      let waiting = false;
      let over = false;
      const partsOf = (run: AgUiRun, now?: boolean) => {
        const changed = run.track.edits !== edits || shownThread !== madeWith;
        // A snapshot's new version of the earlier turns does not wait: one costs what its thread holds anyway.
        if (!changed || (waiting && !now && shownThread === madeWith)) return parts;
        if (!now) waiting = true;
        if (!now) nextFrame(() => ((waiting = false), !over && latest.track.edits !== edits && report(progressOf(latest, before, partsOf(latest)))));
        edits = run.track.edits;
        madeWith = shownThread;
        // The earlier turns as the agent rewrote them ride with the parts: drawParts shows them.
        return (parts = shownThread ? [...earlier, ...run.parts, { kind: 'thread', items: shownThread } satisfies ThreadPart] : [...earlier, ...run.parts]);
      };
      const result = await stream(next, signal, (run, type) => {
        // Only a snapshot rewrites earlier turns: the transcript is not compared at every delta.
        if (type === 'MESSAGES_SNAPSHOT') shownThread = thread(run);
        // A result for a call of an earlier run is that call's step, where it was drawn: not a new step.
        for (const { id: call, status, result } of run.earlier.slice(settled)) {
          const mine = changeCall(earlier, call, { status, result });
          if (mine) (earlier = partsBefore = mine), (edits = -1);
          else changeEarlier(call, { status, result });
        }
        settled = run.earlier.length;
        report(progressOf((latest = run), before, partsOf(run)));
      });
      over = true;
      // What changed since the last list is shown at the run's end, not a frame later.
      if (latest.track.edits !== edits) report(progressOf(latest, before, partsOf(latest, true)));
      if (result === 'aborted') {
        // Stopped by the visitor, who goes on from there: the question and what came of the
        // answer stay in the thread, as they saw them, so the next run has them. (A failed or
        // cut-off run is left out: its Retry asks the same question again.)
        messages = theirs(latest);
        keep();
        return { kind: 'stopped' };
      }
      if (result instanceof Error) {
        // Cut off, not failed: what the run showed stays on screen, and a reload shows it again.
        if (result.fatal) warn(`AG-UI: ${result.message}`);
        return { kind: 'lost', reason: result.message };
      }
      const run = result;
      if (run.status === 'interrupted') return { kind: 'lost', reason: 'the agent\'s stream ended without RUN_FINISHED or RUN_ERROR' };
      let all: Part[] = [...earlier, ...run.parts];
      /** Shows the turn's parts as `all` now is (with the agent's version of the earlier turns, when it has one). */
      const show = () => report(progressOf(run, before, shownThread ? [...all, { kind: 'thread', items: shownThread } satisfies ThreadPart] : all));
      const text = answerText(all);
      if (run.status === 'error') {
        // What came of the answer stays, as a row marked cut off above the error (whose Retry asks again).
        const cut = answerPart(all);
        if (cut?.text) (all = all.map((p) => (p === cut ? { ...cut, cut: true as const } : p))), show();
        keepParts(id, endParts(all, 'failed'));
        return { kind: 'answered', answer: { reply: run.error?.message ?? '', failed: true } };
      }
      keepParts(id, endParts(all, 'done'));
      if (run.status === 'interrupt' && run.interrupts.length) {
        // The visitor decides; the next turn resumes the run with their decisions (drawDecision).
        const calls: DecisionAsk['calls'] = {};
        for (const p of [...earlier, ...run.parts]) if (p.kind === 'tool') calls[p.id] = { name: p.name, args: p.args };
        decisions.add(id, { runId: run.runId, interrupts: run.interrupts, calls, decisions: {} });
        messages = theirs(run);
        keep();
        decisions.keep();
        return { kind: 'answered', answer: { reply: text, thread: thread(run) } };
      }
      // Finished (or waiting on the page): what the run did is now the thread.
      messages = theirs(run);
      keep();
      const results = run.status === 'finished' ? await answerCalls(run, next.tools, signal).catch(() => 'aborted' as const) : null;
      if (results === 'aborted') return { kind: 'stopped' };
      if (!results) {
        // A call left without a result that the page does not answer (the agent's own, such as
        // its output tool) is over with the run: nothing waits for it.
        const over = all.map((p) => (p.kind === 'tool' && p.status === 'pending' && !drawnByPage(p.name) ? { ...p, status: 'done' as const } : p));
        if (over.some((p, i) => p !== all[i])) (all = over), show(), keepParts(id, endParts(all, 'done'));
        // A turn that said nothing answers with its outcome: the run's result, or its last call's.
        // One that came to nothing says so (a rejected interrupt's resume may end at once).
        const reply = text || outcomeText(all, 'result' in run ? { value: run.result } : undefined, drawnByPage) || (all.some((p) => p.kind === 'tool' && drawnByPage(p.name)) ? '' : silentReply(lang));
        return { kind: 'answered', answer: { reply, thread: thread(run) } satisfies TurnAnswer };
      }
      // The page answered these calls: their steps are done (or failed), no longer waiting for it.
      partsBefore = [...earlier, ...run.parts.map((p) => answered(p, results))];
      if (round + 1 >= MAX_TOOL_ROUNDS) {
        all = partsBefore;
        show();
        keepParts(id, endParts(all, text ? 'done' : 'failed'));
        return { kind: 'answered', answer: { reply: `${text}`, failed: !text } };
      }
      // Drawn calls left open beside the page's tools get their result too: the next run needs one for every call.
      const drawn = run.parts.filter((p) => p.kind === 'tool' && run.pendingToolCalls.includes(p.id) && drawnByPage(p.name));
      messages = [...messages, ...results, ...drawn.map((p): Message => ({ id: randomId('m_', 16), role: 'tool', toolCallId: p.id, content: SHOWN }))];
      keep();
      try {
        next = await post(randomId('r_', 20), messages, signal);
      } catch (error) {
        if (signal.aborted) return { kind: 'stopped' };
        return { kind: 'lost', reason: error instanceof Error ? error.message : String(error) };
      }
    }
  }
}
