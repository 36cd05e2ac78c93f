// A renderer definition as the registry takes it: each field read once and checked, the defaults
// filled in, a frozen copy kept; what is wrong is said in words. And the cleanup a renderer gave
// back, run once without letting its failure escape.
import type { RendererDefinition } from '../types';
import { RENDERER_TYPE_PATTERN as RENDERER_TYPE } from '../contract';

export const DEFAULT_MAX_PAYLOAD_BYTES = 65_536;
/** No definition may raise a block's budget past this: the model controls the block's size. */
export const MAX_PAYLOAD_BYTES = 262_144;
const MAX_LABEL_LENGTH = 80;
const CONTENT_TYPES: readonly unknown[] = ['application/json', 'text/plain'];
const DEFINITION_KEYS: readonly string[] = ['type', 'version', 'label', 'contentType', 'maxPayloadBytes', 'mount', 'preview'];

/** A registered definition: a frozen copy with every default filled in. */
export type RegisteredRenderer = Readonly<Required<Omit<RendererDefinition, 'label' | 'preview'>> & Pick<RendererDefinition, 'label' | 'preview'>>;

export const why = (e: unknown): string => (e instanceof Error ? e.message : typeof e == 'string' ? e : typeof e);

/** A value for a warning, without calling into host objects. */
export const show = (v: unknown): string =>
  typeof v == 'string'
    ? v.length > 64 ? `a string of ${v.length} characters` : JSON.stringify(v)
    : v === null || typeof v == 'number' || typeof v == 'boolean' ? String(v) : typeof v;

/** The definition `d` as registered, with the object `mount` is called on; undefined (each problem warned) when it is not one. */
export const readDefinition = (d: unknown, warn: (message: string) => void) => {
  if (!d || typeof d != 'object') return void warn(`registerRenderer: the definition must be an object (got ${show(d)})`);
  const o = d as Record<string, unknown>;
  const { type, version = 1, label, contentType = 'application/json', maxPayloadBytes = DEFAULT_MAX_PAYLOAD_BYTES, mount, preview } = o;
  const bad: string[] = [];
  const need = (valid: boolean, key: string, rule: string, got: unknown) =>
    valid || bad.push(`registerRenderer: "${key}" must ${rule} (got ${show(got)})`);
  const int = (v: unknown, min: number, max: number) => Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max;
  need(typeof type == 'string' && RENDERER_TYPE.test(type), 'type', 'match ' + RENDERER_TYPE.source, type);
  need(int(version, 1, Number.MAX_SAFE_INTEGER), 'version', 'be a positive integer', version);
  need(label === undefined || (typeof label == 'string' && label.length <= MAX_LABEL_LENGTH), 'label', `be a string of at most ${MAX_LABEL_LENGTH} characters`, label);
  need(CONTENT_TYPES.includes(contentType), 'contentType', 'be "application/json" or "text/plain"', contentType);
  need(int(maxPayloadBytes, 1, MAX_PAYLOAD_BYTES), 'maxPayloadBytes', `be an integer from 1 to ${MAX_PAYLOAD_BYTES}`, maxPayloadBytes);
  need(typeof mount == 'function', 'mount', 'be a function', mount);
  need(preview === undefined || typeof preview == 'function', 'preview', 'be a function when given', preview);
  for (const k of Object.keys(o)) if (!DEFINITION_KEYS.includes(k)) warn(`registerRenderer: unknown key ${show(k)} ignored`);
  bad.forEach((m) => warn(m));
  if (bad.length) return;
  const def = { type, version, contentType, maxPayloadBytes, mount, ...(label === undefined ? {} : { label }), ...(preview ? { preview } : {}) };
  return { def: Object.freeze(def) as RegisteredRenderer, self: o };
};

/** Runs a renderer's cleanup (a function, or an object with `destroy`); a failure, also an async one, is warned. */
export const runCleanup = (warn: (message: string) => void, type: string, c: unknown) => {
  try {
    const r: unknown =
      typeof c == 'function' ? c() : c && typeof (c as { destroy?: unknown }).destroy == 'function' ? (c as { destroy(): unknown }).destroy() : 0;
    // An async cleanup's rejection is reported, not left unhandled.
    if (r && typeof (r as PromiseLike<unknown>).then == 'function') Promise.resolve(r).catch((e) => warn(`renderer "${type}" cleanup failed: ${why(e)}`));
  } catch (e) {
    warn(`renderer "${type}" cleanup failed: ${why(e)}`);
  }
};
