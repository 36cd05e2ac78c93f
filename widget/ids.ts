// Random identifiers made in the browser: visitor and thread ids, form submission ids.

/** URL-safe, 64 symbols, so `byte & 63` picks one without bias. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** 32 random hex digits: a frame's token or a document's nonce. */
export const randomHex = (): string => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** `prefix` followed by `length` random symbols of `[A-Za-z0-9_-]`. */
export function randomId(prefix: string, length: number): string {
  let id = prefix;
  for (const byte of crypto.getRandomValues(new Uint8Array(length))) id += ALPHABET[byte & 63];
  return id;
}
