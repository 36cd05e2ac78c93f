// POST /chat/:entry: validate, resolve the visitor, create the job, start the agent, answer at
// once. The answer itself arrives on the job's event stream. A message to a thread that is still
// answering is accepted and waits its turn (the hub accepts it too; it never answers 409).
import type { ChatHandler } from '../../app-context';
import { demoStreamHints } from '../../agents/demo-agent';
import { HttpError } from '../../http/http-error';
import { readJsonObject, sendJson } from '../../http/http-io';
import { newJobId } from '../../storage/ids';
import { resolveVisitor } from '../identity';
import { resolveInteraction } from '../interaction';
import type { NewFormSubmission } from '../source-job';
import { parseJobRequest } from '../job-request';
import { DEFAULT_THREAD_ID, MAX_ACTIVE_JOBS_PER_THREAD, MAX_JSON_BODY_BYTES, THREAD_BUSY_RETRY_AFTER_SECONDS } from '../../settings/limits';
import { messageFiles } from '../message-files';
import type { Store } from '../../storage/store';
import type { JobRecord, NewJob } from '../../storage/store-jobs';

export const createJob: ChatHandler = async ({ app, req, res, entry, cors }) => {
  const request = parseJobRequest(await readJsonObject(req, MAX_JSON_BODY_BYTES));
  const visitorId = resolveVisitor(entry, { visitorId: request.visitorId, ticket: request.ticket }, 'issue');
  const scope = { entry: entry.key, visitorId, threadId: request.threadId };
  // The hub answers without a thread id; one is echoed only when the client named it (the
  // default thread's name is not one a client could send back).
  const threadEcho = request.threadId === DEFAULT_THREAD_ID ? {} : { thread_id: request.threadId };

  let userText: string;
  let interaction: Record<string, unknown> | null = null;
  let submission: NewFormSubmission | null = null;
  if (request.interactionResponse) {
    const resolved = resolveInteraction(app.store, scope, request.interactionResponse);
    if (resolved.replay) {
      // A retried form submission: the answer it started, not a second one.
      const { id, threadId } = resolved.replay;
      const echo = threadId === DEFAULT_THREAD_ID ? {} : { thread_id: threadId };
      sendJson(res, 200, { done: false, job_id: id, visitor_id: visitorId, ...echo, deduped: true }, cors);
      return;
    }
    ({ userText, interaction, submission } = resolved);
  } else {
    userText = request.message!;
  }

  const job = createJobRecord(app.store, {
    id: newJobId(),
    ...scope,
    userText,
    createdAt: Date.now(),
    capabilities: request.renderers,
    interaction,
    context: request.context,
  }, submission);
  if (job === 'full') {
    throw new HttpError(
      429,
      'thread_busy',
      'This conversation already has several messages waiting for an answer. Please wait for them to finish.',
      { 'Retry-After': String(THREAD_BUSY_RETRY_AFTER_SECONDS) },
    );
  }

  if (app.demoScenario) app.hints.set(job.id, demoStreamHints(app.demoScenario(userText, interaction !== null)));
  app.runner.start(job, {
    jobId: job.id,
    text: userText,
    attachments: interaction ? [] : messageFiles(app.store, entry.key, visitorId, userText),
    baseUrl: app.origin(),
    renderers: request.renderers,
    sandboxPacks: request.sandboxPacks,
    sandboxKit: request.sandboxKit,
    pageContext: request.context,
    interaction,
  });
  sendJson(res, 200, { done: false, job_id: job.id, visitor_id: visitorId, ...threadEcho }, cors);
};

/**
 * Creates the job (and records its form submission); a form submission that lost a race is a
 * 409, the one conflict a create-job can meet (form responses are this server's extension).
 */
function createJobRecord(store: Store, job: NewJob, submission: NewFormSubmission | null): JobRecord | 'full' {
  try {
    return store.createJob(job, submission ?? undefined, MAX_ACTIVE_JOBS_PER_THREAD);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (submission && typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT')) {
      throw new HttpError(409, 'submission_conflict', 'This form response was already recorded.');
    }
    throw error;
  }
}
