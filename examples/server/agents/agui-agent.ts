// What an AG-UI agent is to this server: given a validated run, it sends events and says how the
// run ends. The route (ag-ui/routes/agui.ts) sends RUN_STARTED before it and RUN_FINISHED or RUN_ERROR
// after it, so every run is framed whatever the agent does; the agent only closes what it opened.
import type { Event, Interrupt, ResumeEntry, RunAgentInput } from '@ag-ui/core';
import type { SandboxPackLine } from './sandbox-packs';
import type { InterruptRecord } from '../storage/store-interrupts';

/** An interrupt answered by this run's `resume`, with what the agent asked to do once it was. */
export interface ResumeAnswer {
  record: InterruptRecord;
  entry: ResumeEntry;
  /** The same answer again (a resume sent twice): report it, do not act on it a second time. */
  replay: boolean;
}

export interface AguiRun {
  input: RunAgentInput;
  /** Renderer types the client advertised (`forwardedProps.client_capabilities.renderers`). */
  renderers: readonly string[];
  /** The capability packs the page's views may call (`forwardedProps.client_capabilities.sandbox_packs`). */
  sandboxPacks?: readonly SandboxPackLine[];
  /** The page's kit for jsx views, in one line (`forwardedProps.client_capabilities.sandbox_kit`). */
  sandboxKit?: string;
  /** The interrupts this run resumes, checked (agui-interrupts.ts): each one's answer is valid. */
  answers: readonly ResumeAnswer[];
  /** This server's origin as the visitor's browser reaches it, for links to files it serves. */
  baseUrl: string;
  /** The server's clock (interrupts' `expiresAt` is read against it). */
  now: number;
}

/** An interrupt a run raises: the Interrupt as sent, and the agent's own note of what to do once answered. */
export interface RaisedInterrupt {
  interrupt: Interrupt;
  action: Record<string, unknown>;
}

export type AguiEnding =
  | {
      type: 'finished';
      /** Tool calls left for the client to answer (frontend tools, generated UI). */
      pendingToolCallIds?: readonly string[];
      /** Ends the run with the interrupt outcome; the route stores them for the next run's resume. */
      interrupts?: readonly RaisedInterrupt[];
      result?: unknown;
    }
  | { type: 'error'; message: string; code: string }
  /** Failure injection: the connection is cut with no terminal event (the "drop" demo). */
  | { type: 'drop' };

export interface AguiAgent {
  run(run: AguiRun, emit: (event: Event) => void, signal: AbortSignal): Promise<AguiEnding>;
  /**
   * Why `entry` cannot answer the interrupt raised with `action`, or null when it can. Checked
   * before any answer is recorded, so a wrong answer can be corrected.
   */
  checkAnswer(action: Readonly<Record<string, unknown>>, entry: ResumeEntry): string | null;
}
