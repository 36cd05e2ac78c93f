// HMAC visitor tickets: `base64url(JSON payload).base64url(HMAC-SHA256(secret, first part))`.
// A site's backend signs one per logged-in visitor; the widget passes it through untouched.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAX_TICKET_LIFETIME_MS, TICKET_CLOCK_SKEW_MS, TICKET_SUBJECT_PATTERN } from '../settings/limits';

export interface TicketPayload {
  /** The site's own user id; the visitor becomes `t_<sub>`. */
  sub: string;
  /** Expiry, unix seconds; at most MAX_TICKET_LIFETIME_MS from the time it is checked. */
  exp: number;
  /** The entry the ticket is valid for. */
  entry: string;
}

export type TicketCheck =
  | { ok: true; payload: TicketPayload }
  | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired' | 'no_expiry' | 'too_long_lived' | 'wrong_entry' };

function sign(secret: string, encodedPayload: string): Buffer {
  return createHmac('sha256', secret).update(encodedPayload).digest();
}

export function signTicket(secret: string, payload: TicketPayload): string {
  const encoded = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${encoded}.${sign(secret, encoded).toString('base64url')}`;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Pure check: signature first (nothing unsigned is even parsed), then expiry, lifetime and entry. */
export function verifyTicket(secret: string, ticket: string, entry: string, nowMs: number): TicketCheck {
  const parts = ticket.split('.');
  if (parts.length !== 2 || !BASE64URL.test(parts[0]!) || !BASE64URL.test(parts[1]!)) {
    return { ok: false, reason: 'malformed' };
  }
  const [encoded, signature] = parts as [string, string];
  const expected = sign(secret, encoded);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'bad_signature' };
  }
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (payload !== null && typeof payload === 'object' && !('exp' in payload)) return { ok: false, reason: 'no_expiry' };
  if (!isPayload(payload)) return { ok: false, reason: 'malformed' };
  if (payload.exp * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  if (payload.exp * 1000 > nowMs + MAX_TICKET_LIFETIME_MS + TICKET_CLOCK_SKEW_MS) return { ok: false, reason: 'too_long_lived' };
  if (payload.entry !== entry) return { ok: false, reason: 'wrong_entry' };
  return { ok: true, payload };
}

function isPayload(value: unknown): value is TicketPayload {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.sub === 'string' &&
    TICKET_SUBJECT_PATTERN.test(v.sub) &&
    typeof v.exp === 'number' &&
    Number.isFinite(v.exp) &&
    typeof v.entry === 'string'
  );
}
