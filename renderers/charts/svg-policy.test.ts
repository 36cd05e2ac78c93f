// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeSvgTree } from './svg-policy';

const parse = (markup: string) => {
  const t = document.createElement('template');
  t.innerHTML = markup;
  return t.content.firstElementChild!;
};

describe('sanitizeSvgTree', () => {
  it('removes scripts, handlers, outside links, SMIL and remote CSS; keeps the drawing', () => {
    const svg = parse(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)" viewBox="0 0 10 10">
      <style>.a{fill:red} .b{background:url(https://evil.example/x)}</style>
      <script>alert(2)</script>
      <a href="https://evil.example"><rect class="a" width="5" height="5" onclick="alert(3)"/></a>
      <use href="#n"/><image href="https://evil.example/p.png"/>
      <set attributeName="href" to="javascript:alert(4)"/>
      <g style="fill:url(#grad)"><path d="M0 0" style="background-image:url(//evil.example)"/></g>
      <foreignObject><div onmouseover="alert(5)">label</div><iframe src="x"></iframe></foreignObject>
    </svg>`);
    expect(sanitizeSvgTree(svg)).toBeGreaterThan(0);
    const html = svg.outerHTML;
    expect(html).not.toMatch(/<script|onload|onclick|onmouseover|evil\.example|<set|<iframe/i);
    expect(svg.querySelector('rect')).not.toBeNull();
    expect(svg.querySelector('use')!.getAttribute('href')).toBe('#n');
    expect(svg.querySelector('g')!.getAttribute('style')).toBe('fill:url(#grad)');
    expect(svg.querySelector('foreignObject div')!.textContent).toBe('label');
    expect(sanitizeSvgTree(svg)).toBe(0);
  });
});
