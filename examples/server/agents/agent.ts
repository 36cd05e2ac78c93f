// What an agent is: given the visitor's turn and the thread so far, it reports its progress
// through a sink. The job runner turns sink calls into stored, numbered stream events.

import type { PageContext } from '../../../widget/types';
import type { SandboxPackLine } from './sandbox-packs';

export interface AgentTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** A knowledge-base source an answer cites as `[seq]` (the hub's `done.references` items). */
export interface Reference {
  seq: number;
  title: string;
  score: number;
  snippet: string;
}

/** A file the visitor's message carries (read from its markdown), with what the server knows of it. */
export interface MessageAttachment {
  type: 'image' | 'audio' | 'file';
  url: string;
  name: string;
  /** Set when the URL is one of this visitor's uploads to this server. */
  bytes?: number;
  mime?: string;
}

export interface AgentInput {
  jobId: string;
  text: string;
  /** Files the visitor's message links to (uploads appear in the text as markdown links). */
  attachments: readonly MessageAttachment[];
  /** This server's origin as the visitor's browser reaches it, for links to files it serves. */
  baseUrl: string;
  /** Earlier finished turns of the thread, oldest first. */
  history: readonly AgentTurn[];
  /** Renderer types the client advertised (`client_capabilities.renderers`). */
  renderers: readonly string[];
  /** The capability packs the page's views may call (`client_capabilities.sandbox_packs`); absent for a job resumed after a restart. */
  sandboxPacks?: readonly SandboxPackLine[];
  /** The page's kit for jsx views, in one line (`client_capabilities.sandbox_kit`), when it has one. */
  sandboxKit?: string;
  /** The page the visitor is on (`context`), as the browser declared it. */
  pageContext?: PageContext | null;
  /** Set when the turn answers an interaction (a submitted form, …). */
  interaction: Readonly<Record<string, unknown>> | null;
}

export interface AgentSink {
  /** Starts a model or tool phase; `round` counts model calls. */
  phase(name: 'model' | 'tool', round: number): void;
  /** Provisional text of the current round. */
  delta(text: string): void;
  /** Tells the client to discard the provisional text so far. */
  reset(reason: string, round: number): void;
  /** The authoritative final answer, with the sources it cites as `[1]`, `[2]`…. Ends the job. */
  done(reply: string, extras?: { references?: readonly Reference[] }): void;
  /** Ends the job with an error shown to the visitor. */
  failed(reply: string, detail?: string): void;
}

export type Agent = (input: AgentInput, sink: AgentSink, signal: AbortSignal) => Promise<void>;

/** Resolves after `ms`, or rejects at once when the job is aborted. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
