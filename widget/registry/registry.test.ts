// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRegistry, type MountRequest, type PreviewHandle } from './registry';
import type { RendererContext, RendererMessage, RendererPreviewContext } from '../types';

const fallback = (type: string, source: string) => {
  const pre = document.createElement('pre');
  const code = pre.appendChild(document.createElement('code'));
  code.dataset.language = type;
  code.textContent = source;
  return pre;
};

const setup = () => {
  const warn = vi.fn<(message: string) => void>();
  return { warn, reg: createRegistry({ warn, fallback }) };
};

const theme = { accent: '#0a7', mode: 'dark' } as const;
const message: RendererMessage = {
  jobId: 'job_1',
  responses: [{ type: 'bailing-form', version: 1, source_job_id: 'job_0', form_id: 'f', values: { secret: 1 } } as never],
};

const mountIn = (reg: ReturnType<typeof createRegistry>, type: string, source = '{"a":1}', extra: Partial<MountRequest> = {}) => {
  const container = document.createElement('div');
  const respond = vi.fn<MountRequest['respond']>(async () => {});
  const handle = reg.mount({ type, source, container, theme, message, respond, ...extra });
  return { container, handle, respond };
};

/** What the fallback code block shows, or null when there is none. */
const shown = (container: HTMLElement) => container.querySelector(':scope > pre > code')?.textContent ?? null;

/** A definition whose mount records its context and returns a spy cleanup. */
const spyRenderer = (type: string, extra: Record<string, unknown> = {}) => {
  const cleanup = vi.fn();
  const contexts: RendererContext[] = [];
  const mount = vi.fn((ctx: RendererContext) => {
    contexts.push(ctx);
    ctx.container.textContent = `${type} rendered`;
    return cleanup;
  });
  return { def: { type, mount, ...extra }, mount, cleanup, contexts };
};

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => vi.restoreAllMocks());

describe('register: invalid definitions', () => {
  const mount = () => {};
  const base = { type: 'chart', mount };
  it.each<[string, unknown, string]>([
    ['not an object (string)', 'chart', 'definition'],
    ['not an object (null)', null, 'definition'],
    ['not an object (function)', mount, 'definition'],
    ['type missing', { mount }, '"type"'],
    ['type uppercase', { ...base, type: 'Chart' }, '"type"'],
    ['type with a space', { ...base, type: 'Bad Type' }, '"type" must match ^[a-z][a-z0-9._+-]{0,63}$ (got "Bad Type")'],
    ['type 65 characters', { ...base, type: 'a'.repeat(65) }, '"type"'],
    ['type starting with a digit', { ...base, type: '1chart' }, '"type"'],
    ['type empty', { ...base, type: '' }, '"type"'],
    ['type not a string', { ...base, type: 7 }, '"type"'],
    ['version 0', { ...base, version: 0 }, '"version"'],
    ['version 1.5', { ...base, version: 1.5 }, '"version"'],
    ["version '1'", { ...base, version: '1' }, '"version"'],
    ['version -1', { ...base, version: -1 }, '"version"'],
    ['version NaN', { ...base, version: NaN }, '"version"'],
    ['label 81 characters', { ...base, label: 'l'.repeat(81) }, '"label"'],
    ['label not a string', { ...base, label: 5 }, '"label"'],
    ['contentType text/html', { ...base, contentType: 'text/html' }, '"contentType"'],
    ['maxPayloadBytes 0', { ...base, maxPayloadBytes: 0 }, '"maxPayloadBytes"'],
    ['maxPayloadBytes 262145', { ...base, maxPayloadBytes: 262_145 }, '"maxPayloadBytes"'],
    ['maxPayloadBytes 1.5', { ...base, maxPayloadBytes: 1.5 }, '"maxPayloadBytes"'],
    ["maxPayloadBytes '100'", { ...base, maxPayloadBytes: '100' }, '"maxPayloadBytes"'],
    ['mount missing', { type: 'chart' }, '"mount"'],
    ['mount not a function', { ...base, mount: 'render()' }, '"mount"'],
    ['preview not a function', { ...base, preview: 'draw()' }, '"preview" must be a function when given (got "draw()")'],
    ['preview null', { ...base, preview: null }, '"preview"'],
    ['preview an object with a method', { ...base, preview: { call() {} } }, '"preview"'],
  ])('%s: warns naming the field, registers nothing', (_, definition, field) => {
    const { reg, warn } = setup();
    const unregister = reg.register(definition);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(field));
    expect(warn.mock.calls.every(([m]) => m.startsWith('registerRenderer: '))).toBe(true);
    expect(reg.types()).toEqual([]);
    expect(() => unregister()).not.toThrow();
  });

  it('warns once per invalid field', () => {
    const { reg, warn } = setup();
    reg.register({ type: 'X', version: 0, mount: 1 });
    expect(warn.mock.calls.map(([m]) => m.match(/"(\w+)"/)?.[1])).toEqual(['type', 'version', 'mount']);
  });

  it('a definition that throws when read is warned about, not thrown to the host', () => {
    const { reg, warn } = setup();
    const hostile = new Proxy({}, { get() { throw new Error('trap'); } });
    expect(() => reg.register(hostile)).not.toThrow();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('trap'));
    expect(reg.types()).toEqual([]);
  });

  it('the default warn goes to console.warn with the BailingChat: prefix', () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    createRegistry({ fallback }).register({ type: 'x' });
    expect(consoleWarn).toHaveBeenCalledWith(expect.stringMatching(/^BailingChat: registerRenderer: "mount"/));
  });
});

describe('register: valid definitions', () => {
  it('accepts the boundaries of every field and fills defaults', () => {
    const { reg, warn } = setup();
    const mount = () => {};
    reg.register({ type: 'a'.repeat(64), label: 'l'.repeat(80), version: 3, contentType: 'text/plain', maxPayloadBytes: 262_144, mount });
    reg.register({ type: 'z', maxPayloadBytes: 1, mount });
    reg.register({ type: 'm.x+y-z_9', mount, version: undefined });
    expect(warn).not.toHaveBeenCalled();
    expect(reg.get('z')).toEqual({ type: 'z', version: 1, contentType: 'application/json', maxPayloadBytes: 1, mount });
    expect(reg.get('m.x+y-z_9')).toEqual({ type: 'm.x+y-z_9', version: 1, contentType: 'application/json', maxPayloadBytes: 65_536, mount });
    expect(reg.get('a'.repeat(64))).toMatchObject({ version: 3, label: 'l'.repeat(80), contentType: 'text/plain', maxPayloadBytes: 262_144 });
  });

  it('refuses a 17th type (the hub accepts at most 16) but still replaces a registered one', () => {
    const { reg, warn } = setup();
    for (let i = 0; i < 16; i++) reg.register({ type: `t${i}`, mount() {} });
    expect(warn).not.toHaveBeenCalled();
    const off = reg.register({ type: 't16', mount() {} });
    expect(warn).toHaveBeenCalledWith('registerRenderer: at most 16 renderer types can be registered; "t16" was not');
    expect(reg.has('t16')).toBe(false);
    off();
    const replacement = { type: 't3', version: 2, mount() {} };
    reg.register(replacement);
    expect(reg.get('t3')?.version).toBe(2);
    expect(reg.types()).toHaveLength(16);
  });

  it('types() is exactly the registered types, sorted', () => {
    const { reg } = setup();
    for (const type of ['zeta', 'alpha', 'bailing-form', 'alpha']) reg.register({ type, mount() {} });
    const off = reg.register({ type: 'gone', mount() {} });
    off();
    expect(reg.types()).toEqual(['alpha', 'bailing-form', 'zeta']);
    expect(reg.has('alpha')).toBe(true);
    expect(reg.has('gone')).toBe(false);
    expect(reg.get('gone')).toBeUndefined();
  });

  it('unknown keys are warned about and left out of the stored copy', () => {
    const { reg, warn } = setup();
    reg.register({ type: 'x', mount() {}, mout: 1 });
    expect(warn).toHaveBeenCalledWith('registerRenderer: unknown key "mout" ignored');
    expect(reg.has('x')).toBe(true);
    expect(reg.get('x')).not.toHaveProperty('mout');
  });

  it('stores a frozen copy: the host cannot change it after registration', () => {
    const { reg } = setup();
    const { def, mount } = spyRenderer('x', { maxPayloadBytes: 100 });
    reg.register(def);
    Object.assign(def, { type: 'y', maxPayloadBytes: 1, mount: () => {} });
    const stored = reg.get('x')!;
    expect(Object.isFrozen(stored)).toBe(true);
    expect(stored).toMatchObject({ type: 'x', maxPayloadBytes: 100, mount });
    expect(reg.types()).toEqual(['x']);
    mountIn(reg, 'x', '{"long":"payload"}');
    expect(mount).toHaveBeenCalledTimes(1);
  });

  it('reads each field once, so a getter cannot slip past validation', () => {
    const { reg } = setup();
    let reads = 0;
    reg.register({ get type() { return reads++ ? 'Evil Type' : 'ok'; }, mount() {} });
    expect(reg.types()).toEqual(['ok']);
    expect(reg.get('ok')!.type).toBe('ok');
  });

  it('calls mount with the definition as this', () => {
    const { reg } = setup();
    class Renderer {
      type = 'cls';
      greeting = 'hello';
      mount(ctx: RendererContext) {
        ctx.container.textContent = this.greeting;
      }
    }
    reg.register(new Renderer());
    expect(mountIn(reg, 'cls').container.textContent).toBe('hello');
  });
});

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
