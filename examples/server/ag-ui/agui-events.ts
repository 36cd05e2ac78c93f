// Builders of AG-UI 1.0 event sequences (pure): a streamed text message, a streamed tool call, a
// reasoning span. Optional fields are left out, never null (1.0 reads a null optional as a fault).
import { EventType, type Event } from '@ag-ui/core';
import { chunkText } from '../agents/demo-agent';

/** One step of a planned run: an event to send, or a pause before the next one. */
export type RunStep = Event | { pauseMs: number };

export const isPause = (step: RunStep): step is { pauseMs: number } => 'pauseMs' in step;

/** A pause before every streamed piece: what makes a demo answer arrive as a stream. */
function paced(events: readonly Event[], delayMs: number): RunStep[] {
  return delayMs > 0 ? events.flatMap((event) => [{ pauseMs: delayMs }, event]) : [...events];
}

/** TEXT_MESSAGE_START, one CONTENT per chunk, TEXT_MESSAGE_END. */
export function textMessage(messageId: string, text: string, delayMs: number, chunkChars?: number): RunStep[] {
  return [
    { type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' },
    ...paced(
      chunkText(text, chunkChars).map((delta) => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta })),
      delayMs,
    ),
    { type: EventType.TEXT_MESSAGE_END, messageId },
  ];
}

/** The same text as TEXT_MESSAGE_CHUNK events: the first names the message and its role. */
export function textChunks(messageId: string, text: string, delayMs: number): RunStep[] {
  const chunks = chunkText(text).map((delta, i): Event =>
    i === 0 ? { type: EventType.TEXT_MESSAGE_CHUNK, messageId, role: 'assistant', delta } : { type: EventType.TEXT_MESSAGE_CHUNK, messageId, delta },
  );
  return paced(chunks, delayMs);
}

export interface ToolCallParts {
  toolCallId: string;
  toolCallName: string;
  /** The assistant message that holds the call. */
  parentMessageId?: string;
  /** The arguments as JSON text, streamed in pieces. */
  args: string;
}

export const toolCallStart = ({ toolCallId, toolCallName, parentMessageId }: ToolCallParts): Event => ({
  type: EventType.TOOL_CALL_START,
  toolCallId,
  toolCallName,
  ...(parentMessageId !== undefined ? { parentMessageId } : {}),
});

export const toolCallArgs = (toolCallId: string, args: string, chunkChars: number): Event[] =>
  chunkText(args, chunkChars).map((delta) => ({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta }));

export const toolCallEnd = (toolCallId: string): Event => ({ type: EventType.TOOL_CALL_END, toolCallId });

/** TOOL_CALL_START, the arguments in pieces, TOOL_CALL_END: a call whose result comes later, or from the client. */
export function toolCall(call: ToolCallParts, delayMs: number, chunkChars: number): RunStep[] {
  return [toolCallStart(call), ...paced(toolCallArgs(call.toolCallId, call.args, chunkChars), delayMs), toolCallEnd(call.toolCallId)];
}

export const toolCallResult = (messageId: string, toolCallId: string, content: string): Event => ({
  type: EventType.TOOL_CALL_RESULT,
  messageId,
  toolCallId,
  content,
  role: 'tool',
});

/** A reasoning span holding one streamed reasoning message. */
export function reasoning(spanId: string, messageId: string, text: string, delayMs: number): RunStep[] {
  return [
    { type: EventType.REASONING_START, messageId: spanId },
    { type: EventType.REASONING_MESSAGE_START, messageId, role: 'reasoning' },
    ...paced(
      chunkText(text).map((delta) => ({ type: EventType.REASONING_MESSAGE_CONTENT, messageId, delta })),
      delayMs,
    ),
    { type: EventType.REASONING_MESSAGE_END, messageId },
    { type: EventType.REASONING_END, messageId: spanId },
  ];
}
