// What the request log may say of a URL. Visitor ids, thread ids and tickets travel in GET query
// strings (the hub's contract puts them there), and whoever reads a log line holding one can read
// that visitor's conversation: their values never reach the log, nor those of anything named like
// a token or a key. Pure, and total: a malformed URL is redacted too, never thrown on.

export const REDACTED = '[redacted]';

/** Query keys of the contract whose values identify a visitor or a conversation. */
export const REDACTED_PARAMS: readonly string[] = Object.freeze(['visitor_id', 'thread_id', 'ticket']);

/** Any other key that looks like a credential, matched anywhere in the key, in any case. */
export const SECRET_PARAM = /token|key|secret|passw|pwd|auth|session|sig|jwt|cred/i;

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

const isSecret = (name: string): boolean => REDACTED_PARAMS.includes(name.toLowerCase()) || SECRET_PARAM.test(name);

/** `redactUrl('/t?visitor_id=v_1&cursor=2')` → `/t?visitor_id=[redacted]&cursor=2`; names are kept as sent. */
export function redactUrl(url: string): string {
  const hashAt = url.indexOf('#');
  // A browser never sends the hash; a client that does gets none of it logged.
  const hash = hashAt < 0 ? '' : url.length > hashAt + 1 ? `#${REDACTED}` : '#';
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  if (queryAt < 0) return beforeHash + hash;
  const query = beforeHash
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return isSecret(decodedName(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${beforeHash.slice(0, queryAt + 1)}${query}${hash}`;
}
