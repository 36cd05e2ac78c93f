import { describe, expect, it } from 'vitest';
import { BailingHttpError, MAX_VISITOR_MESSAGE_CHARS, turnRefusal, VISITOR_ERROR, visitorError, visitorMessage } from './errors';

const http = (status: number, body?: unknown) => new BailingHttpError('POST', 'https://hub.example/chat/e_1234', status, { body });

describe('visitorMessage', () => {
  // [title, error, what the visitor is shown (null: the widget's own words)]
  const cases: [string, unknown, string | null][] = [
    ["a 429's reply", http(429, { done: true, error: true, reply: '操作太频繁，请稍后再试' }), '操作太频繁，请稍后再试'],
    ["a 503's reply", http(503, { done: true, error: true, reply: 'The assistant is busy; please try again in a minute.' }), 'The assistant is busy; please try again in a minute.'],
    ["a 403's error", http(403, { error: '该站点未被允许嵌入此聊天入口' }), '该站点未被允许嵌入此聊天入口'],
    ["a 400's error", http(400, { error: 'message 必填' }), 'message 必填'],
    ["a 401's error", http(401, { error: 'The visitor ticket has expired.' }), 'The visitor ticket has expired.'],
    ["a 404's error", http(404, { error: '聊天入口不存在' }), '聊天入口不存在'],
    ['reply before error', http(429, { error: 'Slow down.', reply: 'Please wait a moment.' }), 'Please wait a moment.'],
    ['an unusable reply falls back to error', http(429, { error: 'Slow down.', reply: '' }), 'Slow down.'],
    ['trimmed', http(400, { error: '  message 必填\n' }), 'message 必填'],
    [`${MAX_VISITOR_MESSAGE_CHARS} characters`, http(400, { error: '好'.repeat(MAX_VISITOR_MESSAGE_CHARS) }), '好'.repeat(MAX_VISITOR_MESSAGE_CHARS)],
    ['longer: not a sentence for the visitor', http(400, { error: 'x '.repeat(MAX_VISITOR_MESSAGE_CHARS) }), null],
    ['a control character', http(400, { error: 'bad\u0007 request' }), null],
    ['a line break inside', http(400, { error: 'line one\nline two' }), null],
    ['a bidi override (Trojan Source)', http(400, { error: 'safe \u202egnirts' }), null],
    ['a machine code', http(403, { error: 'origin_not_allowed', message: 'This site may not embed this entry.' }), null],
    ['only message (not a hub field)', http(500, { message: 'Something went wrong on the server.' }), null],
    ['a boolean error and no reply', http(503, { done: true, error: true }), null],
    ['an empty string', http(400, { error: '   ' }), null],
    ['no body', http(502), null],
    ['a JSON string body', http(400, 'message 必填'), null],
    ['a network error', new BailingHttpError('POST', 'https://hub.example/chat/e_1234', 0, { cause: new TypeError('Failed to fetch') }), null],
    ['not a hub error', new Error('message 必填'), null],
    ['not an error', 'message 必填', null],
  ];
  it.each(cases)('%s', (_title, error, expected) => {
    expect(visitorMessage(error)).toBe(expected);
  });

  it('keeps the body on the error', () => {
    expect(http(429, { reply: 'x' }).body).toEqual({ reply: 'x' });
  });
});

describe('visitorError', () => {
  it('is an Error named for renderers to recognise, with the text as its message', () => {
    const error = visitorError('message 必填');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(VISITOR_ERROR);
    expect(error.message).toBe('message 必填');
  });
});

describe('turnRefusal', () => {
  it.each([
    ['no response (fetch rejected with a TypeError)', new BailingHttpError('POST', 'https://hub/chat/x', 0, { cause: new TypeError('Failed to fetch') }), true],
    ['aborted by Stop (a DOMException)', new BailingHttpError('POST', 'https://hub/chat/x', 0, { cause: new DOMException('aborted', 'AbortError') }), false],
    ['an answer that refused (HTTP 503)', new BailingHttpError('POST', 'https://hub/chat/x', 503), false],
    ['not a request error', new Error('boom'), false],
  ])('%s: offline is %s (the message then waits for the network)', (_, error, offline) => {
    expect(turnRefusal(error).offline).toBe(offline);
  });
});
