// Knowledge-base citations the hub sends with an answer (`done.references`, DESIGN.md §6):
// `{seq, title, score, snippet}` each. Pure: validation of the wire value and the `[n]` markers
// of the answer's text that point at them. The DOM side is widget/ui/sources.ts.

import type { Reference } from '../types';

export type { Reference };

/** More sources than this are not a citation list a visitor reads; the rest are dropped. */
export const MAX_REFERENCES = 20;
export const MAX_REFERENCE_TITLE_CHARS = 200;
export const MAX_REFERENCE_SNIPPET_CHARS = 600;
/** Largest `seq` a marker may name: `[2024]` in a sentence is a year, not a citation. */
const MAX_SEQ = 999;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Text the hub sends is shown as text; control characters (and bidi overrides) would garble it. */
const clean = (s: string, max: number) => [...s.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, ' ').trim()].slice(0, max).join('');

/**
 * The usable references of a wire value, in `seq` order: entries with a whole `seq` in
 * 1..999 and a title (or, lacking one, a snippet) survive; a repeated `seq` keeps the first.
 * Anything else yields `[]`, never an error: citations must not cost the visitor the answer.
 */
export function readReferences(value: unknown): Reference[] {
  if (!Array.isArray(value)) return [];
  const bySeq = new Map<number, Reference>();
  for (const entry of value) {
    if (!isObject(entry) || !Number.isInteger(entry.seq)) continue;
    const seq = entry.seq as number;
    if (seq < 1 || seq > MAX_SEQ || bySeq.has(seq)) continue;
    const snippet = typeof entry.snippet === 'string' ? clean(entry.snippet, MAX_REFERENCE_SNIPPET_CHARS) : '';
    const title = (typeof entry.title === 'string' && clean(entry.title, MAX_REFERENCE_TITLE_CHARS)) || snippet.slice(0, 80);
    if (!title) continue;
    const ref: { -readonly [K in keyof Reference]: Reference[K] } = { seq, title };
    if (typeof entry.score === 'number' && Number.isFinite(entry.score)) ref.score = entry.score;
    if (snippet) ref.snippet = snippet;
    bySeq.set(seq, ref);
    if (bySeq.size == MAX_REFERENCES) break;
  }
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** `[n]` and `[n, m]`-style groups are not split: one marker names one source. */
const MARKER = /\[(\d{1,3})\]/g;

/** One `[n]` marker in a text: where it is and which source it names. */
export interface Marker {
  readonly index: number;
  readonly length: number;
  readonly seq: number;
}

/** The markers of `text` that name one of `seqs`; a `[7]` with no source 7 stays text. */
export function findMarkers(text: string, seqs: ReadonlySet<number>): Marker[] {
  const out: Marker[] = [];
  for (const m of text.matchAll(MARKER)) {
    const seq = +m[1]!;
    if (seqs.has(seq)) out.push({ index: m.index!, length: m[0].length, seq });
  }
  return out;
}
