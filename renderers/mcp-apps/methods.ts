// What the host does with each request a view makes (MCP Apps 2026-01-26, "Host behaviour"), before
// the consent rules of DESIGN.md §13 (widget/consent) weigh it. Pure: a checked request, what the
// host knows of the view's server, the owner's policy in; a plan out.
// - `tools/call`: only a tool of the view's own server whose `_meta.ui.visibility` includes "app"
//   (the spec's MUST); a tool the server annotates `readOnlyHint` (or the owner lists in
//   `readTools`) only reads, every other call acts and needs the visitor's gesture;
// - `resources/read`: on the view's own server, a read;
// - `ui/message`: text only, size-capped, an act (it becomes the visitor's next message);
// - `ui/open-link`: http(s) only, an act (a new tab, after a click);
// - `ui/request-display-mode`: only a mode the view declared and the widget has;
// - `ui/update-model-context`: kept, size-capped, sent with the next run.

import { codePoints, MAX_MESSAGE_CHARS } from '../../widget/contract';
import { messageText, type Params } from './messages';
import type { McpAppsPolicy } from './policy';

/** What the host knows of one tool of the view's server (from its `tools/list`). */
export interface ToolFacts {
  readonly visibility?: readonly string[];
  readonly readOnly?: boolean;
}

/** Why the host refused a request itself (the consent rules are widget/consent's). */
export type MethodRule = 'visibility' | 'unknown-tool' | 'content' | 'size' | 'scheme' | 'mode';

export type Ask = { readonly name: string; readonly effect: 'read' | 'act' };
export type Plan =
  | { do: 'initialize' }
  | { do: 'answer'; result: Record<string, unknown> }
  | { do: 'proxy'; method: 'tools/call' | 'resources/read'; params: Params; ask: Ask }
  | { do: 'send'; text: string; ask: Ask }
  | { do: 'open'; url: string; ask: Ask }
  | { do: 'display'; mode: 'inline' | 'fullscreen' }
  | { do: 'context'; value: { content?: unknown[]; structuredContent?: Record<string, unknown> } }
  | { do: 'refuse'; rule: MethodRule; reason: string };

export interface MethodFacts {
  /** The server's tools by name, or null when the agent would not list them. */
  readonly tools: ReadonlyMap<string, ToolFacts> | null;
  /** The display modes the view declared (`appCapabilities.availableDisplayModes`). */
  readonly viewModes: readonly string[];
}

/** The display modes a widget can give: the message row, and the maximised panel. */
export const HOST_DISPLAY_MODES = Object.freeze(['inline', 'fullscreen'] as const);

const refuse = (name: string, rule: MethodRule, why: string): Plan => ({ do: 'refuse', rule, reason: `${name}: refused (${rule}): ${why}` });
const utf8 = (text: string) => new TextEncoder().encode(text).length;

/** The plan for request `method` with checked `params` (messages.ts). */
export function planRequest(method: string, params: Params, facts: MethodFacts, policy: Pick<McpAppsPolicy, 'readTools' | 'maxMessageBytes' | 'maxContextBytes'>): Plan {
  switch (method) {
    case 'ui/initialize':
      return { do: 'initialize' };
    case 'ping':
      return { do: 'answer', result: {} };
    case 'tools/call': {
      const name = params.name as string;
      const label = `tools/call ${JSON.stringify(name.slice(0, 64))}`;
      if (!facts.tools) return refuse(label, 'visibility', "the agent does not list this server's tools (tools/list), so it cannot be checked that views may call this one");
      const tool = facts.tools.get(name);
      if (!tool) return refuse(label, 'unknown-tool', "no tool of that name on this view's server");
      // The spec's default visibility is ["model", "app"].
      if (!(tool.visibility ?? ['model', 'app']).includes('app')) return refuse(label, 'visibility', 'the server made this tool for the model only, not for views');
      const reads = tool.readOnly === true || policy.readTools.includes(name);
      return { do: 'proxy', method, params: { name, arguments: params.arguments ?? {} }, ask: { name: label, effect: reads ? 'read' : 'act' } };
    }
    case 'resources/read':
      return { do: 'proxy', method, params: { uri: params.uri }, ask: { name: `resources/read ${JSON.stringify((params.uri as string).slice(0, 80))}`, effect: 'read' } };
    case 'ui/message': {
      const text = messageText(params);
      if (text === null) return refuse('ui/message', 'content', 'only text content can become the visitor’s message');
      if (!text.trim()) return refuse('ui/message', 'content', 'the message is empty');
      if (utf8(text) > policy.maxMessageBytes) return refuse('ui/message', 'size', `longer than ${policy.maxMessageBytes} bytes (maxMessageBytes)`);
      // Refused here, where the view learns why, not after the visitor pressed Send.
      if (codePoints(text) > MAX_MESSAGE_CHARS) return refuse('ui/message', 'size', `longer than ${MAX_MESSAGE_CHARS} characters (a visitor's message at most)`);
      return { do: 'send', text, ask: { name: 'ui/message', effect: 'act' } };
    }
    case 'ui/open-link': {
      let url: URL | undefined;
      try {
        url = new URL(params.url as string);
      } catch {}
      if (!url || (url.protocol != 'https:' && url.protocol != 'http:')) return refuse('ui/open-link', 'scheme', 'only http and https links open');
      if (url.username || url.password) return refuse('ui/open-link', 'scheme', 'a link with credentials does not open');
      return { do: 'open', url: url.href, ask: { name: 'ui/open-link', effect: 'act' } };
    }
    case 'ui/request-display-mode': {
      const mode = params.mode as string;
      if (!(HOST_DISPLAY_MODES as readonly string[]).includes(mode) || !facts.viewModes.includes(mode)) {
        return refuse('ui/request-display-mode', 'mode', `"${mode}" is not a mode both the view declared and the widget has (${HOST_DISPLAY_MODES.join(', ')})`);
      }
      return { do: 'display', mode: mode as 'inline' | 'fullscreen' };
    }
    case 'ui/update-model-context': {
      const value = { ...(params.content ? { content: params.content as unknown[] } : {}), ...(params.structuredContent ? { structuredContent: params.structuredContent as Record<string, unknown> } : {}) };
      if (utf8(JSON.stringify(value)) > policy.maxContextBytes) return refuse('ui/update-model-context', 'size', `larger than ${policy.maxContextBytes} bytes as JSON (maxContextBytes)`);
      return { do: 'context', value };
    }
  }
  return refuse(method, 'content', 'not a method views may use');
}

/** The facts of each tool in a `tools/list` result; null when it is not one. */
export function toolFacts(result: unknown): Map<string, ToolFacts> | null {
  const tools = (result as { tools?: unknown } | null)?.tools;
  if (!Array.isArray(tools)) return null;
  const facts = new Map<string, ToolFacts>();
  for (const tool of tools as Record<string, unknown>[]) {
    if (!tool || typeof tool.name != 'string') continue;
    const ui = (tool._meta as { ui?: { visibility?: unknown } } | undefined)?.ui;
    const visibility = Array.isArray(ui?.visibility) ? ui.visibility.filter((v): v is string => typeof v == 'string') : undefined;
    const readOnly = (tool.annotations as { readOnlyHint?: unknown } | undefined)?.readOnlyHint === true;
    facts.set(tool.name, { ...(visibility ? { visibility } : {}), readOnly });
  }
  return facts;
}
