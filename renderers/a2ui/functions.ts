// The 14 functions of the basic catalog (A2UI v0.9 basic_catalog_implementation_guide.md §2),
// each on arguments already resolved. Numbers, currencies and dates go through Intl in the
// widget's language. `formatString` parses its template here (format-string.ts) but resolves
// what it names through the caller (bindings.ts); `openUrl` returns nothing here: opening is an
// act, done by the action that calls it, in the visitor's gesture. Pure.

import { formatDate, type DateEnv } from './format-date';
import { MAX_MATCHED_CHARS, MAX_PATTERN_CHARS } from './limits';
import type { FunctionName } from './catalog';

export type FnEnv = DateEnv;
export type Fn = (args: Record<string, unknown>, env: FnEnv) => unknown;

const num = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);
/** Characters as the visitor counts them (code points), not UTF-16 units. */
const chars = (v: unknown) => [...(typeof v === 'string' ? v : v == null ? '' : String(v))].length;
const decimals = (v: unknown) => {
  const d = num(v);
  return Number.isInteger(d) && d >= 0 && d <= 20 ? d : undefined;
};

/**
 * A model-written pattern compiled, or null when it could hang the page: too long, a back-reference,
 * or a quantified group that itself holds a quantifier (`(a+)+`, the shape of catastrophic
 * backtracking). The value it is tested on is capped too (MAX_MATCHED_CHARS).
 */
export function safePattern(pattern: unknown): RegExp | null {
  if (typeof pattern !== 'string' || pattern.length > MAX_PATTERN_CHARS) return null;
  if (/\\[1-9k]/.test(pattern)) return null;
  // A group with a quantifier inside, followed by a quantifier.
  if (/\((?:[^()\\]|\\.)*[+*}?](?:[^()\\]|\\.)*\)\s*[+*{]/.test(pattern)) return null;
  for (const flags of ['u', '']) {
    try {
      return new RegExp(pattern, flags);
    } catch {}
  }
  return null;
}

function numberFormat(env: FnEnv, options: Intl.NumberFormatOptions) {
  try {
    return new Intl.NumberFormat(env.locale, options);
  } catch {
    return null;
  }
}

function formatNumber(args: Record<string, unknown>, env: FnEnv, currency?: string): string {
  const value = num(args.value);
  if (!Number.isFinite(value)) return '';
  const d = decimals(args.decimals);
  const f = numberFormat(env, {
    useGrouping: args.grouping !== false,
    ...(currency ? { style: 'currency', currency } : {}),
    ...(d === undefined ? {} : { minimumFractionDigits: d, maximumFractionDigits: d }),
  });
  return f ? f.format(value) : currency ? `${value} ${currency}` : String(value);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const FUNCTIONS: Record<FunctionName, Fn> = {
  required: ({ value }) => value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0),
  regex: ({ value, pattern }) => {
    const re = safePattern(pattern);
    const text = typeof value === 'string' ? value : value == null ? '' : String(value);
    return !!re && text.length <= MAX_MATCHED_CHARS && re.test(text);
  },
  length: ({ value, min, max }) => {
    const n = chars(value);
    return (typeof min !== 'number' || n >= min) && (typeof max !== 'number' || n <= max);
  },
  numeric: ({ value, min, max }) => {
    const n = num(value);
    return Number.isFinite(n) && (typeof min !== 'number' || n >= min) && (typeof max !== 'number' || n <= max);
  },
  email: ({ value }) => typeof value === 'string' && value.length <= 254 && EMAIL.test(value),
  // Resolved by the caller (its template names paths and calls): what reaches here is the result.
  formatString: ({ value }) => (typeof value === 'string' ? value : ''),
  formatNumber: (args, env) => formatNumber(args, env),
  formatCurrency: (args, env) => {
    const code = typeof args.currency === 'string' && /^[A-Za-z]{3}$/.test(args.currency) ? args.currency.toUpperCase() : '';
    return code ? formatNumber(args, env, code) : formatNumber(args, env);
  },
  formatDate: ({ value, format }, env) => formatDate(value, typeof format === 'string' ? format : 'yyyy-MM-dd', env),
  pluralize: (args, env) => {
    const n = num(args.value);
    let category = 'other';
    try {
      if (Number.isFinite(n)) category = new Intl.PluralRules(env.locale).select(n);
    } catch {}
    // English "zero" is "other" to Intl; a `zero` string for 0 is still what the author meant.
    if (n === 0 && typeof args.zero === 'string') category = 'zero';
    const text = args[category] ?? args.other;
    return typeof text === 'string' ? text : '';
  },
  openUrl: () => undefined,
  and: ({ values }) => Array.isArray(values) && values.every((v) => v === true),
  or: ({ values }) => Array.isArray(values) && values.some((v) => v === true),
  not: ({ value }) => value !== true,
};

export const isFunction = (name: unknown): name is FunctionName => typeof name === 'string' && Object.prototype.hasOwnProperty.call(FUNCTIONS, name);
