import { describe, expect, expectTypeOf, it } from 'vitest';
import { EN_ALL } from '../widget/ui/i18n/english';
import { loadModule, type ModuleName } from '../widget/modules';
import type { McpAppsModule } from '../widget/transport/ag-ui/mcp-apps';
import { loadRenderer, type RendererModuleName } from './modules';

// Unit tests run the self-contained build's path (vitest.config.ts defines __BAILING_SPLIT__ as
// false): every module comes from the bundle, and the script's URL is never used to fetch one.
const HUB_THAT_SERVES_NOTHING = 'https://hub.invalid/widget.js';

const CORE: { name: ModuleName; exports: string[] }[] = [
  { name: 'i18n/zh-CN', exports: ['strings'] },
  { name: 'i18n/english', exports: ['EN_ALL', 'readOverrides', 'slotsOf', 'tableFromValues'] },
  { name: 'uploader', exports: ['createUploader'] },
];
const RENDERERS: { name: RendererModuleName; exports: string[] }[] = [
  { name: 'renderers/bailing-form', exports: ['mount'] },
  { name: 'renderers/sandbox', exports: ['mount', 'preview'] },
];

describe('loadModule and loadRenderer (self-contained build)', () => {
  it.each(CORE)("the core's $name comes from the bundle with its exports", async ({ name, exports }) => {
    const module = await loadModule(name, HUB_THAT_SERVES_NOTHING);
    expect(Object.keys(module).sort()).toEqual(exports);
  });

  it.each(RENDERERS)('the built-in $name comes from the bundle with its exports', async ({ name, exports }) => {
    const module = await loadRenderer(name, HUB_THAT_SERVES_NOTHING);
    expect(Object.keys(module).sort()).toEqual(exports);
  });

  it('returns the same module instance on every call (its top level runs once)', async () => {
    const first = await loadRenderer('renderers/bailing-form', HUB_THAT_SERVES_NOTHING);
    expect(await loadRenderer('renderers/bailing-form', 'https://other.invalid/x/widget.js')).toBe(first);
    const uploader = await loadModule('uploader', HUB_THAT_SERVES_NOTHING);
    expect(await loadModule('uploader', 'https://other.invalid/x/widget.js')).toBe(uploader);
  });

  it("the Chinese module translates every text of the widget, its modules' too, and only those", async () => {
    const { strings } = await loadModule('i18n/zh-CN', HUB_THAT_SERVES_NOTHING);
    // Every text: the core's and those the optional modules bring in English (widget/ui/i18n/english.ts).
    const all: Record<string, string> = { ...EN_ALL };
    expect(Object.keys(strings).sort()).toEqual(Object.keys(all).sort());
    for (const [key, text] of Object.entries(strings)) expect(text, key).not.toBe(all[key]);
  });

  it('the MCP Apps host is the module the AG-UI transport expects (checked by tsc)', () => {
    expectTypeOf<typeof import('../renderers/mcp-apps/module')>().toMatchTypeOf<McpAppsModule>();
  });
});
