// Fenced code blocks: which fences count as closed, and what an info string
// names. Pure string logic, no DOM: the renderer trusts a fence with a rich
// renderer only when the block is complete, because a half-streamed or
// truncated payload must never be mounted (DESIGN.md §2.2).

import { LANGUAGE_MAX_CHARS } from './markdown-policy';

/** CommonMark 4.5: an opening fence, up to 3 spaces of indentation. */
const OPENING_FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * CommonMark 4.5: a closing fence is up to 3 spaces of indentation, then only
 * the fence character, then only spaces or tabs (no info string).
 */
const CLOSING_FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;

/**
 * Whether the `raw` text of a fenced code block (as the lexer sliced it) ends
 * with a closing fence of the same character as its opener and at least as
 * long. A fence left open at the end of the reply (or of its container) ends
 * with content, not with such a line, so it is not closed.
 */
export function isClosedFence(raw: string): boolean {
  const lines = raw.replace(/\n$/, '').split('\n');
  // A lone opener at the very end of a reply has no closing line.
  if (lines.length < 2) return false;
  const open = OPENING_FENCE.exec(lines[0]!);
  const close = CLOSING_FENCE.exec(lines[lines.length - 1]!);
  return !!open && !!close && close[1]![0] === open[1]![0] && close[1]!.length >= open[1]!.length;
}

/** The first word of an info string (`bailing-chart extra` → `bailing-chart`), or `''`. */
export function fenceType(info: string | undefined): string {
  return /^\S*/.exec((info ?? '').trim())![0];
}

/**
 * The class-safe language of an info string: its first word, lower-cased,
 * keeping only `[a-z0-9_+-]` (so no quote, space or `bc-…` class can be
 * smuggled into `class="language-…"`), at most LANGUAGE_MAX_CHARS long.
 */
export function languageClass(info: string | undefined): string {
  return fenceType(info).toLowerCase().replace(/[^a-z0-9_+-]/g, '').slice(0, LANGUAGE_MAX_CHARS);
}
