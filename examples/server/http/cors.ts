// CORS for the /chat and /agui routes: each entry lists the origins that may embed it. The allowed
// origin is reflected (never `*` on the chat API) so caches keep per-origin answers apart via `Vary`.

/** The hub's: a JSON body, and a stream's resume point. */
export const CORS_ALLOW_HEADERS = 'Content-Type, Last-Event-ID';
/**
 * `POST /agui/:entry`: a JSON body and the `Accept` an AG-UI client negotiates its event encoding
 * with. No credential header: a ticket travels in `forwardedProps` (ag-ui/routes/agui.ts).
 */
export const AGUI_CORS_ALLOW_HEADERS = 'Content-Type, Accept';
export const CORS_MAX_AGE_SECONDS = 600;

/**
 * No Origin header means a same-origin GET or a non-browser client, which CORS does not govern.
 * A page served by this very server is always allowed: browsers send Origin on same-origin POSTs.
 */
export function isOriginAllowed(origin: string | undefined, allowed: readonly string[], selfOrigin: string | undefined): boolean {
  if (origin === undefined) return true;
  if (selfOrigin !== undefined && origin === selfOrigin) return true;
  return allowed.includes('*') || allowed.includes(origin);
}

export function corsHeaders(origin: string | undefined): Record<string, string> {
  if (origin === undefined) return { Vary: 'Origin' };
  return { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' };
}

export function preflightHeaders(
  origin: string | undefined,
  methods: readonly string[],
  allowHeaders: string = CORS_ALLOW_HEADERS,
): Record<string, string> {
  return {
    ...corsHeaders(origin),
    'Access-Control-Allow-Methods': [...methods, 'OPTIONS'].join(', '),
    'Access-Control-Allow-Headers': allowHeaders,
    'Access-Control-Max-Age': String(CORS_MAX_AGE_SECONDS),
  };
}
