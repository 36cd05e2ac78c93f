import { describe, expect, it } from 'vitest';
import { DEFAULT_TOOL_TIMEOUT_MS, readAgentOptions, readHostTools } from './options';

const PAGE = 'https://shop.example.com/pricing';
const read = (attr: string | null, preload: unknown) => {
  const warnings: string[] = [];
  return { result: readAgentOptions(attr, preload, PAGE, (m) => warnings.push(m)), warnings };
};

describe('readAgentOptions', () => {
  it.each<[string, string | null, unknown, object]>([
    ['no agent at all', null, undefined, { ok: true, agent: null }],
    ['a relative attribute URL, resolved against the page', '/agui/demo', undefined, { ok: true, agent: { url: 'https://shop.example.com/agui/demo', headers: {}, context: [], forwardedProps: undefined } }],
    ['the attribute wins over the preload url', 'https://a.example.com/run', { url: 'https://b.example.com/run' }, { ok: true, agent: expect.objectContaining({ url: 'https://a.example.com/run' }) }],
    ['a preload agent without url', null, { headers: {} }, { ok: false, error: 'the AG-UI agent needs a URL: data-agent-url="https://…" or agent.url in the preload' }],
    ['a javascript: URL', 'javascript:alert(1)', undefined, { ok: false, error: 'the agent URL must be an http(s) URL without credentials (got "javascript:alert(1)")' }],
    ['a URL with credentials', 'https://user:pw@agent.example.com/', undefined, { ok: false, error: expect.stringContaining('without credentials') }],
    ['everything', null, { url: 'https://agent.example.com/run', headers: { Authorization: 'Bearer x' }, forwardedProps: { plan: 'pro' }, context: [{ description: 'plan', value: 'pro' }] }, { ok: true, agent: { url: 'https://agent.example.com/run', headers: { Authorization: 'Bearer x' }, forwardedProps: { plan: 'pro' }, context: [{ description: 'plan', value: 'pro' }] } }],
  ])('%s', (_, attr, preload, expected) => {
    expect(read(attr, preload).result).toEqual(expected);
  });

  it.each<[string, unknown, RegExp]>([
    ['a header value with a line break (header injection)', { url: '/a', headers: { 'X-A': 'ok\r\nSet-Cookie: x=1' } }, /agent\.headers\["X-A"\] must be a header name with a one-line string value/],
    ['a header name that is not a token', { url: '/a', headers: { 'Bad Name': 'x' } }, /agent\.headers\["Bad Name"\]/],
    ['headers that are not an object', { url: '/a', headers: 'Bearer x' }, /agent\.headers must be an object of strings/],
    ['forwardedProps with a function', { url: '/a', forwardedProps: { f: () => 1 } }, /agent\.forwardedProps must be an object of JSON values/],
    ['a context item of the wrong shape', { url: '/a', context: [{ description: 'x' }] }, /agent\.context\[0\] must be \{description, value\}/],
    ['an unknown key', { url: '/a', secret: 1 }, /unknown agent key "secret"/],
  ])('%s is warned about and dropped', (_, preload, warning) => {
    const { result, warnings } = read(null, preload);
    expect(result.ok).toBe(true);
    expect(warnings.join('\n')).toMatch(warning);
    if (result.ok) expect(JSON.stringify(result.agent)).not.toMatch(/Set-Cookie|Bad Name|secret/);
  });
});

describe('readHostTools', () => {
  const handler = () => 'ok';
  const good = { name: 'get_page_info', description: 'The page the visitor is on', parameters: { type: 'object', properties: {} }, handler };

  it('keeps a good tool, with the default timeout and parameters', () => {
    const warnings: string[] = [];
    expect(readHostTools([good, { name: 'now', description: 'The time', handler }], (m) => warnings.push(m))).toEqual([
      { ...good, timeoutMs: DEFAULT_TOOL_TIMEOUT_MS },
      { name: 'now', description: 'The time', parameters: { type: 'object', properties: {} }, handler, timeoutMs: DEFAULT_TOOL_TIMEOUT_MS },
    ]);
    expect(warnings).toEqual([]);
  });

  it.each<[string, unknown, RegExp]>([
    ['not an object', 'get_page_info', /tools\[0\] must be an object/],
    ['a bad name', { ...good, name: 'get page' }, /tools\[0\]\.name must match/],
    ['no handler', { ...good, handler: 'fn' }, /handler must be a function/],
    ['no description', { ...good, description: ' ' }, /description must be a non-empty string/],
    ['parameters that are not a schema object', { ...good, parameters: [1] }, /parameters must be a JSON Schema object/],
    ['parameters that are no valid JSON Schema', { ...good, parameters: { type: 'object', properties: { q: { type: 'text' } } } }, /tools\[0\] \("get_page_info"\): parameters is not a valid JSON Schema: \/properties\/q\/type: .*; the tool is left out/],
    ['parameters whose $ref points at nothing', { ...good, parameters: { type: 'object', properties: { q: { $ref: '#/$defs/q' } } } }, /parameters is not a valid JSON Schema: its \$ref "#\/\$defs\/q" points at nothing/],
  ])('%s: left out, with a warning', (_, tool, warning) => {
    const warnings: string[] = [];
    expect(readHostTools([tool], (m) => warnings.push(m))).toEqual([]);
    expect(warnings.join('\n')).toMatch(warning);
  });

  it('a second tool of the same name is left out; a bad timeout falls back to the default', () => {
    const warnings: string[] = [];
    const tools = readHostTools([good, { ...good, description: 'again' }, { ...good, name: 'other', timeoutMs: -5 }], (m) => warnings.push(m));
    expect(tools.map((t) => [t.name, t.timeoutMs])).toEqual([['get_page_info', DEFAULT_TOOL_TIMEOUT_MS], ['other', DEFAULT_TOOL_TIMEOUT_MS]]);
    expect(warnings.join('\n')).toMatch(/a tool named "get_page_info" is already defined/);
    expect(warnings.join('\n')).toMatch(/timeoutMs must be an integer/);
  });
});
