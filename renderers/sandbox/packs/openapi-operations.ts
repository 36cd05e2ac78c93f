// The operations of an OpenAPI pack (openapi.ts): which of the spec's operations become functions,
// named, with the parameters a view may give, their body and credentials, and notes on what was left out.

import type { OpenApiBodyKind, OpenApiMethod } from './limits';
import { credentialsOf, isForbiddenHeaderParam, NO_OWNER, type Credential, type PackOwner } from './openapi-credentials';
import { isRecord, nameFromPath, pickBody, responseSchema, sanitizeName, type Json } from './openapi-spec';

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
