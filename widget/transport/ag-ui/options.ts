// What a page says about an AG-UI agent (DESIGN.md §9): `data-protocol="ag-ui"` with
// `data-agent-url`, or the preload's `agent` and `tools`. Checked here, before anything is sent:
// a bad value is named in a warning and left out, never sent half-understood.

import { describe } from '../../embed/describe';
import { HEADER_NAME } from '../../embed/header-name';
import { compileToolSchema } from './tool-schema';

export interface AgentOptions {
  /** Absolute http(s) URL the runs are POSTed to. */
  url: string;
  /** Sent with every run (an Authorization header, say); never shown to renderers or views. */
  headers: Readonly<Record<string, string>>;
  /** `forwardedProps` of every run, as given. */
  forwardedProps?: Readonly<Record<string, unknown>>;
  /** `context` of every run. */
  context: readonly { description: string; value: string }[];
}

/** A tool the page runs when the agent calls it. */
export interface HostTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  parameters: Record<string, unknown>;
  handler: (args: unknown) => unknown;
  /** Longest the handler may take, in ms, before the call fails with a timeout. */
  timeoutMs: number;
}

export const DEFAULT_TOOL_TIMEOUT_MS = 30_000;
const MAX_TOOL_TIMEOUT_MS = 600_000;
/** A tool name, as the OpenAI-style function calling most agents pass them on accepts. */
const TOOL_NAME = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
const AGENT_KEYS = ['url', 'headers', 'forwardedProps', 'context', 'mcpApps'];
const TOOL_KEYS = ['name', 'description', 'parameters', 'handler', 'timeoutMs'];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The agent to talk to, or `null` when the page names none. `pageUrl` resolves a relative
 * `url`. An unusable URL is an error (the widget cannot work without it); other bad fields are
 * warned about and dropped.
 */
export function readAgentOptions(
  attrUrl: string | null,
  preload: unknown,
  pageUrl: string,
  warn: (message: string) => void,
): { ok: true; agent: AgentOptions | null } | { ok: false; error: string } {
  if (preload !== undefined && !isRecord(preload)) {
    warn(`window.BailingChat preload: "agent" must be an object (got ${describe(preload)}); ignored`);
    preload = undefined;
  }
  const given = (preload ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(given)) if (!AGENT_KEYS.includes(key)) warn(`window.BailingChat preload: unknown agent key "${key}" ignored`);
  const raw = attrUrl ?? (typeof given.url === 'string' ? given.url : null);
  if (raw === null) {
    if (preload === undefined) return { ok: true, agent: null };
    return { ok: false, error: 'the AG-UI agent needs a URL: data-agent-url="https://…" or agent.url in the preload' };
  }
  let url: URL | undefined;
  try {
    url = new URL(raw.trim(), pageUrl);
  } catch {}
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) {
    return { ok: false, error: `the agent URL must be an http(s) URL without credentials (got "${raw.slice(0, 80)}")` };
  }

  const headers: Record<string, string> = {};
  if (given.headers !== undefined) {
    if (!isRecord(given.headers)) warn(`agent.headers must be an object of strings (got ${describe(given.headers)}); ignored`);
    else {
      for (const [name, value] of Object.entries(given.headers)) {
        if (!HEADER_NAME.test(name) || typeof value !== 'string' || /[\r\n\0]/.test(value)) warn(`agent.headers["${name.slice(0, 40)}"] must be a header name with a one-line string value; ignored`);
        else headers[name] = value;
      }
    }
  }

  let forwardedProps: Record<string, unknown> | undefined;
  if (given.forwardedProps !== undefined) {
    if (isRecord(given.forwardedProps) && jsonSafe(given.forwardedProps)) forwardedProps = given.forwardedProps;
    else warn('agent.forwardedProps must be an object of JSON values; ignored');
  }

  const context: { description: string; value: string }[] = [];
  if (given.context !== undefined) {
    if (!Array.isArray(given.context)) warn(`agent.context must be an array of {description, value} strings (got ${describe(given.context)}); ignored`);
    else {
      given.context.forEach((item, i) => {
        if (isRecord(item) && typeof item.description === 'string' && typeof item.value === 'string') context.push({ description: item.description, value: item.value });
        else warn(`agent.context[${i}] must be {description, value} with string values; ignored`);
      });
    }
  }
  return { ok: true, agent: { url: url.href, headers, forwardedProps, context } };
}

/** The preload's host tools, each checked; a bad one is warned about and left out, and so is a second tool of a name. */
export function readHostTools(tools: readonly unknown[], warn: (message: string) => void): HostTool[] {
  const out: HostTool[] = [];
  tools.forEach((tool, i) => {
    const read = readHostTool(tool, `tools[${i}]`, warn);
    if (!read) return;
    if (out.some((t) => t.name === read.name)) return warn(`tools[${i}]: a tool named "${read.name}" is already defined; this one is left out`);
    out.push(read);
  });
  return out;
}

/**
 * One host tool checked (the preload's, `where` naming it as `tools[i]`, or one registered at run
 * time); undefined, with a warning saying what to fix, when it cannot be used.
 */
export function readHostTool(tool: unknown, where: string, warn: (message: string) => void): HostTool | undefined {
  if (!isRecord(tool)) return void warn(`${where} must be an object {name, description, parameters, handler} (got ${describe(tool)}); ignored`);
  for (const key of Object.keys(tool)) if (!TOOL_KEYS.includes(key)) warn(`${where}: unknown key "${key}" ignored`);
  const { name, description, parameters, handler, timeoutMs } = tool;
  if (typeof name !== 'string' || !TOOL_NAME.test(name)) return void warn(`${where}.name must match ${TOOL_NAME} (got ${describe(name)}); the tool is left out`);
  if (typeof handler !== 'function') return void warn(`${where} ("${name}"): handler must be a function; the tool is left out`);
  if (typeof description !== 'string' || !description.trim()) return void warn(`${where} ("${name}"): description must be a non-empty string (the agent reads it to decide when to call the tool); the tool is left out`);
  if (parameters !== undefined && !(isRecord(parameters) && jsonSafe(parameters))) return void warn(`${where} ("${name}"): parameters must be a JSON Schema object; the tool is left out`);
  // The arguments are checked against it before the handler runs (backend.ts): a schema that
  // cannot check them would let any through, or refuse them all.
  const compiled = parameters === undefined ? undefined : compileToolSchema(parameters);
  if (compiled && !compiled.ok) return void warn(`${where} ("${name}"): parameters is not a valid JSON Schema: ${compiled.error}; the tool is left out`);
  let timeout = DEFAULT_TOOL_TIMEOUT_MS;
  if (timeoutMs !== undefined) {
    if (Number.isInteger(timeoutMs) && (timeoutMs as number) > 0 && (timeoutMs as number) <= MAX_TOOL_TIMEOUT_MS) timeout = timeoutMs as number;
    else warn(`${where} ("${name}"): timeoutMs must be an integer from 1 to ${MAX_TOOL_TIMEOUT_MS}; using ${DEFAULT_TOOL_TIMEOUT_MS}`);
  }
  return { name, description, parameters: (parameters as Record<string, unknown>) ?? { type: 'object', properties: {} }, handler: handler as HostTool['handler'], timeoutMs: timeout };
}

/** Survives JSON unchanged in kind: no functions, symbols, cycles or non-finite numbers. */
function jsonSafe(value: unknown, seen = new Set<unknown>()): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'object' || seen.has(value)) return false;
  seen.add(value);
  const ok = Array.isArray(value) ? value.every((v) => jsonSafe(v, seen)) : Object.values(value as object).every((v) => jsonSafe(v, seen));
  seen.delete(value);
  return ok;
}
