// The owner's kit for jsx views: what the preload's `sandbox.kit` may be, each problem named.
import { describe, expect, it } from 'vitest';
import { KIT_LIMITS, validateSandboxKit } from './kit';

const PAGE = 'https://shop.example/help/page.html';
const DOCS = 'Acme kit: Card, Field, Button.\n<Card title>…</Card>';

describe('validateSandboxKit', () => {
  it.each<[string, unknown, string[] | { script?: string; url?: string; summary: string }]>([
    ['script text', { script: 'window.Kit = {}', docs: DOCS }, { script: 'window.Kit = {}', summary: 'Acme kit: Card, Field, Button.' }],
    ['an https URL', { url: 'https://cdn.example/kit.js', docs: DOCS }, { url: 'https://cdn.example/kit.js', summary: 'Acme kit: Card, Field, Button.' }],
    ['a path on the page\'s origin', { url: '/kit/demo.js', docs: DOCS }, { url: 'https://shop.example/kit/demo.js', summary: 'Acme kit: Card, Field, Button.' }],
    ['the summary is the first line, cut to its cap', { script: 'x', docs: `  ${'a'.repeat(300)}\nmore` }, { script: 'x', summary: 'a'.repeat(KIT_LIMITS.summaryChars - 1) + '…' }],
    ['not an object', 'window.Kit = {}', ['kit: expected an object such as {url: "https://…", docs: "…"}']],
    ['an array', [], ['kit: expected an object such as {url: "https://…", docs: "…"}']],
    ['neither script nor url', { docs: DOCS }, ['kit: give exactly one of "script" (the kit\'s source text) and "url" (where the page fetches it)']],
    ['both', { script: 'x', url: 'https://a.example/k.js', docs: DOCS }, ['kit: give exactly one of "script" (the kit\'s source text) and "url" (where the page fetches it)']],
    ['a blank script', { script: '  ', docs: DOCS }, ['kit.script: expected the non-empty source text of a classic script']],
    ['a script too long', { script: 'x'.repeat(KIT_LIMITS.scriptChars + 1), docs: DOCS }, [`kit.script: longer than ${KIT_LIMITS.scriptChars} characters`]],
    ['an http URL elsewhere', { url: 'http://cdn.example/kit.js', docs: DOCS }, ['kit.url: must be https:// or on this page\'s origin (got http://cdn.example)']],
    ['a data: URL', { url: 'data:text/javascript,alert(1)', docs: DOCS }, ['kit.url: must be https:// or on this page\'s origin (got null)']],
    ['credentials in the URL', { url: 'https://u:p@cdn.example/kit.js', docs: DOCS }, ['kit.url: must not carry credentials']],
    ['a URL that is not a string', { url: 7, docs: DOCS }, ['kit.url: 7 is not a URL']],
    ['no docs', { script: 'x' }, ['kit.docs: expected the text the model is told about the kit (its components and their props)']],
    ['docs too long', { script: 'x', docs: 'd'.repeat(KIT_LIMITS.docsChars + 1) }, [`kit.docs: longer than ${KIT_LIMITS.docsChars} characters`]],
    ['docs with a bidi override', { script: 'x', docs: 'Card \u202e evil' }, ['kit.docs: contains a control character (only \\n and \\t are allowed)']],
    ['an unknown key, and the rest still checked', { src: 'x', docs: 1 }, [
      'kit: unknown key "src" (known: script, url, docs)',
      'kit: give exactly one of "script" (the kit\'s source text) and "url" (where the page fetches it)',
      'kit.docs: expected the text the model is told about the kit (its components and their props)',
    ]],
  ])('%s', (_, input, expected) => {
    const check = validateSandboxKit(input, PAGE);
    if (Array.isArray(expected)) expect(check).toEqual({ ok: false, errors: expected });
    else expect(check).toEqual({ ok: true, kit: { ...expected, docs: (input as { docs: string }).docs } });
  });

  it('a page on http (a local server) may use a kit from its own origin', () => {
    expect(validateSandboxKit({ url: '/kit.js', docs: DOCS }, 'http://127.0.0.1:8080/p.html')).toMatchObject({ ok: true, kit: { url: 'http://127.0.0.1:8080/kit.js' } });
  });
});
