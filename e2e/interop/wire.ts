// The frameworks' raw streams, scenario by scenario: each scenario is one or more runs POSTed as
// the widget posts them (a RunAgentInput; the next run built from what the last one sent: the
// page's tool result, a resume, the state), its SSE bodies kept as they came. Pure helpers to
// read them back (events, a shape per event that ignores ids and values) sit beside.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Framework } from './fixtures';

export const FIXTURE_DIR = fileURLToPath(new URL('./fixtures/', import.meta.url));
export const fixturePath = (framework: string, scenario: string) => `${FIXTURE_DIR}${framework}/${scenario}.sse`;
/** Between two runs of one scenario in a fixture file: an SSE comment, so each part stays a valid stream. */
export const RUN_MARK = (n: number, why: string) => `: --- run ${n}: ${why} ---\n\n`;

type Json = Record<string, any>;
type Next = (events: Json[], input: Json) => { why: string; input: Json } | null;

export interface Scenario {
  name: string;
  /** The visitor's first message (`{thread}`: the run's thread id). */
  text: string;
  /** Which agent of the framework server, where not the default one. */
  path?: (fw: Framework) => string | undefined;
  only?: (fw: Framework) => boolean;
  /** The run after this one, from what this one sent (null: the scenario ends). */
  next?: Next;
}

/** The page's own tool the widget advertises (e2e/pages/ag-ui-interop.html). */
const PAGE_TOOLS = [{ name: 'get_page_info', description: 'The page the visitor is reading: its title.', parameters: { type: 'object', properties: {}, additionalProperties: false } }];

export function firstInput(scenario: Scenario, threadId: string): Json {
  return {
    threadId,
    runId: `${threadId}-r1`,
    messages: [{ id: `${threadId}-u1`, role: 'user', content: scenario.text.replace('{thread}', threadId) }],
    tools: PAGE_TOOLS,
    context: [],
    state: {},
    forwardedProps: {},
  };
}

/** The assistant message(s) a run added, as the next run's input carries them (text, tool calls). */
export function messagesOf(events: Json[]): Json[] {
  const texts = new Map<string, string>();
  const calls = new Map<string, { name: string; args: string }>();
  const results: Json[] = [];
  for (const e of events) {
    if (e.type === 'TEXT_MESSAGE_START') texts.set(e.messageId, '');
    if (e.type === 'TEXT_MESSAGE_CONTENT') texts.set(e.messageId, (texts.get(e.messageId) ?? '') + e.delta);
    if (e.type === 'TOOL_CALL_START') calls.set(e.toolCallId, { name: e.toolCallName, args: '' });
    if (e.type === 'TOOL_CALL_ARGS') calls.get(e.toolCallId)!.args += e.delta;
    if (e.type === 'TOOL_CALL_RESULT') results.push({ id: e.messageId, role: 'tool', toolCallId: e.toolCallId, content: e.content });
  }
  const out: Json[] = [];
  const text = [...texts.values()].join('');
  if (text || calls.size) {
    out.push({
      id: `a-${events[0]?.runId ?? 'run'}`,
      role: 'assistant',
      ...(text ? { content: text } : {}),
      ...(calls.size ? { toolCalls: [...calls].map(([id, c]) => ({ id, type: 'function', function: { name: c.name, arguments: c.args } })) } : {}),
    });
  }
  return [...out, ...results];
}

const nextRun = (input: Json, events: Json[], extra: Json[] = [], more: Json = {}): Json => ({
  ...input,
  runId: `${input.threadId}-r${Number(String(input.runId).split('-r').at(-1)) + 1}`,
  messages: [...input.messages, ...messagesOf(events), ...extra],
  ...more,
});

const interruptOf = (events: Json[]) => events.find((e) => e.type === 'RUN_FINISHED')?.outcome?.interrupts?.[0];
const resume = (status: 'resolved' | 'cancelled'): Next => (events, input) => {
  const interrupt = interruptOf(events);
  if (!interrupt) return null;
  const entry = status === 'resolved' ? { interruptId: interrupt.id, status, payload: { approved: true } } : { interruptId: interrupt.id, status };
  return { why: `resume ${status}`, input: nextRun(input, events, [], { resume: [entry] }) };
};

export const SCENARIOS: Scenario[] = [
  { name: 'markdown', text: 'Show me the markdown answer' },
  { name: 'backend-tool', text: 'What is the weather like?' },
  {
    name: 'host-tool',
    text: 'Tell me what page I am on',
    next: (events, input) => {
      const call = events.find((e) => e.type === 'TOOL_CALL_START' && e.toolCallName === 'get_page_info');
      if (!call || input.messages.some((m: Json) => m.role === 'tool')) return null;
      const result = { id: `${input.threadId}-t1`, role: 'tool', toolCallId: call.toolCallId, content: JSON.stringify({ title: 'Interop page', marker: 'handler-ran-7731' }) };
      return { why: 'the page tool result', input: nextRun(input, events, [result]) };
    },
  },
  {
    name: 'state',
    text: 'todo: add milk',
    only: (fw) => fw.state === 'tools',
    next: (events, input) => {
      if (input.messages.length > 1) return null;
      let state: unknown = input.state;
      for (const e of events) if (e.type === 'STATE_SNAPSHOT') state = e.snapshot;
      const user = { id: `${input.threadId}-u2`, role: 'user', content: 'todo: add eggs' };
      return { why: 'the next turn, with the state', input: nextRun(input, events, [user], { state }) };
    },
  },
  // The scripted model fails a message once (script.ts): each recording's is its own.
  { name: 'error', text: 'Make it fail ({thread})' },
  { name: 'interrupt-approve', text: 'Please restart the server', next: (events, input) => (input.resume ? null : resume('resolved')(events, input)) },
  { name: 'interrupt-reject', text: 'Please restart the server', next: (events, input) => (input.resume ? null : resume('cancelled')(events, input)) },
  { name: 'tools-only', text: 'lookup order A-1042' },
  { name: 'snapshot-only', text: 'hello', path: (fw) => fw.snapshotPath, only: (fw) => !!fw.snapshotPath },
];

/** Runs a scenario against a framework server; returns each run's raw SSE body. */
export async function runScenario(origin: string, fw: Framework, scenario: Scenario, threadId: string): Promise<string[]> {
  const url = `${origin}${scenario.path?.(fw) ?? fw.agentPath}`;
  const bodies: string[] = [];
  let input: Json | null = firstInput(scenario, threadId);
  while (input && bodies.length < 4) {
    const response: Response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream' }, body: JSON.stringify(input) });
    if (!response.ok) throw new Error(`${fw.name} ${scenario.name}: HTTP ${response.status} ${await response.text()}`);
    const body: string = await response.text();
    bodies.push(body);
    input = scenario.next?.(parseSse(body), input)?.input ?? null;
  }
  return bodies;
}

/** The whys of a scenario's later runs, for the fixture's run marks. */
export function runWhys(fw: Framework, scenario: Scenario, bodies: string[]): string[] {
  const whys = ['the visitor\'s message'];
  let input: Json | null = firstInput(scenario, 'x');
  for (const body of bodies.slice(0, -1)) {
    const next: ReturnType<Next> | undefined = scenario.next?.(parseSse(body), input!);
    whys.push(next?.why ?? '');
    input = next?.input ?? null;
  }
  return whys;
}

/** The events of an SSE body (data lines of each frame; comments and keep-alives skipped). */
export function parseSse(body: string): Json[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split('\n\n')
    .map((frame) => frame.split('\n').filter((line) => line.startsWith('data:')).map((line) => line.slice(5).replace(/^ /, '')).join('\n'))
    .filter((data) => data !== '')
    .map((data) => JSON.parse(data) as Json);
}

/** A fixture file split back into its runs' bodies. */
export function readFixture(framework: string, scenario: string): string[] {
  return readFileSync(fixturePath(framework, scenario), 'utf8').split(/^: --- run \d+: .* ---\n\n/m).filter((part) => part !== '');
}

/**
 * What a stream is, ids, texts and timestamps aside: each event's type, the names it carries
 * (tool, custom event), and its field names, in order.
 */
export function shapeOf(events: Json[]): string[] {
  return events.map((e) => {
    const name = e.toolCallName ?? e.name;
    return `${e.type}${name ? `:${name}` : ''}(${Object.keys(e).filter((k) => k !== 'type').sort().join(',')})`;
  });
}
