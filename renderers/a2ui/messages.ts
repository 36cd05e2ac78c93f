// Reading A2UI messages (server to client, v0.9): the four operations, each checked for its shape
// before anything is drawn. What is wrong is an `error` message of the specification's own shape
// (code VALIDATION_FAILED, the surface, a JSON Pointer to what failed, a sentence) and the message
// is left out; nothing here throws. Pure.
//
// Tolerated beside v0.9, where it costs a line: `version` "v0.10" and "v1.0", a `createSurface`
// carrying `components` and `dataModel` (v1.0) and without `catalogId` (then the basic catalog),
// `updateDataModel.value: null` removing (v1.0), and operations this reader does not know
// (v0.10's `actionResponse`, v1.0's function calls), skipped with an error, never fatal.

import { MAX_COMPONENTS, MAX_ID_CHARS, MAX_MESSAGES } from './limits';
import { BASIC_CATALOG_IDS, VERSIONS } from './catalog';

/** One component as sent: its id, its type, the rest of its properties as they came. */
export interface Component {
  readonly id: string;
  readonly component: string;
  readonly [property: string]: unknown;
}

export type Message =
  | { kind: 'create'; surfaceId: string; catalogId: string; theme?: Record<string, unknown>; sendDataModel: boolean; components?: Component[]; dataModel?: unknown }
  | { kind: 'components'; surfaceId: string; components: Component[] }
  | { kind: 'data'; surfaceId: string; path: string; value: unknown }
  | { kind: 'delete'; surfaceId: string };

/** The client's `error` message (client_to_server.json), without its envelope. */
export interface ClientError {
  code: string;
  surfaceId: string;
  path?: string;
  message: string;
}

export interface Read {
  messages: Message[];
  errors: ClientError[];
}

const OPS = ['createSurface', 'updateComponents', 'updateDataModel', 'deleteSurface'] as const;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= MAX_ID_CHARS;

export const validationError = (surfaceId: string, path: string, message: string): ClientError => ({ code: 'VALIDATION_FAILED', surfaceId, path, message });

/**
 * The messages of a block or activity: an array of messages (the AG-UI middleware's
 * `a2ui_operations`), or text: JSON lines (one message a line), a JSON array, or one message.
 */
export function readMessages(input: unknown): Read {
  const errors: ClientError[] = [];
  let list: unknown[];
  if (Array.isArray(input)) list = input;
  else if (typeof input === 'string') {
    const text = input.trim();
    list = [];
    if (text.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (Array.isArray(parsed)) list = parsed;
      } catch {
        errors.push({ code: 'INVALID_JSON', surfaceId: '', message: 'The block is not a JSON array of A2UI messages, nor JSON lines.' });
      }
    } else {
      for (const [n, line] of text.split(/\r?\n/).entries()) {
        if (!line.trim()) continue;
        try {
          list.push(JSON.parse(line));
        } catch {
          errors.push({ code: 'INVALID_JSON', surfaceId: '', message: `Line ${n + 1} is not JSON: each line must be one A2UI message.` });
        }
      }
    }
  } else list = [input];
  const messages: Message[] = [];
  for (const [i, item] of list.entries()) {
    if (i >= MAX_MESSAGES) {
      errors.push({ code: 'TOO_MANY_MESSAGES', surfaceId: '', message: `Only the first ${MAX_MESSAGES} messages are read.` });
      break;
    }
    const read = readMessage(item);
    if ('error' in read) errors.push(read.error);
    else messages.push(read.message);
  }
  return { messages, errors };
}

/** One message, checked. */
export function readMessage(json: unknown): { message: Message } | { error: ClientError } {
  if (!isRecord(json)) return { error: { code: 'INVALID_MESSAGE', surfaceId: '', message: 'An A2UI message must be a JSON object.' } };
  const ops = OPS.filter((k) => k in json);
  const op = ops[0];
  const body = op ? json[op] : undefined;
  const surfaceId = isRecord(body) && isId(body.surfaceId) ? body.surfaceId : '';
  const fail = (path: string, message: string) => ({ error: validationError(surfaceId, path, message) });
  if (typeof json.version !== 'string' || !VERSIONS.includes(json.version)) return fail('/version', `"version" must be "v0.9" (got ${JSON.stringify(json.version) ?? 'none'}).`);
  if (ops.length !== 1) {
    const other = Object.keys(json).find((k) => k !== 'version');
    return ops.length ? fail('', `A message holds exactly one of ${OPS.join(', ')}.`) : { error: { code: 'UNKNOWN_MESSAGE', surfaceId: '', message: `"${other?.slice(0, 40) ?? ''}" is not a message this client reads (${OPS.join(', ')}).` } };
  }
  if (!isRecord(body)) return fail(`/${op}`, `"${op}" must be an object.`);
  if (!surfaceId) return fail(`/${op}/surfaceId`, `"surfaceId" must be a non-empty string of at most ${MAX_ID_CHARS} characters.`);
  switch (op) {
    case 'createSurface': {
      const { catalogId = json.version === 'v1.0' ? BASIC_CATALOG_IDS[0] : undefined, theme, sendDataModel, components, dataModel } = body;
      if (typeof catalogId !== 'string') return fail('/createSurface/catalogId', '"catalogId" must be a string.');
      if (theme !== undefined && !isRecord(theme)) return fail('/createSurface/theme', '"theme" must be an object.');
      if (sendDataModel !== undefined && typeof sendDataModel !== 'boolean') return fail('/createSurface/sendDataModel', '"sendDataModel" must be true or false.');
      const message: Message = { kind: 'create', surfaceId, catalogId, sendDataModel: sendDataModel === true, ...(theme ? { theme } : {}) };
      if (components !== undefined) {
        const read = readComponents(components, '/createSurface/components', surfaceId);
        if ('error' in read) return read;
        message.components = read.components;
      }
      if (dataModel !== undefined) message.dataModel = dataModel;
      return { message };
    }
    case 'updateComponents': {
      const read = readComponents(body.components, '/updateComponents/components', surfaceId);
      return 'error' in read ? read : { message: { kind: 'components', surfaceId, components: read.components } };
    }
    case 'updateDataModel': {
      const { path = '/' } = body;
      if (typeof path !== 'string' || (path !== '' && !path.startsWith('/'))) return fail('/updateDataModel/path', '"path" must be a JSON Pointer such as "/user/name".');
      // v0.9: an omitted value removes; v1.0: so does null (v0.9 keeps null as a value).
      return { message: { kind: 'data', surfaceId, path, value: body.value === null && json.version === 'v1.0' ? undefined : body.value } };
    }
    default:
      return { message: { kind: 'delete', surfaceId } };
  }
}

function readComponents(list: unknown, at: string, surfaceId: string): { components: Component[] } | { error: ClientError } {
  if (!Array.isArray(list) || list.length === 0) return { error: validationError(surfaceId, at, '"components" must be a non-empty array.') };
  if (list.length > MAX_COMPONENTS) return { error: validationError(surfaceId, at, `At most ${MAX_COMPONENTS} components a surface.`) };
  for (const [i, c] of list.entries()) {
    if (!isRecord(c)) return { error: validationError(surfaceId, `${at}/${i}`, 'A component must be an object.') };
    if (!isId(c.id)) return { error: validationError(surfaceId, `${at}/${i}/id`, `"id" must be a non-empty string of at most ${MAX_ID_CHARS} characters.`) };
    if (typeof c.component !== 'string') return { error: validationError(surfaceId, `${at}/${i}/component`, '"component" must be the name of a component of the catalog, such as "Text".') };
  }
  return { components: list as Component[] };
}
