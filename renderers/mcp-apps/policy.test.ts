import { describe, expect, it } from 'vitest';
import { MCP_POLICY_DEFAULTS, sandboxUrl, validateMcpAppsPolicy } from './policy';

describe('validateMcpAppsPolicy', () => {
  it('true and {} are the defaults: no origins, no proxy', () => {
    for (const input of [true, {}, undefined]) {
      const checked = validateMcpAppsPolicy(input);
      expect(checked).toEqual({ ok: true, policy: { ...MCP_POLICY_DEFAULTS, allow: { connect: [], resources: [], frames: [], baseUri: [] }, sandboxUrl: '', readTools: [] } });
      expect(checked.ok && Object.isFrozen(checked.policy) && Object.isFrozen(checked.policy.allow.connect)).toBe(true);
    }
  });
  it.each<[string, unknown, string[]]>([
    ['not an object', 'yes', ['mcpApps: expected true or an object, got string']],
    ['an unknown key', { maxCall: 3 }, ['mcpApps: unknown key "maxCall" (known: allow, sandboxOrigin, readTools, maxViews, maxHeight, maxCalls, maxCallsPerPage, maxCallsPerMinute, maxSends, minSendIntervalMs, maxMessageBytes, maxContextBytes)']],
    ['an unknown allow list', { allow: { images: [] } }, ['mcpApps.allow: unknown key "images" (known: connect, resources, frames, baseUri)']],
    ['an origin with a path', { allow: { connect: ['https://a.com/x'] } }, ['mcpApps.allow.connect[0]: "https://a.com/x" is not https://host[:port] or https://*.host']],
    ['http origin', { allow: { resources: ['http://a.com'] } }, ['mcpApps.allow.resources[0]: "http://a.com" is not https://host[:port] or https://*.host']],
    ['a CSP injection', { allow: { frames: ["https://a.com 'unsafe-inline'"] } }, [`mcpApps.allow.frames[0]: "https://a.com 'unsafe-inline'" is not https://host[:port] or https://*.host`]],
    ['a limit out of range', { maxViews: 0 }, ['mcpApps.maxViews: below the minimum of 1']],
    ['a limit not an integer', { maxCalls: '5' }, ['mcpApps.maxCalls: expected an integer, got string']],
    ['a tool name with a space', { readTools: ['a b'] }, ['mcpApps.readTools[0]: "a b" is not a tool name']],
    ['a proxy on plain http elsewhere', { sandboxOrigin: 'http://sandbox.a.com' }, ['mcpApps.sandboxOrigin: "http://sandbox.a.com" must be https:// (http:// only on localhost)']],
  ])('%s', (_title, input, errors) => expect(validateMcpAppsPolicy(input)).toEqual({ ok: false, errors }));

  it('keeps what is valid', () => {
    const checked = validateMcpAppsPolicy({ allow: { connect: ['https://*.a.com'] }, readTools: ['poll-system-stats'], maxSends: 2, sandboxOrigin: 'https://sbx.a-usercontent.com' });
    expect(checked.ok && checked.policy).toMatchObject({ allow: { connect: ['https://*.a.com'] }, readTools: ['poll-system-stats'], maxSends: 2, sandboxUrl: 'https://sbx.a-usercontent.com/mcp-sandbox.html' });
  });
});

describe('sandboxUrl', () => {
  it.each([
    ['https://sbx.example.com', { url: 'https://sbx.example.com/mcp-sandbox.html' }],
    ['https://sbx.example.com/', { url: 'https://sbx.example.com/mcp-sandbox.html' }],
    ['https://sbx.example.com/proxy/page.html', { url: 'https://sbx.example.com/proxy/page.html' }],
    ['http://localhost:8788', { url: 'http://localhost:8788/mcp-sandbox.html' }],
    ['http://127.0.0.1:8788/x.html', { url: 'http://127.0.0.1:8788/x.html' }],
    ['https://u:p@sbx.example.com', { error: '"https://u:p@sbx.example.com" must not carry credentials' }],
    ['https://sbx.example.com/?a=1', { error: '"https://sbx.example.com/?a=1" must not have a query or fragment' }],
    ['javascript:alert(1)', { error: '"javascript:alert(1)" must be https:// (http:// only on localhost)' }],
    ['not a url', { error: '"not a url" is not a URL' }],
  ])('%s', (input, expected) => expect(sandboxUrl(input)).toEqual(expected));
});
