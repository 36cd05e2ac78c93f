// What a `mermaid` block may contain before Mermaid parses it. Pure.
// Mermaid in `strict` mode already escapes labels and turns `click` off; these checks close what
// strict mode leaves to configuration: directives and front matter that re-configure Mermaid
// (theme CSS, fonts), and CSS that would fetch from the network (`url(`, `@import`).

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
/** CSS that loads something: `style`/`classDef` lines end up in the SVG's style sheet. */
const CSS_FETCH = /url\s*\(|@import|image-set\s*\(/i;
/** Schemes that run script or embed content, wherever a link or image could take them. */
const SCRIPT_URL = /\b(?:javascript|vbscript|data)\s*:/i;

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
  if (CSS_FETCH.test(text)) return fail('css-url', 'styles may not load anything (url(), @import)');
  if (SCRIPT_URL.test(text)) return fail('script-url', 'javascript:, vbscript: and data: URLs are not allowed');
  return { ok: true, source: text };
}
