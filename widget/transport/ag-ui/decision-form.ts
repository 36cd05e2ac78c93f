// An interrupt's `responseSchema` (JSON Schema) as a `bailing-form` payload, so an edit is made
// with the form renderer's own controls and checked by its own validator. Pure. Only the flat
// shapes a form can show are taken (strings, numbers, booleans, enums, arrays of enums); an
// object of them is unfolded one level. Anything else means no form: the card offers approve and
// reject only.

type Schema = Record<string, unknown>;
const isRecord = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The key of the demo's and the AG-UI guide's edit payload: the tool's replacement arguments. */
const EDITED = 'editedArgs';
/** bailing-form allows 12 fields and 50 options; a schema beyond that is not a form. */
const MAX_FIELDS = 12;
const MAX_OPTIONS = 50;

export interface DecisionForm {
  /** The `bailing-form` payload. */
  form: Record<string, unknown>;
  /** Field id → the path of the value in the answer (`['editedArgs', 'to']`). */
  paths: Record<string, string[]>;
  /** `edit`: the values replace the tool's arguments (empty fields keep theirs). `answer`: the values are the payload. */
  kind: 'edit' | 'answer';
}

const label = (key: string, s: Schema) => (typeof s.title === 'string' && s.title.trim() ? s.title.trim() : key).slice(0, 80);

/** One form field from one property, or null when a form cannot show it. */
function field(key: string, s: Schema, current: unknown, required: boolean): Record<string, unknown> | null {
  const base: Record<string, unknown> = { label: label(key, s) };
  if (typeof s.description === 'string' && s.description.trim()) base.description = s.description.trim().slice(0, 200);
  // The value the tool would run with, shown where the visitor types (an empty field keeps it).
  if (current !== undefined && current !== null && typeof current !== 'object') base.placeholder = String(current).slice(0, 120);
  if (required && current === undefined) base.required = true;
  const type = s.type;
  if (Array.isArray(s.enum) && s.enum.length && s.enum.length <= MAX_OPTIONS && s.enum.every((v) => typeof v === 'string')) {
    return { ...base, type: 'single_select', options: (s.enum as string[]).map((v) => ({ label: v.slice(0, 80), value: v.slice(0, 120) })) };
  }
  if (type === 'string') {
    const max = typeof s.maxLength === 'number' ? Math.floor(s.maxLength) : undefined;
    const long = max !== undefined && max > 500;
    return { ...base, type: long ? 'textarea' : 'text', ...(max ? { maxLength: Math.min(max, long ? 2000 : 500) } : {}) };
  }
  if (type === 'number' || type === 'integer') {
    const min = typeof s.minimum === 'number' ? s.minimum : undefined;
    const max = typeof s.maximum === 'number' ? s.maximum : undefined;
    return { ...base, type: 'number', ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
  }
  if (type === 'boolean') return { ...base, type: 'boolean', required: false };
  if (type === 'array' && isRecord(s.items) && Array.isArray(s.items.enum) && s.items.enum.length <= MAX_OPTIONS && s.items.enum.every((v) => typeof v === 'string')) {
    return { ...base, type: 'multi_select', options: (s.items.enum as string[]).map((v) => ({ label: v.slice(0, 80), value: v.slice(0, 120) })) };
  }
  return null;
}

/**
 * The edit form of an interrupt, or null when its schema has none a form can show. `args` is
 * the tool call's current arguments (placeholders, and the values an empty field keeps).
 */
export function decisionForm(schema: unknown, args: Record<string, unknown>, title: string): DecisionForm | null {
  if (!isRecord(schema) || schema.type !== 'object' || !isRecord(schema.properties)) return null;
  // `{approved, editedArgs: {…}}`: the form is the arguments' (approval is the card's buttons).
  const edited = schema.properties[EDITED];
  const [kind, props, prefix, required] = isRecord(edited) && edited.type === 'object' && isRecord(edited.properties)
    ? (['edit', edited.properties, [EDITED], edited.required] as const)
    : (['answer', schema.properties, [], schema.required] as const);
  const req = new Set(Array.isArray(required) ? required.filter((r): r is string => typeof r === 'string') : []);
  const fields: Record<string, unknown> = {};
  const paths: Record<string, string[]> = {};
  for (const [key, s] of Object.entries(props)) {
    if (!isRecord(s)) return null;
    // An answer form's own approval flag is the card's Approve button, not a field.
    if (kind === 'answer' && key === 'approved' && s.type === 'boolean') continue;
    const f = field(key, s, kind === 'edit' ? args[key] : undefined, req.has(key));
    if (!f) return null;
    const id = `f${Object.keys(fields).length}`;
    fields[id] = f;
    paths[id] = [...prefix, key];
  }
  const count = Object.keys(fields).length;
  if (count === 0 || count > MAX_FIELDS) return null;
  return {
    form: { version: 1, form_id: 'agui-edit', title: title.slice(0, 80) || 'Edit', schema: fields, submit_label: 'Approve', cancel_label: 'Cancel' },
    paths,
    kind,
  };
}

/** The edited arguments (or the answer) from the form's values: an empty field keeps the current value. */
export function decisionValues(form: DecisionForm, values: Record<string, unknown>, args: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = form.kind === 'edit' ? { ...args } : {};
  for (const [id, path] of Object.entries(form.paths)) {
    const value = values[id];
    if (value === undefined || value === '' || (Array.isArray(value) && !value.length)) continue;
    out[path[path.length - 1]!] = value;
  }
  return out;
}
