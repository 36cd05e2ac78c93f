// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import { renderMath } from './math';
import { MATH_ATTRIBUTES, MATH_TAGS, MATHML_NS } from './math-policy';

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

  test('each call gives a new node equal to the last (a redraw keeps the DOM)', () => {
    const a = renderMath('x^2', false);
    const b = renderMath('x^2', false);
    expect(a).not.toBe(b);
    expect(a.isEqualNode(b)).toBe(true);
  });
});
