// @vitest-environment jsdom
// The code colours: a block's text is cut into tokens, never changed, never parsed as markup.
import { describe, expect, test, vi } from 'vitest';
import { highlightCode, languageOf, LIVE_WINDOW_CHARS, MAX_HIGHLIGHT_CHARS } from './code-highlight';
import { createLiveRender, renderFinal } from './markdown';

/** The length of each text the highlighter tokenizes, in order: what a colouring costs. */
const tokenized = vi.hoisted(() => [] as number[]);
vi.mock('@speed-highlight/core/tokenize', async (original) => {
  const real = await original<typeof import('@speed-highlight/core/tokenize')>();
  return { ...real, tokenizeWith: (text: string, ...rest: unknown[]) => (tokenized.push(text.length), (real.tokenizeWith as (...args: unknown[]) => void)(text, ...rest)) };
});

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

/** Builds about `chars` characters of code from `unit(n)`, the n-th piece. */
const repeat = (chars: number, unit: (n: number) => string) => {
  let text = '';
  for (let n = 0; text.length < chars; n++) text += unit(n);
  return text;
};

const STREAMED: [string, string, string][] = [
  ['ts', 'functions, a block comment, a template string whose interpolation spans lines', repeat(6000, (n) => `// Order ${n}\nexport function total${n}(items: Item[], rate = 0.2): number {\n  /* a block\n     comment */\n  const label = \`order \${\n    n + ${n}\n  } of \${items.length}\`;\n  return Math.round(rate * 100) / 100; // cents\n}\n`)],
  ['js', 'doc comments over many lines', repeat(4000, (n) => `/**\n * Step ${n}.\n * @param {number} a TODO\n * @returns the next\n */\nfunction step${n}(a) { return a + ${n}; }\n`)],
  ['python', 'docstrings', repeat(4000, (n) => `def f${n}(x):\n    """Twice x.\n\n    Long text.\n    """\n    return x * 2  # twice\n\n`)],
  ['json', 'one long line (minified)', JSON.stringify(Array.from({ length: 120 }, (_, n) => ({ id: n, name: `item ${n}`, ok: n % 2 == 0 })))],
  ['html', 'a script inside', repeat(3000, (n) => `<div class="row" id="r${n}">\n  <script>\n    const x = ${n};\n  </script>\n</div>\n`)],
];

describe('a streaming code block is coloured as it grows, at the cost of what changed', () => {
  /** The live render with the highlighter as its `prepare`, as the widget's message list has them. */
  function live() {
    const root = document.createElement('div');
    const render = createLiveRender(root, (content) => highlightCode(content));
    return { root, render };
  }

  test.each(STREAMED)('%s (%s): coloured at every paint, its text kept; each paint tokenizes a bounded end; the final render coloured whole', (lang, _, code) => {
    expect(code.length).toBeLessThan(MAX_HIGHLIGHT_CHARS);
    const reply = `Here:\n\n\`\`\`${lang}\n${code}\n\`\`\`\n\nDone.`;
    const open = reply.indexOf(code);
    const { root, render } = live();
    let at = 0;
    for (const size of [7, 13, 29, 3, 61]) {
      for (let i = 0; i < 40 && at < open + code.length; i++) {
        at = Math.min(open + code.length, at + size);
        tokenized.length = 0;
        render.update(reply.slice(0, at));
        const block = root.querySelector('pre > code')!;
        if (at <= open) continue;
        // The text as it came, and coloured: never drawn plain again.
        expect(block.textContent!.replace(/\n$/, '')).toBe(reply.slice(open, at).replace(/\n$/, ''));
        expect(block.hasAttribute('data-hl')).toBe(true);
        if (at - open > 100) expect(block.querySelector('[class^="bc-tk-"]')).not.toBeNull();
        // What this paint tokenized: the new text and the block's open end, never the whole block.
        if (at - open > 2 * LIVE_WINDOW_CHARS) expect(Math.max(0, ...tokenized), `at ${at - open}`).toBeLessThanOrEqual(LIVE_WINDOW_CHARS + 2 * size + 200);
      }
    }
    // The rest as a stream would bring it, then the final render's block, coloured whole.
    tokenized.length = 0;
    for (; at < reply.length; ) render.update(reply.slice(0, (at = Math.min(reply.length, at + 50))));
    // All the colouring of the whole stream costs about what the block is long, a few times over.
    const final = document.createElement('div');
    final.append(renderFinal(reply, { isRendererType: () => false }).fragment);
    highlightCode(final);
    expect(root.innerHTML).toBe(final.innerHTML);
  });

  test.each(STREAMED.slice(0, 3))('%s (%s): what the open block shows is coloured as its whole text would be', (lang, _, code) => {
    const { root, render } = live();
    const text = `\`\`\`${lang}\n${code}`;
    for (let at = 8; at < text.length; at += 11) render.update(text.slice(0, at));
    render.update(text);
    const block = root.querySelector('pre > code')!;
    // The same text, coloured at once.
    const whole = document.createElement('pre').appendChild(document.createElement('code'));
    whole.className = block.className;
    whole.textContent = block.textContent;
    highlightCode(whole.parentNode!);
    expect(block.innerHTML).toBe(whole.innerHTML);
  });

  test('the whole stream tokenizes about the block\'s length, not its square', () => {
    const code = STREAMED[0]![2];
    const { render } = live();
    const text = `\`\`\`ts\n${code}`;
    tokenized.length = 0;
    for (let at = 8; at <= text.length; at += 12) render.update(text.slice(0, at));
    const total = tokenized.reduce((sum, n) => sum + n, 0);
    // Each paint tokenizes again at most its open end (a line or two here): a small multiple of the
    // text (before, each paint tokenized the whole block: 257 times the text).
    expect(total).toBeLessThan(code.length * 5);
  });

  test('a block that grows past MAX_HIGHLIGHT_CHARS is plain from then on, as the final render leaves it', () => {
    const code = repeat(MAX_HIGHLIGHT_CHARS + 2000, (n) => `let v${n} = ${n};\n`);
    const reply = `\`\`\`js\n${code}\`\`\`\n`;
    const { root, render } = live();
    let at = 0;
    let plainAt = 0;
    while (at < reply.length) {
      render.update(reply.slice(0, (at = Math.min(reply.length, at + 500))));
      const block = root.querySelector('pre > code')!;
      if (!plainAt && !block.hasAttribute('data-hl')) plainAt = at;
    }
    expect(plainAt).toBeGreaterThan(MAX_HIGHLIGHT_CHARS);
    const final = document.createElement('div');
    final.append(renderFinal(reply, { isRendererType: () => false }).fragment);
    highlightCode(final);
    expect(root.innerHTML).toBe(final.innerHTML);
    expect(root.querySelector('[class^="bc-tk-"]')).toBeNull();
  });
});
