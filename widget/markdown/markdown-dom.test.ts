// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import type { Token } from 'marked';
import { renderFinal } from './markdown';
import { allowedUrl, decodeReferences, tokensToFragment } from './markdown-dom';
import { ALLOWED_TAGS, LINK_PROTOCOLS } from './markdown-policy';
import { MARKDOWN_CASES } from './fixtures/markdown-corpus';
import { XSS_VECTORS } from './fixtures/xss-vectors';
import { markdownSoup } from './fixtures/markdown-soup';
import { oracleRender } from './fixtures/purify-oracle';
import { findExecutable } from './fixtures/find-executable';
import { canonical } from './fixtures/canonical-dom';
import { anyHttpsImage } from './fixtures/image-policies';

const isRendererType = (type: string): boolean => type === 'bailing-chart' || type === 'bailing-form';

describe('the DOM built from tokens is what marked + DOMPurify make of the same text', () => {
  const inputs = [
    ...MARKDOWN_CASES.map((c) => ({ title: c.title, input: c.input })),
    ...XSS_VECTORS.map((c) => ({ title: `xss: ${c.title}`, input: c.input })),
  ];
  test.each(inputs)('$title', ({ input }) => {
    for (const images of [true, false]) {
      const ours = renderFinal(input, { isRendererType, images: images ? anyHttpsImage : undefined }).fragment;
      expect(canonical(ours), `images ${images}`).toBe(canonical(oracleRender(input, { images, isRendererType })));
    }
  });

  test('1,000 random markdown strings, images on and off', () => {
    let compared = 0;
    for (const input of markdownSoup(7, 500)) {
      for (const images of [true, false]) {
        const ours = renderFinal(input, { isRendererType, images: images ? anyHttpsImage : undefined }).fragment;
        expect(canonical(ours), JSON.stringify(input)).toBe(canonical(oracleRender(input, { images, isRendererType })));
        compared++;
      }
    }
    expect(compared).toBe(1000);
  });
});

describe('decodeReferences', () => {
  test.each([
    ['a &amp; b', 'a & b'],
    ['&lt;b&gt;', '<b>'],
    ['&Dcaron;&nbsp;&copy;', 'Ď\u00a0©'],
    ['&#65;&#x42;&#X43;', 'ABC'],
    ['&#0;', '\ufffd'],
    ['&amp;copy;', '&copy;'],
    ['&bogus; & &copy no semicolon', '&bogus; & &copy no semicolon'],
    ['no references', 'no references'],
  ])('%j → %j', (input, expected) => {
    expect(decodeReferences(input)).toBe(expected);
  });
});

describe('allowedUrl', () => {
  test.each([
    ['https://example.com/a b', 'https://example.com/a%20b'],
    ['https://example.com/caf\u00e9', 'https://example.com/caf%C3%A9'],
    ['https://example.com/%41', 'https://example.com/%41'],
    ['HTTPS://EXAMPLE.COM', 'https://example.com/'],
    ['mailto:a@example.com', 'mailto:a@example.com'],
    [' javascript:alert(1)', null],
    ['java\tscript:alert(1)', null],
    ['data:text/html,x', null],
    ['/relative', null],
    ['//evil.example/x', null],
    ['https://example.com/\ud800', null],
  ])('%j → %j', (input, expected) => {
    expect(allowedUrl(input, LINK_PROTOCOLS)).toBe(expected);
  });
});

describe('tokens that marked would never make still build nothing executable', () => {
  // The builder takes the lexer's word for structure only: whatever a token's text, URL or
  // fields hold, the result is text, checked URLs and the policy's tags.
  const HOSTILE: readonly { title: string; tokens: unknown[] }[] = [
    { title: 'html token with markup', tokens: [{ type: 'html', block: true, text: '<img src=x onerror=alert(1)><script>alert(1)</script>' }] },
    { title: 'text token marked as escaped HTML', tokens: [{ type: 'paragraph', tokens: [{ type: 'text', escaped: true, text: '<svg onload=alert(1)>' }] }] },
    { title: 'link to javascript: through a reference', tokens: [{ type: 'paragraph', tokens: [{ type: 'link', href: 'java&#115;cript:alert(1)', title: null, text: 'x', tokens: [{ type: 'text', text: 'x' }] }] }] },
    { title: 'autolink to javascript:', tokens: [{ type: 'paragraph', tokens: [{ type: 'link', autolink: true, href: 'javascript:alert(1)', text: 'javascript:alert(1)' }] }] },
    { title: 'image with a data: URL', tokens: [{ type: 'paragraph', tokens: [{ type: 'image', href: 'data:image/svg+xml,<svg onload=alert(1)>', title: '" onerror="x', text: 'a' }] }] },
    { title: 'image over http:', tokens: [{ type: 'paragraph', tokens: [{ type: 'image', href: 'http://track.example/p.gif', title: null, text: 'a' }] }] },
    { title: 'code with a quote in its language', tokens: [{ type: 'code', lang: 'js" onclick="alert(1)', text: '<b>x</b>', raw: '```' }] },
    { title: 'heading of depth 9', tokens: [{ type: 'heading', depth: 9, tokens: [{ type: 'text', text: 'x' }] }] },
    { title: 'table cell aligned with CSS', tokens: [{ type: 'table', header: [{ text: 'a', tokens: [], header: true, align: 'left;background:url(x)' }], rows: [] }] },
    { title: 'list starting at a script', tokens: [{ type: 'list', ordered: true, start: '1" onclick="x', items: [{ type: 'list_item', tokens: [{ type: 'text', text: 'a' }] }] }] },
    { title: 'unknown token types', tokens: [{ type: 'script', text: 'alert(1)' }, { type: 'paragraph', tokens: [{ type: 'iframe', text: 'x' }] }] },
  ];

  test.each(HOSTILE)('$title', ({ tokens }) => {
    const root = document.createElement('div');
    root.append(tokensToFragment(tokens as Token[], { images: anyHttpsImage, slot: () => null }));
    expect(findExecutable(root, { images: true })).toEqual([]);
    expect([...root.querySelectorAll('*')].map((el) => el.localName).filter((tag) => !ALLOWED_TAGS.includes(tag))).toEqual([]);
    expect(root.querySelectorAll('img')).toHaveLength(0);
    for (const el of root.querySelectorAll('*')) expect(el.getAttributeNames().filter((n) => n.startsWith('on'))).toEqual([]);
  });

  test('the detector fires on what these tokens would be as HTML (self-test)', () => {
    const root = document.createElement('div');
    const img = root.appendChild(document.createElement('img'));
    img.setAttribute('src', 'data:image/svg+xml,x');
    root.appendChild(document.createElement('a')).setAttribute('href', 'javascript:alert(1)');
    expect(findExecutable(root, { images: true })).toHaveLength(2);
  });
});

describe('images', () => {
  test('attributes that govern the request are set before the source', () => {
    const img = renderFinal('![a](https://img.example.com/a.png "t")', { isRendererType, images: anyHttpsImage }).fragment.querySelector('img')!;
    expect(img.getAttributeNames()).toEqual(['loading', 'decoding', 'referrerpolicy', 'alt', 'title', 'src']);
  });
});
