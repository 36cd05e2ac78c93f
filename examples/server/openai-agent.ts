// Answers from an OpenAI-compatible chat completions endpoint, streamed. Upstream errors are
// logged here and replaced by a safe message: visitors never see provider details.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { Agent, AgentInput } from './agent';
import { AGENT_HISTORY_TURNS, OPENAI_TIMEOUT_MS } from './limits';
import { buildSystemPrompt } from './system-prompt';

/**
 * Reads an OpenAI-compatible chat-completions SSE body, handing each event's data to `onData`
 * until `[DONE]`; resolves whether `[DONE]` came (a stream may end without it).
 */
export async function readCompletionStream(body: ReadableStream<Uint8Array>, onData: (data: string) => void): Promise<boolean> {
  let finished = false;
  const parser = createParser({
    onEvent(event: EventSourceMessage) {
      if (finished) return;
      if (event.data.trim() === '[DONE]') finished = true;
      else onData(event.data);
    },
  });
  const decoder = new TextDecoder();
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    parser.feed(decoder.decode(chunk, { stream: true }));
    if (finished) break;
  }
  return finished;
}

export interface OpenAIOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
}

export const UNAVAILABLE_REPLY = 'Sorry — the assistant is unavailable right now. Please try again in a moment.';

export function buildChatRequest(model: string, input: AgentInput): Record<string, unknown> {
  return {
    model,
    stream: true,
    messages: [
      { role: 'system', content: buildSystemPrompt(input.renderers, input.sandboxPacks) },
      ...input.history.slice(-AGENT_HISTORY_TURNS),
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
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return async (input, sink, signal) => {
    sink.phase('model', 1);
    let reply = '';
    let finished = false;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'text/event-stream',
          Authorization: `Bearer ${options.apiKey}`,
        },
        body: JSON.stringify(buildChatRequest(options.model, input)),
        signal: AbortSignal.any([signal, AbortSignal.timeout(OPENAI_TIMEOUT_MS)]),
      });
      if (!response.ok || !response.body) {
        const detail = (await response.text().catch(() => '')).slice(0, 500);
        sink.failed(UNAVAILABLE_REPLY, `upstream HTTP ${response.status}: ${detail}`);
        return;
      }
      finished = await readCompletionStream(response.body, (data) => {
        const text = chunkContent(data);
        if (text) {
          reply += text;
          sink.delta(text);
        }
      });
    } catch (error) {
      if (signal.aborted) throw error;
      sink.failed(UNAVAILABLE_REPLY, `upstream request failed: ${String(error)}`);
      return;
    }
    // A stream cut short without [DONE] still counts if it said something.
    if (!finished && reply === '') {
      sink.failed(UNAVAILABLE_REPLY, 'upstream stream ended without content');
      return;
    }
    if (!finished) log(`job ${input.jobId}: upstream stream ended without [DONE]; keeping ${reply.length} characters`);
    sink.done(reply);
  };
}
