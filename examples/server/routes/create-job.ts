// POST /chat/:entry: validate, resolve the visitor, create the job, start the agent, answer at
// once. The answer itself arrives on the job's event stream.
import type { ChatHandler } from '../app-context';
import { demoStreamHints } from '../demo-agent';
import { toAgentHistory } from '../history';
import { HttpError } from '../http-error';
import { readJsonObject, sendJson } from '../http-io';
import { newJobId } from '../ids';
import { resolveVisitor } from '../identity';
import { resolveInteraction, type NewFormSubmission } from '../interaction';
import { parseJobRequest } from '../job-request';
import { AGENT_HISTORY_TURNS, MAX_JSON_BODY_BYTES } from '../limits';
import type { JobRecord, NewJob, Store } from '../store';

export const createJob: ChatHandler = async ({ app, req, res, entry, cors }) => {
  const request = parseJobRequest(await readJsonObject(req, MAX_JSON_BODY_BYTES));
  const visitorId = resolveVisitor(entry, { visitorId: request.visitorId, ticket: request.ticket }, 'issue');
  const scope = { entry: entry.key, visitorId, threadId: request.threadId };

  let userText: string;
  let interaction: Record<string, unknown> | null = null;
  let submission: NewFormSubmission | null = null;
  if (request.interactionResponse) {
    const resolved = resolveInteraction(app.store, scope, request.interactionResponse);
    if (resolved.replay) {
      // A retried form submission: the answer it started, not a second one.
      const { id, threadId } = resolved.replay;
      sendJson(res, 200, { done: false, job_id: id, visitor_id: visitorId, thread_id: threadId, deduped: true }, cors);
      return;
    }
    ({ userText, interaction, submission } = resolved);
  } else {
    userText = request.message!;
  }

  // Read before the new job exists, so the history holds only earlier turns.
  const earlier = app.store.recentThreadJobs(entry.key, visitorId, request.threadId, AGENT_HISTORY_TURNS);
  const job = createJobRecord(app.store, {
    id: newJobId(),
    ...scope,
    userText,
    createdAt: Date.now(),
    capabilities: request.renderers,
    interaction,
    context: request.context,
  }, submission);
  if (job === 'busy') {
    throw new HttpError(409, 'busy', 'This conversation is still answering the previous message.');
  }

  if (app.demoScenario) app.hints.set(job.id, demoStreamHints(app.demoScenario(userText, interaction !== null)));
  app.runner.start(job, {
    jobId: job.id,
    text: userText,
    history: toAgentHistory(earlier),
    renderers: request.renderers,
    interaction,
  });
  sendJson(res, 200, { done: false, job_id: job.id, visitor_id: visitorId, thread_id: request.threadId }, cors);
};

/** Creates the job (and records its form submission); a submission that lost a race is a 409. */
function createJobRecord(store: Store, job: NewJob, submission: NewFormSubmission | null): JobRecord | 'busy' {
  try {
    return store.createJob(job, submission ?? undefined);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (submission && typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT')) {
      throw new HttpError(409, 'submission_conflict', 'This form response was already recorded.');
    }
    throw error;
  }
}
