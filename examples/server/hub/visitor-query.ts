// The visitor a GET route serves, from its query string: `visitor_id` and, on entries with a
// ticket secret, `ticket`. The ids travel in the query because the hub's contract puts them there
// and its CORS allows no request header but `Content-Type` and `Last-Event-ID` (a custom header
// would fail every cross-origin preflight); the request log redacts them (log-redaction.ts).
import type { EntryConfig } from '../settings/entries';
import { optionalMatching } from '../http/fields';
import { resolveVisitor } from './identity';
import { parseTicketField } from './job-request';
import { VISITOR_ID_PATTERN } from '../settings/limits';

/** 400 without a visitor id, 401 for a missing or bad ticket where the entry checks tickets. */
export function visitorFromQuery(entry: EntryConfig, url: URL): string {
  const query = Object.fromEntries(url.searchParams) as Record<string, unknown>;
  return resolveVisitor(
    entry,
    { visitorId: optionalMatching(query, 'visitor_id', VISITOR_ID_PATTERN), ticket: parseTicketField(query) },
    'reject',
  );
}
