// The code blocks of answers: `code.js` beside widget.js, fetched the first time an answer shows a
// code block. Each block gets a head (its language, Copy code: ui/code-tools.ts) and, when it
// names a language coloured here, colours. @speed-highlight/core's synchronous
// tokenizer cuts the block's text into tokens, and each token becomes a text node (in a span with
// its kind's class): the highlighter never writes markup, and it runs after the sanitizing render,
// on what that render drew. Synchronous, so a block drawn again while the answer streams is
// coloured before the frame is painted: it never flashes back to plain text.

import { tokenizeWith } from '@speed-highlight/core/tokenize';
import * as bash from '@speed-highlight/core/languages/bash.js';
import * as c from '@speed-highlight/core/languages/c.js';
import * as css from '@speed-highlight/core/languages/css.js';
import * as diff from '@speed-highlight/core/languages/diff.js';
import * as docker from '@speed-highlight/core/languages/docker.js';
import * as go from '@speed-highlight/core/languages/go.js';
import * as html from '@speed-highlight/core/languages/html.js';
import * as ini from '@speed-highlight/core/languages/ini.js';
import * as java from '@speed-highlight/core/languages/java.js';
import * as js from '@speed-highlight/core/languages/js.js';
import * as jsdoc from '@speed-highlight/core/languages/jsdoc.js';
import * as json from '@speed-highlight/core/languages/json.js';
import * as md from '@speed-highlight/core/languages/md.js';
import * as py from '@speed-highlight/core/languages/py.js';
import * as regex from '@speed-highlight/core/languages/regex.js';
import * as rs from '@speed-highlight/core/languages/rs.js';
import * as sql from '@speed-highlight/core/languages/sql.js';
import * as todo from '@speed-highlight/core/languages/todo.js';
import * as toml from '@speed-highlight/core/languages/toml.js';
import * as ts from '@speed-highlight/core/languages/ts.js';
import * as xml from '@speed-highlight/core/languages/xml.js';
import * as yaml from '@speed-highlight/core/languages/yaml.js';
import { adoptStyles } from './ui/adopt-styles';
import { addCodeTools, CODE_TOOLS_CSS } from './ui/code-tools';
import type { CodeStrings } from './ui/code-strings';

type Language = Exclude<Parameters<typeof tokenizeWith>[1], string>;
const data = (module: { default: unknown }) => module.default as Language;

/** The languages coloured, by the names a fence may give them; the last three only serve the others. */
const LANGUAGES: Record<string, Language> = {
  bash: data(bash), sh: data(bash), shell: data(bash), zsh: data(bash), console: data(bash),
  c: data(c), cpp: data(c), 'c++': data(c), h: data(c),
  css: data(css), diff: data(diff), patch: data(diff), docker: data(docker), dockerfile: data(docker),
  go: data(go), golang: data(go), html: data(html), htm: data(html), xml: data(xml), svg: data(xml),
  ini: data(ini), env: data(ini), java: data(java), kotlin: data(java),
  js: data(js), javascript: data(js), jsx: data(js), mjs: data(js), json: data(json), jsonc: data(json),
  md: data(md), markdown: data(md), py: data(py), python: data(py), rs: data(rs), rust: data(rs),
  sql: data(sql), toml: data(toml), ts: data(ts), typescript: data(ts), tsx: data(ts), yaml: data(yaml), yml: data(yaml),
  jsdoc: data(jsdoc), todo: data(todo), regex: data(regex),
};

/** Longer blocks stay plain: a page must not spend long on colours. */
export const MAX_HIGHLIGHT_CHARS = 20_000;
/** Blocks coloured before, by language and text, so a block drawn again costs a copy, not a tokenizing. */
const MAX_CACHED = 200;
const cache = new Map<string, DocumentFragment>();

/** Token kinds as the tokenizer names them (a closed set); anything else stays plain text. */
const KIND = /^[a-z]{2,8}$/;

export const CODE_CSS = `
.bc-tk-kwd, .bc-tk-section { color: #cf222e; } .bc-tk-str { color: #0a3069; } .bc-tk-cmnt { color: #57606a; font-style: italic; }
.bc-tk-num, .bc-tk-bool, .bc-tk-oper, .bc-tk-esc { color: #0550ae; } .bc-tk-func { color: #6639ba; } .bc-tk-class, .bc-tk-type, .bc-tk-var { color: #953800; }
.bc-tk-insert { color: #116329; } .bc-tk-deleted, .bc-tk-err { color: #82071e; }
.bc-root[data-mode="dark"] :is(.bc-tk-kwd, .bc-tk-section) { color: #ff7b72; } .bc-root[data-mode="dark"] .bc-tk-str { color: #a5d6ff; }
.bc-root[data-mode="dark"] .bc-tk-cmnt { color: #8b949e; } .bc-root[data-mode="dark"] :is(.bc-tk-num, .bc-tk-bool, .bc-tk-oper, .bc-tk-esc) { color: #79c0ff; }
.bc-root[data-mode="dark"] .bc-tk-func { color: #d2a8ff; } .bc-root[data-mode="dark"] :is(.bc-tk-class, .bc-tk-type, .bc-tk-var) { color: #ffa657; }
.bc-root[data-mode="dark"] .bc-tk-insert { color: #7ee787; } .bc-root[data-mode="dark"] :is(.bc-tk-deleted, .bc-tk-err) { color: #ffa198; }
@media (forced-colors: active) { [class^="bc-tk-"] { color: CanvasText !important; } }
`;

/** The language a code element's class names (`language-<name>`, as the markdown render sets it), if it is coloured here. */
export function languageOf(code: Element): Language | undefined {
  const name = /(?:^|\s)language-(\S+)/.exec(code.className)?.[1]?.toLowerCase();
  return name && Object.hasOwn(LANGUAGES, name) ? LANGUAGES[name] : undefined;
}

/** The tokens of `text` in `language`, as text nodes and spans of text. Pure but for the DOM it builds. */
export function tokensOf(text: string, language: Language): DocumentFragment {
  const out = document.createDocumentFragment();
  tokenizeWith(text, language, (piece, kind) => {
    if (!piece) return;
    if (kind && KIND.test(kind)) {
      const span = document.createElement('span');
      span.className = `bc-tk-${kind}`;
      span.textContent = piece;
      out.append(span);
    } else out.append(piece);
  }, { languages: LANGUAGES });
  return out;
}

/**
 * Gives every code block below `root` its head, and colours every not yet coloured one whose
 * language is known here. `words` are the widget's (the head's words in its language).
 */
export function highlightCode(root: ParentNode, words?: Partial<CodeStrings>, announce: (text: string, assertive?: boolean) => void = () => {}): void {
  addCodeTools(root, words, announce);
  for (const code of root.querySelectorAll<HTMLElement>('pre > code[class*="language-"]:not([data-hl])')) {
    const language = languageOf(code);
    const text = code.textContent ?? '';
    if (!language || text.length > MAX_HIGHLIGHT_CHARS) continue;
    const key = `${code.className}\n${text}`;
    let tokens = cache.get(key);
    if (!tokens) {
      tokens = tokensOf(text, language);
      if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
      cache.set(key, tokens);
    }
    // The text stays the same, to the character: only its pieces are wrapped.
    code.replaceChildren(tokens.cloneNode(true));
    code.setAttribute('data-hl', '');
  }
}

/** The heads' styles and the colours, in the shadow root that holds `el` (once per root). */
export const adoptCodeStyles = (el: Node): void => adoptStyles(el, CODE_TOOLS_CSS + CODE_CSS);
