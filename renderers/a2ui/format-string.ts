// The template of `formatString` (A2UI v0.9 §"The formatString function"): text with `${…}`
// expressions, each a JSON Pointer (`${/user/name}`, relative `${name}` inside a template), a
// literal (`'text'`, `"text"`, a number, true, false, null), a call with named arguments
// (`${formatDate(value: ${/when}, format: 'MMM d')}`) or a nested `${…}`; `\${` is a literal `${`.
// Parsed here into parts; what they name is resolved by the caller. Pure; a part that does not
// parse is kept as the text it was.

import { MAX_BINDING_DEPTH } from './limits';

export type Expr =
  | { lit: unknown }
  | { path: string }
  | { call: string; args: Record<string, Expr> };

export type Part = string | Expr;

const DELIMITER = /^\s*(?:[},)]|$)/;

/** The parts of `template`: texts and the expressions between them. */
export function parseTemplate(template: string): Part[] {
  const parts: Part[] = [];
  let text = '';
  let i = 0;
  while (i < template.length) {
    if (template.startsWith('\\${', i)) {
      text += '${';
      i += 3;
    } else if (template.startsWith('${', i)) {
      const parsed = parseExpr(template, i + 2, 0);
      if (parsed && template[parsed.end] === '}') {
        if (text) parts.push(text);
        text = '';
        parts.push(parsed.expr);
        i = parsed.end + 1;
      } else {
        text += '${';
        i += 2;
      }
    } else text += template[i++];
  }
  if (text) parts.push(text);
  return parts;
}

const skip = (s: string, i: number) => {
  while (i < s.length && /\s/.test(s[i]!)) i++;
  return i;
};

function parseExpr(s: string, from: number, depth: number): { expr: Expr; end: number } | null {
  if (depth > MAX_BINDING_DEPTH) return null;
  let i = skip(s, from);
  const rest = s.slice(i);
  if (rest.startsWith('${')) {
    const inner = parseExpr(s, i + 2, depth + 1);
    if (!inner || s[inner.end] !== '}') return null;
    return { expr: inner.expr, end: skip(s, inner.end + 1) };
  }
  const quote = rest[0];
  if (quote === "'" || quote === '"') {
    let value = '';
    for (i++; i < s.length && s[i] !== quote; i++) value += s[i] === '\\' && i + 1 < s.length ? s[++i] : s[i];
    if (s[i] !== quote) return null;
    return { expr: { lit: value }, end: skip(s, i + 1) };
  }
  const literal = /^(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null)/.exec(rest);
  if (literal && DELIMITER.test(rest.slice(literal[0].length))) return { expr: { lit: JSON.parse(literal[0]) }, end: skip(s, i + literal[0].length) };
  const call = /^([A-Za-z_][\w]*)\s*\(/.exec(rest);
  if (call) {
    const args: Record<string, Expr> = {};
    i = skip(s, i + call[0].length);
    while (s[i] !== ')') {
      const name = /^([A-Za-z_]\w*)\s*:/.exec(s.slice(i));
      if (!name) return null;
      const value = parseExpr(s, i + name[0].length, depth + 1);
      if (!value) return null;
      args[name[1]!] = value.expr;
      i = value.end;
      if (s[i] === ',') i = skip(s, i + 1);
      else if (s[i] !== ')') return null;
    }
    return { expr: { call: call[1]!, args }, end: skip(s, i + 1) };
  }
  // A path: up to the end of the expression.
  const path = /^[^},)]*/.exec(rest)![0];
  if (!path.trim()) return null;
  return { expr: { path: path.trim() }, end: i + path.length };
}
