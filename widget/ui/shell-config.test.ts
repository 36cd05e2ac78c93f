// Which config colours the shell takes (shell-config.ts): plain hex only, never other CSS.
import { describe, expect, it } from 'vitest';
import { isCssColor } from './shell-config';

describe('isCssColor', () => {
  const cases: [unknown, boolean][] = [
    ['#fff', true],
    ['#A1b2C3', true],
    ['#ffff', false],
    ['#ggg', false],
    ['fff', false],
    ['red', false],
    ['#fff;background:url(x)', false],
    ['var(--x)', false],
    [' #fff', false],
    ['', false],
    [0xffffff, false],
    [null, false],
  ];
  it.each(cases)('%j → %s', (value, expected) => {
    expect(isCssColor(value)).toBe(expected);
  });
});
