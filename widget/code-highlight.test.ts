// @vitest-environment jsdom
// The code colours: a block's text is cut into tokens, never changed, never parsed as markup.
import { describe, expect, test } from 'vitest';
import { highlightCode, languageOf, MAX_HIGHLIGHT_CHARS } from './code-highlight';
import { renderFinal } from './markdown';

/** An answer's body as the final render draws it, then coloured. */
function drawn(markdown: string): HTMLElement {
  const body = document.createElement('div');
  body.append(renderFinal(markdown, { isRendererType: () => false }).fragment);
  highlightCode(body);
  return body;
}

describe('highlightCode', () => {
  test.each([
    ['js', 'const answer = 42; // the answer\nfunction f(a) { return "x" + a; }', ['kwd', 'num', 'cmnt', 'str']],
    ['python', 'def f(x):\n    return x * 2  # twice', ['kwd', 'cmnt']],
    ['bash', 'curl -s https://example.com | grep "ok"', ['str']],
    ['json', '{"a": [1, true, null], "b": "text"}', ['var', 'str', 'num', 'bool']],
    ['html', '<p class="x">Hi</p>', ['str']],
    ['sql', 'SELECT id FROM users WHERE name = \'x\';', ['kwd', 'str']],
  ])('%s: the text is kept to the character, cut into spans of known kinds', (lang, text, kinds) => {
    const body = drawn('```' + lang + '\n' + text + '\n```');
    const code = body.querySelector('pre > code')!;
    expect(code.hasAttribute('data-hl')).toBe(true);
    expect(code.textContent).toBe(text + '\n');
    const found = [...code.querySelectorAll('span')].map((s) => s.className.replace('bc-tk-', ''));
    for (const kind of kinds) expect(found).toContain(kind);
    // Only spans with text: no other element, no attribute but the class.
    for (const el of code.querySelectorAll('*')) {
      expect(el.tagName).toBe('SPAN');
      expect([...el.attributes].map((a) => a.name)).toEqual(['class']);
      expect(el.children).toHaveLength(0);
    }
  });

  test('markup in a block stays text: an html block with a script and handlers makes no element but spans', () => {
    const attack = '<img src=x onerror="parent.hit=1"><script>parent.hit=2</script><svg onload=alert(1)>';
    const body = drawn('```html\n' + attack + '\n```');
    const code = body.querySelector('pre > code')!;
    expect(code.textContent).toBe(attack + '\n');
    expect(code.querySelectorAll(':not(span)')).toHaveLength(0);
    // (The block's head, the widget's own, has the copy button's icon.)
    expect(body.querySelectorAll('img, script, svg:not(.bc-code-head svg)')).toHaveLength(0);
    // The detector: the same text as markup would make those elements.
    const control = document.createElement('div');
    control.innerHTML = attack.replace('<script>parent.hit=2</script>', '');
    expect(control.querySelectorAll('img, svg')).toHaveLength(2);
  });

  test('a block with no language, an unknown one, or one too long stays as the render drew it', () => {
    const long = 'x'.repeat(MAX_HIGHLIGHT_CHARS + 1);
    const body = drawn('```\nplain()\n```\n\n```cobol\nMOVE A TO B.\n```\n\n```js\n' + long + '\n```');
    for (const code of body.querySelectorAll('pre > code')) {
      expect(code.hasAttribute('data-hl')).toBe(false);
      expect(code.children).toHaveLength(0);
    }
  });

  test('inline code is never coloured; a block coloured once is left alone; the same block drawn again is equal to it', () => {
    const markdown = 'Use `const x = 1` here.\n\n```ts\nlet y: number = 2;\n```';
    const body = drawn(markdown);
    expect(body.querySelector('p code')!.children).toHaveLength(0);
    const code = body.querySelector('pre > code')!;
    const first = code.innerHTML;
    highlightCode(body);
    expect(code.innerHTML).toBe(first);
    // What the live render compares: a second drawing of the same text is the same DOM.
    expect(drawn(markdown).isEqualNode(body)).toBe(true);
  });

  test.each([
    ['language-js', true], ['language-JavaScript', true], ['language-tsx', true], ['language-yml', true],
    ['language-cobol', false], ['', false], ['language-constructor', false], ['language-__proto__', false],
  ])('languageOf(%s) is known: %s', (className, known) => {
    const code = document.createElement('code');
    code.className = className;
    expect(languageOf(code) !== undefined).toBe(known);
  });
});
