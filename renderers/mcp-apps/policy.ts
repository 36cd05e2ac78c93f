// The owner's MCP Apps settings (preload `mcpApps: {…}`, or `data-mcp-apps="1"` with
// `data-sandbox-origin`): which origins a view may reach at most, where the separate-origin
// sandbox proxy is, which tools the owner vouches only read, and the budgets of DESIGN.md §13.
// Pure: no DOM. Every problem is returned as `path: reason`, so a misspelt key is never silently
// the default.

import { integer, isSandboxOrigin, shown, typeName } from '../sandbox/policy';

/**
 * The owner's ceilings for the domains a view's resource declares (`_meta.ui.csp`), by the
 * declared list they cap. A view gets what it declares *and* the owner allows, never more.
 */
export const MCP_ALLOW_LISTS = Object.freeze({
  connect: 'connectDomains',
  resources: 'resourceDomains',
  frames: 'frameDomains',
  baseUri: 'baseUriDomains',
} as const);
export type McpAllowKind = keyof typeof MCP_ALLOW_LISTS;

/** A validated owner policy: every list present, every limit set. Frozen. */
export interface McpAppsPolicy {
  readonly allow: { readonly [kind in McpAllowKind]: readonly string[] };
  /** The proxy page on a separate origin (`https://sandbox.example.com/mcp-sandbox.html`), or '' for the opaque frame. */
  readonly sandboxUrl: string;
  /** Tools the owner says only read (besides those the server annotates `readOnlyHint`): a view may call them without a gesture. */
  readonly readTools: readonly string[];
  readonly maxViews: number;
  readonly maxHeight: number;
  readonly maxCalls: number;
  readonly maxCallsPerPage: number;
  readonly maxCallsPerMinute: number;
  readonly maxSends: number;
  readonly minSendIntervalMs: number;
  /** Largest `ui/message` text, and `ui/update-model-context` as JSON, in UTF-8 bytes. */
  readonly maxMessageBytes: number;
  readonly maxContextBytes: number;
}

type Limit = Exclude<keyof McpAppsPolicy, 'allow' | 'sandboxUrl' | 'readTools'>;

export const MCP_POLICY_DEFAULTS: Readonly<Record<Limit, number>> = Object.freeze({
  maxViews: 3,
  maxHeight: 1600,
  maxCalls: 60,
  maxCallsPerPage: 300,
  maxCallsPerMinute: 60,
  maxSends: 5,
  minSendIntervalMs: 1000,
  maxMessageBytes: 8192,
  maxContextBytes: 8192,
});

export const MCP_POLICY_RANGES: Readonly<Record<Limit, readonly [number, number]>> = Object.freeze({
  maxViews: [1, 20],
  maxHeight: [100, 10_000],
  maxCalls: [0, 10_000],
  maxCallsPerPage: [0, 100_000],
  maxCallsPerMinute: [0, 10_000],
  maxSends: [0, 1000],
  minSendIntervalMs: [0, 3_600_000],
  maxMessageBytes: [0, 65_536],
  maxContextBytes: [0, 65_536],
});

/** The proxy page's path when the owner gives only an origin. */
export const DEFAULT_SANDBOX_PATH = '/mcp-sandbox.html';
const MAX_LIST = 32;
const TOOL_NAME = /^[A-Za-z0-9_.\/-]{1,128}$/;

export type McpPolicyCheck = { ok: true; policy: McpAppsPolicy } | { ok: false; errors: string[] };


/**
 * The proxy page's URL from what the owner gave: `https://` (or `http://` on a loopback host, for
 * development), no credentials, query or fragment. Returns the URL or why not.
 */
export function sandboxUrl(value: unknown): { url: string } | { error: string } {
  if (typeof value != 'string') return { error: `expected a URL string, got ${typeName(value)}` };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { error: `${shown(value)} is not a URL` };
  }
  const loopback = /^(localhost|127\.0\.0\.1|\[::1\])$/.test(url.hostname);
  if (url.protocol != 'https:' && !(url.protocol == 'http:' && loopback)) return { error: `${shown(value)} must be https:// (http:// only on localhost)` };
  if (url.username || url.password) return { error: `${shown(value)} must not carry credentials` };
  if (url.search || url.hash) return { error: `${shown(value)} must not have a query or fragment` };
  return { url: url.origin + (url.pathname == '/' ? DEFAULT_SANDBOX_PATH : url.pathname) };
}

/**
 * Validates `mcpApps` (`true` or `{}`: the defaults, the opaque frame, no origin beyond the
 * view's own document). `sandboxOrigin` is the attribute's or the preload's proxy URL.
 */
export function validateMcpAppsPolicy(input: unknown): McpPolicyCheck {
  const errors: string[] = [];
  const value = input === true || input === undefined ? {} : input;
  if (!value || typeof value != 'object' || Array.isArray(value)) return { ok: false, errors: [`mcpApps: expected true or an object, got ${typeName(value)}`] };
  const given = value as Record<string, unknown>;
  const known = ['allow', 'sandboxOrigin', 'readTools', ...Object.keys(MCP_POLICY_DEFAULTS)];
  for (const key of Object.keys(given)) if (!known.includes(key)) errors.push(`mcpApps: unknown key ${shown(key)} (known: ${known.join(', ')})`);

  const allow: Record<string, string[]> = Object.fromEntries(Object.keys(MCP_ALLOW_LISTS).map((kind) => [kind, []]));
  const lists = given.allow;
  if (lists !== undefined) {
    if (!lists || typeof lists != 'object' || Array.isArray(lists)) errors.push(`mcpApps.allow: expected an object, got ${typeName(lists)}`);
    else
      for (const [kind, list] of Object.entries(lists)) {
        const path = `mcpApps.allow.${kind}`;
        if (!Object.hasOwn(MCP_ALLOW_LISTS, kind)) errors.push(`mcpApps.allow: unknown key ${shown(kind)} (known: ${Object.keys(MCP_ALLOW_LISTS).join(', ')})`);
        else if (!Array.isArray(list)) errors.push(`${path}: expected an array of origins, got ${typeName(list)}`);
        else if (list.length > MAX_LIST) errors.push(`${path}: more than ${MAX_LIST} entries (${list.length})`);
        else
          list.forEach((origin: unknown, i) => {
            if (isSandboxOrigin(origin)) allow[kind]!.push(origin as string);
            else errors.push(`${path}[${i}]: ${typeof origin == 'string' ? shown(origin) : typeName(origin)} is not https://host[:port] or https://*.host`);
          });
      }
  }

  let proxy = '';
  if (given.sandboxOrigin !== undefined && given.sandboxOrigin !== '') {
    const checked = sandboxUrl(given.sandboxOrigin);
    if ('error' in checked) errors.push(`mcpApps.sandboxOrigin: ${checked.error}`);
    else proxy = checked.url;
  }

  const readTools: string[] = [];
  if (given.readTools !== undefined) {
    if (!Array.isArray(given.readTools)) errors.push(`mcpApps.readTools: expected an array of tool names, got ${typeName(given.readTools)}`);
    else
      given.readTools.forEach((name: unknown, i) => {
        if (typeof name == 'string' && TOOL_NAME.test(name)) readTools.push(name);
        else errors.push(`mcpApps.readTools[${i}]: ${typeof name == 'string' ? shown(name) : typeName(name)} is not a tool name`);
      });
  }

  const limits = { ...MCP_POLICY_DEFAULTS };
  for (const key of Object.keys(MCP_POLICY_DEFAULTS) as Limit[]) {
    const n = given[key];
    if (n === undefined) continue;
    const before = errors.length;
    integer(...MCP_POLICY_RANGES[key])(n, `mcpApps.${key}`, errors);
    if (errors.length == before) limits[key] = n as number;
  }
  if (errors.length) return { ok: false, errors };
  const frozen = Object.fromEntries(Object.entries(allow).map(([kind, list]) => [kind, Object.freeze(list)]));
  return {
    ok: true,
    policy: Object.freeze({ ...limits, allow: Object.freeze(frozen) as McpAppsPolicy['allow'], sandboxUrl: proxy, readTools: Object.freeze(readTools) }),
  };
}
