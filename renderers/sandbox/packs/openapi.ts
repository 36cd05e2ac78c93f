// An OpenAPI pack (reference file 001's OpenAPIPack): from the owner's OpenAPI 3 document, parsed
// and dereferenced already (openapi-module.ts), one function per operation, named after its
// operationId (sanitized) or its method and path, each taking one params object (`params.<name>`
// for a path, query or header parameter, `params.body` for the request body: JSON, a form or
// text), and the `declare` docs the model is told. Pure: the request a call makes is built here
// (buildRequest), the owner's credentials added to it (withCredentials, from the spec's
// `securitySchemes` and the pack's `auth`), and it is sent by the thin shell of openapi-http.ts, by
// the host, only under the pack's base URL and with the owner's headers, which never enter the
// frame (the frame gets only names, and each call's answer).

import type { OpenApiPackConfig } from './config';
import { isPackGlobalName } from './config';
import { FORBIDDEN_HEADER_PARAMS, OPENAPI_READ_METHODS, PACK_LIMITS, type OpenApiBodyKind, type OpenApiMethod } from './limits';
import type { ArgsCheck, InstalledPack, PackFunction, PackPolicy } from './types';
import { HEADER_NAME } from '../../../widget/embed/header-name';

/** One operation, as a function of the pack. */
export interface Operation {
  /** The member name (`listPets`); the function's full name is `<pack>.<member>`. */
  readonly member: string;
  readonly method: OpenApiMethod;
  /** The path template of the spec, `/pets/{petId}`. */
  readonly path: string;
  readonly summary?: string;
  readonly params: readonly { name: string; in: 'path' | 'query' | 'header'; required: boolean; description?: string; schema?: unknown }[];
  /** Whether the operation takes a body (`params.body`): its media type, how it is written, its schema. */
  readonly body?: { required: boolean; type: string; kind: OpenApiBodyKind; schema?: unknown };
  /** The schema of its first 2xx response, for the docs (`{type: 'string'}` when the answer is text, not JSON). */
  readonly response?: unknown;
  /** What the host adds to each request from the pack's `auth`, by the operation's `security`. */
  readonly credentials?: readonly Credential[];
}

/** One credential the host applies: the value of `auth[scheme]`, as a header or a query parameter. */
export interface Credential {
  readonly scheme: string;
  readonly in: 'header' | 'query';
  readonly name: string;
  /** `raw`: the value as it is (apiKey); `bearer`: `Bearer <value>`; `basic`: `Basic <base64 of value>`. */
  readonly format: 'raw' | 'bearer' | 'basic';
}

/** What a call sends: built from the checked params, before the owner's headers and credentials are added. */
export interface ApiRequest {
  method: OpenApiMethod;
  url: string;
  /** The view's header parameters (checked names and values). */
  headers?: Record<string, string>;
  /** The body's media type, when the operation takes a body and the view gave one. */
  contentType?: string;
  /** The body as text (JSON, a URL-encoded form, plain text). */
  body?: string;
  /** A multipart form's text fields, in order (the browser writes the boundary). */
  fields?: [string, string][];
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
const bareType = (type: string) => type.split(';')[0]!.trim().toLowerCase();

/** How a request body of media type `type` is written, or undefined when the pack cannot write it. */
export function bodyKindOf(type: string): OpenApiBodyKind | undefined {
  if (isJsonType(type)) return 'json';
  const bare = bareType(type);
  return bare == 'application/x-www-form-urlencoded' ? 'form' : bare == 'multipart/form-data' ? 'multipart' : bare == 'text/plain' ? 'text' : undefined;
}

/** The body the pack sends from `content`: the first of JSON, a URL-encoded form, a multipart form, plain text. */
function pickBody(content: Json): { type: string; kind: OpenApiBodyKind; schema?: unknown } | undefined {
  const types = Object.keys(content);
  for (const kind of ['json', 'form', 'multipart', 'text'] as const) {
    const type = types.find((t) => bodyKindOf(t) == kind);
    if (type) return { type: kind == 'json' ? type.trim() : bareType(type), kind, schema: isRecord(content[type]) ? (content[type] as Json).schema : undefined };
  }
  return undefined;
}

/** A header name a view's parameter may not set (limits.ts, FORBIDDEN_HEADER_PARAMS). */
export const isForbiddenHeaderParam = (name: string): boolean => {
  const lower = name.toLowerCase();
  return FORBIDDEN_HEADER_PARAMS.has(lower) || lower.startsWith('proxy-') || lower.startsWith('sec-') || !HEADER_NAME.test(name);
};

/** What the owner gave the pack, which decides what a view may set: their headers, their credentials. */
export interface PackOwner {
  readonly headers: Readonly<Record<string, string>>;
  readonly auth: Readonly<Record<string, string>>;
}
const NO_OWNER: PackOwner = { headers: {}, auth: {} };

/**
 * How the host applies security scheme `name`, or why it cannot. An OAuth 2 or OpenID Connect
 * scheme takes an access token the owner got (`Bearer`): the pack runs no flow of its own.
 */
export function credentialOf(name: string, scheme: unknown): Credential | string {
  if (!isRecord(scheme)) return `"${name}" is not in components.securitySchemes`;
  if (scheme.type == 'apiKey') {
    if (scheme.in == 'cookie') return `"${name}" is an apiKey in a cookie, which a page's fetch cannot send`;
    if ((scheme.in == 'header' || scheme.in == 'query') && typeof scheme.name == 'string' && scheme.name) {
      if (scheme.in == 'header' && isForbiddenHeaderParam(scheme.name) && scheme.name.toLowerCase() != 'authorization') return `"${name}" is an apiKey in the header ${scheme.name}, which a page's fetch cannot set`;
      return { scheme: name, in: scheme.in as 'header' | 'query', name: scheme.name, format: 'raw' };
    }
  }
  const http = scheme.type == 'http' && typeof scheme.scheme == 'string' ? scheme.scheme.toLowerCase() : '';
  if (http == 'basic') return { scheme: name, in: 'header', name: 'Authorization', format: 'basic' };
  if (http == 'bearer' || scheme.type == 'oauth2' || scheme.type == 'openIdConnect') return { scheme: name, in: 'header', name: 'Authorization', format: 'bearer' };
  return `"${name}" is ${scheme.type == 'http' ? `an http ${String(scheme.scheme).slice(0, 20)}` : `a ${String(scheme.type).slice(0, 20)}`} scheme, which the pack cannot apply (it applies apiKey in a header or the query, http bearer or basic, and OAuth tokens as bearer)`;
}

/**
 * The credentials of one operation: the first alternative of its `security` (the document's, unless
 * the operation has its own) that the owner can meet, each scheme from `auth` or already in their
 * `headers`. An empty alternative (`{}`) or no `security` needs none. When none can be met, the
 * requests go without credentials and `missing` says why (a note at install: the API will refuse
 * them). apiKey in a cookie cannot be met: a page's fetch cannot set Cookie.
 */
export function credentialsOf(doc: Json, operation: Json, owner: PackOwner): { credentials: Credential[]; missing?: string } {
  const requirements = Array.isArray(operation.security) ? operation.security : Array.isArray(doc.security) ? doc.security : [];
  if (!requirements.length) return { credentials: [] };
  const components = isRecord(doc.components) ? doc.components : {};
  const schemes = isRecord(components.securitySchemes) ? components.securitySchemes : {};
  const ownerHeaders = Object.keys(owner.headers).map((name) => name.toLowerCase());
  const problems: string[] = [];
  for (const alternative of requirements) {
    if (!isRecord(alternative)) continue;
    const credentials: Credential[] = [];
    let met = true;
    for (const name of Object.keys(alternative)) {
      const credential = credentialOf(name, schemes[name]);
      if (typeof credential == 'string') {
        problems.push(credential);
        met = false;
      } else if (owner.auth[name] !== undefined) credentials.push(credential);
      // Already in the owner's headers (a key or token set there by hand): met, nothing to add.
      else if (!(credential.in == 'header' && ownerHeaders.includes(credential.name.toLowerCase()))) {
        problems.push(`"${name}" has no value in auth`);
        met = false;
      }
    }
    if (met) return { credentials };
  }
  return { credentials: [], missing: [...new Set(problems)].join('; ') };
}

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

/** The first 2xx response's JSON schema; `{type: 'string'}` when it answers only with something else (read as text). */
function responseSchema(operation: Json): unknown {
  const responses = isRecord(operation.responses) ? operation.responses : {};
  const ok = Object.keys(responses).filter((code) => /^2(?:\d\d|XX)$/i.test(code)).sort()[0];
  const content = ok && isRecord(responses[ok]) && isRecord((responses[ok] as Json).content) ? ((responses[ok] as Json).content as Json) : {};
  const type = Object.keys(content).find(isJsonType);
  if (!type) return Object.keys(content).length ? { type: 'string' } : undefined;
  return isRecord(content[type]) ? (content[type] as Json).schema : undefined;
}

/**
 * The operations of `doc` for `methods`, named, with notes on what was left out. `owner` decides
 * which header and query names are the owner's (their headers, their credentials): a parameter of
 * such a name is not offered to views, whose value would never be sent.
 */
export function operationsOf(doc: Json, methods: readonly OpenApiMethod[], owner: PackOwner = NO_OWNER): { operations: Operation[]; notes: string[] } {
  const operations: Operation[] = [];
  const notes: string[] = [];
  const taken = new Set<string>();
  const paths = isRecord(doc.paths) ? doc.paths : {};
  const ownerHeaders = Object.keys(owner.headers).map((name) => name.toLowerCase());
  /** Operations sent without the credentials their security asks for, by why: one note each, not one per operation. */
  const uncredentialed = new Map<string, string[]>();
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
      const { credentials, missing: noCredentials } = credentialsOf(doc, operation, owner);
      const credentialHeaders = credentials.filter((c) => c.in == 'header').map((c) => c.name.toLowerCase());
      const credentialQuery = credentials.filter((c) => c.in == 'query').map((c) => c.name);
      let leftOut: string | undefined;
      const params: Operation['params'][number][] = [];
      for (const param of all.values()) {
        const name = param.name as string;
        const required = param.in == 'path' || param.required === true;
        if (param.in == 'cookie') {
          // A page's fetch cannot set Cookie (a forbidden header), and the visitor's cookies are not sent.
          if (required) leftOut ??= `left out, it needs the cookie parameter "${name}", which a page's fetch cannot send`;
          else notes.push(`${where}: its cookie parameter "${name}" is not offered (a page's fetch cannot send a Cookie header)`);
          continue;
        }
        if (param.in == 'header') {
          const lower = name.toLowerCase();
          const owned = ownerHeaders.includes(lower) || credentialHeaders.includes(lower);
          if (owned || isForbiddenHeaderParam(name)) {
            const why = owned ? "the pack's headers or auth set it" : 'a view may not set that header';
            if (required && !owned) leftOut ??= `left out, it needs the header parameter "${name}", which a view may not set`;
            else notes.push(`${where}: its header parameter "${name}" is not offered (${why})`);
            continue;
          }
        } else if (param.in == 'query' && credentialQuery.includes(name)) {
          notes.push(`${where}: its query parameter "${name}" is not offered (the pack sets it from auth)`);
          continue;
        } else if (param.in != 'path' && param.in != 'query') continue;
        // Names are the view's keys: a header and a query parameter of the same name would clash.
        if (params.some((p) => p.name == name)) {
          leftOut ??= `left out, two of its parameters are named "${name}"`;
          continue;
        }
        params.push({ name, in: param.in as 'path' | 'query' | 'header', required, ...(typeof param.description == 'string' ? { description: param.description } : {}), schema: param.schema });
      }
      if (leftOut) {
        notes.push(`${where}: ${leftOut}`);
        continue;
      }
      let body: Operation['body'];
      if (isRecord(operation.requestBody)) {
        const content = isRecord(operation.requestBody.content) ? operation.requestBody.content : {};
        const picked = pickBody(content);
        if (!picked) {
          notes.push(`${where}: left out, the pack cannot write its request body (${Object.keys(content).join(', ') || 'no content'}; it writes JSON, application/x-www-form-urlencoded, multipart/form-data and text/plain)`);
          continue;
        }
        body = { required: operation.requestBody.required === true, ...picked };
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
      if (noCredentials) uncredentialed.set(noCredentials, [...(uncredentialed.get(noCredentials) ?? []), where]);
      let member = (typeof operation.operationId == 'string' && sanitizeName(operation.operationId)) || nameFromPath(method, path);
      for (let n = 2; taken.has(member); n++) member = member.replace(/\d*$/, String(n));
      taken.add(member);
      const summary = typeof operation.summary == 'string' ? operation.summary : typeof operation.description == 'string' ? operation.description : undefined;
      operations.push({
        member,
        method,
        path,
        ...(summary ? { summary } : {}),
        params,
        ...(body ? { body } : {}),
        response: responseSchema(operation),
        ...(credentials.length ? { credentials } : {}),
      });
    }
  }
  for (const [why, wheres] of uncredentialed) {
    const named = wheres.slice(0, 5).join(', ') + (wheres.length > 5 ? ` and ${wheres.length - 5} more` : '');
    notes.push(`${wheres.length == 1 ? named : `${wheres.length} operations (${named})`}: sent without credentials, which ${wheres.length == 1 ? 'its' : 'their'} security asks for: ${why}`);
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
    if (op.body) {
      const form = op.body.kind == 'form' || op.body.kind == 'multipart';
      const note = op.body.kind == 'json' ? '' : `/** ${op.body.type}${form ? ': text fields only' : ''} */ `;
      fields.push(`${note}body${op.body.required ? '' : '?'}: ${op.body.kind == 'text' ? 'string' : tsType(op.body.schema)}`);
    }
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
 * A header value a view may give: no CR or LF (a second header, or a cut request), no other control
 * character, nothing beyond Latin-1 (fetch sends bytes; anything else throws there).
 */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** The fields of a form body: an object of strings, finite numbers, booleans, or lists of them (a field repeated). */
function formFields(fn: string, body: unknown): [string, string][] | string {
  if (!isRecord(body)) return `${fn}: params.body must be an object of form fields (strings, numbers, booleans, or lists of them)`;
  const fields: [string, string][] = [];
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    // A file cannot come from a view (what crosses the port is JSON data), nor can an object.
    if (!values.every(scalar)) return `${fn}: params.body.${name.slice(0, 40)} must be a string, a number, a boolean or a list of them (a form field; no files, no objects)`;
    for (const v of values) fields.push([name, String(v)]);
  }
  return fields;
}

/**
 * Whether a path parameter's value stays the one segment the operation declares, whoever decodes
 * the URL on the way. Encoding is not enough: `..%2Fadmin` reaches the API as `..%252Fadmin` from
 * us, but a `/` or `%` a view chose is `%2F` on the wire, and a proxy that decodes it before routing
 * (many do) serves another route with the owner's key; `\` is a slash to some servers; `.` and `..`
 * stay as they are in encodeURIComponent, and URL parsing moves up the path for them.
 */
const isPathSegment = (value: string): boolean => !/[/\\%\p{Cc}]/u.test(value) && value != '.' && value != '..';

/**
 * Checks a view's `params` for `op` and builds its request under `base`. Rejects unknown keys, a
 * missing path or required parameter, values that are not strings, finite numbers or booleans
 * (or, for a query or a header, a list of them), a header value holding a line break, a control
 * character or more than Latin-1, and a body for an operation that takes none or of the wrong
 * shape for its media type (JSON: any JSON data; a form: flat fields; text: a string). The URL is
 * checked to be under `base` (same origin, same path prefix).
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
  const headers: Record<string, string> = {};
  for (const p of op.params) {
    const value = params[p.name];
    if (value === undefined || value === null) {
      if (p.required) return { ok: false, reason: `${fn}: params.${p.name} is required (a ${p.in} parameter)` };
      continue;
    }
    if (p.in == 'path') {
      if (!scalar(value) || value === '') return { ok: false, reason: `${fn}: params.${p.name} must be a non-empty string, a number or a boolean` };
      if (!isPathSegment(String(value))) return { ok: false, reason: `${fn}: params.${p.name} must stay one path segment: no /, \\, %, control characters, and not . or ..` };
      path = path.split(`{${p.name}}`).join(encodeURIComponent(String(value)));
      continue;
    }
    const values = Array.isArray(value) ? value : [value];
    if (!values.every(scalar)) return { ok: false, reason: `${fn}: params.${p.name} must be a string, a number, a boolean or a list of them` };
    if (p.in == 'query') for (const v of values) query.append(p.name, String(v));
    else {
      // OpenAPI's `simple` style: a list is its items joined by commas.
      const text = values.map(String).join(',');
      if (!HEADER_VALUE.test(text)) return { ok: false, reason: `${fn}: params.${p.name} (a header) must not contain a line break, a control character or a character beyond Latin-1` };
      if (text.length > PACK_LIMITS.headerValueChars) return { ok: false, reason: `${fn}: params.${p.name} (a header) is longer than ${PACK_LIMITS.headerValueChars} characters` };
      headers[p.name] = text;
    }
  }
  const basePath = base.pathname.replace(/\/$/, '');
  const url = new URL(base.origin + basePath + path);
  for (const [name, value] of query) url.searchParams.append(name, value);
  if (url.origin != base.origin || !url.pathname.startsWith(basePath + '/')) {
    return { ok: false, reason: `${fn}: the parameters lead outside the API's base URL` };
  }
  const request: ApiRequest = { method: op.method, url: url.href };
  if (Object.keys(headers).length) request.headers = headers;
  const body = params.body;
  if (op.body && body === undefined && op.body.required) return { ok: false, reason: `${fn}: params.body is required (${op.body.type})` };
  if (op.body && body !== undefined) {
    request.contentType = op.body.type;
    if (op.body.kind == 'json') request.body = JSON.stringify(body);
    else if (op.body.kind == 'text') {
      if (typeof body != 'string') return { ok: false, reason: `${fn}: params.body must be a string (the body is ${op.body.type})` };
      request.body = body;
    } else {
      const fields = formFields(fn, body);
      if (typeof fields == 'string') return { ok: false, reason: fields };
      if (op.body.kind == 'form') request.body = new URLSearchParams(fields).toString();
      else request.fields = fields;
    }
  }
  return { ok: true, request };
}

/** `user:password` in Basic's base64, its text as UTF-8 (RFC 7617's charset). */
const basic = (value: string) => btoa(Array.from(new TextEncoder().encode(value), (b) => String.fromCharCode(b)).join(''));

/**
 * The request with the owner's credentials added, on the host, as it is sent (never in what the
 * frame sees): headers over the view's, a query key appended (its name was not offered to views).
 */
export function withCredentials(request: ApiRequest, credentials: readonly Credential[], auth: Readonly<Record<string, string>>): ApiRequest {
  if (!credentials.length) return request;
  const url = new URL(request.url);
  const headers = { ...request.headers };
  for (const credential of credentials) {
    const value = auth[credential.scheme];
    if (value === undefined) continue;
    if (credential.in == 'query') {
      url.searchParams.set(credential.name, value);
      continue;
    }
    for (const name of Object.keys(headers)) if (name.toLowerCase() == credential.name.toLowerCase()) delete headers[name];
    headers[credential.name] = credential.format == 'bearer' ? `Bearer ${value}` : credential.format == 'basic' ? `Basic ${basic(value)}` : value;
  }
  return { ...request, url: url.href, headers };
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
  const components = isRecord(doc.components) ? doc.components : {};
  const schemes = isRecord(components.securitySchemes) ? components.securitySchemes : {};
  // A credential for a scheme the spec does not have (a typo), or cannot apply, would never be sent.
  for (const scheme of Object.keys(config.auth)) {
    const credential = credentialOf(scheme, schemes[scheme]);
    if (typeof credential == 'string') {
      const known = Object.keys(schemes);
      return { ok: false, errors: [`${config.path}.auth: ${credential}${isRecord(schemes[scheme]) ? '' : ` (the spec's schemes: ${known.length ? known.join(', ') : 'none'})`}`] };
    }
    // Sent as it is (Basic's is base64 of UTF-8), so it must be bytes fetch can send.
    if (credential.format != 'basic' && /[^\x00-\xff]/.test(config.auth[scheme]!)) return { ok: false, errors: [`${config.path}.auth[${JSON.stringify(scheme)}]: has a character beyond Latin-1, which a header or an API key cannot carry`] };
  }
  const { operations, notes } = operationsOf(doc, config.methods, config);
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
      // Only GET reads (OPENAPI_READ_METHODS); every other method changes something on the API.
      acts: !(OPENAPI_READ_METHODS as readonly string[]).includes(op.method),
      check: (args): ArgsCheck => {
        const built = buildRequest(name, op, baseUrl, args);
        return built.ok ? { ok: true, value: built.request } : built;
      },
      run: (request, signal, policy: PackPolicy) => send(withCredentials(request as ApiRequest, op.credentials ?? [], config.auth), config.headers, policy.maxResultBytes, signal),
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
