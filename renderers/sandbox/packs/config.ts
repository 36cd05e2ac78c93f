// The owner's `sandbox.packs` list, read at boot. Pure. The preload runs before widget.js, so a
// pack is a plain object (`{pack: 'search', search: async (query, topK) => hits}`): no factory of
// ours exists yet when it is written. Each bad field is named (`sandbox.packs[2].send: …`); a pack
// with a problem is not installed, the others are.

import { emailPack, searchPack, secretPack, storesPack } from './builtin';
import { OPENAPI_METHODS, OPENAPI_READ_METHODS, PACK_KINDS, PACK_LIMITS, RESERVED_GLOBALS, type OpenApiMethod, type PackKind } from './limits';
import type { InstalledPack } from './types';
import { HEADER_NAME } from '../../../widget/embed/header-name';

/** An OpenAPI pack as the owner wrote it, its fields checked; the spec itself is parsed later (openapi.js). */
export interface OpenApiPackConfig {
  readonly path: string;
  readonly spec: unknown;
  readonly name?: string;
  readonly description?: string;
  readonly baseURL?: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The owner's credentials by security scheme name (`{api_key: '…'}`; `'user:password'` for http basic); never shown. */
  readonly auth: Readonly<Record<string, string>>;
  readonly methods: readonly OpenApiMethod[];
}

export interface PacksRead {
  /** The callback packs, ready. */
  installed: InstalledPack[];
  /** The OpenAPI packs, to parse. */
  openapi: OpenApiPackConfig[];
  /** Everything wrong, each naming its field. */
  errors: string[];
}

const typeName = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value == 'object' && !Array.isArray(value);

/** The keys of each kind; each function-valued one is the owner's callback. */
const KEYS: Record<PackKind, readonly string[]> = {
  search: ['search'],
  stores: ['list', 'read'],
  email: ['send'],
  secret: ['get'],
  openapi: ['spec', 'name', 'description', 'baseURL', 'headers', 'auth', 'methods'],
};

/** A JavaScript identifier that starts with a lower-case letter: the pack's global in the view. */
const GLOBAL_NAME = /^[a-z][A-Za-z0-9_]{0,39}$/;
/** A header value holds no CR, LF or NUL (a second header, or a cut request), nor other controls. */
const HEADER_VALUE = /^[^\x00-\x08\x0a-\x1f\x7f]*$/;

/** Whether `name` may be the global of an OpenAPI pack (not one of ours, a reserved word or a global a view needs). */
export const isPackGlobalName = (name: string): boolean => GLOBAL_NAME.test(name) && !RESERVED_GLOBALS.has(name);

function readOpenApi(pack: Record<string, unknown>, path: string, errors: string[]): OpenApiPackConfig | undefined {
  const before = errors.length;
  const { spec, name, description, baseURL, headers, auth, methods } = pack;
  if (spec === undefined || spec === null || (typeof spec != 'string' && !isRecord(spec))) errors.push(`${path}.spec: expected an OpenAPI 3 document (an object, or its JSON or YAML text), got ${typeName(spec)}`);
  if (name !== undefined && (typeof name != 'string' || !isPackGlobalName(name))) {
    errors.push(`${path}.name: ${typeof name == 'string' ? JSON.stringify(name.slice(0, 40)) : typeName(name)} cannot be the view's global: use a name such as "petstore" (a letter, then letters, digits or _; not a reserved word or a global of the frame)`);
  }
  if (description !== undefined && (typeof description != 'string' || !description.trim() || [...description].length > PACK_LIMITS.descriptionChars || /[\p{Cc}]/u.test(description))) {
    errors.push(`${path}.description: expected one line of text of at most ${PACK_LIMITS.descriptionChars} characters`);
  }
  if (baseURL !== undefined && typeof baseURL != 'string') errors.push(`${path}.baseURL: expected a URL string, got ${typeName(baseURL)}`);
  const headerList: Record<string, string> = {};
  if (headers !== undefined) {
    if (!isRecord(headers)) errors.push(`${path}.headers: expected an object of header names to values, got ${typeName(headers)}`);
    else {
      const entries = Object.entries(headers);
      if (entries.length > PACK_LIMITS.headers) errors.push(`${path}.headers: more than ${PACK_LIMITS.headers} headers`);
      for (const [key, value] of entries) {
        // The value is never shown: it is what the packs keep out of the frame.
        if (!HEADER_NAME.test(key)) errors.push(`${path}.headers: ${JSON.stringify(key.slice(0, 40))} is not a header name`);
        else if (typeof value != 'string' || !HEADER_VALUE.test(value)) errors.push(`${path}.headers[${JSON.stringify(key)}]: expected a string with no line break or control character`);
        else headerList[key] = value;
      }
    }
  }
  const authList: Record<string, string> = {};
  if (auth !== undefined) {
    if (!isRecord(auth)) errors.push(`${path}.auth: expected an object of security scheme names (as in the spec's components.securitySchemes) to values, got ${typeName(auth)}`);
    else {
      const entries = Object.entries(auth);
      if (entries.length > PACK_LIMITS.authSchemes) errors.push(`${path}.auth: more than ${PACK_LIMITS.authSchemes} schemes`);
      for (const [scheme, value] of entries) {
        // The value is never shown, as a header's.
        if (typeof value != 'string' || !value || value.length > PACK_LIMITS.authValueChars || !HEADER_VALUE.test(value)) {
          errors.push(`${path}.auth[${JSON.stringify(scheme.slice(0, 40))}]: expected a non-empty string of at most ${PACK_LIMITS.authValueChars} characters, with no line break or control character`);
        } else authList[scheme] = value;
      }
    }
  }
  // GET unless the owner widens it: an operation that writes is theirs to offer (DESIGN.md §13).
  let methodList: OpenApiMethod[] = [...OPENAPI_READ_METHODS];
  if (methods !== undefined) {
    if (!Array.isArray(methods) || !methods.length) errors.push(`${path}.methods: expected a non-empty array of HTTP methods (${OPENAPI_METHODS.join(', ')})`);
    else {
      methodList = [];
      methods.forEach((method: unknown, i) => {
        const upper = typeof method == 'string' ? method.toUpperCase() : '';
        if ((OPENAPI_METHODS as readonly string[]).includes(upper)) methodList.push(upper as OpenApiMethod);
        else errors.push(`${path}.methods[${i}]: ${typeof method == 'string' ? JSON.stringify(method.slice(0, 20)) : typeName(method)} is not one of ${OPENAPI_METHODS.join(', ')}`);
      });
    }
  }
  if (errors.length > before) return undefined;
  return Object.freeze({
    path,
    spec,
    ...(name !== undefined ? { name: name as string } : {}),
    ...(description !== undefined ? { description: (description as string).trim() } : {}),
    ...(baseURL !== undefined ? { baseURL: baseURL as string } : {}),
    headers: Object.freeze(headerList),
    auth: Object.freeze(authList),
    methods: Object.freeze([...new Set(methodList)]),
  });
}

/** Reads the owner's `sandbox.packs` (`undefined`: none). */
export function readPacks(input: unknown): PacksRead {
  const read: PacksRead = { installed: [], openapi: [], errors: [] };
  if (input === undefined) return read;
  if (!Array.isArray(input)) {
    read.errors.push(`sandbox.packs: expected an array of packs such as {pack: 'search', search: async (query, topK) => hits}, got ${typeName(input)}`);
    return read;
  }
  if (input.length > PACK_LIMITS.packs) read.errors.push(`sandbox.packs: more than ${PACK_LIMITS.packs} packs; the rest are not installed`);
  /** The kinds installed so far, by their index: each callback pack once. */
  const seen = new Map<string, string>();
  input.slice(0, PACK_LIMITS.packs).forEach((pack: unknown, i) => {
    const path = `sandbox.packs[${i}]`;
    if (!isRecord(pack)) return read.errors.push(`${path}: expected an object such as {pack: 'search', search: async (query, topK) => hits}, got ${typeName(pack)}`);
    const kind = pack.pack;
    if (typeof kind != 'string' || !(PACK_KINDS as readonly string[]).includes(kind)) {
      return read.errors.push(`${path}.pack: ${typeof kind == 'string' ? JSON.stringify(kind.slice(0, 40)) : typeName(kind)} is not a kind of pack (known: ${PACK_KINDS.join(', ')})`);
    }
    const keys = KEYS[kind as PackKind];
    const before = read.errors.length;
    for (const key of Object.keys(pack)) if (key != 'pack' && !keys.includes(key)) read.errors.push(`${path}: unknown key ${JSON.stringify(key.slice(0, 40))} for a ${kind} pack (known: pack, ${keys.join(', ')})`);
    if (kind == 'openapi') {
      const config = readOpenApi(pack, path, read.errors);
      if (config && read.errors.length == before) read.openapi.push(config);
      return;
    }
    for (const key of keys) if (typeof pack[key] != 'function') read.errors.push(`${path}.${key}: expected a function (the site's own code), got ${typeName(pack[key])}`);
    if (seen.has(kind)) read.errors.push(`${path}: a second ${kind} pack (${seen.get(kind)} is installed); one of each kind`);
    if (read.errors.length > before) return;
    seen.set(kind, path);
    const f = pack as Record<string, (...args: never[]) => unknown>;
    read.installed.push(kind == 'search' ? searchPack(f.search!) : kind == 'stores' ? storesPack(f.list!, f.read!) : kind == 'email' ? emailPack(f.send!) : secretPack(f.get!));
  });
  return read;
}
