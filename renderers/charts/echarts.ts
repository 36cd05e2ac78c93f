// The `bailing-chart` v1 renderer drawn with ECharts (DESIGN.md §8.2). The host loads ECharts and
// passes it in; this module never imports it, so the widget and this adapter stay small.
// One code path for both shapes: the ES module export and `dist/renderers/echarts.js` (which
// reads `window.echarts`) both call `createEChartsRenderer`.

import type { RendererContext, RendererDefinition } from '../../widget/types';
import { checkChartPayload } from './chart-payload';
import { chartLabel, chartSummary } from './chart-summary';
import { echartsOption } from './echarts-option';
import { chartFigure, dataTable, sourceBlock } from './figure';
import { installRenderer } from './install';
import { CHART_HEIGHT_PX, CHART_LIMITS } from './limits';
import { chartColors } from './palette';

/** The part of the ECharts API this adapter uses (`echarts` 5 and 6). */
export interface EChartsLike {
  init(dom: HTMLElement, theme?: string | object | null, opts?: { renderer?: 'canvas' | 'svg'; locale?: string }): EChartsInstanceLike;
}
export interface EChartsInstanceLike {
  setOption(option: object, opts?: object): void;
  resize(): void;
  dispose(): void;
}

export interface EChartsRendererOptions {
  /** `canvas` (default) or `svg`. */
  renderer?: 'canvas' | 'svg';
  /** Chart height in CSS pixels; default 280. The width follows the message. */
  height?: number;
  /** Animations; default true (never under `prefers-reduced-motion: reduce`). */
  animation?: boolean;
  /** Text of the data-table toggle; default "Show data". */
  showDataLabel?: string;
}

export const CHART_TYPE = 'bailing-chart';

/** A renderer definition for `bailing-chart` blocks, drawn by `echarts`. */
export function createEChartsRenderer(echarts: EChartsLike, options: EChartsRendererOptions = {}): RendererDefinition {
  if (!echarts || typeof echarts.init !== 'function') throw new TypeError('createEChartsRenderer(echarts): pass the ECharts module (it needs echarts.init)');
  const height = options.height ?? CHART_HEIGHT_PX;
  return {
    type: CHART_TYPE,
    version: 1,
    label: 'Chart',
    contentType: 'application/json',
    maxPayloadBytes: CHART_LIMITS.sourceBytes,
    mount(ctx: RendererContext) {
      const checked = checkChartPayload(ctx.payload);
      // A throw falls back to the block's source as code; the widget logs the reason.
      if (!checked.ok) throw new Error(`invalid bailing-chart: ${checked.error.message} [${checked.error.type}]`);
      const chart = checked.chart;
      if (ctx.signal.aborted) return;
      const colors = chartColors(ctx.theme);
      const { figure, plot } = chartFigure(chartLabel(chart), chart.title, chartSummary(chart), colors, height);
      figure.append(dataTable(chart, colors, options.showDataLabel ? { show: options.showDataLabel } : undefined));
      ctx.container.append(figure);

      let instance: EChartsInstanceLike | null = null;
      let done = false;
      const draw = () => {
        instance = echarts.init(plot, null, { renderer: options.renderer ?? 'canvas' });
        // A visitor who asked for less motion gets the chart drawn at once.
        const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
        instance.setOption(echartsOption(chart, colors, { animation: options.animation !== false && !still }));
      };
      // Follows the container: drawn once it has a width (a closed panel has none), resized after.
      const observer = new ResizeObserver(() => {
        if (done || plot.clientWidth === 0) return;
        if (instance) return instance.resize();
        // Too late to let the widget fall back: show the source as code the same way.
        try {
          guard(draw);
        } catch {
          ctx.container.append(sourceBlock(ctx.source));
        }
      });
      const cleanup = () => {
        if (done) return;
        done = true;
        observer.disconnect();
        ctx.signal.removeEventListener('abort', cleanup);
        const i = instance;
        instance = null;
        i?.dispose();
        figure.remove();
      };
      const guard = (fn: () => void) => {
        try {
          fn();
        } catch (e) {
          cleanup();
          throw e;
        }
      };
      ctx.signal.addEventListener('abort', cleanup);
      if (plot.clientWidth > 0) guard(draw);
      observer.observe(plot);
      return cleanup;
    },
  };
}

/**
 * Registers the ECharts `bailing-chart` renderer with the widget on this page (or queues it in the
 * preload when the widget has not loaded yet). Returns an unregister function.
 */
export function registerEChartsRenderer(echarts: EChartsLike, options?: EChartsRendererOptions): () => void {
  return installRenderer(createEChartsRenderer(echarts, options));
}
