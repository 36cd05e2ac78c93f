// `formatDate` of the basic catalog: a Unicode TR35 pattern (`MMM dd, yyyy`, `HH:mm`, `EEEE`,
// `h:mm a`, quoted literals) filled from the date with the platform's Intl, in the widget's
// language. Pure for a given time zone (tests pass one; the page's own is the default).

export interface DateEnv {
  locale: string;
  /** IANA zone; the page's own when absent. */
  timeZone?: string;
}

/** A date from what the model gave: an ISO 8601 string (a bare date is that day, where the visitor is), or epoch milliseconds. */
export function dateOf(value: unknown): Date | null {
  let d: Date | null = null;
  if (value instanceof Date) d = value;
  else if (typeof value === 'number') d = new Date(value);
  else if (typeof value === 'string' && value.trim()) {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
    d = day ? new Date(+day[1]!, +day[2]! - 1, +day[3]!) : new Date(value.trim());
  }
  return d && Number.isFinite(d.getTime()) ? d : null;
}

const TOKEN = /'(?:[^']|'')*'|([GyYuMLdEecHhKkmsSaz])\1*|[\s\S]/g;

/** `value` formatted by `pattern`; `""` when the value is not a date. */
export function formatDate(value: unknown, pattern: string, env: DateEnv): string {
  const d = dateOf(value);
  if (!d) return '';
  const tz = env.timeZone ? { timeZone: env.timeZone } : {};
  const intl = (options: Intl.DateTimeFormatOptions, locale = env.locale) => {
    try {
      return new Intl.DateTimeFormat(locale, { ...tz, ...options });
    } catch {
      return new Intl.DateTimeFormat('en', { ...tz, ...options });
    }
  };
  // The numbers, read once, in the zone (Latin digits; names below are in the visitor's language).
  const n: Record<string, number> = {};
  for (const p of intl({ year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' }, 'en-US').formatToParts(d)) {
    if (p.type !== 'literal') n[p.type] = +p.value;
  }
  const pad = (v: number, width: number) => String(v).padStart(width, '0');
  const named = (options: Intl.DateTimeFormatOptions, type: Intl.DateTimeFormatPartTypes) => intl(options).formatToParts(d).find((p) => p.type === type)?.value ?? '';
  return (pattern.match(TOKEN) ?? []).map((t) => {
    if (t.startsWith("'")) return t.length === 2 ? "'" : t.slice(1, -1).replace(/''/g, "'");
    const width = t.length;
    switch (t[0]) {
      case 'y': case 'Y': case 'u':
        return width === 2 ? pad(n.year! % 100, 2) : pad(n.year!, width);
      case 'M': case 'L':
        return width >= 3 ? named({ month: width === 3 ? 'short' : width === 4 ? 'long' : 'narrow' }, 'month') : pad(n.month!, width);
      case 'd':
        return pad(n.day!, width);
      case 'E': case 'e': case 'c':
        return named({ weekday: width === 4 ? 'long' : width === 5 ? 'narrow' : 'short' }, 'weekday');
      case 'H':
        return pad(n.hour!, width);
      case 'k':
        return pad(n.hour! || 24, width);
      case 'h':
        return pad(n.hour! % 12 || 12, width);
      case 'K':
        return pad(n.hour! % 12, width);
      case 'm':
        return pad(n.minute!, width);
      case 's':
        return pad(n.second!, width);
      case 'S':
        return pad(d.getUTCMilliseconds(), 3).slice(0, width);
      case 'a':
        return named({ hour: 'numeric', hour12: true }, 'dayPeriod');
      case 'z':
        return named({ timeZoneName: width === 4 ? 'long' : 'short' }, 'timeZoneName');
      case 'G':
        return named({ era: 'short' }, 'era');
      default:
        return t;
    }
  }).join('');
}
