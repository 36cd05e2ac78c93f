// What widget.js asks of the AG-UI module when a page fronts an agent (boot.ts): the agent, from
// data-agent-url or the preload; the page's tools, the preload's and those it registers; and the
// backend the widget mounts with. Only AG-UI needs any of it, so it is here, not in widget.js.
import type { BackendSession } from '../../embed/mount';
import { createAgUiBackend, type AgUiBackend } from './backend';
import { createHostTools } from './host-tools';
import { registerMcpApps, type McpAppsPage } from './mcp-apps';
import { readAgentOptions } from './options';
import type { AgUiEvent } from './types';

export interface AgentStart {
  /** `data-agent-url`, as written. */
  url: string | null;
  /** The preload's `agent` and `tools`, as given. */
  preload: { agent: unknown; tools: readonly unknown[] };
  /** The definitions the page registered (`BailingChat.registerTool`), live: removing one unregisters it. */
  registered: Set<unknown>;
  lang: string;
  warn(message: string): void;
  /** The shared state changed. */
  onState(state: unknown): void;
  /** A RAW or CUSTOM event, for the host page. */
  onEvent(event: AgUiEvent): void;
  /** More of `client_capabilities` (the packs' lines), once known. */
  capabilities(): Promise<Record<string, unknown> | undefined> | undefined;
  /**
   * The widget's stream reader (stream-fetch.ts in widget.js): its one worker for the page, made on
   * the visitor's approach, reads the runs too. This module carries no reader of its own.
   */
  fetch?: typeof fetch;
  /** The widget's script element and the page's API, for the renderers this module adds (MCP App views). */
  script?: McpAppsPage['script'];
  api?: McpAppsPage['api'];
}

export interface StartedAgent {
  /** `BailingChat.registerTool`, from now on: checked at once (host-tools.ts). */
  register(definition: unknown): () => void;
  /** The backend the widget mounts with. */
  backend(session: Pick<BackendSession, 'storage' | 'ticket'>): AgUiBackend;
}

/** The page's agent, or why there is none (a sentence: the widget then renders nothing and says so). */
export function startAgent(start: AgentStart): StartedAgent | string {
  const { warn } = start;
  const read = readAgentOptions(start.url, start.preload.agent, location.href, warn);
  if (!read.ok) return read.error;
  const agent = read.agent;
  if (!agent) return 'data-protocol="ag-ui" needs data-agent-url or the preload agent';
  const tools = createHostTools(start.preload.tools, start.registered, warn);
  const viewContext = registerMcpApps({ config: (start.preload.agent as { mcpApps?: unknown } | undefined)?.mcpApps, script: start.script, api: start.api });
  return {
    register: tools.register,
    backend: ({ storage, ticket }) => createAgUiBackend({ agent, tools, storage, ticket, fetch: start.fetch, warn, lang: start.lang, onState: start.onState, onEvent: start.onEvent, capabilities: start.capabilities, context: viewContext }),
  };
}
