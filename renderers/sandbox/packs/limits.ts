// Every limit and allow-list of the capability packs (DESIGN.md §8.3), in one place. A view's
// calls are untrusted (the model wrote the view): each is checked on the host against these
// before the owner's code runs, and what comes back is checked again before it enters the frame.

import type { PackPolicyKey } from '../pack-policy-keys';

/** The kinds of pack an owner may install (`{pack: '<kind>', …}` in the preload). */
export const PACK_KINDS = Object.freeze(['search', 'stores', 'email', 'secret', 'openapi'] as const);
export type PackKind = (typeof PACK_KINDS)[number];

/**
 * Functions a view may call only when the owner names them in `policy.allowTools`: `sendEmail`
 * acts as the site (a mail the visitor did not write), `secret` hands the view a value that can
 * leave the frame through what the browser does not isolate (README, "What the browser does not
 * isolate"). Deny by default, as the reference's DefaultPolicy does. Both act (DESIGN.md §13):
 * even when allowed, they run only during a visitor's gesture in the view.
 */
export const GATED_TOOLS = Object.freeze(['sendEmail', 'secret'] as const);

export type PackLimit = Exclude<PackPolicyKey, 'allowTools'>;

/**
 * The owner-tunable limits. The call budgets belong to the answer and the page, not to one frame
 * (widget/consent): five views of one answer share one answer's budget.
 */
export const PACK_POLICY_DEFAULTS: Readonly<Record<PackLimit, number>> = Object.freeze({
  /** Calls every view of one answer may make in all. */
  maxCalls: 100,
  /** Calls every view on the page may make in all, until it is loaded again. */
  maxCallsPerPage: 300,
  /** Calls every view on the page may make in any 60 seconds. */
  maxCallsPerMinute: 30,
  /** Largest arguments of one call, as UTF-8 JSON. */
  maxCallBytes: 16 * 1024,
  /** Largest result of one call, as UTF-8 JSON (an OpenAPI response's body is cut off at this too). */
  maxResultBytes: 256 * 1024,
  /** How long the owner's callback (or the API) may take before the call fails. */
  callTimeoutMs: 15_000,
});

/** `[min, max]` of each limit (integers). 4 MiB of result is already far more than a view shows. */
export const PACK_POLICY_RANGES: Readonly<Record<PackLimit, readonly [number, number]>> = Object.freeze({
  maxCalls: [0, 10_000],
  maxCallsPerPage: [0, 100_000],
  maxCallsPerMinute: [1, 600],
  maxCallBytes: [64, 1024 * 1024],
  maxResultBytes: [64, 4 * 1024 * 1024],
  callTimeoutMs: [100, 120_000],
});

/** Fixed limits of the packs' arguments and of what the model is told. */
export const PACK_LIMITS = Object.freeze({
  /** Packs one page may install. */
  packs: 16,
  searchQueryChars: 1000,
  /** `documentSearch`'s default and largest `topK` (the reference: 5 when omitted or <= 0). */
  defaultTopK: 5,
  maxTopK: 50,
  storeIdChars: 200,
  /** RFC 5321's longest path. */
  emailAddressChars: 254,
  emailSubjectChars: 200,
  secretNameChars: 100,
  /** A reason shown in the view and the console: an owner's error message is cut to this. */
  reasonChars: 300,
  /** A function name, as it appears in a reason (a view may call any name). */
  nameChars: 80,
  /** One pack's one-line summary, as sent in `client_capabilities`. */
  summaryChars: 300,
  /** One pack's `declare` docs, as sent in `client_capabilities`; longer docs end with a note of what was left out. */
  docsChars: 6000,
  /** Operations one OpenAPI pack may generate. */
  operations: 200,
  /** An OpenAPI pack's `description`. */
  descriptionChars: 200,
  /** Headers an OpenAPI pack may add. */
  headers: 32,
  /** Credentials an OpenAPI pack's `auth` may hold, and the longest one. */
  authSchemes: 16,
  authValueChars: 8192,
  /** A header parameter's value, as a view gives it. */
  headerValueChars: 1000,
});

/**
 * Header names an OpenAPI operation's `in: header` parameter may not have: a view sets these
 * values, so none may be one the browser forbids a page to set (Fetch, "forbidden request-header":
 * it would throw, or be dropped silently), a hop-by-hop header (RFC 9110 §7.6.1: they steer the
 * connection, not the API), one that overrides the method (`X-HTTP-Method-Override: DELETE` on a
 * GET would get round `methods`), or one OpenAPI says to ignore as a parameter (Accept,
 * Content-Type, Authorization: the request's own, and the owner's credentials). Lower case; names
 * starting with `proxy-` or `sec-` are refused too. A header the owner sets (`headers`, or a
 * credential from `auth`) is not offered either: the owner's value always wins.
 */
export const FORBIDDEN_HEADER_PARAMS: ReadonlySet<string> = new Set([
  'accept', 'content-type', 'authorization',
  'accept-charset', 'accept-encoding', 'access-control-request-headers', 'access-control-request-method', 'access-control-request-private-network',
  'connection', 'content-length', 'cookie', 'cookie2', 'date', 'dnt', 'expect', 'host', 'keep-alive', 'origin', 'referer', 'set-cookie',
  'te', 'trailer', 'transfer-encoding', 'upgrade', 'via', 'proxy-connection',
  'x-http-method', 'x-http-method-override', 'x-method-override',
]);

/**
 * The request bodies an OpenAPI pack sends, in the order it picks one from an operation's
 * `requestBody.content`: JSON (`application/json`, `application/*+json`), a URL-encoded form,
 * a multipart form (text fields only: nothing in a view is a file), plain text.
 */
export const OPENAPI_BODY_KINDS = Object.freeze(['json', 'form', 'multipart', 'text'] as const);
export type OpenApiBodyKind = (typeof OPENAPI_BODY_KINDS)[number];

/** The HTTP methods an OpenAPI pack may generate (the owner's `methods`); HEAD, OPTIONS and TRACE never (the reference's choice). */
export const OPENAPI_METHODS = Object.freeze(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const);
export type OpenApiMethod = (typeof OPENAPI_METHODS)[number];

/**
 * The methods that read: a pack generates only these unless the owner widens `methods`, and an
 * operation of any other method acts (DESIGN.md §13), so it runs only during a visitor's gesture.
 */
export const OPENAPI_READ_METHODS = Object.freeze(['GET'] as const);

/**
 * Names a pack's global may not take: the view's own API, JavaScript's reserved words and the
 * globals a view's code relies on (redefining them would break it, or fail in the frame).
 */
export const RESERVED_GLOBALS: ReadonlySet<string> = new Set([
  'agent', 'documentSearch', 'stores', 'sendEmail', 'secret',
  'window', 'self', 'top', 'parent', 'frames', 'globalThis', 'document', 'location', 'navigator', 'history',
  'console', 'name', 'origin', 'opener', 'length', 'status', 'closed', 'event', 'screen', 'performance',
  'crypto', 'fetch', 'alert', 'open', 'close', 'print', 'stop', 'focus', 'blur', 'postMessage', 'frameElement',
  'Object', 'Array', 'Promise', 'JSON', 'Math', 'Error', 'String', 'Number', 'Boolean', 'Symbol', 'Date',
  'RegExp', 'Map', 'Set', 'Reflect', 'Proxy', 'undefined', 'NaN', 'Infinity', 'eval', 'arguments',
  'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else',
  'enum', 'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof',
  'new', 'null', 'return', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof', 'var', 'void',
  'while', 'with', 'yield', 'let', 'static', 'implements', 'interface', 'package', 'private', 'protected',
  'public', 'await', 'async',
]);
