// The one rule for text people read in a sandbox view's chrome (title, summary, the streaming
// placeholder's lines), shared by the props' validator and the preview in dist/widget.js.

/**
 * C0/C1 controls, lone surrogates, line/paragraph separators and bidi overrides/isolates, which
 * reorder what is read (Trojan Source, CVE-2021-42574). Titles and summaries are read by people and
 * screen readers; code fields may hold any text (the document builder neutralises what matters).
 */
export const CONTROL = /[\p{Cc}\p{Cs}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/** Longest placeholder line, in code points. */
export const PLACEHOLDER_MESSAGE_CHARS = 120;

/**
 * Whether a placeholder line may be shown while the view streams: the check `validateSandboxProps`
 * makes of it at the end (a string, no control or bidi character, not too long, not blank), made
 * before it is shown, so a view that will be refused cannot put reordered text in front of the visitor meanwhile.
 */
export const isPlaceholderLine = (value: unknown): value is string =>
  typeof value == 'string' && !CONTROL.test(value) && !!value.trim() && [...value].length <= PLACEHOLDER_MESSAGE_CHARS;
