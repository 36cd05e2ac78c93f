// @vitest-environment jsdom
// Definitions the registry takes and those it refuses, each refusal said in words.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRegistry } from './registry';
import type { RendererContext } from '../types';
import { fallback, setup, mountIn, spyRenderer } from './harness';

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
