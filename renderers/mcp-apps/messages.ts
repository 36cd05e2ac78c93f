// What an MCP App view posts to its host, checked (MCP Apps 2026-01-26, "Transport"; the spec's
// security section: validate every incoming message, reject the malformed). A view speaks JSON-RPC
// 2.0 over postMessage: requests (id + method), notifications (method) and responses to the
// host's own requests (id + result or error). Pure: structured-clone data in, a classified message
// or a JSON-RPC error out.

/** JSON-RPC error codes the host answers with. */
export const RPC = Object.freeze({ PARSE: -32700, INVALID_REQUEST: -32600, NO_METHOD: -32601, INVALID_PARAMS: -32602, INTERNAL: -32603, REFUSED: -32000 });

/** The largest message a view may post, as JSON (a tool call's arguments, a message, a context). */
export const MAX_VIEW_MESSAGE_CHARS = 1_000_000;

export type RpcId = string | number;
export type Params = Record<string, unknown>;
export type ViewMessage =
  | { kind: 'request'; id: RpcId; method: string; params: Params }
  | { kind: 'notification'; method: string; params: Params }
  | { kind: 'response'; id: RpcId; result?: unknown; error?: { code: number; message: string } }
  /** Not a message to act on; `id` when a request can still be answered with `error`. */
  | { kind: 'invalid'; id?: RpcId; error: { code: number; message: string } };

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value == 'object' && !Array.isArray(value);
const typeName = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
const isId = (id: unknown): id is RpcId => (typeof id == 'string' && id.length <= 200) || (typeof id == 'number' && Number.isSafeInteger(id));

type ParamCheck = (params: Params) => string | undefined;
const string = (key: string, max = 4096): ParamCheck => (p) =>
  typeof p[key] != 'string' ? `params.${key}: expected a string, got ${typeName(p[key])}` : (p[key] as string).length > max ? `params.${key}: longer than ${max} characters` : undefined;
const optionalObject = (key: string): ParamCheck => (p) => (p[key] === undefined || isRecord(p[key]) ? undefined : `params.${key}: expected an object, got ${typeName(p[key])}`);
const optionalArray = (key: string): ParamCheck => (p) => (p[key] === undefined || Array.isArray(p[key]) ? undefined : `params.${key}: expected an array, got ${typeName(p[key])}`);
const oneOf = (key: string, values: readonly string[]): ParamCheck => (p) =>
  values.includes(p[key] as string) ? undefined : `params.${key}: expected one of ${values.join(', ')}, got ${JSON.stringify(p[key])?.slice(0, 40)}`;
const optionalSize: ParamCheck = (p) =>
  ['width', 'height'].map((k) => (p[k] === undefined || (typeof p[k] == 'number' && Number.isFinite(p[k]) && (p[k] as number) >= 0) ? undefined : `params.${k}: expected a number of pixels`)).find(Boolean);
const content: ParamCheck = (p) => {
  const blocks = Array.isArray(p.content) ? p.content : [p.content];
  if (!blocks.length || !blocks.every(isRecord)) return 'params.content: expected a content block or an array of them';
  return blocks.every((b) => typeof b.type == 'string') ? undefined : 'params.content: every block needs a type';
};

/**
 * The methods a view may use, with their params' checks: requests answered by the host (or
 * proxied to the view's server) and notifications. Anything else is answered "method not found"
 * (a request) or ignored (a notification).
 */
export const VIEW_REQUESTS: Readonly<Record<string, readonly ParamCheck[]>> = Object.freeze({
  'ui/initialize': [string('protocolVersion', 64), optionalObject('appInfo'), optionalObject('appCapabilities')],
  'tools/call': [string('name', 128), optionalObject('arguments')],
  'resources/read': [string('uri', 2048)],
  'ui/message': [oneOf('role', ['user']), content],
  'ui/open-link': [string('url', 8192)],
  'ui/request-display-mode': [oneOf('mode', ['inline', 'fullscreen', 'pip'])],
  'ui/update-model-context': [optionalArray('content'), optionalObject('structuredContent')],
  ping: [],
});
export const VIEW_NOTIFICATIONS: Readonly<Record<string, readonly ParamCheck[]>> = Object.freeze({
  'ui/notifications/initialized': [],
  'ui/notifications/size-changed': [optionalSize],
  'ui/notifications/request-teardown': [],
  'notifications/message': [],
});

/** Classifies one posted value. Never throws. */
export function readViewMessage(data: unknown): ViewMessage {
  const invalid = (message: string, id?: RpcId): ViewMessage => ({ kind: 'invalid', ...(id !== undefined ? { id } : {}), error: { code: RPC.INVALID_REQUEST, message } });
  if (!isRecord(data)) return invalid(`expected a JSON-RPC object, got ${typeName(data)}`);
  let size = 0;
  try {
    size = JSON.stringify(data).length;
  } catch {
    return invalid('not JSON data');
  }
  const id = isId(data.id) ? data.id : undefined;
  if (data.jsonrpc !== '2.0') return invalid('jsonrpc must be "2.0"', id);
  if (size > MAX_VIEW_MESSAGE_CHARS) return invalid(`larger than ${MAX_VIEW_MESSAGE_CHARS} characters as JSON`, id);
  if (data.id !== undefined && id === undefined) return invalid('id must be a string or an integer');
  if (data.method === undefined) {
    if (id === undefined) return invalid('a response needs an id');
    if (isRecord(data.error)) {
      const { code, message } = data.error;
      return { kind: 'response', id, error: { code: typeof code == 'number' ? code : RPC.INTERNAL, message: String(message ?? '').slice(0, 500) } };
    }
    return 'result' in data ? { kind: 'response', id, result: data.result } : invalid('a response needs a result or an error', id);
  }
  if (typeof data.method != 'string' || !data.method) return invalid('method must be a non-empty string', id);
  const method = data.method;
  if (data.params !== undefined && !isRecord(data.params)) return { kind: 'invalid', ...(id !== undefined ? { id } : {}), error: { code: RPC.INVALID_PARAMS, message: `${method}: params must be an object` } };
  const params = (data.params ?? {}) as Params;
  const checks = id !== undefined ? VIEW_REQUESTS[method] : VIEW_NOTIFICATIONS[method];
  if (!checks || !Object.hasOwn(id !== undefined ? VIEW_REQUESTS : VIEW_NOTIFICATIONS, method)) {
    return id !== undefined ? { kind: 'invalid', id, error: { code: RPC.NO_METHOD, message: `${method.slice(0, 80)}: method not found` } } : { kind: 'invalid', error: { code: RPC.NO_METHOD, message: `${method.slice(0, 80)}: unknown notification, ignored` } };
  }
  const problem = checks.map((check) => check(params)).find(Boolean);
  if (problem) return { kind: 'invalid', ...(id !== undefined ? { id } : {}), error: { code: RPC.INVALID_PARAMS, message: `${method}: ${problem}` } };
  return id !== undefined ? { kind: 'request', id, method, params } : { kind: 'notification', method, params };
}

/** The text of a `ui/message`'s content: its text blocks, joined; null when it has another kind. */
export function messageText(params: Params): string | null {
  const blocks = (Array.isArray(params.content) ? params.content : [params.content]) as Record<string, unknown>[];
  if (!blocks.every((b) => b.type == 'text' && typeof b.text == 'string')) return null;
  return blocks.map((b) => b.text as string).join('\n');
}
