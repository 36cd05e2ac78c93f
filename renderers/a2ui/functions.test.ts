// The 14 functions of the basic catalog, in tables, in more than one language.
import { describe, expect, it } from 'vitest';
import { FUNCTIONS, safePattern } from './functions';
import { formatDate } from './format-date';

const en = { locale: 'en-US', timeZone: 'UTC' };
const de = { locale: 'de-DE', timeZone: 'UTC' };

describe('checks', () => {
  it.each<[string, Record<string, unknown>, boolean]>([
    ['required', { value: 'x' }, true],
    ['required', { value: '' }, false],
    ['required', { value: [] }, false],
    ['required', { value: null }, false],
    ['required', { value: undefined }, false],
    ['required', { value: 0 }, true],
    ['required', { value: false }, true],
    ['regex', { value: '12345', pattern: '^[0-9]{5}$' }, true],
    ['regex', { value: '1234', pattern: '^[0-9]{5}$' }, false],
    ['regex', { value: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!', pattern: '^(a+)+$' }, false],
    ['regex', { value: 'x', pattern: '(' }, false],
    ['length', { value: 'abc', min: 2, max: 3 }, true],
    ['length', { value: 'abcd', max: 3 }, false],
    ['length', { value: '😀😀', max: 2 }, true],
    ['numeric', { value: 5, min: 1, max: 10 }, true],
    ['numeric', { value: '11', max: 10 }, false],
    ['numeric', { value: 'abc', min: 0 }, false],
    ['email', { value: 'ada@example.com' }, true],
    ['email', { value: 'ada@example' }, false],
    ['email', { value: 'a b@example.com' }, false],
    ['and', { values: [true, true] }, true],
    ['and', { values: [true, false] }, false],
    ['or', { values: [false, true] }, true],
    ['or', { values: [false, false] }, false],
    ['not', { value: true }, false],
    ['not', { value: false }, true],
  ])('%s(%j) → %j', (name, args, out) => expect(FUNCTIONS[name as keyof typeof FUNCTIONS](args, en)).toBe(out));
});

describe('safePattern refuses what could backtrack for ever', () => {
  it.each<[string, boolean]>([
    ['^[0-9]{5}$', true],
    ['^\\d{10}$', true],
    ['^(a|b)$', true],
    ['^(a+)+$', false],
    ['(x*)*y', false],
    ['(\\w+\\s?){3,}', false],
    ['(a)\\1', false],
    ['x'.repeat(201), false],
  ])('%j → %j', (pattern, ok) => expect(safePattern(pattern) !== null).toBe(ok));
});

describe('formatting with Intl', () => {
  it.each<[string, Record<string, unknown>, typeof en, string]>([
    ['formatNumber', { value: 1234567.891 }, en, '1,234,567.891'],
    ['formatNumber', { value: 1234567.891, decimals: 2 }, en, '1,234,567.89'],
    ['formatNumber', { value: 1234567.891, decimals: 0, grouping: false }, en, '1234568'],
    ['formatNumber', { value: 1234.5, decimals: 1 }, de, '1.234,5'],
    ['formatNumber', { value: 'abc' }, en, ''],
    ['formatCurrency', { value: 5.5, currency: 'USD' }, en, '$5.50'],
    ['formatCurrency', { value: 5.5, currency: 'eur' }, de, '5,50 €'],
    ['formatCurrency', { value: 1200, currency: 'JPY', grouping: false }, en, '¥1200'],
    ['formatCurrency', { value: 3, currency: 'not a code' }, en, '3'],
    ['pluralize', { value: 1, one: 'item', other: 'items' }, en, 'item'],
    ['pluralize', { value: 3, one: 'item', other: 'items' }, en, 'items'],
    ['pluralize', { value: 0, zero: 'none', one: 'item', other: 'items' }, en, 'none'],
    ['pluralize', { value: 2, one: 'x', other: 'y' }, { locale: 'ar', timeZone: 'UTC' }, 'y'],
    ['pluralize', { value: 2, two: 'اثنان', other: 'y' }, { locale: 'ar', timeZone: 'UTC' }, 'اثنان'],
  ])('%s(%j) in %j → %j', (name, args, env, out) => expect(String(FUNCTIONS[name as keyof typeof FUNCTIONS](args, env)).replace(/\u00a0/g, ' ')).toBe(out));

  it('openUrl does nothing as a value (opening is the action’s, in a gesture)', () => expect(FUNCTIONS.openUrl({ url: 'https://example.com' }, en)).toBeUndefined());
});

describe('formatDate (TR35 patterns)', () => {
  const when = '2026-01-16T14:30:05Z';
  it.each<[unknown, string, typeof en, string]>([
    [when, 'yyyy-MM-dd', en, '2026-01-16'],
    [when, 'MMM dd, yyyy', en, 'Jan 16, 2026'],
    [when, 'MMMM d', en, 'January 16'],
    [when, 'EEEE', en, 'Friday'],
    [when, 'E', en, 'Fri'],
    [when, 'HH:mm:ss', en, '14:30:05'],
    [when, 'h:mm a', en, '2:30 PM'],
    [when, "yy 'at' HH 'o''clock'", en, "26 at 14 o'clock"],
    [when, 'EEEE d MMMM', de, 'Freitag 16 Januar'],
    [when, 'HH:mm', { locale: 'en', timeZone: 'Asia/Tokyo' }, '23:30'],
    ['2026-03-01', 'd MMM', en, '1 Mar'],
    [Date.UTC(2026, 0, 2), 'dd/MM', en, '02/01'],
    ['not a date', 'yyyy', en, ''],
    [undefined, 'yyyy', en, ''],
  ])('%j as %j in %j → %j', (value, pattern, env, out) => expect(formatDate(value, pattern, env)).toBe(out));
});
