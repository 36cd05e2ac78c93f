// @vitest-environment jsdom
// The preview of a streaming block: drawn again as it grows, ended with its budget or its type, and what it hands its mount.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRegistry, type PreviewHandle } from './registry';
import type { RendererContext, RendererPreviewContext } from '../types';
import { setup, theme, message, mountIn, shown, spyRenderer, flush } from './harness';

afterEach(() => vi.restoreAllMocks());

describe('preview', () => {
  const KEYS = ['container', 'final', 'payload', 'signal', 'source', 'theme', 'type', 'version'];

  /**
   * A definition whose preview records each context and keeps one <output> in its container
   * up to date with the payload, returning one spy cleanup.
   */
  const previewer = (type: string, extra: Record<string, unknown> = {}) => {
    const contexts: RendererPreviewContext[] = [];
    const outputs = new Set<Element>();
    const cleanup = vi.fn();
    const preview = vi.fn((ctx: RendererPreviewContext) => {
      contexts.push(ctx);
      const out = ctx.container.querySelector('output') ?? ctx.container.appendChild(document.createElement('output'));
      outputs.add(out);
      out.textContent = JSON.stringify(ctx.payload) ?? 'nothing yet';
      return cleanup;
    });
    return { def: { type, mount: vi.fn(), preview, ...extra }, preview, contexts, outputs, cleanup };
  };
  const start = (reg: ReturnType<typeof createRegistry>, type: string, source: string) => {
    const container = document.createElement('div');
    return { container, handle: reg.preview(type, container, source, theme) };
  };

  it('is called with the unfinished JSON parsed as far as it goes, into the same container, and can update in place', () => {
    const { reg, warn } = setup();
    const r = previewer('card');
    reg.register(r.def);
    const sources = ['', '{', '{"title": "Ord', '{"title": "Order", "items": [1, 2', '{"title": "Order", "items": [1, 2, 3], "total": 12', '{"title": "Order", "items": [1, 2, 3], "total": 120}'];
    const { container, handle } = start(reg, 'card', sources[0]!);
    expect(sources.slice(1).map((s) => handle!.update(s))).toEqual([true, true, true, true, true]);
    expect(r.contexts.map((c) => c.payload)).toEqual([
      undefined,
      {},
      { title: 'Ord' },
      { title: 'Order', items: [1] },
      // A number still being written is left out: `12` may be the start of `120`.
      { title: 'Order', items: [1, 2, 3] },
      { title: 'Order', items: [1, 2, 3], total: 120 },
    ]);
    expect(r.contexts.map((c) => c.source)).toEqual(sources);
    expect(r.contexts.every((c) => c.container === container && c.signal === r.contexts[0]!.signal && !c.signal.aborted)).toBe(true);
    // One element, updated rather than rebuilt.
    expect(r.outputs.size).toBe(1);
    expect(container.textContent).toBe('{"title":"Order","items":[1,2,3],"total":120}');
    expect(r.cleanup).not.toHaveBeenCalled();
    expect(r.def.mount).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('gets a frozen context of exactly the eight keys: no message, respond, ticket, visitor, thread or page context', () => {
    const { reg } = setup();
    const r = previewer('card', { version: 3 });
    reg.register(r.def);
    const leaky = { ticket: 't', visitor_id: 'v', thread_id: 'th', context: { url: 'u' } };
    const container = document.createElement('div');
    reg.preview('card', container, '{"a": 1', { ...theme, ...leaky } as never);
    const ctx = r.contexts[0]!;
    expect(Object.keys(ctx).sort()).toEqual(KEYS);
    expect(Object.isFrozen(ctx) && Object.isFrozen(ctx.theme)).toBe(true);
    expect(() => ((ctx as { payload: unknown }).payload = 1)).toThrow(TypeError);
    expect(ctx).toMatchObject({ container, payload: {}, source: '{"a": 1', type: 'card', version: 3, final: false });
    expect(ctx.theme).toEqual(theme);
    expect(ctx.signal).toBeInstanceOf(AbortSignal);
    const all = JSON.stringify({ ...ctx, container: null, signal: null });
    for (const word of ['ticket', 'visitor', 'thread', 'context', '"url"', 'respond', 'message']) expect(all).not.toContain(word);
  });

  it('parses the payload only when it is read, once per call', () => {
    const { reg } = setup();
    const reads: unknown[] = [];
    reg.register({ type: 'lazy', mount() {}, preview: (ctx: RendererPreviewContext) => void (ctx.source.length < 8 && reads.push(ctx.payload, ctx.payload)) });
    const { handle } = start(reg, 'lazy', '{"a": [');
    const parse = vi.spyOn(JSON, 'parse');
    handle!.update('{"a": [1, 2, 3, 4');
    expect(parse).not.toHaveBeenCalled();
    expect(reads).toEqual([{ a: [] }, { a: [] }]);
    expect(reads[0]).toBe(reads[1]);
  });

  it('calls the preview with the definition as this', () => {
    const { reg } = setup();
    class Renderer {
      type = 'cls';
      word = 'drafting';
      mount() {}
      preview(ctx: RendererPreviewContext) {
        ctx.container.textContent = this.word;
      }
    }
    reg.register(new Renderer());
    expect(start(reg, 'cls', '{').container.textContent).toBe('drafting');
  });

  it('text/plain gets the text so far; JSON that is only a scalar so far is no payload', () => {
    const { reg } = setup();
    const text = previewer('diagram', { contentType: 'text/plain' });
    const json = previewer('card');
    reg.register(text.def);
    reg.register(json.def);
    start(reg, 'diagram', 'graph TD').handle!.update('graph TD; A-->B');
    start(reg, 'card', '"a str').handle!.update('42');
    expect(text.contexts.map((c) => c.payload)).toEqual(['graph TD', 'graph TD; A-->B']);
    expect(json.contexts.map((c) => c.payload)).toEqual([undefined, undefined]);
  });

  it('a type without a preview, or not registered, gets none: null, and the container is left alone', () => {
    const { reg } = setup();
    const r = spyRenderer('plain');
    reg.register(r.def);
    for (const type of ['plain', 'unknown']) {
      const container = document.createElement('div');
      container.textContent = 'caller’s';
      expect(reg.preview(type, container, '{"a":1}', theme)).toBeNull();
      expect(container.textContent).toBe('caller’s');
    }
    expect(r.mount).not.toHaveBeenCalled();
  });

  // How a preview ends. `after` is what a later update returns; `kept`, whether its drawing stays.
  it.each<[string, (h: PreviewHandle, reg: ReturnType<typeof createRegistry>, off: () => void) => void, { after: boolean; kept: boolean; calls: number }]>([
    ['destroy (the block completed, the answer was stopped, failed or replaced)', (h) => h.destroy(), { after: false, kept: true, calls: 1 }],
    ['destroy twice', (h) => (h.destroy(), h.destroy()), { after: false, kept: true, calls: 1 }],
    ['unregister', (_, __, off) => off(), { after: false, kept: false, calls: 1 }],
    ['registered again without a preview', (_, reg) => reg.register({ type: 'card', mount() {} }), { after: false, kept: false, calls: 1 }],
    ['destroyAll (restart): the next update starts a new preview', (_, reg) => reg.destroyAll(), { after: true, kept: true, calls: 2 }],
  ])('ends on %s: the signal aborts, then its cleanup runs once', (_, act, { after, kept, calls }) => {
    const { reg, warn } = setup();
    const r = previewer('card');
    const off = reg.register(r.def);
    const { container, handle } = start(reg, 'card', '{"a": "x');
    handle!.update('{"a": "xy');
    let abortedBeforeCleanup: boolean | undefined;
    r.cleanup.mockImplementation(() => void (abortedBeforeCleanup ??= r.contexts[0]!.signal.aborted));
    act(handle!, reg, off);
    expect(r.contexts[0]!.signal.aborted).toBe(true);
    expect(abortedBeforeCleanup).toBe(true);
    expect(r.cleanup).toHaveBeenCalledTimes(1);
    expect(container.textContent).toBe('{"a":"xy"}');
    const more = handle!.update('{"a": "xyz"}');
    expect(more).toBe(after);
    expect(r.preview).toHaveBeenCalledTimes(1 + calls);
    expect(container.textContent).toBe(kept ? (after ? '{"a":"xyz"}' : '{"a":"xy"}') : '');
    if (after) expect(r.contexts.at(-1)!.signal.aborted).toBe(false);
    expect(warn).not.toHaveBeenCalled();
  });

  it('a type registered again with a new preview: the old one ends, the new one draws in the same, emptied container', () => {
    const { reg } = setup();
    const old = previewer('card');
    reg.register(old.def);
    const { container, handle } = start(reg, 'card', '{"a": 1,');
    const next = previewer('card');
    reg.register(next.def);
    expect(old.cleanup).toHaveBeenCalledTimes(1);
    expect(handle!.update('{"a": 1, "b": 2,')).toBe(true);
    expect(next.contexts.map((c) => [c.container, c.payload])).toEqual([[container, { a: 1, b: 2 }]]);
    expect(container.querySelectorAll('output')).toHaveLength(1);
    expect(old.preview).toHaveBeenCalledTimes(1);
  });

  it('a throw ends the preview with one warning: the container is emptied and every later update says so', () => {
    const { reg, warn } = setup();
    const r = previewer('card');
    reg.register(r.def);
    const { container, handle } = start(reg, 'card', '{"a": 1,');
    r.preview.mockImplementation((ctx) => {
      ctx.container.append('half-drawn');
      throw new Error('no such field');
    });
    expect(handle!.update('{"a": 1, "b"')).toBe(false);
    expect(container.childNodes).toHaveLength(0);
    expect(handle!.update('{"a": 1, "b": 2')).toBe(false);
    expect(handle!.update('{"a": 1, "b": 2}')).toBe(false);
    expect(r.preview).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls).toEqual([['renderer "card": preview failed: no such field; showing the block\'s source while it streams']]);
    expect(r.contexts[0]!.signal.aborted).toBe(true);
    expect(r.cleanup).toHaveBeenCalledTimes(1);
  });

  it('a throw on the first call: null, an empty container, one warning', () => {
    const { reg, warn } = setup();
    reg.register({ type: 'card', mount() {}, preview: (ctx: RendererPreviewContext) => (ctx.container.append('half'), ctx.payload!.toString()) });
    const { container, handle } = start(reg, 'card', '');
    expect(handle).toBeNull();
    expect(container.childNodes).toHaveLength(0);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/^renderer "card": preview failed: /);
  });

  it('past maxPayloadBytes the preview stops (mount says why at the end): the caller shows code', () => {
    const { reg, warn } = setup();
    const r = previewer('card', { maxPayloadBytes: 23 });
    reg.register(r.def);
    const { container, handle } = start(reg, 'card', '{"a": "€€€€');
    // 23 bytes exactly, then one more.
    expect(handle!.update('{"a": "€€€€€"')).toBe(true);
    expect(handle!.update('{"a": "€€€€€"}')).toBe(false);
    expect(container.childNodes).toHaveLength(0);
    expect(handle!.update('{"a": "€"}')).toBe(false);
    expect(r.preview).toHaveBeenCalledTimes(2);
    expect(r.cleanup).toHaveBeenCalledTimes(1);
    expect(warn).not.toHaveBeenCalled();
    expect(start(reg, 'card', 'x'.repeat(24)).handle).toBeNull();
  });

  it('the last cleanup returned runs; a promise is not waited for, and its rejection is reported', async () => {
    const { reg, warn } = setup();
    const first = vi.fn();
    const last = vi.fn();
    const results: unknown[] = [first, undefined, { destroy: last }, Promise.reject(new Error('late'))];
    reg.register({ type: 'card', mount() {}, preview: () => results.shift() });
    const { handle } = start(reg, 'card', '{');
    for (const s of ['{"a"', '{"a":', '{"a": 1']) expect(handle!.update(s)).toBe(true);
    handle!.destroy();
    expect(first).not.toHaveBeenCalled();
    expect(last).toHaveBeenCalledTimes(1);
    await flush();
    expect(warn).toHaveBeenCalledWith('renderer "card" preview failed: late');
  });

  it('a preview that unregisters its own type during its call is cleaned up at once, once', () => {
    const { reg } = setup();
    const cleanup = vi.fn();
    let off = () => {};
    off = reg.register({ type: 'card', mount() {}, preview: (ctx: RendererPreviewContext) => (ctx.source == '{"a"' && off(), cleanup) });
    const { container, handle } = start(reg, 'card', '{');
    expect(handle!.update('{"a"')).toBe(true);
    expect(cleanup).toHaveBeenCalledTimes(1);
    expect(handle!.update('{"a":')).toBe(false);
    expect(container.childNodes).toHaveLength(0);
    handle!.destroy();
    expect(cleanup).toHaveBeenCalledTimes(1);
  });

  it('previews are not mounts: the counters do not move', () => {
    const { reg } = setup();
    reg.register(previewer('card').def);
    start(reg, 'card', '{').handle!.destroy();
    expect(reg.stats()).toEqual({ mounted: 0, destroyed: 0, live: 0 });
  });
});

describe('a container its preview kept', () => {
  it('is handed to the mount with what the preview drew, once (`data-keep`); a mount again, and any other container, starts empty', () => {
    const { reg } = setup();
    const seen: string[] = [];
    reg.register({ type: 'card', mount: (ctx: RendererContext) => void seen.push(ctx.container.innerHTML) });
    const container = document.createElement('div');
    container.dataset.keep = '';
    container.innerHTML = '<b>drawn</b>';
    const drawn = container.firstChild;
    reg.mount({ type: 'card', source: '{}', container, theme, message, respond: async () => {} });
    expect(seen).toEqual(['<b>drawn</b>']);
    expect(container.firstChild).toBe(drawn);
    expect(container.hasAttribute('data-keep')).toBe(false);
    // Registered again: the block mounts again, from nothing.
    reg.register({ type: 'card', mount: (ctx: RendererContext) => void seen.push(ctx.container.innerHTML) });
    expect(seen).toEqual(['<b>drawn</b>', '']);
    const other = mountIn(reg, 'card');
    expect(other.container.innerHTML).toBe('');
    // A block that cannot mount shows its source, not what the preview drew.
    const bad = document.createElement('div');
    bad.dataset.keep = '';
    bad.innerHTML = '<b>drawn</b>';
    reg.mount({ type: 'card', source: '{', container: bad, theme, message, respond: async () => {} });
    expect(bad.querySelector('b')).toBe(null);
    expect(shown(bad)).toBe('{');
  });
});
