// What a view is told of its tool call, step by step, in a table: the spec's order (partial input
// 0..n times, the input once, then the result or tool-cancelled) whatever order the activity's
// changes come in.
import { describe, expect, it } from 'vitest';
import { CANCEL_REASONS, callNotifications, inputOf, NOTHING_TOLD, type CallFacts, type CallTold } from './tool-call';

const result = { content: [{ type: 'text', text: 'ok' }] };
const other = { content: [{ type: 'text', text: 'again' }] };
const input = (method: string, a: unknown = { q: 'x' }) => ({ method, params: { arguments: a } });
const partial = (a: unknown) => input('ui/notifications/tool-input-partial', a);
const full = (a: unknown = { q: 'x' }) => input('ui/notifications/tool-input', a);
const res = (r: unknown = result) => ({ method: 'ui/notifications/tool-result', params: r });
const cancelled = (why: keyof typeof CANCEL_REASONS) => ({ method: 'ui/notifications/tool-cancelled', params: { reason: CANCEL_REASONS[why] } });

/** Each row: the activity's facts in turn, and everything the view is sent over them. */
const rows: { title: string; steps: CallFacts[]; sent: unknown[] }[] = [
  { title: 'the middleware\'s activity (input and result at once): input, then result', steps: [{ input: { q: 'x' }, result }], sent: [full(), res()] },
  { title: '…and its turn ending afterwards adds nothing', steps: [{ input: { q: 'x' }, result }, { input: { q: 'x' }, result, ending: 'done' }], sent: [full(), res()] },
  {
    title: 'a view shown before its tool ran: the input as it grows, then input and result',
    steps: [{ input: {}, result: undefined }, { input: { q: 'x' }, result: undefined }, { input: { q: 'x', n: 2 }, result: undefined }, { input: { q: 'x', n: 2 }, result }],
    sent: [partial({}), partial({ q: 'x' }), partial({ q: 'x', n: 2 }), full({ q: 'x', n: 2 }), res()],
  },
  { title: 'an unchanged input is not sent again', steps: [{ input: { q: 'x' }, result: undefined }, { input: { q: 'x' }, result: undefined }], sent: [partial({ q: 'x' })] },
  { title: 'stopped before the result: the input, then tool-cancelled', steps: [{ input: { q: 'x' }, result: undefined }, { input: { q: 'x' }, result: undefined, ending: 'stopped' }], sent: [partial({ q: 'x' }), full(), cancelled('stopped')] },
  { title: 'a run that failed', steps: [{ input: { q: 'x' }, result: undefined, ending: 'failed' }], sent: [full(), cancelled('failed')] },
  { title: 'a stream lost (or a reload of an unfinished one)', steps: [{ input: { q: 'x' }, result: undefined, ending: 'cut' }], sent: [full(), cancelled('cut')] },
  { title: 'answered without the result', steps: [{ input: { q: 'x' }, result: undefined, ending: 'done' }], sent: [full(), cancelled('done')] },
  { title: 'nothing after tool-cancelled, not even a late result', steps: [{ input: { q: 'x' }, result: undefined, ending: 'stopped' }, { input: { q: 'x' }, result, ending: 'stopped' }], sent: [full(), cancelled('stopped')] },
  { title: 'a different result later is sent too; the same one is not', steps: [{ input: { q: 'x' }, result }, { input: { q: 'x' }, result: { ...result } }, { input: { q: 'x' }, result: other }], sent: [full(), res(), res(other)] },
  { title: 'no partial input once the complete input was sent', steps: [{ input: { q: 'x' }, result }, { input: { q: 'y' }, result: undefined }], sent: [full(), res()] },
];

describe('callNotifications', () => {
  it.each(rows)('$title', ({ steps, sent }) => {
    let told: CallTold = NOTHING_TOLD;
    const all: unknown[] = [];
    for (const facts of steps) {
      const next = callNotifications(facts, told);
      all.push(...next.send);
      told = next.told;
    }
    expect(all).toEqual(sent);
  });
});

describe('inputOf', () => {
  it.each<[string, unknown, Record<string, unknown>]>([
    ['an object', { a: 1 }, { a: 1 }],
    ['missing', undefined, {}],
    ['an array is not arguments', [1], {}],
    ['a string is not arguments', '{"a":1}', {}],
    ['null', null, {}],
  ])('%s', (_, toolInput, expected) => expect(inputOf({ toolInput })).toEqual(expected));
});
