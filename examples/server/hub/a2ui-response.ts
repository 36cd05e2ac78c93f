// An `a2ui` response (the A2UI renderer's `respond`, DESIGN.md §15): the v0.9 client messages a
// visitor's action on a surface sends (`action`, and the `error`s the client met drawing it). The
// surface comes from the stored source reply, never from the client: the action must be one a
// Button of that surface has, named as that Button names it; its context is the client's (the
// values the visitor entered), bounded by checkBounds. The agent reads one canonical sentence,
// the one @ag-ui/a2ui-middleware writes for the same action over AG-UI.
import { readMessages } from '../../../renderers/a2ui/messages';
import { surfacesOf } from '../../../renderers/a2ui/surfaces';
import { fencedBlocks } from './form-response';
import { badRequest, HttpError } from '../http/http-error';
import { isPlainObject } from '../http/fields';
import { A2UI_TYPE, findSourceJob, type InteractionScope, type ResolvedInteraction } from './source-job';
import type { Store } from '../storage/store';

export { A2UI_TYPE };
/** Client messages one response may carry (one action, the errors before it). */
const MAX_CLIENT_MESSAGES = 20;
const MAX_TEXT = 500;

const clip = (v: unknown, max = MAX_TEXT) => (typeof v === 'string' ? v.slice(0, max) : '');

export function resolveA2uiResponse(store: Store, scope: InteractionScope, response: Record<string, unknown>): ResolvedInteraction {
  const messages = response.a2ui;
  if (!Array.isArray(messages) || messages.length === 0 || messages.length > MAX_CLIENT_MESSAGES) {
    throw badRequest('invalid_field', `"interaction_response.a2ui" must be a list of 1 to ${MAX_CLIENT_MESSAGES} A2UI v0.9 client messages.`);
  }
  const actions = messages.filter((m) => isPlainObject(m) && 'action' in m);
  const errors = messages.filter((m) => isPlainObject(m) && 'error' in m);
  if (actions.length + errors.length !== messages.length || actions.length > 1 || messages.some((m) => (m as { version?: unknown }).version !== 'v0.9')) {
    throw badRequest('invalid_field', '"interaction_response.a2ui" holds v0.9 messages ({"version": "v0.9", "action" | "error": …}), at most one action.');
  }
  const source = findSourceJob(store, scope, response.source_job_id as string);
  const lines: string[] = [];
  const action = (actions[0] as { action?: unknown } | undefined)?.action;
  if (action !== undefined) {
    if (!isPlainObject(action)) throw badRequest('invalid_field', 'An A2UI action must be an object.');
    const { name, surfaceId, sourceComponentId, context } = action as Record<string, unknown>;
    if (typeof name !== 'string' || typeof surfaceId !== 'string' || typeof sourceComponentId !== 'string' || !isPlainObject(context)) {
      throw badRequest('invalid_field', 'An A2UI action needs "name", "surfaceId", "sourceComponentId" (strings) and "context" (an object).');
    }
    // The Button must be in the answered reply, on that surface, with that action.
    const surface = fencedBlocks(source.reply ?? '', A2UI_TYPE).flatMap((block) => surfacesOf(readMessages(block).messages).list).find((s) => s.id === surfaceId);
    const button = surface?.components.get(sourceComponentId);
    const event = (button?.action as { event?: { name?: unknown } } | undefined)?.event;
    if (!surface || button?.component !== 'Button' || event?.name !== name) {
      throw new HttpError(404, 'unknown_action', `The answered message has no button "${clip(sourceComponentId, 80)}" with the action "${clip(name, 80)}" on the surface "${clip(surfaceId, 80)}".`);
    }
    lines.push(`User performed action "${name}" on surface "${surfaceId}" (component: ${sourceComponentId}). Context: ${JSON.stringify(context)}`);
  }
  for (const m of errors) {
    const error = (m as { error?: unknown }).error;
    if (!isPlainObject(error)) throw badRequest('invalid_field', 'An A2UI error must be an object.');
    const e = error as Record<string, unknown>;
    lines.push(`The A2UI client reported an error${e.surfaceId ? ` on surface "${clip(e.surfaceId, 80)}"` : ''}: ${clip(e.code, 64)}${e.path ? ` at ${clip(e.path, 200)}` : ''}: ${clip(e.message)}`);
  }
  return {
    userText: lines.join('\n'),
    interaction: { type: A2UI_TYPE, version: 1, source_job_id: source.id, action: typeof (action as { name?: unknown })?.name === 'string' ? (action as { name: string }).name : 'error' },
    submission: null,
  };
}
