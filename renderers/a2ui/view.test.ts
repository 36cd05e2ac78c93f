// @vitest-environment jsdom
// A surface's view: kept by component id and template item across the agent's messages (the same
// elements, so focus and caret stay), two-way inputs writing the data model, the visitor's edits
// kept unless the agent changes that very value, checks, template scopes, actions resolved at the click.
import { afterEach, describe, expect, it } from 'vitest';
import { readMessages } from './messages';
import { stringsFor } from './strings';
import { surfacesOf, type Surface } from './surfaces';
import { createSurfaceView, withEdits } from './view';
import type { Scope } from './bindings';
import { userAction } from './actions';

const BASIC = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';
const build = (components: object[], data?: unknown, extra: object[] = []): Surface =>
  surfacesOf(readMessages([
    { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: BASIC } },
    { version: 'v0.9', updateComponents: { surfaceId: 's', components } },
    ...(data === undefined ? [] : [{ version: 'v0.9', updateDataModel: { surfaceId: 's', value: data } }]),
    ...extra,
  ]).messages).list[0]!;

function view() {
  const errors: string[] = [];
  const actions: { action: unknown; id: string; scope: Scope }[] = [];
  const v = createSurfaceView({
    strings: stringsFor('en'),
    env: { locale: 'en-US', timeZone: 'UTC' },
    media: (url) => url.startsWith('https://cdn.example/'),
    act: (action, id, scope) => actions.push({ action, id, scope }),
    error: (path, message) => errors.push(`${path}: ${message}`),
  });
  document.body.append(v.el);
  return { v, errors, actions, el: v.el, $: (id: string) => v.el.querySelector<HTMLElement>(`[data-a2-id="${id}"]`)! };
}
/** What the view scheduled after an input has been drawn. */
const settle = () => new Promise<void>((r) => queueMicrotask(r));

afterEach(() => document.body.replaceChildren());

const FORM = [
  { id: 'root', component: 'Column', children: ['name', 'hello', 'go'] },
  { id: 'name', component: 'TextField', label: 'Name', value: { path: '/user/name' }, checks: [{ condition: { call: 'required', args: { value: { path: '/user/name' } } }, message: 'Name please.' }] },
  { id: 'hello', component: 'Text', text: { call: 'formatString', args: { value: 'Hello ${/user/name}' } } },
  { id: 'go', component: 'Button', child: 'go-label', checks: [{ condition: { call: 'required', args: { value: { path: '/user/name' } } }, message: 'Name first.' }], action: { event: { name: 'greet', context: { who: { path: '/user/name' } } } } },
  { id: 'go-label', component: 'Text', text: 'Greet' },
];

describe('the view', () => {
  it('two-way binding: typing writes the data model, what is bound to it follows, the button’s checks follow', async () => {
    const { v, $ } = view();
    v.show(build(FORM, { user: { name: '' } }));
    const input = $('name').querySelector('input')!;
    const button = $('go').querySelector('button')!;
    expect(button.disabled).toBe(true);
    expect($('go').textContent).toContain('Name first.');
    input.value = 'Ada';
    input.dispatchEvent(new Event('input'));
    await settle();
    expect(v.data()).toEqual({ user: { name: 'Ada' } });
    expect($('hello').textContent).toBe('Hello Ada');
    expect(button.disabled).toBe(false);
    // The same elements: the field the visitor types in is never replaced.
    expect($('name').querySelector('input')).toBe(input);
  });

  it('a field’s checks show once the visitor has changed it, named for screen readers', async () => {
    const { v, $ } = view();
    v.show(build(FORM, { user: { name: 'x' } }));
    const input = $('name').querySelector('input')!;
    expect($('name').textContent).not.toContain('Name please.');
    input.value = '';
    input.dispatchEvent(new Event('input'));
    await settle();
    expect($('name').textContent).toContain('Name please.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toBe('Name please.');
  });

  it('the visitor’s edit survives the agent’s later messages, unless the agent changes that very value', async () => {
    const { v, $ } = view();
    v.show(build(FORM, { user: { name: '' }, other: 1 }));
    const input = $('name').querySelector('input')!;
    input.value = 'Ada';
    input.dispatchEvent(new Event('input'));
    await settle();
    // The agent sends the set again (as an AG-UI middleware does while it streams): the edit stays.
    v.show(build(FORM, { user: { name: '' }, other: 2 }));
    expect(input.value).toBe('Ada');
    expect(v.data()).toEqual({ user: { name: 'Ada' }, other: 2 });
    // The agent changes that value: the agent wins.
    v.show(build(FORM, { user: { name: 'Grace' }, other: 2 }));
    expect(input.value).toBe('Grace');
  });

  it('the action is resolved at the click, with the values the visitor sees then', async () => {
    const { v, $, actions } = view();
    v.show(build(FORM, { user: { name: 'Ada' } }));
    const input = $('name').querySelector('input')!;
    input.value = 'Grace';
    input.dispatchEvent(new Event('input'));
    await settle();
    $('go').querySelector('button')!.click();
    expect(actions).toHaveLength(1);
    const { action, id, scope } = actions[0]!;
    expect(userAction(action, 's', id, scope, new Date('2026-01-16T00:00:00Z'))).toEqual({ name: 'greet', surfaceId: 's', sourceComponentId: 'go', timestamp: '2026-01-16T00:00:00.000Z', context: { who: 'Grace' } });
  });

  it('templates: one element per item in its own scope; items added keep the elements already there', () => {
    const list = [
      { id: 'root', component: 'List', children: { componentId: 'row', path: '/items' } },
      { id: 'row', component: 'Row', children: ['name', 'rel'] },
      { id: 'name', component: 'Text', text: { path: 'name' } },
      { id: 'rel', component: 'Text', text: { call: 'formatCurrency', args: { value: { path: 'price' }, currency: 'EUR' } } },
    ];
    const { v, el } = view();
    v.show(build(list, { items: [{ name: 'Tea', price: 2 }] }));
    const first = el.querySelector('[data-a2-id="row"]');
    v.show(build(list, { items: [{ name: 'Tea', price: 2 }, { name: 'Cake', price: 3.5 }] }));
    const rows = [...el.querySelectorAll('[data-a2-id="row"]')];
    expect(rows.map((r) => r.textContent)).toEqual(['Tea€2.00', 'Cake€3.50']);
    expect(rows[0]).toBe(first);
  });

  it('components sent later fill in (progressive rendering); a replaced definition is drawn anew', () => {
    const { v, $ } = view();
    const root = { id: 'root', component: 'Column', children: ['a', 'b'] };
    v.show(build([root, { id: 'a', component: 'Text', text: 'A' }]));
    expect(v.el.textContent).toBe('A');
    v.show(build([root, { id: 'a', component: 'Text', text: 'A' }, { id: 'b', component: 'Text', text: 'B' }]));
    expect(v.el.textContent).toBe('AB');
    const a = $('a');
    v.show(build([root, { id: 'a', component: 'Text', text: 'A2', variant: 'h2' }, { id: 'b', component: 'Text', text: 'B' }]));
    expect($('a')).not.toBe(a);
    expect($('a').getAttribute('aria-level')).toBe('2');
  });

  it.each<[string, object[], unknown, string]>([
    ['a CheckBox', [{ id: 'root', component: 'CheckBox', label: 'Agree', value: { path: '/ok' } }], { ok: false }, 'input[type="checkbox"]'],
    ['a Slider', [{ id: 'root', component: 'Slider', label: 'Level', value: { path: '/n' }, min: 0, max: 10 }], { n: 3 }, 'input[type="range"]'],
    ['a DateTimeInput', [{ id: 'root', component: 'DateTimeInput', label: 'Day', value: { path: '/d' }, enableDate: true }], { d: '2026-03-01' }, 'input[type="date"]'],
    ['a ChoicePicker', [{ id: 'root', component: 'ChoicePicker', label: 'Size', value: { path: '/s' }, options: [{ label: 'S', value: 's' }, { label: 'L', value: 'l' }] }], { s: ['s'] }, 'input[type="radio"]'],
  ])('%s writes back what the visitor chose', async (_, components, data, selector) => {
    const { v, el } = view();
    v.show(build(components, data));
    const input = [...el.querySelectorAll<HTMLInputElement>(selector)].at(-1)!;
    // Each control is named by a label.
    expect(input.labels?.length || el.querySelector('legend')).toBeTruthy();
    if (input.type === 'checkbox' || input.type === 'radio') {
      input.checked = true;
      input.dispatchEvent(new Event('change'));
    } else {
      input.value = input.type === 'date' ? '2026-04-02' : '7';
      input.dispatchEvent(new Event('input'));
    }
    await settle();
    expect(v.data()).toEqual(selector.includes('checkbox') ? { ok: true } : selector.includes('range') ? { n: 7 } : selector.includes('date') ? { d: '2026-04-02' } : { s: ['l'] });
  });

  it('media load only from the owner’s origins; elsewhere their description, as text', () => {
    const { v, el } = view();
    v.show(build([{ id: 'root', component: 'Row', children: ['ok', 'no'] }, { id: 'ok', component: 'Image', url: 'https://cdn.example/a.png', description: 'A cat' }, { id: 'no', component: 'Image', url: 'https://evil.example/p.png?d=secret', description: 'Pixel' }]));
    expect(el.querySelectorAll('img')).toHaveLength(1);
    expect(el.querySelector('img')!.alt).toBe('A cat');
    expect(el.querySelector('img')!.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(el.textContent).toContain('Image not loaded (this site does not allow media from there): Pixel');
  });

  it('names each problem to the caller: an unknown component, an unknown function, a loop', () => {
    const { v, errors } = view();
    v.show(build([{ id: 'root', component: 'Column', children: ['x', 'f', 'loop'] }, { id: 'x', component: 'Map' }, { id: 'f', component: 'Text', text: { call: 'now' } }, { id: 'loop', component: 'Card', child: 'root' }]));
    expect(errors).toEqual(expect.arrayContaining([
      '/components/x/component: "Map" is not a component of the basic catalog.',
      '/components/f: "now" is not a function of the basic catalog.',
      expect.stringContaining('/components/root: The component "root" contains itself'),
    ]));
  });
});

describe('withEdits', () => {
  const edit = (value: unknown, was: unknown) => ({ value, was: JSON.stringify(was) ?? '' });
  it.each<[string, unknown, [string, unknown, unknown][], unknown, string[]]>([
    ['no edits', { a: 1 }, [], { a: 1 }, []],
    ['an edit the agent left alone', { a: 1, b: 2 }, [['/a', 9, 1]], { a: 9, b: 2 }, ['/a']],
    ['an edit the agent changed since', { a: 5 }, [['/a', 9, 1]], { a: 5 }, []],
    ['an edit of a value the agent had not sent', { b: 2 }, [['/a', 'x', undefined]], { a: 'x', b: 2 }, ['/a']],
    ['one kept, one dropped', { a: 1, b: 3 }, [['/a', 9, 1], ['/b', 8, 2]], { a: 9, b: 3 }, ['/a']],
  ])('%s', (_, data, list, merged, kept) => {
    const edits = new Map(list.map(([path, value, was]) => [path, edit(value, was)]));
    expect(withEdits(data, edits)).toEqual(merged);
    expect([...edits.keys()]).toEqual(kept);
  });
});
