import { describe, expect, it } from 'vitest';
import { FORM_LIMITS, isDate, isSubmissionId } from './form-spec';

describe('isDate', () => {
  it.each([
    { title: 'a plain date', input: '2023-01-31', expected: true },
    { title: 'leap day in a leap year', input: '2024-02-29', expected: true },
    { title: 'leap day in 2000', input: '2000-02-29', expected: true },
    { title: 'leap day in 1900', input: '1900-02-29', expected: false },
    { title: '30 February', input: '2023-02-30', expected: false },
    { title: '31 April', input: '2023-04-31', expected: false },
    { title: '31 of every 31-day month', input: ['01', '03', '05', '07', '08', '10', '12'].map((m) => `2023-${m}-31`), expected: true },
    { title: '31 of every 30-day month', input: ['04', '06', '09', '11'].map((m) => `2023-${m}-31`), expected: false },
    { title: 'month 13', input: '2023-13-01', expected: false },
    { title: 'year 0001', input: '0001-01-01', expected: true },
    { title: 'year 9999', input: '9999-12-31', expected: true },
    { title: 'year 0000', input: '0000-01-01', expected: false },
    { title: 'two-digit year', input: '23-01-01', expected: false },
    { title: 'five-digit year', input: '12023-01-01', expected: false },
    { title: 'a number', input: 20230101, expected: false },
  ])('$title', ({ input, expected }) => {
    for (const value of [input].flat()) expect(isDate(value)).toBe(expected);
  });
});

describe('isSubmissionId', () => {
  it.each([
    { title: '8 characters', input: 'abcdefgh', expected: true },
    { title: '64 characters', input: 'a'.repeat(64), expected: true },
    { title: 'all allowed characters', input: 'AZaz09_-', expected: true },
    { title: 'a UUID', input: '3f2a1b7c-9d4e-4f6a-8b2c-1d0e9f8a7b6c', expected: true },
    { title: '7 characters', input: 'abcdefg', expected: false },
    { title: '65 characters', input: 'a'.repeat(65), expected: false },
    { title: 'a dot', input: 'abcd.efgh', expected: false },
    { title: 'a space', input: 'abcd efgh', expected: false },
    { title: 'a trailing newline', input: 'abcdefgh\n', expected: false },
    { title: 'non-ASCII letters', input: 'abcdéfgh', expected: false },
    { title: 'a number', input: 12345678, expected: false },
    { title: 'null', input: null, expected: false },
  ])('$title', ({ input, expected }) => expect(isSubmissionId(input)).toBe(expected));
});

describe('FORM_LIMITS', () => {
  it('holds the reference limits and is frozen', () => {
    expect(FORM_LIMITS).toMatchObject({
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
      text: 500,
      textarea: 2000,
    });
    expect(Object.isFrozen(FORM_LIMITS)).toBe(true);
  });
});
