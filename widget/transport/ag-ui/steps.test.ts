// How steps end with their turn, and how an earlier turn's call changes, in tables.
import { describe, expect, it } from 'vitest';
import type { Part, ToolPart } from './run';
import { changeCall, endParts, type TurnEnding } from './steps';

const tool = (status: ToolPart['status'], id = 'c1'): ToolPart => ({ kind: 'tool', id, name: 'lookup', args: '{}', status, ended: true });
const step = (status: 'running' | 'done'): Part => ({ kind: 'step', id: 'plan#0', name: 'plan', status });
const thought = (done: boolean): Part => ({ kind: 'reasoning', id: 'r1', text: 'Hm.', done });
const agent = (status: 'running' | 'done' | 'suspended'): Part => ({ kind: 'subagent', id: 's1', name: 'researcher', status });
const view: Part = { kind: 'activity', id: 'v1', activityType: 'mcp-apps', content: { resourceUri: 'ui://x' } };
const words: Part = { kind: 'text', id: 'a1', role: 'assistant', text: 'Half', done: false };

describe('endParts: nothing runs once the turn is over', () => {
  it.each<[string, Part, TurnEnding, Part]>([
    ['a running call, stopped by the visitor', tool('running'), 'stopped', tool('stopped')],
    ['a running call, cut off', tool('running'), 'cut', tool('cut')],
    ['a running call of a failed run', tool('running'), 'failed', tool('failed')],
    ['a running call of a finished run is done', tool('running'), 'done', tool('done')],
    ['a call waiting for the page, stopped', tool('pending'), 'stopped', tool('stopped')],
    ['a call waiting for the page or a decision keeps waiting in an answered turn', tool('pending'), 'done', tool('pending')],
    ['a done call stays done', tool('done'), 'stopped', tool('done')],
    ['a rejected call stays rejected', tool('rejected'), 'cut', tool('rejected')],
    ['a running step, stopped', step('running'), 'stopped', { ...step('running'), status: 'stopped' } as Part],
    ['a running step of a finished run is done', step('running'), 'done', step('done')],
    ['a subagent still running, cut off', agent('running'), 'cut', { ...agent('running'), status: 'cut' } as Part],
    ['a suspended subagent stays suspended', agent('suspended'), 'stopped', agent('suspended')],
    ['reasoning still streaming is over (no "running" left)', thought(false), 'stopped', thought(true)],
    ['text is left as it is (the bubble says how it ended)', words, 'stopped', words],
    ['an activity is marked with how its turn ended', view, 'stopped', { ...view, ended: 'stopped' }],
    ['an activity of an answered turn is marked done', view, 'done', { ...view, ended: 'done' }],
    ['an activity already marked keeps its first ending', { ...view, ended: 'done' }, 'cut', { ...view, ended: 'done' }],
  ])('%s', (_, part, how, expected) => {
    expect(endParts([part], how)).toEqual([expected]);
  });

  it('a kept turn read after a reload: what ran is cut off, a call waiting for a decision still waits', () => {
    expect(endParts([tool('running'), tool('pending', 'c2')], 'cut', true)).toEqual([tool('cut'), tool('pending', 'c2')]);
  });

  it('the same list comes back when nothing changed, and other kinds (the thread view\'s) pass as they are', () => {
    const parts = [tool('done'), words, { kind: 'thread', items: [] }];
    expect(endParts(parts, 'stopped')).toBe(parts);
    const changed = endParts([...parts, tool('running', 'c2')], 'cut');
    expect(changed[2]).toBe(parts[2]);
    expect(changed[3]).toMatchObject({ id: 'c2', status: 'cut' });
  });
});

describe('changeCall: an earlier turn\'s call, where that turn drew it', () => {
  it.each<[string, ToolPart, Parameters<typeof changeCall>[2], Partial<ToolPart>]>([
    ['the resumed run\'s result: done, with it', tool('pending'), { status: 'done', result: 'restarted' }, { status: 'done', result: 'restarted' }],
    ['an approval: the call runs now', tool('pending'), { status: 'running' }, { status: 'running' }],
    ['a rejection', tool('pending'), { status: 'rejected' }, { status: 'rejected' }],
    ['a result for a rejected call is shown as its result; the call stays rejected', tool('rejected'), { status: 'done', result: '{"status":"not_run"}' }, { status: 'rejected', result: '{"status":"not_run"}' }],
  ])('%s', (_, part, change, expected) => {
    const parts = [words, part];
    const out = changeCall(parts, 'c1', change)!;
    expect(out[1]).toEqual({ ...part, ...expected });
    expect(out[0]).toBe(words);
    expect(parts[1]).toBe(part);
  });

  it('null when the list has no such call, or `when` refuses it', () => {
    expect(changeCall([tool('pending')], 'c9', { status: 'done' })).toBeNull();
    expect(changeCall([tool('done')], 'c1', { status: 'cut' }, (p) => p.status === 'running')).toBeNull();
    expect(changeCall([tool('running')], 'c1', { status: 'cut' }, (p) => p.status === 'running')).toEqual([tool('cut')]);
  });
});
