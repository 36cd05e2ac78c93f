// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { MCP_APPS_ACTIVITY, registerMcpApps, viewContexts } from './mcp-apps';

const script = (attrs: Record<string, string>) => {
  const el = document.createElement('script');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
};
const api = () => ({ registerRenderer: vi.fn((_definition: unknown) => () => {}), send: vi.fn((_text: string) => true) });

describe('registerMcpApps: the mcp-apps renderer only where the owner turned views on', () => {
  it.each<[string, unknown, Record<string, string>, boolean]>([
    ['nothing said', undefined, {}, false],
    ['the preload’s agent.mcpApps', { readTools: [] }, {}, true],
    ['agent.mcpApps: true', true, {}, true],
    ['data-mcp-apps="1"', undefined, { 'data-mcp-apps': '1' }, true],
    ['data-mcp-apps="0"', undefined, { 'data-mcp-apps': '0' }, false],
    ['agent.mcpApps: false over the attribute', false, { 'data-mcp-apps': '1' }, false],
  ])('%s', (_title, config, attrs, registered) => {
    const page = api();
    registerMcpApps({ config, script: script(attrs), api: page });
    expect(page.registerRenderer).toHaveBeenCalledTimes(registered ? 1 : 0);
    if (registered) expect(page.registerRenderer.mock.calls[0]![0]).toMatchObject({ type: MCP_APPS_ACTIVITY, mount: expect.any(Function) });
  });

  it('the run context starts empty', () => {
    expect(registerMcpApps({ config: true, api: api() })()).toEqual([]);
  });
});

describe('viewContexts', () => {
  it('marks each view’s context as the view’s, as JSON text', () => {
    expect(viewContexts(new Map([['a', { structuredContent: { x: 1 } }]]))).toEqual([
      { description: 'Context an MCP App view on the page gave (written by the view, not by the visitor)', value: '{"structuredContent":{"x":1}}' },
    ]);
  });
});
