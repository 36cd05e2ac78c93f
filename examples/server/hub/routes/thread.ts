// GET /chat/:entry/thread: the last messages of a visitor's thread, oldest first, in the hub's
// item shape (history.ts). Without `thread_id`, the visitor's default thread.
import type { ChatHandler } from '../../app-context';
import { visitorKey } from '../../http/client-limits';
import { optionalMatching } from '../../http/fields';
import { toHistory } from '../history';
import { sendJson } from '../../http/http-io';
import { DEFAULT_THREAD_ID, THREAD_HISTORY_ITEMS, THREAD_ID_PATTERN } from '../../settings/limits';
import { visitorFromQuery } from '../visitor-query';

export const getThread: ChatHandler = ({ app, res, url, entry, cors }) => {
  const visitorId = visitorFromQuery(entry, url);
  app.clientLimits.takeVisitor('thread', visitorKey(entry.key, visitorId), Date.now());
  const threadId = optionalMatching(Object.fromEntries(url.searchParams), 'thread_id', THREAD_ID_PATTERN) ?? DEFAULT_THREAD_ID;
  const jobs = app.store.recentThreadJobs(entry.key, visitorId, threadId, THREAD_HISTORY_ITEMS);
  // As the hub: `{visitor_id, messages}`; the thread is echoed only when the client named it.
  const echo = threadId === DEFAULT_THREAD_ID ? {} : { thread_id: threadId };
  sendJson(res, 200, { visitor_id: visitorId, ...echo, messages: toHistory(jobs, THREAD_HISTORY_ITEMS) }, cors);
};
