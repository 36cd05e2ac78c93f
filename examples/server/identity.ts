// Who the visitor is. A valid ticket wins over any claimed visitor id; `t_` ids are reserved for
// ticket holders, so nobody can claim a signed-in visitor's history by guessing `t_<their id>`.
import type { EntryConfig } from './entries';
import { badRequest, forbidden } from './http-error';
import { newVisitorId } from './ids';
import { verifyTicket } from './tickets';

const TICKET_PREFIX = 't_';

const TICKET_ERRORS = {
  malformed: ['ticket_invalid', 'The ticket is malformed.'],
  bad_signature: ['ticket_invalid', 'The ticket signature is not valid.'],
  expired: ['ticket_expired', 'The ticket has expired.'],
  wrong_entry: ['ticket_invalid', 'The ticket was issued for another entry.'],
} as const;

export interface VisitorClaim {
  visitorId: string | undefined;
  ticket: string | undefined;
}

/**
 * `ifMissing: 'issue'` introduces a new anonymous visitor (creating a job);
 * `'reject'` answers 400 (reading history, rating, uploading).
 */
export function resolveVisitor(entry: EntryConfig, claim: VisitorClaim, ifMissing: 'issue' | 'reject', nowMs = Date.now()): string {
  // Entries without a secret cannot check tickets; the widget sends them anyway, so they are ignored.
  if (entry.ticketSecret !== undefined && claim.ticket !== undefined) {
    const check = verifyTicket(entry.ticketSecret, claim.ticket, entry.key, nowMs);
    if (!check.ok) {
      const [code, message] = TICKET_ERRORS[check.reason];
      throw forbidden(code, message);
    }
    return `${TICKET_PREFIX}${check.payload.sub}`;
  }
  if (entry.requireTicket) throw forbidden('ticket_required', 'This entry needs a signed visitor ticket.');
  if (claim.visitorId?.startsWith(TICKET_PREFIX)) {
    throw forbidden('ticket_required', 'Visitor ids starting with "t_" belong to ticket holders; send the ticket.');
  }
  if (claim.visitorId !== undefined) return claim.visitorId;
  if (ifMissing === 'issue') return newVisitorId();
  throw badRequest('missing_field', '"visitor_id" is required.');
}
