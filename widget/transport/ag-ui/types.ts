// AG-UI 1.0 wire types, written by hand so the widget ships no schema library. Field names and
// optionality follow @ag-ui/core 1.0.0 (its generated types are the reference); only what this
// client reads or sends is spelled out, and every object stays open to fields it does not name.

/** Extra information on an event, message, tool call or interrupt: open by key, never `null`. */
export type Metadata = Record<string, unknown>;

/** One part of a user message or a tool result. */
export type ContentPart =
  | { type: 'text'; text: string; id?: string; metadata?: unknown }
  | { type: 'image' | 'audio' | 'video' | 'document'; source: PartSource; id?: string; metadata?: unknown };

export type PartSource =
  | { type: 'data'; value: string; mimeType: string }
  | { type: 'url'; value: string; mimeType?: string }
  | { type: 'file'; value: string; provider?: string; mimeType?: string };

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
  encryptedValue?: string;
  metadata?: Metadata;
}

interface MessageBase {
  id: string;
  subagentRunId?: string;
  metadata?: Metadata;
  [key: string]: unknown;
}

export interface DeveloperMessage extends MessageBase { role: 'developer' | 'system'; content: string; name?: string; encryptedValue?: string }
export interface AssistantMessage extends MessageBase { role: 'assistant'; content?: string; toolCalls?: ToolCall[]; name?: string; encryptedValue?: string }
export interface UserMessage extends MessageBase { role: 'user'; content: string | ContentPart[]; name?: string; encryptedValue?: string }
export interface ToolMessage extends MessageBase { role: 'tool'; content: string | ContentPart[]; toolCallId: string; error?: string; encryptedValue?: string }
export interface ActivityMessage extends MessageBase { role: 'activity'; activityType: string; content: Record<string, unknown> }
export interface ReasoningMessage extends MessageBase { role: 'reasoning'; content: string; encryptedValue?: string }

/** A message of the thread, discriminated by `role`. */
export type Message = DeveloperMessage | AssistantMessage | UserMessage | ToolMessage | ActivityMessage | ReasoningMessage;

/** What a run waits for when it ends with the interrupt outcome. */
export interface Interrupt {
  id: string;
  /** An open string; `tool_call`, `input_required` and `confirmation` are the core values. */
  reason: string;
  message?: string;
  toolCallId?: string;
  /** JSON Schema of the answer the agent expects, for a form. */
  responseSchema?: Record<string, unknown>;
  /** ISO 8601 by convention; past it the interrupt can only be cancelled. */
  expiresAt?: string;
  metadata?: Metadata;
  subagentRunId?: string;
}

/** One answer to an interrupt, sent on the run that continues from it. */
export interface ResumeEntry {
  interruptId: string;
  status: 'resolved' | 'cancelled';
  payload?: unknown;
  metadata?: Metadata;
}

export type JsonPatchOperation =
  | { op: 'add' | 'replace' | 'test'; path: string; value: unknown }
  | { op: 'remove'; path: string }
  | { op: 'move' | 'copy'; from: string; path: string };

export interface TokenUsage {
  provider?: string;
  model?: string;
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
  reasoningTokens?: number;
  cachedInputTokens?: number;
  cacheWriteInputTokens?: number;
}

export type RunOutcome =
  | { type: 'success'; pendingToolCallIds?: string[] }
  | { type: 'interrupt'; interrupts: Interrupt[] }
  | { type: 'cancelled' };

/** A tool the agent may call, as advertised in the run input. */
export interface Tool {
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  parameters?: unknown;
  metadata?: Metadata;
}

export interface Context {
  description: string;
  value: string;
}

/** The JSON body a turn POSTs. */
export interface RunAgentInput {
  threadId: string;
  runId: string;
  protocolVersion?: string;
  parentRunId?: string;
  state?: unknown;
  messages: Message[];
  tools: Tool[];
  context: Context[];
  forwardedProps?: unknown;
  resume?: ResumeEntry[];
}

interface EventBase {
  timestamp?: number;
  rawEvent?: unknown;
  metadata?: Metadata;
  subagentRunId?: string;
  /** Set when the event was translated from a retired THINKING_* event (its original type). */
  legacy?: string;
}

type Ev<T extends string, F = {}> = EventBase & { type: T } & F;

/** Every AG-UI 1.0 event, plus `UNKNOWN` for a type this client does not know (ignored). */
export type AgUiEvent =
  | Ev<'TEXT_MESSAGE_START', { messageId: string; role?: TextRole; name?: string }>
  | Ev<'TEXT_MESSAGE_CONTENT', { messageId: string; delta: string }>
  | Ev<'TEXT_MESSAGE_END', { messageId: string }>
  | Ev<'TEXT_MESSAGE_CHUNK', { messageId?: string; role?: TextRole; delta?: string; name?: string }>
  | Ev<'TOOL_CALL_START', { toolCallId: string; toolCallName: string; parentMessageId?: string }>
  | Ev<'TOOL_CALL_ARGS', { toolCallId: string; delta: string }>
  | Ev<'TOOL_CALL_END', { toolCallId: string }>
  | Ev<'TOOL_CALL_CHUNK', { toolCallId?: string; toolCallName?: string; parentMessageId?: string; delta?: string }>
  | Ev<'TOOL_CALL_RESULT', { messageId: string; toolCallId: string; content: string | ContentPart[]; role?: 'tool' }>
  | Ev<'STATE_SNAPSHOT', { snapshot: unknown }>
  | Ev<'STATE_DELTA', { delta: JsonPatchOperation[] }>
  | Ev<'MESSAGES_SNAPSHOT', { messages: Message[] }>
  | Ev<'ACTIVITY_SNAPSHOT', { messageId: string; activityType: string; content: Record<string, unknown>; replace?: boolean }>
  | Ev<'ACTIVITY_DELTA', { messageId: string; activityType: string; patch: JsonPatchOperation[] }>
  | Ev<'RAW', { event: unknown; source?: string }>
  | Ev<'CUSTOM', { name: string; value: unknown }>
  | Ev<'RUN_STARTED', { threadId: string; runId: string; protocolVersion?: string; parentRunId?: string; input?: Partial<RunAgentInput> }>
  | Ev<'RUN_FINISHED', { threadId: string; runId: string; result?: unknown; outcome?: RunOutcome | { type: string }; usage?: TokenUsage[] }>
  | Ev<'RUN_ERROR', { message: string; code?: string; usage?: TokenUsage[] }>
  | Ev<'STEP_STARTED' | 'STEP_FINISHED', { stepName: string }>
  | Ev<'REASONING_START' | 'REASONING_END' | 'REASONING_MESSAGE_END', { messageId: string }>
  | Ev<'REASONING_MESSAGE_START', { messageId: string; role: 'reasoning' }>
  | Ev<'REASONING_MESSAGE_CONTENT', { messageId: string; delta: string }>
  | Ev<'REASONING_MESSAGE_CHUNK', { messageId?: string; delta?: string }>
  | Ev<'REASONING_ENCRYPTED_VALUE', { subtype: 'tool-call' | 'message'; entityId: string; encryptedValue: string }>
  | Ev<'SUBAGENT_STARTED', { subagentRunId: string; name: string; description?: string; parentSubagentRunId?: string; parentToolCallId?: string; parentMessageId?: string }>
  | Ev<'SUBAGENT_FINISHED', { subagentRunId: string; result?: unknown; outcome?: { type: 'success' } | { type: 'suspended'; interruptIds?: string[] } | { type: string } }>
  | Ev<'SUBAGENT_ERROR', { subagentRunId: string; message: string; code?: string }>
  | { type: 'UNKNOWN'; name: string };

export type TextRole = 'developer' | 'system' | 'assistant' | 'user';
export type AgUiEventType = AgUiEvent['type'];
export type EventOf<T extends AgUiEventType> = Extract<AgUiEvent, { type: T }>;
