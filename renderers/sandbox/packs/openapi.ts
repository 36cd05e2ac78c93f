// An OpenAPI pack (reference file 001's OpenAPIPack): from the owner's OpenAPI 3 document, parsed
// and dereferenced already (openapi-module.ts), one function per operation, named after its
// operationId (sanitized) or its method and path, each taking one params object (`params.<name>`
// for a path, query or header parameter, `params.body` for the request body: JSON, a form or
// text), and the `declare` docs the model is told. Pure: the spec is read in openapi-spec.ts, its
// operations listed in openapi-operations.ts and documented in openapi-docs.ts; the request a call
// makes is built by openapi-request.ts (buildRequest), the owner's credentials added to it
// (withCredentials in openapi-credentials.ts, from the spec's `securitySchemes` and the pack's
// `auth`), and it is sent by the thin shell of openapi-http.ts, by the host, only under the pack's
// base URL and with the owner's headers, which never enter the frame (the frame gets only names,
// and each call's answer).

import type { OpenApiPackConfig } from './config';
import { OPENAPI_READ_METHODS, PACK_LIMITS } from './limits';
import type { ArgsCheck, InstalledPack, PackFunction, PackPolicy } from './types';
import { credentialOf, withCredentials } from './openapi-credentials';
import { docsOf, docText } from './openapi-docs';
import { operationsOf } from './openapi-operations';
import { buildRequest, type ApiRequest, type ApiSend } from './openapi-request';
import { baseUrlOf, defaultGlobal, isRecord, type Json } from './openapi-spec';

export type OpenApiBuild = { ok: true; pack: InstalledPack; notes: string[] } | { ok: false; errors: string[] };

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
