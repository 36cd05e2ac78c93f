// The `sandbox` renderer's two validators (DESIGN.md §8.3): the owner's policy (what a view may
// reach, how much it may send back) and the props a model writes in a fenced `sandbox` block.
// Pure: no DOM, no Node APIs. Both return every problem found as `path: reason` strings.

import { MAX_MESSAGE_CHARS } from '../../widget/contract';
import { PACK_POLICY_KEYS } from './pack-policy-keys';
import { CONTROL, PLACEHOLDER_MESSAGE_CHARS } from './text';

/**
 * Which `policy.allow` list widens which CSP directive. Only fetch directives for things a view may
 * sensibly load from a named HTTPS origin are here. Never widened: `default-src`, `frame-src` (a
 * nested document is not bound by our CSP), `worker-src` and `object-src` (code outside the
 * document's policy), `form-action` (a form post is a navigation that carries what the visitor
 * typed), `base-uri` (a `<base>` would redirect every relative URL).
 */
export const SANDBOX_ALLOW_DIRECTIVES = Object.freeze({
  images: 'img-src',
  connect: 'connect-src',
  scripts: 'script-src',
  styles: 'style-src',
  fonts: 'font-src',
  media: 'media-src',
} as const);

export type SandboxAllowKind = keyof typeof SANDBOX_ALLOW_DIRECTIVES;

/** A validated policy: every list present (empty unless the owner opened it), every limit set. Frozen. */
export interface SandboxPolicy {
  readonly allow: { readonly [kind in SandboxAllowKind]: readonly string[] };
  /**
   * Largest `agent.send(…)` payload, as UTF-8 JSON, in bytes. A send is a visitor message, so the
   * chat's message limit ({@link MAX_MESSAGE_CHARS} characters) bounds it whatever this says:
   * default and most {@link SANDBOX_SEND_MAX_BYTES}, what that many characters can take.
   */
  readonly maxPayloadBytes: number;
  /** Least time between two accepted sends of any views on the page, in ms. Default 1000. */
  readonly minSendIntervalMs: number;
  /** Most sends the views of one answer may make, together. Default 20. */
  readonly maxSends: number;
  /** Most views one answer may show at once; the rest show their title and summary. Default 3. */
  readonly maxViews: number;
  /** Tallest the frame may grow, in CSS pixels. Default 1600. */
  readonly maxHeight: number;
}

type Limit = Exclude<keyof SandboxPolicy, 'allow'>;

/**
 * The most bytes a message the chat accepts can take as UTF-8 (4 per code point): a
 * `maxPayloadBytes` above it could never refuse a send the message limit lets through, so it is
 * clamped to this, which is also the default (the message limit alone then binds).
 */
export const SANDBOX_SEND_MAX_BYTES = MAX_MESSAGE_CHARS * 4;

export const SANDBOX_POLICY_DEFAULTS: Readonly<Record<Limit, number>> = Object.freeze({
  maxPayloadBytes: SANDBOX_SEND_MAX_BYTES,
  minSendIntervalMs: 1000,
  maxSends: 20,
  maxViews: 3,
  maxHeight: 1600,
});

/**
 * `[min, max]` of each limit (integers). `maxPayloadBytes` up to 64 KiB is accepted (and clamped to
 * {@link SANDBOX_SEND_MAX_BYTES}); a frame under 100 px cannot show a control and its label.
 */
export const SANDBOX_POLICY_RANGES: Readonly<Record<Limit, readonly [number, number]>> = Object.freeze({
  maxPayloadBytes: [0, 65536],
  minSendIntervalMs: [0, 3_600_000],
  maxSends: [0, 1000],
  maxViews: [1, 20],
  maxHeight: [100, 10_000],
});

/** Origins per `allow` list: each becomes a CSP token, and the `<meta>` must stay short. */
export const SANDBOX_MAX_ORIGINS = 32;

/** The props of a `sandbox` block, in the order a model writes them ({@link SANDBOX_FIELD_ORDER}). */
export interface SandboxProps {
  /** Height in CSS pixels of the placeholder shown while the block streams. */
  readonly initialHeight?: number;
  /** Short lines the placeholder cycles through while the block streams. */
  readonly placeholderMessages?: readonly string[];
  /** The frame's accessible name, and what clients that cannot run the view show. */
  readonly title?: string;
  /** One or two sentences on what the view does, for clients that cannot run it. */
  readonly summary?: string;
  /** Styles, in a `<style>` before the markup. */
  readonly css?: string;
  /** The body markup; its inline scripts run. */
  readonly html?: string;
  /** Declarations, one classic script after the markup. */
  readonly jsFunctions?: string;
  /** Statements, each its own classic script after `jsFunctions`. */
  readonly jsExpressions?: readonly string[];
  /**
   * The view as JSX with the owner's kit (`sandbox.kit`): code defining `function App()`, compiled
   * and drawn in the frame, drawn as it streams. Takes the place of `html` and the scripts.
   */
  readonly jsx?: string;
}

/**
 * The order the fields stream in and are used: the placeholder's height first, then the text,
 * the styles (so the markup never draws unstyled), the markup, and the behaviour last.
 */
export const SANDBOX_FIELD_ORDER = Object.freeze([
  'initialHeight',
  'placeholderMessages',
  'title',
  'summary',
  'css',
  'html',
  'jsFunctions',
  'jsExpressions',
  'jsx',
] as const);

/** Every limit on props. Text lengths are in code points, code sizes in UTF-8 bytes. */
export const SANDBOX_PROPS_LIMITS = Object.freeze({
  title: 120,
  summary: 500,
  placeholderMessage: PLACEHOLDER_MESSAGE_CHARS,
  placeholderMessages: 8,
  initialHeight: 2000,
  cssBytes: 32768,
  htmlBytes: 65536,
  jsFunctionsBytes: 65536,
  jsExpressionBytes: 16384,
  jsExpressions: 32,
  jsxBytes: 65536,
  /** The whole props object as JSON: what the fenced block carries. */
  totalBytes: 131072,
  /** Errors reported at most, so a hostile block cannot produce megabytes of log. */
  errors: 50,
});

export type PolicyCheck = { ok: true; policy: SandboxPolicy } | { ok: false; errors: string[] };
/** `note`: what the host tells the console about props it took with a change (a view filled in both forms). */
export type PropsCheck = { ok: true; props: SandboxProps; note?: string } | { ok: false; errors: string[] };

type Errors = string[];
type Check = (value: unknown, path: string, errors: Errors) => void;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value == 'object' && !Array.isArray(value);
export const typeName = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
export const shown = (value: string): string => JSON.stringify(value.length > 64 ? value.slice(0, 64) + '…' : value);
const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length;
const fail = (errors: Errors, path: string, reason: string): void => {
  if (errors.length < SANDBOX_PROPS_LIMITS.errors) errors.push(`${path}: ${reason}`);
};

/** Checks `value` is a plain object whose keys all have a check; unknown keys are named. */
function checkObject(value: unknown, path: string, keys: Record<string, Check>, errors: Errors): value is Record<string, unknown> {
  if (!isRecord(value)) return fail(errors, path, `expected an object, got ${typeName(value)}`), false;
  for (const key of Object.keys(value)) {
    if (Object.hasOwn(keys, key)) keys[key]!(value[key], `${path}.${key}`, errors);
    else fail(errors, path, `unknown key ${shown(key)} (known: ${Object.keys(keys).join(', ')})`);
  }
  return true;
}

export const integer = (min: number, max: number): Check => (value, path, errors) => {
  if (!Number.isInteger(value)) fail(errors, path, `expected an integer, got ${typeName(value)}`);
  else if ((value as number) < min) fail(errors, path, `below the minimum of ${min}`);
  else if ((value as number) > max) fail(errors, path, `above the cap of ${max}`);
};

const list = (max: number, item: Check): Check => (value, path, errors) => {
  if (!Array.isArray(value)) return fail(errors, path, `expected an array, got ${typeName(value)}`);
  if (value.length > max) fail(errors, path, `more than ${max} entries (${value.length})`);
  value.forEach((entry: unknown, i) => item(entry, `${path}[${i}]`, errors));
};

// ---------------------------------------------------------------------------------------------
// Policy

/** A DNS label: letters, digits and inner hyphens, 1–63 characters (RFC 1123). */
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/**
 * `https://host[:port]` or `https://*.host`, nothing else. Every other character (space, quote,
 * `;`, `,`) could end the CSP source expression and add a token of the writer's choosing
 * (`https://a.com; script-src *`, `https://a.com 'unsafe-eval'`). Ports: 1–65535, no leading zero.
 */
const ORIGIN = /^https:\/\/(\*\.)?([a-zA-Z0-9.-]{1,253})(?::([1-9]\d{0,4}))?$/;
/** Dot-separated labels; the last must hold a letter, which rules out IPv4 literals (IPv6 ones have no CSP host-source form at all). */
const HOST = new RegExp(`^(?:${LABEL}\\.)*(?=[a-z0-9-]*[a-z])${LABEL}$`, 'i');

/**
 * Whether `value` is an origin a `policy.allow` list may hold (the document builder checks again).
 * A wildcard needs two labels after it (`*.com` would open a whole top-level domain) and no port.
 */
export function isSandboxOrigin(value: unknown): boolean {
  const match = typeof value == 'string' ? ORIGIN.exec(value) : null;
  if (!match) return false;
  const [, wildcard, host, port] = match;
  return HOST.test(host!) && (!wildcard || (host!.includes('.') && !port)) && (!port || +port <= 65535);
}

function originProblem(value: unknown): string | undefined {
  if (typeof value != 'string') return `expected a string, got ${typeName(value)}`;
  if (isSandboxOrigin(value)) return;
  const rest = value.slice(8);
  const why = !value.startsWith('https://')
    ? 'must start with https://'
    : /[^\w.:*@/?#[\]=&%-]/.test(rest)
      ? 'is not https://host[:port] or https://*.host'
      : rest.includes('@')
        ? 'must not carry credentials'
        : /[/?#]/.test(rest)
          ? 'must not have a path, query or fragment'
          : 'is not https://host[:port] or https://*.host';
  return `${shown(value)} ${why}`;
}

const origins: Check = list(SANDBOX_MAX_ORIGINS, (value, path, errors) => {
  const problem = originProblem(value);
  if (problem) fail(errors, path, problem);
});

const ALLOW_KEYS: Record<string, Check> = Object.fromEntries(Object.keys(SANDBOX_ALLOW_DIRECTIVES).map((kind) => [kind, origins]));

const POLICY_KEYS: Record<string, Check> = {
  allow: (value, path, errors) => void checkObject(value, path, ALLOW_KEYS, errors),
  ...Object.fromEntries(Object.entries(SANDBOX_POLICY_RANGES).map(([key, [min, max]]) => [key, integer(min, max)])),
  // The capability packs' keys: checked by their own module when packs are installed.
  ...Object.fromEntries(PACK_POLICY_KEYS.map((key) => [key, () => {}])),
};

/**
 * Validates the owner's sandbox policy (preload `sandbox: {policy}`); `undefined` is the default
 * policy: no network, the limits of {@link SANDBOX_POLICY_DEFAULTS}. Unknown keys are errors, so
 * a misspelt limit is not silently the default.
 */
export function validateSandboxPolicy(input: unknown): PolicyCheck {
  const errors: Errors = [];
  const value = input === undefined ? {} : input;
  if (!checkObject(value, 'policy', POLICY_KEYS, errors) || errors.length) return { ok: false, errors };
  const allow = (value.allow ?? {}) as Partial<Record<SandboxAllowKind, string[]>>;
  const lists = Object.fromEntries(Object.keys(SANDBOX_ALLOW_DIRECTIVES).map((kind) => [kind, Object.freeze([...(allow[kind as SandboxAllowKind] ?? [])])]));
  const policy = { ...SANDBOX_POLICY_DEFAULTS, ...value, allow: Object.freeze(lists) } as SandboxPolicy & { maxPayloadBytes: number };
  policy.maxPayloadBytes = Math.min(policy.maxPayloadBytes, SANDBOX_SEND_MAX_BYTES);
  return { ok: true, policy: Object.freeze(policy) };
}

// ---------------------------------------------------------------------------------------------
// Props

const P = SANDBOX_PROPS_LIMITS;


const text = (max: number, lines = false): Check => (value, path, errors) => {
  if (typeof value != 'string') return fail(errors, path, `expected a string, got ${typeName(value)}`);
  if (CONTROL.test(lines ? value.replace(/\n/g, '') : value)) fail(errors, path, `contains a control character${lines ? ' (only \\n is allowed)' : ''}`);
  else if ([...value].length > max) fail(errors, path, `longer than ${max} characters`);
  else if (!value.trim()) fail(errors, path, 'must not be blank');
};

const code = (maxBytes: number): Check => (value, path, errors) => {
  if (typeof value != 'string') fail(errors, path, `expected a string, got ${typeName(value)}`);
  else if (value.length > maxBytes || utf8Bytes(value) > maxBytes) fail(errors, path, `larger than ${maxBytes} bytes`);
};

const PROPS_KEYS: Record<(typeof SANDBOX_FIELD_ORDER)[number], Check> = {
  initialHeight: integer(0, P.initialHeight),
  placeholderMessages: list(P.placeholderMessages, text(P.placeholderMessage)),
  title: text(P.title),
  summary: text(P.summary, true),
  css: code(P.cssBytes),
  html: code(P.htmlBytes),
  jsFunctions: code(P.jsFunctionsBytes),
  jsExpressions: list(P.jsExpressions, code(P.jsExpressionBytes)),
  jsx: code(P.jsxBytes),
};

/**
 * Validates the parsed props of a `sandbox` block against {@link SANDBOX_PROPS_LIMITS}. Unknown keys
 * are errors; a view with no `html`, `jsFunctions`, `jsExpressions` or `jsx` has nothing to show and
 * is one too. Returns a frozen copy holding only the known keys; when both `jsx` and the markup and
 * scripts are filled, only the longer of the two (with a `note` saying so).
 */
export function validateSandboxProps(input: unknown): PropsCheck {
  const errors: Errors = [];
  if (!checkObject(input, 'props', PROPS_KEYS, errors)) return { ok: false, errors };
  let json: string | undefined;
  try {
    json = errors.length ? '' : JSON.stringify(input);
  } catch {}
  if (json === undefined) fail(errors, 'props', 'not JSON data');
  else if (json.length > P.totalBytes || utf8Bytes(json) > P.totalBytes) fail(errors, 'props', `larger than ${P.totalBytes} bytes as JSON`);
  const { html, jsFunctions, jsExpressions, jsx } = input;
  let dropped: string[] = [];
  let note: string | undefined;
  if (!errors.length) {
    const size = (...codes: unknown[]) => codes.flat().reduce((n: number, code) => n + ((code as string | undefined)?.trim().length ?? 0), 0);
    const markup = size(html, jsFunctions, jsExpressions);
    const drawn = size(jsx);
    if (!markup && !drawn) fail(errors, 'props', 'nothing to show (set html, jsFunctions, jsExpressions or jsx)');
    else if (markup && drawn) {
      // A model under strict tool calling fills every field: the whole view in one form and a stub
      // in the other (`function App() { return null }` beside the real html). The longer form
      // holds the view (a tie: the markup, which needs no kit); the other is dropped.
      const jsxWins = drawn > markup;
      dropped = jsxWins ? ['html', 'jsFunctions', 'jsExpressions'] : ['jsx'];
      note = `both jsx (${drawn} characters) and html with its scripts (${markup}) are filled: drawing the longer, ${jsxWins ? 'jsx' : 'html'}; the other is dropped`;
    }
  }
  if (errors.length) return { ok: false, errors };
  const props: Record<string, unknown> = {};
  for (const key of SANDBOX_FIELD_ORDER) {
    const value = input[key];
    if (value !== undefined && !dropped.includes(key)) props[key] = Array.isArray(value) ? Object.freeze([...value]) : value;
  }
  return { ok: true, props: Object.freeze(props) as SandboxProps, ...(note ? { note } : {}) };
}
