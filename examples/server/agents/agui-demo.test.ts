// The AG-UI demo's pure core, in tables: which scenario a run picks, what every plan holds (valid
// 1.0 events, its pacing, its ending), and which answers an approval takes.
import type { Event, Message, ResumeEntry, RunAgentInput } from '@ag-ui/core';
import { EventSchema } from '@ag-ui/core/schemas';
import { describe, expect, it } from 'vitest';
import type { AguiRun, ResumeAnswer } from './agui-agent';
import { AGUI_TRIGGERS, pickAguiScenario, planDemoRun, type AguiScenario } from './agui-demo';
import { checkDemoAnswer } from './agui-demo-approvals';
import type { NewId } from './agui-demo-plan';
import { isPause } from '../ag-ui/agui-events';
import { INVOICE_ARGS, TRIM_ANSWER_START, trimSummary } from '../demo/agui-replies';

const user = (content: string): Message => ({ id: `u-${content.length}`, role: 'user', content });

function run(messages: Message[], extra: Partial<AguiRun> = {}, input: Partial<RunAgentInput> = {}): AguiRun {
  return {
    input: { threadId: 't', runId: 'r', messages, tools: [], context: [], ...input },
    renderers: [],
    answers: [],
    baseUrl: 'https://hub.example.com',
    now: 1_700_000_000_000,
    ...extra,
  };
}

const counterIds = (): NewId => {
  let n = 0;
  return (kind) => `${kind}-${++n}`;
};

const answered = (kind: 'restart' | 'invoice', entry: Partial<ResumeEntry> = {}, replay = false): ResumeAnswer => ({
  record: {
    id: 'int-1',
    interrupt: { id: 'int-1', reason: 'tool_call' },
    action: { kind, tool: kind, toolCallId: 'tc-1', args: kind === 'restart' ? { server: 'web-1' } : INVOICE_ARGS },
    expiresAt: null,
    answer: null,
    createdAt: 0,
  },
  entry: { interruptId: 'int-1', status: 'resolved', payload: true, ...entry },
  replay,
});

const PICKS: [string, AguiScenario][] = [
  ['hello', 'hello'],
  ['hi there', 'hello'],
  ['this is it', 'long'],
  ['make it fail', 'fail'],
  ['drop the line', 'drop'],
  ['slow chart', 'slow'],
  ['maintenance window', 'maintenance'],
  ['please restart', 'approval'],
  ['approve it', 'approval'],
  ['send the invoice', 'invoice'],
  ['what page am I on?', 'host-tool'],
  ['try a host tool', 'host-tool'],
  ['compare the two', 'parallel'],
  ['what is the weather', 'tool'],
  ['search for tickets', 'tool'],
  ['my todo list', 'todo'],
  ['show the state', 'todo'],
  ['think about it', 'reasoning'],
  ['deploy steps', 'progress'],
  ['in chunks', 'chunks'],
  ['trim the thread', 'trim'],
  ['read the docs', 'docs'],
  ['send files', 'files'],
  ['recap', 'recap'],
  ['what did I say?', 'recap'],
  ['vega-lite', 'vega'],
  ['a mermaid diagram', 'diagram'],
  ['a chart', 'chart'],
  ['refund please', 'form'],
  ['a calculator', 'sandbox'],
  ['an equation', 'math'],
  ['unit converter', 'sandbox'],
  ['stream markdown', 'long'],
  ['[文件：a.pdf](https://example.com/a.pdf) hello', 'received'],
  ['{"text":"from a view","view":"calculator"}', 'view-send'],
];

describe('pickAguiScenario', () => {
  it.each(PICKS)('%j → %s', (text, scenario) => expect(pickAguiScenario(run([user(text)]))).toBe(scenario));

  it('answers to interrupts come first, then a tool result the client sent back', () => {
    expect(pickAguiScenario(run([user('hello')], { answers: [answered('restart')] }))).toBe('resume');
    const tool: Message = { id: 'tm', role: 'tool', toolCallId: 'tc', content: '{}' };
    expect(pickAguiScenario(run([user('fail'), tool]))).toBe('tool-result');
  });

  it('reads the last user message, in parts too', () => {
    const parts: Message = { id: 'u', role: 'user', content: [{ type: 'text', text: 'a ' }, { type: 'text', text: 'chart' }] };
    expect(pickAguiScenario(run([user('fail'), { id: 'a', role: 'assistant', content: 'sorry' }, parts]))).toBe('chart');
  });

  it('has one trigger per scenario a keyword picks', () => {
    const names = AGUI_TRIGGERS.map(([name]) => name);
    expect(new Set(names).size).toBe(names.length);
  });
});

/** A run that reaches each scenario, and what its plan must end with. */
const PLANS: { scenario: AguiScenario; run: AguiRun; ending: string }[] = [
  ...PICKS.filter(([, s], i, all) => all.findIndex(([, t]) => t === s) === i).map(([text, scenario]) => ({
    scenario,
    run: run([user(text)], { renderers: ['bailing-form', 'sandbox'] }, { tools: [{ name: 'get_page_info', description: 'd' }] }),
    ending: scenario === 'fail' ? 'error' : scenario === 'drop' ? 'drop' : 'finished',
  })),
  { scenario: 'resume', run: run([user('restart')], { answers: [answered('restart')] }), ending: 'finished' },
  {
    scenario: 'tool-result',
    run: run([
      user('what page am I on'),
      { id: 'a', role: 'assistant', toolCalls: [{ id: 'tc', type: 'function', function: { name: 'get_page_info', arguments: '{}' } }] },
      { id: 'tm', role: 'tool', toolCallId: 'tc', content: '{"title":"Docs"}' },
    ]),
    ending: 'finished',
  },
];

describe('planDemoRun', () => {
  it.each(PLANS)('$scenario: valid 1.0 events, no nulls, the right ending', ({ scenario, run: given, ending }) => {
    expect(pickAguiScenario(given)).toBe(scenario);
    const plan = planDemoRun(given, counterIds(), { deltaDelayMs: 0, toolPauseMs: 0, slowDelayMs: 0 });
    const events = plan.steps.filter((step): step is Event => !isPause(step));
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expect(EventSchema.safeParse(event).success, JSON.stringify(event).slice(0, 200)).toBe(true);
      expect(Object.values(event)).not.toContain(null);
      // The route frames the run: a plan never sends its own start or end.
      expect(['RUN_STARTED', 'RUN_FINISHED', 'RUN_ERROR']).not.toContain(event.type);
    }
    expect(plan.ending.type).toBe(ending);
  });

  it('paces every streamed piece, and only those', () => {
    const plan = planDemoRun(run([user('weather')]), counterIds(), { deltaDelayMs: 7, toolPauseMs: 300, slowDelayMs: 150 });
    plan.steps.forEach((step, i) => {
      if (!isPause(step) && ['TEXT_MESSAGE_CONTENT', 'TOOL_CALL_ARGS'].includes(step.type)) expect(plan.steps[i - 1]).toEqual({ pauseMs: 7 });
    });
    const resultAt = plan.steps.findIndex((step) => !isPause(step) && step.type === 'TOOL_CALL_RESULT');
    expect(plan.steps[resultAt - 1]).toEqual({ pauseMs: 300 });
    const slow = planDemoRun(run([user('slow')]), counterIds(), { deltaDelayMs: 7, toolPauseMs: 300, slowDelayMs: 150 });
    expect(slow.steps.filter(isPause).every((p) => p.pauseMs === 150)).toBe(true);
  });

  it('trim: part of the answer, then a snapshot whose older turns are one summary (the previous turn, the question and the answer so far kept), then the rest at the slow pace', () => {
    const earlier: Message[] = [user('hello'), { id: 'a1', role: 'assistant', content: 'Hi!' }];
    const question = user('trim the thread');
    const plan = planDemoRun(run([...earlier, question]), counterIds(), { deltaDelayMs: 7, toolPauseMs: 300, slowDelayMs: 150 });
    const events = plan.steps.filter((step): step is Event => !isPause(step));
    const at = events.findIndex((e) => e.type === 'MESSAGES_SNAPSHOT');
    const snapshot = events[at] as Event & { messages: Message[] };
    const answerId = (events[0] as Event & { messageId: string }).messageId;
    expect(events.slice(0, at).map((e) => e.type)).toEqual(['TEXT_MESSAGE_START', ...events.slice(1, at).map(() => 'TEXT_MESSAGE_CONTENT')]);
    expect(snapshot.messages).toEqual([
      { id: 'a1', role: 'assistant', content: trimSummary(2) },
      question,
      { id: answerId, role: 'assistant', content: TRIM_ANSWER_START },
    ]);
    expect(events.at(-1)).toEqual({ type: 'TEXT_MESSAGE_END', messageId: answerId });
    const after = plan.steps.slice(plan.steps.indexOf(snapshot) + 1);
    expect(after.filter(isPause).every((p) => p.pauseMs === 150)).toBe(true);
    // With two earlier turns, the previous one is kept.
    const two = planDemoRun(run([user('hi'), { id: 'a0', role: 'assistant', content: 'Hey' }, ...earlier, question]), counterIds(), { deltaDelayMs: 0, toolPauseMs: 0, slowDelayMs: 0 }).steps.find((e) => !isPause(e) && e.type === 'MESSAGES_SNAPSHOT') as Event & { messages: Message[] };
    expect(two.messages.map((m) => (m as { content: string }).content)).toEqual([trimSummary(2), 'hello', 'Hi!', 'trim the thread', TRIM_ANSWER_START]);
    // Alone in its thread, the snapshot has nothing to summarize.
    const alone = planDemoRun(run([question]), counterIds(), { deltaDelayMs: 0, toolPauseMs: 0, slowDelayMs: 0 }).steps.find((e) => !isPause(e) && e.type === 'MESSAGES_SNAPSHOT') as Event & { messages: Message[] };
    expect(alone.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it('raises interrupts that expire after the TTL, each bound to its own tool call', () => {
    const plan = planDemoRun(run([user('maintenance')]), counterIds(), { deltaDelayMs: 0, toolPauseMs: 0, slowDelayMs: 0 });
    expect(plan.ending.type).toBe('finished');
    const raised = plan.ending.type === 'finished' ? plan.ending.interrupts! : [];
    const starts = plan.steps.filter((s) => !isPause(s) && s.type === 'TOOL_CALL_START') as { toolCallId: string }[];
    expect(raised.map((r) => r.interrupt.toolCallId)).toEqual(starts.map((s) => s.toolCallId));
    expect(raised.map((r) => r.action.kind)).toEqual(['restart', 'invoice']);
    expect(new Set(raised.map((r) => r.interrupt.id)).size).toBe(2);
    expect(raised.every((r) => r.interrupt.expiresAt === new Date(1_700_000_000_000 + 15 * 60_000).toISOString())).toBe(true);
  });

  it('a replayed answer is reported without a tool result', () => {
    const plan = planDemoRun(run([user('x')], { answers: [answered('restart', {}, true)] }), counterIds(), { deltaDelayMs: 0, toolPauseMs: 0, slowDelayMs: 0 });
    expect(plan.steps.some((s) => !isPause(s) && s.type === 'TOOL_CALL_RESULT')).toBe(false);
  });
});

describe('checkDemoAnswer', () => {
  const restart = { kind: 'restart' };
  const invoice = { kind: 'invoice' };
  const entry = (payload: unknown, status: 'resolved' | 'cancelled' = 'resolved'): ResumeEntry => ({ interruptId: 'i', status, payload });
  it.each([
    ['restart, true', restart, entry(true), null],
    ['restart, {approved: false}', restart, entry({ approved: false }), null],
    ['restart, cancelled without a payload', restart, entry(undefined, 'cancelled'), null],
    ['restart, no payload', restart, entry(undefined), 'approved'],
    ['restart, a string', restart, entry('yes'), 'approved'],
    ['restart, an extra key', restart, entry({ approved: true, also: 1 }), 'approved'],
    ['invoice, {approved: true}', invoice, entry({ approved: true }), null],
    ['invoice, a bare true', invoice, entry(true), '"payload.approved"'],
    ['invoice, edited', invoice, entry({ approved: true, editedArgs: { to: 'a@b.co', amount: 5, currency: 'GBP' } }), null],
    ['invoice, an unknown key', invoice, entry({ approved: true, rush: true }), '"payload.rush"'],
    ['invoice, edits not an object', invoice, entry({ approved: true, editedArgs: 'x' }), '"payload.editedArgs"'],
    ['invoice, a bad address', invoice, entry({ approved: true, editedArgs: { ...INVOICE_ARGS, to: 'nobody' } }), '"payload.editedArgs.to"'],
    ['invoice, amount zero', invoice, entry({ approved: true, editedArgs: { ...INVOICE_ARGS, amount: 0 } }), '"payload.editedArgs.amount"'],
    ['invoice, amount too large', invoice, entry({ approved: true, editedArgs: { ...INVOICE_ARGS, amount: 100_001 } }), '"payload.editedArgs.amount"'],
    ['invoice, another currency', invoice, entry({ approved: true, editedArgs: { ...INVOICE_ARGS, currency: 'JPY' } }), '"payload.editedArgs.currency"'],
    ['invoice, a long note', invoice, entry({ approved: true, editedArgs: { ...INVOICE_ARGS, note: 'x'.repeat(201) } }), '"payload.editedArgs.note"'],
    ['invoice, a field it does not have', invoice, entry({ approved: true, editedArgs: { ...INVOICE_ARGS, iban: 'x' } }), '"payload.editedArgs.iban"'],
    ['an action this agent does not know', { kind: 'other' }, entry(true), 'cannot be answered'],
  ] as const)('%s', (_, action, given, expected) => {
    const result = checkDemoAnswer(action, given);
    if (expected === null) expect(result).toBeNull();
    else expect(result).toContain(expected);
  });
});
