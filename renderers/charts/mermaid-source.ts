// What a `mermaid` block may contain before Mermaid parses it. Pure.
// Mermaid in `strict` mode already escapes labels and turns `click` off; these checks close what
// strict mode leaves to configuration: directives and front matter that re-configure Mermaid
// (theme CSS, fonts), and CSS that would fetch from the network.
// The CSS check is the only one that acts in time: Mermaid draws the diagram into the page to
// measure it, `classDef`/`style` CSS and label HTML included, so a load in the text is made while
// Mermaid renders, before svg-policy.ts ever sees the result.

import { CSS_LOADS, cssLoader } from './css-policy';
import { MERMAID_LIMITS } from './limits';
import { codePoints } from './text-policy';

export type MermaidSourceErrorType = 'not-text' | 'empty' | 'too-long' | 'too-many-lines' | 'control-characters' | 'directive' | 'css-url' | 'script-url';

export interface MermaidSourceError {
  readonly type: MermaidSourceErrorType;
  readonly message: string;
}

export type MermaidSourceResult = { ok: true; source: string } | { ok: false; error: MermaidSourceError };

/** Controls other than tab, line feed and carriage return. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;
/** `%%{init: …}%%` / `%%{config: …}%%`: they set `themeCSS`, `fontFamily` and other config. */
const DIRECTIVE = /%%\s*\{/;
/** Front matter (`---` … `---` at the top) with a `config:` key does what a directive does. */
const FRONT_MATTER = /^\s*---[^\n]*\n([\s\S]*?)\n\s*---/;
const CONFIG_KEY = /^\s*config\s*:/m;
/** Schemes that run script or embed content, wherever a link or image could take them. */
const SCRIPT_URL = /\b(?:javascript|vbscript|data)\s*:/i;
/**
 * HTML named references that stand for ASCII punctuation: in a label's HTML they are the
 * characters (`url&lpar;`, `&bsol;75rl(`, `&commat;import`). No named reference is an ASCII letter.
 */
const ASCII_NAMED: Readonly<Record<string, string>> = Object.freeze({
  tab: '\t', newline: '\n', excl: '!', quot: '"', num: '#', dollar: '$', percnt: '%', amp: '&', apos: "'", lpar: '(', rpar: ')',
  ast: '*', midast: '*', plus: '+', comma: ',', period: '.', sol: '/', colon: ':', semi: ';', lt: '<', equals: '=', gt: '>',
  quest: '?', commat: '@', lsqb: '[', lbrack: '[', bsol: '\\', rsqb: ']', rbrack: ']', hat: '^', lowbar: '_', underbar: '_',
  grave: '`', diacriticalgrave: '`', lcub: '{', lbrace: '{', verbar: '|', vert: '|', verticalline: '|', rcub: '}', rbrace: '}',
});
/** As HTML does: 0, a surrogate or beyond U+10FFFF is U+FFFD. */
const fromCode = (code: number) => (code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\uFFFD');

/**
 * The text with the references a browser or Mermaid would turn into characters decoded, once:
 * HTML `&#117;`, `&#x75;` (the `;` is optional in HTML) and the ASCII named ones, which a label's
 * HTML goes through (`<b style='background:&#117;rl(…)'>`), and Mermaid's own `#117;`.
 */
const decodeReferences = (text: string): string =>
  text
    .replace(/&#x([0-9a-f]+);?|&#(\d+);?|&([a-z]+);/gi, (whole, hex?: string, dec?: string, name?: string) =>
      hex ? fromCode(parseInt(hex, 16)) : dec ? fromCode(Number(dec)) : (ASCII_NAMED[name!.toLowerCase()] ?? whole),
    )
    .replace(/#(\d+);/g, (_, dec: string) => fromCode(Number(dec)));

const fail = (type: MermaidSourceErrorType, message: string): MermaidSourceResult => ({ ok: false, error: { type, message } });

export function checkMermaidSource(text: unknown): MermaidSourceResult {
  if (typeof text !== 'string') return fail('not-text', 'a mermaid block must be text');
  if (text.trim() === '') return fail('empty', 'the diagram is empty');
  if (codePoints(text) > MERMAID_LIMITS.chars) return fail('too-long', `the diagram is longer than ${MERMAID_LIMITS.chars} characters`);
  if (text.split('\n').length > MERMAID_LIMITS.lines) return fail('too-many-lines', `the diagram has more than ${MERMAID_LIMITS.lines} lines`);
  if (CONTROL.test(text)) return fail('control-characters', 'the diagram contains control characters');
  if (DIRECTIVE.test(text)) return fail('directive', 'configuration directives (%%{…}%%) are not allowed');
  const front = FRONT_MATTER.exec(text);
  if (front && CONFIG_KEY.test(front[1]!)) return fail('directive', 'front matter may not carry a config');
  const decoded = decodeReferences(text);
  // CSS escapes are decoded inside the check (css-policy.ts). Only loads: the old script hooks
  // (`behavior:`) read as ordinary words in a label, and no browser the widget runs in has them.
  const loader = cssLoader(text, CSS_LOADS) ?? cssLoader(decoded, CSS_LOADS);
  if (loader) return fail('css-url', `styles may not load anything (this one uses ${loader}, written out or escaped)`);
  if (SCRIPT_URL.test(text) || SCRIPT_URL.test(decoded)) return fail('script-url', 'javascript:, vbscript: and data: URLs are not allowed');
  return { ok: true, source: text };
}
