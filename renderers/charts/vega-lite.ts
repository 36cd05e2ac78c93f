// The `vega-lite` renderer (DESIGN.md §8.2): a checked Vega-Lite spec drawn by the host's
// Vega-Embed, with no actions (nothing that opens the editor or leaves the page), no injected
// styles, and a loader that refuses every load, in case anything got past the checks.

import type { RendererContext, RendererDefinition } from '../../widget/types';
import { installRenderer } from './install';
import { VEGA_LIMITS } from './limits';
import { chartColors, type ChartColors } from './palette';
import { checkVegaLiteSpec } from './vega-spec';

/** The part of a Vega view this adapter uses. */
export interface VegaViewLike {
  width(width: number): VegaViewLike;
  runAsync(): Promise<unknown>;
}
/** `vegaEmbed` (Vega-Embed 6 and 7). */
export type VegaEmbedLike = (el: HTMLElement, spec: object, options: Record<string, unknown>) => Promise<{ view: VegaViewLike; finalize(): void }>;

export interface VegaLiteRendererOptions {
  /** `svg` (default) or `canvas`. */
  renderer?: 'svg' | 'canvas';
}

export const VEGA_LITE_TYPE = 'vega-lite';

/** A Vega loader that loads nothing: data, images, links and fonts all fail. */
export function refusingLoader() {
  const refuse = (what: unknown) => Promise.reject(new Error(`vega-lite: loading is disabled (${String(what).slice(0, 80)})`));
  return Object.freeze({ options: {}, fileAccess: false, load: refuse, sanitize: refuse, http: refuse, file: refuse });
}

/** Vega-Lite config that follows the widget's theme. */
export function vegaThemeConfig(colors: ChartColors): Record<string, unknown> {
  const axis = { labelColor: colors.muted, titleColor: colors.text, gridColor: colors.grid, domainColor: colors.axis, tickColor: colors.axis };
  return {
    background: 'transparent',
    font: 'system-ui, sans-serif',
    mark: { color: colors.series[0] },
    range: { category: colors.series },
    axis,
    legend: { labelColor: colors.muted, titleColor: colors.text },
    title: { color: colors.text, subtitleColor: colors.muted },
    header: { labelColor: colors.muted, titleColor: colors.text },
    view: { stroke: colors.grid, continuousHeight: 220 },
  };
}

const titleOf = (spec: Record<string, unknown>): string => {
  const t = spec.title;
  const text = typeof t === 'string' ? t : t && typeof t === 'object' && typeof (t as { text?: unknown }).text === 'string' ? (t as { text: string }).text : '';
  const description = typeof spec.description === 'string' ? spec.description : '';
  return (text || description || 'Chart').slice(0, 200);
};

/** A renderer definition for `vega-lite` blocks, drawn by `vegaEmbed`. */
export function createVegaLiteRenderer(vegaEmbed: VegaEmbedLike, options: VegaLiteRendererOptions = {}): RendererDefinition {
  if (typeof vegaEmbed !== 'function') throw new TypeError('createVegaLiteRenderer(vegaEmbed): pass the vegaEmbed function');
  return {
    type: VEGA_LITE_TYPE,
    version: 1,
    label: 'Vega-Lite chart',
    contentType: 'application/json',
    maxPayloadBytes: VEGA_LIMITS.sourceBytes,
    async mount(ctx: RendererContext) {
      const checked = checkVegaLiteSpec(ctx.payload);
      if (!checked.ok) throw new Error(`invalid vega-lite spec: ${checked.error.message} [${checked.error.type}]`);
      const spec = checked.spec;
      const colors = chartColors(ctx.theme);
      const figure = document.createElement('figure');
      figure.className = 'bc-vega';
      figure.setAttribute('aria-label', `Chart: ${titleOf(spec)}`);
      Object.assign(figure.style, { margin: '0', width: '100%', minWidth: '0', overflowX: 'auto' });
      const plot = document.createElement('div');
      figure.append(plot);
      ctx.container.append(figure);
      // A single view without a width of its own fills the message's width and follows it.
      const fits = spec.width === undefined && ('mark' in spec || 'layer' in spec);
      const width = () => Math.max(120, Math.floor(plot.clientWidth || ctx.container.clientWidth || 320));
      // A copy with a width (a spec-level width also sizes discrete axes, which embed options do not).
      const drawn = fits ? { ...spec, width: width(), autosize: { type: 'fit-x', contains: 'padding' } } : spec;
      let result: Awaited<ReturnType<VegaEmbedLike>> | null = null;
      let done = false;
      let observer: ResizeObserver | null = null;
      const cleanup = () => {
        if (done) return;
        done = true;
        observer?.disconnect();
        result?.finalize();
        result = null;
        figure.remove();
      };
      try {
        const embedded = await vegaEmbed(plot, drawn, {
          mode: 'vega-lite',
          renderer: options.renderer ?? 'svg',
          actions: false,
          // Vega-Embed's default style sheet would be a <style> with innerHTML; ours is set inline.
          defaultStyle: false,
          // Vega's own tooltips (the `title` attribute): no HTML tooltip layer appended to the page.
          tooltip: false,
          hover: false,
          loader: refusingLoader(),
          // Expressions in the spec (filters, calculations, params) are interpreted, never compiled
          // to JavaScript with `new Function`: model text never becomes code, and no 'unsafe-eval'.
          ast: true,
          config: vegaThemeConfig(colors),
        });
        result = embedded;
      } catch (e) {
        cleanup();
        throw e;
      }
      if (ctx.signal.aborted) {
        cleanup();
        return;
      }
      if (fits) {
        let last = width();
        observer = new ResizeObserver(() => {
          const w = width();
          if (done || w === last || plot.clientWidth === 0) return;
          last = w;
          result?.view.width(w).runAsync().catch(() => undefined);
        });
        observer.observe(plot);
      }
      return cleanup;
    },
  };
}

/** Registers the Vega-Lite renderer with the widget on this page (or queues it in the preload). */
export function registerVegaLiteRenderer(vegaEmbed: VegaEmbedLike, options?: VegaLiteRendererOptions): () => void {
  return installRenderer(createVegaLiteRenderer(vegaEmbed, options));
}
