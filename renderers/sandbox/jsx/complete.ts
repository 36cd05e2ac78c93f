// JSX the model is still writing, closed so that it may compile (DESIGN.md §8.3: a `jsx` view is
// drawn as it streams, each time what has arrived parses). Pure. A light scanner follows brackets,
// strings, templates, comments and JSX elements; at the end, a tag still being written is cut off
// and everything open is closed (`</Card>`, `)`, `}`). It does not parse JavaScript: the compiler
// decides whether the result is a program, and `drafts` offers shorter ones when it is not.

type Open =
  | { kind: '(' | '[' | '{' | '${' | '`' }
  /** An element's children; `name` '' for a fragment. */
  | { kind: 'children'; name: string }
  /** An element's opening tag, still being written from `at`. */
  | { kind: 'tag'; name: string; at: number }
  /** A closing tag still being written from `at`. */
  | { kind: 'close'; at: number };

const CLOSER: Record<string, string> = { '(': ')', '[': ']', '{': '}', '${': '}', '`': '`' };
/** After these (or at the start) an expression begins: `<` opens an element and `/` a regular expression. */
const EXPRESSION_START = /(?:^|[(,=:?[{};!&|>+\-*%~^]|\breturn|\byield|\bdefault|\bcase|\bdo|\belse|=>)\s*$/;

/**
 * Where the one-line literal opening at `i` ends (just past its closing quote or `/`), or -1 when
 * it does not end on its line: a string (`'…'`, `"…"`), or with `regex` a regular expression,
 * whose `/` inside a character class does not close it.
 */
export function literalEnd(code: string, i: number, regex: boolean): number {
  const quote = code[i];
  let inClass = false;
  for (let j = i + 1; j < code.length && code[j] != '\n'; j++) {
    if (code[j] == '\\') j++;
    else if (regex && code[j] == '[') inClass = true;
    else if (regex && code[j] == ']') inClass = false;
    else if (code[j] == quote && !inClass) return j + 1;
  }
  return -1;
}

/**
 * `code` with what is open closed, and what cannot be closed (a comment, string, regular
 * expression or tag still being written) cut off first. A single scan whose states (strings,
 * comments, templates, tags, expressions) all read and write the same position and stack of openers.
 */
export function closeJsx(code: string): string {
  const stack: Open[] = [];
  const n = code.length;
  let i = 0;
  /** Where code must be cut (a comment, string or tag left open); `n` when nowhere. */
  let cut = n;
  const top = () => stack[stack.length - 1];
  while (i < n) {
    const t = top();
    const c = code[i]!;
    if (t?.kind == '`') {
      if (c == '\\') i += 2;
      else if (c == '`') stack.pop(), i++;
      else if (c == '$' && code[i + 1] == '{') stack.push({ kind: '${' }), (i += 2);
      else i++;
      continue;
    }
    if (t?.kind == 'children') {
      if (c == '{') stack.push({ kind: '{' }), i++;
      else if (c == '<' && code[i + 1] == '/') stack.push({ kind: 'close', at: i }), (i += 2);
      else if (c == '<') {
        const name = /^[\w$.:-]*/.exec(code.slice(i + 1))![0];
        stack.push({ kind: 'tag', name, at: i });
        i += 1 + name.length;
      } else i++;
      continue;
    }
    if (t?.kind == 'close') {
      const end = code.indexOf('>', i);
      if (end < 0) break;
      stack.pop();
      stack.pop();
      i = end + 1;
      continue;
    }
    if (t?.kind == 'tag') {
      if (c == '"' || c == "'") {
        const end = code.indexOf(c, i + 1);
        if (end < 0) break;
        i = end + 1;
      } else if (c == '{') stack.push({ kind: '{' }), i++;
      else if (c == '/' && code[i + 1] == '>') stack.pop(), (i += 2);
      else if (c == '>') {
        stack.pop();
        stack.push({ kind: 'children', name: t.name });
        i++;
      } else i++;
      continue;
    }
    // JavaScript.
    if (c == '/' && code[i + 1] == '/') {
      const end = code.indexOf('\n', i);
      if (end < 0) {
        cut = i;
        break;
      }
      i = end + 1;
    } else if (c == '/' && code[i + 1] == '*') {
      const end = code.indexOf('*/', i + 2);
      if (end < 0) {
        cut = i;
        break;
      }
      i = end + 2;
    } else if (c == '"' || c == "'") {
      const end = literalEnd(code, i, false);
      if (end < 0) {
        cut = i;
        break;
      }
      i = end;
    } else if (c == '`') stack.push({ kind: '`' }), i++;
    else if (c == '(' || c == '[' || c == '{') stack.push({ kind: c }), i++;
    else if (c == ')' || c == ']' || c == '}') {
      // A `}` that ends an expression in JSX returns to the element it is in.
      if (stack.length) stack.pop();
      i++;
    } else if (c == '<' && /[\w$>]/.test(code[i + 1] ?? '') && EXPRESSION_START.test(code.slice(Math.max(0, i - 12), i))) {
      if (code[i + 1] == '>') {
        stack.push({ kind: 'children', name: '' });
        i += 2;
      } else {
        const name = /^[\w$.:-]*/.exec(code.slice(i + 1))![0];
        stack.push({ kind: 'tag', name, at: i });
        i += 1 + name.length;
      }
    } else if (c == '/' && EXPRESSION_START.test(code.slice(Math.max(0, i - 12), i))) {
      // A regular expression: to its closing `/` outside a class, on this line.
      const end = literalEnd(code, i, true);
      if (end < 0) {
        cut = i;
        break;
      }
      i = end;
    } else i++;
  }
  // A tag still being written (or a closing one) goes, and what it opened with it.
  const at = stack.findIndex((open) => open.kind == 'tag' || open.kind == 'close');
  if (at >= 0) {
    cut = Math.min(cut, (stack[at] as { at: number }).at);
    stack.length = at;
  }
  let out = code.slice(0, cut);
  for (let k = stack.length - 1; k >= 0; k--) {
    const open = stack[k]!;
    out += open.kind == 'children' ? `</${open.name}>` : CLOSER[open.kind]!;
  }
  return out;
}

/** Most shorter drafts tried when the whole text does not compile. */
export const MAX_DRAFTS = 12;

/**
 * The texts worth compiling for a view still being written, best first: all of it as it is, all
 * of it closed, then (for a statement left half-way: `const total = `) closed at earlier line ends.
 */
export function* drafts(code: string): Generator<string> {
  yield code;
  yield closeJsx(code);
  let end = code.length;
  for (let k = 0; k < MAX_DRAFTS; k++) {
    end = code.lastIndexOf('\n', end - 1);
    if (end <= 0) return;
    yield closeJsx(code.slice(0, end));
  }
}
