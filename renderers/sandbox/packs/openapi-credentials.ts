// The owner's credentials for an OpenAPI pack (openapi.ts): how the spec's `securitySchemes` are
// applied from the pack's `auth`, which an operation needs, and the request with them added on the
// host as it is sent. Also the header names a view's parameter may not set.

import { FORBIDDEN_HEADER_PARAMS } from './limits';
import type { ApiRequest } from './openapi-request';
import { isRecord, type Json } from './openapi-spec';
import { HEADER_NAME } from '../../../widget/embed/header-name';

/** One credential the host applies: the value of `auth[scheme]`, as a header or a query parameter. */
export interface Credential {
  readonly scheme: string;
  readonly in: 'header' | 'query';
  readonly name: string;
  /** `raw`: the value as it is (apiKey); `bearer`: `Bearer <value>`; `basic`: `Basic <base64 of value>`. */
  readonly format: 'raw' | 'bearer' | 'basic';
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
export const NO_OWNER: PackOwner = { headers: {}, auth: {} };

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
