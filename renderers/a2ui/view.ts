// One surface drawn in the widget's shadow root: the component tree from `root`, walked again at
// each change (a message, a visitor's input), with every element kept by component id and
// template item, so what is already on screen stays the same element (its focus, caret, scroll and
// the tab a visitor chose are kept). Inputs write to the surface's data model at once (two-way
// binding); an edit survives the agent's later messages unless they change that very value.
// Everything the model wrote goes in as text or as checked attribute values.

import { failedCheck, resolve, text, type Scope } from './bindings';
import { isComponent } from './catalog';
import type { FnEnv } from './functions';
import { MAX_DEPTH, MAX_LIST_ITEMS, MAX_NODES } from './limits';
import type { Component } from './messages';
import { absolute, getAt, setAt } from './pointer';
import { fill, type A2uiStrings } from './strings';
import type { Surface } from './surfaces';
import { WIDGETS } from './widgets';

/** What a component's widget gets at each walk. */
export interface Ctx {
  readonly def: Component;
  /** The item a template draws (`/items/3`), `""` at the root. */
  readonly base: string;
  readonly strings: A2uiStrings;
  readonly env: FnEnv;
  /** Property `name`, resolved now. */
  get(name: string): unknown;
  /** A binding nested in a property (a tab's title, an option's label), resolved now. */
  resolve(value: unknown): unknown;
  /** Property `name` as text (A2UI's conversion: nothing is `""`). */
  str(name: string): string;
  /** The absolute data-model path property `name` is bound to, or null when it is not a `{path}`. */
  bound(name: string): string | null;
  /** Writes `value` at `path` of the data model (a visitor's input), and draws again. */
  write(path: string, value: unknown): void;
  /** The messages of this component's failing checks. */
  failed(): string[];
  /** The element of component `id` (a single child), built in this component's scope. */
  child(id: unknown): HTMLElement | null;
  /** The elements of a ChildList: ids, or a template over a list in the data model. */
  children(list: unknown): HTMLElement[];
  /** Whether the page may load `url` (images, video, audio: the owner's list). */
  media(url: string): boolean;
  /** The visitor used the component (a Button's click): its action, resolved now. */
  act(action: unknown, el: HTMLElement): void;
}

export interface Widget {
  readonly el: HTMLElement;
  update(ctx: Ctx): void;
}

export interface ViewHost {
  readonly strings: A2uiStrings;
  readonly env: FnEnv;
  media(url: string): boolean;
  /** A Button's action: `scope` is the data as it is at the click. */
  act(action: unknown, componentId: string, scope: Scope, el: HTMLElement): void;
  /** A problem with what the agent sent (an unknown component, a loop): reported once each. */
  error(path: string, message: string): void;
}

let uids = 0;
/** A unique id for an element of a widget (labels point at inputs by it). */
export const newId = () => `a2-${++uids}`;

/** Joins a list's path and an item's index into the item's scope. */
const itemScope = (list: string, i: number) => `${list === '/' ? '' : list}/${i}`;

/** The absolute data-model path a property is bound to (a `{path}`, not a function call), or null. */
const boundPath = (value: unknown, base: string): string | null => {
  const v = value as { path?: unknown } | undefined;
  return v && typeof v === 'object' && typeof v.path === 'string' && !('call' in v) ? absolute(v.path, base) : null;
};

/** A visitor's edit: what they wrote at a path, and what the agent's value there was then (as JSON). */
type Edit = { value: unknown; was: string };

/**
 * The agent's new `data`, with each edit of the visitor's kept where the agent did not change that
 * value since; the edits it did change are forgotten (deleted from `edits`).
 */
export function withEdits(data: unknown, edits: Map<string, Edit>): unknown {
  let merged = data;
  for (const [path, edit] of edits) {
    if ((JSON.stringify(getAt(data, path)) ?? '') !== edit.was) edits.delete(path);
    else merged = setAt(merged, path, edit.value)?.model ?? merged;
  }
  return merged;
}

/**
 * A surface's view. `show` draws a new state of it (the agent's messages); the visitor's edits are kept where the agent left those values alone.
 */
// Long because it is one view whose closures (build, draw, write) share the surface, its data, the
// element cache and the walk's budget; each is short, and split they would pass all of it around.
export function createSurfaceView(host: ViewHost) {
  const box = document.createElement('div');
  box.className = 'a2-surface';
  let surface: Surface | undefined;
  /** The data as drawn: the agent's, with the visitor's edits. */
  let data: unknown = {};
  /** The visitor's edits: what they wrote, and what the agent's value there was then. */
  const edits = new Map<string, Edit>();
  const cache = new Map<string, Widget & { def: Component }>();
  const notes = new Map<string, HTMLElement>();
  let seen = new Set<string>();
  let budget = 0;
  let scheduled = false;
  let gone = false;

  const note = (key: string, message: string) => {
    let el = notes.get(key);
    if (!el) notes.set(key, (el = Object.assign(document.createElement('p'), { className: 'a2-note' })));
    el.textContent = message;
    seen.add(key);
    return el;
  };

  function build(id: unknown, base: string, chain: readonly string[]): HTMLElement | null {
    if (typeof id !== 'string') return null;
    const key = `${id}\n${base}`;
    if (chain.includes(id)) {
      host.error(`/components/${id}`, `The component "${id}" contains itself (through ${chain.slice(chain.indexOf(id)).join(' → ')}); it is not drawn there.`);
      return note(`loop:${key}`, host.strings.loop);
    }
    if (chain.length > MAX_DEPTH || --budget < 0) {
      host.error(`/components/${id}`, `The surface is larger than this client draws (${MAX_DEPTH} levels, ${MAX_NODES} elements); the rest is left out.`);
      return budget < -1 ? null : note(`large:${surface!.id}`, host.strings.tooLarge);
    }
    const def = surface!.components.get(id);
    // A child not sent yet (or never): nothing, as progressive rendering asks.
    if (!def) return null;
    const make = WIDGETS[isComponent(def.component) ? def.component : 'unknown'];
    if (!isComponent(def.component)) host.error(`/components/${id}/component`, `"${String(def.component).slice(0, 60)}" is not a component of the basic catalog.`);
    let widget = cache.get(key);
    // Drawn twice in one walk (two parents name it): the second is an element of its own.
    if (seen.has(key)) widget = { ...make(), def };
    else if (!widget || widget.def !== def) cache.set(key, (widget = { ...make(), def }));
    seen.add(key);
    const scope: Scope = { data, base, env: host.env, unknownFunction: (name) => host.error(`/components/${id}`, `"${name}" is not a function of the basic catalog.`) };
    const next = [...chain, id];
    const ctx: Ctx = {
      def,
      base,
      strings: host.strings,
      env: host.env,
      get: (name) => resolve(def[name], scope),
      resolve: (value) => resolve(value, scope),
      str: (name) => text(resolve(def[name], scope)),
      bound: (name) => boundPath(def[name], base),
      write,
      failed: () => (Array.isArray(def.checks) ? def.checks.map((c) => failedCheck(c, scope)).filter((m): m is string => m !== null) : []),
      child: (child) => build(child, base, next),
      children(list) {
        if (Array.isArray(list)) return list.map((c) => build(c, base, next)).filter((e): e is HTMLElement => !!e);
        const template = list as { componentId?: unknown; path?: unknown } | undefined;
        if (!template || typeof template.path !== 'string') return [];
        const at = absolute(template.path, base);
        const items = getAt(data, at);
        if (!Array.isArray(items)) return [];
        const els: HTMLElement[] = [];
        for (let i = 0; i < Math.min(items.length, MAX_LIST_ITEMS); i++) {
          const el = build(template.componentId, itemScope(at, i), next);
          if (el) els.push(el);
        }
        if (items.length > MAX_LIST_ITEMS) els.push(note(`more:${key}`, fill(host.strings.more, { n: items.length - MAX_LIST_ITEMS })));
        return els;
      },
      media: host.media,
      act: (action, el) => host.act(action, id, { ...scope, data }, el),
    };
    widget.update(ctx);
    widget.el.dataset.a2Id = id;
    // A child of a Row or Column grows by its weight (ignored elsewhere).
    widget.el.style.flex = typeof def.weight === 'number' && def.weight > 0 ? `${Math.min(def.weight, 100)} 1 0%` : '';
    return widget.el;
  }

  function draw() {
    scheduled = false;
    if (gone || !surface) return;
    seen = new Set();
    budget = MAX_NODES;
    const root = surface.components.has('root') ? build('root', '', []) : null;
    if (root ? box.firstChild !== root || box.childNodes.length !== 1 : box.firstChild) box.replaceChildren(...(root ? [root] : []));
    for (const key of cache.keys()) if (!seen.has(key)) cache.delete(key);
    for (const key of notes.keys()) if (!seen.has(key)) notes.delete(key);
  }

  /** Draws again after the current task's other changes (one walk for a burst of them). */
  const later = () => {
    if (!scheduled) (scheduled = true), queueMicrotask(draw);
  };

  function write(path: string, value: unknown) {
    const written = setAt(data, path, value);
    if (!written || !surface) return;
    if (!edits.has(path)) edits.set(path, { value, was: JSON.stringify(getAt(surface.data, path)) ?? '' });
    else edits.get(path)!.value = value;
    data = written.model;
    later();
  }

  return {
    el: box,
    /** The surface as the agent now has it. */
    show(next: Surface) {
      if (next.data !== surface?.data) data = withEdits(next.data, edits);
      surface = next;
      draw();
    },
    /** The data model as the visitor sees it (what `sendDataModel` sends). */
    data: () => data,
    destroy() {
      gone = true;
      cache.clear();
      box.replaceChildren();
    },
  };
}

export type SurfaceView = ReturnType<typeof createSurfaceView>;
