// What the host tells a view about itself (MCP Apps 2026-01-26, `ui/initialize`): its info, its
// capabilities and the full `hostContext` (the SDK's schema requires it): the theme and the
// widget's colours as the spec's standard CSS variables, the display mode, the container's size,
// the locale, time zone, platform and input. Pure: what the DOM shell measured in, JSON out.

import type { ViewCsp } from './csp';
import { HOST_DISPLAY_MODES } from './methods';

/** The protocol version this host speaks (the SDK's `LATEST_PROTOCOL_VERSION`). */
export const MCP_APPS_PROTOCOL = '2026-01-26';
export const HOST_INFO = Object.freeze({ name: 'bailing-chat-widget', version: '1' });

/** What the DOM shell reads from the page and the widget. */
export interface HostSurroundings {
  readonly mode: 'light' | 'dark';
  readonly accent: string;
  readonly accentText: string;
  readonly font: string;
  readonly displayMode: 'inline' | 'fullscreen';
  readonly width: number;
  readonly maxHeight: number;
  readonly locale: string;
  readonly timeZone: string;
  readonly userAgent: string;
  readonly touch: boolean;
  readonly hover: boolean;
  /** The tool whose result the view shows, as the agent named it. */
  readonly tool?: { readonly name: string };
}

const PALETTE = {
  light: { bg: '#ffffff', bg2: '#f9fafb', bg3: '#f3f4f6', fg: '#111827', fg2: '#4b5563', fg3: '#6b7280', border: '#e5e7eb', danger: '#b91c1c' },
  dark: { bg: '#111827', bg2: '#1f2937', bg3: '#374151', fg: '#f3f4f6', fg2: '#d1d5db', fg3: '#9ca3af', border: '#374151', danger: '#f87171' },
} as const;

const SIZES = ['xs', 'sm', 'md', 'lg'] as const;
const HEADINGS = ['xs', 'sm', 'md', 'lg', 'xl', '2xl', '3xl'] as const;
const TEXT_PX = [12, 13, 14, 16];
const HEADING_PX = [14, 16, 18, 20, 24, 30, 36];
const KINDS = ['info', 'danger', 'success', 'warning'] as const;

/**
 * Every standard variable of the spec (McpUiStyleVariableKey, 76 of them), from the widget's
 * mode and accent: a view that uses them looks like the chat it sits in.
 */
export function styleVariables(s: Pick<HostSurroundings, 'mode' | 'accent' | 'accentText' | 'font'>): Record<string, string> {
  const p = PALETTE[s.mode];
  const kind = { info: s.accent, danger: p.danger, success: s.mode == 'dark' ? '#4ade80' : '#15803d', warning: s.mode == 'dark' ? '#fbbf24' : '#b45309' };
  const v: Record<string, string> = {
    '--color-background-primary': p.bg,
    '--color-background-secondary': p.bg2,
    '--color-background-tertiary': p.bg3,
    '--color-background-inverse': p.fg,
    '--color-background-ghost': 'transparent',
    '--color-background-disabled': p.bg3,
    '--color-text-primary': p.fg,
    '--color-text-secondary': p.fg2,
    '--color-text-tertiary': p.fg3,
    '--color-text-inverse': p.bg,
    '--color-text-ghost': p.fg3,
    '--color-text-disabled': p.fg3,
    '--color-border-primary': p.border,
    '--color-border-secondary': p.border,
    '--color-border-tertiary': p.bg3,
    '--color-border-inverse': p.fg,
    '--color-border-ghost': 'transparent',
    '--color-border-disabled': p.bg3,
    '--color-ring-primary': s.accent,
    '--color-ring-secondary': p.fg3,
    '--color-ring-inverse': p.bg,
    '--font-sans': s.font,
    '--font-mono': 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    '--font-weight-normal': '400',
    '--font-weight-medium': '500',
    '--font-weight-semibold': '600',
    '--font-weight-bold': '700',
    '--border-radius-xs': '2px',
    '--border-radius-sm': '4px',
    '--border-radius-md': '8px',
    '--border-radius-lg': '12px',
    '--border-radius-xl': '16px',
    '--border-radius-full': '9999px',
    '--border-width-regular': '1px',
    '--shadow-hairline': `0 0 0 1px ${p.border}`,
    '--shadow-sm': '0 1px 2px rgb(0 0 0 / 0.08)',
    '--shadow-md': '0 4px 12px rgb(0 0 0 / 0.12)',
    '--shadow-lg': '0 12px 32px rgb(0 0 0 / 0.18)',
  };
  for (const k of KINDS) {
    v[`--color-background-${k}`] = `color-mix(in srgb, ${kind[k]} 14%, ${p.bg})`;
    v[`--color-text-${k}`] = kind[k];
    v[`--color-border-${k}`] = kind[k];
    v[`--color-ring-${k}`] = kind[k];
  }
  SIZES.forEach((size, i) => ((v[`--font-text-${size}-size`] = TEXT_PX[i] + 'px'), (v[`--font-text-${size}-line-height`] = '1.5')));
  HEADINGS.forEach((size, i) => ((v[`--font-heading-${size}-size`] = HEADING_PX[i] + 'px'), (v[`--font-heading-${size}-line-height`] = '1.25')));
  return v;
}

export function hostContext(s: HostSurroundings): Record<string, unknown> {
  return {
    ...(s.tool ? { toolInfo: { tool: { name: s.tool.name, inputSchema: { type: 'object' } } } } : {}),
    theme: s.mode,
    styles: { variables: styleVariables(s) },
    displayMode: s.displayMode,
    availableDisplayModes: [...HOST_DISPLAY_MODES],
    containerDimensions: { width: Math.round(s.width), maxHeight: Math.round(s.maxHeight) },
    locale: s.locale,
    timeZone: s.timeZone,
    userAgent: s.userAgent,
    platform: s.touch && !s.hover ? 'mobile' : 'web',
    deviceCapabilities: { touch: s.touch, hover: s.hover },
  };
}

/** The answer to `ui/initialize`: what this host does, and the CSP it applied (the view's own declaration, as kept). */
export function initializeResult(s: HostSurroundings, csp: Pick<ViewCsp, 'kept'>): Record<string, unknown> {
  const domains = (list: readonly string[]) => (list.length ? [...list] : undefined);
  const applied = Object.fromEntries(
    Object.entries({ connectDomains: domains(csp.kept.connect), resourceDomains: domains(csp.kept.resources), frameDomains: domains(csp.kept.frames), baseUriDomains: domains(csp.kept.baseUri) }).filter(([, v]) => v),
  );
  return {
    protocolVersion: MCP_APPS_PROTOCOL,
    hostInfo: { ...HOST_INFO },
    hostCapabilities: {
      openLinks: {},
      serverTools: {},
      serverResources: {},
      logging: {},
      updateModelContext: { text: {}, structuredContent: {} },
      message: { text: {} },
      sandbox: { permissions: {}, csp: applied },
    },
    hostContext: hostContext(s),
  };
}
