// RunAgentInput validation (pure): what is taken from the body, and the field a refusal names.
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/http-error';
import { fieldPath, parseAguiRequest } from './agui-request';

const base = { threadId: 'thread-1', runId: 'run-1', messages: [{ id: 'u1', role: 'user', content: 'hi' }] };

describe('parseAguiRequest', () => {
  it('takes a minimal input: absent tools and context are empty lists, nothing is invented', () => {
    const request = parseAguiRequest(base);
    expect(request).toEqual({ input: { ...base, tools: [], context: [] }, ticket: undefined, visitorId: undefined, renderers: [], sandboxPacks: [] });
  });

  it('reads ticket, visitor_id and client_capabilities from forwardedProps, leaves its other keys alone', () => {
    const request = parseAguiRequest({
      ...base,
      forwardedProps: { ticket: 'abc.def', visitor_id: 'visitor_12345', client_capabilities: { renderers: ['sandbox', 'bailing-form', 'sandbox'] }, theme: 'dark' },
    });
    expect(request).toMatchObject({ ticket: 'abc.def', visitorId: 'visitor_12345', renderers: ['sandbox', 'bailing-form'] });
    expect(request.input.forwardedProps).toMatchObject({ theme: 'dark' });
  });

  it.each([
    ['a string', 'hello'],
    ['an array', [1, 2]],
    ['a number', 3],
  ])('forwardedProps that is %s carries none of them', (_, forwardedProps) => {
    expect(parseAguiRequest({ ...base, forwardedProps })).toMatchObject({ ticket: undefined, visitorId: undefined, renderers: [] });
  });

  it('an empty ticket is no ticket', () => {
    expect(parseAguiRequest({ ...base, forwardedProps: { ticket: '' } }).ticket).toBeUndefined();
  });

  it.each([
    [{ ...base, messages: [{ id: 'u1', role: 'user', content: 5 }] }, '"messages[0].content"'],
    [{ ...base, context: [{ description: 'page' }] }, '"context[0].value"'],
    [{ ...base, runId: 'x'.repeat(129) }, '"runId" must be'],
    [{ ...base, threadId: 'tab\there' }, '"threadId" must be'],
    [{ ...base, forwardedProps: { client_capabilities: { renderers: ['Bad Type'] } } }, 'Renderer type "Bad Type"'],
    [{ ...base, forwardedProps: { client_capabilities: { renderers: Array.from({ length: 17 }, (_, i) => `r${i}`) } } }, 'at most 16 types'],
    [{ ...base, forwardedProps: { ticket: 'x'.repeat(4097) } }, '"forwardedProps.ticket"'],
  ])('refuses %j with a 400 naming %s', (body, field) => {
    let caught: unknown;
    try {
      parseAguiRequest(body);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(HttpError);
    expect((caught as HttpError).status).toBe(400);
    expect((caught as HttpError).message).toContain(field);
  });
});

describe('fieldPath', () => {
  it.each([
    [['messages', 2, 'content'], 'messages[2].content'],
    [['resume', 0, 'payload', 'approved'], 'resume[0].payload.approved'],
    [['threadId'], 'threadId'],
    [[], ''],
  ])('%j → %s', (path, text) => expect(fieldPath(path)).toBe(text));
});
