// @vitest-environment jsdom
// The live (streaming) render: stable blocks are frozen, only the tail is rendered again, an open
// fence grows in place, unfinished inline syntax does not flash, and after the last delta the
// live DOM equals the final render however the text was split.
import { describe, expect, test } from 'vitest';
import { Marked, type Token, type Tokens } from 'marked';
import { closeOpenInline, createLiveRender, renderFinal, stableCut } from './markdown';
import { openFenceText } from './live-tail';
import { MARKDOWN_CASES } from './fixtures/markdown-corpus';
import type { StartPreview } from '../registry/registry';

const lexer = new Marked({ gfm: true });
const cut = (text: string): string[] => {
  const tokens = lexer.lexer(text);
  return tokens.slice(0, stableCut(tokens)).map((t) => t.type);
};

function live(preview?: StartPreview, signal?: AbortSignal) {
  const root = document.createElement('div');
  let paints = 0;
  const render = createLiveRender(root, () => void paints++, preview, signal);
  return { root, update: (text: string) => render.update(text), paints: () => paints };
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

describe('link reference definitions: the live render resolves what the final render resolves', () => {
  /** Streams `shown` one character at a time, then finishes with `reply` (which extends it). */
  function finished(shown: string, reply: string): HTMLDivElement {
    const root = document.createElement('div');
    const render = createLiveRender(root, () => {});
    for (let i = 1; i <= shown.length; i++) render.update(shown.slice(0, i));
    expect(render.finish(reply)).toBe(true);
    return root;
  }
  const DOCS = 'See [the docs][ref].\n\nMore text.\n\n[ref]: https://example.com/docs';

  test('a definition valid mid-stream that the final text unmakes leaves no link in a frozen block', () => {
    // The detector: mid-stream the reference is a link, drawn from the definition below it.
    const { root, update } = live();
    update(DOCS);
    expect(root.querySelector('a')?.textContent).toBe('the docs');
    // Text after the URL that is no title: no definition, so `[the docs][ref]` is text.
    const reply = DOCS + ' is where it was';
    expect(finalHtml(reply)).not.toContain('>the docs</a>');
    expect(finished(DOCS, reply).innerHTML).toBe(finalHtml(reply));
  });

  test.each([
    ['a definition above, its reference in the tail', '[ref]: https://example.com/docs\n\nSee [the docs][ref].', ''],
    ['a definition in a list above, its reference in the tail', '- [ref]: https://example.com/docs\n\n# Heading\n\nSee [the docs][ref].', ''],
    ['a definition in a quote above, its reference in the tail', '> [ref]: https://example.com/docs\n\nSee [the docs][ref].', ''],
    ['the reference first, the definition last', DOCS, ''],
    ['the definition gains a title on its next line', DOCS, '\n"The docs"'],
    ['the definition is unmade by its title', DOCS, ' "unfinished'],
    ['two definitions of one label: the first wins', '[ref]: https://one.example/\n\nSee [x][ref].\n\n[ref]: https://two.example/', ''],
    ['a frozen definition, then one of the same label that the tail unmakes', '[ref]: https://one.example/\n\nSee [x][ref].\n\n[ref]: https://two.example/', ' no title'],
    ['a definition unmade, then defined again', DOCS + ' no title\n\n[ref]: https://again.example/', ''],
  ])('%s', (_, shown, extra) => {
    expect(finished(shown, shown + extra).innerHTML).toBe(finalHtml(shown + extra));
    expect(stream(shown + extra, [1]).innerHTML).toBe(finalHtml(shown + extra));
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
    // Still the open fence, growing: its lines as they came (no newline added after the open one).
    expect(root.querySelector('code')!.textContent).toBe('a\n```x');
    update('```\na\n```x\n```');
    expect(root.innerHTML).toBe(finalHtml('```\na\n```x\n```'));
  });

  test('no image is loaded while streaming', () => {
    const root = stream('![cat](https://example.com/cat.png)\n\nText', [3]);
    expect(root.querySelector('img, [src]')).toBeNull();
    expect(root.textContent).toContain('[image: cat]');
  });
});

describe('previews: a fence of a type with a preview is drawn by it while it streams', () => {
  interface Recorded {
    type: string;
    container: HTMLElement;
    sources: string[];
    destroyed: number;
  }
  /**
   * A stand-in for the registry's `preview` (widget/registry/registry.ts): types in `types` get a preview
   * that writes its source length into the container; from its `stopAt`-th source on, it stops.
   */
  function recorder({ types = ['x-card'], stopAt = Infinity }: { types?: string[]; stopAt?: number } = {}) {
    const asked: string[] = [];
    const previews: Recorded[] = [];
    const start: StartPreview = (type, container, source) => {
      asked.push(type);
      if (!types.includes(type)) return null;
      const p: Recorded = { type, container, sources: [source], destroyed: 0 };
      previews.push(p);
      container.textContent = `drawn from ${source.length}`;
      return {
        update(next) {
          p.sources.push(next);
          if (p.sources.length >= stopAt) return container.replaceChildren(), false;
          container.textContent = `drawn from ${next.length}`;
          return true;
        },
        destroy: () => void p.destroyed++,
      };
    };
    return { start, asked, previews };
  }
  /** The content of the text's first fence, as the lexer (and so `mount`) reads it. */
  const fenceText = (text: string): string => {
    const find = (tokens: Token[]): Tokens.Code | undefined => {
      for (const t of tokens) {
        if (t.type == 'code') return t as Tokens.Code;
        const inner = find([...((t as Tokens.List).items ?? []), ...((t as Tokens.Generic).tokens ?? [])]);
        if (inner) return inner;
      }
    };
    return find(lexer.lexer(text))!.text;
  };
  const shape = (root: Element) => [...root.children].map((e) => e.className || e.localName);
  const body = JSON.stringify({ title: 'Order #1042', items: [1, 2, 3], note: 'x'.repeat(700) });

  test('an open fence calls the preview with the growing source, in one container, without lexing; closing it stops previewing', () => {
    const { start, previews } = recorder();
    const { root, update, paints } = live(start);
    update('Card:\n\n```x-card');
    // The first line is not complete: `x-card` could still become `x-cards`.
    expect(previews).toHaveLength(0);
    update('Card:\n\n```x-card\n');
    expect(previews).toHaveLength(1);
    const [p] = previews as [Recorded];
    expect(p.sources).toEqual(['']);
    const painted = paints();
    const expected = [''];
    for (let i = 7; i < body.length; i += 7) {
      const text = 'Card:\n\n```x-card\n' + body.slice(0, i);
      update(text);
      expected.push(fenceText(text));
    }
    expect(p.sources).toEqual(expected);
    // Nothing was lexed or painted again while the fence grew: the preview got the text directly.
    expect(paints()).toBe(painted);
    expect(p.container.parentNode).toBe(root);
    expect(p.container.matches('div.bc-preview[data-type="x-card"]')).toBe(true);
    expect(root.querySelector('pre')).toBeNull();
    expect(p.destroyed).toBe(0);

    update('Card:\n\n```x-card\n' + body + '\n```');
    expect(p.sources.at(-1)).toBe(body);
    expect(p.destroyed).toBe(1);
    const calls = p.sources.length;
    update('Card:\n\n```x-card\n' + body + '\n```\n\nDone.');
    update('Card:\n\n```x-card\n' + body + '\n```\n\nDone. More text.');
    expect(p.sources).toHaveLength(calls);
    expect(p.destroyed).toBe(1);
    // What it drew stays, in place, until the final render replaces it.
    expect(shape(root)).toEqual(['p', 'bc-preview', 'p']);
    expect(root.children[1]).toBe(p.container);
    expect(p.container.textContent).toBe(`drawn from ${body.length}`);
  });

  test('the preview\'s container is never taken out of the bubble while the text around it is painted again (a frame in it would load again)', () => {
    const { start, previews } = recorder();
    const { root, update } = live(start);
    const removed: Node[] = [];
    new MutationObserver((records) => records.forEach((r) => removed.push(...r.removedNodes))).observe(root, { childList: true, subtree: true });
    const steps = [
      'Card:\n\n```x-card\n' + body.slice(0, 40),
      'Card:\n\n```x-card\n' + body,
      // The fence closes: the tail is lexed and painted again, the container among it.
      'Card:\n\n```x-card\n' + body + '\n```',
      'Card:\n\n```x-card\n' + body + '\n```\n\nDone, and *more',
      'Card:\n\n```x-card\n' + body + '\n```\n\nDone, and *more* text.\n\n- a list\n- b',
    ];
    for (const text of steps) update(text);
    return Promise.resolve().then(() => {
      const [p] = previews as [Recorded];
      // The control: the observer saw the painted-again text go.
      expect(removed.length).toBeGreaterThan(0);
      expect(removed).not.toContain(p.container);
      expect(root.children[1]).toBe(p.container);
      expect(shape(root)).toEqual(['p', 'bc-preview', 'p', 'ul']);
      expect(root.innerHTML.includes('<!---->')).toBe(false);
    });
  });

  test('a fence whose type has no preview is asked about once and grows as code, as without previews', () => {
    const { start, asked } = recorder({ types: [] });
    const { root, update } = live(start);
    const plain = live();
    let text = '```js\n';
    update(text);
    plain.update(text);
    const pre = root.querySelector('pre');
    for (let i = 0; i < 30; i++) {
      text += `let a${i} = ${i};\n`;
      update(text);
      plain.update(text);
    }
    expect(asked).toEqual(['js']);
    expect(root.querySelector('pre')).toBe(pre);
    expect(root.innerHTML).toBe(plain.root.innerHTML);
  });

  test('a preview that stops (it threw, or outgrew its limit) leaves the plain growing code block', () => {
    const { start, previews } = recorder({ stopAt: 3 });
    const { root, update } = live(start);
    const plain = live();
    let text = 'Card:\n\n```x-card\n';
    const feed = (t: string) => (update(t), plain.update(t));
    feed(text);
    for (const chunk of ['{"title":', ' "Order"', ', "items": [1,', ' 2]']) feed((text += chunk));
    expect(previews[0]!.sources).toHaveLength(3);
    expect(previews[0]!.destroyed).toBe(0);
    expect(root.querySelector('.bc-preview')).toBeNull();
    expect(root.innerHTML).toBe(plain.root.innerHTML);
    // It grows as code from then on, in the same element.
    const pre = root.querySelector('pre');
    feed((text += ', "more": true'));
    expect(root.querySelector('pre')).toBe(pre);
    expect(root.innerHTML).toBe(plain.root.innerHTML);
    expect(previews).toHaveLength(1);
  });

  test('a fence that arrives closed is drawn once and its preview ends at once', () => {
    const { start, previews } = recorder();
    const { root, update } = live(start);
    update('Card:\n\n```x-card\n' + body + '\n```\n');
    expect(previews).toHaveLength(1);
    expect(previews[0]!.sources).toEqual([body]);
    expect(previews[0]!.destroyed).toBe(1);
    expect(shape(root)).toEqual(['p', 'bc-preview']);
  });

  test('the signal (Stop) ends the preview; what it drew stays and nothing new is previewed', () => {
    const { start, previews } = recorder();
    const stop = new AbortController();
    const { root, update } = live(start, stop.signal);
    update('Card:\n\n```x-card\n{"title": "Or');
    stop.abort();
    expect(previews[0]!.destroyed).toBe(1);
    // The stopped answer is painted once more with the same text: nothing changes.
    update('Card:\n\n```x-card\n{"title": "Or');
    expect(previews[0]!.sources).toHaveLength(1);
    expect(shape(root)).toEqual(['p', 'bc-preview']);
    update('Card:\n\n```x-card\n{"title": "Or"}\n```\n\n```x-card\n{');
    expect(previews).toHaveLength(1);
    expect(previews[0]!.destroyed).toBe(1);
  });

  test('a preview whose container leaves the bubble (final render, failure, reset) ends', async () => {
    const { start, previews } = recorder();
    const { root, update } = live(start);
    update('Card:\n\n```x-card\n{"title": "Or');
    root.replaceChildren(document.createElement('p'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(previews[0]!.destroyed).toBe(1);
  });

  test('a fence inside a list item, painted again with its list, keeps its container', () => {
    const { start, previews } = recorder();
    const { root, update } = live(start);
    const expected: string[] = [];
    let text = '- A card:\n\n  ```x-card\n  ';
    for (const chunk of ['{"title":', ' "Order"', ', "items":', ' [1, 2]']) {
      update((text += chunk));
      expected.push(fenceText(text));
    }
    expect(previews).toHaveLength(1);
    expect(previews[0]!.sources).toEqual(expected);
    expect(root.querySelectorAll('.bc-preview')).toHaveLength(1);
    expect(root.querySelector('li .bc-preview')).toBe(previews[0]!.container);
  });

  test('cut at every character, each preview was last drawn from its fence as the lexer reads it', () => {
    const text = 'Intro\n\n```x-card\n{"a": [1,\n\n  2]}\n```\n\nMid\n\n  ```x-card\n  {"b":\n    "c"}\n\n  ```\n\nEnd';
    const { start, previews } = recorder();
    const { update } = live(start);
    for (let i = 1; i <= text.length; i++) {
      update(text.slice(0, i));
      const fences = lexer.lexer(text.slice(0, i)).filter((t): t is Tokens.Code => t.type == 'code' && t.lang == 'x-card' && t.raw.includes('\n'));
      expect(previews.map((p) => p.sources.at(-1)), `after ${JSON.stringify(text.slice(0, i))}`).toEqual(fences.map((t) => t.text));
    }
    expect(previews.map((p) => p.destroyed)).toEqual([1, 1]);
  });

  test('two fences: the first ends when it closes, the second gets its own container', () => {
    const { start, previews } = recorder();
    const { root, update } = live(start);
    update('```x-card\n{"n": 1}\n```\n\nAnd:\n\n```x-card\n{"n":');
    update('```x-card\n{"n": 1}\n```\n\nAnd:\n\n```x-card\n{"n": 2');
    expect(previews.map((p) => [p.sources, p.destroyed])).toEqual([
      [['{"n": 1}'], 1],
      [['{"n":', '{"n": 2'], 0],
    ]);
    expect(shape(root)).toEqual(['bc-preview', 'p', 'bc-preview']);
    expect(previews[0]!.container).not.toBe(previews[1]!.container);
  });
});

describe('openFenceText: an open fence as the lexer reads it', () => {
  test.each([
    ['```x\n{"a": 1'],
    ['```x\n{"a": 1\n'],
    ['```x\n'],
    ['```x\n\n\n'],
    ['```x\n  two spaces\n\ttab\n'],
    ['  ```x\n  {"a":\n   1,\n x\n\t"b"'],
    ['   ```x\n    deeper\n  less\nnone'],
    ['  ~~~x\n  tilde fences keep their indentation\n'],
    ['```x\n\n'],
    ['```x\na\n\n'],
    ['```x\na\n \n'],
    ['```x\n\na'],
    ['  ```x\n  a\n\n'],
  ])('%j', (text) => {
    const opener = text.slice(0, text.indexOf('\n'));
    expect(openFenceText(opener, text.slice(text.indexOf('\n') + 1))).toBe((lexer.lexer(text)[0] as Tokens.Code).text);
  });
});
