// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import { renderFinal, renderProvisional, type RenderOptions } from './markdown';
import { anyHttpsImage } from './fixtures/image-policies';
import { ALLOWED_ATTR } from './markdown-policy';
import { findExecutable } from './fixtures/find-executable';
import { XSS_VECTORS } from './fixtures/xss-vectors';
import { markdownSoup } from './fixtures/markdown-soup';
import { purify } from './fixtures/purify-oracle';
import { canonical } from './fixtures/canonical-dom';
import { MARKDOWN_CASES } from './fixtures/markdown-corpus';

const SVG = 'http://www.w3.org/2000/svg';
const MATHML = 'http://www.w3.org/1998/Math/MathML';
/** Attributes the sanitizer hooks set themselves (links and images). */
const ADDED_ATTR = ['target', 'rel', 'loading', 'decoding', 'referrerpolicy'];

function mount(fragment: DocumentFragment): HTMLDivElement {
  const root = document.createElement('div');
  root.append(fragment);
  return root;
}

function element(tag: string, attrs: Record<string, string> = {}, ns?: string): Element {
  const el = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  return el;
}

function unexpectedAttributes(root: Element): string[] {
  return [...root.querySelectorAll('*')].flatMap((el) =>
    el.getAttributeNames().filter((n) => !ALLOWED_ATTR.includes(n) && !ADDED_ATTR.includes(n)).map((n) => `<${el.localName} ${n}>`),
  );
}

describe('findExecutable fires (self-test)', () => {
  const DANGEROUS: readonly { title: string; build: () => Node; images: boolean; finding: RegExp }[] = [
    { title: 'img onerror', build: () => element('img', { src: 'https://ok.example/a.png', onerror: 'alert(1)' }), images: true, finding: /^event handler <img onerror/ },
    { title: 'a href=javascript:', build: () => element('a', { href: 'javascript:alert(1)' }), images: false, finding: /^link scheme outside the policy/ },
    { title: 'a href= JaVaScRiPt: with spaces', build: () => element('a', { href: '  JaVaScRiPt:alert(1)' }), images: false, finding: /^link scheme outside the policy/ },
    { title: 'a relative href', build: () => element('a', { href: '/account' }), images: false, finding: /^link scheme outside the policy/ },
    { title: 'iframe', build: () => element('iframe'), images: false, finding: /^element outside the allow-list <iframe>/ },
    { title: 'svg', build: () => element('svg', {}, SVG), images: false, finding: /^foreign-namespace element <svg>/ },
    { title: 'svg <a> (allowed name, wrong namespace)', build: () => element('a', {}, SVG), images: false, finding: /^foreign-namespace element <a>/ },
    { title: 'math', build: () => element('math', {}, MATHML), images: false, finding: /^foreign-namespace element <math>/ },
    { title: 'script', build: () => element('script'), images: false, finding: /^element outside the allow-list <script>/ },
    { title: 'style attribute', build: () => element('p', { style: 'color:red' }), images: false, finding: /^style attribute/ },
    { title: 'id (clobbering)', build: () => element('a', { id: 'bailing' }), images: false, finding: /^clobbering attribute/ },
    { title: 'img before images are allowed', build: () => element('img', { src: 'https://ok.example/a.png' }), images: false, finding: /^image source before images/ },
    { title: 'http img', build: () => element('img', { src: 'http://ok.example/a.png' }), images: true, finding: /^image scheme outside the policy/ },
    { title: 'data: img', build: () => element('img', { src: 'data:image/svg+xml,<svg onload=alert(1)>' }), images: true, finding: /^image scheme outside the policy/ },
    { title: 'srcset', build: () => element('img', { srcset: 'https://evil.example/a.png 1x' }), images: true, finding: /^srcset/ },
    { title: 'form action', build: () => element('form', { action: 'https://evil.example/' }), images: false, finding: /^URL attribute <form action/ },
    { title: 'javascript: in another attribute', build: () => element('span', { title: 'javascript:alert(1)' }), images: false, finding: /^script-like value/ },
  ];

  test.each(DANGEROUS)('reports $title', ({ build, images, finding }) => {
    const root = document.createElement('div');
    root.append(build());
    const findings = findExecutable(root, { images });
    expect(findings.some((f) => finding.test(f)), findings.join('\n')).toBe(true);
  });

  test('reports each of several problems in one tree', () => {
    const root = document.createElement('div');
    const p = root.appendChild(element('p'));
    p.append(element('img', { onerror: 'x' }), element('a', { href: 'javascript:x' }), element('iframe'), element('svg', {}, SVG));
    expect(findExecutable(root)).toHaveLength(5); // img src-less is fine; onerror, href, iframe, svg ×2 (namespace + allow-list)
  });

  test('reports nothing for what the policy allows', () => {
    const root = document.createElement('div');
    root.append(
      element('a', { href: 'https://example.com/', title: 'javascript is a language', target: '_blank', rel: 'noopener' }),
      element('a', { href: 'mailto:a@example.com' }),
      element('img', { src: 'https://img.example.com/a.png', alt: 'a', loading: 'lazy' }),
      element('code', { class: 'language-js' }),
      element('td', { align: 'center' }),
    );
    expect(findExecutable(root, { images: true })).toEqual([]);
  });
});

/** Each mode renders to a root element plus the text handed to renderers. */
function final(md: string, opts: RenderOptions) {
  const { fragment, blocks } = renderFinal(md, opts);
  // Placeholders are ours (class and data-type set after sanitizing): check them, then set them aside.
  for (const b of blocks) expect(b.placeholder.outerHTML).toBe(`<div class="bc-rich" data-type="${b.type.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"></div>`);
  const root = mount(fragment);
  for (const b of blocks) b.placeholder.remove();
  return { root, text: root.textContent + blocks.map((b) => b.source).join('') };
}
const MODES = [
  { mode: 'final reply, every https image allowed', images: true, render: (md: string) => final(md, { isRendererType: () => false, images: anyHttpsImage }) },
  { mode: 'final reply, images by default (none)', images: false, render: (md: string) => final(md, { isRendererType: () => false }) },
  { mode: 'final reply, every type registered', images: true, render: (md: string) => final(md, { isRendererType: () => true, images: anyHttpsImage }) },
  { mode: 'streaming', images: false, render: (md: string) => { const root = mount(renderProvisional(md)); return { root, text: root.textContent }; } },
] as const;

describe.each(MODES)('XSS corpus: $mode', ({ images, render }) => {
  test.each(XSS_VECTORS)('$title', ({ input, expected }) => {
    const { root, text } = render(input);
    expect(findExecutable(root, { images })).toEqual([]);
    expect(unexpectedAttributes(root)).toEqual([]);
    if (!images) expect(root.querySelectorAll('img, [src]')).toHaveLength(0);
    if (expected !== null) expect(text).toContain(expected);
  });
});

describe('DOMPurify under the same policy changes nothing in a render', () => {
  const inputs = [...MARKDOWN_CASES, ...XSS_VECTORS];
  test.each(inputs)('$title', ({ input }) => {
    const final = mount(renderFinal(input, { isRendererType: () => false, images: anyHttpsImage }).fragment);
    expect(canonical(purify(final.innerHTML, { images: true }))).toBe(canonical(final));
    const provisional = mount(renderProvisional(input));
    expect(canonical(purify(provisional.innerHTML))).toBe(canonical(provisional));
  });
});

describe('random markdown soup', () => {
  test('never throws, never yields executable output, and stays stable (400 inputs)', () => {
    for (const input of markdownSoup(20240611, 400)) {
      const { fragment, blocks } = renderFinal(input, { isRendererType: (t) => t === 'bailing-chart', images: anyHttpsImage });
      const root = mount(fragment);
      expect(findExecutable(root, { images: true }), input).toEqual([]);
      expect(blocks.map((b) => b.placeholder), input).toEqual([...root.querySelectorAll('.bc-rich')]);
      const provisional = mount(renderProvisional(input));
      expect(findExecutable(provisional, { images: false }), input).toEqual([]);
      expect(provisional.querySelectorAll('img, [src], .bc-rich'), input).toHaveLength(0);
      expect(canonical(purify(provisional.innerHTML)), input).toBe(canonical(provisional));
    }
  });
});
