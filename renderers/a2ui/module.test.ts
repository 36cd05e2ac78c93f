// @vitest-environment jsdom
// The A2UI module as the registry mounts it: an `a2ui-surface` activity through the middleware's
// states and operations, updated in place; the `a2ui` fence; what goes back on each wire, checked
// against the specification's client_to_server.json, and only inside the visitor's gesture.
import { Validator } from '@cfworker/json-schema';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RendererActivity, RendererContext } from '../../widget/types';
import { mount } from './module';

const clientSchema = new Validator(JSON.parse(readFileSync('renderers/a2ui/fixtures/spec-v0_9/json/client_to_server.json', 'utf8')), '2020-12', false);
const CATALOG = 'https://a2ui.org/specification/v0_9/basic_catalog.json';
const create = { version: 'v0.9', createSurface: { surfaceId: 'f', catalogId: CATALOG } };
const components = {
  version: 'v0.9',
  updateComponents: {
    surfaceId: 'f',
    components: [
      { id: 'root', component: 'Column', children: ['name', 'go'] },
      { id: 'name', component: 'TextField', label: 'Name', value: { path: '/name' } },
      { id: 'go', component: 'Button', child: 'go-label', action: { event: { name: 'send_name', context: { name: { path: '/name' } } } } },
      { id: 'go-label', component: 'Text', text: 'Send' },
    ],
  },
};
const data = (name: string) => ({ version: 'v0.9', updateDataModel: { surfaceId: 'f', path: '/', value: { name } } });

function context(over: Partial<RendererContext> & { payload: unknown }): RendererContext & { container: HTMLElement } {
  const root = document.createElement('div');
  root.setAttribute('lang', 'en');
  const container = document.createElement('div');
  root.append(container);
  document.body.append(root);
  return { container, source: '', type: 'a2ui-surface', version: 1, theme: { accent: '#2563eb', mode: 'light' }, signal: new AbortController().signal, message: { jobId: 'r_1', responses: [] }, respond: async () => {}, ...over } as never;
}

/** A fake of what the AG-UI module gives an activity's renderer. */
function activity() {
  const listeners = new Set<(c: Record<string, unknown>) => void>();
  const runs: { props: Record<string, any>; shown: string }[] = [];
  const api: RendererActivity = {
    type: 'a2ui-surface',
    id: 'a2ui-surface-tc1',
    onUpdate: (l) => (listeners.add(l), () => void listeners.delete(l)),
    onEnd: () => () => undefined,
    run: async (props, shown) => void runs.push({ props, shown }),
    request: async () => undefined,
  };
  return { api, runs, update: (c: Record<string, unknown>) => listeners.forEach((l) => l(c)) };
}
const settle = () => new Promise<void>((r) => setTimeout(r, 0));

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
  Object.defineProperty(navigator, 'userActivation', { configurable: true, value: undefined });
});

describe('over AG-UI (the a2ui-surface activity)', () => {
  it('building, then the surface, updated in place: what the visitor typed stays through the agent’s re-sent set', async () => {
    const a = activity();
    const ctx = context({ payload: { status: 'building' }, activity: a.api });
    mount(ctx, {});
    expect(ctx.container.querySelector('[role="status"]')!.textContent).toBe('Building the interface…');
    a.update({ status: 'building', progressTokens: 140 });
    expect(ctx.container.textContent).toContain('140 tokens');
    a.update({ a2ui_operations: [create, components, data('')] });
    const input = ctx.container.querySelector<HTMLInputElement>('input')!;
    input.value = 'Ada';
    input.dispatchEvent(new Event('input'));
    await settle();
    a.update({ a2ui_operations: [create, components, data('')] });
    expect(ctx.container.querySelector('input')).toBe(input);
    expect(input.value).toBe('Ada');
    ctx.container.querySelector<HTMLButtonElement>('[data-a2-id="go"] button')!.click();
    await settle();
    expect(a.runs).toHaveLength(1);
    const { props, shown } = a.runs[0]!;
    expect(shown).toBe('Send');
    expect(props.a2uiAction.userAction).toMatchObject({ name: 'send_name', surfaceId: 'f', sourceComponentId: 'go', context: { name: 'Ada' } });
    expect(clientSchema.validate({ version: 'v0.9', action: props.a2uiAction.userAction }).errors).toEqual([]);
    expect(props).not.toHaveProperty('a2uiErrors');
  });

  it.each<[string, Record<string, unknown>, string, boolean | null]>([
    ['retrying, its errors behind a closed disclosure', { status: 'retrying', attempt: 2, maxAttempts: 3, errors: ['bad root'] }, 'Retrying… (attempt 2 of 3)', false],
    ['retrying, verbose: the disclosure open', { status: 'retrying', attempt: 2, maxAttempts: 3, errors: ['bad root'], debugExposure: 'verbose' }, 'Retrying…', true],
    ['failed, hidden: no details', { status: 'failed', error: 'gave up', debugExposure: 'hidden' }, 'The interface could not be built.', null],
  ])('%s', (_, content, text, open) => {
    const ctx = context({ payload: content, activity: activity().api });
    mount(ctx, {});
    expect(ctx.container.textContent).toContain(text);
    const details = ctx.container.querySelector('details');
    expect(details ? details.open : null).toBe(open);
  });

  it('a surface the agent deletes says so where it was', () => {
    const a = activity();
    const ctx = context({ payload: { a2ui_operations: [create, components] }, activity: a.api });
    mount(ctx, {});
    a.update({ a2ui_operations: [create, components, { version: 'v0.9', deleteSurface: { surfaceId: 'f' } }] });
    expect(ctx.container.textContent).toBe('This interface was closed.');
  });

  it('cleanup: the view goes, nothing listens any more', () => {
    const a = activity();
    const ctx = context({ payload: { a2ui_operations: [create, components] }, activity: a.api });
    const stop = mount(ctx, {});
    stop();
    a.update({ a2ui_operations: [create] });
    expect(ctx.container.childElementCount).toBe(0);
  });
});

describe('over the hub (the a2ui fence)', () => {
  const source = [create, components, data('Ada')].map((m) => JSON.stringify(m)).join('\n');

  it('an action acts only in the visitor’s gesture; then the response carries the v0.9 action', async () => {
    const respond = vi.fn(async () => {});
    const ctx = context({ payload: source, source, type: 'a2ui', respond });
    mount(ctx, {});
    const button = ctx.container.querySelector<HTMLButtonElement>('[data-a2-id="go"] button')!;
    // A click the page's script made, with no activation of the visitor's: refused, and said where they look.
    button.click();
    await vi.waitFor(() => expect(ctx.container.querySelector('.a2-status')!.textContent).toContain('refused (gesture)'));
    expect(respond).not.toHaveBeenCalled();
    Object.defineProperty(navigator, 'userActivation', { configurable: true, value: { isActive: true, hasBeenActive: true } });
    button.click();
    await vi.waitFor(() => expect(respond).toHaveBeenCalledTimes(1));
    const [response, presentation] = respond.mock.calls[0] as unknown as [Record<string, any>, { displayText: string }];
    expect(presentation).toEqual({ displayText: 'Send' });
    expect(response.action).toBe('send_name');
    expect(response.a2ui).toHaveLength(1);
    expect(clientSchema.validate(response.a2ui[0]).errors).toEqual([]);
    expect(response.a2ui[0].action).toMatchObject({ name: 'send_name', context: { name: 'Ada' } });
    await vi.waitFor(() => expect(ctx.container.querySelector('.a2-status')!.textContent).toBe('Sent.'));
  });

  it('a surface that asks for its data model (sendDataModel) sends it with the action', async () => {
    // The page's sends are spaced (minSendIntervalMs): this one comes well after the one above.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    const respond = vi.fn(async () => {});
    const asked = [{ version: 'v0.9', createSurface: { surfaceId: 'f', catalogId: CATALOG, sendDataModel: true } }, components, data('Ada')].map((m) => JSON.stringify(m)).join('\n');
    const ctx = context({ payload: asked, source: asked, type: 'a2ui', respond });
    mount(ctx, {});
    Object.defineProperty(navigator, 'userActivation', { configurable: true, value: { isActive: true, hasBeenActive: true } });
    ctx.container.querySelector<HTMLButtonElement>('[data-a2-id="go"] button')!.click();
    await vi.waitFor(() => expect(respond).toHaveBeenCalledTimes(1));
    expect((respond.mock.calls[0] as unknown as [Record<string, unknown>])[0].a2uiClientDataModel).toEqual({ surfaces: { f: { name: 'Ada' } } });
  });

  it('a block that is not A2UI: a note and a report button, never a crash', () => {
    const ctx = context({ payload: 'not json', source: 'not json', type: 'a2ui' });
    mount(ctx, {});
    expect(ctx.container.textContent).toContain('This interface could not be read.');
    expect(ctx.container.querySelector('button')!.textContent).toBe('Tell the assistant');
  });

  it('in the widget’s language', () => {
    const ctx = context({ payload: 'x', source: 'x', type: 'a2ui' });
    ctx.container.parentElement!.setAttribute('lang', 'ja');
    mount(ctx, {});
    expect(ctx.container.getAttribute('aria-label')).toBe('インターフェース');
    expect(ctx.container.textContent).toContain('読み取れませんでした');
  });
});
