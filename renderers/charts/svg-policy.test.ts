// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeSvgTree } from './svg-policy';

/** Parsed as the adapter parses Mermaid's output: HTML in an inert <template>. */
const parse = (markup: string) => {
  const t = document.createElement('template');
  t.innerHTML = markup;
  return t.content.firstElementChild!;
};
const svg = (inner: string, attrs = '') => `<svg xmlns="http://www.w3.org/2000/svg"${attrs}>${inner}</svg>`;
const E = 'https://attacker.example/x';

describe('sanitizeSvgTree', () => {
  // [what, input SVG, what is left]. Each removal has a control row beside it that keeps the same
  // construct without the load, so a row passes because of the load and not by removing everything.
  const cases: [string, string, string][] = [
    ['keeps a plain drawing', svg('<g class="node" transform="translate(1,1)"><rect x="0" y="0" width="5" height="5" rx="1" style="fill:#f96;stroke:#333"></rect></g>', ' viewBox="0 0 10 10" role="graphics-document document"'), svg('<g class="node" transform="translate(1,1)"><rect x="0" y="0" width="5" height="5" rx="1" style="fill:#f96;stroke:#333"></rect></g>', ' viewBox="0 0 10 10" role="graphics-document document"')],

    // <style> text: kept only without a load, after decoding.
    ['keeps a style sheet with fragment url()s (control)', svg('<style>#d .node rect{stroke:url(#d-gradient)}</style>'), svg('<style>#d .node rect{stroke:url(#d-gradient)}</style>')],
    ['drops a style sheet with url()', svg(`<style>.a{fill:red}.b>*{background:url(${E})}</style><rect></rect>`), svg('<rect></rect>')],
    ['drops a style sheet with a hex-escaped url()', svg(`<style>.leak>*{background:\\75rl(${E})!important}</style><rect></rect>`), svg('<rect></rect>')],
    ['drops a style sheet with a 6-digit escape', svg(`<style>.leak{background:\\000075rl(${E})}</style><rect></rect>`), svg('<rect></rect>')],
    ['drops a style sheet with an escaped letter', svg(`<style>.leak{background:u\\rl(${E})}</style><rect></rect>`), svg('<rect></rect>')],
    ['drops a style sheet with a comment in url', svg(`<style>.leak{background:u/**/rl(${E})}</style><rect></rect>`), svg('<rect></rect>')],
    ['drops a style sheet with an escaped property and url', svg(`<style>.leak{backgr\\6f und-image:\\75rl(${E})}</style><rect></rect>`), svg('<rect></rect>')],
    ['drops a style sheet with an entity in url (the parser decodes it)', svg(`<style>.leak{background:&#117;rl(${E})}</style><rect></rect>`), svg('<rect></rect>')],
    ['drops a style sheet with image-set()', svg(`<style>.leak{background:-webkit-image-set("${E}" 1x)}</style><rect></rect>`), svg('<rect></rect>')],
    ['drops a style sheet with @import', svg(`<style>@\\69mport "${E}";</style><rect></rect>`), svg('<rect></rect>')],
    ['drops a style sheet with src()', svg(`<style>.leak{background:src("${E}")}</style><rect></rect>`), svg('<rect></rect>')],
    ['drops a style sheet with an element inside', svg('<style>.a{fill:red}<g></g></style><rect></rect>'), svg('<rect></rect>')],
    ['drops the attributes of a style sheet', svg('<style media="print" type="text/css">.a{fill:red}</style>'), svg('<style>.a{fill:red}</style>')],

    // Attributes: style and presentation attributes are CSS.
    ['keeps a style attribute with a fragment url() (control)', svg('<g style="fill:url(#grad)"></g>'), svg('<g style="fill:url(#grad)"></g>')],
    ['drops a style attribute with a hex-escaped url()', svg(`<g style="background:\\75rl(${E})"></g>`), svg('<g></g>')],
    ['drops a style attribute with an escaped letter', svg(`<g style="background:u\\rl(${E})"></g>`), svg('<g></g>')],
    ['drops a style attribute with an entity (the parser decodes it)', svg(`<g style="background:&#117;rl(${E})"></g>`), svg('<g></g>')],
    ['drops a style attribute with image-set()', svg(`<g style='background:image-set("${E}" 1x)'></g>`), svg('<g></g>')],
    ['keeps a marker reference (control)', svg('<path d="M0 0L1 1" marker-end="url(#m)"></path>'), svg('<path d="M0 0L1 1" marker-end="url(#m)"></path>')],
    ['drops a fill that loads', svg(`<path d="M0 0" fill="\\75rl(${E}.svg#g)" stroke="#333"></path>`), svg('<path d="M0 0" stroke="#333"></path>')],
    ['drops a filter that loads', svg(`<rect filter="url(${E}#f)" width="1"></rect>`), svg('<rect width="1"></rect>')],
    ['keeps a link into the document (control)', svg('<g href="#n" xlink:href="#n"></g>'), svg('<g href="#n" xlink:href="#n"></g>')],
    ['drops a link out of it', svg(`<g href="${E}" xlink:href="//attacker.example"></g>`), svg('<g></g>')],
    ['drops a link with a space before the fragment', svg('<g href=" #n"></g>'), svg('<g></g>')],
    ['drops event handlers and unknown attributes', svg('<rect onclick="alert(1)" onload="alert(2)" src="x" data-hx-get="/x" data-id="A" width="1"></rect>', ' onload="alert(3)"'), svg('<rect data-id="A" width="1"></rect>')],

    // Elements.
    ['drops script, links, images, SMIL and feImage', svg(`<script>alert(1)</script><a href="${E}"><rect></rect></a><image href="${E}"></image><use href="${E}#a"></use><set attributeName="href" to="javascript:alert(1)"></set><animate attributeName="x"></animate><filter id="f"><feImage href="${E}"></feImage><feDropShadow dx="1"></feDropShadow></filter><circle r="1"></circle>`), svg('<filter id="f"><feDropShadow dx="1"></feDropShadow></filter><circle r="1"></circle>')],
    ['keeps a label\'s HTML (control)', svg('<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml" style="display: table-cell; white-space: nowrap;"><span class="nodeLabel"><p><b>bold</b> <em>it</em><br>two</p></span></div></foreignObject>'), svg('<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml" style="display: table-cell; white-space: nowrap;"><span class="nodeLabel"><p><b>bold</b> <em>it</em><br>two</p></span></div></foreignObject>')],
    ['drops what loads or runs in a label', svg(`<foreignObject><div onmouseover="alert(1)" title="t"><img src="${E}"><iframe src="${E}"></iframe><style>*{background:red}</style><span style="background:\\75rl(${E})">label</span><a href="${E}">link</a></div></foreignObject>`), svg('<foreignObject><div><span>label</span></div></foreignObject>')],
    ['drops MathML and unknown elements', svg('<foreignObject><math><mi>x</mi></math></foreignObject><unknown><rect></rect></unknown><text>t</text>'), svg('<foreignObject></foreignObject><text>t</text>')],
    ['drops comments', svg('<!-- a --><g><!-- b --></g>'), svg('<g></g>')],
  ];

  it.each(cases)('%s', (_, input, expected) => {
    const root = parse(input);
    const removed = sanitizeSvgTree(root);
    expect(root.outerHTML).toBe(parse(expected).outerHTML);
    // Counted, and a fixed point: a second pass finds nothing.
    expect(removed > 0).toBe(input !== expected);
    expect(sanitizeSvgTree(root)).toBe(0);
  });

  it('refuses a root that is not an SVG <svg>', () => {
    expect(() => sanitizeSvgTree(parse('<div><svg></svg></div>'))).toThrow(/not an SVG/);
    expect(() => sanitizeSvgTree(parse(svg('')))).not.toThrow();
  });
});
