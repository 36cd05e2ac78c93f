// CORS for the /chat routes: each entry lists the origins that may embed it. The allowed origin
// is reflected (never `*` on the chat API) so caches keep per-origin answers apart via `Vary`.

export const CORS_ALLOW_HEADERS = 'Content-Type, Last-Event-ID';
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

export function preflightHeaders(origin: string | undefined, methods: readonly string[]): Record<string, string> {
  return {
    ...corsHeaders(origin),
    'Access-Control-Allow-Methods': [...methods, 'OPTIONS'].join(', '),
    'Access-Control-Allow-Headers': CORS_ALLOW_HEADERS,
    'Access-Control-Max-Age': String(CORS_MAX_AGE_SECONDS),
  };
}
