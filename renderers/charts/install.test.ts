import { describe, expect, it, vi } from 'vitest';
import type { RendererDefinition } from '../../widget/types';
import { installRenderer } from './install';

const def = (type = 'bailing-chart'): RendererDefinition => ({ type, mount() {} });

describe('installRenderer', () => {
  it('with no widget yet: creates the preload and queues the definition; unregister takes it back', () => {
    const target: { BailingChat?: unknown } = {};
    const d = def();
    const off = installRenderer(d, target);
    expect(target.BailingChat).toEqual({ renderers: [d] });
    off();
    expect(target.BailingChat).toEqual({ renderers: [] });
  });

  it('keeps what the host already preloaded', () => {
    const config = { theme: 'dark' };
    const other = def('acme-map');
    const target = { BailingChat: { config, renderers: [other] } };
    const d = def();
    installRenderer(d, target);
    expect(target.BailingChat).toEqual({ config, renderers: [other, d] });
  });

  it('with the widget up: registers through its API and returns its unregister', () => {
    const unregister = vi.fn();
    const api = { apiVersion: '1', registerRenderer: vi.fn(() => unregister) };
    const d = def();
    const off = installRenderer(d, { BailingChat: api });
    expect(api.registerRenderer).toHaveBeenCalledWith(d);
    off();
    expect(unregister).toHaveBeenCalledOnce();
  });

  it('after the widget booted from the preload, unregister cannot take it back and says so', () => {
    const target: { BailingChat?: unknown } = {};
    const warn = vi.fn();
    const off = installRenderer(def(), target, warn);
    target.BailingChat = { apiVersion: '1', registerRenderer: () => () => undefined };
    off();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('registered through the preload'));
  });

  it('a frozen preload: a warning, nothing thrown', () => {
    const warn = vi.fn();
    const target = { BailingChat: Object.freeze({ renderers: Object.freeze([]) }) };
    expect(installRenderer(def(), target, warn)).toBeTypeOf('function');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('cannot be changed'));
  });

  it.each([
    ['a string', 'x', /not the widget nor a preload/],
    ['an array', [], /not the widget nor a preload/],
    ['renderers that is not an array', { renderers: 'x' }, /renderers is not an array/],
  ])('refuses a BailingChat that is %s, with a warning', (_, value, message) => {
    const warn = vi.fn();
    const target = { BailingChat: value };
    installRenderer(def(), target, warn);
    expect(target.BailingChat).toEqual(value);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(message));
  });
});
