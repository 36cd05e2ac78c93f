// The job an `interaction_response` answers, and what resolving one gives (interaction.ts for
// forms, a2ui-response.ts for A2UI surfaces): both read the source job through here, so neither
// imports the other's module.
import { HttpError } from '../http/http-error';
import type { FormSubmissionRecord, JobRecord } from '../storage/store-jobs';
import type { Store } from '../storage/store';

export type NewFormSubmission = Omit<FormSubmissionRecord, 'jobId' | 'createdAt'>;

export type ResolvedInteraction =
  | {
      replay?: undefined;
      /** What the agent reads as the visitor's message. */
      userText: string;
      /** Stored with the job; the history serves only its summary. */
      interaction: Record<string, unknown>;
      /** A form response, recorded together with the job it starts. */
      submission: NewFormSubmission | null;
    }
  /** The same form submission again (a retry, a double click): the job it already started. */
  | { replay: JobRecord };

export interface InteractionScope {
  entry: string;
  visitorId: string;
  threadId: string;
}

/** The A2UI renderer's responses (a2ui-response.ts). */
export const A2UI_TYPE = 'a2ui';
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
