// The agent's side of a run: POSTed with the thread's RunAgentInput, its SSE stream read and folded
// by the run reducer (run.ts), the shared state taken as it changes; and the hidden run an
// activity's renderer asks for, whose RUN_FINISHED.result is all that is kept.
import { randomId } from '../../ids';
import { BailingHttpError } from '../errors';
import { readEventStream } from '../sse';
import type { AgUiBackendOptions } from './backend';
import { parseAgUiEvent } from './events';
import { buildRunInput } from './input';
import { deeperThan, MAX_JSON_DEPTH, stateProblem } from './limits';
import type { HostTool } from './options';
import { endOfStream, initialRun, reduceRun, type AgUiRun } from './run';
import type { AgUiEvent, Message, ResumeEntry } from './types';

/** What a run is sent with and what it changes, as the backend holds them now. */
export interface RunLink {
  options: AgUiBackendOptions;
  visitorId: string;
  thread(): string;
  state(): unknown;
  renderers(): string[];
  /** The run changed the shared state (one the limits allow): the thread has it now. */
  took(state: unknown): void;
}

export interface PendingRun {
  run: AgUiRun;
  body: ReadableStream<Uint8Array>;
  /** The page's tools the run was offered: the ones that answer its calls. */
  tools: readonly HostTool[];
  /** The id of the first message the turn added to the thread: what is before it is the earlier turns. */
  from?: string;
}

/**
 * POSTs one run; resolves once the agent answered with an event stream. `props`: a renderer's
 * `forwardedProps` for this run (an activity's action or request), under the widget's own.
 */
export async function postRun(link: RunLink, runId: string, sent: Message[], signal: AbortSignal, resume?: ResumeEntry[], props?: Record<string, unknown>): Promise<PendingRun> {
  const { options } = link;
  const { agent } = options;
  const tools = 'list' in options.tools ? options.tools.list() : options.tools;
  const threadId = link.thread();
  const body = buildRunInput({
    threadId,
    runId,
    messages: sent,
    tools: tools.map(({ name, description, parameters }) => ({ name, description, parameters })),
    context: [...agent.context, ...(options.context?.() ?? [])],
    state: link.state(),
    // The renderer types go where the BailingHub body has them, for agents that draw with them.
    // The visitor and ticket too, as there: an agent behind a hub's entry checks them.
    forwardedProps: { ...props, ...agent.forwardedProps, client_capabilities: { renderers: link.renderers(), ...(await options.capabilities?.()) }, visitor_id: link.visitorId, ...(options.ticket?.() ? { ticket: options.ticket() } : {}) },
    resume,
  });
  const url = agent.url;
  const response = await (options.fetch ?? fetch)(url, {
    method: 'POST',
    // The owner's headers first: Content-Type and Accept are the protocol's and stay ours.
    headers: { ...agent.headers, 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(body),
    signal,
    cache: 'no-store',
    credentials: 'omit',
  }).catch((cause: unknown) => {
    throw new BailingHttpError('POST', url, 0, { cause });
  });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.startsWith('text/event-stream') || !response.body) {
    let json: unknown;
    try {
      json = JSON.parse(await response.text());
    } catch {}
    throw new BailingHttpError('POST', url, response.status, { body: json, detail: response.ok ? `expected text/event-stream, got ${type || 'no content type'}` : undefined });
  }
  return { run: initialRun(link.thread(), runId, { messages: sent, state: link.state() }), body: response.body, tools };
}

/** Reads one run's stream to its end, reporting what the visitor may see. */
export async function readRun(link: RunLink, p: PendingRun, signal: AbortSignal, show: (run: AgUiRun, type: string) => void): Promise<AgUiRun | 'aborted' | (Error & { fatal?: true })> {
  const { warn, onEvent } = link.options;
  let run = p.run;
  let refusedState = false;
  // Only the latest run is kept: the reducer may write what it made for this stream in place.
  const owned = new WeakSet<object>();
  const read = await readEventStream(p.body, signal, ({ data }) => {
    const parsed = decodeEvent(data);
    if (typeof parsed == 'string') return void warn(parsed);
    if (parsed.type === 'UNKNOWN') return false;
    const before = run;
    run = reduceRun(run, parsed, owned);
    for (const warning of run.warnings.slice(before.warnings.length)) warn(`AG-UI: ${warning}`);
    if (parsed.type === 'RAW' || parsed.type === 'CUSTOM') onEvent?.(parsed);
    if (run.state !== before.state) {
      const problem = stateProblem(run.state);
      if (problem) {
        // The run goes on with the state it had: the next delta patches that one.
        if (!refusedState) warn(`AG-UI: ${parsed.type}: the shared state is not taken: ${problem}; the run goes on with the state it had`);
        refusedState = true;
        run = { ...run, state: link.state() };
      } else link.took(run.state);
    }
    if (run !== before) show(run, parsed.type);
    return run.status !== 'running';
  });
  if (read === 'aborted' || read instanceof Error) return read;
  return endOfStream(run);
}

/**
 * A hidden run for an activity's renderer (RendererActivity.request: an MCP App's proxied
 * request): the thread as it is, with `props` in its forwardedProps; its `RUN_FINISHED.result`.
 * Nothing of it is shown, kept in the thread, or taken into the shared state.
 */
export async function hiddenRun(link: RunLink, messages: Message[], props: Record<string, unknown>, signal: AbortSignal): Promise<unknown> {
  const p = await postRun(link, randomId('r_', 20), messages, signal, undefined, props);
  let run = p.run;
  const read = await readEventStream(p.body, signal, ({ data }) => {
    const parsed = decodeEvent(data);
    if (typeof parsed == 'string') return void link.options.warn(parsed);
    run = reduceRun(run, parsed);
    return run.status !== 'running';
  });
  if (read === 'aborted') throw new Error('the request was stopped');
  if (read instanceof Error) throw read;
  if (run.status === 'finished') return run.result;
  throw new Error(run.status === 'error' ? `the agent failed the request: ${run.error!.message}` : `the agent's request run ended without RUN_FINISHED (${endOfStream(run).status})`);
}

/** One SSE event's data as an AG-UI event, or the warning that says why it is skipped. */
function decodeEvent(data: string): AgUiEvent | string {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return `skipped an AG-UI event whose data is not JSON: ${data.slice(0, 80)}`;
  }
  if (deeperThan(json, MAX_JSON_DEPTH)) return `skipped an AG-UI event nested deeper than ${MAX_JSON_DEPTH} levels (MAX_JSON_DEPTH): ${data.slice(0, 80)}`;
  const parsed = parseAgUiEvent(json);
  return parsed.ok ? parsed.event : `skipped a malformed AG-UI event: ${parsed.error}`;
}

