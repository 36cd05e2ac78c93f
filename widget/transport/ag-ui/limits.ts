// How big and how deep what an AG-UI agent hands the page may be (DESIGN.md §13). Pure.

/**
 * Deepest nesting of arrays and objects in an event, the shared state, or a document a patch
 * builds. JSON.stringify recurses: a 20,000-deep STATE_SNAPSHOT made every later run throw (its
 * input carries the state), and after a reload too, since the state was kept. Far past any state
 * an agent shares with a page.
 */
export const MAX_JSON_DEPTH = 64;
/**
 * Longest shared state, as JSON, the page takes, keeps and sends back: a quarter of what the widget
 * keeps per conversation (history.ts MAX_STORED_PER_THREAD), so the state cannot crowd out the
 * conversation itself.
 */
export const MAX_STATE_CHARS = 128 * 1024;

/** Whether `value` nests deeper than `max` levels; iterative, so no depth can overflow the stack here. */
export function deeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= max) return true;
    for (const k in v) stack.push([(v as Record<string, unknown>)[k], depth + 1]);
  }
  return false;
}

/** Why the page does not take `state` (which limit), or undefined when it does. */
export function stateProblem(state: unknown): string | undefined {
  if (deeperThan(state, MAX_JSON_DEPTH)) return `it nests deeper than ${MAX_JSON_DEPTH} levels (MAX_JSON_DEPTH)`;
  const size = JSON.stringify(state ?? null).length;
  if (size > MAX_STATE_CHARS) return `it is ${size} characters of JSON, more than ${MAX_STATE_CHARS} (MAX_STATE_CHARS)`;
}
