// `client_capabilities.sandbox_packs` (and the same in AG-UI's forwardedProps): the capability
// packs a page installed for its generated views, each `{name, summary, docs}` — the global a
// view calls, one line on what it does, and its TypeScript `declare` docs. The real BailingHub hub
// ignores the field (v0.3.4 reads only `renderers`); this server reads it so its agents know what
// a view may call. Pure: a 400 names a malformed field. The caps are the widget's (packs/limits.ts).
import { PACK_LIMITS } from '../../../renderers/sandbox/packs/limits';
import { isPlainObject } from '../http/fields';
import { badRequest } from '../http/http-error';
import { checkPackDocsBytes } from './model-budget';

export interface SandboxPackLine {
  name: string;
  summary: string;
  docs: string;
}

/** A view's global: an identifier, as packs/config.ts makes them. */
const PACK_NAME = /^[A-Za-z_$][\w$]{0,63}$/;

export function parseSandboxPacks(capabilities: unknown, where = 'client_capabilities'): SandboxPackLine[] {
  if (!isPlainObject(capabilities) || capabilities.sandbox_packs === undefined || capabilities.sandbox_packs === null) return [];
  const list = capabilities.sandbox_packs;
  const path = `${where}.sandbox_packs`;
  if (!Array.isArray(list)) throw badRequest('invalid_field', `"${path}" must be an array.`);
  if (list.length > PACK_LIMITS.packs) throw badRequest('invalid_field', `"${path}" must list at most ${PACK_LIMITS.packs} packs.`);
  const lines = list.map((line: unknown, i): SandboxPackLine => {
    const at = `${path}[${i}]`;
    if (!isPlainObject(line)) throw badRequest('invalid_field', `"${at}" must be an object {name, summary, docs}.`);
    const { name, summary, docs } = line;
    if (typeof name != 'string' || !PACK_NAME.test(name)) throw badRequest('invalid_field', `"${at}.name" must be a JavaScript identifier.`);
    if (typeof summary != 'string' || summary.length > PACK_LIMITS.summaryChars) throw badRequest('invalid_field', `"${at}.summary" must be a string of at most ${PACK_LIMITS.summaryChars} characters.`);
    if (docs !== undefined && (typeof docs != 'string' || docs.length > PACK_LIMITS.docsChars)) throw badRequest('invalid_field', `"${at}.docs" must be a string of at most ${PACK_LIMITS.docsChars} characters.`);
    return { name, summary, docs: (docs as string | undefined) ?? '' };
  });
  // Each pack within its caps can still add up to 16 × 6000 characters for the model to read.
  checkPackDocsBytes(lines, path);
  return lines;
}
