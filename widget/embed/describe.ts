/** A short description of a value for a warning: `"text…"`, `null`, `an array`, or its type. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `"${value.slice(0, 40)}"`;
  return typeof value;
}
