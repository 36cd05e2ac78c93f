// @vitest-environment jsdom
// The adapters' lifecycle with stand-in libraries: what reaches the library, and that every
// instance is freed on abort. The real libraries are exercised in e2e/charts.spec.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RendererContext } from '../../widget/types';
import { createEChartsRenderer } from './echarts';
import { createMermaidRenderer } from './mermaid';
import { createVegaLiteRenderer } from './vega-lite';

const observers: { disconnected: boolean; fire(): void }[] = [];
beforeEach(() => {
  observers.length = 0;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      disconnected = false;
      constructor(private cb: () => void) {
        observers.push(this);
      }
      observe() {}
      disconnect() {
        this.disconnected = true;
      }
      fire() {
        this.cb();
      }
    },
  );
  // jsdom lays nothing out: give every element a width.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const context = (payload: unknown, source = JSON.stringify(payload)): RendererContext & { abort(): void } => {
  const ac = new AbortController();
  const container = document.createElement('div');
  document.body.append(container);
  return {
    container,
    payload,
    source,
    type: 't',
    version: 1,
    theme: { accent: '#0f766e', mode: 'dark' },
    signal: ac.signal,
    message: { jobId: 'j', responses: [] },
    respond: async () => undefined,
    abort: () => ac.abort(),
  };
};

const fakeECharts = () => {
  const log: string[] = [];
  const options: Record<string, any>[] = [];
  return {
    log,
    options,
    init: vi.fn((el: HTMLElement, _theme?: unknown, opts?: { renderer?: string }) => {
      log.push(`init ${opts?.renderer} ${el.className}`);
      return {
        setOption: (o: object) => void options.push(o as Record<string, any>),
        resize: () => void log.push('resize'),
        dispose: () => void log.push('dispose'),
      };
    }),
  };
};

describe('ECharts adapter', () => {
  const bar = { kind: 'bar', title: 'T', data: [{ label: 'a', value: 1 }] };

  it('draws a checked payload, resizes with its container, and frees everything once', () => {
    const echarts = fakeECharts();
    const ctx = context(bar);
    const cleanup = createEChartsRenderer(echarts, { renderer: 'svg' }).mount(ctx) as () => void;
    expect(echarts.log).toEqual(['init svg bc-chart-plot']);
    expect(echarts.options[0]!.color[0]).toBe('#0f766e');
    expect(echarts.options[0]!.textStyle.color).toBe('#e5e7eb');
    expect(ctx.container.querySelector('figure.bc-chart figcaption')!.textContent).toBe('T');
    observers[0]!.fire();
    expect(echarts.log).toEqual(['init svg bc-chart-plot', 'resize']);
    ctx.abort();
    cleanup();
    expect(echarts.log).toEqual(['init svg bc-chart-plot', 'resize', 'dispose']);
    expect(observers[0]!.disconnected).toBe(true);
    expect(ctx.container.children).toHaveLength(0);
    observers[0]!.fire();
    expect(echarts.log.at(-1)).toBe('dispose');
  });

  it('an aborted signal alone frees the chart (the cleanup is also wired to abort)', () => {
    const echarts = fakeECharts();
    const ctx = context(bar);
    createEChartsRenderer(echarts).mount(ctx);
    ctx.abort();
    expect(echarts.log).toEqual(['init canvas bc-chart-plot', 'dispose']);
  });

  it('throws for an invalid payload before ECharts is called, naming the reason', () => {
    const echarts = fakeECharts();
    const ctx = context({ kind: 'bar', data: Array.from({ length: 501 }, (_, i) => ({ label: `${i}`, value: i })) });
    expect(() => createEChartsRenderer(echarts).mount(ctx)).toThrow(/\[too-many-points\]/);
    expect(echarts.init).not.toHaveBeenCalled();
    expect(ctx.container.children).toHaveLength(0);
  });

  it('a library that throws leaves nothing behind', () => {
    const ctx = context(bar);
    const broken = { init: () => ({ setOption: () => { throw new Error('boom'); }, resize() {}, dispose: vi.fn() }) };
    expect(() => createEChartsRenderer(broken).mount(ctx)).toThrow('boom');
    expect(ctx.container.children).toHaveLength(0);
    expect(observers.every((o) => o.disconnected)).toBe(true);
  });

  it('refuses something that is not ECharts', () => {
    expect(() => createEChartsRenderer({} as never)).toThrow(/echarts\.init/);
  });
});

describe('Mermaid adapter', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" id="x" onload="alert(1)"><g class="node"><a href="https://evil.example"><text>A</text></a></g><script>alert(2)</script></svg>';

  it('renders one diagram at a time in strict mode, and inserts the SVG without script, handlers or outside links', async () => {
    const configs: Record<string, unknown>[] = [];
    let running = 0;
    let overlap = false;
    const mermaid = {
      initialize: (c: Record<string, unknown>) => configs.push(c),
      render: async () => {
        overlap ||= running > 0;
        running++;
        await new Promise((r) => setTimeout(r, 5));
        running--;
        return { svg };
      },
    };
    const def = createMermaidRenderer(mermaid);
    const a = context('flowchart LR\n A --> B', 'flowchart LR\n A --> B');
    const b = context('flowchart LR\n C --> D', 'flowchart LR\n C --> D');
    const [ca] = (await Promise.all([def.mount(a), def.mount(b)])) as (() => void)[];
    expect(overlap).toBe(false);
    expect(configs).toHaveLength(2);
    expect(configs[0]).toMatchObject({ startOnLoad: false, securityLevel: 'strict', suppressErrorRendering: true, dompurifyConfig: { ALLOWED_ATTR: [] } });
    const html = a.container.innerHTML;
    expect(a.container.querySelector('figure.bc-diagram svg .node')).not.toBeNull();
    expect(html).not.toMatch(/onload|<script|evil\.example/);
    expect(a.container.querySelector('details pre')!.textContent).toBe('flowchart LR\n A --> B');
    ca!();
    expect(a.container.children).toHaveLength(0);
  });

  it('a syntax error rejects (so the widget shows the code); an aborted mount inserts nothing', async () => {
    const failing = { initialize() {}, render: async () => { throw new Error('Parse error on line 2'); } };
    await expect(createMermaidRenderer(failing).mount(context('flowchart LR\n A -->'))).rejects.toThrow('Parse error');
    const ok = { initialize() {}, render: async () => ({ svg }) };
    const ctx = context('flowchart LR\n A --> B');
    const pending = createMermaidRenderer(ok).mount(ctx);
    ctx.abort();
    await Promise.resolve(pending).catch(() => undefined);
    expect(ctx.container.children).toHaveLength(0);
  });

  // The policy is made once per page (module state), so one test covers it: first the page
  // without Trusted Types, then one whose default policy refuses markup, as an enforcing host's would.
  it('on a Trusted Types page (it has a default policy) the SVG goes through the adapter\'s own policy, made once, and labels are SVG text', async () => {
    const configs: Record<string, unknown>[] = [];
    const mermaid = { initialize: (c: Record<string, unknown>) => configs.push(c), render: async () => ({ svg }) };
    const def = createMermaidRenderer(mermaid);
    const plain = context('flowchart LR\n A --> B', 'flowchart LR\n A --> B');
    await def.mount(plain);
    expect(plain.container.querySelector('svg .node')).not.toBeNull();
    expect(configs[0]).not.toHaveProperty('htmlLabels');

    const made: string[] = [];
    const passed: string[] = [];
    class Trusted {
      constructor(readonly html: string) {}
      toString() {
        return this.html;
      }
    }
    const trustedTypes = {
      defaultPolicy: {},
      createPolicy(name: string, rules: { createHTML(text: string): string }) {
        made.push(name);
        return { createHTML: (text: string) => (passed.push(text), new Trusted(rules.createHTML(text))) };
      },
    };
    (window as unknown as { trustedTypes?: unknown }).trustedTypes = trustedTypes;
    try {
      for (const ctx of [context('flowchart LR\n A --> B', 'flowchart LR\n A --> B'), context('flowchart LR\n C --> D', 'flowchart LR\n C --> D')]) {
        await def.mount(ctx);
        expect(ctx.container.querySelector('figure.bc-diagram svg .node')).not.toBeNull();
        expect(ctx.container.innerHTML).not.toMatch(/onload|<script|evil\.example/);
      }
    } finally {
      delete (window as unknown as { trustedTypes?: unknown }).trustedTypes;
    }
    expect(made).toEqual(['bailing-mermaid']);
    expect(passed).toEqual([svg, svg]);
    expect(configs.slice(1)).toEqual([expect.objectContaining({ htmlLabels: false, flowchart: { htmlLabels: false } }), expect.objectContaining({ htmlLabels: false })]);
  });

  it('Mermaid refused by a Trusted Types page without a default policy: the error says what the host must allow', async () => {
    const refused = { initialize() {}, render: async () => { throw new TypeError("Failed to set the 'innerHTML' property on 'Element': This document requires 'TrustedHTML' assignment."); } };
    await expect(createMermaidRenderer(refused).mount(context('flowchart LR\n A --> B'))).rejects.toThrow(/Mermaid cannot draw on this page: it requires Trusted Types.*"bailing-mermaid" and "dompurify"/);
  });

  it('refuses a directive before Mermaid sees it', async () => {
    const render = vi.fn();
    await expect(createMermaidRenderer({ initialize() {}, render }).mount(context('%%{init: {}}%%\nflowchart LR'))).rejects.toThrow(/\[directive\]/);
    expect(render).not.toHaveBeenCalled();
  });
});

describe('Vega-Lite adapter', () => {
  const spec = { mark: 'bar', data: { values: [{ a: 'x', b: 1 }] }, encoding: { x: { field: 'a' } } };

  it('embeds without actions, styles or compiled expressions, with a loader that refuses; finalizes on cleanup', async () => {
    const finalize = vi.fn();
    const calls: Record<string, any>[] = [];
    const vegaEmbed = vi.fn(async (_el: HTMLElement, s: object, o: Record<string, any>) => {
      calls.push({ spec: s, options: o });
      return { view: { width: () => ({ runAsync: async () => undefined }) as never, runAsync: async () => undefined }, finalize };
    });
    const ctx = context(spec);
    const cleanup = (await createVegaLiteRenderer(vegaEmbed as never).mount(ctx)) as () => void;
    const { options, spec: drawn } = calls[0]!;
    expect(options).toMatchObject({ mode: 'vega-lite', actions: false, defaultStyle: false, tooltip: false, ast: true, renderer: 'svg' });
    await expect(options.loader.load('https://evil.example/x.csv')).rejects.toThrow(/disabled/);
    await expect(options.loader.sanitize('https://evil.example/x.png', { context: 'image' })).rejects.toThrow(/disabled/);
    expect(drawn).toMatchObject({ ...spec, width: 400, autosize: { type: 'fit-x', contains: 'padding' } });
    expect(spec).not.toHaveProperty('width');
    expect(options.config.mark.color).toBe('#0f766e');
    cleanup();
    expect(finalize).toHaveBeenCalledOnce();
    expect(observers.every((o) => o.disconnected)).toBe(true);
    expect(ctx.container.children).toHaveLength(0);
  });

  it('a view that finishes after the block was aborted is finalized at once', async () => {
    const finalize = vi.fn();
    const ctx = context(spec);
    const vegaEmbed = async () => {
      ctx.abort();
      return { view: {} as never, finalize };
    };
    await createVegaLiteRenderer(vegaEmbed).mount(ctx);
    expect(finalize).toHaveBeenCalledOnce();
    expect(ctx.container.children).toHaveLength(0);
  });

  it('refuses remote data before Vega-Embed is called', async () => {
    const vegaEmbed = vi.fn();
    await expect(createVegaLiteRenderer(vegaEmbed).mount(context({ ...spec, data: { url: 'https://evil.example/d.csv' } }))).rejects.toThrow(/\[remote-data\]/);
    expect(vegaEmbed).not.toHaveBeenCalled();
  });
});
