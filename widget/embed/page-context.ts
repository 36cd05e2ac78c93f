// The page context sent with each job (`context {url, title, page_key, page_name}`): where the
// visitor is, without what the address may carry about them. Pure: the caller hands in the
// location and title.
import type { PageContext } from '../types';

/** Limits of the hub's own widget (it cuts each field to these lengths). */
export const CONTEXT_LIMITS = { url: 400, title: 200, page_key: 64, page_name: 128 } as const;

/**
 * Query keys whose values are never sent, matched anywhere in the key as the hub's widget
 * matches them (`auth` also catches `oauth_verifier`): tokens, signatures, passwords, session
 * and ticket ids, WeChat open/union ids, phone, ID card and email, one-time codes.
 */
const SENSITIVE_KEY = /token|sign|secret|password|passwd|pwd|apikey|api_key|accesstoken|access_token|sessionkey|session_?id|session|auth|ticket|openid|unionid|mobile|phone|idcard|email|code|skey/i;
/** A value this long is an opaque blob (a token under another name), not a page's identity. */
const MAX_PLAIN_VALUE_CHARS = 48;
/** An email address, whatever the key is called (`?u=ada@example.com`). */
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;
/** A JWT (header.payload.signature, base64url, the header starting `{"`), whatever the key. */
const JWT = /eyJ[\w-]*\.[\w-]+\.[\w-]*/;
/** OAuth implicit and hybrid flows return the tokens (or the code) in the hash. */
const OAUTH_HASH = /(?:^#|[#?&/])(?:access_token|id_token|code)=/i;

const decode = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

/** `k=v&k=v` with the values of sensitive keys, long values, emails and JWTs emptied (`k=`). */
export function redactParams(params: string): string {
  return params
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const key = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const plain = decode(value);
      const hidden = SENSITIVE_KEY.test(decode(key)) || value.length > MAX_PLAIN_VALUE_CHARS || EMAIL.test(plain) || JWT.test(plain);
      return hidden ? `${key}=` : pair;
    })
    .join('&');
}

/** A hash that carries OAuth results keeps its route (up to `?`) and loses their values. */
function redactHash(hash: string): string {
  if (!OAUTH_HASH.test(hash)) return hash;
  const q = hash.indexOf('?');
  const [route, params] = q >= 0 ? [hash.slice(0, q + 1), hash.slice(q + 1)] : ['#', hash.slice(1)];
  return route + redactParams(params);
}

const cut = (text: string, max: number) => [...text].slice(0, max).join('');

export interface PageLocation {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * What a job says of the page: path, redacted query and hash (never the origin, never the raw
 * `location.href`), the title, and what the host set with `setContext`, each cut to
 * {@link CONTEXT_LIMITS}. Empty fields are left out.
 */
export function pageContext(location: PageLocation, title: string, host: { page_key?: string; page_name?: string }): PageContext {
  const query = redactParams(location.search.replace(/^\?/, ''));
  const context: PageContext = {};
  const fields: [keyof PageContext, string | undefined][] = [
    ['url', location.pathname + (query ? `?${query}` : '') + redactHash(location.hash)],
    ['title', title],
    ['page_key', host.page_key],
    ['page_name', host.page_name],
  ];
  for (const [key, value] of fields) if (value) context[key] = cut(value, CONTEXT_LIMITS[key]);
  return context;
}
