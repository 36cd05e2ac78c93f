// MCP App views over AG-UI (DESIGN.md §14): when the owner turns them on (preload `agent.mcpApps`,
// or `data-mcp-apps="1"` with an optional `data-sandbox-origin`), the renderer of the `mcp-apps`
// activities @ag-ui/mcp-apps-middleware sends. Its host (mcp-apps.js beside widget.js) is fetched
// at the first such activity; until then this costs one registration.
import { loadExternalModule } from '../../modules';
import type { RendererDefinition } from '../../types';

/** The activity type @ag-ui/mcp-apps-middleware sends (its `MCPAppsActivityType`). */
export const MCP_APPS_ACTIVITY = 'mcp-apps';

/** What the AG-UI module knows of the page that the renderer needs. */
export interface McpAppsPage {
  /** The preload's `agent.mcpApps`, as given. */
  config: unknown;
  /** The widget's script element (its `data-mcp-apps`, `data-sandbox-origin`, and where widget.js is). */
  script?: HTMLScriptElement;
  /** The page's API: `registerRenderer` and `send`. */
  api?: { registerRenderer(definition: RendererDefinition): () => void; send(text: string): boolean };
}

/** Registers the renderer when the owner turned MCP App views on; returns whether it did. */
export function registerMcpApps({ config, script, api }: McpAppsPage): boolean {
  const on = config ?? (script?.getAttribute('data-mcp-apps') == '1' ? true : undefined);
  if (on === undefined || on === false || !api) return false;
  const src = script?.src || location.href;
  const sandboxOrigin = script?.getAttribute('data-sandbox-origin') ?? undefined;
  api.registerRenderer({
    type: MCP_APPS_ACTIVITY,
    label: 'App view',
    mount: (context) => loadExternalModule('mcp-apps', src).then((module) => module.mount(context, { config: on, sandboxOrigin, send: (text) => api.send(text) })),
  });
  return true;
}
