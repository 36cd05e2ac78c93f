// The page's tools for an AG-UI agent (DESIGN.md §9): the preload's `tools`, then those the page
// adds at run time (`BailingChat.registerTool`). Each is checked once, when it comes (options.ts:
// the same rules and warnings as the preload's); a run offers the tools there are when it starts
// and answers its calls with those, so a tool registered or unregistered while a run goes applies
// from the next run on.
import { readHostTool, readHostTools, type HostTool } from './options';

export interface HostTools {
  /** Checks `definition` and adds it; returns its unregister (idempotent; a no-op for one refused). */
  register(definition: unknown): () => void;
  /** The tools of a run that starts now: the preload's, then the registered ones; a name registered again stands for its latest tool. */
  list(): HostTool[];
}

/**
 * `registered` is the widget's live set of registered definitions: the ones added before this
 * module was there are checked now (a bad one is dropped from it); later ones come through
 * `register`. Removing a definition from the set unregisters it.
 */
export function createHostTools(preload: readonly unknown[], registered: Set<unknown>, warn: (message: string) => void): HostTools {
  const fixed = readHostTools(preload, warn);
  // By definition object, as checked when it came (a good one is an object): later changes to it are not read.
  const checked = new WeakMap<object, HostTool>();
  const check = (definition: unknown) => {
    const tool = readHostTool(definition, 'registerTool', warn);
    if (tool) checked.set(definition as object, tool);
    return tool;
  };
  for (const definition of registered) if (!check(definition)) registered.delete(definition);
  return {
    register(definition) {
      if (!checked.has(definition as object) && !check(definition)) return () => undefined;
      registered.add(definition);
      return () => void registered.delete(definition);
    },
    list() {
      const byName = new Map(fixed.map((t) => [t.name, t]));
      for (const definition of registered) {
        const tool = checked.get(definition as object);
        if (tool) byName.set(tool.name, tool);
      }
      return [...byName.values()];
    },
  };
}
