import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../../e2e/mcp-schema';
import { viewCsp } from './csp';
import { hostContext, initializeResult, type HostSurroundings } from './host-context';
import { validateMcpAppsPolicy } from './policy';

const base: HostSurroundings = {
  mode: 'dark',
  accent: '#0f766e',
  accentText: '#ffffff',
  font: 'Inter, system-ui, sans-serif',
  displayMode: 'inline',
  width: 412.4,
  maxHeight: 1600,
  locale: 'de-DE',
  timeZone: 'Europe/Berlin',
  userAgent: 'bailing-chat-widget',
  touch: true,
  hover: false,
  tool: { name: 'get-time' },
};
/**
 * The schema's `containerDimensions` is the intersection of two unions of closed objects (a zod
 * intersection written out), which no object holding both a height and a width key can match; the
 * SDK's own zod schema accepts them. So it is checked against the spec's type by hand, and the
 * rest against the schema.
 */
const oracleShape = (result: Record<string, unknown>) => {
  const { containerDimensions: _, ...context } = result.hostContext as Record<string, unknown>;
  return { ...result, hostContext: context };
};
const dimensions = (context: Record<string, unknown>) => {
  const d = context.containerDimensions as Record<string, unknown>;
  const n = (k: string) => typeof d[k] == 'number';
  return Object.keys(d).length == 2 && (n('height') || n('maxHeight')) && (n('width') || n('maxWidth'));
};
const policy = (validateMcpAppsPolicy({ allow: { connect: ['https://api.a.com'] } }) as { ok: true; policy: Parameters<typeof viewCsp>[1] }).policy;

describe('the answer to ui/initialize, against the SDK’s published schema', () => {
  it.each<[string, Partial<HostSurroundings>]>([
    ['a phone in dark mode', {}],
    ['a desktop in light mode, full screen, no tool', { mode: 'light', touch: false, hover: true, displayMode: 'fullscreen', tool: undefined }],
  ])('%s', (_title, over) => {
    const s = { ...base, ...over };
    const result = initializeResult(s, viewCsp({ connectDomains: ['https://api.a.com'] }, policy));
    expect(schemaErrors('McpUiInitializeResult', oracleShape(result))).toEqual([]);
    expect(schemaErrors('McpUiHostContext', oracleShape(result).hostContext)).toEqual([]);
    expect(dimensions(result.hostContext as Record<string, unknown>)).toBe(true);
    expect(result).toMatchObject({ protocolVersion: '2026-01-26', hostCapabilities: { serverTools: {}, serverResources: {}, openLinks: {}, logging: {}, sandbox: { csp: { connectDomains: ['https://api.a.com'] } } } });
  });

  it('carries the full context: theme and colours, display mode, size, locale, time zone, platform, input', () => {
    const context = hostContext(base);
    expect(Object.keys(context).sort()).toEqual(['availableDisplayModes', 'containerDimensions', 'deviceCapabilities', 'displayMode', 'locale', 'platform', 'styles', 'theme', 'timeZone', 'toolInfo', 'userAgent'].sort());
    expect(context).toMatchObject({ theme: 'dark', displayMode: 'inline', availableDisplayModes: ['inline', 'fullscreen'], containerDimensions: { width: 412, maxHeight: 1600 }, locale: 'de-DE', timeZone: 'Europe/Berlin', platform: 'mobile', deviceCapabilities: { touch: true, hover: false } });
    expect(Object.keys((context.styles as { variables: object }).variables)).toHaveLength(76);
    expect((context.styles as { variables: Record<string, string> }).variables).toMatchObject({ '--color-text-info': '#0f766e', '--color-ring-primary': '#0f766e', '--font-sans': 'Inter, system-ui, sans-serif', '--color-background-primary': '#111827' });
  });

  it('the oracle catches a wrong answer (it is not vacuous)', () => {
    expect(schemaErrors('McpUiInitializeResult', { protocolVersion: '2026-01-26', hostInfo: { name: 'x', version: '1' }, hostCapabilities: {} })).not.toEqual([]);
    expect(schemaErrors('McpUiHostContext', { theme: 'sepia' })).not.toEqual([]);
  });
});
