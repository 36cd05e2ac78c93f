// Who the visitor is. A valid ticket wins over any claimed visitor id; `t_` ids are reserved for
// ticket holders, so nobody can claim a signed-in visitor's history by guessing `t_<their id>`.
import type { EntryConfig } from '../settings/entries';
import { HttpError, badRequest, forbidden } from '../http/http-error';
import { newVisitorId } from '../storage/ids';
import { MAX_TICKET_LIFETIME_MS } from '../settings/limits';
import { verifyTicket } from './tickets';

const TICKET_PREFIX = 't_';

/** A visitor whose id came from a signed ticket (the others are anonymous: their ids cost nothing to mint). */
export const isTicketVisitor = (visitorId: string): boolean => visitorId.startsWith(TICKET_PREFIX);

/** A ticket that cannot be trusted is a 401, as on the hub: the host page should sign a fresh one. */
const TICKET_ERRORS = {
  malformed: ['ticket_invalid', 'Your sign-in could not be checked. Please reload the page and sign in again.'],
  bad_signature: ['ticket_invalid', 'Your sign-in could not be checked. Please reload the page and sign in again.'],
  expired: ['ticket_expired', 'Your sign-in has expired. Please reload the page and sign in again.'],
  no_expiry: ['ticket_lifetime', 'Your sign-in could not be accepted: it has no expiry time. Please reload the page and sign in again.'],
  too_long_lived: [
    'ticket_lifetime',
    `Your sign-in could not be accepted: it is valid for more than ${MAX_TICKET_LIFETIME_MS / 3_600_000} hours. Please reload the page and sign in again.`,
  ],
  wrong_entry: ['ticket_invalid', 'Your sign-in is for another chat. Please reload the page and sign in again.'],
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
      throw new HttpError(401, code, message);
    }
    return `${TICKET_PREFIX}${check.payload.sub}`;
  }
  if (entry.requireTicket) throw new HttpError(401, 'ticket_required', 'Please sign in to use this chat.');
  if (claim.visitorId?.startsWith(TICKET_PREFIX)) {
    throw forbidden('visitor_reserved', 'This visitor id belongs to a signed-in visitor: please sign in to see that conversation.');
  }
  if (claim.visitorId !== undefined) return claim.visitorId;
  if (ifMissing === 'issue') return newVisitorId();
  throw badRequest('missing_field', '"visitor_id" is required.');
}
