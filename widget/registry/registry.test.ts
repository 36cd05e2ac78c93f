// @vitest-environment jsdom
// The registry's mounts: replaced and unregistered types, the context a renderer gets, payload
// checks, lifecycle, respond, groups and counters, and the region a mounted block is.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MountRequest } from './registry';
import type { RendererContext } from '../types';
import { setup, theme, message, mountIn, shown, spyRenderer, flush } from './harness';

afterEach(() => vi.restoreAllMocks());

describe('replace and unregister', () => {
  it('replacing a type destroys its live mounts once and mounts the new definition', async () => {
    const { reg } = setup();
    const a = spyRenderer('x');
    const b = spyRenderer('x', { version: 2 });
    const other = spyRenderer('y');
    reg.register(a.def);
    reg.register(other.def);
    const { container, handle } = mountIn(reg, 'x');
    mountIn(reg, 'y');
    expect(await handle.settled).toBe('mounted');

    reg.register(b.def);
    expect(a.cleanup).toHaveBeenCalledTimes(1);
    expect(a.contexts[0]!.signal.aborted).toBe(true);
    expect(b.mount).toHaveBeenCalledTimes(1);
    expect(b.contexts[0]!.container).toBe(container);
    expect(b.contexts[0]!.version).toBe(2);
    expect(container.textContent).toBe('x rendered');
    expect(other.mount).toHaveBeenCalledTimes(1);
    expect(other.cleanup).not.toHaveBeenCalled();
    expect(await handle.settled).toBe('mounted');

    handle.destroy();
    expect(b.cleanup).toHaveBeenCalledTimes(1);
    expect(a.cleanup).toHaveBeenCalledTimes(1);
    expect(container.childNodes.length).toBe(0);
  });

  it('unregister is idempotent, and an old handle does not remove a replacement', () => {
    const { reg } = setup();
    const first = reg.register({ type: 'x', mount() {} });
    const second = reg.register({ type: 'x', mount() {} });
    first();
    first();
    expect(reg.has('x')).toBe(true);
    second();
    second();
    expect(reg.has('x')).toBe(false);
    // Registering the same object again is a new registration; the old handle stays inert.
    const def = { type: 'x', mount() {} };
    const u1 = reg.register(def);
    const u2 = reg.register(def);
    u1();
    expect(reg.has('x')).toBe(true);
    u2();
    expect(reg.has('x')).toBe(false);
  });

  it('unregister destroys live mounts once and shows the fallback code block', () => {
    const { reg, warn } = setup();
    const r = spyRenderer('x');
    const unregister = reg.register(r.def);
    const { container, handle } = mountIn(reg, 'x', '{"b":2}');
    unregister();
    expect(r.cleanup).toHaveBeenCalledTimes(1);
    expect(r.contexts[0]!.signal.aborted).toBe(true);
    expect(shown(container)).toBe('{"b":2}');
    expect(container.querySelector('code')!.dataset.language).toBe('x');
    expect(warn).not.toHaveBeenCalled();
    handle.destroy();
    expect(r.cleanup).toHaveBeenCalledTimes(1);
    expect(container.childNodes.length).toBe(0);
    expect(reg.stats()).toEqual({ mounted: 1, destroyed: 1, live: 0 });
  });

  it('each mount starts from an empty container: placeholder and old renderer output are gone', () => {
    const { reg } = setup();
    const appending = (text: string) => ({ type: 'x', mount: (c: RendererContext) => void c.container.append(text) });
    reg.register(appending('old'));
    const container = document.createElement('div');
    container.textContent = 'placeholder';
    reg.mount({ type: 'x', source: '{}', container, theme, message, respond: async () => {} });
    expect(container.textContent).toBe('old');
    reg.register(appending('new'));
    expect(container.textContent).toBe('new');
  });

  it('a block shown as code for an unknown type mounts once the type is registered', async () => {
    const { reg } = setup();
    const { container, handle } = mountIn(reg, 'late', '[1]');
    expect(await handle.settled).toBe('fallback');
    expect(shown(container)).toBe('[1]');
    const r = spyRenderer('late');
    reg.register(r.def);
    expect(r.contexts[0]!.payload).toEqual([1]);
    expect(container.textContent).toBe('late rendered');
    expect(await handle.settled).toBe('mounted');
  });

  it('a mount destroyed by a sibling’s cleanup during a replacement is not re-mounted', () => {
    const { reg } = setup();
    const group = reg.createGroup();
    // The first block's cleanup tears down its whole message, as a conversation layer might.
    reg.register({ type: 'x', mount: () => () => group.destroyAll() });
    group.add(mountIn(reg, 'x').handle);
    const second = group.add(mountIn(reg, 'x').handle);
    const next = spyRenderer('x');
    reg.register(next.def);
    expect(next.mount).toHaveBeenCalledTimes(1);
    expect(reg.stats()).toEqual({ mounted: 3, destroyed: 2, live: 1 });
    second.destroy();
    expect(reg.stats().live).toBe(1);
  });

  it('a second destroy leaves alone whatever the container holds by then', () => {
    const { reg } = setup();
    reg.register({ type: 'x', mount() {} });
    const { handle, container } = mountIn(reg, 'x');
    handle.destroy();
    container.textContent = 'reused';
    handle.destroy();
    expect(container.textContent).toBe('reused');
  });

  it('a destroyed handle is not re-mounted by a later registration', () => {
    const { reg } = setup();
    const { handle } = mountIn(reg, 'x');
    handle.destroy();
    const r = spyRenderer('x');
    reg.register(r.def);
    expect(r.mount).not.toHaveBeenCalled();
  });
});

describe('context', () => {
  const KEYS = ['container', 'message', 'payload', 'respond', 'signal', 'source', 'theme', 'type', 'version'];

  it('has exactly the nine keys, frozen, with frozen copies of theme and message', () => {
    const { reg } = setup();
    const r = spyRenderer('x', { version: 4 });
    reg.register(r.def);
    const { container } = mountIn(reg, 'x', ' {"a":1} ');
    const ctx = r.contexts[0]!;
    expect(Object.keys(ctx).sort()).toEqual(KEYS);
    expect(Object.isFrozen(ctx)).toBe(true);
    expect(() => ((ctx as { payload: unknown }).payload = 1)).toThrow(TypeError);
    expect(ctx).toMatchObject({ container, payload: { a: 1 }, source: ' {"a":1} ', type: 'x', version: 4 });
    expect(ctx.signal).toBeInstanceOf(AbortSignal);
    expect(ctx.signal.aborted).toBe(false);

    expect(ctx.theme).toEqual(theme);
    expect(Object.isFrozen(ctx.theme)).toBe(true);
    expect(ctx.message).not.toBe(message);
    expect(Object.isFrozen(ctx.message)).toBe(true);
    expect(Object.isFrozen(ctx.message.responses)).toBe(true);
    expect(Object.isFrozen(ctx.message.responses[0])).toBe(true);
    // Response summaries carry no submitted values.
    expect(ctx.message).toEqual({ jobId: 'job_1', responses: [{ type: 'bailing-form', version: 1, source_job_id: 'job_0', form_id: 'f' }], restored: false });
    expect(Object.keys(ctx.message.responses[0]!)).toEqual(['type', 'version', 'source_job_id', 'form_id']);
  });

  it.each([
    { title: 'an answer as it arrived (no restored in the request)', restored: undefined, seen: false },
    { title: 'an answer drawn again from the history', restored: true, seen: true },
    { title: 'a non-boolean is read as a boolean', restored: 'yes' as unknown as boolean, seen: true },
  ])('message.restored: $title', ({ restored, seen }) => {
    const { reg } = setup();
    const r = spyRenderer('x');
    reg.register(r.def);
    mountIn(reg, 'x', '{"a":1}', { message: { ...message, ...(restored === undefined ? {} : { restored }) } });
    expect(r.contexts[0]!.message.restored).toBe(seen);
  });

  it('never carries identity or page context, however the caller calls mount', () => {
    const { reg } = setup();
    const r = spyRenderer('x');
    reg.register(r.def);
    const leaky = { ticket: 't', visitor_id: 'v', thread_id: 'th', context: { url: 'u' } };
    mountIn(reg, 'x', '{}', { ...leaky, theme: { ...theme, ...leaky }, message: { ...message, ...leaky } } as Partial<MountRequest>);
    const ctx = r.contexts[0]!;
    expect(Object.keys(ctx).sort()).toEqual(KEYS);
    const all = JSON.stringify({ ...ctx, container: null, signal: null });
    for (const word of ['ticket', 'visitor', 'thread', 'context', '"url"']) expect(all).not.toContain(word);
  });

  it('each mount gets its own signal', () => {
    const { reg } = setup();
    const r = spyRenderer('x');
    reg.register(r.def);
    mountIn(reg, 'x');
    const { handle } = mountIn(reg, 'x');
    handle.destroy();
    expect(r.contexts.map((c) => c.signal.aborted)).toEqual([false, true]);
  });
});

describe('payload checks', () => {
  it.each([
    ['exactly the limit in UTF-8 bytes', '€'.repeat(10), 'mounted'],
    ['one byte over', '€'.repeat(10) + 'a', 'fallback'],
  ])('text/plain, %s → %s', async (_, source, outcome) => {
    const { reg, warn } = setup();
    const r = spyRenderer('txt', { contentType: 'text/plain', maxPayloadBytes: 30 });
    reg.register(r.def);
    const { handle, container } = mountIn(reg, 'txt', source);
    expect(await handle.settled).toBe(outcome);
    if (outcome === 'mounted') {
      expect(r.contexts[0]!.payload).toBe(source);
      expect(warn).not.toHaveBeenCalled();
    } else {
      expect(r.mount).not.toHaveBeenCalled();
      expect(shown(container)).toBe(source);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('exceeds 30 bytes'));
    }
  });

  it.each([
    ['exactly the limit', '["€€€"]', 'mounted'],
    ['one byte over', '["€€€" ]', 'fallback'],
  ])('JSON with multibyte text, %s → %s', async (_, source, outcome) => {
    const { reg } = setup();
    reg.register({ type: 'j', maxPayloadBytes: 13, mount() {} });
    expect(await mountIn(reg, 'j', source).handle.settled).toBe(outcome);
  });

  it.each([
    ['invalid JSON', '{"a": ', 'not valid JSON'],
    ['a number', '42', 'object or array (got number)'],
    ['a string', '"x"', 'object or array (got string)'],
    ['null', 'null', 'object or array (got null)'],
    ['a boolean', 'true', 'object or array (got boolean)'],
  ])('%s falls back to the code block and warns', async (_, source, reason) => {
    const { reg, warn } = setup();
    const r = spyRenderer('x');
    reg.register(r.def);
    const { handle, container } = mountIn(reg, 'x', source);
    expect(await handle.settled).toBe('fallback');
    expect(r.mount).not.toHaveBeenCalled();
    expect(shown(container)).toBe(source);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(reason));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('renderer "x"'));
  });

  it('an array is a payload; text/plain gets JSON-looking text as a string', () => {
    const { reg } = setup();
    const arr = spyRenderer('arr');
    const txt = spyRenderer('txt', { contentType: 'text/plain' });
    reg.register(arr.def);
    reg.register(txt.def);
    mountIn(reg, 'arr', '[1,{"b":2}]');
    mountIn(reg, 'txt', '42');
    expect(arr.contexts[0]!.payload).toEqual([1, { b: 2 }]);
    expect(txt.contexts[0]!.payload).toBe('42');
  });

  it('an unknown type falls back without a warning and without counting as a mount', async () => {
    const { reg, warn } = setup();
    const { handle, container } = mountIn(reg, 'python', 'print(1)');
    expect(await handle.settled).toBe('fallback');
    expect(shown(container)).toBe('print(1)');
    expect(container.querySelector('code')!.dataset.language).toBe('python');
    expect(warn).not.toHaveBeenCalled();
    expect(reg.stats()).toEqual({ mounted: 0, destroyed: 0, live: 0 });
  });
});

describe('mount return values and lifecycle', () => {
  class Destroyable {
    calls = 0;
    destroy() {
      this.calls++; // `this` must be the object
    }
  }

  it.each<[string, (cleanup: () => void) => unknown]>([
    ['a cleanup function', (cleanup) => cleanup],
    ['an object with destroy()', (cleanup) => ({ destroy: cleanup })],
    ['a Promise of a function', (cleanup) => Promise.resolve(cleanup)],
    ['a Promise of an object with destroy()', (cleanup) => Promise.resolve({ destroy: cleanup })],
    ['a thenable of a function', (cleanup) => ({ then: (ok: (v: unknown) => void) => (ok(cleanup), ok(() => {})) })],
  ])('%s: cleanup runs exactly once on destroy', async (_, make) => {
    const { reg } = setup();
    const cleanup = vi.fn();
    let ctx!: RendererContext;
    reg.register({ type: 'x', mount: (c: RendererContext) => ((ctx = c), c.container.append('hi'), make(cleanup)) });
    const { handle, container } = mountIn(reg, 'x');
    expect(await handle.settled).toBe('mounted');
    expect(cleanup).not.toHaveBeenCalled();
    handle.destroy();
    handle.destroy();
    expect(cleanup).toHaveBeenCalledTimes(1);
    expect(ctx.signal.aborted).toBe(true);
    expect(container.childNodes.length).toBe(0);
    expect(reg.stats()).toEqual({ mounted: 1, destroyed: 1, live: 0 });
  });

  it('calls destroy() as a method of the returned object', async () => {
    const { reg } = setup();
    const d = new Destroyable();
    reg.register({ type: 'x', mount: async () => d });
    const { handle } = mountIn(reg, 'x');
    await handle.settled;
    handle.destroy();
    expect(d.calls).toBe(1);
  });

  it.each([
    ['undefined', undefined],
    ['a Promise of nothing', Promise.resolve()],
    ['an unrelated value', 42],
  ])('returning %s mounts and destroys cleanly', async (_, value) => {
    const { reg, warn } = setup();
    let ctx!: RendererContext;
    reg.register({ type: 'x', mount: (c: RendererContext) => ((ctx = c), value) });
    const { handle } = mountIn(reg, 'x');
    expect(await handle.settled).toBe('mounted');
    handle.destroy();
    expect(ctx.signal.aborted).toBe(true);
    expect(warn).not.toHaveBeenCalled();
    expect(reg.stats().live).toBe(0);
  });

  it('a throwing mount falls back to the code block and warns', async () => {
    const { reg, warn } = setup();
    let ctx!: RendererContext;
    reg.register({
      type: 'x',
      mount(c: RendererContext) {
        ctx = c;
        c.container.append('half-drawn');
        throw new Error('boom');
      },
    });
    const { handle, container } = mountIn(reg, 'x', '{"z":1}');
    expect(await handle.settled).toBe('fallback');
    expect(shown(container)).toBe('{"z":1}');
    expect(container.textContent).not.toContain('half-drawn');
    expect(ctx.signal.aborted).toBe(true);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/renderer "x": mount failed: boom/));
    expect(reg.stats()).toEqual({ mounted: 1, destroyed: 1, live: 0 });
  });

  it('a rejected mount falls back to the code block and warns', async () => {
    const { reg, warn } = setup();
    reg.register({
      type: 'x',
      async mount(c: RendererContext) {
        c.container.append('loading…');
        throw new Error('chart lib failed');
      },
    });
    const { handle, container } = mountIn(reg, 'x', '[]');
    expect(await handle.settled).toBe('fallback');
    expect(shown(container)).toBe('[]');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('chart lib failed'));
    expect(reg.stats().live).toBe(0);
  });

  it('a mount that resolves after destroy has its cleanup run at once, exactly once', async () => {
    const { reg } = setup();
    const cleanup = vi.fn();
    let resolve!: (v: unknown) => void;
    reg.register({ type: 'x', mount: () => new Promise((r) => (resolve = r)) });
    const { handle, container } = mountIn(reg, 'x');
    handle.destroy();
    expect(await handle.settled).toBe('destroyed');
    expect(cleanup).not.toHaveBeenCalled();
    resolve(cleanup);
    await flush();
    expect(cleanup).toHaveBeenCalledTimes(1);
    handle.destroy();
    expect(cleanup).toHaveBeenCalledTimes(1);
    expect(container.childNodes.length).toBe(0);
    expect(reg.stats()).toEqual({ mounted: 1, destroyed: 1, live: 0 });
  });

  it('a mount that rejects after destroy shows nothing and warns nothing', async () => {
    const { reg, warn } = setup();
    let reject!: (e: unknown) => void;
    reg.register({ type: 'x', mount: () => new Promise((_, r) => (reject = r)) });
    const { handle, container } = mountIn(reg, 'x');
    handle.destroy();
    reject(new Error('aborted'));
    await flush();
    expect(container.childNodes.length).toBe(0);
    expect(warn).not.toHaveBeenCalled();
  });

  it('a pending mount replaced by a new definition is cleaned up when it resolves', async () => {
    const { reg } = setup();
    const cleanup = vi.fn();
    let resolve!: (v: unknown) => void;
    reg.register({ type: 'x', mount: () => new Promise((r) => (resolve = r)) });
    const { handle } = mountIn(reg, 'x');
    const first = handle.settled;
    const next = spyRenderer('x');
    reg.register(next.def);
    expect(await first).toBe('destroyed');
    expect(await handle.settled).toBe('mounted');
    resolve(cleanup);
    await flush();
    expect(cleanup).toHaveBeenCalledTimes(1);
    expect(next.cleanup).not.toHaveBeenCalled();
  });

  it('a cleanup that throws (or rejects) is warned about, not propagated', async () => {
    const { reg, warn } = setup();
    reg.register({ type: 'x', mount: () => () => { throw new Error('cleanup bug'); } });
    reg.register({ type: 'y', mount: () => async () => { throw new Error('async cleanup bug'); } });
    const x = mountIn(reg, 'x');
    const y = mountIn(reg, 'y');
    expect(() => x.handle.destroy()).not.toThrow();
    expect(() => y.handle.destroy()).not.toThrow();
    await flush();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/renderer "x" cleanup failed: cleanup bug/));
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/renderer "y" cleanup failed: async cleanup bug/));
    expect(x.container.childNodes.length).toBe(0);
    expect(reg.stats().live).toBe(0);
  });

  it('the signal aborts on destroy, before the cleanup runs', () => {
    const { reg } = setup();
    const order: string[] = [];
    reg.register({
      type: 'x',
      mount(c: RendererContext) {
        c.signal.addEventListener('abort', () => order.push('abort'));
        return () => order.push(c.signal.aborted ? 'cleanup after abort' : 'cleanup before abort');
      },
    });
    mountIn(reg, 'x').handle.destroy();
    expect(order).toEqual(['abort', 'cleanup after abort']);
  });

  it('a mount that unregisters its own type mid-mount is cleaned up at once', () => {
    const { reg } = setup();
    const cleanup = vi.fn();
    const unregister = reg.register({ type: 'x', mount: () => (unregister(), cleanup) });
    const { container } = mountIn(reg, 'x', '{"q":1}');
    expect(cleanup).toHaveBeenCalledTimes(1);
    expect(shown(container)).toBe('{"q":1}');
    expect(reg.stats().live).toBe(0);
  });
});

describe('respond', () => {
  it('forwards with type, version and source job forced, and rejects after destroy', async () => {
    const { reg } = setup();
    const r = spyRenderer('bailing-form', { version: 2 });
    reg.register(r.def);
    const { handle, respond } = mountIn(reg, 'bailing-form');
    const ctx = r.contexts[0]!;
    await ctx.respond({ form_id: 'f', action: 'submit', type: 'evil', source_job_id: 'other' }, { displayText: 'Sent' });
    expect(respond).toHaveBeenCalledWith(
      { form_id: 'f', action: 'submit', type: 'bailing-form', version: 2, source_job_id: 'job_1' },
      { displayText: 'Sent' },
    );
    handle.destroy();
    await expect(ctx.respond({ action: 'cancel' })).rejects.toThrow('renderer destroyed');
    expect(respond).toHaveBeenCalledTimes(1);
  });

  it('rejects a response that is not an object, and passes on the caller’s rejection', async () => {
    const { reg } = setup();
    const r = spyRenderer('x');
    reg.register(r.def);
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    mountIn(reg, 'x', '{}', { respond: failing });
    const ctx = r.contexts[0]!;
    await expect(ctx.respond(null as never)).rejects.toThrow(TypeError);
    await expect(ctx.respond([] as never)).rejects.toThrow(TypeError);
    expect(failing).not.toHaveBeenCalled();
    await expect(ctx.respond({})).rejects.toThrow('offline');
  });

  it('a response from a replaced definition is refused', async () => {
    const { reg } = setup();
    const a = spyRenderer('x');
    reg.register(a.def);
    const { respond } = mountIn(reg, 'x');
    reg.register(spyRenderer('x').def);
    await expect(a.contexts[0]!.respond({})).rejects.toThrow('renderer destroyed');
    expect(respond).not.toHaveBeenCalled();
  });
});

describe('groups, destroyAll and counters', () => {
  it('a group destroys only its own mounts, each once', () => {
    const { reg } = setup();
    const r = spyRenderer('x');
    reg.register(r.def);
    const g1 = reg.createGroup();
    const g2 = reg.createGroup();
    const m1 = g1.add(mountIn(reg, 'x').handle);
    g1.add(mountIn(reg, 'x').handle);
    g2.add(mountIn(reg, 'x').handle);
    m1.destroy();
    g1.destroyAll();
    g1.destroyAll();
    expect(r.cleanup).toHaveBeenCalledTimes(2);
    expect(r.contexts.map((c) => c.signal.aborted)).toEqual([true, true, false]);
    g2.destroyAll();
    expect(r.cleanup).toHaveBeenCalledTimes(3);
  });

  it('after destroyAll every mount has been destroyed, whatever its outcome', async () => {
    const { reg } = setup();
    let resolvePending!: (v: unknown) => void;
    reg.register({ type: 'sync', mount: () => () => {} });
    reg.register({ type: 'async', mount: async () => ({ destroy() {} }) });
    reg.register({ type: 'pending', mount: () => new Promise((r) => (resolvePending = r)) });
    reg.register({ type: 'throws', mount: () => { throw new Error('x'); } });
    reg.register({ type: 'rejects', mount: () => Promise.reject(new Error('y')) });
    const handles = ['sync', 'async', 'pending', 'throws', 'rejects', 'unknown', 'sync'].map((t) => mountIn(reg, t).handle);
    await Promise.all(handles.filter((_, i) => i !== 2).map((h) => h.settled));
    expect(reg.stats()).toEqual({ mounted: 6, destroyed: 2, live: 4 });
    reg.destroyAll();
    expect(reg.stats()).toEqual({ mounted: 6, destroyed: 6, live: 0 });
    resolvePending(() => {});
    await flush();
    expect(reg.stats()).toEqual({ mounted: 6, destroyed: 6, live: 0 });
    expect(await handles[2]!.settled).toBe('destroyed');
    // Definitions survive a restart.
    expect(reg.types()).toEqual(['async', 'pending', 'rejects', 'sync', 'throws']);
  });

  it('replacements count their re-mounts', () => {
    const { reg } = setup();
    reg.register({ type: 'x', mount: () => () => {} });
    mountIn(reg, 'x');
    mountIn(reg, 'x');
    reg.register({ type: 'x', mount: () => () => {} });
    expect(reg.stats()).toEqual({ mounted: 4, destroyed: 2, live: 2 });
    reg.destroyAll();
    expect(reg.stats()).toEqual({ mounted: 4, destroyed: 4, live: 0 });
  });
});

describe('a mounted block is a region named for its renderer', () => {
  it.each([
    ['its label', { type: 'chart', label: 'Sales chart' }, 'Sales chart'],
    ['its type, without a label', { type: 'bailing-chart' }, 'bailing-chart'],
  ])('named by %s', (_title, definition, name) => {
    const { reg } = setup();
    reg.register({ ...definition, mount: () => {} });
    const { container } = mountIn(reg, definition.type);
    expect(container.getAttribute('role')).toBe('region');
    expect(container.getAttribute('aria-label')).toBe(name);
  });

  it('a block that falls back to its source is no region', () => {
    const { reg } = setup();
    reg.register({ type: 'chart', label: 'Chart', mount: () => {} });
    const { container } = mountIn(reg, 'chart', 'not json');
    expect(container.getAttribute('role')).toBeNull();
  });

  // The region was named when the mount began; code shown in it must not be announced as a chart.
  it.each([
    ['throws after drawing', (ctx: RendererContext) => {
      ctx.container.append('half a chart');
      throw new Error('boom');
    }],
    ['rejects after drawing', async (ctx: RendererContext) => {
      ctx.container.append('half a chart');
      await flush();
      throw new Error('boom');
    }],
  ])('a renderer that %s leaves its source as code, in no region and with no name', async (_title, mount) => {
    const { reg } = setup();
    reg.register({ type: 'chart', label: 'Sales chart', mount });
    const { container, handle } = mountIn(reg, 'chart');
    expect(await handle.settled).toBe('fallback');
    expect(shown(container)).toBe('{"a":1}');
    expect(container.textContent).not.toContain('half a chart');
    expect(container.getAttribute('role')).toBeNull();
    expect(container.getAttribute('aria-label')).toBeNull();
  });

  it('a block whose renderer is unregistered after it mounted is no region any more', () => {
    const { reg } = setup();
    const off = reg.register({ type: 'chart', label: 'Sales chart', mount: () => {} });
    const { container } = mountIn(reg, 'chart');
    expect(container.getAttribute('role')).toBe('region');
    off();
    expect(shown(container)).toBe('{"a":1}');
    expect(container.getAttribute('role')).toBeNull();
    expect(container.getAttribute('aria-label')).toBeNull();
  });
});
