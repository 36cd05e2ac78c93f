// What goes back to the agent, in tables: each wire's shape, every v0.9 message valid for the
// specification's client_to_server.json.
import { Validator } from '@cfworker/json-schema';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { agUiProps, errorMessage, hubResponse, localCall, openableUrl, userAction } from './actions';
import type { ClientError } from './messages';

const clientSchema = new Validator(JSON.parse(readFileSync('renderers/a2ui/fixtures/spec-v0_9/json/client_to_server.json', 'utf8')), '2020-12', false);
const scope = { data: { form: { email: 'ada@example.com' } }, base: '', env: { locale: 'en-US', timeZone: 'UTC' } };
const now = new Date('2026-01-16T10:00:00Z');
const action = userAction({ event: { name: 'submit', context: { email: { path: '/form/email' }, missing: { path: '/nope' }, literal: 3 } } }, 's', 'btn', scope, now)!;
const errors: ClientError[] = [
  { code: 'VALIDATION_FAILED', surfaceId: 's', path: '/components/x/component', message: '"Map" is not a component of the basic catalog.' },
  { code: 'INVALID_JSON', surfaceId: '', message: 'Line 2 is not JSON: each line must be one A2UI message.' },
];

describe('userAction', () => {
  it('resolves the context now; an unbound value is null, so the agent sees the key', () =>
    expect(action).toEqual({ name: 'submit', surfaceId: 's', sourceComponentId: 'btn', timestamp: '2026-01-16T10:00:00.000Z', context: { email: 'ada@example.com', missing: null, literal: 3 } }));
  it.each<[string, unknown, string | null]>([
    ['v0.8’s bare name', { name: 'old' }, 'old'],
    ['a string event', { event: 'plain' }, 'plain'],
    ['no name', { event: {} }, null],
    ['a local call', { functionCall: { call: 'openUrl', args: { url: 'https://a.example' } } }, null],
  ])('%s', (_, given, name) => expect(userAction(given, 's', 'b', scope, now)?.name ?? null).toBe(name));
});

describe('client messages are the specification’s', () => {
  it.each<[string, unknown]>([
    ['an action', { version: 'v0.9', action }],
    ['a validation error', errorMessage(errors[0]!)],
    ['a generic error', errorMessage(errors[1]!)],
  ])('%s', (_, message) => expect(clientSchema.validate(message).errors).toEqual([]));
});

describe('each wire', () => {
  it('the hub: the errors, then the action, as v0.9 messages; the data models asked for', () =>
    expect(hubResponse(action, errors, { s: { a: 1 } })).toEqual({ action: 'submit', a2ui: [errorMessage(errors[0]!), errorMessage(errors[1]!), { version: 'v0.9', action }], a2uiClientDataModel: { surfaces: { s: { a: 1 } } } }));
  it('AG-UI: forwardedProps.a2uiAction.userAction as @ag-ui/a2ui-middleware reads it, the errors beside', () =>
    expect(agUiProps(action, errors, {}, 's', now)).toEqual({ a2uiAction: { userAction: action }, a2uiErrors: errors.map(errorMessage) }));
  it('AG-UI, a report of errors alone: an a2ui_error action whose context holds them', () => {
    const props = agUiProps(null, errors.slice(0, 1), {}, 's', now);
    expect(props.a2uiAction.userAction).toEqual({ name: 'a2ui_error', surfaceId: 's', sourceComponentId: '', timestamp: '2026-01-16T10:00:00.000Z', context: { errors: [errorMessage(errors[0]!).error] } });
  });
});

describe('local calls', () => {
  it.each<[unknown, string | null]>([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['http://example.com', 'http://example.com/'],
    ['javascript:alert(1)', null],
    ['data:text/html,x', null],
    ['https://user:pw@example.com', null],
    ['/relative', null],
    [42, null],
  ])('openUrl %j → %j', (url, out) => expect(openableUrl(url)).toBe(out));
  it('reads functionCall', () => expect(localCall({ functionCall: { call: 'openUrl', args: { url: 'x' } } })).toEqual({ call: 'openUrl', args: { url: 'x' } }));
});
