// The Content-Security-Policy of an MCP App view (MCP Apps 2026-01-26, "Content Security Policy"):
// built from the domains its resource declares (`_meta.ui.csp`), each kept only where the owner's
// ceiling (policy.ts `allow`) covers it. Never looser than the resource declares (the spec's MUST:
// no undeclared domain) and never looser than the owner allows. With nothing declared or allowed it
// is the sandbox's own restrictive policy, which is stricter than the spec's default (no `'self'`:
// an opaque frame has no origin worth naming). Pure.

import { SANDBOX_CSP } from '../sandbox/document';
import { isSandboxOrigin } from '../sandbox/policy';
import { MCP_ALLOW_LISTS, type McpAllowKind, type McpAppsPolicy } from './policy';

/** The directives each declared list widens (the spec's reference construction). */
export const MCP_CSP_DIRECTIVES: Readonly<Record<McpAllowKind, readonly string[]>> = Object.freeze({
  resources: ['script-src', 'style-src', 'img-src', 'font-src', 'media-src'],
  connect: ['connect-src'],
  frames: ['frame-src'],
  baseUri: ['base-uri'],
});

/** Most domains read from one declared list; the rest are dropped (the `<meta>` must stay short). */
export const MAX_DECLARED = 32;

export interface ViewCsp {
  /** The policy, for a `<meta http-equiv>` or the proxy's inner document. */
  readonly csp: string;
  /** What each list kept, by owner list name. */
  readonly kept: { readonly [kind in McpAllowKind]: readonly string[] };
  /** Declared domains left out, each with why: for the console (the spec asks hosts to log CSP). */
  readonly dropped: readonly string[];
}

const parse = (origin: string) => {
  const match = /^https:\/\/(\*\.)?([^:/]+)(?::(\d+))?$/.exec(origin)!;
  return { wild: !!match[1], host: match[2]!.toLowerCase(), port: match[3] ?? '' };
};

/**
 * Whether the owner's `allowed` origin covers the declared `asked` one. An exact origin covers
 * itself; `https://*.a.com` covers any host under a.com (and narrower wildcards), never a.com
 * itself, as CSP matches it. Both must already be valid (`isSandboxOrigin`).
 */
export function covers(allowed: string, asked: string): boolean {
  const a = parse(allowed);
  const b = parse(asked);
  if (a.port != b.port) return false;
  if (!a.wild) return !b.wild && a.host == b.host;
  return b.host.endsWith('.' + a.host) || (b.wild && b.host == a.host);
}

const typeName = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** The view's CSP from the resource's `_meta.ui.csp` (`declared`, unchecked input) and the owner's policy. */
export function viewCsp(declared: unknown, policy: Pick<McpAppsPolicy, 'allow'>): ViewCsp {
  const dropped: string[] = [];
  const kept = {} as Record<McpAllowKind, string[]>;
  const lists = declared && typeof declared == 'object' && !Array.isArray(declared) ? (declared as Record<string, unknown>) : {};
  if (declared !== undefined && declared !== lists) dropped.push(`_meta.ui.csp: expected an object, got ${typeName(declared)}`);
  for (const [kind, name] of Object.entries(MCP_ALLOW_LISTS) as [McpAllowKind, string][]) {
    kept[kind] = [];
    const list = lists[name];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      dropped.push(`${name}: expected an array, got ${typeName(list)}`);
      continue;
    }
    for (const asked of list.slice(0, MAX_DECLARED)) {
      const text = typeof asked == 'string' ? JSON.stringify(asked.slice(0, 80)) : typeName(asked);
      if (!isSandboxOrigin(asked)) dropped.push(`${name}: ${text} is not https://host[:port] or https://*.host`);
      else if (!policy.allow[kind].some((allowed) => covers(allowed, asked as string))) dropped.push(`${name}: ${text} is not allowed by the site (mcpApps.allow.${kind})`);
      else if (!kept[kind].includes(asked as string)) kept[kind].push(asked as string);
    }
    if (list.length > MAX_DECLARED) dropped.push(`${name}: only the first ${MAX_DECLARED} of ${list.length} entries are read`);
  }
  const extra = (directive: string) => (Object.keys(MCP_CSP_DIRECTIVES) as McpAllowKind[]).flatMap((kind) => (MCP_CSP_DIRECTIVES[kind].includes(directive) ? kept[kind] : []));
  const csp = SANDBOX_CSP.map(([directive, sources]) => {
    const more = extra(directive);
    return more.length ? `${directive} ${sources == "'none'" ? '' : sources + ' '}${more.join(' ')}` : `${directive} ${sources}`;
  }).join('; ');
  return { csp, kept, dropped };
}
