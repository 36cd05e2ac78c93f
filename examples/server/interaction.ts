// Turns an `interaction_response` (a renderer's `respond`, DESIGN.md §7) into the next user turn.
// For now it checks the envelope and the source job; validating the payload against what the
// source reply asked for (e.g. a form's schema) belongs here too.
import type { ResponseSummary } from '../../widget/types';
import { HttpError, badRequest } from './http-error';
import { JOB_ID_PATTERN, RENDERER_TYPE_PATTERN } from './limits';
import type { JobRecord, Store } from './store';

export interface ResolvedInteraction {
  /** What the agent reads as the visitor's message. */
  userText: string;
  /** Stored with the job; the history serves only its summary. */
  interaction: Record<string, unknown>;
}

export interface InteractionScope {
  entry: string;
  visitorId: string;
  threadId: string;
}

export function checkEnvelope(response: Record<string, unknown>): void {
  const { type, version, source_job_id: source } = response;
  if (typeof type !== 'string' || !RENDERER_TYPE_PATTERN.test(type)) {
    throw badRequest('invalid_field', `"interaction_response.type" must match ${RENDERER_TYPE_PATTERN}.`);
  }
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw badRequest('invalid_field', '"interaction_response.version" must be a positive integer.');
  }
  if (typeof source !== 'string' || !JOB_ID_PATTERN.test(source)) {
    throw badRequest('invalid_field', '"interaction_response.source_job_id" must be a job id.');
  }
}

/** The source job must be an answer this visitor already has, in this very thread. */
export function findSourceJob(store: Store, scope: InteractionScope, sourceJobId: string): JobRecord {
  const source = store.getJob(sourceJobId);
  if (!source || source.entry !== scope.entry || source.visitorId !== scope.visitorId) {
    throw new HttpError(404, 'unknown_source_job', 'The job this response answers does not exist.');
  }
  if (source.threadId !== scope.threadId) {
    throw new HttpError(409, 'wrong_thread', 'The job this response answers belongs to another thread.');
  }
  if (source.status !== 'done') {
    throw new HttpError(409, 'source_not_finished', 'The job this response answers has no final reply yet.');
  }
  return source;
}

export function resolveInteraction(store: Store, scope: InteractionScope, response: Record<string, unknown>): ResolvedInteraction {
  checkEnvelope(response);
  findSourceJob(store, scope, response.source_job_id as string);
  return { userText: `${interactionLabel(response)} ${JSON.stringify(response)}`, interaction: response };
}

/** The visitor's side of a response as history shows it: what was done, never the values. */
export function interactionLabel(interaction: Record<string, unknown>): string {
  return interaction.action === 'cancel' ? '[form cancelled]' : '[form submitted]';
}

/** What history may show of a response: its identity, never the submitted values. */
export function summarizeInteraction(interaction: Record<string, unknown>): ResponseSummary {
  const summary: { -readonly [K in keyof ResponseSummary]: ResponseSummary[K] } = {
    type: interaction.type as string,
    version: interaction.version as number,
    source_job_id: interaction.source_job_id as string,
  };
  for (const key of ['form_id', 'submission_id', 'action'] as const) {
    if (typeof interaction[key] === 'string') summary[key] = interaction[key] as string;
  }
  return summary;
}
