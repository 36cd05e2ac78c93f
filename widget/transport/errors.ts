import type { TurnRefusal } from '../conversation/backend';

/** A hub request that failed: no response (`status` 0), a non-2xx, or a body of the wrong shape. */
export class BailingHttpError extends Error {
  declare readonly method: string;
  /** The URL without its query: `/thread` carries the visitor's ticket there, and messages end up in logs. */
  declare readonly url: string;
  /** HTTP status; 0 when no response arrived (network error or abort, see `cause`). */
  declare readonly status: number;
  /** The server's own words (`error`, `message` or `reply` of its JSON body), if any. */
  declare readonly serverMessage?: string;
  /** The parsed JSON body of a non-2xx response, if it had one. */
  declare readonly body?: unknown;

  constructor(
    method: string,
    url: string,
    status: number,
    { body, cause, detail }: { body?: unknown; cause?: unknown; detail?: string } = {},
  ) {
    const b = (body ?? {}) as Record<string, unknown>;
    const said = [b.error, b.message, b.reply].find((x): x is string => typeof x === 'string' && x !== '');
    url = url.split('?')[0]!;
    super(`${method} ${url}: ${status ? `HTTP ${status}` : 'network error'}${detail || said ? `: ${detail || said}` : ''}`, { cause });
    // Plain assignments, not class fields: they cost no helper code in the ES2020 bundle.
    Object.assign(this, { name: 'BailingHttpError', method, url, status, serverMessage: said, body });
  }
}

/** Longest server text shown to a visitor as it is; a longer one is not a sentence meant for them. */
export const MAX_VISITOR_MESSAGE_CHARS = 300;
/**
 * C0/C1 controls and bidi embeddings, overrides and isolates: a sentence for the visitor has
 * none, and bidi controls would reorder what they read (Trojan Source, CVE-2021-42574).
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
/** `origin_not_allowed`: a machine code, not a sentence (the reference server's `error` field). */
const CODE = /^[a-z][a-z0-9_]*$/;

/**
 * The hub's own sentence for the visitor, or `null`. BailingHub writes one in `reply` on 429/503
 * (`{done:true, error:true, reply}`) and in `error` on 400/401/403/404 (`{error}`); either is
 * taken when it is non-empty, at most {@link MAX_VISITOR_MESSAGE_CHARS} characters, free of
 * control characters and not a bare machine code.
 */
export function visitorMessage(error: unknown): string | null {
  if (!(error instanceof BailingHttpError) || !error.body || typeof error.body !== 'object') return null;
  const body = error.body as Record<string, unknown>;
  for (const said of [body.reply, body.error]) {
    if (typeof said !== 'string') continue;
    const text = said.trim();
    if (text && [...text].length <= MAX_VISITOR_MESSAGE_CHARS && !CONTROL.test(text) && !CODE.test(text)) return text;
  }
  return null;
}

/**
 * A request that was not taken, as a backend rejects it (widget/conversation/backend.ts): the same Error, with
 * the service's own sentence for the visitor, and whether a 409 said an earlier turn still runs.
 */
export function turnRefusal(error: unknown): TurnRefusal {
  return Object.assign(error instanceof Error ? error : new Error(String(error)), {
    busy: error instanceof BailingHttpError && error.status === 409,
    // fetch rejects with a TypeError when no response arrives (an abort is a DOMException).
    offline: error instanceof BailingHttpError && error.cause instanceof TypeError,
    visitorText: visitorMessage(error),
  });
}

/** The name of the error a renderer's `respond` rejects with: its `message` is written for the visitor. */
export const VISITOR_ERROR = 'BailingVisitorError';

/** An Error whose message the visitor may read (see {@link VISITOR_ERROR}). */
export function visitorError(message: string): Error {
  const error = new Error(message);
  error.name = VISITOR_ERROR;
  return error;
}
