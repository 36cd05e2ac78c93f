// Early MCP App views over the middleware's events: what comes out for what goes in.
import { EventType, type Event } from '@ag-ui/core';
import { describe, expect, it } from 'vitest';
import { createEarlyViews, partialInput } from './early-views';

const facts = { resourceUri: 'ui://fixture/view.html', serverHash: 'h1', serverId: 'fixture' };
const start = (name: string, id = 'c1') => ({ type: EventType.TOOL_CALL_START, toolCallId: id, toolCallName: name }) as Event;
const args = (delta: string, id = 'c1') => ({ type: EventType.TOOL_CALL_ARGS, toolCallId: id, delta }) as Event;
const result = (id = 'c1') => ({ type: EventType.TOOL_CALL_RESULT, messageId: 'r', toolCallId: id, content: 'ok' }) as Event;
const activity = (content: Record<string, unknown>, messageId = 'random') => ({ type: EventType.ACTIVITY_SNAPSHOT, messageId, activityType: 'mcp-apps', content, replace: true }) as Event;
const early = (toolInput: Record<string, unknown>, messageId = 'early-1') => activity({ ...facts, toolInput }, messageId);

function run(events: Event[]) {
  let n = 0;
  const step = createEarlyViews((name) => (name === 'fixture-view' ? facts : undefined), () => `early-${++n}`);
  return events.flatMap(step);
}

describe('createEarlyViews', () => {
  it('shows the view when the call starts, again as its input grows, and puts the middleware\'s activity in its place', () => {
    const final = activity({ ...facts, toolInput: { attack: 'none' }, result: { content: [] } });
    expect(run([start('fixture-view'), args('{"att'), args('ack":"no'), args('ne"}'), result(), final])).toEqual([
      start('fixture-view'),
      early({}),
      args('{"att'),
      args('ack":"no'),
      early({ attack: 'no' }),
      args('ne"}'),
      early({ attack: 'none' }),
      result(),
      { ...final, messageId: 'early-1' },
    ]);
  });

  it('leaves other tools, other activities, and an activity with no call before it as they are', () => {
    const other = { ...activity({ x: 1 }), activityType: 'a2ui-surface' } as Event;
    expect(run([start('lookup'), args('{"a":1}'), result(), other, activity({ y: 1 })])).toEqual([start('lookup'), args('{"a":1}'), result(), other, activity({ y: 1 })]);
  });

  it('two calls of UI tools in one run keep their own views', () => {
    const out = run([start('fixture-view', 'a'), start('fixture-view', 'b'), result('b'), activity({ n: 'b' }), result('a'), activity({ n: 'a' })]);
    expect(out.filter((e) => e.type === EventType.ACTIVITY_SNAPSHOT).map((e) => [(e as { messageId: string }).messageId, (e as { content: { n?: string } }).content.n])).toEqual([
      ['early-1', undefined],
      ['early-2', undefined],
      ['early-2', 'b'],
      ['early-1', 'a'],
    ]);
  });
});

describe('partialInput', () => {
  it.each<[string, string, Record<string, unknown>]>([
    ['nothing yet', '', {}],
    ['an open object', '{', {}],
    ['a string cut in the middle', '{"q":"hel', { q: 'hel' }],
    ['a number being written', '{"n":12', { n: 12 }],
    ['complete', '{"q":"x","n":[1,2]}', { q: 'x', n: [1, 2] }],
    ['an array is not arguments', '[1,2', {}],
    ['not JSON', 'hello', {}],
  ])('%s', (_, text, expected) => expect(partialInput(text)).toEqual(expected));
});
