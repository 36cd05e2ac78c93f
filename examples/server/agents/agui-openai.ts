// An OpenAI-compatible model over AG-UI: the model's text streams as TEXT_MESSAGE_*, and the
// functions it calls stream as TOOL_CALL_*: the host tools the run lists (`tools`), which the page
// runs, and the renderer types the client draws (generative UI: a call of `bailing-form`, or of
// `ui__sandbox` for the sandbox, is drawn from its arguments as they stream, mounted at its end).
// The run then finishes with those calls pending, and the next run's tool messages carry their
// results back to the model. Upstream errors are logged and replaced by a safe RUN_ERROR:
// visitors never see provider details.
import { EventType, contentToText, type Event, type Message, type Tool } from '@ag-ui/core';
import type { AguiAgent, AguiEnding, AguiRun } from './agui-agent';
import { newAguiId } from '../storage/ids';
import { AGUI_OPENAI_HISTORY_MESSAGES } from '../settings/limits';
import { newestWithin } from './model-budget';
import { streamCompletion, UNAVAILABLE_REPLY, type OpenAIOptions } from './openai-stream';
import { openingMessages, rendererFormat } from './system-prompt';

type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** OpenAI's rule for function names; a tool named otherwise would fail the whole request. */
const FUNCTION_NAME = /^[A-Za-z0-9_-]{1,64}$/;

const text = (content: unknown): string =>
  typeof content === 'string' ? content : Array.isArray(content) ? contentToText(content as Parameters<typeof contentToText>[0]) : '';

/**
 * The conversation as the model reads it: the newest messages (within the count and the bytes
 * of model-budget.ts `newestWithin`), user, assistant and tool only.
 * System and developer messages from the client are left out: the browser is the visitor's, so
 * they are the visitor's words, and the server's own system prompt is the only one. A tool call
 * without its result (a generated form never sent back) and a result without its call are left
 * out too: the API refuses a conversation with either.
 */
export function toChatMessages(messages: readonly Message[]): ChatMessage[] {
  const recent = newestWithin(messages, AGUI_OPENAI_HISTORY_MESSAGES);
  const answered = new Set(recent.filter((m) => m.role === 'tool').map((m) => (m as { toolCallId: string }).toolCallId));
  const called = new Set<string>();
  const out: ChatMessage[] = [];
  for (const message of recent) {
    switch (message.role) {
      case 'user': {
        const content = text(message.content).trim();
        if (content !== '') out.push({ role: 'user', content });
        break;
      }
      case 'assistant': {
        const calls = (message.toolCalls ?? []).filter((call) => answered.has(call.id) && FUNCTION_NAME.test(call.function.name));
        const content = text(message.content);
        if (content === '' && calls.length === 0) break;
        for (const call of calls) called.add(call.id);
        out.push({
          role: 'assistant',
          content: content === '' ? null : content,
          ...(calls.length > 0 ? { tool_calls: calls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.function.name, arguments: c.function.arguments } })) } : {}),
        });
        break;
      }
      case 'tool': {
        if (!called.has(message.toolCallId)) break;
        const content = text(message.content);
        out.push({ role: 'tool', tool_call_id: message.toolCallId, content: message.error ? `${content}\n(error: ${message.error})` : content });
        break;
      }
      default:
        break;
    }
  }
  return out;
}

/** The function a model calls to show a sandbox view (the widget's name for it). */
export const SANDBOX_FUNCTION = 'ui__sandbox';

/**
 * The renderer types a model may call as functions, their arguments the block's payload: those
 * whose payload is a JSON object. A text payload (a Mermaid diagram) is no function's arguments:
 * it stays a fenced block.
 */
export const FUNCTION_RENDERERS: Readonly<Record<string, string>> = {
  'bailing-chart': rendererFormat('bailing-chart'),
  'bailing-form': rendererFormat('bailing-form'),
  'vega-lite': rendererFormat('vega-lite'),
  echarts: rendererFormat('echarts'),
  sandbox: rendererFormat('sandbox'),
};

type ChatTool = { type: 'function'; function: { name: string; description?: string; parameters: unknown } };

/**
 * The functions of a run: the page's tools (with a name the API accepts), then a function per
 * renderer type the client draws, unless a page tool has its name already.
 */
export function chatTools(run: Pick<AguiRun, 'input' | 'renderers'>): ChatTool[] {
  const page: ChatTool[] = run.input.tools
    .filter((tool: Tool) => FUNCTION_NAME.test(tool.name))
    .map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters ?? { type: 'object', properties: {} } } }));
  const taken = new Set(page.map((t) => t.function.name));
  const drawn: ChatTool[] = run.renderers.flatMap((type): ChatTool[] => {
    const name = type === 'sandbox' ? SANDBOX_FUNCTION : type;
    const format = Object.hasOwn(FUNCTION_RENDERERS, type) ? FUNCTION_RENDERERS[type] : undefined;
    if (!format || taken.has(name) || !FUNCTION_NAME.test(name)) return [];
    taken.add(name);
    return [{ type: 'function', function: { name, description: `Shows the visitor ${format}. The arguments are that object itself; the chat window draws it as it streams.`, parameters: { type: 'object', additionalProperties: true } } }];
  });
  return [...page, ...drawn];
}

export function buildAguiChatRequest(model: string, run: Pick<AguiRun, 'input' | 'renderers' | 'sandboxPacks' | 'sandboxKit'>): Record<string, unknown> {
  const tools = chatTools(run);
  const drawn = tools.filter((t) => !run.input.tools.some((tool) => tool.name === t.function.name)).map((t) => `\`${t.function.name}\``);
  const opening = openingMessages(
    run.renderers,
    { context: run.input.context, packs: run.sandboxPacks ?? [], kit: run.sandboxKit },
    drawn.length > 0 ? [`Rather than a fenced block, you may call the function of its type (${drawn.join(', ')}) with the payload as its arguments: the visitor sees it drawn as it streams.`] : [],
  );
  return {
    model,
    stream: true,
    messages: [...opening, ...toChatMessages(run.input.messages)],
    ...(tools.length > 0 ? { tools } : {}),
  };
}

interface ChunkDelta {
  content?: unknown;
  tool_calls?: { index?: unknown; id?: unknown; function?: { name?: unknown; arguments?: unknown } }[];
}

/**
 * Turns the model's stream into AG-UI events (pure apart from the events it emits): one
 * assistant message, its text and its tool calls, each call started once its id and name are
 * known (arguments that come first wait for it).
 */
export function createChunkTranslator(messageId: string, emit: (event: Event) => void) {
  let textOpen = false;
  let wrote = false;
  const calls = new Map<number, { id?: string; name?: string; pending: string; started: boolean }>();
  return {
    /** One `data:` payload of the stream (JSON); throws on one that is not JSON. */
    feed(data: string): void {
      const delta = (JSON.parse(data) as { choices?: { delta?: ChunkDelta }[] }).choices?.[0]?.delta;
      if (!delta) return;
      if (typeof delta.content === 'string' && delta.content !== '') {
        if (!textOpen) emit({ type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' });
        textOpen = true;
        wrote = true;
        emit({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: delta.content });
      }
      for (const part of delta.tool_calls ?? []) {
        const index = typeof part.index === 'number' ? part.index : 0;
        const call = calls.get(index) ?? { pending: '', started: false };
        calls.set(index, call);
        if (typeof part.id === 'string' && part.id !== '') call.id ??= part.id;
        if (typeof part.function?.name === 'string' && part.function.name !== '') call.name = (call.name ?? '') + part.function.name;
        if (typeof part.function?.arguments === 'string') call.pending += part.function.arguments;
        if (!call.started && call.id !== undefined && call.name !== undefined) {
          call.started = true;
          wrote = true;
          emit({ type: EventType.TOOL_CALL_START, toolCallId: call.id, toolCallName: call.name, parentMessageId: messageId });
        }
        if (call.started && call.pending !== '') {
          emit({ type: EventType.TOOL_CALL_ARGS, toolCallId: call.id!, delta: call.pending });
          call.pending = '';
        }
      }
    },
    /** Closes what is open; returns the ids of the tool calls made, for the client to run. */
    close(): string[] {
      if (textOpen) emit({ type: EventType.TEXT_MESSAGE_END, messageId });
      textOpen = false;
      const ids: string[] = [];
      for (const call of calls.values()) {
        if (!call.started) continue;
        emit({ type: EventType.TOOL_CALL_END, toolCallId: call.id! });
        ids.push(call.id!);
      }
      calls.clear();
      return ids;
    },
    /** Whether the model said anything (text or a tool call). */
    get wrote(): boolean {
      return wrote;
    },
  };
}

const unavailable: AguiEnding = { type: 'error', message: UNAVAILABLE_REPLY, code: 'upstream_unavailable' };

export function createAguiOpenAIAgent(options: OpenAIOptions, log: (line: string) => void): AguiAgent {
  return {
    async run(run, emit, signal) {
      const runId = run.input.runId;
      const translator = createChunkTranslator(newAguiId('msg'), emit);
      const result = await streamCompletion(options, buildAguiChatRequest(options.model, run), signal, (data) => translator.feed(data));
      if (!result.ok) {
        log(`AG-UI run ${runId}: ${result.detail}`);
        return unavailable;
      }
      // A stream cut short without [DONE] still counts if it said something.
      if (!result.finished && !translator.wrote) {
        log(`AG-UI run ${runId}: upstream stream ended without content`);
        return unavailable;
      }
      if (!result.finished) log(`AG-UI run ${runId}: upstream stream ended without [DONE]; keeping what it sent`);
      const pending = translator.close();
      return { type: 'finished', ...(pending.length > 0 ? { pendingToolCallIds: pending } : {}) };
    },
    // This agent raises no interrupts, so there is nothing a resume could answer.
    checkAnswer: () => 'this conversation has no interrupt to answer.',
  };
}
