// Answers from an OpenAI-compatible chat completions endpoint, streamed. Upstream errors are
// logged here and replaced by a safe message: visitors never see provider details.
import type { Agent, AgentInput } from './agent';
import { AGENT_HISTORY_TURNS } from '../settings/limits';
import { newestWithin } from './model-budget';
import { streamCompletion, UNAVAILABLE_REPLY, type OpenAIOptions } from './openai-stream';
import { openingMessages } from './system-prompt';

export { UNAVAILABLE_REPLY, type OpenAIOptions };

export function buildChatRequest(model: string, input: AgentInput): Record<string, unknown> {
  return {
    model,
    stream: true,
    messages: [
      ...openingMessages(input.renderers, { page: input.pageContext ?? null, packs: input.sandboxPacks ?? [], kit: input.sandboxKit }),
      ...newestWithin(input.history, AGENT_HISTORY_TURNS),
      { role: 'user', content: input.text },
    ],
  };
}

/** The text of one streamed chunk, or undefined for chunks without content (role, finish). */
export function chunkContent(data: string): string | undefined {
  const parsed = JSON.parse(data) as { choices?: { delta?: { content?: unknown } }[] };
  const content = parsed.choices?.[0]?.delta?.content;
  return typeof content === 'string' ? content : undefined;
}

export function createOpenAIAgent(options: OpenAIOptions, log: (line: string) => void): Agent {
  return async (input, sink, signal) => {
    sink.phase('model', 1);
    let reply = '';
    const result = await streamCompletion(options, buildChatRequest(options.model, input), signal, (data) => {
      const text = chunkContent(data);
      if (text) {
        reply += text;
        sink.delta(text);
      }
    });
    if (!result.ok) return sink.failed(UNAVAILABLE_REPLY, result.detail);
    // A stream cut short without [DONE] still counts if it said something.
    if (!result.finished && reply === '') return sink.failed(UNAVAILABLE_REPLY, 'upstream stream ended without content');
    if (!result.finished) log(`job ${input.jobId}: upstream stream ended without [DONE]; keeping ${reply.length} characters`);
    sink.done(reply);
  };
}
