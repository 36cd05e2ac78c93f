// One AG-UI turn followed to its end (backend.ts's `follow`): its runs in rounds (a run, then the
// page's answers to the calls it left, then the next run), each run's stream reported as it comes,
// and what the turn leaves in the thread (its messages, its kept parts, the visitor's asks).
import type { TurnAnswer, TurnEnd, TurnProgress } from '../../conversation/backend';
import type { HistoryItem } from '../../types';
import { randomId } from '../../ids';
import type { DecisionAsk } from './decision-view';
import type { Decisions } from './decisions';
import type { AgUiRun, Part, ToolPart } from './run';
import { changeCall, endParts, type CallChange, type TurnEnding } from './steps';
import { outcomeText } from './outcome';
import { answerPart, silentReply, type PartsLang } from './parts-view';
import type { ThreadPart } from './thread-view';
import { keepVisitorRows } from './visitor-rows';
import { postRun, readRun, type PendingRun, type RunLink } from './agent-runs';
import { answered, answerToolCalls, SHOWN } from './host-calls';
import { rewrittenThread } from './kept-thread';
import { answerText, isAnswer, nextFrame, progressOf } from './turn-progress';
import type { Message } from './types';

/** Most runs one turn may chain through host tools before it is stopped (an agent calling tools forever). */
export const MAX_TOOL_ROUNDS = 8;

/** What a turn reads and changes of the backend's thread, beside what each of its runs is sent with. */
export interface TurnLink extends RunLink {
  lang: PartsLang;
  decisions: Decisions;
  /** A tool call the page draws with a renderer (generative UI), not one it runs. */
  drawnByPage(name: string): boolean;
  /** The thread's messages as kept now. */
  messages(): Message[];
  /** The thread's messages are `next` from now on: kept (from the front, what storage has room for). */
  keepMessages(next: Message[]): void;
  /** Keeps the parts turn `id` showed, for a reload. */
  keepParts(id: string, parts: readonly Part[]): void;
  /** Changes the step of an earlier turn's call (`when` it is as asked), wherever it was kept and drawn. */
  changeEarlier(id: string, change: CallChange, when?: (part: ToolPart) => boolean): void;
}

/**
 * What a turn's rounds leave for the next: the parts of its earlier runs (host tool rounds), and
 * the earlier turns as the agent's last snapshot left them, shown at once (undefined: as the page has them).
 */
interface SoFar {
  parts: Part[];
  thread?: HistoryItem[];
}

type Report = (progress: TurnProgress) => void;

/** How a turn that ended with `end` ends its steps: nothing it showed is left running. */
export const endingOf = (end: TurnEnd): TurnEnding => (end.kind === 'stopped' ? 'stopped' : end.kind === 'lost' ? 'cut' : end.answer.failed ? 'failed' : 'done');

/**
 * Turn `id`, from its first run `next` to its end. One loop on purpose: each round reads and sets
 * what the rounds before it left (the parts shown, the thread as the agent rewrote it, the next
 * run), and each of the ways a round ends returns the turn's end from inside it.
 */
export async function followTurn(link: TurnLink, id: string, next: PendingRun, report: Report, signal: AbortSignal): Promise<TurnEnd> {
  const { lang, drawnByPage } = link;
  const { from, run: first } = next;
  const theirs = visitorsThread(first.messages, link.options.warn);
  /** The earlier turns, when the agent's snapshot rewrote them. */
  const thread = (run: AgUiRun) => rewrittenThread(first.messages, theirs(run), from);
  const so: SoFar = { parts: [] };
  for (let round = 0; ; round++) {
    const { result, latest, before } = await readRound(link, next, so, thread, report, signal);
    const earlier = so.parts;
    if (result === 'aborted') {
      // Stopped by the visitor, who goes on from there: the question and what came of the
      // answer stay in the thread, as they saw them, so the next run has them. (A failed or
      // cut-off run is left out: its Retry asks the same question again.)
      link.keepMessages(theirs(latest));
      return { kind: 'stopped' };
    }
    if (result instanceof Error) {
      // Cut off, not failed: what the run showed stays on screen, and a reload shows it again.
      if (result.fatal) link.options.warn(`AG-UI: ${result.message}`);
      return { kind: 'lost', reason: result.message };
    }
    const run = result;
    if (run.status === 'interrupted') return { kind: 'lost', reason: 'the agent\'s stream ended without RUN_FINISHED or RUN_ERROR' };
    let all: Part[] = [...earlier, ...run.parts];
    /** Shows the turn's parts as `all` now is (with the agent's version of the earlier turns, when it has one). */
    const show = () => report(progressOf(run, before, so.thread ? [...all, { kind: 'thread', items: so.thread } satisfies ThreadPart] : all));
    const text = answerText(all);
    if (run.status === 'error') {
      // What came of the answer stays, as a row marked cut off above the error (whose Retry asks again).
      const cut = answerPart(all);
      if (cut?.text) (all = all.map((p) => (p === cut ? { ...cut, cut: true as const } : p))), show();
      link.keepParts(id, endParts(all, 'failed'));
      return { kind: 'answered', answer: { reply: run.error?.message ?? '', failed: true } };
    }
    link.keepParts(id, endParts(all, 'done'));
    if (run.status === 'interrupt' && run.interrupts.length) {
      // The visitor decides; the next turn resumes the run with their decisions (drawDecision).
      const calls: DecisionAsk['calls'] = {};
      for (const p of all) if (p.kind === 'tool') calls[p.id] = { name: p.name, args: p.args };
      link.decisions.add(id, { runId: run.runId, interrupts: run.interrupts, calls, decisions: {} });
      link.keepMessages(theirs(run));
      link.decisions.keep();
      return { kind: 'answered', answer: { reply: text, thread: thread(run) } };
    }
    // Finished (or waiting on the page): what the run did is now the thread.
    link.keepMessages(theirs(run));
    const results = run.status === 'finished' ? await answerToolCalls(run, next.tools, signal, drawnByPage, link.options.warn).catch(() => 'aborted' as const) : null;
    if (results === 'aborted') return { kind: 'stopped' };
    if (!results) {
      // A call left without a result that the page does not answer (the agent's own, such as
      // its output tool) is over with the run: nothing waits for it.
      const over = all.map((p) => (p.kind === 'tool' && p.status === 'pending' && !drawnByPage(p.name) ? { ...p, status: 'done' as const } : p));
      if (over.some((p, i) => p !== all[i])) (all = over), show(), link.keepParts(id, endParts(all, 'done'));
      // A turn that said nothing answers with its outcome: the run's result, or its last call's.
      // One that came to nothing says so (a rejected interrupt's resume may end at once).
      const reply = text || outcomeText(all, 'result' in run ? { value: run.result } : undefined, drawnByPage) || (all.some((p) => p.kind === 'tool' && drawnByPage(p.name)) ? '' : silentReply(lang));
      return { kind: 'answered', answer: { reply, thread: thread(run) } satisfies TurnAnswer };
    }
    // The page answered these calls: their steps are done (or failed), no longer waiting for it.
    so.parts = [...earlier, ...run.parts.map((p) => answered(p, results))];
    if (round + 1 >= MAX_TOOL_ROUNDS) {
      all = so.parts;
      show();
      link.keepParts(id, endParts(all, text ? 'done' : 'failed'));
      return { kind: 'answered', answer: { reply: `${text}`, failed: !text } };
    }
    // Drawn calls left open beside the page's tools get their result too: the next run needs one for every call.
    const drawn = run.parts.filter((p) => p.kind === 'tool' && run.pendingToolCalls.includes(p.id) && drawnByPage(p.name));
    link.keepMessages([...link.messages(), ...results, ...drawn.map((p): Message => ({ id: randomId('m_', 16), role: 'tool', toolCallId: p.id, content: SHOWN }))]);
    try {
      next = await postRun(link, randomId('r_', 20), link.messages(), signal);
    } catch (error) {
      if (signal.aborted) return { kind: 'stopped' };
      return { kind: 'lost', reason: error instanceof Error ? error.message : String(error) };
    }
  }
}

/** The run's thread with the visitor's messages as they sent them (visitor-rows.ts), what it changed named once a turn. */
function visitorsThread(sent: readonly Message[], warn: (message: string) => void) {
  const named = new Set<string>();
  const say = (id: string, text: string) => named.has(id) || (named.add(id), warn(`AG-UI: ${text}`));
  return (run: AgUiRun) => {
    const kept = keepVisitorRows(sent, run.messages);
    for (const id of kept.rewritten) say(id, `the agent's thread changed the words of the visitor's message "${id}"; their own words are kept (what the visitor sent is never rewritten)`);
    for (const id of kept.dropped) say(id, `the agent's thread holds a user message "${id}" that is not the visitor's (each message they sent stands once, where they sent it); it is left out`);
    return kept.messages;
  };
}

/**
 * One round's run read to its end, what the turn shows reported as it comes: once a network
 * chunk, whatever number of events it brings. The parts reported are a list of their own (the
 * run's is written in place), made again when a part or the earlier turns changed, and at most
 * once an animation frame: the list is what the page redraws from, which it does once a frame at
 * most. A change that came after that frame's list is reported with the next frame's (or at the
 * run's end).
 */
async function readRound(link: TurnLink, next: PendingRun, so: SoFar, thread: (run: AgUiRun) => HistoryItem[] | undefined, report: Report, signal: AbortSignal) {
  // A result this run gives a call of the turn's earlier runs changes it in `so.parts`.
  let settled = 0;
  const before = { answers: so.parts.filter(isAnswer).length, answer: answerPart(so.parts) };
  let latest = next.run;
  let parts: readonly (Part | ThreadPart)[] = so.parts;
  let edits = -1;
  let madeWith: HistoryItem[] | undefined;
  let waiting = false;
  let over = false;
  let queued = false;
  const tell = (now?: boolean) => queued && ((queued = false), report(progressOf(latest, before, partsOf(latest, now))));
  const partsOf = (run: AgUiRun, now?: boolean) => {
    const changed = run.track.edits !== edits || so.thread !== madeWith;
    // A snapshot's new version of the earlier turns does not wait: one costs what its thread holds anyway.
    if (!changed || (waiting && !now && so.thread === madeWith)) return parts;
    if (!now) waiting = true;
    if (!now) nextFrame(() => ((waiting = false), !over && latest.track.edits !== edits && report(progressOf(latest, before, partsOf(latest)))));
    edits = run.track.edits;
    madeWith = so.thread;
    // The earlier turns as the agent rewrote them ride with the parts: drawParts shows them.
    return (parts = so.thread ? [...so.parts, ...run.parts, { kind: 'thread', items: so.thread } satisfies ThreadPart] : [...so.parts, ...run.parts]);
  };
  const result = await readRun(link, next, signal, (run, type) => {
    // Only a snapshot rewrites earlier turns: the transcript is not compared at every delta.
    if (type === 'MESSAGES_SNAPSHOT') so.thread = thread(run);
    // A result for a call of an earlier run is that call's step, where it was drawn: not a new step.
    for (const { id: call, status, result } of run.earlier.slice(settled)) {
      const mine = changeCall(so.parts, call, { status, result });
      if (mine) (so.parts = mine), (edits = -1);
      else link.changeEarlier(call, { status, result });
    }
    settled = run.earlier.length;
    latest = run;
    // One report for all the events of a network chunk (a fast agent's whole answer comes in one):
    // the conversation's work is per chunk, not per delta.
    if (!queued) (queued = true), queueMicrotask(tell);
  });
  over = true;
  // What changed since the last list is shown at the run's end, not a frame later.
  queued ||= latest.track.edits !== edits;
  tell(true);
  return { result, latest, before };
}
