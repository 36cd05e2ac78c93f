// @vitest-environment jsdom
// An agent's activity whose activityType is a renderer of the page is drawn by that renderer
// (parts-view.ts), updated in place as the content changes, and what the renderer asks of the
// agent goes through widget/consent (activity.ts). The registry is the real one.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PartsTools } from '../../conversation/backend';
import { createRegistry, type MountRequest } from '../../registry/registry';
import type { RendererContext, RendererDefinition } from '../../types';
import { ACTIVITY_BUDGETS, liveActivity, type ActivityHost } from './activity';
import { createPartsView } from './parts-view';
import type { ActivityPart, Part } from './run';

const act = (id: string, activityType: string, content: Record<string, unknown>): ActivityPart => ({ kind: 'activity', id, activityType, content });

/** A page: the real registry, the parts view, and what the conversation's PartsTools would do with them. */
function setup(definitions: RendererDefinition[], { restored = false, host = {} as Partial<ActivityHost> } = {}) {
  const warnings: string[] = [];
  const registry = createRegistry({ warn: (m) => warnings.push(m), fallback: (type, source) => Object.assign(document.createElement('pre'), { textContent: `${type}:${source}` }) });
  for (const d of definitions) registry.register(d);
  const responds: { response: Record<string, unknown>; shown?: string }[] = [];
  const group = registry.createGroup();
  const below = document.createElement('div');
  document.body.append(below);
  const ui: PartsTools = {
    has: (type) => registry.has(type),
    preview: () => null,
    message: () => ({ el: document.createElement('div'), show() {} }),
    user: () => document.createElement('div'),
    below: (node) => below.append(node),
    mount(type, source, container, activity) {
      const handle = group.add(registry.mount({
        type, source, container, theme: { accent: '#2563eb', mode: 'light' },
        message: { jobId: 'r_1', responses: [], restored },
        respond: async (response, presentation) => void responds.push({ response, shown: presentation?.displayText }),
        activity,
      } satisfies MountRequest));
      return () => handle.destroy();
    },
  };
  const requests: Record<string, unknown>[] = [];
  const draw = createPartsView('en', { request: async (props) => (requests.push(props), { answered: props }), warn: (m) => warnings.push(m), ...host });
  const el = document.createElement('div');
  document.body.append(el);
  return { registry, ui, el, below, draw: (parts: Part[]) => draw(el, parts, ui), responds, requests, warnings, group };
}

/** A renderer that records its mounts and the content each got, listening for changes unless told not to. */
function recorder(type: string, listen = true) {
  const mounts: RendererContext[] = [];
  const seen: unknown[] = [];
  const def: RendererDefinition = {
    type,
    mount(context) {
      mounts.push(context);
      const input = document.createElement('input');
      context.container.append(input);
      seen.push(context.payload);
      if (listen) context.activity!.onUpdate((content) => seen.push(content));
    },
  };
  return { def, mounts, seen };
}

/** The visitor's gesture (transient activation) in `el`, with the focus there. */
function gesture(el: HTMLElement, active = true) {
  el.tabIndex = 0;
  el.focus();
  Object.defineProperty(navigator, 'userActivation', { configurable: true, value: { isActive: active, hasBeenActive: active } });
}

afterEach(() => {
  document.body.replaceChildren();
  Object.defineProperty(navigator, 'userActivation', { configurable: true, value: undefined });
});

describe('an activity drawn by a renderer', () => {
  it('mounts the renderer whose type is the activityType with the content as payload, under the answer, not as a progress line', () => {
    const r = recorder('surface-x');
    const { draw, below, el } = setup([r.def]);
    draw([act('a1', 'surface-x', { n: 1 })]);
    expect(r.mounts).toHaveLength(1);
    expect(r.mounts[0]!.payload).toEqual({ n: 1 });
    expect(r.mounts[0]!.activity).toMatchObject({ type: 'surface-x', id: 'a1' });
    expect(below.querySelector('.bc-part-ui input')).not.toBeNull();
    expect(el.querySelector('.bc-part')).toBeNull();
  });

  it('an activity no renderer draws stays a progress line, and a fenced block gets no activity', () => {
    const r = recorder('surface-x');
    const { draw, el, registry } = setup([r.def]);
    draw([act('a1', 'PLAN', { title: 'Planning' })]);
    expect(el.querySelector('.bc-part .bc-part-name')!.textContent).toBe('Planning');
    expect(r.mounts).toHaveLength(0);
    const box = document.createElement('div');
    registry.mount({ type: 'surface-x', source: '{}', container: box, theme: { accent: '#000', mode: 'light' }, message: { jobId: 'j', responses: [] }, respond: async () => {} });
    expect(r.mounts[0]).not.toHaveProperty('activity');
    expect(Object.isFrozen(r.mounts[0])).toBe(true);
  });

  it('a changed content (delta, replacing snapshot) reaches the mounted renderer in place: no mount again, the input keeps what was typed', () => {
    const r = recorder('surface-x');
    const { draw, below } = setup([r.def]);
    const first = act('a1', 'surface-x', { n: 1 });
    draw([first]);
    const input = below.querySelector('input')!;
    input.value = 'typed';
    draw([{ ...first, content: { n: 2 } }]);
    draw([{ ...first, content: { n: 3 } }]);
    expect(r.mounts).toHaveLength(1);
    expect(r.seen).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(below.querySelector('input')).toBe(input);
    expect(input.value).toBe('typed');
  });

  it('a renderer that does not listen is mounted again with the new content; the old mount is torn down', () => {
    const r = recorder('surface-x', false);
    const { draw, below } = setup([r.def]);
    const first = act('a1', 'surface-x', { n: 1 });
    draw([first]);
    draw([{ ...first, content: { n: 2 } }]);
    expect(r.mounts).toHaveLength(2);
    expect(r.mounts[0]!.signal.aborted).toBe(true);
    expect(r.mounts[1]!.payload).toEqual({ n: 2 });
    expect(below.querySelectorAll('input')).toHaveLength(1);
  });

  it('listening ends with the mount: a renderer registered again is mounted afresh and only the new mount hears', () => {
    const r = recorder('surface-x');
    const { draw, registry } = setup([r.def]);
    const first = act('a1', 'surface-x', { n: 1 });
    draw([first]);
    registry.register(r.def);
    draw([{ ...first, content: { n: 2 } }]);
    expect(r.mounts).toHaveLength(2);
    expect(r.seen).toEqual([{ n: 1 }, { n: 1 }, { n: 2 }]);
  });

  it('the end of its turn reaches the mounted renderer once, in place; a mount after the end hears it at once', async () => {
    const ends: string[] = [];
    const def: RendererDefinition = { type: 'surface-x', mount: (context) => void context.activity!.onEnd((how) => ends.push(how)) };
    const { draw } = setup([def]);
    const first = act('a1', 'surface-x', { n: 1 });
    draw([first]);
    draw([{ ...first, ended: 'stopped' }]);
    draw([{ ...first, ended: 'stopped' }]);
    expect(ends).toEqual(['stopped']);
    // A restored turn: its activity is drawn already ended, and a renderer that listens only once
    // its module has loaded still hears it.
    let loaded!: () => void;
    const slow: RendererDefinition = { type: 'surface-y', mount: (context) => new Promise<void>((done) => (loaded = done)).then(() => void context.activity!.onEnd((how) => ends.push(how))) };
    const later = setup([slow]);
    later.draw([{ ...act('a2', 'surface-y', { n: 1 }), ended: 'cut' }]);
    loaded();
    await new Promise((done) => setTimeout(done));
    expect(ends).toEqual(['stopped', 'cut']);
  });
});

describe('what an activity’s renderer asks of the agent (consent)', () => {
  it('run: refused without the visitor’s gesture, naming the rule; inside a gesture in its container it starts the turn with the forwardedProps', async () => {
    const r = recorder('surface-x');
    const { draw, responds, warnings } = setup([r.def]);
    draw([act('a1', 'surface-x', {})]);
    const { activity, container } = r.mounts[0]!;
    await expect(activity!.run({ a2uiAction: { userAction: { name: 'book' } } }, 'Book')).rejects.toThrow('agent.run: refused (gesture)');
    expect(responds).toHaveLength(0);
    expect(warnings.filter((w) => w.includes('refused (gesture)'))).toHaveLength(1);
    gesture(container.querySelector('input')!);
    await activity!.run({ a2uiAction: { userAction: { name: 'book' } } }, 'Book');
    expect(responds).toEqual([{ response: { forwardedProps: { a2uiAction: { userAction: { name: 'book' } } }, type: 'surface-x', version: 1, source_job_id: 'r_1' }, shown: 'Book' }]);
  });

  it('a gesture elsewhere on the page (focus outside the container) is not one in the content', async () => {
    const r = recorder('surface-x');
    const { draw } = setup([r.def]);
    draw([act('a1', 'surface-x', {})]);
    const outside = document.createElement('button');
    document.body.append(outside);
    gesture(outside);
    await expect(r.mounts[0]!.activity!.run({}, 'x')).rejects.toThrow(/refused \(gesture\)/);
  });

  it('restored from history: the refusal says so until the visitor touches it; reads still run', async () => {
    const r = recorder('surface-x');
    const { draw, requests } = setup([r.def], { restored: true });
    draw([act('a1', 'surface-x', {})]);
    const { activity, container } = r.mounts[0]!;
    expect(r.mounts[0]!.message.restored).toBe(true);
    await expect(activity!.run({}, 'x')).rejects.toThrow(/refused \(restored\)/);
    await expect(activity!.request({ m: 1 }, { name: 'resources/read', effect: 'act' })).rejects.toThrow('resources/read: refused (restored)');
    await expect(activity!.request({ m: 2 }, { name: 'ping', effect: 'read' })).resolves.toEqual({ answered: { m: 2 } });
    gesture(container.querySelector('input')!);
    await expect(activity!.request({ m: 3 }, { name: 'tools/call', effect: 'act' })).resolves.toEqual({ answered: { m: 3 } });
    expect(requests).toEqual([{ m: 2 }, { m: 3 }]);
  });

  it('request: a read needs no gesture and resolves to what the hidden run returned; its failure is the caller’s rejection', async () => {
    const r = recorder('surface-x');
    const { draw } = setup([r.def], { host: { request: async () => Promise.reject(new Error('the agent failed the request: nope')) } });
    draw([act('a1', 'surface-x', {})]);
    await expect(r.mounts[0]!.activity!.request({}, { name: 'ping', effect: 'read' })).rejects.toThrow('nope');
  });

  it('bad calls are refused with what to fix; a gone view asks nothing', async () => {
    const r = recorder('surface-x');
    const { draw, group, requests } = setup([r.def]);
    draw([act('a1', 'surface-x', {})]);
    const { activity } = r.mounts[0]!;
    await expect(activity!.run([] as never, 'x')).rejects.toThrow('agent.run: forwardedProps must be an object');
    await expect(activity!.run({}, '  ')).rejects.toThrow(/shown must be/);
    await expect(activity!.request({}, { name: 'x', effect: 'write' as never })).rejects.toThrow('x: effect must be "read" or "act"');
    expect(() => activity!.onUpdate(5 as never)).toThrow(/listener must be a function/);
    group.destroyAll();
    await expect(activity!.request({}, { name: 'ping', effect: 'read' })).rejects.toThrow(/content is gone/);
    expect(requests).toHaveLength(0);
  });

  it('calls count against the page’s budgets: past maxCallsPerMinute, a read is refused too, until the minute has passed', async () => {
    // The page's ledger is the module's: the calls of the tests above are a minute behind.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 10 * 60_000);
      const host = liveActivity('a9', 't', { request: async () => 1, warn: () => {} });
      const activity = host.make({ container: document.body, signal: new AbortController().signal, message: { jobId: 'budget', responses: [] }, respond: async () => {} } as unknown as RendererContext);
      for (let i = 0; i < ACTIVITY_BUDGETS.maxCallsPerMinute; i++) await activity.request({}, { name: 'ping', effect: 'read' });
      await expect(activity.request({}, { name: 'ping', effect: 'read' })).rejects.toThrow('ping: refused (rate): at most 120 calls a minute on the page (maxCallsPerMinute)');
      vi.setSystemTime(Date.now() + 61_000);
      await expect(activity.request({}, { name: 'ping', effect: 'read' })).resolves.toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a listener that throws is named and the others still hear', () => {
    const warn = vi.fn();
    const live = liveActivity('a1', 't', { request: async () => 0, warn });
    const activity = live.make({ container: document.body, signal: new AbortController().signal, message: { jobId: 'j', responses: [] }, respond: async () => {} } as unknown as RendererContext);
    const heard: unknown[] = [];
    activity.onUpdate(() => {
      throw new Error('bad');
    });
    activity.onUpdate((c) => heard.push(c));
    expect(live.update({ x: 1 })).toBe(true);
    expect(heard).toEqual([{ x: 1 }]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('bad'));
  });
});
