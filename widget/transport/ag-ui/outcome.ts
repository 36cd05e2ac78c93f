// The answer of a turn whose runs said nothing (DESIGN.md §9): structured output is a tool call
// (`final_result`) and a RUN_FINISHED, and a bubble with no text, under Copy and Regenerate, tells
// the visitor nothing. Its answer is the run's result (RUN_FINISHED.result) when it has one, else
// what its last tool call came to: the call's result, or its arguments (the structured output
// itself). Pure; markdown out, which the answer's renderer draws under the same policy as any answer.
import { pretty } from './parts-view';
import type { Part } from './run';

/** Longest outcome shown, in characters; the rest is cut with a note (a result may be megabytes). */
export const MAX_OUTCOME_CHARS = 4000;

const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** `text` as a fenced block that no run of backticks inside it can close; indented JSON when it parses. */
function fenced(text: string): string {
  const json = isJson(text);
  const shown = json ? pretty(text) : text;
  const fence = '`'.repeat(Math.max(2, ...(shown.match(/`+/g) ?? []).map((run) => run.length)) + 1);
  return `${fence}${json ? 'json' : ''}\n${shown.slice(0, MAX_OUTCOME_CHARS)}\n${fence}${more(shown)}`;
}

/** The note under a text cut at MAX_OUTCOME_CHARS. */
const more = (text: string) => (text.length > MAX_OUTCOME_CHARS ? `\n\n… (${text.length - MAX_OUTCOME_CHARS} more characters)` : '');

/**
 * Markdown for a turn that said nothing, or '' when there is nothing to say. `result` is the
 * finished run's (absent: the run sent none); `parts` are the turn's, and `drawn` names the tool
 * calls a renderer of the page draws (what it draws is the answer then: nothing is added).
 */
export function outcomeText(parts: readonly Part[], result: { value: unknown } | undefined, drawn: (name: string) => boolean): string {
  const tools = parts.filter((p) => p.kind === 'tool');
  if (tools.some((p) => drawn(p.name))) return '';
  if (result && result.value !== undefined) {
    const { value } = result;
    // A string is the agent's words: markdown, as an answer's text is.
    if (typeof value === 'string') return value.trim() ? value.slice(0, MAX_OUTCOME_CHARS) + more(value) : '';
    return fenced(JSON.stringify(value) ?? String(value));
  }
  const last = tools[tools.length - 1];
  if (!last) return '';
  // The data the call returned, or else the data it was called with: structured output is the
  // arguments, and its result an acknowledgement ("Final result processed.") that says nothing.
  const text = last.result !== undefined && (isJson(last.result) || !last.args.trim()) ? last.result : last.args;
  return text.trim() ? fenced(text) : '';
}
