// The one rule for text people read in a sandbox view's chrome (title, summary, the streaming
// placeholder's lines), shared by the props' validator and the preview in dist/widget.js.

/**
 * C0/C1 controls, lone surrogates, line/paragraph separators and bidi overrides/isolates, which
 * reorder what is read (Trojan Source, CVE-2021-42574). Titles and summaries are read by people and
 * screen readers; code fields may hold any text (the document builder neutralises what matters).
 */
export const CONTROL = /[\p{Cc}\p{Cs}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
