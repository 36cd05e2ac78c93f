import { describe, expect, it } from 'vitest';
import { covers, viewCsp, MAX_DECLARED } from './csp';
import { validateMcpAppsPolicy, type McpAppsPolicy } from './policy';

const policy = (allow: Record<string, string[]> = {}): McpAppsPolicy => {
  const checked = validateMcpAppsPolicy({ allow });
  if (!checked.ok) throw new Error(checked.errors.join('; '));
  return checked.policy;
};
const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(name + ' '));

describe('covers: an owner origin over a declared one', () => {
  it.each([
    ['https://a.com', 'https://a.com', true],
    ['https://a.com', 'https://A.com', true],
    ['https://a.com', 'https://b.com', false],
    ['https://a.com', 'https://x.a.com', false],
    ['https://a.com', 'https://a.com:8443', false],
    ['https://a.com:8443', 'https://a.com:8443', true],
    ['https://*.a.com', 'https://x.a.com', true],
    ['https://*.a.com', 'https://y.x.a.com', true],
    ['https://*.a.com', 'https://a.com', false],
    ['https://*.a.com', 'https://*.a.com', true],
    ['https://*.a.com', 'https://*.x.a.com', true],
    ['https://*.x.a.com', 'https://*.a.com', false],
    ['https://*.a.com', 'https://xa.com', false],
    ['https://x.a.com', 'https://*.a.com', false],
  ])('%s covers %s: %s', (allowed, asked, expected) => expect(covers(allowed, asked)).toBe(expected));
});

describe('viewCsp: declared ∩ allowed, never looser than either', () => {
  const rows: { title: string; declared: unknown; allow?: Record<string, string[]>; expect: Record<string, string>; dropped?: string[] }[] = [
    {
      title: 'nothing declared: the restrictive default',
      declared: undefined,
      allow: { connect: ['https://api.a.com'] },
      expect: { 'connect-src': "connect-src 'none'", 'script-src': "script-src 'unsafe-inline'", 'frame-src': "frame-src 'none'", 'base-uri': "base-uri 'none'", 'default-src': "default-src 'none'" },
    },
    {
      title: 'declared but not allowed by the owner: dropped, named',
      declared: { connectDomains: ['https://api.a.com'] },
      expect: { 'connect-src': "connect-src 'none'" },
      dropped: ['connectDomains: "https://api.a.com" is not allowed by the site (mcpApps.allow.connect)'],
    },
    {
      title: 'allowed but not declared: not added',
      declared: { connectDomains: [] },
      allow: { connect: ['https://api.a.com'] },
      expect: { 'connect-src': "connect-src 'none'" },
    },
    {
      title: 'declared and allowed: connect-src only',
      declared: { connectDomains: ['https://api.a.com'] },
      allow: { connect: ['https://api.a.com'] },
      expect: { 'connect-src': 'connect-src https://api.a.com', 'img-src': 'img-src data: blob:' },
    },
    {
      title: 'resource domains widen scripts, styles, images, fonts and media',
      declared: { resourceDomains: ['https://cdn.a.com'] },
      allow: { resources: ['https://*.a.com'] },
      expect: {
        'script-src': "script-src 'unsafe-inline' https://cdn.a.com",
        'style-src': "style-src 'unsafe-inline' https://cdn.a.com",
        'img-src': 'img-src data: blob: https://cdn.a.com',
        'font-src': 'font-src data: https://cdn.a.com',
        'media-src': 'media-src data: blob: https://cdn.a.com',
        'connect-src': "connect-src 'none'",
      },
    },
    {
      title: 'a declared wildcard wider than the owner’s: dropped',
      declared: { resourceDomains: ['https://*.com'] },
      allow: { resources: ['https://*.a.com'] },
      expect: { 'script-src': "script-src 'unsafe-inline'" },
      dropped: ['resourceDomains: "https://*.com" is not https://host[:port] or https://*.host'],
    },
    {
      title: 'frames and base-uri',
      declared: { frameDomains: ['https://www.youtube.com'], baseUriDomains: ['https://a.com'] },
      allow: { frames: ['https://www.youtube.com'], baseUri: ['https://a.com'] },
      expect: { 'frame-src': 'frame-src https://www.youtube.com', 'base-uri': 'base-uri https://a.com' },
    },
    {
      title: 'injection in a declared domain: dropped, never a token',
      declared: { connectDomains: ["https://a.com; script-src 'unsafe-eval'", 'https://a.com *', 'http://a.com', '*', 'data:'] },
      allow: { connect: ['https://a.com'] },
      expect: { 'connect-src': "connect-src 'none'", 'script-src': "script-src 'unsafe-inline'" },
    },
    {
      title: 'not an object',
      declared: ['https://a.com'],
      expect: { 'connect-src': "connect-src 'none'" },
      dropped: ['_meta.ui.csp: expected an object, got array'],
    },
    {
      title: 'a list that is not an array',
      declared: { connectDomains: 'https://a.com' },
      allow: { connect: ['https://a.com'] },
      expect: { 'connect-src': "connect-src 'none'" },
      dropped: ['connectDomains: expected an array, got string'],
    },
    {
      title: 'duplicates kept once',
      declared: { connectDomains: ['https://a.com', 'https://a.com'] },
      allow: { connect: ['https://a.com'] },
      expect: { 'connect-src': 'connect-src https://a.com' },
    },
  ];
  it.each(rows)('$title', (row) => {
    const result = viewCsp(row.declared, policy(row.allow));
    for (const [name, value] of Object.entries(row.expect)) expect(directive(result.csp, name)).toBe(value);
    if (row.dropped) expect(result.dropped).toEqual(row.dropped);
    // Never a token outside the declared and allowed ones.
    expect(result.csp).not.toMatch(/unsafe-eval|\*|http:/);
  });

  it('reads at most MAX_DECLARED entries of a list', () => {
    const many = Array.from({ length: MAX_DECLARED + 5 }, (_, i) => `https://h${i}.a.com`);
    const result = viewCsp({ connectDomains: many }, policy({ connect: ['https://*.a.com'] }));
    expect(result.kept.connect).toHaveLength(MAX_DECLARED);
    expect(result.dropped).toEqual([`connectDomains: only the first ${MAX_DECLARED} of ${MAX_DECLARED + 5} entries are read`]);
  });
});
