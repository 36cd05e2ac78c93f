// The preview of a streaming block (DESIGN.md §7): its renderer's `preview` called again with the
// block's text as it grows, in the same container, until the block ends, outgrows its budget, or
// its type is registered again or unregistered.
import { growingUtf8Length, previewPayload, withinBytes } from './payload';
import type { RendererCleanup, RendererPreviewContext, RendererTheme } from '../types';
import { runCleanup, why, type RegisteredRenderer } from './definition';
import type { PreviewHandle } from './registry';

/**
 * Starts the preview of `type` in `container` from `source` (Registry.preview). `defs`: the
 * registry's definitions, read at each draw; `previews`: its live previews, each as its `end`.
 */
export function startPreview(
  defs: Map<string, { def: RegisteredRenderer; self: object }>,
  previews: Map<() => void, string>,
  warn: (message: string) => void,
  type: string,
  container: HTMLElement,
  source: string,
  theme: RendererTheme,
): PreviewHandle | null {
  let entry = defs.get(type);
  if (!entry?.def.preview) return null;
  const shade = Object.freeze({ accent: theme.accent, mode: theme.mode });
  let ac: AbortController | null = null;
  let cleanup: RendererCleanup;
  /** The cleanup the last end ran. */
  let ran: unknown;
  let stopped = false;
  const bytes = growingUtf8Length();
  let contentType: RegisteredRenderer['contentType'];
  // `payload` is parsed when first read, so a preview that has what it needs does not pay for
  // it each frame. One getter per preview, reading its context's own `source`: a getter closure
  // per call, holding the source, doubled the cost of a call (measured with a 60 KB block).
  const parsed = new WeakMap<object, { v: unknown }>();
  function payload(this: RendererPreviewContext) {
    let p = parsed.get(this);
    if (!p) parsed.set(this, (p = { v: previewPayload(this.source, contentType) }));
    return p.v;
  }
  // The preview so far ends (its drawing stays); the next draw starts it again, or stops.
  const end = () => {
    previews.delete(end);
    if (!ac) return;
    ac.abort();
    ac = null;
    ran = cleanup;
    cleanup = undefined;
    runCleanup(warn, type, ran);
  };
  const stop = (reason?: string) => {
    if (reason) warn(`renderer "${type}": ${reason}; showing the block's source while it streams`);
    end();
    stopped = true;
    container.replaceChildren();
    return false;
  };
  const draw = (src: string): boolean => {
    if (stopped) return false;
    // Registered again (or unregistered) since the last draw: the old preview is over.
    if (defs.get(type) !== entry) {
      end();
      entry = defs.get(type);
    }
    if (!entry?.def.preview) return stop();
    const { def, self } = entry;
    // Past the byte limit the block will not mount either (mount says why, at the end).
    if (!withinBytes(src, def.maxPayloadBytes, bytes)) return stop();
    contentType = def.contentType;
    // A new preview (the first, or after its type was registered again) starts from nothing.
    if (!ac) {
      container.replaceChildren();
      ac = new AbortController();
      previews.set(end, type);
    }
    // Frozen, exactly these keys: no ticket, visitor id, thread id, page context or respond.
    const context = Object.freeze(
      Object.defineProperty({ container, source: src, type, version: def.version, theme: shade, final: false, signal: ac.signal }, 'payload', { get: payload, enumerable: true }),
    ) as RendererPreviewContext;
    const live = ac;
    try {
      const r: unknown = def.preview!.call(self, context);
      // A preview is synchronous: a promise is not waited for, but its rejection is reported.
      if (r && typeof (r as PromiseLike<unknown>).then == 'function') Promise.resolve(r).catch((e) => warn(`renderer "${type}" preview failed: ${why(e)}`));
      // Ended during the call (it unregistered its own type): its cleanup runs at once, unless
      // that end just ran it.
      else if (r && ac !== live) r !== ran && runCleanup(warn, type, r);
      else if (r) cleanup = r as RendererCleanup;
    } catch (e) {
      return stop(`preview failed: ${why(e)}`);
    }
    return true;
  };
  const destroy = () => {
    end();
    stopped = true;
  };
  return draw(source) ? { update: draw, destroy } : null;
}
