import { describe, expect, it } from 'vitest';
import { CSS_LOADS, CSS_SCRIPT_HOOKS, cssLoader } from './css-policy';

const E = 'https://attacker.example/x';
const matchesAsWritten = (css: string) => [...CSS_LOADS, ...CSS_SCRIPT_HOOKS].some(([, pattern]) => pattern.test(css));

describe('cssLoader', () => {
  // Each is a load a filter of the written text misses: the first check shows it does miss it.
  const escaped: [string, string, string][] = [
    ['a hex escape', `background:\\75rl(${E})`, 'url()'],
    ['six hex digits', `background:\\000075rl(${E})`, 'url()'],
    ['hex then a space', `background:\\75 rl(${E})`, 'url()'],
    ['hex then CR LF', `background:\\75\r\nrl(${E})`, 'url()'],
    ['an escaped letter', `background:u\\rl(${E})`, 'url()'],
    ['an escaped bracket', `background:url\\(${E})`, 'url()'],
    ['upper case and an escape', `background:\\55RL(${E})`, 'url()'],
    ['escapes in the property name too', `backgr\\6f und-image:\\75rl(${E})`, 'url()'],
    ['a comment in the name', `background:u/**/rl(${E})`, 'url()'],
    ['a comment before the bracket', `background:url/**/(${E})`, 'url()'],
    ['image-set with an escape', `background:im\\61ge-set("${E}" 1x)`, 'image-set()'],
    ['@import with an escape', `@\\69mport "${E}";`, '@import'],
    ['src() with an escape', `background:\\73rc("${E}")`, 'src()'],
    ['-moz-binding with an escape', `-moz-b\\69nding:url(#x)`, '-moz-binding'],
    ['behavior with an escape', `beh\\61vior:url(#x)`, 'behavior'],
    ['a string hides from a comment scan', `a:"/*";background:url(${E});b:"*/"`, 'url()'],
  ];
  it.each(escaped)('finds %s', (_, css, name) => {
    // (The last row is plain text: what it beats is a decoder that removes comments everywhere.)
    if (!css.includes('"/*"')) expect(matchesAsWritten(css)).toBe(false);
    expect(cssLoader(css)).toBe(name);
  });

  const plain: [string, string, string][] = [
    ['url()', `background:url(${E})`, 'url()'],
    ['url() quoted', `background:url("${E}")`, 'url()'],
    ['URL() with a space', `background:URL (${E})`, 'url()'],
    ['a protocol-relative url()', 'background:url(//attacker.example/x)', 'url()'],
    ['a relative url()', 'background:url(x.png)', 'url()'],
    ['url() after a fragment one', `fill:url(#g);background:url(${E})`, 'url()'],
    ['image-set()', `background:image-set("${E}" 1x)`, 'image-set()'],
    ['-webkit-image-set()', `background:-webkit-image-set("${E}" 1x)`, 'image-set()'],
    ['image()', `background:image("${E}")`, 'image()'],
    ['-webkit-cross-fade()', `background:-webkit-cross-fade(url(#a),url(#b),50%)`, 'cross-fade()'],
    ['-moz-element()', 'background:-moz-element(#composer)', 'element()'],
    ['src()', `background:src("${E}")`, 'src()'],
    ['@import', `@import "${E}";`, '@import'],
    ['expression()', 'width:expression(alert(1))', 'expression()'],
    ['-moz-binding', 'x:-moz-binding', '-moz-binding'],
    ['behavior', 'behavior: url(#x)', 'behavior'],
  ];
  it.each(plain)('finds %s', (_, css, name) => {
    expect(cssLoader(css)).toBe(name);
  });

  // Each passes; the control (the same text with a load added) shows the check runs on it.
  const allowed: [string, string][] = [
    ['colours and widths', 'fill:#f96 !important;stroke:#333;stroke-width:4px'],
    ['Mermaid\'s gradient', '#d [data-look="neo"].node rect{stroke:url(#d-gradient);filter:drop-shadow( 1px 2px 2px rgba(185,185,185,1.0))}'],
    ['a quoted fragment', 'fill:url("#grad")'],
    ['an escaped fragment', 'fill:url(\\23 grad)'],
    ['a marker reference', 'url(#bc-mermaid-1-abc_flowchart-v2-pointEnd-margin)'],
    ['a longer name that ends in url', 'x:geturl(1)'],
    ['a longer name that ends in element', 'x:createElement(1)'],
    ['a dimension, not a function', 'x:5url(1)'],
    ['empty', ''],
  ];
  it.each(allowed)('passes %s', (_, css) => {
    expect(cssLoader(css + `;background:url(${E})`)).toBe('url()');
    expect(cssLoader(css)).toBeNull();
  });

  it('checks only the rules it is given', () => {
    expect(cssLoader('behavior: x')).toBe('behavior');
    expect(cssLoader('behavior: x', CSS_LOADS)).toBeNull();
  });
});
