// An OpenAPI pack (reference file 001's OpenAPIPack): from the owner's OpenAPI 3 document, parsed
// and dereferenced already (openapi-module.ts), one function per operation, named after its
// operationId (sanitized) or its method and path, each taking one params object (`params.<name>`
// for a path or query parameter, `params.body` for the request body), and the `declare` docs the
// model is told. Pure: the request a call makes is built here (buildRequest) and sent by the thin
// shell of openapi-http.ts, by the host, only under the pack's base URL and with the owner's
// headers, which never enter the frame (the frame gets only names, and each call's answer).

import type { OpenApiPackConfig } from './config';
import { isPackGlobalName } from './config';
import { PACK_LIMITS, type OpenApiMethod } from './limits';
import type { ArgsCheck, InstalledPack, PackFunction, PackPolicy } from './types';

/** One operation, as a function of the pack. */
export interface Operation {
  /** The member name (`listPets`); the function's full name is `<pack>.<member>`. */
  readonly member: string;
  readonly method: OpenApiMethod;
  /** The path template of the spec, `/pets/{petId}`. */
  readonly path: string;
  readonly summary?: string;
  readonly params: readonly { name: string; in: 'path' | 'query'; required: boolean; description?: string; schema?: unknown }[];
  /** Whether the operation takes a JSON body (`params.body`), and its schema. */
  readonly body?: { required: boolean; schema?: unknown };
  /** The schema of its first 2xx JSON response, for the docs. */
  readonly response?: unknown;
}

/** What a call sends: built from the checked params, before the owner's headers are added. */
export interface ApiRequest {
  method: OpenApiMethod;
  url: string;
  /** JSON text, when the operation takes a body and the view gave one. */
  body?: string;
}

export type OpenApiBuild = { ok: true; pack: InstalledPack; notes: string[] } | { ok: false; errors: string[] };

/** Sends one request with the owner's headers and reads the answer within `maxBytes` (openapi-http.ts). */
export type ApiSend = (request: ApiRequest, headers: Readonly<Record<string, string>>, maxBytes: number, signal: AbortSignal) => Promise<unknown>;

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => value !== null && typeof value == 'object' && !Array.isArray(value);
const IDENT = /^[A-Za-z_$][\w$]*$/;
const cap = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `list-pets`, `pets.list`, `__proto__`, `2fa` → `listPets`, `petsList`, `proto`, `op2fa`: a member name. */
export function sanitizeName(text: string): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter(Boolean);
  // The first word in lower case (`CRM API` → `crmAPI`, `listPets` stays), the others capitalised.
  const name = words.map((word, i) => (i ? cap(word) : /^[A-Z0-9]+$/.test(word) ? word.toLowerCase() : word.charAt(0).toLowerCase() + word.slice(1))).join('');
  return /^[0-9]/.test(name) ? 'op' + cap(name) : name;
}

/** `GET /pets/{petId}/toys` → `getPetsByPetIdToys`. */
export function nameFromPath(method: OpenApiMethod, path: string): string {
  const parts = path.split('/').filter(Boolean).map((segment) => {
    const param = /^\{(.+)\}$/.exec(segment);
    return param ? 'By' + cap(sanitizeName(param[1]!)) : cap(sanitizeName(segment));
  });
  return method.toLowerCase() + parts.join('');
}

/** The pack's default global: a slug of `info.title` (`Swagger Petstore` → `swaggerPetstore`), else `api`. */
export function defaultGlobal(title: unknown): string {
  const name = typeof title == 'string' ? sanitizeName(title).slice(0, 40) : '';
  return name && isPackGlobalName(name) ? name : 'api';
}

/** A media type whose body is JSON (`application/json`, `application/problem+json`; parameters ignored). */
const isJsonType = (type: string) => /^application\/(?:[\w.+-]*\+)?json(?:\s*;.*)?$/i.test(type.trim());

/**
 * The base URL every call goes under: the pack's `baseURL`, else the spec's first server (its
 * `{variables}` at their defaults), read against the page's URL. Only http(s), with no query or
 * fragment, no credentials; without a trailing slash.
 */
export function baseUrlOf(doc: Json, config: Pick<OpenApiPackConfig, 'baseURL' | 'path'>, pageUrl: string): { ok: true; url: URL } | { ok: false; error: string } {
  let text = config.baseURL;
  const where = text !== undefined ? `${config.path}.baseURL` : `${config.path}.spec servers[0].url`;
  if (text === undefined) {
    const server = Array.isArray(doc.servers) ? doc.servers[0] : undefined;
    if (!isRecord(server) || typeof server.url != 'string' || !server.url.trim()) return { ok: false, error: `${config.path}: no base URL: set "baseURL" (the spec has no servers)` };
    const variables = isRecord(server.variables) ? server.variables : {};
    text = server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
      const variable = variables[name];
      return isRecord(variable) && typeof variable.default == 'string' ? variable.default : whole;
    });
  }
  if (/\{[^}]*\}/.test(text)) return { ok: false, error: `${where}: has a server variable without a default` };
  let url: URL;
  try {
    url = new URL(text, pageUrl);
  } catch {
    return { ok: false, error: `${where}: ${JSON.stringify(text.slice(0, 100))} is not a URL` };
  }
  if (url.protocol != 'https:' && url.protocol != 'http:') return { ok: false, error: `${where}: must be an http(s) URL` };
  if (url.search || url.hash || text.includes('#')) return { ok: false, error: `${where}: must not have a query or fragment` };
  if (url.username || url.password) return { ok: false, error: `${where}: must not carry credentials (put them in "headers")` };
  url.pathname = url.pathname.replace(/\/+$/, '');
  return { ok: true, url };
}

/** The first 2xx response's JSON schema. */
function responseSchema(operation: Json): unknown {
  const responses = isRecord(operation.responses) ? operation.responses : {};
  const ok = Object.keys(responses).filter((code) => /^2(?:\d\d|XX)$/i.test(code)).sort()[0];
  const content = ok && isRecord(responses[ok]) && isRecord((responses[ok] as Json).content) ? ((responses[ok] as Json).content as Json) : {};
  const type = Object.keys(content).find(isJsonType);
  return type && isRecord(content[type]) ? (content[type] as Json).schema : undefined;
}

/** The operations of `doc` for `methods`, named, with notes on what was left out. */
export function operationsOf(doc: Json, methods: readonly OpenApiMethod[]): { operations: Operation[]; notes: string[] } {
  const operations: Operation[] = [];
  const notes: string[] = [];
  const taken = new Set<string>();
  const paths = isRecord(doc.paths) ? doc.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isRecord(item) || !path.startsWith('/')) continue;
    for (const method of methods) {
      const operation = item[method.toLowerCase()];
      if (!isRecord(operation)) continue;
      const where = `${method} ${path}`;
      // Path-level parameters, overridden by the operation's of the same name and place.
      const all = new Map<string, Json>();
      for (const param of [...(Array.isArray(item.parameters) ? item.parameters : []), ...(Array.isArray(operation.parameters) ? operation.parameters : [])]) {
        if (isRecord(param) && typeof param.name == 'string') all.set(`${param.in}:${param.name}`, param);
      }
      const params = [...all.values()]
        // Header and cookie parameters are not the view's: the owner's headers are the only ones sent.
        .filter((param) => param.in == 'path' || param.in == 'query')
        .map((param) => ({
          name: param.name as string,
          in: param.in as 'path' | 'query',
          required: param.in == 'path' || param.required === true,
          ...(typeof param.description == 'string' ? { description: param.description } : {}),
          schema: param.schema,
        }));
      let body: Operation['body'];
      if (isRecord(operation.requestBody)) {
        const content = isRecord(operation.requestBody.content) ? operation.requestBody.content : {};
        const type = Object.keys(content).find(isJsonType);
        if (!type) {
          notes.push(`${where}: left out, its request body is not JSON (${Object.keys(content).join(', ') || 'no content'})`);
          continue;
        }
        body = { required: operation.requestBody.required === true, schema: isRecord(content[type]) ? (content[type] as Json).schema : undefined };
      }
      if (body && params.some((p) => p.name == 'body')) {
        notes.push(`${where}: left out, a parameter named "body" would clash with params.body`);
        continue;
      }
      const pathNames = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      const missing = pathNames.find((name) => !params.some((p) => p.in == 'path' && p.name == name));
      if (missing) {
        notes.push(`${where}: left out, its path parameter {${missing}} is not declared`);
        continue;
      }
      let member = (typeof operation.operationId == 'string' && sanitizeName(operation.operationId)) || nameFromPath(method, path);
      for (let n = 2; taken.has(member); n++) member = member.replace(/\d*$/, String(n));
      taken.add(member);
      const summary = typeof operation.summary == 'string' ? operation.summary : typeof operation.description == 'string' ? operation.description : undefined;
      operations.push({ member, method, path, ...(summary ? { summary } : {}), params, ...(body ? { body } : {}), response: responseSchema(operation) });
    }
  }
  return { operations, notes };
}

// ---------------------------------------------------------------------------------------------
// Docs: TypeScript declarations of the pack, as the model reads them.

/** Text from the spec, for a doc comment: one line, no `*​/` (which would end the comment), cut short. */
const docText = (text: string, max = 160) => {
  const line = text.replace(/\*\//g, '*\u2215').replace(/\s+/g, ' ').trim();
  return line.length > max ? line.slice(0, max - 1) + '…' : line;
};
const key = (name: string) => (IDENT.test(name) ? name : JSON.stringify(name));

/** A TypeScript type for a (dereferenced) JSON schema, a few levels deep; cycles and depth end in `unknown`. */
export function tsType(schema: unknown, depth = 0, seen: Set<unknown> = new Set()): string {
  if (!isRecord(schema) || depth > 4 || seen.has(schema)) return 'unknown';
  seen.add(schema);
  try {
    if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum.slice(0, 12).map((v) => JSON.stringify(v)).join(' | ');
    const alternatives = (schema.oneOf ?? schema.anyOf) as unknown;
    if (Array.isArray(alternatives) && alternatives.length) return [...new Set(alternatives.slice(0, 8).map((s) => tsType(s, depth + 1, seen)))].join(' | ');
    if (Array.isArray(schema.allOf) && schema.allOf.length) return schema.allOf.slice(0, 8).map((s) => tsType(s, depth + 1, seen)).join(' & ');
    const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? (schema.properties ? 'object' : schema.items ? 'array' : undefined)];
    const one = (type: unknown): string => {
      switch (type) {
        case 'string':
          return 'string';
        case 'integer':
        case 'number':
          return 'number';
        case 'boolean':
          return 'boolean';
        case 'null':
          return 'null';
        case 'array': {
          const item = tsType(schema.items, depth + 1, seen);
          return /[|&]/.test(item) ? `(${item})[]` : `${item}[]`;
        }
        case 'object': {
          const properties = isRecord(schema.properties) ? Object.entries(schema.properties).slice(0, 30) : [];
          const required = Array.isArray(schema.required) ? schema.required : [];
          const fields = properties.map(([name, s]) => `${key(name)}${required.includes(name) ? '' : '?'}: ${tsType(s, depth + 1, seen)}`);
          if (isRecord(schema.additionalProperties)) fields.push(`[key: string]: ${tsType(schema.additionalProperties, depth + 1, seen)}`);
          return fields.length ? `{ ${fields.join('; ')} }` : 'Record<string, unknown>';
        }
        default:
          return 'unknown';
      }
    };
    const union = [...new Set(types.map(one))];
    if (schema.nullable === true && !union.includes('null')) union.push('null');
    return union.join(' | ');
  } finally {
    seen.delete(schema);
  }
}

/** The docs of a pack: one `declare const` of its global, one member per operation. */
export function docsOf(global: string, title: string, operations: readonly Operation[]): string {
  const lines = [`/** ${docText(title)}: ${operations.length} function${operations.length == 1 ? '' : 's'}. Each resolves to {status, headers, body} whatever the status (check status); it rejects only when the call could not be made. */`, `declare const ${global}: {`];
  for (const op of operations) {
    const fields = op.params.map((p) => `${p.description ? `/** ${docText(p.description, 100)} (${p.in}) */ ` : ''}${key(p.name)}${p.required ? '' : '?'}: ${tsType(p.schema)}`);
    if (op.body) fields.push(`body${op.body.required ? '' : '?'}: ${tsType(op.body.schema)}`);
    const optional = !op.params.some((p) => p.required) && !op.body?.required;
    const arg = fields.length ? `params${optional ? '?' : ''}: { ${fields.join('; ')} }` : '';
    lines.push(`  /** ${op.method} ${docText(op.path, 120)}${op.summary ? `: ${docText(op.summary)}` : ''} */`);
    lines.push(`  ${op.member}(${arg}): Promise<{ status: number; headers: Record<string, string>; body: ${tsType(op.response)} }>;`);
  }
  lines.push('};');
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Calls

const scalar = (value: unknown) => typeof value == 'string' || typeof value == 'boolean' || (typeof value == 'number' && Number.isFinite(value));


/**
 * Checks a view's `params` for `op` and builds its request under `base`. Rejects unknown keys, a
 * missing path parameter, values that are not strings, finite numbers or booleans (or, for a
 * query, a list of them), and a body for an operation that takes none. The URL is checked to be
 * under `base` (same origin, same path prefix).
 */
export function buildRequest(fn: string, op: Operation, base: URL, args: readonly unknown[]): { ok: true; request: ApiRequest } | { ok: false; reason: string } {
  if (args.length > 1) return { ok: false, reason: `${fn} takes one params object; it was called with ${args.length} arguments` };
  const params = args[0] ?? {};
  if (!isRecord(params)) return { ok: false, reason: `${fn}: params must be an object` };
  const known = [...op.params.map((p) => p.name), ...(op.body ? ['body'] : [])];
  const unknown = Object.keys(params).find((name) => !known.includes(name));
  if (unknown) return { ok: false, reason: `${fn}: unknown parameter ${JSON.stringify(unknown.slice(0, 40))}${known.length ? ` (known: ${known.join(', ')})` : ' (it takes none)'}` };
  let path = op.path;
  const query = new URLSearchParams();
  for (const p of op.params) {
    const value = params[p.name];
    if (value === undefined || value === null) {
      if (p.in == 'path') return { ok: false, reason: `${fn}: params.${p.name} is required (a path parameter)` };
      continue;
    }
    if (p.in == 'path') {
      if (!scalar(value) || value === '') return { ok: false, reason: `${fn}: params.${p.name} must be a non-empty string, a number or a boolean` };
      // `.` and `..` stay as they are in encodeURIComponent, and URL parsing would move up the path.
      if (/^\.{1,2}$/.test(String(value))) return { ok: false, reason: `${fn}: params.${p.name} must not be . or ..` };
      path = path.split(`{${p.name}}`).join(encodeURIComponent(String(value)));
    } else {
      const values = Array.isArray(value) ? value : [value];
      if (!values.every(scalar)) return { ok: false, reason: `${fn}: params.${p.name} must be a string, a number, a boolean or a list of them` };
      for (const v of values) query.append(p.name, String(v));
    }
  }
  const basePath = base.pathname.replace(/\/$/, '');
  const url = new URL(base.origin + basePath + path);
  for (const [name, value] of query) url.searchParams.append(name, value);
  if (url.origin != base.origin || !url.pathname.startsWith(basePath + '/')) {
    return { ok: false, reason: `${fn}: the parameters lead outside the API's base URL` };
  }
  const request: ApiRequest = { method: op.method, url: url.href };
  if (params.body !== undefined) request.body = JSON.stringify(params.body);
  return { ok: true, request };
}

/**
 * The pack for a parsed, dereferenced OpenAPI 3 document. Configuration errors (no base URL, no
 * operation to call) are errors, not a silent install: a pack with nothing callable is a mistake.
 */
export function buildOpenApiPack(doc: Json, config: OpenApiPackConfig, pageUrl: string, send: ApiSend): OpenApiBuild {
  const info = isRecord(doc.info) ? doc.info : {};
  const global = config.name ?? defaultGlobal(info.title);
  const base = baseUrlOf(doc, config, pageUrl);
  if (!base.ok) return { ok: false, errors: [base.error] };
  const { operations, notes } = operationsOf(doc, config.methods);
  if (!operations.length) {
    const any = isRecord(doc.paths) && Object.keys(doc.paths).length;
    return { ok: false, errors: [`${config.path}: no operation to call (${any ? `none of its operations is one of ${config.methods.join(', ')}` : 'the spec has no paths'})`] };
  }
  if (operations.length > PACK_LIMITS.operations) return { ok: false, errors: [`${config.path}: ${operations.length} operations, more than the ${PACK_LIMITS.operations} a pack may have: narrow "methods" or split the spec`] };
  const baseUrl = base.url;
  const functions = operations.map((op): PackFunction => {
    const name = `${global}.${op.member}`;
    return {
      name,
      gated: false,
      check: (args): ArgsCheck => {
        const built = buildRequest(name, op, baseUrl, args);
        return built.ok ? { ok: true, value: built.request } : built;
      },
      run: (request, signal, policy: PackPolicy) => send(request as ApiRequest, config.headers, policy.maxResultBytes, signal),
    };
  });
  const title = config.description ?? (typeof info.title == 'string' && info.title.trim() ? info.title : 'An HTTP API');
  const names = operations.map((op) => op.member);
  return {
    ok: true,
    notes: notes.map((note) => `${config.path}: ${note}`),
    pack: {
      kind: 'openapi',
      global,
      members: names,
      functions,
      summary: `${global}: ${docText(title, 80)}, ${names.length} function${names.length == 1 ? '' : 's'} (${names.map((n) => `${global}.${n}(params)`).join(', ')}) resolving to {status, headers, body}`,
      docs: docsOf(global, title, operations),
    },
  };
}
