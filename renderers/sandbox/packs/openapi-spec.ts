// Reading the owner's OpenAPI document (openapi.ts): member names from operationIds or paths, the
// pack's default global, the request body's media type, the base URL from the spec's servers, and
// the schema of an operation's answer.

import type { OpenApiPackConfig } from './config';
import { isPackGlobalName } from './config';
import type { OpenApiBodyKind, OpenApiMethod } from './limits';

export type Json = Record<string, unknown>;
export const isRecord = (value: unknown): value is Json => value !== null && typeof value == 'object' && !Array.isArray(value);
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
export const isJsonType = (type: string) => /^application\/(?:[\w.+-]*\+)?json(?:\s*;.*)?$/i.test(type.trim());
const bareType = (type: string) => type.split(';')[0]!.trim().toLowerCase();

/** How a request body of media type `type` is written, or undefined when the pack cannot write it. */
export function bodyKindOf(type: string): OpenApiBodyKind | undefined {
  if (isJsonType(type)) return 'json';
  const bare = bareType(type);
  return bare == 'application/x-www-form-urlencoded' ? 'form' : bare == 'multipart/form-data' ? 'multipart' : bare == 'text/plain' ? 'text' : undefined;
}

/** The body the pack sends from `content`: the first of JSON, a URL-encoded form, a multipart form, plain text. */
export function pickBody(content: Json): { type: string; kind: OpenApiBodyKind; schema?: unknown } | undefined {
  const types = Object.keys(content);
  for (const kind of ['json', 'form', 'multipart', 'text'] as const) {
    const type = types.find((t) => bodyKindOf(t) == kind);
    if (type) return { type: kind == 'json' ? type.trim() : bareType(type), kind, schema: isRecord(content[type]) ? (content[type] as Json).schema : undefined };
  }
  return undefined;
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
export function responseSchema(operation: Json): unknown {
  const responses = isRecord(operation.responses) ? operation.responses : {};
  const ok = Object.keys(responses).filter((code) => /^2(?:\d\d|XX)$/i.test(code)).sort()[0];
  const content = ok && isRecord(responses[ok]) && isRecord((responses[ok] as Json).content) ? ((responses[ok] as Json).content as Json) : {};
  const type = Object.keys(content).find(isJsonType);
  if (!type) return Object.keys(content).length ? { type: 'string' } : undefined;
  return isRecord(content[type]) ? (content[type] as Json).schema : undefined;
}
