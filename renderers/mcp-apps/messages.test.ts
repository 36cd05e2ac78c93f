import { describe, expect, it } from 'vitest';
import { messageText, readViewMessage, RPC, MAX_VIEW_MESSAGE_CHARS, type ViewMessage } from './messages';

const rows: { title: string; input: unknown; expected: ViewMessage }[] = [
  { title: 'not an object', input: 'hi', expected: { kind: 'invalid', error: { code: RPC.INVALID_REQUEST, message: 'expected a JSON-RPC object, got string' } } },
  { title: 'null', input: null, expected: { kind: 'invalid', error: { code: RPC.INVALID_REQUEST, message: 'expected a JSON-RPC object, got null' } } },
  { title: 'no jsonrpc', input: { id: 1, method: 'ping' }, expected: { kind: 'invalid', id: 1, error: { code: RPC.INVALID_REQUEST, message: 'jsonrpc must be "2.0"' } } },
  { title: 'an id that is an object', input: { jsonrpc: '2.0', id: {}, method: 'ping' }, expected: { kind: 'invalid', error: { code: RPC.INVALID_REQUEST, message: 'id must be a string or an integer' } } },
  { title: 'a fractional id', input: { jsonrpc: '2.0', id: 1.5, method: 'ping' }, expected: { kind: 'invalid', error: { code: RPC.INVALID_REQUEST, message: 'id must be a string or an integer' } } },
  { title: 'ping', input: { jsonrpc: '2.0', id: 7, method: 'ping' }, expected: { kind: 'request', id: 7, method: 'ping', params: {} } },
  { title: 'an unknown request', input: { jsonrpc: '2.0', id: 'a', method: 'sampling/createMessage', params: {} }, expected: { kind: 'invalid', id: 'a', error: { code: RPC.NO_METHOD, message: 'sampling/createMessage: method not found' } } },
  { title: 'a prototype key as method', input: { jsonrpc: '2.0', id: 1, method: 'constructor' }, expected: { kind: 'invalid', id: 1, error: { code: RPC.NO_METHOD, message: 'constructor: method not found' } } },
  { title: 'an unknown notification', input: { jsonrpc: '2.0', method: 'x/y' }, expected: { kind: 'invalid', error: { code: RPC.NO_METHOD, message: 'x/y: unknown notification, ignored' } } },
  { title: 'a request-only method as a notification', input: { jsonrpc: '2.0', method: 'tools/call', params: { name: 'a' } }, expected: { kind: 'invalid', error: { code: RPC.NO_METHOD, message: 'tools/call: unknown notification, ignored' } } },
  { title: 'params not an object', input: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: [] }, expected: { kind: 'invalid', id: 2, error: { code: RPC.INVALID_PARAMS, message: 'tools/call: params must be an object' } } },
  { title: 'tools/call without a name', input: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: {} }, expected: { kind: 'invalid', id: 2, error: { code: RPC.INVALID_PARAMS, message: 'tools/call: params.name: expected a string, got undefined' } } },
  { title: 'tools/call with array arguments', input: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'a', arguments: [1] } }, expected: { kind: 'invalid', id: 2, error: { code: RPC.INVALID_PARAMS, message: 'tools/call: params.arguments: expected an object, got array' } } },
  { title: 'tools/call', input: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get-time', arguments: {} } }, expected: { kind: 'request', id: 2, method: 'tools/call', params: { name: 'get-time', arguments: {} } } },
  { title: 'ui/message from the assistant', input: { jsonrpc: '2.0', id: 3, method: 'ui/message', params: { role: 'assistant', content: [{ type: 'text', text: 'x' }] } }, expected: { kind: 'invalid', id: 3, error: { code: RPC.INVALID_PARAMS, message: 'ui/message: params.role: expected one of user, got "assistant"' } } },
  { title: 'ui/message with one block (the prose form)', input: { jsonrpc: '2.0', id: 3, method: 'ui/message', params: { role: 'user', content: { type: 'text', text: 'x' } } }, expected: { kind: 'request', id: 3, method: 'ui/message', params: { role: 'user', content: { type: 'text', text: 'x' } } } },
  { title: 'ui/message with no content', input: { jsonrpc: '2.0', id: 3, method: 'ui/message', params: { role: 'user', content: [] } }, expected: { kind: 'invalid', id: 3, error: { code: RPC.INVALID_PARAMS, message: 'ui/message: params.content: expected a content block or an array of them' } } },
  { title: 'ui/request-display-mode to a mode that does not exist', input: { jsonrpc: '2.0', id: 4, method: 'ui/request-display-mode', params: { mode: 'kiosk' } }, expected: { kind: 'invalid', id: 4, error: { code: RPC.INVALID_PARAMS, message: 'ui/request-display-mode: params.mode: expected one of inline, fullscreen, pip, got "kiosk"' } } },
  { title: 'size-changed with a negative height', input: { jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { height: -1 } }, expected: { kind: 'invalid', error: { code: RPC.INVALID_PARAMS, message: 'ui/notifications/size-changed: params.height: expected a number of pixels' } } },
  { title: 'size-changed', input: { jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { width: 300, height: 120 } }, expected: { kind: 'notification', method: 'ui/notifications/size-changed', params: { width: 300, height: 120 } } },
  { title: 'initialized', input: { jsonrpc: '2.0', method: 'ui/notifications/initialized' }, expected: { kind: 'notification', method: 'ui/notifications/initialized', params: {} } },
  { title: 'a response', input: { jsonrpc: '2.0', id: 'h1', result: {} }, expected: { kind: 'response', id: 'h1', result: {} } },
  { title: 'an error response', input: { jsonrpc: '2.0', id: 'h1', error: { code: -1, message: 'no' } }, expected: { kind: 'response', id: 'h1', error: { code: -1, message: 'no' } } },
  { title: 'a response without result or error', input: { jsonrpc: '2.0', id: 'h1' }, expected: { kind: 'invalid', id: 'h1', error: { code: RPC.INVALID_REQUEST, message: 'a response needs a result or an error' } } },
  { title: 'a response without id', input: { jsonrpc: '2.0', result: {} }, expected: { kind: 'invalid', error: { code: RPC.INVALID_REQUEST, message: 'a response needs an id' } } },
];

describe('readViewMessage', () => {
  it.each(rows)('$title', ({ input, expected }) => expect(readViewMessage(input)).toEqual(expected));

  it('refuses a message larger than the cap, answering its id', () => {
    const big = { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'a', arguments: { x: 'x'.repeat(MAX_VIEW_MESSAGE_CHARS) } } };
    expect(readViewMessage(big)).toEqual({ kind: 'invalid', id: 9, error: { code: RPC.INVALID_REQUEST, message: `larger than ${MAX_VIEW_MESSAGE_CHARS} characters as JSON` } });
  });
  it('never throws on data JSON cannot hold', () => {
    const cyclic: Record<string, unknown> = { jsonrpc: '2.0' };
    cyclic.self = cyclic;
    expect(readViewMessage(cyclic)).toEqual({ kind: 'invalid', error: { code: RPC.INVALID_REQUEST, message: 'not JSON data' } });
    expect(readViewMessage({ jsonrpc: '2.0', id: 1, method: 'ping', big: 10n }).kind).toBe('invalid');
  });
});

describe('messageText', () => {
  it.each<[unknown, string | null]>([
    [[{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }], 'a\nb'],
    [{ type: 'text', text: 'one' }, 'one'],
    [[{ type: 'image', data: '', mimeType: 'image/png' }], null],
    [[{ type: 'text', text: 3 }], null],
  ])('%j', (content, expected) => expect(messageText({ content })).toBe(expected));
});
