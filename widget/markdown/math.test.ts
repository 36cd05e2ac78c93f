// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import { renderMath } from './math';
import { MATH_ATTRIBUTES, MATH_TAGS, MATHML_NS, MAX_MATH_SCALE, MAX_MATH_SHIFT_EM } from './math-policy';

/** Every element below `node` is ours: the wrapper span, or MathML of the allow-list with allowed attributes. */
function checkTree(node: Node): void {
  for (const el of (node as Element).querySelectorAll('*')) {
    expect(el.namespaceURI, el.localName).toBe(MATHML_NS);
    expect(MATH_TAGS.has(el.localName), el.localName).toBe(true);
    for (const { name } of el.attributes) expect(MATH_ATTRIBUTES.has(name), `${el.localName}[${name}]`).toBe(true);
  }
}

describe('renderMath', () => {
  test.each([
    ['a fraction', '\\frac{a}{b}', 'mfrac'],
    ['a root', '\\sqrt[3]{x}', 'mroot'],
    ['sub and superscripts', 'x_i^2', 'msubsup'],
    ['a matrix', '\\begin{pmatrix}1&0\\\\0&1\\end{pmatrix}', 'mtable'],
    ['a colour stays a MathML colour, no style', '\\color{red}{x}', 'mstyle'],
  ])('%s is MathML of the allow-list', (_title, tex, tag) => {
    const node = renderMath(tex, false) as HTMLElement;
    expect(node.className).toBe('bc-math');
    expect(node.querySelector(tag)).not.toBeNull();
    checkTree(node);
  });

  test('display mode is a block', () => {
    const node = renderMath('\\sum_{k=1}^n k', true) as HTMLElement;
    expect(node.className).toBe('bc-math bc-math-display');
    expect(node.querySelector('math')!.getAttribute('display')).toBe('block');
  });

  test.each([
    ['\\href', '\\href{https://attacker.example/x}{click}'],
    ['\\url', '\\url{https://attacker.example/x}'],
    ['\\includegraphics', '\\includegraphics{https://attacker.example/x.png}'],
    ['\\htmlStyle', '\\htmlStyle{background:url(https://attacker.example/x)}{x}'],
    ['\\htmlClass', '\\htmlClass{bc-send}{x}'],
    ['\\htmlId', '\\htmlId{clobber}{x}'],
    ['\\htmlData', '\\htmlData{foo=bar}{x}'],
  ])('%s with trust off makes nothing that links, loads or styles', (_title, tex) => {
    const node = renderMath(tex, false) as HTMLElement;
    checkTree(node);
    const html = node.outerHTML;
    expect(html).not.toMatch(/href=|src=|style=|id=|attacker\.example\/x"|data-foo/);
  });

  test('a bad formula shows its source, marked as an error with the message', () => {
    const node = renderMath('\\frac{1}{', false) as HTMLElement;
    expect(node.className).toBe('bc-math-error');
    expect(node.textContent).toBe('\\frac{1}{');
    expect(node.title).toMatch(/ParseError/);
    expect(node.children).toHaveLength(0);
  });

  test('the limits hold: a huge rule is capped, a runaway macro is an error', () => {
    const rule = renderMath('\\rule{5000em}{5000em}', false) as HTMLElement;
    for (const el of rule.querySelectorAll('[width], [height]')) {
      for (const name of ['width', 'height']) expect(parseFloat(el.getAttribute(name) ?? '0')).toBeLessThanOrEqual(20);
    }
    const loop = renderMath('\\def\\a{\\a\\a}\\a', false) as HTMLElement;
    expect(loop.className).toBe('bc-math-error');
  });

  /** The values of `name` down the first path that has most of them, as written (`0.25ex`). */
  const path = (node: Node, name: string): string[] => {
    let deepest: string[] = [];
    for (const el of (node as Element).querySelectorAll(`[${name}]`)) {
      const values: string[] = [];
      for (let at: Element | null = el; at && at.localName != 'span'; at = at.parentElement) if (at.hasAttribute(name)) values.unshift(at.getAttribute(name)!);
      if (values.length > deepest.length) deepest = values;
    }
    return deepest;
  };

  test.each([
    // Small moves are drawn as written.
    ['\\raisebox{0.25ex}{x}', ['0.25ex']],
    ['\\raisebox{-2pt}{x}', ['-2pt']],
    ['\\raisebox{0.3em}{\\raisebox{0.1em}{x}}', ['0.3em', '0.1em']],
    // Past the bound: cut back, one way or the other, and a move back is a move back.
    ['\\raisebox{20em}{\\raisebox{20em}{\\raisebox{20em}{\\raisebox{20em}{x}}}}', ['0.5em', '0em', '0em', '0em']],
    ['\\raisebox{-20em}{\\raisebox{-20em}{x}}', ['-0.5em', '0em']],
    ['\\raisebox{20em}{\\raisebox{-20em}{x}}', ['0.5em', '-1em']],
    ['\\raisebox{1in}{x}', ['0.5em']],
    ['\\rule[20em]{1em}{1em}', ['0.5em']],
    // A move in a larger size counts larger: 0.3em of \\Huge text is 0.75em of the answer's.
    ['\\Huge{\\raisebox{0.3em}{x}}', ['0.201em']],
    // A unit no browser draws moves nothing, and is not written.
    ['\\raisebox{20bp}{x}', []],
  ])('%s: voffset down the path %j', (tex, voffsets) => {
    const node = renderMath(tex, false);
    checkTree(node);
    expect(path(node, 'voffset')).toEqual(voffsets);
  });

  test.each([
    ['\\Huge{W}', ['2.488em']],
    ['\\tiny{W}', ['0.5em']],
    ['\\Huge{\\tiny{W}}', ['2.488em', '0.5em']],
    ['\\Huge{\\Huge{\\Huge{\\Huge W}}}', ['2.488em', '1.0048em', '1em', '1em']],
    ['\\tiny{\\Huge{\\Huge W}}', ['0.5em', '2.488em', '2.0096em']],
  ])('%s: mathsize down the path %j', (tex, sizes) => {
    const node = renderMath(tex, false);
    checkTree(node);
    expect(path(node, 'mathsize')).toEqual(sizes);
    expect(sizes.reduce((product, size) => product * parseFloat(size), 1)).toBeLessThanOrEqual(MAX_MATH_SCALE);
  });

  test('the bounds are small: a move of at most half a line, a size at most that of \\Huge', () => {
    expect(MAX_MATH_SHIFT_EM).toBeLessThanOrEqual(0.5);
    expect(MAX_MATH_SCALE).toBeLessThan(2.5 + 1e-9);
  });

  test('each call gives a new node equal to the last (a redraw keeps the DOM)', () => {
    const a = renderMath('x^2', false);
    const b = renderMath('x^2', false);
    expect(a).not.toBe(b);
    expect(a.isEqualNode(b)).toBe(true);
  });
});
