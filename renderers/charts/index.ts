// The chart adapters as an ES module (`dist/esm/charts.js`). Each takes the chart library from the
// host and returns an unregister function; the `create…` forms return the definition instead.
export { createEChartsRenderer, registerEChartsRenderer, CHART_TYPE } from './echarts';
export type { EChartsLike, EChartsInstanceLike, EChartsRendererOptions } from './echarts';
export { createMermaidRenderer, registerMermaidRenderer, MERMAID_TYPE } from './mermaid';
export type { MermaidLike, MermaidRendererOptions } from './mermaid';
export { createVegaLiteRenderer, registerVegaLiteRenderer, refusingLoader, VEGA_LITE_TYPE } from './vega-lite';
export type { VegaEmbedLike, VegaLiteRendererOptions, VegaViewLike } from './vega-lite';
export { checkChartPayload, CHART_KINDS } from './chart-payload';
export type { ChartKind, ChartPayloadError, ChartPayloadErrorType, ChartPayloadResult, ChartSpec } from './chart-payload';
export { checkMermaidSource } from './mermaid-source';
export type { MermaidSourceError, MermaidSourceErrorType } from './mermaid-source';
export { checkVegaLiteSpec } from './vega-spec';
export type { VegaSpecError, VegaSpecErrorType } from './vega-spec';
export { installRenderer } from './install';
export { CHART_LIMITS, MERMAID_LIMITS, VEGA_LIMITS } from './limits';
