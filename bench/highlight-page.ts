// In the page of bench/highlight-stream.ts: the live render of widget/markdown/markdown.ts with the code
// colours of widget/markdown/code-highlight.ts as its `prepare` (as the widget's message list has them),
// fed an answer whose code block streams, one paint after every few deltas.
import { createLiveRender, renderFinal } from '../widget/markdown/markdown';
import { highlightCode } from '../widget/markdown/code-highlight';

export interface HighlightRun {
  paints: number;
  /** Time inside highlightCode, summed over the paints (ms). */
  highlightMs: number;
  /** Time inside the live render's update, the colouring included (ms). */
  updateMs: number;
  /** Time of the layout each paint needs before its frame (ms). */
  layoutMs: number;
  /** The longest paint: update and layout (ms). */
  maxPaintMs: number;
  /** Whether the bubble after the last paint is the final render, coloured. */
  sameAsFinal: boolean;
}

function run(reply: string, deltaChars: number, deltasPerPaint: number): HighlightRun {
  const body = document.createElement('div');
  document.body.replaceChildren(body);
  let highlightMs = 0;
  const live = createLiveRender(body, (content) => {
    const start = performance.now();
    highlightCode(content);
    highlightMs += performance.now() - start;
  });
  const result = { paints: 0, highlightMs: 0, updateMs: 0, layoutMs: 0, maxPaintMs: 0, sameAsFinal: false };
  for (let at = 0; at < reply.length; ) {
    at = Math.min(reply.length, at + deltaChars * deltasPerPaint);
    const text = reply.slice(0, at);
    const start = performance.now();
    live.update(text);
    const updated = performance.now();
    void body.getBoundingClientRect().height;
    const laid = performance.now();
    result.paints++;
    result.updateMs += updated - start;
    result.layoutMs += laid - updated;
    result.maxPaintMs = Math.max(result.maxPaintMs, laid - start);
  }
  result.highlightMs = highlightMs;
  const final = document.createElement('div');
  final.append(renderFinal(reply, { isRendererType: () => false }).fragment);
  highlightCode(final);
  result.sameAsFinal = final.innerHTML === body.innerHTML;
  return result;
}

(window as unknown as { __highlightRun: typeof run }).__highlightRun = run;
