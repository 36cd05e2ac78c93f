// The scripted model both frameworks run: an AI SDK language model (MockLanguageModelV3 from
// `ai/test`) whose every turn is read from a script keyed by the visitor's last message and by
// what came back since (a tool's result, the shared state in the system prompt). Deterministic,
// offline, and paced so a test can press Stop or reload mid-text and mid-tool.
import { MockLanguageModelV3 } from 'ai/test';

// The provider types of the `ai` release installed (its own @ai-sdk/provider), read off the mock.
type LanguageModelV3CallOptions = Parameters<MockLanguageModelV3['doStream']>[0];
type LanguageModelV3StreamPart = Awaited<ReturnType<MockLanguageModelV3['doStream']>>['stream'] extends ReadableStream<infer P> ? P : never;

/** Words of the visitor's message that pick a scenario (a test's message contains one). */
export const SCENARIO = {
  markdown: 'markdown',
  weather: 'weather',
  page: 'what page',
  todo: 'todo',
  fail: 'fail',
  restart: 'restart',
  slowText: 'slowly',
  slowTool: 'report',
  toolsOnly: 'lookup',
} as const;

export const MARKDOWN_ANSWER =
  '## Setting up the widget\n\nIt takes **five minutes**:\n\n1. Add the script tag.\n2. Name your agent.\n\n| Setting | Default |\n| --- | --- |\n| `data-protocol` | `bailing` |\n\nThat is *all*.';
export const WEATHER_TOOL = 'get_weather';
export const WEATHER_ARGS = { city: 'Berlin' };
export const WEATHER_RESULT = { city: 'Berlin', tempC: 18, sky: 'sunny' };
export const WEATHER_ANSWER = 'In **Berlin** it is 18 °C and sunny.';
export const PAGE_TOOL = 'get_page_info';
export const RESTART_TOOL = 'restart_server';
export const RESTART_ARGS = { host: 'web-1' };
export const RESTARTED = 'The server **web-1** was restarted.';
export const NOT_RESTARTED = 'I did not restart **web-1**.';
export const FAIL_PARTIAL = 'Let me look that up. ';
export const FAIL_MESSAGE = 'The scripted model is overloaded (try again).';
export const FAIL_AFTER_RETRY = 'Here is the answer after all.';
export const SLOW_TEXT = Array.from({ length: 40 }, (_, i) => `Step ${i + 1} of the walk-through, step by step. `);
export const REPORT_TOOL = 'build_report';
/** How long the slow backend tool works before it answers: longer than any test waits for it. */
export const REPORT_TOOL_MS = 20_000;
export const LOOKUP_TOOL = 'lookup_order';
export const LOOKUP_RESULT = { order: 'A-1042', status: 'shipped' };
export const TODO_FIRST = 'milk';
export const TODO_SECOND = 'eggs';

/** Milliseconds between streamed parts: slow enough that a stream is seen growing. */
const PACE_MS = 15;
const SLOW_PACE_MS = 100;
/** The markdown answer's pace: the page renders on animation frames, so a stream it is to see grow must last several. */
const MARKDOWN_PACE_MS = 60;

type Step = { parts: LanguageModelV3StreamPart[]; paceMs?: number };

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } };

/** Text streamed in pieces of a few words, as a model sends it. */
function textParts(text: string, id = 'txt-0'): LanguageModelV3StreamPart[] {
  const pieces = text.match(/\S+\s*|\s+/g) ?? [text];
  const chunks: string[] = [];
  for (let i = 0; i < pieces.length; i += 3) chunks.push(pieces.slice(i, i + 3).join(''));
  return [{ type: 'text-start', id }, ...chunks.map((delta) => ({ type: 'text-delta' as const, id, delta })), { type: 'text-end', id }];
}

function toolParts(toolCallId: string, toolName: string, args: unknown): LanguageModelV3StreamPart[] {
  const input = JSON.stringify(args);
  const half = Math.ceil(input.length / 2);
  return [
    { type: 'tool-input-start', id: toolCallId, toolName },
    { type: 'tool-input-delta', id: toolCallId, delta: input.slice(0, half) },
    { type: 'tool-input-delta', id: toolCallId, delta: input.slice(half) },
    { type: 'tool-input-end', id: toolCallId },
    { type: 'tool-call', toolCallId, toolName, input },
  ];
}

const finish = (unified: 'stop' | 'tool-calls'): LanguageModelV3StreamPart => ({ type: 'finish', finishReason: { unified, raw: unified === 'stop' ? 'stop' : 'tool_calls' }, usage });
const say = (text: string, paceMs?: number): Step => ({ parts: [...textParts(text), finish('stop')], paceMs });
const call = (id: string, name: string, args: unknown, before?: string): Step => ({
  parts: [...(before ? textParts(before) : []), ...toolParts(id, name, args), finish('tool-calls')],
});

/** What the prompt says: the visitor's last words, the tool results after them, the state. */
export interface PromptView {
  lastUser: string;
  /** Results of tool calls made since the visitor's last message, by tool name. */
  results: { toolName: string; value: unknown }[];
  /** The shared state the framework wrote into the system prompt (CopilotKit), if any. */
  state: Record<string, unknown> | undefined;
  /** Tools the framework offers the model this turn. */
  tools: string[];
}

export function viewPrompt(options: LanguageModelV3CallOptions): PromptView {
  const prompt = options.prompt;
  let lastUserAt = -1;
  prompt.forEach((message, i) => {
    if (message.role === 'user') lastUserAt = i;
  });
  const user = prompt[lastUserAt];
  const lastUser = user && user.role === 'user' ? user.content.map((part) => (part.type === 'text' ? part.text : '')).join('') : '';
  const results: PromptView['results'] = [];
  for (const message of prompt.slice(lastUserAt + 1)) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result') continue;
      const output = part.output as { type: string; value?: unknown };
      let value = output.value;
      if (typeof value === 'string') {
        try {
          value = JSON.parse(value);
        } catch {}
      }
      results.push({ toolName: part.toolName, value });
    }
  }
  const system = prompt.filter((m) => m.role === 'system').map((m) => (m.role === 'system' ? m.content : '')).join('\n');
  const stateJson = /## Application State[\s\S]*?```json\n([\s\S]*?)\n```/.exec(system)?.[1];
  let state: Record<string, unknown> | undefined;
  if (stateJson) {
    try {
      state = JSON.parse(stateJson);
    } catch {}
  }
  const tools = (options.tools ?? []).map((tool) => tool.name);
  return { lastUser, results, state, tools };
}

/** Messages that have failed once already: a Retry of the same question is answered. */
const failedOnce = new Set<string>();

/** The model's next step for this prompt. */
export function nextStep(view: PromptView): Step {
  const text = view.lastUser.toLowerCase();
  const result = view.results.at(-1);
  if (text.includes(SCENARIO.markdown)) return say(MARKDOWN_ANSWER, MARKDOWN_PACE_MS);
  if (text.includes(SCENARIO.weather)) {
    if (!result) return call('call_weather_1', WEATHER_TOOL, WEATHER_ARGS, 'Let me check the weather. ');
    return say(WEATHER_ANSWER);
  }
  if (text.includes(SCENARIO.page)) {
    if (!result) return call('call_page_1', PAGE_TOOL, {});
    const page = result.value as { title?: string; marker?: string };
    return say(`You are on **${page.title ?? 'an unknown page'}** (${page.marker ?? 'no marker'}).`);
  }
  if (text.includes(SCENARIO.restart)) {
    if (!result) return call('call_restart_1', RESTART_TOOL, RESTART_ARGS, 'I need your approval first. ');
    return say(approved(result.value) ? RESTARTED : NOT_RESTARTED);
  }
  if (text.includes(SCENARIO.todo)) return todoStep(view, text);
  if (text.includes(SCENARIO.fail)) {
    if (!failedOnce.has(text)) {
      failedOnce.add(text);
      return { parts: [...textParts(FAIL_PARTIAL).slice(0, -1), { type: 'error', error: new Error(FAIL_MESSAGE) }] };
    }
    return say(FAIL_AFTER_RETRY);
  }
  if (text.includes(SCENARIO.slowText)) return say(SLOW_TEXT.join(''), SLOW_PACE_MS);
  if (text.includes(SCENARIO.slowTool)) {
    if (!result) return call('call_report_1', REPORT_TOOL, { month: 'November' });
    return say('The report is ready.');
  }
  if (text.includes(SCENARIO.toolsOnly)) {
    // Tools and no words: the answer is the step itself.
    if (!result) return call('call_lookup_1', LOOKUP_TOOL, { order: 'A-1042' });
    return { parts: [finish('stop')] };
  }
  return say(`You said: ${view.lastUser}`);
}

/** An interrupt's answer, as each framework hands it to the model. */
function approved(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return value === true;
  const record = value as Record<string, unknown>;
  if (record.status === 'cancelled' || record.approved === false) return false;
  return record.approved === true || record.status === 'resolved';
}

/** Shared state: the first turn writes the list, a later turn adds to it and reads it back. */
function todoStep(view: PromptView, text: string): Step {
  const todos = Array.isArray(view.state?.todos) ? (view.state!.todos as string[]) : [];
  const written = view.results.some((r) => r.toolName === 'AGUISendStateSnapshot' || r.toolName === 'AGUISendStateDelta');
  if (!written && view.tools.includes('AGUISendStateSnapshot')) {
    if (todos.length === 0) return call('call_state_1', 'AGUISendStateSnapshot', { snapshot: { todos: [TODO_FIRST] } });
    if (!todos.includes(TODO_SECOND) && text.includes(TODO_SECOND)) return call('call_state_2', 'AGUISendStateDelta', { delta: [{ op: 'add', path: '/todos/-', value: TODO_SECOND }] });
  }
  const list = written && todos.length === 0 ? [TODO_FIRST] : written ? [...todos, TODO_SECOND] : todos;
  return say(`Your list: ${list.join(', ') || 'empty'}.`);
}

/** A ReadableStream of the step's parts, paced, that ends early when the run is aborted. */
function paced(step: Step, signal: AbortSignal | undefined): ReadableStream<LanguageModelV3StreamPart> {
  const parts: LanguageModelV3StreamPart[] = [{ type: 'stream-start', warnings: [] }, ...step.parts];
  let i = 0;
  return new ReadableStream({
    async pull(controller) {
      if (signal?.aborted || i >= parts.length) return controller.close();
      await new Promise((resolve) => setTimeout(resolve, i === 0 ? 0 : (step.paceMs ?? PACE_MS)));
      if (signal?.aborted) return controller.close();
      controller.enqueue(parts[i++]!);
    },
  });
}

/** A fresh scripted model (one per agent). */
export function scriptedModel(): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    provider: 'scripted',
    modelId: 'scripted-1',
    doStream: async (options) => ({ stream: paced(nextStep(viewPrompt(options)), options.abortSignal) }),
  });
}
