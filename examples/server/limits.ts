// Every limit and default of the reference server, in one place, so the contract's numbers
// (DESIGN.md §4) are easy to audit and to change together.

/** JSON bodies of ordinary POST routes. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;
/** Upload bodies carry base64 (4/3 of the file) plus a little JSON around it. */
export const MAX_UPLOAD_BODY_BYTES = 3 * 1024 * 1024;
/** Decoded upload size. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
export const MAX_UPLOAD_FILENAME_CHARS = 200;
export const UPLOAD_MIME_TYPES: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
];

export const MAX_MESSAGE_CHARS = 4000;
export const MAX_CONTEXT_VALUE_CHARS = 500;
export const MAX_RENDERERS = 16;
export const MAX_RATING_COMMENT_CHARS = 1000;
export const MAX_TICKET_CHARS = 4096;

/** History served by `/thread`. */
export const THREAD_HISTORY_ITEMS = 50;
/** History turns the OpenAI agent sends along with the new message. */
export const AGENT_HISTORY_TURNS = 20;

export const ENTRY_KEY_PATTERN = /^[a-z0-9_-]{4,32}$/;
export const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const THREAD_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const JOB_ID_PATTERN = /^j_[A-Za-z0-9_-]{20}$/;
export const RENDERER_TYPE_PATTERN = /^[a-z][a-z0-9._+-]{0,63}$/;
/** Ticket subjects become visitor ids (`t_<sub>`), so they stay short and URL-safe. */
export const TICKET_SUBJECT_PATTERN = /^[A-Za-z0-9_.@:-]{1,62}$/;

/** The thread a visitor talks in when the client names none. */
export const DEFAULT_THREAD_ID = 'default';

export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_RATE_PER_MINUTE = 30;
/** Buckets kept before full (idle) ones are forgotten. */
export const RATE_LIMIT_MAX_TRACKED_CLIENTS = 10_000;

export const DEFAULT_STREAM_WINDOW_MS = 120_000;
export const DEFAULT_PING_INTERVAL_MS = 10_000;
/** Reconnect delay suggested to SSE clients. */
export const SSE_RETRY_MS = 1000;
export const SSE_PROTOCOL = 'bailing.chat.stream.v1';

export const DEFAULT_DELTA_DELAY_MS = 15;
/** Characters per streamed demo delta. */
export const DEMO_CHUNK_CHARS = 12;
/** The "timeout" demo: the stream window ends well before the answer does. */
export const DEMO_TIMEOUT_WINDOW_MS = 1500;
export const DEMO_TIMEOUT_ANSWER_MS = 3000;
/** The "slow" demo, for stop-button tests. */
export const DEMO_SLOW_DELTA_MS = 150;
/** The pause the demo "tool" takes. */
export const DEMO_TOOL_PAUSE_MS = 300;

/** Per-job stream hints kept in memory (drop/timeout demos); oldest are forgotten first. */
export const MAX_STREAM_HINTS = 1000;

/** Upper bound for one OpenAI-compatible completion, streaming included. */
export const OPENAI_TIMEOUT_MS = 120_000;
