// The server's own origin as visitors reach it: the base of the absolute URLs it writes into
// answers (upload links, the demo's files) and the one origin its pages may call every entry
// from. It is configured (BAILING_PUBLIC_ORIGIN), or the listen address; never the request's Host
// header, which any client sets: trusting it would let a request write links to another site into
// a conversation, and let a page on any origin pass the same-origin check by naming itself Host.
import { ConfigError } from '../settings/entries';

const EXAMPLE = '"https://chat.example.com"';

/** An absolute http(s) origin (a trailing `/` is allowed), normalized as browsers send `Origin`. */
export function parsePublicOrigin(value: string): string {
  const refuse = (why: string): never => {
    throw new ConfigError(`BAILING_PUBLIC_ORIGIN must be an absolute http(s) origin like ${EXAMPLE} (${why}), got ${JSON.stringify(value)}`);
  };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refuse('not an absolute URL');
  }
  // The URL parser forgives leading spaces and case; an origin compared with `Origin` must not differ.
  if (value !== value.trim()) refuse('no spaces around it');
  if (url.protocol !== 'http:' && url.protocol !== 'https:') refuse('http: or https: only');
  if (url.username || url.password) refuse('no user name or password');
  if (!/^[a-z]+:\/\/[^/?#]+\/?$/i.test(value)) refuse('no path, query or fragment');
  return url.origin;
}

/** `http://<host>:<port>` of the listen address; a wildcard address is reached as 127.0.0.1. */
export function listenOrigin(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return `http://127.0.0.1:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
