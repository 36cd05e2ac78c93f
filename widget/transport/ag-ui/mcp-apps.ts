// MCP App views over AG-UI (DESIGN.md §14): when the owner turns them on (preload `agent.mcpApps`,
// or `data-mcp-apps="1"` with an optional `data-sandbox-origin`), the renderer of the `mcp-apps`
// activities @ag-ui/mcp-apps-middleware sends. Its host (mcp-apps.js beside widget.js) is fetched
// at the first such activity; until then this costs one registration.
import { loadExternalModule } from '../../modules';
import type { RendererContext, RendererDefinition } from '../../types';

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

/** What this file needs of the MCP Apps host (mcp-apps.js, renderers/mcp-apps/module.ts). */
export interface McpAppsModule {
  mount(context: RendererContext, options: { config: unknown; sandboxOrigin: string | undefined; send(text: string): boolean; modelContext(view: string, value: unknown): void }): ReturnType<RendererDefinition['mount']>;
}

/** Views whose `ui/update-model-context` is kept, the newest last; the oldest goes past this. */
export const MAX_VIEW_CONTEXTS = 8;

/**
 * What views asked the model to know (`ui/update-model-context`), the last of each view, as run
 * context: marked as a view's, never as the visitor's words. The host has capped each one's size.
 */
export function viewContexts(kept: ReadonlyMap<string, unknown>): { description: string; value: string }[] {
  return [...kept.values()].map((value) => ({ description: 'Context an MCP App view on the page gave (written by the view, not by the visitor)', value: JSON.stringify(value) }));
}

/** Registers the renderer when the owner turned MCP App views on; returns the views' context for each run (none when off). */
export function registerMcpApps({ config, script, api }: McpAppsPage): () => { description: string; value: string }[] {
  const on = config ?? (script?.getAttribute('data-mcp-apps') == '1' ? true : undefined);
  const kept = new Map<string, unknown>();
  const context = () => viewContexts(kept);
  if (on === undefined || on === false || !api) return context;
  const src = script?.src || location.href;
  const sandboxOrigin = script?.getAttribute('data-sandbox-origin') ?? undefined;
  api.registerRenderer({
    type: MCP_APPS_ACTIVITY,
    label: 'App view',
    mount: (context) =>
      loadExternalModule<McpAppsModule>('mcp-apps', src).then((module) =>
        module.mount(context, {
          config: on,
          sandboxOrigin,
          send: (text) => api.send(text),
          modelContext(view, value) {
            kept.delete(view);
            kept.set(view, value);
            for (const old of [...kept.keys()].slice(0, -MAX_VIEW_CONTEXTS)) kept.delete(old);
          },
        }),
      ),
  });
  return context;
}
