import { describe, expect, it } from 'vitest';
import { validateForm, validateValues } from '../../../renderers/bailing-form/schema';
import { decisionForm, decisionValues } from './decision-form';

const INVOICE = {
  type: 'object',
  properties: {
    approved: { type: 'boolean', title: 'Send the invoice' },
    editedArgs: {
      type: 'object',
      properties: {
        to: { type: 'string', format: 'email', title: 'Send to', maxLength: 200 },
        amount: { type: 'number', title: 'Amount', exclusiveMinimum: 0, maximum: 100000 },
        currency: { type: 'string', title: 'Currency', enum: ['EUR', 'USD', 'GBP'] },
        note: { type: 'string', title: 'Note', maxLength: 1000 },
      },
      required: ['to', 'amount', 'currency'],
    },
  },
  required: ['approved'],
};
const ARGS = { to: 'billing@example.com', amount: 120, currency: 'EUR', note: 'Consulting' };

describe('decisionForm', () => {
  it('an {approved, editedArgs} schema: the arguments become a bailing-form the form validator accepts, with the current values as placeholders', () => {
    const form = decisionForm(INVOICE, ARGS, 'send_invoice')!;
    expect(form.kind).toBe('edit');
    const check = validateForm(form.form);
    expect(check.ok ? [] : check.errors).toEqual([]);
    expect(Object.values(form.form.schema as object)).toEqual([
      { label: 'Send to', placeholder: 'billing@example.com', type: 'text', maxLength: 200 },
      { label: 'Amount', placeholder: '120', type: 'number', max: 100000 },
      { label: 'Currency', placeholder: 'EUR', type: 'single_select', options: ['EUR', 'USD', 'GBP'].map((v) => ({ label: v, value: v })) },
      { label: 'Note', placeholder: 'Consulting', type: 'textarea', maxLength: 1000 },
    ]);
    expect(Object.values(form.paths)).toEqual([['editedArgs', 'to'], ['editedArgs', 'amount'], ['editedArgs', 'currency'], ['editedArgs', 'note']]);
  });

  it('the edited arguments: typed values replace, empty fields keep the current value', () => {
    const form = decisionForm(INVOICE, ARGS, 'send_invoice')!;
    const values = { f0: '', f1: 99.5, f3: 'Two days' };
    const checked = validateForm(form.form);
    if (!checked.ok) throw new Error(checked.errors.map((e) => e.message).join('; '));
    // What the visitor typed passes the form's own value checks (an empty field is allowed).
    expect(validateValues(checked.form, values)).toMatchObject({ ok: true });
    expect(decisionValues(form, values, ARGS)).toEqual({ to: 'billing@example.com', amount: 99.5, currency: 'EUR', note: 'Two days' });
  });

  it('a plain input schema is an answer form; its own approval flag is left to the card', () => {
    const form = decisionForm({ type: 'object', properties: { approved: { type: 'boolean' }, reason: { type: 'string', title: 'Why' }, tags: { type: 'array', items: { enum: ['a', 'b'] } } }, required: ['reason'] }, {}, 'Ask')!;
    expect(form.kind).toBe('answer');
    expect(validateForm(form.form).ok).toBe(true);
    expect(Object.values(form.form.schema as object).map((f: { type: string; required?: boolean }) => [f.type, f.required ?? false])).toEqual([['text', true], ['multi_select', false]]);
    expect(decisionValues(form, { f0: 'late', f1: ['b'] }, {})).toEqual({ reason: 'late', tags: ['b'] });
  });

  it.each<[string, unknown]>([
    ['not an object schema', { type: 'string' }],
    ['a nested object the form cannot show', { type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'object' } } } } }],
    ['no properties', { type: 'object', properties: {} }],
    ['more fields than a form has', { type: 'object', properties: Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`p${i}`, { type: 'string' }])) }],
    ['a value type a form has no control for', { type: 'object', properties: { when: { type: 'null' } } }],
  ])('%s: no form (approve and reject only)', (_, schema) => {
    expect(decisionForm(schema, {}, 'x')).toBeNull();
  });
});
