// The page's main thread in a Chromium trace. Not the thread with the most work: a new browser
// context's own pages (the omnibox popup's WebUI renderer, loading tens of modules) can outdo a
// page that only loads, so the dev aids that picked that thread summed the browser's work.
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: { url?: string } };
}

const RAN = new Set(['ParseHTML', 'EvaluateScript', 'FunctionCall']);

/** `pid:tid` of the thread that parsed a page or ran a script whose address contains `urlPart`. */
export function pageMainThread(events: readonly TraceEvent[], urlPart: string): string {
  const parsed = events.find((e) => RAN.has(e.name) && e.args?.data?.url?.includes(urlPart));
  if (!parsed) throw new Error(`the trace has no ParseHTML, EvaluateScript or FunctionCall event of "…${urlPart}…": was that page traced?`);
  return `${parsed.pid}:${parsed.tid}`;
}
