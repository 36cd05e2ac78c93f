// The renderer registry: which fenced-block types this page trusts, and the life of every block
// mounted into one (DESIGN.md §7). Renderers are trusted host code; the blocks they get are not.

import { checkPayload, growingUtf8Length, previewPayload, withinBytes } from './payload';
import type {
  RendererCleanup,
  RendererActivity,
  RendererContext,
  RendererDefinition,
  RendererMessage,
  RendererPreviewContext,
  RendererTheme,
  ResponsePresentation,
  ResponseSummary,
} from '../types';

/** A renderer's `type`, which is also the info string of the fences it mounts. */
export { RENDERER_TYPE_PATTERN as RENDERER_TYPE, MAX_RENDERER_TYPES } from '../contract';
import { RENDERER_TYPE_PATTERN as RENDERER_TYPE, MAX_RENDERER_TYPES } from '../contract';
export const DEFAULT_MAX_PAYLOAD_BYTES = 65_536;
/** No definition may raise a block's budget past this: the model controls the block's size. */
export const MAX_PAYLOAD_BYTES = 262_144;
const MAX_LABEL_LENGTH = 80;
const CONTENT_TYPES: readonly unknown[] = ['application/json', 'text/plain'];
const DEFINITION_KEYS: readonly string[] = ['type', 'version', 'label', 'contentType', 'maxPayloadBytes', 'mount', 'preview'];
/** All a renderer may learn of earlier responses: never the submitted values (trust boundary). */
const SUMMARY_KEYS = ['type', 'version', 'source_job_id', 'form_id', 'submission_id', 'action'] as const;

/** A registered definition: a frozen copy with every default filled in. */
export type RegisteredRenderer = Readonly<Required<Omit<RendererDefinition, 'label' | 'preview'>> & Pick<RendererDefinition, 'label' | 'preview'>>;

/** `mounted`: `mount` returned (or its promise resolved); `fallback`: the source is shown as code. */
export type MountOutcome = 'mounted' | 'fallback' | 'destroyed';

export interface MountHandle {
  /** Aborts the signal, runs the renderer's cleanup exactly once and empties the container. Idempotent. */
  destroy(): void;
  /** Outcome of the current mount; after the type is replaced or unregistered, of the new one. */
  readonly settled: Promise<MountOutcome>;
}

export interface MountRequest {
  type: string;
  /** The raw block text. */
  source: string;
  container: HTMLElement;
  theme: RendererTheme;
  message: RendererMessage;
  /**
   * Sends an interaction response. Gets the renderer's response with `type`, `version` (of the
   * mounted definition) and `source_job_id` (`message.jobId`) forced; never called after destroy.
   */
  respond(response: Record<string, unknown>, presentation?: ResponsePresentation): Promise<void>;
  /**
   * For an agent's activity drawn by the renderer: makes the context's `activity` from the rest of
   * the context, once for each mount (a mount again, after the type was registered again, gets a new one).
   */
  activity?(context: Omit<RendererContext, 'activity'>): RendererActivity;
}

/** The preview of one streaming block (DESIGN.md §7), drawn again into the same container as it grows. */
export interface PreviewHandle {
  /**
   * Draws from `source`, the block's whole text so far. False once the preview has stopped (it
   * threw, the text outgrew `maxPayloadBytes`, its type was unregistered or lost its `preview`):
   * the container is then empty and the caller shows the source as code. Does nothing after `destroy`.
   */
  update(source: string): boolean;
  /** Ends the preview: aborts its signal and runs its last cleanup once. What it drew stays. Idempotent. */
  destroy(): void;
}

/**
 * Starts the preview of a streaming block of `type` in `container` (an empty element the caller
 * placed), drawn from `source`. Null, with the container left empty, when there is none: the
 * caller shows the source as code.
 */
export type StartPreview = (type: string, container: HTMLElement, source: string) => PreviewHandle | null;

/** The mounts of one message, so replacing or dropping the message ends all of them. */
export interface MountGroup {
  add(handle: MountHandle): MountHandle;
  destroyAll(): void;
}

/** `mounted`: calls of a definition's `mount`; `destroyed`: those torn down since; `live`: the rest. */
export interface RegistryStats {
  mounted: number;
  destroyed: number;
  live: number;
}

export interface RegistryOptions {
  /** Where problems with host definitions and blocks go. Default: `console.warn` prefixed `BailingChat:`. */
  warn?: (message: string) => void;
  /** The code block shown instead of a renderer (`<pre><code>` filled with `textContent`). */
  fallback: (type: string, source: string) => HTMLElement;
}

export interface Registry {
  /**
   * Validates and registers a definition (a frozen copy; `mount` is called with the original as
   * `this`). Replaces a registered type, re-mounting its live blocks. Never throws: an invalid
   * definition is warned about and gets a no-op. The returned unregister is idempotent and only
   * removes this registration, not a later replacement.
   */
  register(definition: unknown): () => void;
  has(type: string): boolean;
  /** Exactly the registered types, sorted: what `client_capabilities.renderers` advertises. */
  types(): string[];
  get(type: string): RegisteredRenderer | undefined;
  /** Mounts a block, or shows its source as code if no renderer takes it. Never throws. */
  mount(request: MountRequest): MountHandle;
  /**
   * Starts the preview of an unfinished block (a streaming fence, a tool call's arguments), or
   * returns null when its type has no `preview` or it refused at once (see `StartPreview`). Never throws.
   */
  preview(type: string, container: HTMLElement, source: string, theme: RendererTheme): PreviewHandle | null;
  createGroup(): MountGroup;
  /** Destroys every live mount and ends every preview (restart). Definitions stay registered. */
  destroyAll(): void;
  stats(): RegistryStats;
}

interface Attempt {
  ac: AbortController;
  cleanup?: RendererCleanup;
  dead?: boolean;
  /** `mount` was called, so this attempt counts in the stats. */
  reached?: boolean;
  settle(outcome: MountOutcome): void;
  settled: Promise<MountOutcome>;
}

interface Tracked {
  type: string;
  restart(): void;
  destroy(): void;
}

const why = (e: unknown): string => (e instanceof Error ? e.message : typeof e == 'string' ? e : typeof e);

/** A value for a warning, without calling into host objects. */
const show = (v: unknown): string =>
  typeof v == 'string'
    ? v.length > 64 ? `a string of ${v.length} characters` : JSON.stringify(v)
    : v === null || typeof v == 'number' || typeof v == 'boolean' ? String(v) : typeof v;

const pick = (r: ResponseSummary) =>
  Object.freeze(Object.fromEntries(SUMMARY_KEYS.filter((k) => r[k] !== undefined).map((k) => [k, r[k]]))) as unknown as ResponseSummary;

const fresh = (): Attempt => {
  let settle!: Attempt['settle'];
  const settled = new Promise<MountOutcome>((resolve) => (settle = resolve));
  return { ac: new AbortController(), settle, settled };
};

export function createRegistry({
  warn = (message) => console.warn('BailingChat: ' + message),
  fallback,
}: RegistryOptions): Registry {
  const defs = new Map<string, { def: RegisteredRenderer; self: object }>();
  const tracked = new Set<Tracked>();
  /** Live previews, each as its `end`, by type: so a type registered again ends them at once. */
  const previews = new Map<() => void, string>();
  let mounted = 0;
  let destroyed = 0;

  // Each field is read once, so a getter cannot pass validation and then return something else.
  const read = (d: unknown) => {
    if (!d || typeof d != 'object') return void warn(`registerRenderer: the definition must be an object (got ${show(d)})`);
    const o = d as Record<string, unknown>;
    const { type, version = 1, label, contentType = 'application/json', maxPayloadBytes = DEFAULT_MAX_PAYLOAD_BYTES, mount, preview } = o;
    const bad: string[] = [];
    const need = (valid: boolean, key: string, rule: string, got: unknown) =>
      valid || bad.push(`registerRenderer: "${key}" must ${rule} (got ${show(got)})`);
    const int = (v: unknown, min: number, max: number) => Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max;
    need(typeof type == 'string' && RENDERER_TYPE.test(type), 'type', 'match ' + RENDERER_TYPE.source, type);
    need(int(version, 1, Number.MAX_SAFE_INTEGER), 'version', 'be a positive integer', version);
    need(label === undefined || (typeof label == 'string' && label.length <= MAX_LABEL_LENGTH), 'label', `be a string of at most ${MAX_LABEL_LENGTH} characters`, label);
    need(CONTENT_TYPES.includes(contentType), 'contentType', 'be "application/json" or "text/plain"', contentType);
    need(int(maxPayloadBytes, 1, MAX_PAYLOAD_BYTES), 'maxPayloadBytes', `be an integer from 1 to ${MAX_PAYLOAD_BYTES}`, maxPayloadBytes);
    need(typeof mount == 'function', 'mount', 'be a function', mount);
    need(preview === undefined || typeof preview == 'function', 'preview', 'be a function when given', preview);
    for (const k of Object.keys(o)) if (!DEFINITION_KEYS.includes(k)) warn(`registerRenderer: unknown key ${show(k)} ignored`);
    bad.forEach((m) => warn(m));
    if (bad.length) return;
    const def = { type, version, contentType, maxPayloadBytes, mount, ...(label === undefined ? {} : { label }), ...(preview ? { preview } : {}) };
    return { def: Object.freeze(def) as RegisteredRenderer, self: o };
  };

  /** Live blocks of a type that was registered, replaced or unregistered mount again. */
  const changed = (type: string) => {
    for (const t of [...tracked]) if (t.type === type && tracked.has(t)) t.restart();
    for (const [end, of] of previews) if (of === type) end();
  };

  const runCleanup = (type: string, c: unknown) => {
    try {
      const r: unknown =
        typeof c == 'function' ? c() : c && typeof (c as { destroy?: unknown }).destroy == 'function' ? (c as { destroy(): unknown }).destroy() : 0;
      // An async cleanup's rejection is reported, not left unhandled.
      if (r && typeof (r as PromiseLike<unknown>).then == 'function') Promise.resolve(r).catch((e) => warn(`renderer "${type}" cleanup failed: ${why(e)}`));
    } catch (e) {
      warn(`renderer "${type}" cleanup failed: ${why(e)}`);
    }
  };

  const end = (a: Attempt, type: string) => {
    if (a.dead) return;
    a.dead = true;
    a.ac.abort();
    if (a.reached) destroyed++;
    const c = a.cleanup;
    a.cleanup = undefined;
    runCleanup(type, c);
  };

  const start = (a: Attempt, req: MountRequest) => {
    const { type, source, container, theme, message } = req;
    const fall = (reason?: string) => {
      if (reason) warn(`renderer "${type}": ${reason}; showing the block's source instead`);
      container.replaceChildren(fallback(type, source));
      // Code, not the form or chart the region was named for when the mount began.
      container.removeAttribute('role');
      container.removeAttribute('aria-label');
      a.settle('fallback');
    };
    const fail = (e: unknown) => {
      end(a, type);
      fall(`mount failed: ${why(e)}`);
    };
    // A cleanup that arrives after its block is gone (destroyed, replaced) runs at once.
    const keep = (c: unknown) => {
      if (a.dead) return runCleanup(type, c);
      a.cleanup = c as RendererCleanup;
      a.settle('mounted');
    };
    // What a preview kept for its mount (`data-keep`) is handed over once; a mount again starts empty.
    if (container.dataset.keep != null) delete container.dataset.keep;
    else container.replaceChildren();
    const entry = defs.get(type);
    if (!entry) return fall();
    const { def, self } = entry;
    const checked = checkPayload(source, def);
    if (!checked.ok) return fall(checked.reason);
    // A form, chart or view in an answer is a region of its own, named for its renderer, so a
    // screen reader can find it and knows where it ends.
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', def.label || type);
    // Frozen copies with exactly these keys (and `activity` for an agent's activity): no ticket,
    // visitor id, thread id or page context.
    const context: Omit<RendererContext, 'activity'> = {
      container,
      payload: checked.payload,
      source,
      type,
      version: def.version,
      theme: Object.freeze({ accent: theme.accent, mode: theme.mode }),
      signal: a.ac.signal,
      message: Object.freeze({ jobId: message.jobId, responses: Object.freeze(message.responses.map(pick)), restored: !!message.restored }),
      // The widget, not the renderer, says which renderer and message a response answers.
      respond: (response: Record<string, unknown>, presentation?: ResponsePresentation) =>
        new Promise<void>((ok) => {
          if (a.dead) throw new Error('renderer destroyed');
          if (!response || typeof response != 'object' || Array.isArray(response)) throw new TypeError('respond: the response must be an object');
          ok(req.respond({ ...response, type, version: def.version, source_job_id: message.jobId }, presentation));
        }),
    };
    Object.freeze(req.activity ? Object.assign(context, { activity: req.activity(context) }) : context);
    mounted++;
    a.reached = true;
    try {
      const r: unknown = def.mount.call(self, context);
      if (r && typeof (r as PromiseLike<unknown>).then == 'function') Promise.resolve(r).then(keep, (e) => a.dead || fail(e));
      else keep(r);
    } catch (e) {
      fail(e);
    }
  };

  return {
    register(definition) {
      let entry;
      try {
        entry = read(definition);
      } catch (e) {
        warn(`registerRenderer: the definition could not be read (${why(e)})`);
      }
      if (!entry) return () => {};
      const { type } = entry.def;
      // The hub refuses a job that advertises more than 16 types: a 17th would break every send.
      if (!defs.has(type) && defs.size >= MAX_RENDERER_TYPES) {
        warn(`registerRenderer: at most ${MAX_RENDERER_TYPES} renderer types can be registered; "${type}" was not`);
        return () => {};
      }
      defs.set(type, entry);
      changed(type);
      return () => {
        if (defs.get(type) !== entry) return;
        defs.delete(type);
        changed(type);
      };
    },
    has: (type) => defs.has(type),
    types: () => [...defs.keys()].sort(),
    get: (type) => defs.get(type)?.def,
    mount(req) {
      let cur = fresh();
      const stop = () => {
        end(cur, req.type);
        cur.settle('destroyed');
      };
      const t: Tracked = {
        type: req.type,
        restart() {
          stop();
          start((cur = fresh()), req);
        },
        destroy() {
          if (!tracked.delete(t)) return;
          stop();
          req.container.replaceChildren();
        },
      };
      tracked.add(t);
      start(cur, req);
      return {
        destroy: t.destroy,
        get settled() {
          return cur.settled;
        },
      };
    },
    createGroup() {
      const handles = new Set<MountHandle>();
      return {
        add: (handle) => (handles.add(handle), handle),
        destroyAll() {
          for (const h of handles) h.destroy();
          handles.clear();
        },
      };
    },
    preview(type, container, source, theme) {
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
        runCleanup(type, ran);
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
          else if (r && ac !== live) r !== ran && runCleanup(type, r);
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
    },
    destroyAll() {
      for (const t of [...tracked]) t.destroy();
      for (const end of [...previews.keys()]) end();
    },
    stats: () => ({ mounted, destroyed, live: mounted - destroyed }),
  };
}
