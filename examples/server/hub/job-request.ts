// Validation of `POST /chat/:entry` bodies (DESIGN.md §4). Pure: it returns a normalized request
// or throws a 400 naming the offending field.
import type { PageContext } from '../../../widget/types';
import { badRequest } from '../http/http-error';
import { charCount, isPlainObject, optionalMatching, optionalString, rejectUnknownKeys } from '../http/fields';
import { parseSandboxPacks, type SandboxPackLine } from '../agents/sandbox-packs';
import {
  DEFAULT_THREAD_ID,
  MAX_CONTEXT_VALUE_CHARS,
  MAX_MESSAGE_CHARS,
  MAX_RENDERERS,
  MAX_TICKET_CHARS,
  RENDERER_TYPE_PATTERN,
  THREAD_ID_PATTERN,
  VISITOR_ID_PATTERN,
} from '../settings/limits';

export interface JobRequest {
  /** Exactly one of `message` and `interactionResponse` is set. */
  message: string | null;
  interactionResponse: Record<string, unknown> | null;
  visitorId: string | undefined;
  ticket: string | undefined;
  threadId: string;
  context: PageContext | null;
  renderers: string[];
  /** `client_capabilities.sandbox_packs`: what the page's generated views may call. */
  sandboxPacks: SandboxPackLine[];
  /** `client_capabilities.sandbox_kit`: the one line the page's kit for jsx views is summed up in. */
  sandboxKit: string | undefined;
}

const KNOWN_KEYS = [
  'message',
  'interaction_response',
  'visitor_id',
  'ticket',
  'thread_id',
  'context',
  'client_capabilities',
] as const;
const CONTEXT_KEYS = ['url', 'title', 'page_key', 'page_name'] as const;

export function parseJobRequest(body: Record<string, unknown>): JobRequest {
  rejectUnknownKeys(body, KNOWN_KEYS);
  const hasMessage = body.message !== undefined && body.message !== null;
  const hasInteraction = body.interaction_response !== undefined && body.interaction_response !== null;
  if (hasMessage === hasInteraction) {
    throw badRequest('invalid_request', 'Send exactly one of "message" and "interaction_response".');
  }
  return {
    message: hasMessage ? parseMessage(body.message) : null,
    interactionResponse: hasInteraction ? parseInteractionObject(body.interaction_response) : null,
    visitorId: hubVisitorId(body),
    ticket: parseTicketField(body),
    threadId: optionalMatching(body, 'thread_id', THREAD_ID_PATTERN) ?? DEFAULT_THREAD_ID,
    context: parseContext(body.context),
    renderers: parseCapabilities(body.client_capabilities),
    sandboxPacks: parseSandboxPacks(body.client_capabilities),
    sandboxKit: parseSandboxKit(body.client_capabilities),
  };
}

/**
 * `visitor_id` as the hub reads it when a job is created: cleaned to `[A-Za-z0-9_-]` and cut to
 * 64; anything shorter than 8 after that gets a new id (returned in the answer) instead of a 400.
 * The hub's own widget sends `""` with a visitor's first message.
 */
function hubVisitorId(body: Record<string, unknown>): string | undefined {
  const cleaned = optionalString(body, 'visitor_id')?.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64);
  return cleaned !== undefined && VISITOR_ID_PATTERN.test(cleaned) ? cleaned : undefined;
}

function parseMessage(value: unknown): string {
  if (typeof value !== 'string') throw badRequest('invalid_field', '"message" must be a string.');
  const text = value.trim();
  if (text === '') throw badRequest('invalid_field', '"message" must not be empty.');
  if (charCount(text) > MAX_MESSAGE_CHARS) {
    throw badRequest('message_too_long', `"message" must be at most ${MAX_MESSAGE_CHARS} characters.`);
  }
  return text;
}

function parseInteractionObject(value: unknown): Record<string, unknown> {
  if (!isPlainObject(value)) throw badRequest('invalid_field', '"interaction_response" must be an object.');
  return value;
}

export function parseTicketField(body: Record<string, unknown>): string | undefined {
  const ticket = optionalString(body, 'ticket');
  if (ticket !== undefined && ticket.length > MAX_TICKET_CHARS) {
    throw badRequest('invalid_field', `"ticket" must be at most ${MAX_TICKET_CHARS} characters.`);
  }
  return ticket === '' ? undefined : ticket;
}

/** Unknown context keys are ignored: hosts may grow their context before the server does. */
function parseContext(value: unknown): PageContext | null {
  if (value === undefined || value === null) return null;
  if (!isPlainObject(value)) throw badRequest('invalid_field', '"context" must be an object.');
  const context: PageContext = {};
  for (const key of CONTEXT_KEYS) {
    const item = value[key];
    if (item === undefined || item === null) continue;
    if (typeof item !== 'string' || charCount(item) > MAX_CONTEXT_VALUE_CHARS) {
      throw badRequest('invalid_field', `"context.${key}" must be a string of at most ${MAX_CONTEXT_VALUE_CHARS} characters.`);
    }
    context[key] = item;
  }
  return Object.keys(context).length > 0 ? context : null;
}

/** Longest `client_capabilities.sandbox_kit` line (the widget sends at most 200 code points). */
export const MAX_SANDBOX_KIT_CHARS = 400;

/** `client_capabilities.sandbox_kit`, when the client has a kit (`where` as for `parseCapabilities`). */
export function parseSandboxKit(value: unknown, where = 'client_capabilities'): string | undefined {
  const kit = isPlainObject(value) ? value.sandbox_kit : undefined;
  if (kit === undefined || kit === null) return undefined;
  if (typeof kit !== 'string' || kit.length > MAX_SANDBOX_KIT_CHARS) {
    throw badRequest('invalid_field', `"${where}.sandbox_kit" must be a string of at most ${MAX_SANDBOX_KIT_CHARS} characters.`);
  }
  return kit.trim() || undefined;
}

/** `client_capabilities`; `where` names it in errors (AG-UI carries it in `forwardedProps`). */
export function parseCapabilities(value: unknown, where = 'client_capabilities'): string[] {
  if (value === undefined || value === null) return [];
  if (!isPlainObject(value)) throw badRequest('invalid_field', `"${where}" must be an object.`);
  const renderers = value.renderers;
  if (renderers === undefined || renderers === null) return [];
  if (!Array.isArray(renderers)) throw badRequest('invalid_field', `"${where}.renderers" must be an array.`);
  if (renderers.length > MAX_RENDERERS) {
    throw badRequest('invalid_field', `"${where}.renderers" must list at most ${MAX_RENDERERS} types.`);
  }
  for (const name of renderers) {
    if (typeof name !== 'string' || !RENDERER_TYPE_PATTERN.test(name)) {
      throw badRequest('invalid_field', `Renderer type ${JSON.stringify(name)} must match ${RENDERER_TYPE_PATTERN}.`);
    }
  }
  return [...new Set(renderers as string[])];
}
