// The context a renderer's `mount` gets for one block (DESIGN.md §7): frozen, with exactly these
// keys: no ticket, visitor id, thread id or page context, and of earlier responses only their summary.
// Its `respond` stamps which renderer and message a response answers.

import type { RegisteredRenderer } from './definition';
import type { MountRequest } from './registry';
import type { RendererContext, ResponsePresentation, ResponseSummary } from '../types';

/** All a renderer may learn of earlier responses: never the submitted values (trust boundary). */
const SUMMARY_KEYS = ['type', 'version', 'source_job_id', 'form_id', 'submission_id', 'action'] as const;

const pick = (r: ResponseSummary) =>
  Object.freeze(Object.fromEntries(SUMMARY_KEYS.filter((k) => r[k] !== undefined).map((k) => [k, r[k]]))) as unknown as ResponseSummary;

/** `attempt`: the mount's signal, and whether it is over (a response after that is refused). */
export function rendererContext(req: MountRequest, def: RegisteredRenderer, payload: unknown, attempt: { ac: AbortController; dead?: boolean }): RendererContext {
  const { type, source, container, theme, message } = req;
  const context: Omit<RendererContext, 'activity'> = {
    container,
    payload,
    source,
    type,
    version: def.version,
    theme: Object.freeze({ accent: theme.accent, mode: theme.mode }),
    signal: attempt.ac.signal,
    message: Object.freeze({ jobId: message.jobId, responses: Object.freeze(message.responses.map(pick)), restored: !!message.restored }),
    // The widget, not the renderer, says which renderer and message a response answers.
    respond: (response: Record<string, unknown>, presentation?: ResponsePresentation) =>
      new Promise<void>((ok) => {
        if (attempt.dead) throw new Error('renderer destroyed');
        if (!response || typeof response != 'object' || Array.isArray(response)) throw new TypeError('respond: the response must be an object');
        ok(req.respond({ ...response, type, version: def.version, source_job_id: message.jobId }, presentation));
      }),
  };
  // An agent's activity is made from the rest of the context (`MountRequest.activity`).
  return Object.freeze(req.activity ? Object.assign(context, { activity: req.activity(context) }) : context) as RendererContext;
}
