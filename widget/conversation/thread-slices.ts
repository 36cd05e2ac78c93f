// A long thread is drawn in slices, newest first: the task that shows it draws the rows a visitor
// sees at its end (and a screenful more), the older ones come in idle moments after it, each slice
// above the last. A 200-row thread drawn at once was 100–120 ms of script and as much again of
// the frame's style and layout (npm run bench, 2026-12-06); its end now shows as soon as a short one's.

/** Rows and characters of text a slice draws at most (at least one row, and then to its turn's start). */
export const SLICE_ROWS = 24;
export const SLICE_CHARS = 12_000;

/**
 * Where the slice of `items` that ends before `end` begins: back from `end` until SLICE_ROWS rows
 * or SLICE_CHARS characters of their text are taken, then back to the visitor's row that begins
 * that turn, so no turn is split between two slices (its answer's versions, its failure mark and
 * its steps are drawn with its question). 0 when the slice reaches the thread's start.
 */
export function sliceStart(items: readonly { r: string; t: string }[], end: number): number {
  let start = end;
  for (let size = 0; start > 0 && end - start < SLICE_ROWS && size < SLICE_CHARS; ) size += items[--start]!.t.length;
  while (start > 0 && items[start]!.r != 'u') start--;
  return start;
}

/** An idle moment, or OLDER_BY_MS at the latest (a page that is never idle still gets its thread whole). */
export const OLDER_BY_MS = 300;

/**
 * Draws rows `[0, length)` in slices: `draw` the newest now, then, in an idle moment each, `above`
 * the next older one (drawn above those on screen), while `current()` holds (a new paint ends it).
 */
export function drawInSlices(items: readonly { r: string; t: string }[], draw: (from: number, to: number) => void, above: (from: number, to: number) => void, current: () => boolean) {
  let start = sliceStart(items, items.length);
  draw(start, items.length);
  const older = () => {
    if (!current() || !start) return;
    const end = start;
    above((start = sliceStart(items, end)), end);
    (self.requestIdleCallback ?? setTimeout)(older, { timeout: OLDER_BY_MS });
  };
  (self.requestIdleCallback ?? setTimeout)(older, { timeout: OLDER_BY_MS });
}
