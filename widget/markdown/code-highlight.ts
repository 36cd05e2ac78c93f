// The code blocks of answers: `code.js` beside widget.js, fetched the first time an answer shows a
// code block. Each block gets a head (its language, Copy code: ui/code-tools.ts) and, when it
// names a language coloured here, colours. @speed-highlight/core's synchronous
// tokenizer cuts the block's text into tokens, and each token becomes a text node (in a span with
// its kind's class): the highlighter never writes markup, and it runs after the sanitizing render,
// on what that render drew. Synchronous, so a block drawn again while the answer streams is
// coloured before the frame is painted: it never flashes back to plain text.

import { tokenizeWith, type ShjToken } from '@speed-highlight/core/tokenize';
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
import { adoptStyles } from '../ui/adopt-styles';
import { addCodeTools, codeBlocks, CODE_TOOLS_CSS } from '../ui/code-tools';
import type { CodeStrings } from '../ui/code-strings';

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
/**
 * Most characters of a growing block coloured again at each paint: the end that later text may
 * still change (an open line, an unfinished comment). Past it, colours may differ from the final
 * ones until the final render colours the whole block, but no paint costs more than this again.
 */
export const LIVE_WINDOW_CHARS = 1000;
/** Blocks coloured before, by language and text, so a block drawn again costs a copy, not a tokenizing. */
const MAX_CACHED = 200;
const cache = new Map<string, DocumentFragment>();

/**
 * What was coloured of a block that may grow: the part no later text can change (its nodes up to
 * `settled`, `length` characters), and its last node then (another one there: text was appended,
 * as the live render does to a block while it streams).
 */
interface Coloured {
  settled: ChildNode | null;
  length: number;
  last: ChildNode | null;
}
const coloured = new WeakMap<Element, Coloured>();

/**
 * Moves `state.settled` as far towards the end as later text cannot change what is before it:
 * after the last line break between tokens of the block's own language (`breaks`: its pieces with
 * one; a break inside a token, or in text of a language inside it, is no such place), where the
 * tokenizer would start afresh in the whole text too, so the colours are those of the whole text.
 * Where what stays open is longer than LIVE_WINDOW_CHARS (a long line, a long unfinished comment),
 * all but its last token settles (all, when that alone is longer), so the next paint colours
 * little again, at the price of colours that may differ from the final ones until the final
 * render. `added`: the characters coloured after the old `settled`.
 */
function settle(code: Element, state: Coloured, added: number, breaks: Text[]): void {
  const at = breaks.at(-1);
  // The break's line ends the settled part; the rest of the piece (the next line's indentation) stays open.
  if (at && at.data.lastIndexOf('\n') < at.length - 1) at.splitText(at.data.lastIndexOf('\n') + 1);
  const last = code.lastChild!;
  let open = 0;
  for (let node: ChildNode | null = last; node != state.settled; node = node!.previousSibling) {
    if (node == at) {
      state.settled = at;
      break;
    }
    open += node!.textContent!.length;
  }
  if (open > LIVE_WINDOW_CHARS) {
    const size = last.textContent!.length;
    state.settled = size > LIVE_WINDOW_CHARS ? last : last.previousSibling;
    open = size > LIVE_WINDOW_CHARS ? 0 : size;
  }
  state.length += added - open;
  state.last = last;
}

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

/** The kind the tokenizer is told to give the text between the tokens of a block's own language (not a KIND: plain). */
const BETWEEN = 'between-tokens' as ShjToken;

/**
 * The tokens of `text` in `language`, as text nodes and spans of text. Pure but for the DOM it
 * builds. `breaks`, when given, gets the text nodes between two tokens of `language` itself that
 * hold a line break (the tokenizer gives the text between tokens the kind of the language it
 * tokenizes, which a grammar alone does not have, but a language `{type, sub}` does).
 */
export function tokensOf(text: string, language: Language, breaks?: Text[]): DocumentFragment {
  const out = document.createDocumentFragment();
  tokenizeWith(text, breaks && Array.isArray(language) ? { type: BETWEEN, sub: language } : language, (piece, kind) => {
    if (!piece) return;
    if (kind && KIND.test(kind)) {
      const span = document.createElement('span');
      span.className = `bc-tk-${kind}`;
      span.textContent = piece;
      out.append(span);
    } else {
      const node = new Text(piece);
      if (kind == BETWEEN && piece.includes('\n')) breaks!.push(node);
      out.append(node);
    }
  }, { languages: LANGUAGES });
  return out;
}

/**
 * Gives every code block below `root` its head, and colours every not yet coloured one whose
 * language is known here. Of a coloured block that grew (the live render appends to a block while
 * it streams), only its open end and what was appended are coloured again, so each paint of a
 * streaming block costs what changed; the final render's block is new, and coloured whole.
 * `words` are the widget's (the head's words in its language).
 */
export function highlightCode(root: ParentNode, words?: Partial<CodeStrings>, announce: (text: string, assertive?: boolean) => void = () => {}): void {
  addCodeTools(root, words, announce);
  for (const code of codeBlocks(root)) {
    const language = languageOf(code);
    const state = coloured.get(code);
    if (!language || (code.hasAttribute('data-hl') && (!state || code.lastChild == state.last))) continue;
    if (code.hasAttribute('data-hl')) {
      // It grew: the nodes after the settled part are coloured again, as one text.
      const nodes: ChildNode[] = [];
      for (let node = state!.settled ? state!.settled.nextSibling : code.firstChild; node; node = node.nextSibling) nodes.push(node);
      const text = nodes.map((node) => node.textContent).join('');
      if (state!.length + text.length > MAX_HIGHLIGHT_CHARS) {
        // Too long to colour, as the final render will find it: plain from now on.
        code.textContent = code.textContent;
        code.removeAttribute('data-hl');
        coloured.set(code, { settled: null, length: Infinity, last: null });
        continue;
      }
      const breaks: Text[] = [];
      for (const node of nodes) node.remove();
      code.append(tokensOf(text, language, breaks));
      settle(code, state!, text.length, breaks);
      continue;
    }
    // Plain: new, or put back plain. Nothing to do for one known to be too long.
    if (state?.length === Infinity) continue;
    const text = code.textContent ?? '';
    if (text.length > MAX_HIGHLIGHT_CHARS) continue;
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
    // Should it grow, all of it is coloured again the first time, and from then on its open end.
    coloured.set(code, { settled: null, length: 0, last: code.lastChild });
  }
}

/** The heads' styles and the colours, in the shadow root that holds `el` (once per root). */
export const adoptCodeStyles = (el: Node): void => adoptStyles(el, CODE_TOOLS_CSS + CODE_CSS);
