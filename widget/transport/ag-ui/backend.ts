// AG-UI 1.0 as a ChatBackend (widget/conversation/backend.ts): a turn is one or more runs POSTed to the
// agent, each answered by an SSE stream of AG-UI events folded by the pure reducer in run.ts.
// When a run ends asking the page for its tools (host tools), the handlers run and the next run
// continues the same turn, as AG-UI clients do (follow-turn.ts). The thread (its messages and
// state) is kept in the page's storage, per agent URL (thread-store.ts); AG-UI has no way to
// resume a stream, so a turn whose stream is lost is interrupted, never shown as done.
// What stays here is the backend's face: a turn's start (a new message, or a resume with the
// visitor's decisions), its following, and how it ends what it showed.
import type { ChatBackend, StartedTurn, TurnEnd } from '../../conversation/backend';
import { readHistory } from '../../conversation/history';
import { randomId } from '../../ids';
import { turnRefusal } from '../errors';
import type { AgentOptions, HostTool } from './options';
import type { HostTools } from './host-tools';
import { endParts } from './steps';
import type { PartsLang } from './parts-view';
import { shownAnswers } from './open-asks';
import { hiddenRun, postRun, type PendingRun } from './agent-runs';
import { turnMessages } from './host-calls';
import { createDrawnTurns } from './drawn-turns';
import { endingOf, followTurn } from './follow-turn';
import { liveTurn, lostTurn } from './live-turn';
import { openThread } from './thread-store';
import type { AgUiEvent, Context } from './types';

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
  /**
   * How a run is fetched: widget.js hands its stream reader (stream-fetch.ts: the page's one worker)
   * through startAgent. Default: the global `fetch` (a test's, or one outside the widget).
   */
  fetch?: typeof fetch;
  /** More of `client_capabilities` beside `renderers` (the capability packs' lines), once known. */
  capabilities?(): Promise<Record<string, unknown> | undefined> | undefined;
  /** Context for the next run beside the agent's own (what MCP App views asked the model to know), read as each run starts. */
  context?(): readonly Context[];
}

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
 * The backend for `options.agent`: its thread (thread-store.ts) read from the page's storage, the
 * turns' parts drawn in the list (drawn-turns.ts), and the runs each turn started, until followed.
 */
export function createAgUiBackend(options: AgUiBackendOptions): AgUiBackend {
  const { storage, warn } = options;
  const lang = (options.lang ?? 'en') as PartsLang;
  const thread = openThread(options, lang, (...change) => drawn.change(...change));
  const { keys, decisions } = thread;
  const pending = new Map<string, PendingRun>();
  /** The calls each resume run (by run id) set running: they end with that run's turn if no result came. */
  const resumed = new Map<string, string[]>();
  /** The answers the page's history shows (the conversation writes it before it draws a card). */
  const record = () => readHistory(storage, keys.history);
  const shown = () => shownAnswers(record());
  const request = (props: Record<string, unknown>, signal: AbortSignal) => hiddenRun(thread, thread.messages(), props, signal);
  const drawn = createDrawnTurns(lang, { request, warn: (message) => warn(message) }, record);

  /** The run that continues turn `turnId`'s interrupted run, with the visitor's decisions. */
  async function startResume({ turnId }: { turnId: string }, signal: AbortSignal): Promise<StartedTurn> {
    const resume = decisions.resumeOf(turnId);
    const runId = randomId('r_', 20);
    try {
      pending.set(runId, await postRun(thread, runId, thread.messages(), signal, resume));
    } catch (error) {
      throw turnRefusal(error);
    }
    // The calls the interrupts held are decided: a rejected one is rejected, an approved one runs
    // now (its result, if the agent sends one, comes in this run against the same call id).
    const running: string[] = [];
    for (const { toolCallId, rejected } of decisions.sent(turnId)) {
      if (!rejected) running.push(toolCallId);
      thread.changeEarlier(toolCallId, { status: rejected ? 'rejected' : 'running' });
    }
    resumed.set(runId, running);
    return { id: runId };
  }

  return {
    historyKey: keys.history,
    // A new run whose messages end with the question again (after the earlier turn's).
    redo: true,
    visitor: () => thread.visitorId,
    state: thread.state,
    request,
    drawParts: drawn.draw,
    partsOf: thread.parts.of,
    drawDecision: (el, id, tools) => decisions.draw(el, id, tools, shown()),
    newThread: thread.clear,

    async start({ message, interaction, renderers, resume }, signal): Promise<StartedTurn> {
      thread.drawWith(renderers);
      if (resume) return startResume(resume as { turnId: string }, signal);
      // An open ask holds the message back; one no card can show is cancelled by this run (decisions.ts).
      const { unreachable, cancelled } = decisions.beforeTurn(shown());
      const messages = thread.messages();
      const { sent, props } = turnMessages(messages, message, interaction, thread.drawnByPage);
      const runId = randomId('r_', 20);
      try {
        pending.set(runId, { ...(await postRun(thread, runId, sent, signal, cancelled.length ? cancelled : undefined, props)), from: sent[messages.length]?.id });
      } catch (error) {
        throw turnRefusal(error);
      }
      decisions.cancelled(unreachable);
      return { id: runId };
    },

    async follow(id, report, signal): Promise<TurnEnd> {
      // What the turn shows is written down as it goes (live-turn.ts): a page left mid-run (in a
      // long, quiet tool call too) shows again what the visitor saw, cut off.
      const live = liveTurn(storage, keys.live, id, report);
      // What an earlier turn's snapshot did to the list is the conversation's by now.
      drawn.restoreAll();
      const next = pending.get(id);
      pending.delete(id);
      const end = await (next ? followTurn(thread, id, next, live.tell, signal) : Promise.resolve(lostTurn(storage, keys.live, id, live.tell))).finally(live.unwatch);
      // Steps end with their turn: nothing it showed is left running, on screen or in what is kept.
      const how = endingOf(end);
      const last = live.last();
      const ended = last?.parts && endParts(last.parts, how);
      if (ended && (ended !== last.parts || last.working)) live.tell({ ...last, working: false, parts: ended });
      // The calls a resume approved end with it too, when the agent sent no result for them.
      for (const call of resumed.get(id) ?? []) thread.changeEarlier(call, { status: how }, (part) => part.status === 'running');
      resumed.delete(id);
      // The agent's version of the earlier turns stands only in an answered turn (the
      // conversation redraws the list from it); otherwise the page's record, which the thread keeps.
      if (end.kind !== 'answered' || !end.answer.thread) drawn.restoreAll();
      live.end(end.kind === 'answered');
      return end;
    },
  };
}
