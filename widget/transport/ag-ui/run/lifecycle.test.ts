// Steps, subagents and the run's lifecycle (started, finished, failed, cut off), as the run reducer folds them.
import { describe, expect, it } from 'vitest';
import { content, end, history, play, RF, RS, start, table, tcEnd, tcStart } from './tables';
import { endOfStream, feedRun, MAX_WARNINGS } from '../run';

describe('steps and subagents', () => {
  table([
    {
      title: 'steps are parts with stable ids; a name may run again once finished, and in a subagent at the same time',
      events: [
        RS,
        { type: 'STEP_STARTED', stepName: 'plan' },
        { type: 'STEP_STARTED', stepName: 'plan', subagentRunId: 'sa' },
        { type: 'STEP_FINISHED', stepName: 'plan' },
        { type: 'STEP_STARTED', stepName: 'plan' },
        { type: 'STEP_FINISHED', stepName: 'plan', subagentRunId: 'sa' },
      ],
      expected: {
        parts: [
          { kind: 'step', id: 'plan#0', name: 'plan', status: 'done' },
          { kind: 'step', id: 'plan#0@sa', status: 'done', subagentRunId: 'sa' },
          { kind: 'step', id: 'plan#1', status: 'running' },
        ],
        warnings: [],
      },
    },
    {
      title: 'a step started twice, or finished unstarted, is skipped',
      events: [RS, { type: 'STEP_STARTED', stepName: 's' }, { type: 'STEP_STARTED', stepName: 's' }, { type: 'STEP_FINISHED', stepName: 't' }],
      expected: { parts: [{ id: 's#0' }], warnings: ['STEP_STARTED skipped: the step "s" is already running', 'STEP_FINISHED skipped: the step "t" is not running'] },
    },
    {
      title: 'subagents: started, suspended, failed; their fields kept',
      events: [
        RS,
        { type: 'SUBAGENT_STARTED', subagentRunId: 'a', name: 'researcher', description: 'finds', parentToolCallId: 'c1', parentMessageId: 'm1' },
        { type: 'SUBAGENT_STARTED', subagentRunId: 'b', name: 'writer', parentSubagentRunId: 'a' },
        { type: 'SUBAGENT_FINISHED', subagentRunId: 'b', outcome: { type: 'suspended', interruptIds: ['i1'] }, result: { draft: 1 } },
        { type: 'SUBAGENT_ERROR', subagentRunId: 'a', message: 'quota', code: '429' },
      ],
      expected: {
        parts: [
          { kind: 'subagent', id: 'a', name: 'researcher', description: 'finds', parentToolCallId: 'c1', parentMessageId: 'm1', status: 'failed', error: { message: 'quota', code: '429' } },
          { kind: 'subagent', id: 'b', parentSubagentRunId: 'a', status: 'suspended', interruptIds: ['i1'], result: { draft: 1 } },
        ],
        warnings: [],
      },
    },
    {
      title: 'subagent lifecycle violations are skipped',
      events: [
        RS,
        { type: 'SUBAGENT_FINISHED', subagentRunId: 'x' },
        { type: 'SUBAGENT_STARTED', subagentRunId: 'a', name: 'n', parentSubagentRunId: 'ghost' },
        { type: 'SUBAGENT_STARTED', subagentRunId: 'b', name: 'n' },
        { type: 'SUBAGENT_STARTED', subagentRunId: 'b', name: 'n' },
        { type: 'SUBAGENT_FINISHED', subagentRunId: 'b', outcome: { type: 'exploded' } },
        { type: 'SUBAGENT_STARTED', subagentRunId: 'b', name: 'n' },
      ],
      expected: {
        parts: [{ id: 'b', status: 'done' }],
        warnings: [
          'SUBAGENT_FINISHED skipped: the subagent "x" is not running',
          'SUBAGENT_STARTED skipped: its parent "ghost" was never started',
          'SUBAGENT_STARTED skipped: "b" was already started',
          'SUBAGENT_FINISHED: unknown outcome "exploded" read as success',
          'SUBAGENT_STARTED skipped: "b" was already started',
        ],
      },
    },
  ]);
});

describe('the run lifecycle', () => {
  const interrupts = [{ id: 'i1', reason: 'tool_call', toolCallId: 'c1', message: 'Send?', responseSchema: { type: 'object' }, expiresAt: '2030-01-01T00:00:00Z' }];
  table([
    {
      title: 'success with a result',
      events: [RS, { ...RF, result: [1, 2] }],
      expected: { status: 'finished', result: [1, 2], interrupts: [], error: undefined },
    },
    {
      title: 'the interrupt outcome keeps the interrupts, and no result',
      events: [RS, tcStart('c1', 'send'), tcEnd('c1'), { ...RF, result: 'ignored', outcome: { type: 'interrupt', interrupts } }],
      expected: { status: 'interrupt', interrupts, result: undefined, pendingToolCalls: ['c1'] },
    },
    {
      title: 'the cancelled outcome is neither success nor failure',
      events: [RS, tcStart('c1', 'f'), tcEnd('c1'), { ...RF, outcome: { type: 'cancelled' } }],
      expected: { status: 'cancelled', pendingToolCalls: [], parts: [{ status: 'running' }] },
    },
    {
      title: 'an unknown outcome reads as success, with a warning',
      events: [RS, { ...RF, outcome: { type: 'paused' }, result: 1 }],
      expected: { status: 'finished', result: 1, warnings: ['RUN_FINISHED: unknown outcome "paused" read as success'] },
    },
    {
      title: 'a pre-1.0 null outcome and result read as absent',
      events: [RS, { ...RF, outcome: null, result: null }],
      expected: { status: 'finished', result: undefined, warnings: [] },
    },
    {
      title: 'RUN_ERROR after RUN_FINISHED turns the run into a failed one',
      events: [RS, { ...RF, outcome: { type: 'interrupt', interrupts } }, { type: 'RUN_ERROR', message: 'flush failed', code: 'E' }],
      expected: { status: 'error', error: { message: 'flush failed', code: 'E' }, interrupts: [], warnings: [] },
    },
    {
      title: 'nothing but a new RUN_STARTED follows RUN_ERROR',
      events: [RS, { type: 'RUN_ERROR', message: 'x' }, { type: 'RUN_ERROR', message: 'y' }, start('a1'), RF],
      expected: { status: 'error', error: { message: 'x' }, messages: [], warnings: ['RUN_ERROR skipped: the run has already failed', 'TEXT_MESSAGE_START skipped: the run has already failed', 'RUN_FINISHED skipped: the run has already failed'] },
    },
    {
      title: 'a stream may open with RUN_ERROR',
      events: [{ type: 'RUN_ERROR', message: 'unreachable' }],
      expected: { status: 'error', warnings: [] },
    },
    {
      title: 'events before RUN_STARTED are applied, with one warning',
      events: [start('a1'), content('a1', 'x'), end('a1'), RF],
      expected: { status: 'finished', messages: [{ content: 'x' }], warnings: ['TEXT_MESSAGE_START arrived before RUN_STARTED'] },
    },
    {
      title: 'a second run on the stream starts clean, and keeps the first run\'s messages and state',
      events: [RS, start('a1'), end('a1'), { type: 'STATE_SNAPSHOT', snapshot: 1 }, { ...RF, outcome: { type: 'interrupt', interrupts } }, { ...RS, runId: 'run-2' }, start('a2'), end('a2'), { ...RF, runId: 'run-2', result: 2 }],
      expected: { runId: 'run-2', status: 'finished', interrupts: [], result: 2, state: 1, messages: [{ id: 'a1' }, { id: 'a2' }], warnings: [] },
    },
    {
      title: 'RUN_STARTED echoing messages adds those the thread lacks',
      events: [{ ...RS, input: { threadId: 'thread-1', runId: 'run-1', messages: [history[0], { id: 'sys', role: 'system', content: 'be brief' }] } }],
      init: { messages: history },
      expected: { messages: [history[0], { id: 'sys' }] },
    },
    {
      title: 'RAW and CUSTOM events are kept for the host, in order',
      events: [RS, { type: 'CUSTOM', name: 'a', value: 1 }, { type: 'RAW', event: { x: 1 } }, { type: 'CUSTOM', name: 'b', value: null }],
      expected: { events: [{ type: 'CUSTOM', name: 'a', value: 1 }, { type: 'RAW', event: { x: 1 } }, { type: 'CUSTOM', name: 'b', value: null }] },
    },
    {
      title: 'a truncated stream is interrupted; anything after that is skipped',
      events: [RS, start('a1'), content('a1', 'x')],
      truncated: true,
      expected: { status: 'interrupted', warnings: ['the stream ended without RUN_FINISHED or RUN_ERROR'] },
    },
  ]);

  it('endOfStream leaves a closed run as it is', () => {
    const run = play([RS, RF]);
    expect(endOfStream(run)).toBe(run);
    const cut = endOfStream(play([RS]));
    expect(feedRun(cut, RF)).toMatchObject({ status: 'interrupted', warnings: ['the stream ended without RUN_FINISHED or RUN_ERROR', 'RUN_FINISHED skipped: the run has already ended without RUN_FINISHED'] });
  });

  it(`keeps at most ${MAX_WARNINGS} warnings, and says so`, () => {
    const run = play([RS, ...Array.from({ length: MAX_WARNINGS + 20 }, () => content('ghost', 'x'))]);
    expect(run.warnings).toHaveLength(MAX_WARNINGS + 1);
    expect(run.warnings[MAX_WARNINGS]).toBe('further warnings were dropped');
  });
});
