import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { emailPack, searchPack, storesPack } from './builtin';
import { frameScript } from './frame-script';

/** Runs the script in a context shaped like the frame after the bridge: a window with `__sbxCall`. */
function runInFrame(script: string) {
  const calls: unknown[] = [];
  const window: Record<string, unknown> = {};
  Object.defineProperty(window, '__sbxCall', { value: (name: string, args: unknown[]) => (calls.push([name, args]), Promise.resolve(name)), configurable: true });
  runInNewContext(script, { window, Object });
  return { window, calls };
}
const fn = async () => [];

describe('frameScript: the view’s functions', () => {
  const packs = [searchPack(fn), storesPack(fn, fn), emailPack(fn)];

  it('is empty without packs (the document then has no second script)', () => {
    expect(frameScript([])).toBe('');
  });

  it('defines each global, forwards name and arguments to the bridge, and removes __sbxCall', async () => {
    const { window, calls } = runInFrame(frameScript(packs));
    expect(Object.keys(window)).toEqual(['documentSearch', 'stores', 'sendEmail']);
    expect('__sbxCall' in window).toBe(false);
    const w = window as { documentSearch: Function; stores: { list: Function; read: Function }; sendEmail: Function };
    expect(await w.documentSearch('refunds', 3)).toBe('documentSearch');
    await w.stores.list();
    await w.stores.read('doc-1');
    await w.sendEmail({ to: 'a@b.c' });
    expect(calls).toEqual([
      ['documentSearch', ['refunds', 3]],
      ['stores.list', []],
      ['stores.read', ['doc-1']],
      ['sendEmail', [{ to: 'a@b.c' }]],
    ]);
  });

  it('the globals cannot be replaced by assignment, nor an object pack’s members', () => {
    const { window } = runInFrame(frameScript(packs));
    const before = window.documentSearch;
    expect(() => runInNewContext('"use strict"; window.documentSearch = 1', { window })).toThrow(/read only/);
    expect(window.documentSearch).toBe(before);
    expect(Object.isFrozen(window.stores)).toBe(true);
  });

  it('holds the names only as JSON strings (no text of a spec or of the model)', () => {
    const script = frameScript([{ global: 'petstore', members: ['listPets'], functions: [] }]);
    expect(script).toContain('d("petstore",Object.freeze({"listPets":f("petstore.listPets")}));');
    expect(() => new Function(script)).not.toThrow();
  });
});

describe('the packs’ script in the view’s document', () => {
  it('is the second script, right after the bridge and before the model’s, escaped like the others', async () => {
    const { JSDOM } = await import('jsdom');
    const { buildSandboxDocument } = await import('../document');
    const { validateSandboxPolicy } = await import('../policy');
    const policy = (validateSandboxPolicy(undefined) as { ok: true; policy: import('../policy').SandboxPolicy }).policy;
    const packScript = frameScript([searchPack(fn)]);
    const html = buildSandboxDocument({ html: '<p>x</p>', jsExpressions: ['documentSearch("q")'] }, policy, { accent: '#2563eb', mode: 'light' }, 'bridge()', packScript);
    const scripts = [...new JSDOM(html).window.document.querySelectorAll('script')].map((s) => s.textContent);
    expect(scripts).toEqual(['bridge()', packScript, 'documentSearch("q")']);
    // Without packs the document is as before: the bridge, then the model's scripts.
    const plain = buildSandboxDocument({ html: '<p>x</p>', jsExpressions: ['1'] }, policy, { accent: '#2563eb', mode: 'light' }, 'bridge()', '');
    expect([...new JSDOM(plain).window.document.querySelectorAll('script')].map((s) => s.textContent)).toEqual(['bridge()', '1']);
  });
});
