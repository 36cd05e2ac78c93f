// What goes back to the agent when the visitor acts on a surface (A2UI v0.9 client to server): the
// `action` with its context resolved at the click, the `error`s met while drawing, and the data
// model of a surface that asked for it (`sendDataModel`), shaped for each wire: over the hub, the
// renderer's response (`a2ui`: the list of v0.9 client messages); over AG-UI, the forwardedProps
// @ag-ui/a2ui-middleware reads (`a2uiAction.userAction`). Pure.

import { resolve, type Scope } from './bindings';
import type { ClientError } from './messages';

export interface UserAction {
  name: string;
  surfaceId: string;
  sourceComponentId: string;
  timestamp: string;
  context: Record<string, unknown>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A Button's server event, resolved in `scope` now (the values the visitor sees at the click), or null when it has none. */
export function userAction(action: unknown, surfaceId: string, componentId: string, scope: Scope, now = new Date()): UserAction | null {
  const event = isRecord(action) ? action.event : undefined;
  // v0.9 has `event`; a string event or a bare `name` (v0.8's shape) is read as its name.
  const name = isRecord(event) ? event.name : typeof event === 'string' ? event : isRecord(action) ? action.name : undefined;
  if (typeof name !== 'string' || !name) return null;
  const given = isRecord(event) && isRecord(event.context) ? event.context : isRecord(action) && isRecord(action.context) ? action.context : {};
  const context: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(given)) {
    const value = resolve(v, scope);
    // JSON has no undefined: an unbound value is null, so the agent sees the key.
    context[k] = value === undefined ? null : value;
  }
  return { name: name.slice(0, 200), surfaceId, sourceComponentId: componentId, timestamp: now.toISOString(), context };
}

/** A local function a Button calls (`action.functionCall`), or null. */
export function localCall(action: unknown): { call: string; args: Record<string, unknown> } | null {
  const fc = isRecord(action) ? action.functionCall : undefined;
  return isRecord(fc) && typeof fc.call === 'string' ? { call: fc.call, args: isRecord(fc.args) ? fc.args : {} } : null;
}

/** A URL a surface may open (`openUrl`): http(s) only, absolute. */
export function openableUrl(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  try {
    const u = new URL(url);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password ? u.href : null;
  } catch {
    return null;
  }
}

/** v0.9 client-to-server messages (client_to_server.json). */
export const actionMessage = (action: UserAction) => ({ version: 'v0.9', action });
export const errorMessage = ({ code, surfaceId, path, message }: ClientError) =>
  ({ version: 'v0.9', error: code === 'VALIDATION_FAILED' ? { code, surfaceId, path: path ?? '', message } : { code, surfaceId, message } });

/** The data models of surfaces that asked for them (client_data_model.json). */
export const dataModels = (models: Record<string, unknown>) => (Object.keys(models).length ? { a2uiClientDataModel: { surfaces: models } } : {});

/** Over the hub: the renderer's response (the next user turn's interaction_response). */
export function hubResponse(action: UserAction | null, errors: readonly ClientError[], models: Record<string, unknown>) {
  return {
    action: action?.name ?? 'error',
    a2ui: [...errors.map(errorMessage), ...(action ? [actionMessage(action)] : [])],
    ...dataModels(models),
  };
}

/**
 * Over AG-UI: the run's forwardedProps, as @ag-ui/a2ui-middleware reads them
 * (`a2uiAction.userAction`, which it turns into a `log_a2ui_event` call for the agent). Errors ride
 * beside it (`a2uiErrors`, v0.9 error messages; the middleware passes them on untouched). A report
 * of errors alone is an action named `a2ui_error` whose context holds them, so an agent behind the
 * middleware is told too.
 */
export function agUiProps(action: UserAction | null, errors: readonly ClientError[], models: Record<string, unknown>, surfaceId: string, now = new Date()) {
  const reported: UserAction = action ?? { name: 'a2ui_error', surfaceId, sourceComponentId: '', timestamp: now.toISOString(), context: { errors: errors.map((e) => errorMessage(e).error) } };
  return { a2uiAction: { userAction: reported }, ...(errors.length ? { a2uiErrors: errors.map(errorMessage) } : {}), ...dataModels(models) };
}
