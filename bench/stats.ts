// Numbers into text: medians with min–max, ratios, and a fixed-width text table.
export interface Stat {
  median: number;
  min: number;
  max: number;
  n: number;
}

export function stat(values: number[]): Stat {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return { median: NaN, min: NaN, max: NaN, n: 0 };
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, n: sorted.length };
}

export const fmt = (value: number, digits = 0): string => {
  if (!Number.isFinite(value)) return '—';
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
};

/** "median (min–max)", or the one value. */
export function cell(values: number[], digits: number): string {
  const s = stat(values);
  if (s.n === 0) return '—';
  if (s.n === 1 || s.min === s.max) return fmt(s.median, digits);
  return `${fmt(s.median, digits)} (${fmt(s.min, digits)}–${fmt(s.max, digits)})`;
}

/** Median of `ours` over median of `peer`. */
export function ratio(ours: number[], peer: number[]): string {
  const a = stat(ours).median;
  const b = stat(peer).median;
  if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) return '—';
  if (a === 0) return '0';
  const r = a / b;
  // Below 0.1 a fraction reads better: "1/620" rather than "0.002×".
  return r >= 0.1 ? `${fmt(r, 2)}×` : `1/${fmt(1 / r)}`;
}

/** Fixed-width text table; the first column is left-aligned, the others right-aligned. */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => [...(row[c] ?? '')].length)));
  const line = (row: string[]): string =>
    row
      .map((text, c) => {
        const pad = ' '.repeat(widths[c]! - [...text].length);
        return c === 0 ? text + pad : pad + text;
      })
      .join('  ')
      .trimEnd();
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}
