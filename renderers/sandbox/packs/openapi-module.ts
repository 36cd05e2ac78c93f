// Entry of openapi.js (widget/modules.ts, EXTERNAL): the OpenAPI packs' parser and client,
// fetched by packs.js only when the owner installs an OpenAPI pack (the parser is most of the
// cost: README, sizes). The owner's document is parsed and validated as OpenAPI 3 by
// @scalar/openapi-parser (JSON or YAML text, or an object), its local `$ref`s resolved; an
// external `$ref` is an error (the parser fetches nothing: no plugin is given it).

import { validate } from '@scalar/openapi-parser';
import type { OpenApiPackConfig } from './config';
import { buildOpenApiPack } from './openapi';
import type { ApiSend } from './openapi-request';
import { httpSender } from './openapi-http';
import type { InstalledPack } from './types';

/** Validation errors named at most, each one line. */
const MAX_ERRORS = 3;

/** Parses the owner's spec and builds the pack; every problem names the pack's field. */
export async function openApiPack(
  config: OpenApiPackConfig,
  env: { pageUrl: string; send?: ApiSend },
): Promise<{ ok: true; pack: InstalledPack; notes: string[] } | { ok: false; errors: string[] }> {
  const where = `${config.path}.spec`;
  let input: unknown = config.spec;
  let result: Awaited<ReturnType<typeof validate>>;
  try {
    // The parser fills in what it finds missing: it works on a copy, not the owner's object.
    if (typeof input != 'string') input = structuredClone(input);
    result = await validate(input as Parameters<typeof validate>[0]);
  } catch (error) {
    const why = error instanceof DOMException ? 'it is not JSON data (a function or a DOM object in it?)' : error instanceof Error ? error.message.split('\n')[0]! : String(error);
    return { ok: false, errors: [`${where}: cannot be read as an OpenAPI document: ${why}`] };
  }
  if (!result.valid) {
    const errors = result.errors.slice(0, MAX_ERRORS).map((e) => `${[e.path].flat().join('') || '/'}: ${e.message}`);
    return { ok: false, errors: [`${where}: not a valid OpenAPI document: ${errors.join('; ')}${result.errors.length > MAX_ERRORS ? ` (and ${result.errors.length - MAX_ERRORS} more)` : ''}`] };
  }
  if (!String(result.version).startsWith('3')) return { ok: false, errors: [`${where}: must be OpenAPI 3 (this is ${result.version == '2.0' ? 'Swagger 2.0' : `version ${result.version}`})`] };
  return buildOpenApiPack(result.schema as Record<string, unknown>, config, env.pageUrl, env.send ?? httpSender());
}
