// GET /chat/:entry/events/:job_id: the job's SSE stream, resumable with Last-Event-ID or ?cursor=.
import type { ChatHandler } from '../../app-context';
import { visitorKey } from '../../http/client-limits';
import { notFound } from '../../http/http-error';
import { clientIp } from '../../http/http-io';
import { JOB_ID_PATTERN } from '../../settings/limits';
import { parseLastEventId } from '../../http/sse-format';
import { streamJob } from '../sse-stream';
import { visitorFromQuery } from '../visitor-query';

export const streamEvents: ChatHandler = ({ app, req, res, url, entry, params, cors }) => {
  // The stream carries the answer and its visitor id, so it asks who is reading exactly as
  // /thread does (visitor id, and the ticket where the entry requires one), before the job is
  // even looked up.
  const visitorId = visitorFromQuery(entry, url);
  const jobId = params[0]!;
  const job = JOB_ID_PATTERN.test(jobId) ? app.store.getJob(jobId) : undefined;
  // Another visitor's job answers as one that does not exist: a job id learnt from a log, a
  // screen or a shared link tells its holder nothing.
  if (!job || job.entry !== entry.key || job.visitorId !== visitorId) throw notFound('This answer does not exist.', 'unknown_job');
  // Limits count the job's owner; the slot is given back when the connection ends.
  const visitor = visitorKey(entry.key, job.visitorId);
  app.clientLimits.takeVisitor('events', visitor, Date.now());
  const release = app.clientLimits.openStream(clientIp(req), visitor);

  // Where to resume, as the hub reads it: `?cursor=` first, then the `Last-Event-ID` header (what
  // EventSource and our widget send), then our older `?last_event_id=`.
  const header = req.headers['last-event-id'];
  const lastSeq = parseLastEventId(
    url.searchParams.get('cursor') ?? (typeof header === 'string' ? header : null) ?? url.searchParams.get('last_event_id'),
  );
  const hints = app.hints.forConnection(job.id);
  try {
    streamJob(req, res, {
      store: app.store,
      bus: app.bus,
      jobId: job.id,
      lastSeq,
      pingIntervalMs: app.pingIntervalMs,
      windowMs: hints.windowMs ?? app.streamWindowMs,
      ...(hints.dropAfterDeltas !== undefined ? { dropAfterDeltas: hints.dropAfterDeltas } : {}),
      headers: cors,
      track: app.trackStream,
      unsavedEnding: (id) => app.runner.unsavedEnding(id),
      onClose: release,
      log: app.log,
    });
  } catch (error) {
    // It could not start (the store could not be read): the slot was never used.
    release();
    throw error;
  }
};
