// Every limit the chart adapters apply, in one place (DESIGN.md §8.2). Lengths count code points,
// sizes UTF-8 bytes. The widget checks a block's bytes against `maxPayloadBytes` before `mount`;
// the validators check everything else before a chart library sees the payload.

/** `bailing-chart` v1. */
export const CHART_LIMITS = Object.freeze({
  /** Bytes of a fenced `bailing-chart` block. */
  sourceBytes: 32_768,
  /** Points across all series: more is not a chart a visitor can read, and costs layout time. */
  points: 500,
  series: 12,
  /** Point labels, series names, axis labels and the unit. */
  label: 80,
  title: 120,
});

/** `mermaid` blocks. */
export const MERMAID_LIMITS = Object.freeze({
  sourceBytes: 32_768,
  /** Code points of the diagram text. */
  chars: 20_000,
  lines: 800,
});

/** `vega-lite` blocks. */
export const VEGA_LIMITS = Object.freeze({
  sourceBytes: 65_536,
  /** Nesting depth of the spec: deep nesting only serves to slow the compiler down. */
  depth: 24,
  /** Objects, arrays and scalars in the whole spec. */
  nodes: 20_000,
  /** Rows of inline data (`data.values`, each of `datasets`). */
  rows: 5_000,
  /** Code points of any one string. */
  string: 1_000,
});

/** Height of a drawn chart, in CSS pixels; the width follows the container. */
export const CHART_HEIGHT_PX = 280;
