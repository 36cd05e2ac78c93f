// Colours for charts that follow the widget's theme (`{accent, mode}`). Pure.

import type { RendererTheme } from '../../widget/types';

/** After the accent, series take these (distinguishable in light and dark, and for common colour-blindness). */
const SERIES_COLORS = Object.freeze(['#f59e0b', '#10b981', '#ef4444', '#8b5cf6', '#06b6d4', '#ec4899', '#84cc16', '#64748b', '#f97316', '#14b8a6', '#a855f7']);

export interface ChartColors {
  /** The accent first, then the others. */
  series: string[];
  text: string;
  muted: string;
  grid: string;
  axis: string;
  /** Page behind the chart (pie borders, tooltip). */
  surface: string;
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const FUNCTIONAL = /^(?:rgb|hsl)a?\([\d\s.,%/+-]+\)$/i;

/** The accent when it is a colour a library can parse safely; the widget's default blue otherwise. */
export function safeAccent(accent: string): string {
  return HEX.test(accent) || FUNCTIONAL.test(accent) ? accent : '#2563eb';
}

export function chartColors(theme: RendererTheme): ChartColors {
  const accent = safeAccent(theme.accent);
  const dark = theme.mode === 'dark';
  return {
    series: [accent, ...SERIES_COLORS.filter((c) => c.toLowerCase() !== accent.toLowerCase())],
    text: dark ? '#e5e7eb' : '#1f2937',
    muted: dark ? '#9ca3af' : '#6b7280',
    grid: dark ? '#374151' : '#e5e7eb',
    axis: dark ? '#6b7280' : '#9ca3af',
    surface: dark ? '#1f2937' : '#ffffff',
  };
}
