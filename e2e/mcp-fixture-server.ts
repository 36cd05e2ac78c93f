// Our own small MCP App server, for what the published ones do not cover: a view that is told by its tool's arguments what to try (a call of a tool
// made for the model only, a message without a click, a fetch outside its CSP, a flood, leaving its
// frame), a view whose tool takes its time, a view that never initializes, an app-only tool that reads, one that acts, one for the
// model only, and a resource that declares a CSP domain. Built on the MCP SDK's low-level server;
// the views speak the spec's JSON-RPC by hand, as a hostile view would, not through the SDK.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListResourcesRequestSchema, ListToolsRequestSchema, ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { McpBackend, McpServerLike } from '../examples/server/ag-ui/mcp-backends';

export const FIXTURE_ID = 'fixture';
/** A domain the fixture view declares in `connectDomains` (tests route it; the owner may allow it). */
export const DECLARED_DOMAIN = 'https://api.declared.example';
/** How often each tool was called on this server since it started, for the tests (never through the page). */
export const fixtureCalls = new Map<string, number>();

const MIME = 'text/html;profile=mcp-app';

/** The fixture view: it initializes as the spec says, then does what its tool input's `attack` names, and writes each outcome into #log. */
const VIEW = String.raw`<!doctype html><html><head><meta charset="utf-8"><title>fixture</title>
<style>body{font:14px system-ui;margin:8px}button{margin:4px}</style></head><body>
<h1 id="title">Fixture view</h1><div id="buttons"></div><pre id="log"></pre>
<script>
const out = (line) => { document.getElementById('log').textContent += line + '\n'; };
let next = 0; const waiting = new Map();
const send = (m) => parent.postMessage(Object.assign({ jsonrpc: '2.0' }, m), '*');
const request = (method, params) => new Promise((done) => { const id = ++next; waiting.set(id, done); send({ id, method, params }); });
const show = (label, r) => out(label + ': ' + (r.error ? 'error ' + r.error.message : 'ok ' + JSON.stringify(r.result).slice(0, 200)));
const got = [];
addEventListener('message', (e) => {
  if (e.source !== parent) return;
  const d = e.data || {};
  if (d.id !== undefined && waiting.has(d.id) && !d.method) { waiting.get(d.id)(d); waiting.delete(d.id); return; }
  if (d.method === 'ping') { send({ id: d.id, result: {} }); return; }
  if (d.method === 'ui/resource-teardown') { out('teardown'); send({ id: d.id, result: { fixtureTornDown: true } }); return; }
  if (d.method) { got.push(d.method); out('got ' + d.method + ' ' + JSON.stringify(d.params).slice(0, 300)); }
  if (d.method === 'ui/notifications/tool-input') run(d.params.arguments || {});
});
const button = (label, act) => { const b = document.createElement('button'); b.textContent = label; b.onclick = act; document.getElementById('buttons').append(b); };
async function run(args) {
  const attack = args.attack || 'none';
  out('attack ' + attack);
  if (attack === 'model-tool') show('model-secret', await request('tools/call', { name: 'model-secret', arguments: {} }));
  if (attack === 'app-read') show('app-read', await request('tools/call', { name: 'app-read', arguments: { text: 'hi' } }));
  if (attack === 'app-act') show('app-act', await request('tools/call', { name: 'app-act', arguments: {} }));
  if (attack === 'message') show('message', await request('ui/message', { role: 'user', content: [{ type: 'text', text: 'Sent by the fixture view' }] }));
  if (attack === 'open') show('open', await request('ui/open-link', { url: 'https://example.com/' }));
  if (attack === 'flood') { for (let i = 0; i < 400; i++) send({ jsonrpc: '2.0', id: 'f' + i, method: 'ping' }); out('flooded'); }
  if (attack === 'grow') send({ method: 'ui/notifications/size-changed', params: { width: 300, height: 5000 } });
  if (attack === 'context') show('context', await request('ui/update-model-context', { structuredContent: { picked: args.picked } }));
  if (attack === 'teardown') send({ method: 'ui/notifications/request-teardown', params: {} });
  if (attack === 'leave') location.href = args.url;
  if (attack === 'escape') {
    const attempt = (name, fn) => { try { const v = fn(); out(name + ': ' + (v === null || v === undefined ? 'blocked' : 'REACHED ' + String(v).slice(0, 60))); } catch (error) { out(name + ': blocked'); } };
    attempt('parent document', () => parent.document.title);
    attempt('top location', () => top.location.href);
    attempt('storage', () => (localStorage.setItem('k', 'v'), localStorage.getItem('k')));
    attempt('cookie', () => document.cookie || null);
    attempt('popup', () => window.open('https://example.com/', '_blank'));
    attempt('top navigation', () => { top.location.href = 'https://example.com/'; return 'sent'; });
  }
  // On a click: by then the test's browser has this frame's requests in view (an out-of-process frame is attached a moment after it starts).
  if (attack === 'network') button('Fetch', async () => {
    for (const url of args.urls) {
      try { const r = await fetch(url); out('fetch ' + url + ': ' + r.status); } catch (error) { out('fetch ' + url + ': blocked'); }
    }
    out('fetched');
  });
  button('Call app-act', async () => show('app-act', await request('tools/call', { name: 'app-act', arguments: {} })));
  button('Send a message', async () => show('message', await request('ui/message', { role: 'user', content: [{ type: 'text', text: 'Sent by the fixture view' }] })));
  button('Open a link', async () => show('open', await request('ui/open-link', { url: 'https://example.com/' })));
  button('Full screen', async () => show('display', await request('ui/request-display-mode', { mode: 'fullscreen' })));
  out('ready');
}
(async () => {
  const init = await request('ui/initialize', { protocolVersion: '2026-01-26', appInfo: { name: 'fixture', version: '1' }, appCapabilities: { availableDisplayModes: ['inline', 'fullscreen'] } });
  window.__init = init.result;
  out('init ' + (init.result ? 'ok' : 'failed') + ' ' + JSON.stringify(init.result && init.result.hostContext && init.result.hostContext.theme));
  if (got.length) out('MESSAGE BEFORE INITIALIZED: ' + got.join(','));
  send({ method: 'ui/notifications/initialized', params: {} });
  send({ method: 'ui/notifications/size-changed', params: { height: document.documentElement.scrollHeight } });
})();
</script></body></html>`;

/** A view that loads and never says `initialized`. */
const SILENT = '<!doctype html><html><body><p id="silent">I never initialize.</p></body></html>';

const tools = [
  { name: 'fixture-view', description: 'The fixture view; arguments.attack names what it tries.', inputSchema: { type: 'object' as const, properties: { attack: { type: 'string' } } }, _meta: { ui: { resourceUri: 'ui://fixture/view.html' } } },
  { name: 'fixture-slow', description: 'The fixture view, whose tool takes arguments.ms (at most 10 s) to answer.', inputSchema: { type: 'object' as const, properties: { ms: { type: 'number' } } }, _meta: { ui: { resourceUri: 'ui://fixture/view.html' } } },
  { name: 'fixture-silent', description: 'A view that never initializes.', inputSchema: { type: 'object' as const }, _meta: { ui: { resourceUri: 'ui://fixture/silent.html' } } },
  { name: 'fixture-missing', description: 'A view whose resource the server does not have.', inputSchema: { type: 'object' as const }, _meta: { ui: { resourceUri: 'ui://fixture/missing.html' } } },
  { name: 'app-read', description: 'For views: echoes its text.', inputSchema: { type: 'object' as const }, annotations: { readOnlyHint: true }, _meta: { ui: { visibility: ['app'] } } },
  { name: 'app-act', description: 'For views: changes something.', inputSchema: { type: 'object' as const }, _meta: { ui: { visibility: ['app'] } } },
  { name: 'model-secret', description: 'For the model only.', inputSchema: { type: 'object' as const }, _meta: { ui: { visibility: ['model'] } } },
];
const resources: Record<string, { text: string; csp?: Record<string, string[]> }> = {
  'ui://fixture/view.html': { text: VIEW, csp: { connectDomains: [DECLARED_DOMAIN] } },
  'ui://fixture/silent.html': { text: SILENT },
};

export function createFixtureServer(): McpServerLike {
  const server = new Server({ name: 'bailing-fixture', version: '1.0.0' }, { capabilities: { tools: {}, resources: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: Object.keys(resources).map((uri) => ({ uri, name: uri, mimeType: MIME })) }));
  server.setRequestHandler(ReadResourceRequestSchema, async ({ params }) => {
    const found = resources[params.uri];
    if (!found) throw new Error(`no resource ${params.uri}`);
    return { contents: [{ uri: params.uri, mimeType: MIME, text: found.text, ...(found.csp ? { _meta: { ui: { csp: found.csp } } } : {}) }] };
  });
  server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
    fixtureCalls.set(params.name, (fixtureCalls.get(params.name) ?? 0) + 1);
    const args = (params.arguments ?? {}) as Record<string, unknown>;
    if (params.name === 'fixture-slow') await new Promise((done) => setTimeout(done, Math.min(10_000, Number(args.ms) || 0)));
    return { content: [{ type: 'text', text: `${params.name} ran with ${JSON.stringify(args)}` }], structuredContent: { tool: params.name, args } };
  });
  return server as unknown as McpServerLike;
}

export const FIXTURE_BACKEND: McpBackend = { id: FIXTURE_ID, create: createFixtureServer };
