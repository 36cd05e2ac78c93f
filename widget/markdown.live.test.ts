// @vitest-environment jsdom
// The live (streaming) render: stable blocks are frozen, only the tail is rendered again, an open
// fence grows in place, unfinished inline syntax does not flash, and after the last delta the
// live DOM equals the final render however the text was split.
import { describe, expect, test } from 'vitest';
import { Marked } from 'marked';
import { closeOpenInline, createLiveRender, renderFinal, stableCut } from './markdown';
import { MARKDOWN_CASES } from './fixtures/markdown-corpus';
import { sandboxWait } from './ui/messages';

const lexer = new Marked({ gfm: true });
const cut = (text: string): string[] => {
  const tokens = lexer.lexer(text);
  return tokens.slice(0, stableCut(tokens)).map((t) => t.type);
};

function live(previews?: Record<string, (source: string) => Node>) {
  const root = document.createElement('div');
  const render = createLiveRender(root, () => {}, previews);
  return { root, update: (text: string) => render.update(text) };
}

/** Feeds `text` in chunks from `sizes` (cycled), updating after every chunk, like a stream. */
function stream(text: string, sizes: number[]): HTMLDivElement {
  const { root, update } = live();
  let at = 0;
  for (let i = 0; at < text.length; i++) {
    at = Math.min(text.length, at + sizes[i % sizes.length]!);
    update(text.slice(0, at));
  }
  return root;
}

const finalHtml = (text: string): string => {
  const root = document.createElement('div');
  root.append(renderFinal(text, { isRendererType: () => false }).fragment);
  return root.innerHTML;
};

/** Deterministic pseudo-random chunk sizes (1..max). */
function randomSizes(seed: number, count: number, max: number): number[] {
  let x = seed;
  return Array.from({ length: count }, () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return 1 + (x % max);
  });
}

const LONG_REPLY = [
  '# Backup plan',
  'Nightly backups run at **02:00** and keep _seven_ days. See [the docs](https://example.com/docs) or `man cron`.',
  '## Steps',
  '1. Stop the app\n2. Dump the database:\n\n   ```bash\n   pg_dump app > app.sql\n   ```\n\n3. Start it again',
  '- tight\n- list\n  - nested *item*\n- end',
  '- loose\n\n- list',
  '| Day | Size |\n|-----|-----:|\n| Mon | 1.2 GB |\n| Tue | **1.3 GB** |',
  '> A quote\n> on two lines',
  '```ts\nconst a = `x`;\n\nfunction f() {\n  return **a**;\n}\n```',
  'Setext title\n------------',
  '***',
  'Text right before a fence:\n```\nno blank line\n```\nand right after.',
  '    indented code\n\n    still code',
  'A paragraph with a very long line '.repeat(20).trim() + '.',
  '![diagram](https://example.com/d.png) and ~~strike~~ and <b>html</b> stays text.',
  'Final words with a [link](https://example.com/x) at the end',
].join('\n\n');

describe('stableCut', () => {
  test.each([
    ['para\n\nnext', ['paragraph', 'space']],
    ['para\n\nnext\n\n', ['paragraph', 'space']],
    ['para', []],
    ['para\n\n', []],
    ['# Title\nbody', ['heading']],
    ['---\nbody', ['hr']],
    ['intro:\n```js\ncode', ['paragraph']],
    ['```js\ncode\n```\nafter', ['code']],
    ['```js\ncode\n```', []],
    // A table still growing after a paragraph may yet turn back into that paragraph.
    ['para\n| a |\n|---|', []],
    // A list may still take the next item: "2" can become "2. next".
    ['1. a\n\n2', []],
    ['- a\n\n-', []],
    ['- a\n\nplain\n\nmore', ['list', 'space', 'paragraph', 'space']],
    ['- a\n\n# Heading', ['list', 'space']],
    ['    code\n\n    more', []],
    ['    code\n\nplain', ['code', 'space']],
  ])('%j freezes %j', (text, frozen) => {
    expect(cut(text)).toEqual(frozen);
  });
});

describe('closeOpenInline', () => {
  test.each([
    ['plain text', 'plain text'],
    ['some **bold te', 'some **bold te**'],
    ['Open **Dashboard → Widget → ', 'Open **Dashboard → Widget →**'],
    ['a *b ', 'a *b*'],
    ['some *it', 'some *it*'],
    ['some _it', 'some _it_'],
    ['some ~~gone', 'some ~~gone~~'],
    ['run `npm te', 'run `npm te`'],
    ['**bold *both', '**bold *both***'],
    ['done **bold** here', 'done **bold** here'],
    ['see [the docs](https://exa', 'see the docs'],
    ['see [the do', 'see the do'],
    ['see [x](', 'see x'],
    ['![alt](https://img', 'alt'],
    ['a [done](https://x.y) link', 'a [done](https://x.y) link'],
    ['[bracket] text', '[bracket] text'],
    // Not openers: spaces after, inside words, escaped.
    ['2 * 3 = 6', '2 * 3 = 6'],
    ['snake_case_name', 'snake_case_name'],
    ['\\*not emphasis', '\\*not emphasis'],
    ['* list item', '* list item'],
    // Only the last line is looked at for emphasis.
    ['*open\n\nnext line', '*open\n\nnext line'],
  ])('%j → %j', (input, output) => {
    expect(closeOpenInline(input)).toBe(output);
  });

  test('the live bubble shows formatting, not raw markers, for an unfinished tail', () => {
    const { root, update } = live();
    update('Use **bold te');
    expect(root.innerHTML).toBe('<p>Use <strong>bold te</strong></p>');
    update('Use **bold text** and [a link](https://exa');
    expect(root.textContent).toBe('Use bold text and a link');
    expect(root.querySelector('a')).toBeNull();
    update('Use **bold text** and [a link](https://example.com/)');
    expect(root.querySelector('a')!.getAttribute('href')).toBe('https://example.com/');
  });

  test('inside an open code fence nothing is closed', () => {
    const { root, update } = live();
    update('```js\nconst s = `a **b');
    expect(root.querySelector('code')!.textContent).toBe('const s = `a **b\n');
  });
});

describe('live render after the last delta equals the final render', () => {
  const cases = [
    ...MARKDOWN_CASES.filter((c) => !c.input.includes('![')).map((c) => [c.title, c.input] as const),
    ['long reply', LONG_REPLY] as const,
    ['CRLF line endings', LONG_REPLY.replace(/\n/g, '\r\n')] as const,
  ];
  test.each(cases)('%s: 12-character deltas', (_, text) => {
    expect(stream(text, [12]).innerHTML).toBe(finalHtml(text));
  });
  test.each(cases)('%s: one character at a time', (_, text) => {
    expect(stream(text, [1]).innerHTML).toBe(finalHtml(text));
  });
  test.each([1, 2, 3, 4, 5, 6, 7, 8])('long reply, random split #%i', (seed) => {
    expect(stream(LONG_REPLY, randomSizes(seed, 500, 40)).innerHTML).toBe(finalHtml(LONG_REPLY));
  });
});

describe('finish: the live render brought to the final render', () => {
  const cases = [...MARKDOWN_CASES.filter((c) => !c.input.includes('![')).map((c) => [c.title, c.input] as const), ['long reply', LONG_REPLY] as const];
  test.each(cases)('%s', (_, text) => {
    const root = document.createElement('div');
    const render = createLiveRender(root, () => {});
    render.update(text.slice(0, Math.floor(text.length * 0.7)));
    expect(render.finish(text)).toBe(true);
    expect(root.innerHTML).toBe(finalHtml(text));
  });

  test('an unfinished emphasis the reply really ends with stays literal, as in the final render', () => {
    const root = document.createElement('div');
    const render = createLiveRender(root, () => {});
    render.update('Note: *unfinished');
    expect(root.querySelector('em')).not.toBeNull();
    expect(render.finish('Note: *unfinished')).toBe(true);
    expect(root.innerHTML).toBe(finalHtml('Note: *unfinished'));
  });

  test('an open fence at the end is rendered as the final render does', () => {
    const root = document.createElement('div');
    const render = createLiveRender(root, () => {});
    render.update('```js\nlet a');
    render.update('```js\nlet a = 1;');
    expect(render.finish('```js\nlet a = 1;')).toBe(true);
    expect(root.innerHTML).toBe(finalHtml('```js\nlet a = 1;'));
  });

  test('a reply that does not extend what was shown is refused and changes nothing', () => {
    const root = document.createElement('div');
    const render = createLiveRender(root, () => {});
    render.update('Hello wor');
    const before = root.innerHTML;
    expect(render.finish('Goodbye')).toBe(false);
    expect(root.innerHTML).toBe(before);
  });
});

describe('work follows the new text', () => {
  test('frozen blocks keep their DOM nodes while the answer grows', () => {
    const { root, update } = live();
    update('# Title\n\nFirst paragraph.\n\nSecond');
    const [h1, p1] = [root.querySelector('h1')!, root.querySelector('p')!];
    update('# Title\n\nFirst paragraph.\n\nSecond paragraph.\n\n- a list');
    update('# Title\n\nFirst paragraph.\n\nSecond paragraph.\n\n- a list\n- growing');
    expect(root.querySelector('h1')).toBe(h1);
    expect(root.querySelector('p')).toBe(p1);
    expect([...root.children].map((e) => e.localName)).toEqual(['h1', 'p', 'p', 'ul']);
  });

  test('an open code fence grows in the same element, then closes into the final block', () => {
    const { root, update } = live();
    let text = 'Code:\n\n```python\n';
    update(text);
    const pre = root.querySelector('pre')!;
    for (let i = 0; i < 50; i++) {
      text += `print(${i})\n`;
      update(text);
      expect(root.querySelector('pre')).toBe(pre);
    }
    expect(pre.textContent).toBe(Array.from({ length: 50 }, (_, i) => `print(${i})\n`).join(''));
    text += '```\n\nAfter.';
    update(text);
    expect(root.innerHTML).toBe(finalHtml(text));
  });

  test('a line that only looks like a closing fence is handed back to the lexer', () => {
    const { root, update } = live();
    update('```\na\n``');
    update('```\na\n```x');
    expect(root.querySelectorAll('pre')).toHaveLength(1);
    expect(root.querySelector('code')!.textContent).toBe('a\n```x\n');
  });

  test('an open fence of a previewed type shows its stand-in, never its source', () => {
    let made = 0;
    const { root, update } = live({
      sandbox: (source) => {
        made++;
        const div = document.createElement('div');
        div.className = 'wait';
        div.textContent = `${source.length}`;
        return div;
      },
    });
    // While the source is short the stand-in is drawn again (it reads its first fields from it)…
    update('View:\n\n```sandbox\n{"initialHeight": 200');
    update('View:\n\n```sandbox\n{"initialHeight": 200, "placeholderMessages": ["Wait"]');
    expect(root.querySelector('.wait')!.textContent).toBe('54');
    expect(made).toBe(2);
    // …then it stays as it is, however much code streams in after.
    const code = `, "html": "${'<p>hi</p>'.repeat(100)}"`;
    update('View:\n\n```sandbox\n{"initialHeight": 200, "placeholderMessages": ["Wait"]' + code);
    const made2 = made;
    update('View:\n\n```sandbox\n{"initialHeight": 200, "placeholderMessages": ["Wait"]' + code + code);
    expect(made).toBe(made2);
    expect(root.querySelectorAll('.wait')).toHaveLength(1);
    expect(root.querySelector('pre')).toBeNull();
    update('View:\n\n```sandbox\n{"initialHeight": 200, "placeholderMessages": ["Wait"]' + code + code + '}\n```\n\nDone.');
    expect([...root.children].map((e) => e.className || e.localName)).toEqual(['p', 'wait', 'p']);
  });

  test('no image is loaded while streaming', () => {
    const root = stream('![cat](https://example.com/cat.png)\n\nText', [3]);
    expect(root.querySelector('img, [src]')).toBeNull();
    expect(root.textContent).toContain('[image: cat]');
  });
});

describe('sandboxWait (the stand-in of a streaming sandbox view)', () => {
  test.each([
    ['{', '240px', ''],
    ['{"initialHeight": 320, "placeholderMessages": ["Setting up the calculator…", "Almost', '320px', 'Setting up the calculator…'],
    ['{"initialHeight": 5', '40px', ''],
    ['{"initialHeight": 99999, "placeholderMessages": [', '1600px', ''],
    ['{"placeholderMessages": ["<img src=x onerror=alert(1)>"]', '240px', '<img src=x onerror=alert(1)>'],
  ])('%j → height %s, text %j', (source, height, text) => {
    const el = sandboxWait(source);
    expect(el.style.height).toBe(height);
    expect(el.textContent).toBe(text);
    // Text only: model text never becomes markup here.
    expect(el.children).toHaveLength(0);
  });
});
