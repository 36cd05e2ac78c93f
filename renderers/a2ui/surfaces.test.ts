// Reading A2UI messages and folding them into surfaces, in tables: the four operations, what is
// refused (with an error of the specification's shape) and what is tolerated.
import { describe, expect, it } from 'vitest';
import { readMessages, readMessage } from './messages';
import { NO_SURFACES, surfacesOf } from './surfaces';

const BASIC = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';
const MIDDLEWARE_BASIC = 'https://a2ui.org/specification/v0_9/basic_catalog.json';
const create = (surfaceId = 's', catalogId = BASIC) => ({ version: 'v0.9', createSurface: { surfaceId, catalogId } });
const components = (surfaceId: string, ...list: object[]) => ({ version: 'v0.9', updateComponents: { surfaceId, components: list } });
const data = (surfaceId: string, path: string | undefined, value?: unknown) => ({ version: 'v0.9', updateDataModel: { surfaceId, ...(path === undefined ? {} : { path }), ...(value === undefined ? {} : { value }) } });
const text = (id: string, t: unknown) => ({ id, component: 'Text', text: t });

const fold = (...messages: unknown[]) => {
  const read = readMessages(messages);
  const state = surfacesOf(read.messages);
  return { state, errors: [...read.errors, ...state.errors] };
};

describe('readMessages', () => {
  it('reads JSON lines, a JSON array and a list alike', () => {
    const lines = [create(), components('s', text('root', 'hi'))].map((m) => JSON.stringify(m)).join('\n');
    expect(readMessages(lines).messages).toHaveLength(2);
    expect(readMessages(`[${lines.replace('\n', ',')}]`).messages).toHaveLength(2);
    expect(readMessages(`\n${lines}\n\n`).messages).toHaveLength(2);
  });

  it.each<[string, unknown, object]>([
    ['not an object', 5, { code: 'INVALID_MESSAGE' }],
    ['no version', { createSurface: { surfaceId: 's', catalogId: BASIC } }, { code: 'VALIDATION_FAILED', surfaceId: 's', path: '/version' }],
    ['an unknown version', { version: 'v0.8', createSurface: { surfaceId: 's', catalogId: BASIC } }, { path: '/version' }],
    ['two operations', { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: BASIC }, deleteSurface: { surfaceId: 's' } }, { path: '' }],
    ['an unknown operation (v0.8 beginRendering)', { version: 'v0.9', beginRendering: { surfaceId: 's' } }, { code: 'UNKNOWN_MESSAGE' }],
    ['no surfaceId', { version: 'v0.9', deleteSurface: {} }, { path: '/deleteSurface/surfaceId' }],
    ['no catalogId in v0.9', { version: 'v0.9', createSurface: { surfaceId: 's' } }, { path: '/createSurface/catalogId' }],
    ['components not a list', { version: 'v0.9', updateComponents: { surfaceId: 's', components: {} } }, { path: '/updateComponents/components' }],
    ['a component without id', components('s', { component: 'Text' }), { path: '/updateComponents/components/0/id' }],
    ['a component without a type', components('s', { id: 'x' }), { path: '/updateComponents/components/0/component' }],
    ['a path that is not a pointer', data('s', 'user/name', 1), { path: '/updateDataModel/path' }],
  ])('refuses %s', (_, message, error) => expect(readMessage(message)).toEqual({ error: expect.objectContaining(error) }));

  it('names a line that is not JSON and reads the others', () => {
    const read = readMessages(`${JSON.stringify(create())}\n{oops\n${JSON.stringify(components('s', text('root', 'x')))}`);
    expect(read.messages).toHaveLength(2);
    expect(read.errors).toEqual([expect.objectContaining({ code: 'INVALID_JSON', message: expect.stringContaining('Line 2') })]);
  });
});

describe('surfaces', () => {
  it('create, components upserted by id, data written at a pointer, delete', () => {
    const { state, errors } = fold(
      create('a'),
      components('a', text('root', { path: '/t' })),
      data('a', '/t', 'one'),
      components('a', { id: 'root', component: 'Column', children: ['x'] }, text('x', 'two')),
      data('a', '/user', { name: 'Ada' }),
      data('a', '/user/name'),
      create('b', MIDDLEWARE_BASIC),
      { version: 'v0.9', deleteSurface: { surfaceId: 'b' } },
    );
    expect(errors).toEqual([]);
    expect(state.list.map((s) => s.id)).toEqual(['a']);
    const a = state.list[0]!;
    expect(a.components.get('root')).toMatchObject({ component: 'Column' });
    expect(a.components.size).toBe(2);
    expect(a.data).toEqual({ t: 'one', user: {} });
  });

  it('both basic catalog ids are the basic catalog; another is refused with an error', () => {
    const { state, errors } = fold(create('a'), create('b', MIDDLEWARE_BASIC), create('c', 'https://example.com/my-catalog.json'));
    expect(state.list.map((s) => s.supported)).toEqual([true, true, false]);
    expect(errors).toEqual([{ code: 'VALIDATION_FAILED', surfaceId: 'c', path: '/createSurface/catalogId', message: expect.stringContaining('not one this client has') }]);
  });

  it('a repeated createSurface with the same catalog is the same surface (an AG-UI agent re-sends the set)', () => {
    const { state, errors } = fold(create('a'), components('a', text('root', 'x')), create('a'));
    expect(errors).toEqual([]);
    expect(state.list[0]!.components.size).toBe(1);
  });

  it.each<[string, unknown[], object]>([
    ['components for a surface never created', [components('zz', text('root', 'x'))], { surfaceId: 'zz', path: '/updateComponents/surfaceId' }],
    ['data for a surface never created', [data('zz', '/a', 1)], { path: '/updateDataModel/surfaceId' }],
    ['a create with another catalog for an existing surface', [create('a'), create('a', 'https://example.com/x')], { path: '/createSurface/catalogId' }],
    ['data through a plain value', [create('a'), data('a', '/n', 1), data('a', '/n/deeper', 2)], { path: '/updateDataModel/path' }],
    ['a prototype key', [create('a'), data('a', '/__proto__/x', 1)], { path: '/updateDataModel/path' }],
  ])('refuses %s, with an error, and keeps the rest', (_, messages, error) => {
    expect(fold(...messages).errors).toEqual([expect.objectContaining({ code: 'VALIDATION_FAILED', ...error })]);
  });

  it('the whole model replaced (path omitted or "/")', () => {
    expect(fold(create('a'), data('a', undefined, { x: 1 })).state.list[0]!.data).toEqual({ x: 1 });
    expect(fold(create('a'), data('a', '/', { y: 2 })).state.list[0]!.data).toEqual({ y: 2 });
  });

  it('tolerates v1.0: components and data with createSurface, no catalogId, null removes', () => {
    const { state, errors } = fold(
      { version: 'v1.0', createSurface: { surfaceId: 'n', components: [text('root', { path: '/a' })], dataModel: { a: 'x', b: 1 } } },
      { version: 'v1.0', updateDataModel: { surfaceId: 'n', path: '/b', value: null } },
    );
    expect(errors).toEqual([]);
    expect(state.list[0]).toMatchObject({ supported: true, data: { a: 'x' } });
    // v0.9 keeps null as a value.
    expect(fold(create('a'), data('a', '/b', null)).state.list[0]!.data).toEqual({ b: null });
  });

  it('at most so many surfaces', () => {
    const many = Array.from({ length: 12 }, (_, i) => create(`s${i}`));
    const { state, errors } = fold(...many);
    expect(state.list).toHaveLength(8);
    expect(errors).toHaveLength(4);
  });

  it('no messages, no surfaces', () => expect(surfacesOf([])).toBe(NO_SURFACES));
});
