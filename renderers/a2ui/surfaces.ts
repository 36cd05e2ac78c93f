// The surfaces of a block (or an AG-UI activity) as a pure reducer over A2UI messages: created,
// given components (upserted by id), given data (written at a JSON Pointer), deleted. A message
// that cannot apply (a surface never created, a catalog this client does not have, a pointer that
// goes through a plain value) is an error of the specification's shape and changes nothing else.

import { isBasicCatalog } from './catalog';
import { MAX_COMPONENTS, MAX_SURFACES } from './limits';
import { validationError, type ClientError, type Component, type Message } from './messages';
import { setAt } from './pointer';

export interface Surface {
  readonly id: string;
  readonly catalogId: string;
  /** The catalog is one this client draws (the basic catalog). */
  readonly supported: boolean;
  readonly theme?: Readonly<Record<string, unknown>>;
  readonly sendDataModel: boolean;
  /** By id; the tree starts at `root` (nothing is drawn until it is there). */
  readonly components: ReadonlyMap<string, Component>;
  readonly data: unknown;
}

export interface Surfaces {
  /** In the order they were created. */
  readonly list: readonly Surface[];
  readonly errors: readonly ClientError[];
}

export const NO_SURFACES: Surfaces = { list: [], errors: [] };

/** `state` after `message`. */
export function reduceSurfaces(state: Surfaces, message: Message): Surfaces {
  const at = state.list.findIndex((s) => s.id === message.surfaceId);
  const surface = state.list[at];
  const fail = (path: string, text: string): Surfaces => ({ ...state, errors: [...state.errors, validationError(message.surfaceId, path, text)] });
  const put = (next: Surface): Surfaces => ({ ...state, list: state.list.map((s, i) => (i === at ? next : s)) });
  if (message.kind === 'create') {
    // A repeated createSurface (an AG-UI agent re-sends the whole set as it streams) is taken as
    // the same surface when it names the same catalog.
    if (surface) return surface.catalogId === message.catalogId ? state : fail('/createSurface/catalogId', `The surface "${message.surfaceId}" already exists with another catalog; delete it first.`);
    if (state.list.length >= MAX_SURFACES) return fail('/createSurface', `At most ${MAX_SURFACES} surfaces in one answer.`);
    const supported = isBasicCatalog(message.catalogId);
    let next: Surfaces = {
      list: [...state.list, { id: message.surfaceId, catalogId: message.catalogId, supported, sendDataModel: message.sendDataModel, components: new Map(), data: {}, ...(message.theme ? { theme: message.theme } : {}) }],
      errors: supported ? state.errors : [...state.errors, validationError(message.surfaceId, '/createSurface/catalogId', `The catalog "${message.catalogId.slice(0, 120)}" is not one this client has; it draws the basic catalog (${'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json'}).`)],
    };
    // v1.0: the surface may come with its components and data.
    if (message.components) next = reduceSurfaces(next, { kind: 'components', surfaceId: message.surfaceId, components: message.components });
    if (message.dataModel !== undefined) next = reduceSurfaces(next, { kind: 'data', surfaceId: message.surfaceId, path: '/', value: message.dataModel });
    return next;
  }
  if (!surface) {
    const op = message.kind === 'components' ? 'updateComponents' : message.kind === 'data' ? 'updateDataModel' : 'deleteSurface';
    return fail(`/${op}/surfaceId`, `There is no surface "${message.surfaceId}": send createSurface first.`);
  }
  switch (message.kind) {
    case 'delete':
      return { ...state, list: state.list.filter((s) => s !== surface) };
    case 'components': {
      const components = new Map(surface.components);
      for (const c of message.components) components.set(c.id, c);
      if (components.size > MAX_COMPONENTS) return fail('/updateComponents/components', `At most ${MAX_COMPONENTS} components a surface.`);
      return put({ ...surface, components });
    }
    case 'data': {
      const written = setAt(surface.data, message.path, message.value);
      if (!written) return fail('/updateDataModel/path', `"${message.path.slice(0, 120)}" is not a place in the data model (a key that is not allowed, or a path through a value that holds none).`);
      // The whole model replaced by nothing is an empty model.
      return put({ ...surface, data: written.model ?? {} });
    }
  }
}

/** The surfaces `messages` make, from nothing. */
export function surfacesOf(messages: readonly Message[], from: Surfaces = NO_SURFACES): Surfaces {
  return messages.reduce(reduceSurfaces, from);
}
