// One streamed request to an OpenAI-compatible chat-completions endpoint, for both agents that
// speak to one (openai-agent.ts over the BailingHub contract, agui-openai.ts over AG-UI): the
// POST, its timeout, and the SSE body read up to `[DONE]`. What went wrong upstream comes back as
// a detail for the log, never for the visitor.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { OPENAI_TIMEOUT_MS } from '../settings/limits';

export interface OpenAIOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
}

/** What the visitor is told when the model cannot answer; the reason goes to the log. */
export const UNAVAILABLE_REPLY = 'Sorry — the assistant is unavailable right now. Please try again in a moment.';

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

/** The model streamed (`finished`: it ended with `[DONE]`), or it failed, with why. */
export type CompletionResult = { ok: true; finished: boolean } | { ok: false; detail: string };

/**
 * POSTs `request` (streamed) and hands each event's data to `onData`. Rejects only when `signal`
 * aborted (the visitor left); an upstream failure, a timeout included, or an `onData` that throws
 * (a chunk that is not JSON) resolves as failed.
 */
export async function streamCompletion(options: OpenAIOptions, request: Record<string, unknown>, signal: AbortSignal, onData: (data: string) => void): Promise<CompletionResult> {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', Authorization: `Bearer ${options.apiKey}` },
      body: JSON.stringify(request),
      signal: AbortSignal.any([signal, AbortSignal.timeout(OPENAI_TIMEOUT_MS)]),
    });
    if (!response.ok || !response.body) {
      const detail = (await response.text().catch(() => '')).slice(0, 500);
      return { ok: false, detail: `upstream HTTP ${response.status}: ${detail}` };
    }
    return { ok: true, finished: await readCompletionStream(response.body, onData) };
  } catch (error) {
    if (signal.aborted) throw error;
    return { ok: false, detail: `upstream request failed: ${String(error)}` };
  }
}
