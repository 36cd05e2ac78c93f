import { describe, expect, it } from 'vitest';
import { hubAssetUrl } from './hub-asset';

describe('hubAssetUrl', () => {
  // [title, config value, hub base, URL loaded (null: refused)]
  const cases: [string, string, string, string | null][] = [
    ['a hub-relative path', '/uploads/avatar.png', 'https://hub.example', 'https://hub.example/uploads/avatar.png'],
    ['against a hub under a path', '/uploads/a.png', 'https://x.example/hub', 'https://x.example/hub/uploads/a.png'],
    ['against a local http hub', '/uploads/a.png', 'http://127.0.0.1:8787', 'http://127.0.0.1:8787/uploads/a.png'],
    ['with a query', '/img?id=7', 'https://hub.example', 'https://hub.example/img?id=7'],
    ['an absolute https URL', 'https://cdn.example/a.png', 'https://hub.example', 'https://cdn.example/a.png'],
    ['an absolute https URL, whatever the hub', 'https://cdn.example/a.png', 'http://127.0.0.1:8787', 'https://cdn.example/a.png'],
    ['protocol-relative: any host', '//evil.example/a.png', 'https://hub.example', null],
    ['a backslash path that browsers read as //', '/\\evil.example/a.png', 'https://hub.example', 'https://hub.example//evil.example/a.png'],
    ['a path that tries to change host', '/@evil.example/a.png', 'https://hub.example', 'https://hub.example/@evil.example/a.png'],
    ['http', 'http://cdn.example/a.png', 'https://hub.example', null],
    ['javascript', 'javascript:alert(1)', 'https://hub.example', null],
    ['data', 'data:image/svg+xml,<svg onload=alert(1)>', 'https://hub.example', null],
    ['relative without /', 'uploads/a.png', 'https://hub.example', null],
    ['garbage', 'not a url', 'https://hub.example', null],
  ];
  it.each(cases)('%s', (_title, value, base, expected) => {
    const r = hubAssetUrl(value, base);
    if (expected === null) {
      expect(r).toHaveProperty('refused');
      expect((r as { refused: string }).refused).toContain(value.slice(0, 20));
    } else {
      expect(r).toEqual({ url: expected });
    }
  });
});
