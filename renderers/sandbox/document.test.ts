import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { buildSandboxDocument, HOST_VARS_LIMITS, SANDBOX_THEME_VARS, sandboxCsp, sandboxThemeCss, scriptText, styleText, type SandboxTheme } from './document';
import { jsxPreviewDocument } from './jsx-document';
import { validateSandboxPolicy, type SandboxPolicy, type SandboxProps } from './policy';
import { previewDocument } from './preview-frame';

// The built document is parsed with jsdom's HTML parser (parse5, the WHATWG algorithm, scripts
// off): what it makes of the string is what a browser makes of the srcdoc.

const DEFAULT_CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; font-src data:; " +
  "media-src data: blob:; connect-src 'none'; frame-src 'none'; worker-src 'none'; object-src 'none'; form-action 'none'; base-uri 'none'";

const policyOf = (input?: unknown): SandboxPolicy => {
  const check = validateSandboxPolicy(input);
  if (!check.ok) throw new Error(check.errors.join('\n'));
  return check.policy;
};
const DEFAULT_POLICY = policyOf();
const THEME: SandboxTheme = { accent: '#2563eb', mode: 'light' };
const BRIDGE = 'window.agent = {};';

const build = (props: SandboxProps, policy = DEFAULT_POLICY, theme = THEME, bridge = BRIDGE) => buildSandboxDocument(props, policy, theme, bridge);
const parse = (html: string) => new JSDOM(html).window.document;
const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;
/** Tag names of `parent`'s element children, with the `http-equiv`/`name` of metas. */
const children = (parent: Element) =>
  [...parent.children].map((el) => el.tagName.toLowerCase() + (el.tagName == 'META' ? `[${el.getAttribute('http-equiv') ?? el.getAttribute('name')}]` : ''));

describe('buildSandboxDocument: structure', () => {
  const props: SandboxProps = {
    title: 'Calculator',
    css: 'p{color:var(--sandbox-accent)}',
    html: '<p id="out">0</p><button>+1</button>',
    jsFunctions: 'function inc(){}',
    jsExpressions: ['inc()', 'inc()'],
  };
  const html = build(props);
  const doc = parse(html);

  it('starts with the CSP meta: nothing loads, runs or styles before it (a srcdoc is text, so no charset meta)', () => {
    expect(html.startsWith(`<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${DEFAULT_CSP}">`)).toBe(true);
    expect(doc.head.firstElementChild?.getAttribute('http-equiv')).toBe('Content-Security-Policy');
    expect(doc.head.firstElementChild?.getAttribute('content')).toBe(DEFAULT_CSP);
  });

  it('puts ours in the head in order: CSP, referrer, bridge, base styles, theme, then the model CSS', () => {
    expect(children(doc.head)).toEqual([
      'meta[Content-Security-Policy]',
      'meta[referrer]',
      'script',
      'style',
      'style',
      'style',
    ]);
    const [, referrer, bridge, base, theme, css] = [...doc.head.children];
    expect(referrer!.getAttribute('content')).toBe('no-referrer');
    expect(bridge!.textContent).toBe(BRIDGE);
    expect(base!.textContent).toContain('box-sizing:border-box');
    expect(theme!.getAttribute('data-sandbox')).toBe('theme');
    expect(theme!.textContent).toBe(sandboxThemeCss(THEME));
    expect(css!.textContent).toBe(props.css);
  });

  it('puts the markup in the body, then jsFunctions and each jsExpressions entry as its own classic script', () => {
    expect(children(doc.body)).toEqual(['p', 'button', 'script', 'script', 'script']);
    const scripts = [...doc.body.querySelectorAll('script')];
    expect(scripts.map((s) => s.textContent)).toEqual(['function inc(){}', 'inc()', 'inc()']);
    expect(scripts.every((s) => !s.hasAttribute('type') && !s.hasAttribute('src'))).toBe(true);
    expect(count(html, /<script/gi)).toBe(4);
    expect(count(html, /<\/script/gi)).toBe(4);
  });

  it('leaves out what the props do not have, and blank code', () => {
    const doc = parse(build({ html: '<p>x</p>', jsFunctions: ' ', jsExpressions: ['', '\n', 'go()'] }));
    expect(children(doc.head)).toEqual(['meta[Content-Security-Policy]', 'meta[referrer]', 'script', 'style', 'style']);
    expect([...doc.body.querySelectorAll('script')].map((s) => s.textContent)).toEqual(['go()']);
  });
});

describe('buildSandboxDocument: the page’s CSP nonce', () => {
  const props: SandboxProps = { css: 'p{}', html: '<p onclick="go()">x</p><script>markup()</script><style>b{}</style>', jsFunctions: 'function go(){}', jsExpressions: ['go()'] };
  const nonces = (html: string) => [...parse(html).querySelectorAll('script')].map((s) => s.getAttribute('nonce'));

  it('no nonce configured: no script carries one', () => {
    expect(nonces(buildSandboxDocument(props, DEFAULT_POLICY, THEME, BRIDGE, 'packs()'))).toEqual([null, null, null, null, null]);
  });

  it('a nonce: on our scripts (bridge, packs, jsFunctions, each expression) and styles, not on a script, style or handler in the markup; the frame’s own CSP unchanged', () => {
    const html = buildSandboxDocument(props, DEFAULT_POLICY, THEME, BRIDGE, 'packs()', 'bc7nonce3e2e');
    const doc = parse(html);
    expect([...doc.querySelectorAll('script')].map((s) => [s.textContent, s.getAttribute('nonce')])).toEqual([
      [BRIDGE, 'bc7nonce3e2e'],
      ['packs()', 'bc7nonce3e2e'],
      ['markup()', null],
      ['function go(){}', 'bc7nonce3e2e'],
      ['go()', 'bc7nonce3e2e'],
    ]);
    expect([...doc.querySelectorAll('style')].map((s) => s.getAttribute('nonce'))).toEqual(['bc7nonce3e2e', 'bc7nonce3e2e', 'bc7nonce3e2e', null]);
    expect(doc.querySelector('p')!.getAttribute('onclick')).toBe('go()');
    expect(doc.head.firstElementChild?.getAttribute('content')).toBe(DEFAULT_CSP);
  });

  it('the previews: a jsx preview’s scripts and styles carry the page’s nonce (none without one); a preview’s styles carry its script’s', () => {
    const assets = { kit: 'kit()', compiler: 'compile()' };
    const jsx = (nonce?: string) => {
      const doc = parse(jsxPreviewDocument(assets, 'p{}', 'function App(){}', 'body{}', nonce));
      return [...doc.querySelectorAll('script, style')].map((el) => el.getAttribute('nonce'));
    };
    expect(jsx('bc7nonce3e2e')).toEqual(Array(6).fill('bc7nonce3e2e'));
    expect(jsx()).toEqual(Array(6).fill(null));
    const preview = parse(previewDocument({ css: '', html: '<p>x</p>' } as Parameters<typeof previewDocument>[0], 'body{}', 'bc7nonce3e2e'));
    expect([...preview.querySelectorAll('script, style')].map((el) => el.getAttribute('nonce'))).toEqual(Array(3).fill('bc7nonce3e2e'));
  });

  it.each([
    ['a base64 nonce with padding', 'YWJjZA+/==', 'YWJjZA+/=='],
    ['base64url', 'a-b_c', 'a-b_c'],
    ['a quote (would end the attribute): not written', 'x" onload="y', null],
    ['a space: not written', 'a b', null],
    ['empty: not written', '', null],
  ])('%s', (_title, nonce, written) => {
    expect(nonces(buildSandboxDocument({ jsExpressions: ['go()'] }, DEFAULT_POLICY, THEME, BRIDGE, undefined, nonce))).toEqual([written, written]);
  });
});

describe('sandboxCsp', () => {
  it('is the default policy of DESIGN.md §8.3 without allow lists', () => {
    expect(sandboxCsp(DEFAULT_POLICY)).toBe(DEFAULT_CSP);
  });

  const widened: Array<[string, string[], string]> = [
    ['images', ['https://tile.openstreetmap.org'], 'img-src data: blob: https://tile.openstreetmap.org'],
    ['connect', ['https://api.example.com', 'https://*.example.org'], "connect-src https://api.example.com https://*.example.org"],
    ['scripts', ['https://cdn.example.com'], "script-src 'unsafe-inline' https://cdn.example.com"],
    ['styles', ['https://fonts.example.com'], "style-src 'unsafe-inline' https://fonts.example.com"],
    ['fonts', ['https://fonts.example.com:8443'], 'font-src data: https://fonts.example.com:8443'],
    ['media', ['https://media.example.com'], 'media-src data: blob: https://media.example.com'],
  ];
  it.each(widened)('widens only its directive for allow.%s', (kind, origins, directive) => {
    const csp = sandboxCsp(policyOf({ allow: { [kind]: origins } }));
    const name = directive.split(' ')[0]!;
    const expected = DEFAULT_CSP.split('; ').map((part) => (part.startsWith(name + ' ') ? directive : part));
    expect(csp.split('; ')).toEqual(expected);
  });

  it('widens several directives at once and writes them into the meta unchanged', () => {
    const policy = policyOf({ allow: { images: ['https://a.com'], connect: ['https://b.com'] } });
    const csp = sandboxCsp(policy);
    expect(csp).toContain('img-src data: blob: https://a.com; ');
    expect(csp).toContain('connect-src https://b.com; ');
    expect(parse(build({ html: 'x' }, policy)).head.firstElementChild?.getAttribute('content')).toBe(csp);
  });

  it('never widens frame-src, worker-src, object-src, form-action, base-uri or default-src', () => {
    const all = Object.fromEntries(['images', 'connect', 'scripts', 'styles', 'fonts', 'media'].map((k) => [k, ['https://a.com']]));
    const csp = sandboxCsp(policyOf({ allow: all }));
    for (const fixed of ['default-src', 'frame-src', 'worker-src', 'object-src', 'form-action', 'base-uri']) {
      expect(csp).toContain(`${fixed} 'none'`);
    }
    expect(count(csp, /https:\/\/a\.com/g)).toBe(6);
  });

  const injected = ['https://a.com; script-src *', "https://a.com 'unsafe-eval'", 'https://a.com" http-equiv="refresh', 'data:', '*'];
  it.each(injected)('throws on a policy that skipped validation and holds %j', (origin) => {
    const policy = { ...DEFAULT_POLICY, allow: { ...DEFAULT_POLICY.allow, connect: [origin] } };
    expect(() => sandboxCsp(policy)).toThrow(TypeError);
    expect(() => build({ html: 'x' }, policy)).toThrow(/not an allowed origin/);
  });
});

describe('neutralising model text', () => {
  /** Every `<script` / `</script` / `<style` / `</style` in the built string is one of ours (or the model markup's own). */
  const tags = (html: string) => ({
    scriptOpen: count(html, /<script/gi),
    scriptClose: count(html, /<\/script/gi),
    styleOpen: count(html, /<style/gi),
    styleClose: count(html, /<\/style/gi),
  });
  // The bridge, and one script per code field in the props below; base, theme and model styles.
  const OURS = { scriptOpen: 3, scriptClose: 3, styleOpen: 3, styleClose: 3 };
  const hostile = [
    '</script><script>alert(1)</script>',
    '</SCRIPT ><script>alert(1)</script>',
    '</ScRiPt\n>alert(1)',
    '</script\t/>',
    '</style><script>alert(1)</script>',
    '</STYLE >',
    '<!--<script>',
    '<!-- </script> -->',
    '-->',
    '<script>',
  ];

  it.each(hostile)('css %j cannot end its <style>', (text) => {
    const css = `p::after{content:"${text}"}`;
    const html = build({ css, jsFunctions: 'f()', jsExpressions: ['g()'] });
    expect(tags(html)).toEqual(OURS);
    const doc = parse(html);
    expect(children(doc.head).slice(3)).toEqual(['style', 'style', 'style']);
    expect(doc.head.lastElementChild!.textContent).toBe(styleText(css));
    expect([...doc.querySelectorAll('script')].map((s) => s.textContent)).toEqual([BRIDGE, 'f()', 'g()']);
  });

  it.each(hostile)('jsFunctions and jsExpressions %j cannot end their <script>', (text) => {
    const code = `const s = ${JSON.stringify(text)};`;
    const html = build({ css: 'p{}', jsFunctions: code, jsExpressions: [code] });
    // `<script` and `</style` are text in a script once `<!--` is gone; only closings of ours remain.
    expect(tags(html).scriptClose).toBe(OURS.scriptClose);
    expect(count(html, /<!--/g)).toBe(1); // the comment guard after the (empty) markup
    const doc = parse(html);
    expect([...doc.querySelectorAll('script')].map((s) => s.textContent)).toEqual([BRIDGE, scriptText(code), scriptText(code)]);
    expect(doc.querySelectorAll('style')).toHaveLength(3);
    expect(children(doc.body)).toEqual(['script', 'script']);
  });

  it('escapes the bridge the same way (host code, but one stray string must not end it either)', () => {
    const bridge = 'const end = "</script>";';
    const doc = parse(build({ html: 'x' }, DEFAULT_POLICY, THEME, bridge));
    expect(doc.head.querySelector('script')!.textContent).toBe(scriptText(bridge));
    expect(doc.querySelectorAll('script')).toHaveLength(1);
  });

  it('keeps the meaning of the code: the escaped sequences sit in string, template and regex literals', () => {
    const source = String.raw`
      const t = 'x';
      return [
        "</script>", '</SCRIPT >', '<!--', ${'`'}</script ${'$'}{t}<!--${'`'},
        /<\/script>/.source, /</.test('</script'), /<!--/u.test('a<!--'), /[<]!--/v.test('<!--'),
        // a comment: </script> <!--
        '<!-- </style> -->'.length,
        [1, 2].filter((scripts, i) => i<scripts).length,
      ];`;
    const escaped = scriptText(source);
    expect(escaped).not.toMatch(/<\/script|<!--/i);
    expect(new Function(escaped)()).toEqual(new Function(source)());
    expect(new Function(escaped)()).toEqual(['</script>', '</SCRIPT >', '<!--', '</script x<!--', '<\\/script>', true, true, true, 17, 2]);
  });

  it('keeps the meaning of the styles: \\3C is "<" in CSS strings, URLs and identifiers', () => {
    const css = 'p::after{content:"</style><!--"} a{background:url(x</y)} @media (width < 600px){p{x:y}}';
    const escaped = styleText(css);
    expect(escaped).not.toMatch(/<[/!]/);
    expect(escaped).toContain('(width < 600px)');
    // CSS decodes `\` + 1–6 hex digits (+ one optional space) to that code point.
    const decoded = escaped.replace(/\\([0-9a-f]{1,6}) ?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));
    expect(decoded).toBe(css);
  });

  it('leaves the markup as the model wrote it, its own scripts included (they run in the frame, under the CSP)', () => {
    const markup = '<div>a</div><script>window.x = 1</script>';
    const html = build({ html: markup, jsFunctions: 'f()' });
    expect(html).toContain(markup);
    expect([...parse(html).body.querySelectorAll('script')].map((s) => s.textContent)).toEqual(['window.x = 1', 'f()']);
  });

  it.each([
    ['an unclosed comment', '<p>a</p><!-- never closed'],
    ['an unclosed comment ending in dashes', '<p>a</p><!-- x --'],
    ['a stray end of document', '<p>a</p></body></html>'],
  ])('cannot swallow the scripts after it with %s', (_, markup) => {
    const doc = parse(build({ html: markup, jsFunctions: 'f()', jsExpressions: ['g()'] }));
    expect([...doc.querySelectorAll('script')].map((s) => s.textContent)).toEqual([BRIDGE, 'f()', 'g()']);
    expect(doc.querySelector('p')!.textContent).toBe('a');
  });

  it('leaves no visible trace of the comment guard', () => {
    expect(parse(build({ html: '<p>a</p>' })).body.textContent).toBe('a');
  });
});

describe('theme', () => {
  it('sets every theme variable on :root, for light and dark', () => {
    expect(sandboxThemeCss({ accent: '#2563eb', mode: 'light' })).toBe(
      ':root{color-scheme:light;--sandbox-accent:#2563eb;--sandbox-accent-text:#ffffff;--sandbox-bg:#ffffff;--sandbox-fg:#111827;' +
        '--sandbox-muted:#6b7280;--sandbox-border:#e5e7eb;--sandbox-font:system-ui, -apple-system, "Segoe UI", Roboto, sans-serif}',
    );
    const dark = sandboxThemeCss({ accent: '#FDE047', mode: 'dark', font: "'Noto Sans SC', 微软雅黑, sans-serif" });
    expect(dark).toBe(
      ':root{color-scheme:dark;--sandbox-accent:#FDE047;--sandbox-accent-text:#111111;--sandbox-bg:#111827;--sandbox-fg:#f3f4f6;' +
        "--sandbox-muted:#9ca3af;--sandbox-border:#374151;--sandbox-font:'Noto Sans SC', 微软雅黑, sans-serif}",
    );
    for (const name of SANDBOX_THEME_VARS) expect(dark).toContain(`${name}:`);
  });

  it('picks readable text on 3-digit accents too', () => {
    expect(sandboxThemeCss({ accent: '#000', mode: 'light' })).toContain('--sandbox-accent-text:#ffffff');
    expect(sandboxThemeCss({ accent: '#ff0', mode: 'light' })).toContain('--sandbox-accent-text:#111111');
  });

  const attempts: Array<[string, Record<string, unknown>]> = [
    ['a named colour', { accent: 'red' }],
    ['a declaration break', { accent: '#fff;}body{background:url(https://evil.example)}' }],
    ['a closing tag', { accent: '#fff</style><script>alert(1)</script>' }],
    ['5 hex digits', { accent: '#12345' }],
    ['a function', { accent: 'rgb(0,0,0)' }],
    ['a missing accent', { accent: undefined }],
    ['mode auto', { mode: 'auto' }],
    ['mode with a break', { mode: 'dark;}' }],
    ['a font with a declaration break', { font: 'Arial; color: red' }],
    ['a font closing the rule', { font: 'Arial}body{x:y' }],
    ['a font closing the style', { font: 'a</style><script>alert(1)</script>' }],
    ['a font with an unbalanced quote', { font: '"Segoe UI, sans-serif' }],
    ['a font with a url', { font: 'url(https://evil.example/x)' }],
    ['a font with an escape', { font: 'a\\3c/style' }],
    ['a font with a newline', { font: 'Arial,\nsans-serif' }],
    ['an empty font', { font: '' }],
    ['a font too long', { font: Array(40).fill('Arial').join(', ') }],
  ];
  it.each(attempts)('rejects %s', (_, change) => {
    const theme = { ...THEME, ...change } as SandboxTheme;
    expect(() => sandboxThemeCss(theme)).toThrow(TypeError);
    expect(() => build({ html: 'x' }, DEFAULT_POLICY, theme)).toThrow(/^sandbox theme: /);
  });
});

describe("theme: the host page's :root custom properties", () => {
  const withVars = (vars: [string, string][]) => sandboxThemeCss({ ...THEME, vars });
  const SANDBOX_PART = sandboxThemeCss(THEME).slice(':root{color-scheme:light;'.length);

  it('come first on the frame\'s :root, the theme\'s --sandbox-* after them (so those win)', () => {
    expect(withVars([['--brand', '#ff0000'], ['--radius', '6px'], ['--font-body', '"Inter", sans-serif'], ['--sandbox-bg', 'red']])).toBe(
      ':root{color-scheme:light;--brand:#ff0000;--radius:6px;--font-body:"Inter", sans-serif;--sandbox-bg:red;' + SANDBOX_PART,
    );
    expect(withVars([['--shadow', '0 1px 2px rgb(0 0 0 / 0.1), 0 0 0 1px var(--ring, #ccc)'], ['--grid', '[full-start] 1fr [full-end]']])).toContain(
      '--shadow:0 1px 2px rgb(0 0 0 / 0.1), 0 0 0 1px var(--ring, #ccc);--grid:[full-start] 1fr [full-end];--sandbox-accent:',
    );
  });

  const dropped: [string, string, string][] = [
    ['a name that is not a custom property', 'color', 'red'],
    ['a name with a declaration break', '--a;color', 'red'],
    ['a name with an escape', '--a\\3b', 'red'],
    ['a name too long', '--' + 'a'.repeat(65), 'red'],
    ['a value with a declaration break', '--a', 'red;color:blue'],
    ['a value closing the rule', '--a', 'red}body{background:url(https://evil.example)'],
    ['a value opening a block', '--a', '{red}'],
    ['a value closing the style', '--a', 'a</style><script>alert(1)</script>'],
    ['a value with a tag start', '--a', '<b>'],
    ['a value with an escape', '--a', 'a\\7d'],
    ['a value with !important', '--a', 'red !important'],
    ['a value opening a comment', '--a', 'red /* x'],
    ['a value with a line break', '--a', 'red\nblue'],
    ['a value with an open parenthesis', '--a', 'calc(1px'],
    ['a value with a stray closing bracket', '--a', '1px)'],
    ['a value with crossed brackets', '--a', '([)]'],
    ['a value with an open string', '--a', '"Inter, sans-serif'],
    ['a quoted declaration break', '--a', '";}body{x:y}"'],
    ['an empty value', '--a', ' '],
    ['a value too long', '--a', 'x'.repeat(HOST_VARS_LIMITS.chars + 1)],
  ];
  it.each(dropped)('drop %s', (_, name, value) => {
    expect(withVars([[name, value], ['--kept', '1px']])).toBe(':root{color-scheme:light;--kept:1px;' + SANDBOX_PART);
  });

  it(`keep at most ${HOST_VARS_LIMITS.count}, and each value at most ${HOST_VARS_LIMITS.chars} characters`, () => {
    const many = Array.from({ length: HOST_VARS_LIMITS.count + 5 }, (_, i): [string, string] => [`--v${i}`, `${i}px`]);
    const css = withVars(many);
    expect(count(css, /--v\d+:/g)).toBe(HOST_VARS_LIMITS.count);
    expect(withVars([['--long', 'x'.repeat(HOST_VARS_LIMITS.chars)]])).toContain(`--long:${'x'.repeat(HOST_VARS_LIMITS.chars)};`);
    expect(HOST_VARS_LIMITS).toEqual({ count: 256, chars: 200 });
  });

  it('stay inside the theme\'s style element in the built document', () => {
    const doc = parse(build({ html: '<p>x</p>' }, DEFAULT_POLICY, { ...THEME, vars: [['--brand', '#f00'], ['--x', 'a</style><script>alert(1)</script>']] }));
    expect(doc.querySelectorAll('script')).toHaveLength(1);
    expect(doc.querySelector('style[data-sandbox="theme"]')!.textContent).toContain(':root{color-scheme:light;--brand:#f00;--sandbox-accent:');
  });
});
