// What the visitor reads of a `bailing-form` besides the form's own words: a submitted value as the
// receipt shows it, and a validator's error in plain words, in the widget's language. Pure but for
// the browser's Intl number and date formats.

import type { FormStrings } from '../../widget/ui/i18n/form-strings';
import { fill } from '../../widget/attachments/uploads';
import type { FormError, FormValue } from './schema';
import { maxLength, type AnyField } from './fields';

/** The widget's words, with numbers and dates as its language writes them. */
export interface Speech extends FormStrings {
  num(n: number): string;
  date(value: string): string;
}

export const speech = (t: FormStrings, locale: string): Speech => ({
  ...t,
  num: (n) => new Intl.NumberFormat(locale).format(n),
  date(value) {
    try {
      return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
    } catch {
      return value;
    }
  },
});

const optionLabel = (field: AnyField, value: string) => field.options.find((o) => o.value === value)?.label ?? value;

/** What the receipt shows for a submitted value. */
export const display = (t: Speech, field: AnyField, value: FormValue | undefined): string =>
  value === undefined || value === '' || (Array.isArray(value) && !value.length)
    ? t.formUnanswered
    : typeof value == 'boolean'
      ? value ? t.formYes : t.formNo
      : Array.isArray(value)
        ? value.map((v) => optionLabel(field, v)).join(t.formListSeparator)
        : field.type == 'single_select'
          ? optionLabel(field, String(value))
          : field.type == 'date' ? t.date(String(value)) : String(value);

/** The validator's error in plain words for the visitor. */
export function explain(t: Speech, error: FormError, field: AnyField): string {
  const { type, min, max } = field;
  const { num, date } = t;
  switch (error.rule) {
    case 'required':
      return type == 'boolean' ? t.formCheck : type == 'single_select' ? t.formChooseOne : type == 'multi_select' ? t.formChooseSome : t.formRequiredField;
    case 'too-short':
      return fill(t.formTooShort, { n: num(field.minLength ?? 0) });
    case 'too-long':
      return fill(t.formTooLong, { n: num(maxLength(field)) });
    case 'range': {
      const [lo, hi] = type == 'number' ? [min, max].map((v) => v === undefined ? '' : num(v as number)) : [min && date(min as string), max && date(max as string)];
      const [range, atLeast, atMost] = type == 'number' ? [t.formNumberRange, t.formNumberMin, t.formNumberMax] : [t.formDateRange, t.formDateMin, t.formDateMax];
      return type == 'number' || type == 'date' ? fill(lo && hi ? range : lo ? atLeast : atMost, { min: lo || '', max: hi || '' }) : t.formInvalid;
    }
    case 'type':
    case 'finite':
      return type == 'number' ? t.formNumber : t.formInvalid;
    case 'date':
      return t.formDate;
    case 'control':
      return t.formControl;
    case 'option':
    case 'duplicate':
      return t.formOption;
  }
  return t.formInvalid;
}
