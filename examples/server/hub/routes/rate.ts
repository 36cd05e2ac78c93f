// POST /chat/:entry/rate/:job_id: a visitor's thumbs up/down or note on one of their answers.
import type { ChatHandler } from '../../app-context';
import { charCount, optionalMatching, optionalString, rejectUnknownKeys } from '../../http/fields';
import { badRequest, forbidden, notFound } from '../../http/http-error';
import { readJsonObject, sendJson } from '../../http/http-io';
import { resolveVisitor } from '../identity';
import { parseTicketField } from '../job-request';
import { JOB_ID_PATTERN, MAX_JSON_BODY_BYTES, MAX_RATING_COMMENT_CHARS, VISITOR_ID_PATTERN } from '../../settings/limits';

const RATINGS = ['up', 'down', 'note'];

export const rateJob: ChatHandler = async ({ app, req, res, entry, params, cors }) => {
  const body = await readJsonObject(req, MAX_JSON_BODY_BYTES);
  rejectUnknownKeys(body, ['rating', 'visitor_id', 'comment', 'ticket']);
  const rating = body.rating;
  if (typeof rating !== 'string' || !RATINGS.includes(rating)) {
    throw badRequest('invalid_field', '"rating" must be "up", "down" or "note".');
  }
  const comment = optionalString(body, 'comment') ?? null;
  if (comment !== null && charCount(comment) > MAX_RATING_COMMENT_CHARS) {
    throw badRequest('invalid_field', `"comment" must be at most ${MAX_RATING_COMMENT_CHARS} characters.`);
  }
  const visitorId = resolveVisitor(
    entry,
    { visitorId: optionalMatching(body, 'visitor_id', VISITOR_ID_PATTERN), ticket: parseTicketField(body) },
    'reject',
  );
  const jobId = params[0]!;
  const job = JOB_ID_PATTERN.test(jobId) ? app.store.getJob(jobId) : undefined;
  if (!job || job.entry !== entry.key) throw notFound('This answer does not exist.', 'unknown_job');
  if (job.visitorId !== visitorId) throw forbidden('wrong_visitor', 'This answer belongs to another visitor.');
  app.store.addRating(job.id, visitorId, rating, comment, Date.now());
  sendJson(res, 200, { ok: true }, cors);
};
