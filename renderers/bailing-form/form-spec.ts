// The `bailing-form` v1 format (reference 004 "Built-in bailing-form v1", DESIGN.md §8.1): its
// limits, id patterns and types, the errors its checks report, and the two value formats (dates,
// submission ids) that both checks and the widget test. Pure: no DOM, no Node APIs.

/** Every limit the validator applies, in one place. Lengths are in code points, sizes in UTF-8 bytes. */
export const FORM_LIMITS = Object.freeze({
  /** The fenced source of a form, and the serialized submitted values. */
  sourceBytes: 32768,
  valuesBytes: 32768,
  minFields: 1,
  maxFields: 12,
  minOptions: 1,
  maxOptions: 50,
  title: 80,
  label: 80,
  description: 300,
  fieldDescription: 200,
  placeholder: 120,
  buttonLabel: 32,
  optionLabel: 80,
  optionValue: 120,
  /** The highest `maxLength` a `text` / `textarea` field may set, and its length when it sets none. */
  text: 500,
  textarea: 2000,
  /** Errors reported at most, so a hostile 32 KiB payload cannot produce megabytes of log. */
  errors: 50,
});

/** Form ids (`form_id`) and field ids (the keys of `schema`). */
export const FORM_ID_PATTERN = /^[a-z][a-z0-9_-]{0,63}$/;
/** A `submission_id`, reused when a submission is retried so the server can deduplicate it. */
export const SUBMISSION_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export type FieldType = 'text' | 'textarea' | 'number' | 'date' | 'boolean' | 'single_select' | 'multi_select';

interface FieldBase {
  label: string;
  description?: string;
  placeholder?: string;
  required?: boolean;
}
export interface TextFieldSpec extends FieldBase {
  type: 'text' | 'textarea';
  minLength?: number;
  maxLength?: number;
}
export interface NumberFieldSpec extends FieldBase {
  type: 'number';
  min?: number;
  max?: number;
}
export interface DateFieldSpec extends FieldBase {
  type: 'date';
  /** `YYYY-MM-DD` */
  min?: string;
  max?: string;
}
export interface BooleanFieldSpec extends FieldBase {
  type: 'boolean';
}
export interface FormOption {
  label: string;
  value: string;
}
export interface SelectFieldSpec extends FieldBase {
  type: 'single_select' | 'multi_select';
  options: FormOption[];
}
export type FieldSpec = TextFieldSpec | NumberFieldSpec | DateFieldSpec | BooleanFieldSpec | SelectFieldSpec;

export interface FormSpec {
  version: 1;
  form_id: string;
  title: string;
  description?: string;
  /** Field id → field, in display order. */
  schema: Record<string, FieldSpec>;
  submit_label?: string;
  cancel_label?: string;
}

export type FormValue = string | number | boolean | string[];

/** What a {@link FormError} broke. */
export type FormRule =
  | 'json' // not JSON (or not serializable)
  | 'size' // source or values above their byte cap
  | 'type' // wrong JSON type: a nested object, an array, a number where a string belongs…
  | 'unknown-key'
  | 'missing' // a required key of the form is absent
  | 'version'
  | 'id'
  | 'field-type'
  | 'count' // fields or options
  | 'cap' // a field's minLength / maxLength above its type's cap
  | 'range' // a limit below its minimum or above the other limit; a value out of range
  | 'date'
  | 'finite'
  | 'duplicate'
  | 'empty'
  | 'too-long'
  | 'too-short'
  | 'control'
  | 'fence'
  | 'markup'
  | 'credential'
  | 'required' // a required value is absent or empty, or a required boolean unchecked
  | 'option'; // a value that is not one of the field's options

/**
 * `path` is dotted (`schema.method.options[1].value`; `''` for the whole form, or for the values
 * object); `message` is `path: reason` (`form: reason` when the path is empty), e.g.
 * `schema.email.maxLength: above the cap of 500`.
 */
export interface FormError {
  path: string;
  rule: FormRule;
  message: string;
}

export type FormCheck = { ok: true; form: FormSpec } | { ok: false; errors: FormError[] };
export type ValuesCheck = { ok: true; values: Record<string, FormValue> } | { ok: false; errors: FormError[] };

/** A real calendar date in the fixed `YYYY-MM-DD` format (years 0001–9999): "2023-02-30" is not. */
export function isDate(value: unknown): value is string {
  const match = typeof value == 'string' && /^(\d{4})-(\d\d)-(\d\d)$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const days = month == 2 ? (year % 4 || (year % 100 == 0 && year % 400) ? 28 : 29) : 30 + ((month + (month >> 3)) & 1);
  return year > 0 && month > 0 && month < 13 && day > 0 && day <= days;
}

/** Whether `id` can be a `submission_id` (`[A-Za-z0-9_-]{8,64}`). */
export const isSubmissionId = (id: unknown): id is string => typeof id == 'string' && SUBMISSION_ID_PATTERN.test(id);
