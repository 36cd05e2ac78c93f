// The renderer registry: which fenced-block types this page trusts, and the life of every block
// mounted into one (DESIGN.md §7). Renderers are trusted host code; the blocks they get are not.

import { checkPayload } from './payload';
import type {
  RendererCleanup,
  RendererActivity,
  RendererContext,
  RendererMessage,
  RendererTheme,
  ResponsePresentation,
} from '../types';

/** A renderer's `type`, which is also the info string of the fences it mounts. */
export { RENDERER_TYPE_PATTERN as RENDERER_TYPE, MAX_RENDERER_TYPES } from '../contract';
import { MAX_RENDERER_TYPES } from '../contract';
import { DEFAULT_MAX_PAYLOAD_BYTES, MAX_PAYLOAD_BYTES, readDefinition, runCleanup, why, type RegisteredRenderer } from './definition';
import { startPreview } from './preview';
import { rendererContext } from './renderer-context';

export { DEFAULT_MAX_PAYLOAD_BYTES, MAX_PAYLOAD_BYTES, type RegisteredRenderer };

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

const fresh = (): Attempt => {
  let settle!: Attempt['settle'];
  const settled = new Promise<MountOutcome>((resolve) => (settle = resolve));
  return { ac: new AbortController(), settle, settled };
};

/**
 * The page's definitions and the life of every block mounted from them: each mount's attempt (its
 * signal, cleanup and outcome) starts, falls back to code, and is torn down here. Apart: definition.ts
 * (a definition read and checked, a cleanup run), renderer-context.ts (what a mount gets),
 * preview.ts (a streaming block's preview), payload.ts.
 */
export function createRegistry({
  warn = (message) => console.warn('BailingChat: ' + message),
  fallback,
}: RegistryOptions): Registry {
  const defs: Definitions = new Map();
  const tracked = new Set<Tracked>();
  /** Live previews, each as its `end`, by type: so a type registered again ends them at once. */
  const previews = new Map<() => void, string>();
  let mounted = 0;
  let destroyed = 0;

  /** Live blocks of a type that was registered, replaced or unregistered mount again. */
  const changed = (type: string) => {
    for (const t of [...tracked]) if (t.type === type && tracked.has(t)) t.restart();
    for (const [end, of] of previews) if (of === type) end();
  };

  const end = (a: Attempt, type: string) => {
    if (a.dead) return;
    a.dead = true;
    a.ac.abort();
    if (a.reached) destroyed++;
    const c = a.cleanup;
    a.cleanup = undefined;
    runCleanup(warn, type, c);
  };

  const start = (a: Attempt, req: MountRequest) => {
    const { type, source, container } = req;
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
      if (a.dead) return runCleanup(warn, type, c);
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
    const context = rendererContext(req, def, checked.payload, a);
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
    register: (definition) => register(defs, definition, warn, changed),
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
    createGroup,
    preview: (type, container, source, theme) => startPreview(defs, previews, warn, type, container, source, theme),
    destroyAll() {
      for (const t of [...tracked]) t.destroy();
      for (const end of [...previews.keys()]) end();
    },
    stats: () => ({ mounted, destroyed, live: mounted - destroyed }),
  };
}

type Definitions = Map<string, { def: RegisteredRenderer; self: object }>;

/** Registry.register: `definition` read, checked and put in `defs`; `changed` mounts its type's live blocks again. */
function register(defs: Definitions, definition: unknown, warn: (message: string) => void, changed: (type: string) => void): () => void {
  let entry;
  // Each field is read once, so a getter cannot pass validation and then return something else.
  try {
    entry = readDefinition(definition, warn);
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
}

/** Registry.createGroup: the mounts of one message. */
function createGroup(): MountGroup {
  const handles = new Set<MountHandle>();
  return {
    add: (handle) => (handles.add(handle), handle),
    destroyAll() {
      for (const h of handles) h.destroy();
      handles.clear();
    },
  };
}
