// What an agent is: given the visitor's turn and the thread so far, it reports its progress
// through a sink. The job runner turns sink calls into stored, numbered stream events.

export interface AgentTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface AgentInput {
  jobId: string;
  text: string;
  /** Earlier finished turns of the thread, oldest first. */
  history: readonly AgentTurn[];
  /** Renderer types the client advertised (`client_capabilities.renderers`). */
  renderers: readonly string[];
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
  /** The authoritative final answer. Ends the job. */
  done(reply: string): void;
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
