// Puts a renderer definition where the widget will find it, whichever loaded first (reference 004
// "Loading Order"): registered at once when `window.BailingChat` is the widget's API, or pushed onto
// the preload `window.BailingChat.renderers` array when the widget has not run yet (it reads that
// array once, when it boots, so this works with an `async` widget script too).

import type { RendererDefinition } from '../../widget/types';

interface WidgetApi {
  apiVersion: string;
  registerRenderer(definition: RendererDefinition): () => void;
}

/** The global the widget owns; only `BailingChat` is read or written. */
export interface InstallTarget {
  BailingChat?: unknown;
}

const isApi = (v: unknown): v is WidgetApi =>
  !!v && typeof v === 'object' && (v as WidgetApi).apiVersion === '1' && typeof (v as WidgetApi).registerRenderer === 'function';

/**
 * Registers `definition` now, or queues it in the preload. Returns an unregister function: it
 * unregisters from the widget, or takes the definition back out of the preload if the widget has
 * not booted yet. (Once the widget has booted from the preload it keeps the definition until the
 * page registers the type again.) Never throws; problems go to `warn`.
 */
export function installRenderer(
  definition: RendererDefinition,
  target: InstallTarget = globalThis as InstallTarget,
  warn: (message: string) => void = (m) => console.warn('BailingChat charts: ' + m),
): () => void {
  const current = target.BailingChat;
  if (isApi(current)) return current.registerRenderer(definition);
  if (current !== undefined && (current === null || typeof current !== 'object' || Array.isArray(current))) {
    warn(`window.BailingChat is not the widget nor a preload object; "${definition.type}" was not registered`);
    return () => undefined;
  }
  let list: unknown[];
  try {
    const preload = (current ?? (target.BailingChat = {})) as { renderers?: unknown };
    if (preload.renderers === undefined) preload.renderers = [];
    if (!Array.isArray(preload.renderers)) {
      warn(`window.BailingChat.renderers is not an array; "${definition.type}" was not registered`);
      return () => undefined;
    }
    list = preload.renderers;
    list.push(definition);
  } catch (e) {
    // A frozen preload (or array) cannot take another renderer.
    warn(`the preload window.BailingChat cannot be changed (${e instanceof Error ? e.message : String(e)}); "${definition.type}" was not registered`);
    return () => undefined;
  }
  let live = true;
  return () => {
    if (!live) return;
    live = false;
    const now = target.BailingChat;
    if (isApi(now)) {
      warn(`"${definition.type}" was registered through the preload; register another renderer of that type to replace it`);
      return;
    }
    const i = list.indexOf(definition);
    if (i >= 0) list.splice(i, 1);
  };
}
