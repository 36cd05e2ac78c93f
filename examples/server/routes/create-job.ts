// POST /chat/:entry: validate, resolve the visitor, create the job, start the agent, answer at
// once. The answer itself arrives on the job's event stream.
import type { ChatHandler } from '../app-context';
import { demoStreamHints } from '../demo-agent';
import { toAgentHistory } from '../history';
import { HttpError } from '../http-error';
import { readJsonObject, sendJson } from '../http-io';
import { newJobId } from '../ids';
import { resolveVisitor } from '../identity';
import { resolveInteraction } from '../interaction';
import { parseJobRequest } from '../job-request';
import { AGENT_HISTORY_TURNS, MAX_JSON_BODY_BYTES } from '../limits';

export const createJob: ChatHandler = async ({ app, req, res, entry, cors }) => {
  const request = parseJobRequest(await readJsonObject(req, MAX_JSON_BODY_BYTES));
  const visitorId = resolveVisitor(entry, { visitorId: request.visitorId, ticket: request.ticket }, 'issue');
  const scope = { entry: entry.key, visitorId, threadId: request.threadId };

  let userText: string;
  let interaction: Record<string, unknown> | null = null;
  if (request.interactionResponse) {
    ({ userText, interaction } = resolveInteraction(app.store, scope, request.interactionResponse));
  } else {
    userText = request.message!;
  }

  // Read before the new job exists, so the history holds only earlier turns.
  const earlier = app.store.recentThreadJobs(entry.key, visitorId, request.threadId, AGENT_HISTORY_TURNS);
  const job = app.store.createJob({
    id: newJobId(),
    ...scope,
    userText,
    createdAt: Date.now(),
    capabilities: request.renderers,
    interaction,
    context: request.context,
  });
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
