// @vitest-environment jsdom
// The streaming placeholder of a sandbox view: its height and line from the props parsed so far
// (through the registry's own payload check, as the widget hands them), drawn in one box.
import { describe, expect, it } from 'vitest';
import { previewPayload } from '../../widget/registry/payload';
import type { RendererPreviewContext } from '../../widget/types';
import { DEFAULT_VIEW_HEIGHT, PLACEHOLDER_READ_CHARS, placeholderOf, preview } from './preview';

/** What the preview is handed for `source`, a sandbox block's text so far. */
const payloadOf = (source: string) => previewPayload(source, 'application/json');

const contextFor = (container: HTMLElement, source: string) =>
  ({ container, source, payload: payloadOf(source), final: false }) as unknown as RendererPreviewContext;

describe('placeholderOf', () => {
  it.each([
    ['', DEFAULT_VIEW_HEIGHT, ''],
    ['{', 240, ''],
    ['{"initialHeight": 320, "placeholderMessages": ["Setting up the calculator…", "Almost', 320, 'Setting up the calculator…'],
    // A height still being written is not taken (`18` may be the start of `180`).
    ['{"initialHeight": 18', 240, ''],
    ['{"initialHeight": 180,', 180, ''],
    ['{"initialHeight": 5,', 40, ''],
    ['{"initialHeight": 99999, "placeholderMessages": [', 1600, ''],
    ['{"initialHeight": -20, "placeholderMessages": []}', 40, ''],
    ['{"initialHeight": "320px", "placeholderMessages": "Loading"}', 240, ''],
    ['{"placeholderMessages": [7, "second"]}', 240, ''],
    // The first line shows as it arrives, escapes decoded.
    ['{"placeholderMessages": ["Setting up', 240, 'Setting up'],
    ['{"placeholderMessages": ["\\u2026 \\"quoted\\""]', 240, '… "quoted"'],
    ['{"placeholderMessages": ["<img src=x onerror=alert(1)>"]', 240, '<img src=x onerror=alert(1)>'],
    // The props' own text checks, before the line is shown: bidi overrides and isolates,
    // controls, separators, a line too long or blank are not shown at all.
    ['{"placeholderMessages": ["Loading \\u202egnp.exe"]', 240, ''],
    ['{"placeholderMessages": ["Loading \\u2067x\\u2069"]', 240, ''],
    ['{"placeholderMessages": ["Line\\none"]', 240, ''],
    ['{"placeholderMessages": ["Bell\\u0007"]', 240, ''],
    ['{"placeholderMessages": ["a\\u2028b"]', 240, ''],
    ['{"placeholderMessages": ["\\ud800 lone"]', 240, ''],
    [`{"placeholderMessages": ["${'x'.repeat(121)}"]`, 240, ''],
    [`{"placeholderMessages": ["${'界'.repeat(120)}"]`, 240, '界'.repeat(120)],
    ['{"placeholderMessages": ["   "]', 240, ''],
    // A bad first line hides only itself: later lines are not put in its place.
    ['{"placeholderMessages": ["\\u202ebad", "good"]', 240, ''],
    ['[{"initialHeight": 300}]', 240, ''],
    ['"just a string"', 240, ''],
  ])('%j → %ipx, %j', (source, height, text) => {
    expect(placeholderOf(payloadOf(source))).toEqual({ height, text });
  });
});

describe('preview', () => {
  it('draws one box and brings it up to date as the props grow; text only', () => {
    const container = document.createElement('div');
    const sources = ['{"initialHeight": 1', '{"initialHeight": 180, "placeholderMessages": ["Setting', '{"initialHeight": 180, "placeholderMessages": ["Setting up the view…"], "html": "<b>x'];
    const seen: [HTMLElement, string, string][] = [];
    for (const source of sources) {
      preview(contextFor(container, source));
      const box = container.firstElementChild as HTMLElement;
      seen.push([box, box.style.height, box.textContent!]);
    }
    expect(container.children).toHaveLength(1);
    const box = container.firstElementChild as HTMLElement;
    expect(box.className).toBe('bc-wait');
    expect(seen).toEqual([
      [box, '240px', ''],
      [box, '180px', 'Setting'],
      [box, '180px', 'Setting up the view…'],
    ]);
    // Model text never becomes markup here.
    expect(box.children).toHaveLength(0);
  });
});

describe('preview: cost', () => {
  it(`past ${PLACEHOLDER_READ_CHARS} characters it no longer reads the payload (the widget parses it when read)`, () => {
    const container = document.createElement('div');
    let reads = 0;
    const call = (source: string) =>
      preview({ container, source, final: false, get payload() {
        reads++;
        return previewPayload(source, 'application/json');
      } } as unknown as RendererPreviewContext);
    const head = '{"initialHeight": 180, "placeholderMessages": ["Setting up the view…"], "html": "';
    call(head);
    call(head + 'x'.repeat(PLACEHOLDER_READ_CHARS - head.length));
    expect(reads).toBe(2);
    for (let i = 1; i <= 50; i++) call(head + 'x'.repeat(PLACEHOLDER_READ_CHARS + 100 * i));
    expect(reads).toBe(2);
    expect((container.firstElementChild as HTMLElement).style.height).toBe('180px');
    // A block whose first call is already long is still drawn, from one read.
    const other = document.createElement('div');
    preview({ container: other, source: head + 'x'.repeat(2000), final: false, payload: previewPayload(head + 'x'.repeat(2000), 'application/json') } as unknown as RendererPreviewContext);
    expect(other.textContent).toBe('Setting up the view…');
  });
});

describe('preview: the view module takes over', () => {
  it('shows the placeholder until the module is in, then hands it the last call and every call after; none once the block ended', async () => {
    const container = document.createElement('div');
    const ac = new AbortController();
    const drawn: string[] = [];
    let loads = 0;
    let arrive!: (draw: (context: RendererPreviewContext) => void) => void;
    const load = () => (loads++, new Promise<(context: RendererPreviewContext) => void>((resolve) => (arrive = resolve)));
    const call = (source: string) => preview({ ...contextFor(container, source), signal: ac.signal } as RendererPreviewContext, load);
    call('{"placeholderMessages": ["Wait"');
    call('{"placeholderMessages": ["Wait…"], "html": "<p>');
    expect(container.textContent).toBe('Wait…');
    arrive((context) => drawn.push(context.source));
    await Promise.resolve();
    expect(drawn).toEqual(['{"placeholderMessages": ["Wait…"], "html": "<p>']);
    call('{"placeholderMessages": ["Wait…"], "html": "<p>Hi');
    expect(drawn).toHaveLength(2);
    expect(loads).toBe(1);
    // Another block whose module arrives after it ended draws nothing.
    const other = new AbortController();
    preview({ ...contextFor(document.createElement('div'), '{'), signal: other.signal } as RendererPreviewContext, load);
    other.abort();
    arrive((context) => drawn.push('late ' + context.source));
    await Promise.resolve();
    expect(drawn).toHaveLength(2);
  });
});
