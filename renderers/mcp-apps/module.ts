// Entry of mcp-apps.js, the module the AG-UI module fetches from beside widget.js the first time an
// `mcp-apps` activity arrives (widget/transport/ag-ui/mcp-apps.ts registers the renderer): the
// frame, the bridge, the checks and their consent cost neither widget.js nor ag-ui.js anything.
import type { RendererContext } from '../../widget/types';
import { identityPolicy } from '../../widget/ui/trusted-types';
import { mount as mountView, type McpAppsHostOptions } from './host';

/** What the AG-UI module hands over besides the context. */
export interface McpAppsModuleOptions extends Omit<McpAppsHostOptions, 'html'> {
  /** The page's `BailingChat.send`: the visitor's next message. False when it cannot be sent now. */
  send(text: string): boolean;
}

/**
 * The view's document as the page's Trusted Types want it: a policy of this module's own, which a
 * page that enforces them allows by name beside the widget's (README, "MCP Apps").
 */
export const MCP_TRUSTED_TYPES_POLICY = 'bailing-chat-mcp-apps';
const html = identityPolicy(MCP_TRUSTED_TYPES_POLICY, `BailingChat: mcp-apps: the page's Trusted Types do not allow the policy "${MCP_TRUSTED_TYPES_POLICY}", so MCP App views cannot be drawn in an opaque frame; allow it, or give the views a sandbox proxy (data-sandbox-origin)`);

/** Mounts an `mcp-apps` activity; throws (the block shows as code) for a fenced block, which is not one. */
export function mount(context: RendererContext, options: McpAppsModuleOptions): () => void {
  const activity = context.activity;
  if (!activity) throw new Error('mcp-apps: only an agent’s activity draws an MCP App view, never a block in an answer');
  return mountView(
    context,
    {
      id: activity.id,
      request: (props, ask) => activity.request(props, ask),
      send: (text) => (options.send(text) ? Promise.resolve() : Promise.reject(new Error('the chat cannot send now (an answer is still coming)'))),
      onUpdate: (listener) => activity.onUpdate(listener),
      onEnd: (listener) => activity.onEnd(listener),
    },
    { ...options, html },
  );
}
