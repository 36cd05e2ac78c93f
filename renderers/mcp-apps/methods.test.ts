import { describe, expect, it } from 'vitest';
import { planRequest, toolFacts, type MethodFacts, type Plan } from './methods';
import { MCP_POLICY_DEFAULTS } from './policy';

const tools = toolFacts({
  tools: [
    { name: 'get-time', _meta: { ui: { resourceUri: 'ui://get-time/mcp-app.html' } } },
    { name: 'poll', _meta: { ui: { visibility: ['app'] } } },
    { name: 'secret-admin', _meta: { ui: { visibility: ['model'] } } },
    { name: 'lookup', annotations: { readOnlyHint: true }, _meta: { ui: { visibility: ['model', 'app'] } } },
  ],
});
const facts: MethodFacts = { tools, viewModes: ['inline', 'fullscreen'] };
const policy = { ...MCP_POLICY_DEFAULTS, readTools: ['poll'] };
const call = (name: string) => ({ name, arguments: { a: 1 } });

const rows: { title: string; method: string; params: Record<string, unknown>; facts?: MethodFacts; expected: Plan }[] = [
  { title: 'initialize', method: 'ui/initialize', params: { protocolVersion: '2026-01-26' }, expected: { do: 'initialize' } },
  { title: 'ping', method: 'ping', params: {}, expected: { do: 'answer', result: {} } },
  { title: 'a tool for model and app (the default visibility), an act', method: 'tools/call', params: call('get-time'), expected: { do: 'proxy', method: 'tools/call', params: call('get-time'), ask: { name: 'tools/call "get-time"', effect: 'act' } } },
  { title: 'an app-only tool the owner vouches only reads', method: 'tools/call', params: call('poll'), expected: { do: 'proxy', method: 'tools/call', params: call('poll'), ask: { name: 'tools/call "poll"', effect: 'read' } } },
  { title: 'a tool the server annotates read-only', method: 'tools/call', params: call('lookup'), expected: { do: 'proxy', method: 'tools/call', params: call('lookup'), ask: { name: 'tools/call "lookup"', effect: 'read' } } },
  { title: 'a model-only tool: refused (the spec’s MUST)', method: 'tools/call', params: call('secret-admin'), expected: { do: 'refuse', rule: 'visibility', reason: 'tools/call "secret-admin": refused (visibility): the server made this tool for the model only, not for views' } },
  { title: 'a tool the server does not have', method: 'tools/call', params: call('rm'), expected: { do: 'refuse', rule: 'unknown-tool', reason: 'tools/call "rm": refused (unknown-tool): no tool of that name on this view\'s server' } },
  { title: 'tools unknown (the agent would not list them): refused', method: 'tools/call', params: call('get-time'), facts: { tools: null, viewModes: [] }, expected: { do: 'refuse', rule: 'visibility', reason: "tools/call \"get-time\": refused (visibility): the agent does not list this server's tools (tools/list), so it cannot be checked that views may call this one" } },
  { title: 'arguments default to {}', method: 'tools/call', params: { name: 'lookup' }, expected: { do: 'proxy', method: 'tools/call', params: { name: 'lookup', arguments: {} }, ask: { name: 'tools/call "lookup"', effect: 'read' } } },
  { title: 'resources/read, a read', method: 'resources/read', params: { uri: 'ui://x/y' }, expected: { do: 'proxy', method: 'resources/read', params: { uri: 'ui://x/y' }, ask: { name: 'resources/read "ui://x/y"', effect: 'read' } } },
  { title: 'ui/message of text, an act', method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'Hi' }] }, expected: { do: 'send', text: 'Hi', ask: { name: 'ui/message', effect: 'act' } } },
  { title: 'ui/message of an image', method: 'ui/message', params: { role: 'user', content: [{ type: 'image', data: 'x' }] }, expected: { do: 'refuse', rule: 'content', reason: 'ui/message: refused (content): only text content can become the visitor’s message' } },
  { title: 'ui/message blank', method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: ' ' }] }, expected: { do: 'refuse', rule: 'content', reason: 'ui/message: refused (content): the message is empty' } },
  { title: 'ui/message within maxMessageBytes but over the 4,000 characters of a message', method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'x'.repeat(4001) }] }, expected: { do: 'refuse', rule: 'size', reason: "ui/message: refused (size): longer than 4000 characters (a visitor's message at most)" } },
  { title: 'ui/message of exactly 4,000 characters', method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'x'.repeat(4000) }] }, expected: { do: 'send', text: 'x'.repeat(4000), ask: { name: 'ui/message', effect: 'act' } } },
  { title: 'ui/message too long', method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'é'.repeat(4097) }] }, expected: { do: 'refuse', rule: 'size', reason: 'ui/message: refused (size): longer than 8192 bytes (maxMessageBytes)' } },
  { title: 'open an https link, an act', method: 'ui/open-link', params: { url: 'https://example.com/a' }, expected: { do: 'open', url: 'https://example.com/a', ask: { name: 'ui/open-link', effect: 'act' } } },
  { title: 'open a javascript: link', method: 'ui/open-link', params: { url: 'javascript:alert(1)' }, expected: { do: 'refuse', rule: 'scheme', reason: 'ui/open-link: refused (scheme): only http and https links open' } },
  { title: 'open a data: link', method: 'ui/open-link', params: { url: 'data:text/html,<script>1</script>' }, expected: { do: 'refuse', rule: 'scheme', reason: 'ui/open-link: refused (scheme): only http and https links open' } },
  { title: 'open a link with credentials', method: 'ui/open-link', params: { url: 'https://u:p@example.com' }, expected: { do: 'refuse', rule: 'scheme', reason: 'ui/open-link: refused (scheme): a link with credentials does not open' } },
  { title: 'fullscreen, declared', method: 'ui/request-display-mode', params: { mode: 'fullscreen' }, expected: { do: 'display', mode: 'fullscreen' } },
  { title: 'fullscreen, not declared by the view (the spec’s MUST NOT)', method: 'ui/request-display-mode', params: { mode: 'fullscreen' }, facts: { tools, viewModes: ['inline'] }, expected: { do: 'refuse', rule: 'mode', reason: 'ui/request-display-mode: refused (mode): "fullscreen" is not a mode both the view declared and the widget has (inline, fullscreen)' } },
  { title: 'pip: the widget has none', method: 'ui/request-display-mode', params: { mode: 'pip' }, facts: { tools, viewModes: ['pip'] }, expected: { do: 'refuse', rule: 'mode', reason: 'ui/request-display-mode: refused (mode): "pip" is not a mode both the view declared and the widget has (inline, fullscreen)' } },
  { title: 'model context kept', method: 'ui/update-model-context', params: { structuredContent: { a: 1 } }, expected: { do: 'context', value: { structuredContent: { a: 1 } } } },
  { title: 'model context too large', method: 'ui/update-model-context', params: { content: [{ type: 'text', text: 'x'.repeat(9000) }] }, expected: { do: 'refuse', rule: 'size', reason: 'ui/update-model-context: refused (size): larger than 8192 bytes as JSON (maxContextBytes)' } },
];

describe('planRequest', () => {
  it.each(rows)('$title', (row) => expect(planRequest(row.method, row.params, row.facts ?? facts, policy)).toEqual(row.expected));
});

describe('toolFacts', () => {
  it('reads visibility and readOnlyHint; null when the result has no tools', () => {
    expect(tools!.get('secret-admin')).toEqual({ visibility: ['model'], readOnly: false });
    expect(tools!.get('get-time')).toEqual({ readOnly: false });
    expect(tools!.get('lookup')).toEqual({ visibility: ['model', 'app'], readOnly: true });
    expect(toolFacts({ error: 'MCP method not allowed for UI proxy: tools/list' })).toBeNull();
    expect(toolFacts(null)).toBeNull();
  });
});
