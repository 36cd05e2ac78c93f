import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROOT_DIR } from '../app';
import { bannerLines, demoPages } from './banner';

describe('the start banner', () => {
  it('lists every demo page, / first, each with its title', () => {
    const pages = demoPages(DEFAULT_ROOT_DIR);
    const files = readdirSync(join(DEFAULT_ROOT_DIR, 'examples/pages')).filter((f) => f.endsWith('.html'));
    expect(pages).toHaveLength(files.length);
    expect(pages[0]).toEqual({ path: '/', title: 'Scheduling nightly backups' });
    expect(pages.map((p) => p.path)).toContain('/pages/ag-ui.html');
    for (const page of pages) expect(page.title).not.toMatch(/—|\.html$/);
  });

  it('prints one line per page under the address', () => {
    const lines = bannerLines({ mode: 'demo agent', dbPath: ':memory:', url: 'http://127.0.0.1:8787', publicOrigin: 'http://127.0.0.1:8787', pages: [{ path: '/', title: 'Home' }, { path: '/pages/ag-ui.html', title: 'AG-UI agent' }] });
    expect(lines).toEqual([
      'Bailing reference server (demo agent), database :memory:',
      'Listening on http://127.0.0.1:8787; public origin http://127.0.0.1:8787',
      'Demo pages:',
      '  http://127.0.0.1:8787/                  Home',
      '  http://127.0.0.1:8787/pages/ag-ui.html  AG-UI agent',
      'AG-UI agent: POST http://127.0.0.1:8787/agui/demo_assistant; Petstore API fake: http://127.0.0.1:8787/petstore/v1',
    ]);
  });
});
