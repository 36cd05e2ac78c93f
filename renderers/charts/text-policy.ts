// What model-written text may not contain when a chart library will draw it. Pure.
// The libraries draw text as text, but some of them have modes (HTML tooltips, rich labels, SVG
// links) where markup or a URL would become live; rejecting it up front keeps every mode safe.

export type TextProblem = 'control' | 'html' | 'url';

/** C0/C1 controls and the bidi overrides that make a label read differently from what it says. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;
/** A tag, a comment, a doctype or an entity: markup, not a label. */
const HTML = /<\s*[a-z!/?]|&(?:#\d+|#x[0-9a-f]+|[a-z]+);/i;
/**
 * Something a browser could fetch or navigate to: `scheme://`, a script-capable scheme, a
 * protocol-relative `//host`, `www.host`, or a CSS `url(`.
 */
const URL_LIKE = /\b[a-z][a-z0-9+.-]*:\/\/|\b(?:javascript|vbscript|data|blob|file|filesystem):(?=\S)|(?:^|[\s"'(=])\/\/[^\s/]|\bwww\.[a-z0-9-]+\.|\burl\s*\(/i;

/** True when `text` holds something a browser could fetch or navigate to. */
export const looksLikeUrl = (text: string): boolean => URL_LIKE.test(text);

/** The first thing wrong with `text`, or null. Line breaks and tabs are allowed (multi-line labels). */
export function textProblem(text: string): TextProblem | null {
  if (CONTROL.test(text)) return 'control';
  if (HTML.test(text)) return 'html';
  if (URL_LIKE.test(text)) return 'url';
  return null;
}

/** Length in code points, so an emoji counts once. */
export const codePoints = (text: string): number => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

/** Plain objects only: no arrays, no class instances, no `null`. */
export const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};
