import { describe, expect, it } from 'vitest';
import { FORM_EN } from '../../widget/ui/i18n/form-strings';
import type { FormError, FormValue } from './schema';
import type { AnyField } from './fields';
import { display, explain, speech } from './visitor-text';

const s = speech(FORM_EN, 'en');
const options = [
  { label: 'Red', value: 'red' },
  { label: 'Blue', value: 'blue' },
];
const field = (type: AnyField['type'], extra: Record<string, unknown> = {}) => ({ type, label: 'F', options, ...extra }) as AnyField;
const error = (rule: FormError['rule']): FormError => ({ path: 'f', rule, message: '' });

describe('display', () => {
  it.each<[string, AnyField, FormValue | undefined, string]>([
    ['absent', field('text'), undefined, 'Not answered'],
    ['empty text', field('text'), '', 'Not answered'],
    ['no options picked', field('multi_select'), [], 'Not answered'],
    ['true', field('boolean'), true, 'Yes'],
    ['false', field('boolean'), false, 'No'],
    ['picked options, by label', field('multi_select'), ['blue', 'red'], 'Blue, Red'],
    ['an option no longer listed', field('multi_select'), ['green'], 'green'],
    ['a single choice, by label', field('single_select'), 'red', 'Red'],
    ['a date, in the language', field('date'), '2024-06-01', 'Jun 1, 2024'],
    ['a number', field('number'), 1234.5, '1234.5'],
    ['text', field('textarea'), 'Hi\nthere', 'Hi\nthere'],
  ])('%s', (_, f, value, shown) => expect(display(s, f, value)).toBe(shown));

  it('leaves a date the language cannot format as it came', () => {
    expect(display(s, field('date'), 'not-a-date')).toBe('not-a-date');
  });
});

describe('explain', () => {
  it.each<[string, AnyField, FormError['rule'], string]>([
    ['a required box', field('boolean'), 'required', FORM_EN.formCheck],
    ['a required choice', field('single_select'), 'required', FORM_EN.formChooseOne],
    ['a required multiple choice', field('multi_select'), 'required', FORM_EN.formChooseSome],
    ['a required text', field('text'), 'required', FORM_EN.formRequiredField],
    ['too short', field('text', { minLength: 3 }), 'too-short', 'Enter at least 3 characters.'],
    ['too long, its own cap', field('text', { maxLength: 1000 }), 'too-long', 'Enter at most 500 characters.'],
    ['too long, the textarea cap', field('textarea'), 'too-long', 'Enter at most 2,000 characters.'],
    ['a number range', field('number', { min: 1, max: 1000 }), 'range', 'Enter a number from 1 to 1,000.'],
    ['a number minimum', field('number', { min: 0.5 }), 'range', 'Enter a number of at least 0.5.'],
    ['a number maximum', field('number', { max: 5 }), 'range', 'Enter a number of at most 5.'],
    ['a date range', field('date', { min: '2024-01-01', max: '2024-12-31' }), 'range', 'Choose a date from Jan 1, 2024 to Dec 31, 2024.'],
    ['a date minimum', field('date', { min: '2024-01-01' }), 'range', 'Choose a date on or after Jan 1, 2024.'],
    ['a range on another type', field('text'), 'range', FORM_EN.formInvalid],
    ['not a number', field('number'), 'type', FORM_EN.formNumber],
    ['not finite', field('number'), 'finite', FORM_EN.formNumber],
    ['a wrong type elsewhere', field('text'), 'type', FORM_EN.formInvalid],
    ['not a date', field('date'), 'date', FORM_EN.formDate],
    ['a control character', field('text'), 'control', FORM_EN.formControl],
    ['not an option', field('single_select'), 'option', FORM_EN.formOption],
    ['a repeated option', field('multi_select'), 'duplicate', FORM_EN.formOption],
    ['any other rule', field('text'), 'markup', FORM_EN.formInvalid],
  ])('%s', (_, f, rule, words) => expect(explain(s, error(rule), f)).toBe(words));
});
