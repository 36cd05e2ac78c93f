// Random identifiers made in the browser: visitor and thread ids, form submission ids.

/** URL-safe, 64 symbols, so `byte & 63` picks one without bias. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** `prefix` followed by `length` random symbols of `[A-Za-z0-9_-]`. */
export function randomId(prefix: string, length: number): string {
  let id = prefix;
  for (const byte of crypto.getRandomValues(new Uint8Array(length))) id += ALPHABET[byte & 63];
  return id;
}
