// POST /agui/:entry: one AG-UI 1.0 run. The body is a RunAgentInput (agui-request.ts); the answer
// is the run's event stream, encoded by @ag-ui/encoder: SSE `data: {json}\n\n` frames, or AG-UI's
// protobuf framing for a client whose `Accept` names it (aguiEncoder).
//
// Refusals before the stream starts are JSON errors with a status, like every other route (400
// bad body, 401 ticket, 403 origin, 413, 415, 429, 503). Once the stream has started, every run
// is framed: RUN_STARTED first, then RUN_FINISHED or RUN_ERROR last, whatever the agent does or
// throws; the interrupt rules (agui-interrupts.ts) are checked inside the run, so breaking one is
// a RUN_ERROR as the protocol asks. A client that goes away aborts the run: its pauses and its
// model request stop, and nothing more is written.
//
// Identity travels in `forwardedProps`, as the BailingHub body carries it: `ticket` (required
// where the entry requires one) and `visitor_id`. A client that sends neither is anonymous: its
// thread id alone keys what the server keeps of the thread (its interrupts).
import { PROTOCOL_VERSION, EventType, type Event } from '@ag-ui/core';
import { AGUI_MEDIA_TYPE, EventEncoder } from '@ag-ui/encoder';
import type { ChatHandler } from '../../app-context';
import type { AguiEnding } from '../../agents/agui-agent';
import { answerKey, checkResume } from '../agui-interrupts';
import { parseAguiRequest, type AguiRequest } from '../agui-request';
import { visitorKey } from '../../http/client-limits';
import type { EntryConfig } from '../../settings/entries';
import { clientIp, readJsonObject } from '../../http/http-io';
import { resolveVisitor } from '../../hub/identity';
import { MAX_AGUI_BODY_BYTES } from '../../settings/limits';
import { describeError, storageRefusal } from '../../storage/storage-fault';
import type { InterruptScope } from '../../storage/store-interrupts';

/** An anonymous client: no visitor id, no ticket. */
const ANONYMOUS = '';

export const INTERNAL_ERROR_SENTENCE = 'Something went wrong on the server. Please try again.';
export const SHUTDOWN_SENTENCE = 'The chat is restarting. Please try again in a moment.';

/** The visitor a run belongs to: the ticket's, the claimed id, or nobody (ANONYMOUS). Throws the 401/403/400. */
export function aguiVisitor(entry: EntryConfig, request: Pick<AguiRequest, 'ticket' | 'visitorId'>): string {
  const checksTicket = entry.ticketSecret !== undefined && request.ticket !== undefined;
  if (!checksTicket && request.visitorId === undefined && !entry.requireTicket) return ANONYMOUS;
  return resolveVisitor(entry, { visitorId: request.visitorId, ticket: request.ticket }, 'reject');
}

/**
 * The encoder for a request's `Accept`. EventEncoder negotiates it, except that only a client
 * that names AG-UI's protobuf type gets protobuf: EventEncoder reads a bare wildcard (`*\/*`, what
 * fetch and curl send by default) as asking for it, and SSE is the protocol's default transport.
 */
export function aguiEncoder(accept: string | undefined): EventEncoder {
  return accept !== undefined && accept.toLowerCase().includes(AGUI_MEDIA_TYPE) ? new EventEncoder({ accept }) : new EventEncoder();
}

export const runAgui: ChatHandler = async ({ app, req, res, entry, cors }) => {
  const request = parseAguiRequest(await readJsonObject(req, MAX_AGUI_BODY_BYTES));
  const { input } = request;
  const scope: InterruptScope = { entry: entry.key, visitorId: aguiVisitor(entry, request), threadId: input.threadId };
  // A run holds a connection as a job's stream does, and counts against the same caps.
  const release = app.clientLimits.openStream(clientIp(req), visitorKey(entry.key, scope.visitorId || `agui-thread:${input.threadId}`));
  const stop = new AbortController();
  let open = true;
  let shuttingDown = false;
  let ping: NodeJS.Timeout | undefined;
  const untrack = app.trackStream(() => {
    shuttingDown = true;
    stop.abort();
  });
  const cleanup = (): void => {
    if (!open) return;
    open = false;
    stop.abort();
    clearInterval(ping);
    untrack();
    release();
  };
  // The client went away (or the response ended): the run stops and nothing more is written.
  res.once('close', cleanup);

  const encoder = aguiEncoder(req.headers.accept);
  res.writeHead(200, {
    ...cors,
    'Content-Type': encoder.getContentType(),
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no',
    'X-Content-Type-Options': 'nosniff',
  });
  req.socket.setNoDelay(true);
  const write = (chunk: string | Uint8Array): void => {
    if (open && !res.writableEnded && !res.destroyed) res.write(chunk);
  };
  const emit = (event: Event): void => write(encoder.encodeBinary(event.timestamp === undefined ? { ...event, timestamp: Date.now() } : event));
  // SSE comments keep proxies from closing a quiet stream (a model thinking); clients skip them.
  if (encoder.getContentType() === 'text/event-stream') {
    ping = setInterval(() => write(': ping\n\n'), app.pingIntervalMs);
    ping.unref();
  }

  emit({
    type: EventType.RUN_STARTED,
    threadId: input.threadId,
    runId: input.runId,
    protocolVersion: PROTOCOL_VERSION,
    ...(input.parentRunId !== undefined ? { parentRunId: input.parentRunId } : {}),
  });

  let ending: AguiEnding;
  try {
    const now = app.now();
    const check = checkResume(app.store.threadInterrupts(scope), input.resume, now, app.aguiAgent.checkAnswer);
    if (!check.ok) {
      ending = { type: 'error', code: check.code, message: check.message };
    } else {
      const fresh = check.answers.filter((answer) => !answer.replay);
      const recorded = fresh.length === 0 || app.store.answerInterrupts(scope, fresh.map((a) => ({ id: a.record.id, answer: answerKey(a.entry) })));
      ending = !recorded
        ? { type: 'error', code: 'interrupt_already_answered', message: 'Another request answered these interrupts at the same time; nothing was done twice.' }
        : await app.aguiAgent.run(
            { input, renderers: request.renderers, sandboxPacks: request.sandboxPacks, sandboxKit: request.sandboxKit, answers: check.answers, baseUrl: app.origin(), now },
            emit,
            stop.signal,
          );
    }
    if (ending.type === 'finished' && ending.interrupts && ending.interrupts.length > 0) {
      app.store.saveInterrupts(
        scope,
        ending.interrupts.map(({ interrupt, action }) => ({
          id: interrupt.id,
          interrupt: interrupt as unknown as Record<string, unknown>,
          action,
          // A value that is not a date leaves the interrupt unexpired, as a client comparing it reads it.
          expiresAt: interrupt.expiresAt !== undefined && Number.isFinite(Date.parse(interrupt.expiresAt)) ? Date.parse(interrupt.expiresAt) : null,
          createdAt: now,
        })),
      );
    }
  } catch (error) {
    if (shuttingDown) {
      ending = { type: 'error', code: 'shutting_down', message: SHUTDOWN_SENTENCE };
    } else if (stop.signal.aborted) {
      return; // the client went away: nobody to tell
    } else {
      const refusal = storageRefusal(error);
      const detail = refusal ? `the database refused it: ${describeError(error)}` : error instanceof Error ? (error.stack ?? error.message) : String(error);
      app.log(`POST /agui/${entry.key}: run ${input.runId} failed: ${detail}`);
      ending = { type: 'error', code: refusal ? refusal.code : 'internal', message: refusal ? refusal.message : INTERNAL_ERROR_SENTENCE };
    }
  }
  if (!open) return;
  switch (ending.type) {
    case 'drop':
      // Once what was written has left, so the client sees the answer begin and then break.
      res.write('', () => res.destroy());
      return;
    case 'error':
      emit({ type: EventType.RUN_ERROR, message: ending.message, code: ending.code });
      break;
    case 'finished': {
      const interrupts = ending.interrupts ?? [];
      emit({
        type: EventType.RUN_FINISHED,
        threadId: input.threadId,
        runId: input.runId,
        outcome:
          interrupts.length > 0
            ? { type: 'interrupt', interrupts: interrupts.map((raised) => raised.interrupt) }
            : { type: 'success', ...(ending.pendingToolCallIds?.length ? { pendingToolCallIds: [...ending.pendingToolCallIds] } : {}) },
        ...(ending.result !== undefined ? { result: ending.result } : {}),
      });
      break;
    }
  }
  res.end();
};
