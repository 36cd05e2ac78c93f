import { describe, expect, it } from 'vitest';
import { SANDBOX_FIELD_ORDER, validateSandboxProps } from '../../../renderers/sandbox/policy';
import { BILL_ANSWER, BILL_VIEW, CALCULATOR_ANSWER, CALCULATOR_VIEW, CONVERTER_ANSWER, CONVERTER_VIEW, NO_KIT_ANSWER, demoSandboxAnswer } from './demo-sandbox';
import { pickDemoScenario } from '../agents/demo-agent';

describe('the demo sandbox views', () => {
  it.each([
    ['calculator', CALCULATOR_VIEW],
    ['unit converter', CONVERTER_VIEW],
  ])('the %s passes the props validator, its fields in the field order', (_name, view) => {
    expect(validateSandboxProps(view)).toMatchObject({ ok: true });
    expect(Object.keys(view)).toEqual(SANDBOX_FIELD_ORDER.filter((key) => key != 'jsx'));
  });

  it('the bill splitter is a jsx view that passes the props validator, its fields in the field order', () => {
    expect(validateSandboxProps(BILL_VIEW)).toMatchObject({ ok: true });
    expect(Object.keys(BILL_VIEW)).toEqual(SANDBOX_FIELD_ORDER.filter((key) => !['html', 'jsFunctions', 'jsExpressions'].includes(key)));
  });

  it('answers "bill" with the jsx view only where the client has a kit, and says why not elsewhere', () => {
    expect(demoSandboxAnswer('split the bill', 'Acme kit: Card, Field, Button')).toBe(BILL_ANSWER);
    expect(demoSandboxAnswer('split the bill')).toBe(NO_KIT_ANSWER);
    expect(demoSandboxAnswer(JSON.stringify({ text: 'x', view: 'bill-splitter', people: 2, share: 48.59 }))).toContain('**48.59**');
  });

  it('answers "calculator" and "unit converter", and a view\'s send; nothing else', () => {
    expect(demoSandboxAnswer('show me a calculator please')).toBe(CALCULATOR_ANSWER);
    expect(demoSandboxAnswer('a unit converter')).toBe(CONVERTER_ANSWER);
    expect(demoSandboxAnswer(JSON.stringify({ text: 'Please explain', view: 'calculator', expression: '1+1', result: 2 }))).toContain('**1+1 = 2**');
    expect(demoSandboxAnswer('hello')).toBeNull();
    expect(demoSandboxAnswer('{not json')).toBeNull();
    expect(pickDemoScenario('hello', false)).toBe('hello');
  });
});
