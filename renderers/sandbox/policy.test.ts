import { describe, expect, it } from 'vitest';
import {
  isSandboxOrigin,
  SANDBOX_ALLOW_DIRECTIVES,
  SANDBOX_FIELD_ORDER,
  SANDBOX_POLICY_DEFAULTS,
  SANDBOX_POLICY_RANGES,
  SANDBOX_PROPS_LIMITS as L,
  validateSandboxPolicy,
  validateSandboxProps,
  type PolicyCheck,
  type PropsCheck,
} from './policy';

/** A row: `expected` is `null` for a valid input, else every error message, in order. */
interface Row {
  title: string;
  input: unknown;
  expected: string | string[] | null;
}

const messages = (check: PolicyCheck | PropsCheck): string[] => (check.ok ? [] : check.errors);
const want = (expected: Row['expected']): string[] => (expected === null ? [] : [expected].flat());

const KINDS = Object.keys(SANDBOX_ALLOW_DIRECTIVES);
const NO_ALLOW = Object.fromEntries(KINDS.map((kind) => [kind, []]));

describe('validateSandboxPolicy: defaults and shape', () => {
  it('turns undefined and {} into the default policy: no origins, the documented limits', () => {
    const expected = { ...SANDBOX_POLICY_DEFAULTS, allow: NO_ALLOW };
    expect(SANDBOX_POLICY_DEFAULTS).toEqual({ maxPayloadBytes: 16000, minSendIntervalMs: 1000, maxSends: 20, maxViews: 3, maxHeight: 1600 });
    expect(validateSandboxPolicy(undefined)).toEqual({ ok: true, policy: expected });
    expect(validateSandboxPolicy({})).toEqual({ ok: true, policy: expected });
    expect(validateSandboxPolicy({ allow: {} })).toEqual({ ok: true, policy: expected });
  });

  it('fills what is missing, keeps what is given, and freezes the result', () => {
    const check = validateSandboxPolicy({ maxSends: 3, allow: { images: ['https://tile.openstreetmap.org'] } });
    expect(check).toEqual({
      ok: true,
      policy: { ...SANDBOX_POLICY_DEFAULTS, maxSends: 3, allow: { ...NO_ALLOW, images: ['https://tile.openstreetmap.org'] } },
    });
    const { policy } = check as Extract<PolicyCheck, { ok: true }>;
    expect(Object.isFrozen(policy) && Object.isFrozen(policy.allow) && Object.isFrozen(policy.allow.images)).toBe(true);
  });

  it('copies the lists, so the owner changing theirs later changes nothing', () => {
    const images = ['https://a.com'];
    const check = validateSandboxPolicy({ allow: { images } });
    images.push('https://evil.com');
    expect(check.ok && check.policy.allow.images).toEqual(['https://a.com']);
  });

  it('maps each allow list to the CSP directive it widens', () => {
    expect(SANDBOX_ALLOW_DIRECTIVES).toEqual({
      images: 'img-src',
      connect: 'connect-src',
      scripts: 'script-src',
      styles: 'style-src',
      fonts: 'font-src',
      media: 'media-src',
    });
  });

  it.each<Row>([
    { title: 'null', input: null, expected: 'policy: expected an object, got null' },
    { title: 'an array', input: [], expected: 'policy: expected an object, got array' },
    { title: 'a string', input: 'strict', expected: 'policy: expected an object, got string' },
    {
      title: 'an unknown key, named',
      input: { maxSend: 5 },
      expected: 'policy: unknown key "maxSend" (known: allow, maxPayloadBytes, minSendIntervalMs, maxSends, maxViews, maxHeight, allowTools, maxCalls, maxCallsPerPage, maxCallsPerMinute, maxCallBytes, maxResultBytes, callTimeoutMs)',
    },
    {
      title: 'packs (they go beside the policy: sandbox.packs)',
      input: { packs: [] },
      expected: 'policy: unknown key "packs" (known: allow, maxPayloadBytes, minSendIntervalMs, maxSends, maxViews, maxHeight, allowTools, maxCalls, maxCallsPerPage, maxCallsPerMinute, maxCallBytes, maxResultBytes, callTimeoutMs)',
    },
    { title: 'allow not an object', input: { allow: ['https://a.com'] }, expected: 'policy.allow: expected an object, got array' },
    {
      title: 'an unknown allow list, named',
      input: { allow: { frames: ['https://a.com'], img: [] } },
      expected: [
        'policy.allow: unknown key "frames" (known: images, connect, scripts, styles, fonts, media)',
        'policy.allow: unknown key "img" (known: images, connect, scripts, styles, fonts, media)',
      ],
    },
    { title: 'a list that is a string', input: { allow: { connect: 'https://a.com' } }, expected: 'policy.allow.connect: expected an array, got string' },
    { title: 'an entry that is not a string', input: { allow: { fonts: [443] } }, expected: 'policy.allow.fonts[0]: expected a string, got number' },
    {
      title: 'too many origins in a list',
      input: { allow: { media: Array.from({ length: 33 }, (_, i) => `https://m${i}.example.com`) } },
      expected: 'policy.allow.media: more than 32 entries (33)',
    },
  ])('rejects $title', ({ input, expected }) => {
    expect(messages(validateSandboxPolicy(input))).toEqual(want(expected));
  });

  it('accepts 32 origins in a list', () => {
    expect(validateSandboxPolicy({ allow: { media: Array.from({ length: 32 }, (_, i) => `https://m${i}.example.com`) } }).ok).toBe(true);
  });
});

describe('validateSandboxPolicy: limits', () => {
  const rows = Object.entries(SANDBOX_POLICY_RANGES).flatMap(([key, [min, max]]): Row[] => [
    { title: `${key} = ${min} (minimum)`, input: { [key]: min }, expected: null },
    { title: `${key} = ${max} (cap)`, input: { [key]: max }, expected: null },
    { title: `${key} = ${min - 1}`, input: { [key]: min - 1 }, expected: `policy.${key}: below the minimum of ${min}` },
    { title: `${key} = ${max + 1}`, input: { [key]: max + 1 }, expected: `policy.${key}: above the cap of ${max}` },
    { title: `${key} = 1.5`, input: { [key]: 1.5 }, expected: `policy.${key}: expected an integer, got number` },
    { title: `${key} = NaN`, input: { [key]: NaN }, expected: `policy.${key}: expected an integer, got number` },
    { title: `${key} = "10"`, input: { [key]: '10' }, expected: `policy.${key}: expected an integer, got string` },
    { title: `${key} = null`, input: { [key]: null }, expected: `policy.${key}: expected an integer, got null` },
  ]);
  it.each(rows)('$title', ({ input, expected }) => {
    expect(messages(validateSandboxPolicy(input))).toEqual(want(expected));
  });

  it('has the documented ranges: non-negative, a frame at least 100 px tall', () => {
    expect(SANDBOX_POLICY_RANGES).toEqual({
      maxPayloadBytes: [0, 65536],
      minSendIntervalMs: [0, 3_600_000],
      maxSends: [0, 1000],
      maxViews: [1, 20],
      maxHeight: [100, 10_000],
    });
  });
});

describe('validateSandboxPolicy: allow entries', () => {
  const accepted = [
    'https://a.com',
    'https://tile.openstreetmap.org',
    'https://TILE.OpenStreetMap.org',
    'https://a.com:8443',
    'https://a.com:1',
    'https://a.com:65535',
    'https://localhost',
    'https://localhost:8443',
    'https://xn--bcher-kva.example',
    'https://a-b.c-d.example.co.uk',
    'https://*.tile.openstreetmap.org',
    'https://*.example.com',
    'https://*.co.uk',
    `https://${'a'.repeat(63)}.com`,
  ];
  it.each(accepted)('accepts %s in every list', (origin) => {
    for (const kind of KINDS) expect(messages(validateSandboxPolicy({ allow: { [kind]: [origin] } }))).toEqual([]);
    expect(isSandboxOrigin(origin)).toBe(true);
  });

  const START = 'must start with https://';
  const PATH = 'must not have a path, query or fragment';
  const SHAPE = 'is not https://host[:port] or https://*.host';
  const rejected: Array<[string, string]> = [
    // CSP token injection: a separator ends the source expression and starts the page's own.
    ['https://a.com; script-src *', SHAPE],
    ["https://a.com 'unsafe-eval'", SHAPE],
    ['https://a.com,https://b.com', SHAPE],
    ['https://a.com/ https://b.com', SHAPE],
    ['https://a.com\tdata:', SHAPE],
    ['https://a.com\n', SHAPE],
    ['https://a.com"', SHAPE],
    ["https://a.com'", SHAPE],
    ['https://a.com>', SHAPE],
    [' https://a.com', START],
    ['https://a.com ', SHAPE],
    // Wildcards anywhere but a leading label, and over whole top-level domains.
    ['https://*.*.com', SHAPE],
    ['https://*', SHAPE],
    ['https://*.com', SHAPE],
    ['https://a.*.com', SHAPE],
    ['https://a*.com', SHAPE],
    ['https://*a.com', SHAPE],
    ['https://a.com:*', SHAPE],
    ['https://*.a.com:443', SHAPE],
    ['*', START],
    ['*.a.com', START],
    // Paths, queries, fragments, credentials.
    ['https://a.com/path', PATH],
    ['https://a.com/', PATH],
    ['https://a.com?x=1', PATH],
    ['https://a.com#x', PATH],
    ['https://user@a.com', 'must not carry credentials'],
    ['https://user:pw@a.com', 'must not carry credentials'],
    // Schemes and keywords.
    ['http://a.com', START],
    ['HTTPS://a.com', START],
    ['wss://a.com', START],
    ['//a.com', START],
    ['a.com', START],
    ['data:', START],
    ['blob:', START],
    ['https:', START],
    ["'self'", START],
    ["'unsafe-inline'", START],
    ['', START],
    // Hosts and ports.
    ['https://', SHAPE],
    ['https://a..com', SHAPE],
    ['https://.a.com', SHAPE],
    ['https://a.com.', SHAPE],
    ['https://-a.com', SHAPE],
    ['https://a-.com', SHAPE],
    ['https://a_b.com', SHAPE],
    [`https://${'a'.repeat(64)}.com`, SHAPE],
    ['https://bücher.example', SHAPE],
    ['https://1.2.3.4', SHAPE],
    ['https://a.123', SHAPE],
    ['https://[::1]', SHAPE],
    ['https://[2001:db8::1]:443', SHAPE],
    ['https://a.com:0', SHAPE],
    ['https://a.com:08443', SHAPE],
    ['https://a.com:65536', SHAPE],
    ['https://a.com:99999', SHAPE],
    ['https://a.com:', SHAPE],
    ['https://a.com:44a', SHAPE],
  ];
  it.each(rejected)('rejects %j', (origin, reason) => {
    for (const kind of KINDS) {
      const shown = JSON.stringify(origin.length > 64 ? origin.slice(0, 64) + '…' : origin);
      expect(messages(validateSandboxPolicy({ allow: { [kind]: [origin] } }))).toEqual([`policy.allow.${kind}[0]: ${shown} ${reason}`]);
    }
    expect(isSandboxOrigin(origin)).toBe(false);
  });

  it('reports every bad entry of every list, and keeps long values short in the message', () => {
    const long = 'https://a.com/' + 'x'.repeat(200);
    expect(messages(validateSandboxPolicy({ allow: { images: ['https://ok.com', 'http://a.com'], connect: [long] } }))).toEqual([
      'policy.allow.images[1]: "http://a.com" must start with https://',
      `policy.allow.connect[0]: ${JSON.stringify(long.slice(0, 64) + '…')} must not have a path, query or fragment`,
    ]);
  });

  it('caps the number of errors reported', () => {
    expect(messages(validateSandboxPolicy({ allow: { images: Array(32).fill('x'), media: Array(32).fill('x') } }))).toHaveLength(L.errors);
  });
});

describe('validateSandboxProps', () => {
  const view = (extra: Record<string, unknown> = {}) => ({ html: '<p>Hi</p>', ...extra });
  const bytes = (n: number) => 'é'.repeat(n / 2); // two UTF-8 bytes, one UTF-16 unit
  const chars = (n: number) => '😀'.repeat(n); // one code point, two UTF-16 units

  it('accepts a whole view and returns a frozen copy with only the known keys, in field order', () => {
    const input = {
      jsExpressions: ['render()'],
      title: 'Calculator',
      summary: 'Adds two numbers.\nType them in.',
      css: 'p{color:red}',
      html: '<p id="out"></p>',
      jsFunctions: 'function render(){}',
      initialHeight: 240,
      placeholderMessages: ['Setting up the calculator…'],
    };
    const check = validateSandboxProps(input);
    expect(check).toEqual({ ok: true, props: input });
    const { props } = check as Extract<PropsCheck, { ok: true }>;
    expect(Object.keys(props)).toEqual(SANDBOX_FIELD_ORDER.filter((key) => key != 'jsx'));
    expect(Object.isFrozen(props) && Object.isFrozen(props.jsExpressions) && Object.isFrozen(props.placeholderMessages)).toBe(true);
    expect(props.jsExpressions).not.toBe(input.jsExpressions);
  });

  it('has the documented caps', () => {
    expect(L).toEqual({
      title: 120,
      summary: 500,
      placeholderMessage: 120,
      placeholderMessages: 8,
      initialHeight: 2000,
      cssBytes: 32768,
      htmlBytes: 65536,
      jsFunctionsBytes: 65536,
      jsExpressionBytes: 16384,
      jsExpressions: 32,
      jsxBytes: 65536,
      totalBytes: 131072,
      errors: 50,
    });
  });

  it.each<Row>([
    // The whole object.
    { title: 'null', input: null, expected: 'props: expected an object, got null' },
    { title: 'an array', input: [view()], expected: 'props: expected an object, got array' },
    { title: 'the source text (callers parse it first)', input: '{"html":"x"}', expected: 'props: expected an object, got string' },
    {
      title: 'an unknown key, named',
      input: view({ JSX: 'function App(){}', onload: 'x' }),
      expected: [
        'props: unknown key "JSX" (known: initialHeight, placeholderMessages, title, summary, css, html, jsFunctions, jsExpressions, jsx)',
        'props: unknown key "onload" (known: initialHeight, placeholderMessages, title, summary, css, html, jsFunctions, jsExpressions, jsx)',
      ],
    },
    { title: 'nothing to show', input: { title: 'T', css: 'p{}' }, expected: 'props: nothing to show (set html, jsFunctions, jsExpressions or jsx)' },
    { title: 'only blank code', input: { html: ' ', jsFunctions: '\n', jsExpressions: [''], jsx: ' ' }, expected: 'props: nothing to show (set html, jsFunctions, jsExpressions or jsx)' },
    // jsx: a view of its own, alone (blank other fields are what a model filling every field writes).
    { title: 'only jsx', input: { css: 'p{}', jsx: 'function App() { return <p>Hi</p> }' }, expected: null },
    { title: 'jsx with blank html and scripts', input: { html: '', jsFunctions: ' ', jsExpressions: [], jsx: 'function App() { return null }' }, expected: null },
    // Both forms filled: accepted, the longer drawn (below).
    { title: 'jsx and html', input: { html: '<p>x</p>', jsx: 'function App() { return null }' }, expected: null },
    { title: 'jsx and a script', input: { jsExpressions: ['go()'], jsx: 'function App() { return null }' }, expected: null },
    { title: 'jsx not a string', input: { jsx: ['function App(){}'] }, expected: 'props.jsx: expected a string, got array' },
    { title: 'jsx too large', input: { jsx: 'x'.repeat(65537) }, expected: 'props.jsx: larger than 65536 bytes' },
    { title: 'only jsFunctions', input: { jsFunctions: 'function f(){}' }, expected: null },
    { title: 'only jsExpressions', input: { jsExpressions: ['', 'document.body.append("x")'] }, expected: null },
    // initialHeight
    { title: 'initialHeight 0', input: view({ initialHeight: 0 }), expected: null },
    { title: 'initialHeight at the cap', input: view({ initialHeight: 2000 }), expected: null },
    { title: 'initialHeight past the cap', input: view({ initialHeight: 2001 }), expected: 'props.initialHeight: above the cap of 2000' },
    { title: 'initialHeight negative', input: view({ initialHeight: -1 }), expected: 'props.initialHeight: below the minimum of 0' },
    { title: 'initialHeight fractional', input: view({ initialHeight: 240.5 }), expected: 'props.initialHeight: expected an integer, got number' },
    { title: 'initialHeight a string', input: view({ initialHeight: '240px' }), expected: 'props.initialHeight: expected an integer, got string' },
    // placeholderMessages
    { title: '8 placeholder messages', input: view({ placeholderMessages: Array(8).fill('Loading') }), expected: null },
    { title: '9 placeholder messages', input: view({ placeholderMessages: Array(9).fill('Loading') }), expected: 'props.placeholderMessages: more than 8 entries (9)' },
    { title: 'a placeholder message at the cap', input: view({ placeholderMessages: [chars(120)] }), expected: null },
    { title: 'a placeholder message past the cap', input: view({ placeholderMessages: ['ok', chars(121)] }), expected: 'props.placeholderMessages[1]: longer than 120 characters' },
    { title: 'a placeholder message not a string', input: view({ placeholderMessages: [1] }), expected: 'props.placeholderMessages[0]: expected a string, got number' },
    { title: 'a blank placeholder message', input: view({ placeholderMessages: [' '] }), expected: 'props.placeholderMessages[0]: must not be blank' },
    { title: 'a placeholder message with a newline', input: view({ placeholderMessages: ['a\nb'] }), expected: 'props.placeholderMessages[0]: contains a control character' },
    { title: 'placeholderMessages a string', input: view({ placeholderMessages: 'Loading' }), expected: 'props.placeholderMessages: expected an array, got string' },
    // title
    { title: 'a title at the cap (code points)', input: view({ title: chars(120) }), expected: null },
    { title: 'a title past the cap', input: view({ title: chars(121) }), expected: 'props.title: longer than 120 characters' },
    { title: 'a blank title', input: view({ title: '  ' }), expected: 'props.title: must not be blank' },
    { title: 'a title with a newline', input: view({ title: 'a\nb' }), expected: 'props.title: contains a control character' },
    { title: 'a title with a bidi override (Trojan Source)', input: view({ title: 'Pay \u202Eevil' }), expected: 'props.title: contains a control character' },
    { title: 'a title with a lone surrogate', input: view({ title: 'a\uD800' }), expected: 'props.title: contains a control character' },
    { title: 'a title that is a number', input: view({ title: 7 }), expected: 'props.title: expected a string, got number' },
    { title: 'a title with markup (shown as text, so allowed)', input: view({ title: '<b>Calc</b>' }), expected: null },
    // summary
    { title: 'a summary at the cap, with newlines', input: view({ summary: chars(499) + '\n' }), expected: null },
    { title: 'a summary past the cap', input: view({ summary: chars(501) }), expected: 'props.summary: longer than 500 characters' },
    { title: 'a summary with a tab', input: view({ summary: 'a\tb' }), expected: 'props.summary: contains a control character (only \\n is allowed)' },
    { title: 'a summary that is null', input: view({ summary: null }), expected: 'props.summary: expected a string, got null' },
    // code, in UTF-8 bytes
    { title: 'css at the cap', input: view({ css: bytes(32768) }), expected: null },
    { title: 'css past the cap', input: view({ css: bytes(32768) + 'a' }), expected: 'props.css: larger than 32768 bytes' },
    { title: 'css an array', input: view({ css: ['p{}'] }), expected: 'props.css: expected a string, got array' },
    { title: 'html at the cap', input: { html: bytes(65536) }, expected: null },
    { title: 'html past the cap', input: { html: bytes(65536) + 'a' }, expected: 'props.html: larger than 65536 bytes' },
    { title: 'html an object', input: { html: { tag: 'p' } }, expected: 'props.html: expected a string, got object' },
    { title: 'jsFunctions at the cap', input: { jsFunctions: bytes(65536) }, expected: null },
    { title: 'jsFunctions past the cap', input: { jsFunctions: bytes(65536) + 'a' }, expected: 'props.jsFunctions: larger than 65536 bytes' },
    { title: 'jsFunctions a boolean', input: view({ jsFunctions: true }), expected: 'props.jsFunctions: expected a string, got boolean' },
    { title: 'a jsExpression at the cap', input: { jsExpressions: [bytes(16384)] }, expected: null },
    { title: 'a jsExpression past the cap', input: { jsExpressions: ['x()', bytes(16384) + 'a'] }, expected: 'props.jsExpressions[1]: larger than 16384 bytes' },
    { title: '32 jsExpressions', input: { jsExpressions: Array(32).fill('x()') }, expected: null },
    { title: '33 jsExpressions', input: { jsExpressions: Array(33).fill('x()') }, expected: 'props.jsExpressions: more than 32 entries (33)' },
    { title: 'jsExpressions a string', input: { jsExpressions: 'x()' }, expected: 'props.jsExpressions: expected an array, got string' },
    { title: 'a jsExpression not a string', input: { jsExpressions: [null] }, expected: 'props.jsExpressions[0]: expected a string, got null' },
    // The whole payload: html and jsFunctions at their caps (128 KiB of text) plus the JSON around them.
    {
      title: 'a view past the total cap',
      input: { html: bytes(65536), jsFunctions: bytes(65536) },
      expected: 'props: larger than 131072 bytes as JSON',
    },
    { title: 'a view just under the total cap', input: { html: bytes(65536), jsFunctions: bytes(65500) }, expected: null },
  ])('$title', ({ input, expected }) => {
    expect(messages(validateSandboxProps(input))).toEqual(want(expected));
  });

  const STUB = 'function App() { return null }'; // 30 characters
  const APP = 'function App() { return <Card title="Total"><p>{1 + 2}</p></Card> }'; // 67
  it.each([
    { title: 'html longer than a jsx stub: html drawn', input: { html: '<button id="go">Send to the chat</button>', jsx: STUB }, kept: ['html'], note: 'both jsx (30 characters) and html with its scripts (41) are filled: drawing the longer, html; the other is dropped' },
    { title: 'jsx longer than an html stub: jsx drawn', input: { html: '<div></div>', jsFunctions: ' ', jsExpressions: [''], jsx: APP }, kept: ['jsx'], note: 'both jsx (67 characters) and html with its scripts (11) are filled: drawing the longer, jsx; the other is dropped' },
    { title: 'the markup counts html, jsFunctions and every jsExpressions entry, trimmed; a tie draws the markup', input: { html: ' <p id="o"></p> ', jsFunctions: 'function f(){}', jsExpressions: ['f()', ' o.textContent = "the total is three" '], jsx: APP }, kept: ['html', 'jsFunctions', 'jsExpressions'], note: 'both jsx (67 characters) and html with its scripts (67) are filled: drawing the longer, html; the other is dropped' },
    { title: 'a blank jsx beside html: no note', input: { html: '<p>x</p>', jsx: '  ' }, kept: ['html', 'jsx'], note: undefined },
    { title: 'blank markup beside jsx: no note, nothing dropped', input: { html: '', jsExpressions: [], jsx: STUB }, kept: ['html', 'jsExpressions', 'jsx'], note: undefined },
  ])('both forms filled (strict tool calling fills every field): $title', ({ input, kept, note }) => {
    const check = validateSandboxProps({ title: 'T', css: 'p{}', ...input });
    expect(check.ok).toBe(true);
    const { props, note: said } = check as Extract<PropsCheck, { ok: true }>;
    expect(Object.keys(props)).toEqual(['title', 'css', ...kept]);
    expect(said).toBe(note);
  });

  it('rejects what JSON cannot hold', () => {
    expect(messages(validateSandboxProps({ html: 'x', initialHeight: 10n }))).toEqual(['props.initialHeight: expected an integer, got bigint']);
    const sneaky = Object.assign(Object.create({ toJSON: () => 1n }), { html: 'x' });
    expect(messages(validateSandboxProps(sneaky))).toEqual(['props: not JSON data']);
  });

  it('reports every bad field at once', () => {
    expect(messages(validateSandboxProps({ title: '', css: 1, html: 'x', jsExpressions: [2] }))).toEqual([
      'props.title: must not be blank',
      'props.css: expected a string, got number',
      'props.jsExpressions[0]: expected a string, got number',
    ]);
  });
});
