// The page's tools, the preload's and those registered at run time, in tables: what a run is
// offered, what is refused (with the preload's warnings), and unregistering.
import { describe, expect, it } from 'vitest';
import { createHostTools } from './host-tools';

const handler = () => 'ok';
const tool = (name: string, description = `The ${name}`) => ({ name, description, parameters: { type: 'object', properties: {} }, handler });

function tools(preload: unknown[] = [], early: unknown[] = []) {
  const warnings: string[] = [];
  const registered = new Set<unknown>(early);
  const host = createHostTools(preload, registered, (m) => void warnings.push(m));
  const names = () => host.list().map((t) => `${t.name}:${t.description}`);
  return { host, registered, warnings, names };
}

describe('the page\'s tools', () => {
  it('the preload\'s first, then the registered ones, each offered from the list made after it', () => {
    const { host, names } = tools([tool('get_page_info')]);
    expect(names()).toEqual(['get_page_info:The get_page_info']);
    const off = host.register(tool('get_cart'));
    expect(names()).toEqual(['get_page_info:The get_page_info', 'get_cart:The get_cart']);
    off();
    off();
    expect(names()).toEqual(['get_page_info:The get_page_info']);
  });

  it('a list already made (a run going on) does not change when a tool comes or goes', () => {
    const { host } = tools([tool('a')]);
    const running = host.list();
    const off = host.register(tool('b'));
    expect(running.map((t) => t.name)).toEqual(['a']);
    off();
    expect(host.list().map((t) => t.name)).toEqual(['a']);
  });

  it('a name registered again stands for its latest tool; unregistering that brings the earlier one back', () => {
    const { host, names } = tools([tool('lookup', 'preloaded')]);
    const offFirst = host.register(tool('lookup', 'first'));
    const offSecond = host.register(tool('lookup', 'second'));
    expect(names()).toEqual(['lookup:second']);
    offSecond();
    expect(names()).toEqual(['lookup:first']);
    offFirst();
    expect(names()).toEqual(['lookup:preloaded']);
  });

  it('definitions registered before the module came are checked then: a bad one is dropped from the set, with the warning', () => {
    const { registered, warnings, names } = tools([], [tool('early'), { name: 'bad name', description: 'x', handler }]);
    expect(names()).toEqual(['early:The early']);
    expect(registered.size).toBe(1);
    expect(warnings).toEqual([expect.stringMatching(/^registerTool\.name must match .*got "bad name".*left out$/)]);
    // Taken out of the set (what an unregister made before the module came does): gone.
    registered.clear();
    expect(names()).toEqual([]);
  });

  it.each<[string, unknown, RegExp]>([
    ['not an object', 'get_cart', /^registerTool must be an object/],
    ['no handler', { ...tool('get_cart'), handler: 1 }, /^registerTool \("get_cart"\): handler must be a function/],
    ['a schema that is not one', { ...tool('get_cart'), parameters: { type: 'object', properties: { n: { type: 'numbr' } } } }, /^registerTool \("get_cart"\): parameters is not a valid JSON Schema: \/properties\/n\/type/],
  ])('refused as the preload\'s are (%s): warned about, never offered, its unregister harmless', (_, definition, warning) => {
    const { host, warnings, names } = tools([tool('a')]);
    const off = host.register(definition);
    expect(warnings).toEqual([expect.stringMatching(warning)]);
    expect(names()).toEqual(['a:The a']);
    off();
    expect(names()).toEqual(['a:The a']);
  });
});
