// Every limit and default of the reference server, in one place, so the contract's numbers
// (DESIGN.md §4) are easy to audit and to change together.

/** JSON bodies of ordinary POST routes. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;
export const MAX_UPLOAD_FILENAME_CHARS = 200;

// Uploads: the real hub's three kinds, their media types and size limits (its chat upload route).
// A declared type is compared without its parameters (`audio/webm;codecs=opus` is `audio/webm`).
export const MAX_IMAGE_UPLOAD_BYTES = 6 * 1024 * 1024;
export const MAX_AUDIO_UPLOAD_BYTES = 12 * 1024 * 1024;
export const MAX_FILE_UPLOAD_BYTES = 20 * 1024 * 1024;
export const IMAGE_UPLOAD_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
export const AUDIO_UPLOAD_TYPES: readonly string[] = [
  'audio/webm',
  'audio/mpeg',
  'audio/mp3',
  'audio/mp4',
  'audio/x-m4a',
  'audio/wav',
  'audio/x-wav',
  'audio/ogg',
  'audio/flac',
];
export const FILE_UPLOAD_TYPES: readonly string[] = [
  'text/plain',
  'text/markdown',
  'text/csv',
  'text/tab-separated-values',
  'text/x-log',
  'application/json',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/zip',
];
/**
 * A file sent without a type gets one from its extension, with the hub's own table (documents
 * only; an image or a voice note without a type is refused, as on the hub). Extensions whose type
 * is not accepted above (html, xml, yaml, rar, …) are listed too, so the visitor hears that the
 * type is refused rather than that it is missing.
 */
export const UPLOAD_TYPE_BY_EXTENSION: Readonly<Record<string, string>> = Object.freeze({
  txt: 'text/plain',
  log: 'text/x-log',
  ini: 'text/x-ini',
  conf: 'text/x-conf',
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  sql: 'application/sql',
  json: 'application/json',
  jsonl: 'application/x-ndjson',
  xml: 'application/xml',
  html: 'text/html',
  htm: 'text/html',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  rar: 'application/x-rar-compressed',
  '7z': 'application/x-7z-compressed',
});
/** Upload bodies carry base64 (4/3 of the largest file) plus a little JSON around it. */
export const MAX_UPLOAD_BODY_BYTES = Math.ceil((MAX_FILE_UPLOAD_BYTES * 4) / 3) + 64 * 1024;
/**
 * An upload's fields other than the file (name, type, visitor id, ticket), as raw JSON text: the
 * body is read as it arrives (upload-body.ts), and only the file may be large.
 */
export const MAX_UPLOAD_FIELD_BYTES = 32 * 1024;
/**
 * Uploads being received at once, in all and from one address (client-limits.ts, each overridable
 * by an environment variable). Each holds its file (up to 20 MB) in memory until it is stored, so
 * these bound what uploads can take of the server's memory (about 28 MB each at most, measured);
 * past them the answer is 503 with Retry-After, before the body is read. Per address it is the
 * widget's four attachments at once.
 */
export const DEFAULT_MAX_UPLOADS = 8;
export const DEFAULT_MAX_UPLOADS_PER_IP = 4;
/** The Retry-After of that 503: about the time a large file takes to arrive. */
export const UPLOAD_BUSY_RETRY_AFTER_SECONDS = 10;
/**
 * After a refusal answered before the body has all arrived, what is still on its way is read and
 * dropped for this long, then the connection is closed. A client sends its whole body before it
 * reads the answer (XMLHttpRequest, fetch), and a connection closed on unread bytes is reset,
 * which can lose the answer on the way: this lets the visitor read the sentence, and holds nothing.
 */
export const UPLOAD_LINGER_MS = 2000;

/** Upload quotas count the files and bytes of a rolling window of this length. */
export const UPLOAD_QUOTA_WINDOW_MS = 24 * 60 * 60 * 1000;
/** One visitor's uploads per window: enough for a conversation, not for using us as a file host. */
export const UPLOAD_QUOTA_VISITOR_FILES = 20;
export const UPLOAD_QUOTA_VISITOR_BYTES = 60 * 1024 * 1024;
/** All visitors of one entry together per window: caps what a flood of fresh visitor ids can store. */
export const UPLOAD_QUOTA_ENTRY_FILES = 2000;
export const UPLOAD_QUOTA_ENTRY_BYTES = 2 * 1024 * 1024 * 1024;
/**
 * Anonymous visitors (no ticket) of one entry from one address (an IPv6 /64) together, per window:
 * a visitor id costs nothing to mint, so without it one address could spend the entry's whole
 * quota alone. A tenth of the entry's; visitors with a ticket are not counted here.
 */
export const UPLOAD_QUOTA_ADDRESS_FILES = 200;
export const UPLOAD_QUOTA_ADDRESS_BYTES = 200 * 1024 * 1024;
/** Addresses whose anonymous uploads are remembered; past it, those with none in the window are forgotten first. */
export const UPLOAD_QUOTA_MAX_TRACKED_ADDRESSES = 10_000;
// Retention (retention.ts; server options override each). A visitor's data is kept for a bounded
// time, then deleted by a sweep that runs at start-up and every hour.
/** Uploads older than this are deleted. */
export const DEFAULT_UPLOAD_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * A finished job's stream steps (reset, phase, delta) are dropped this long after they were
 * streamed: only a stream resumed with Last-Event-ID needs them, and its final `done` (the whole
 * answer) stays with the job.
 */
export const FINISHED_JOB_STEPS_RETENTION_MS = 24 * 60 * 60 * 1000;
/** Finished jobs (the visitor's message, the answer, its ending, the form response it carried) go this long after they finished. */
export const JOB_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** Ratings and their comments go this long after they were given. */
export const RATING_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** How often the retention sweep runs (it also runs at start-up). */
export const DEFAULT_RETENTION_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** Rows one sweep statement deletes before it lets other work run: a first sweep of a large file must not stall streams. */
export const RETENTION_BATCH_ROWS = 500;

/**
 * How long a write waits for another connection's lock (a backup, an operator's sqlite3 shell)
 * before it fails with SQLITE_BUSY. The driver is synchronous, so the wait stalls every stream.
 */
export const DB_BUSY_TIMEOUT_MS = 500;

/** Job endings the database refused, held in memory until it takes them (oldest forgotten first). */
export const MAX_UNSAVED_ENDINGS = 10_000;
/** How often those held endings are offered to the database again. */
export const UNSAVED_ENDING_RETRY_MS = 5000;

/** The Retry-After of a 503 answered because the database refused a write. */
export const STORAGE_RETRY_AFTER_SECONDS = 5;

// The contract's own numbers and patterns, shared with the widget: the two sides cannot drift.
export {
  ENTRY_KEY_PATTERN,
  HISTORY_LIMIT as THREAD_HISTORY_ITEMS,
  MAX_MESSAGE_CHARS,
  MAX_RENDERER_TYPES as MAX_RENDERERS,
  RENDERER_TYPE_PATTERN,
  THREAD_ID_PATTERN,
  VISITOR_ID_PATTERN,
} from '../../../widget/contract';

/** Attachments read from one message's text (history `atts`, `done.attachments`). */
export const MAX_ATTACHMENTS_PER_MESSAGE = 10;

/**
 * An `interaction_response` is bounded before anything reads it: nesting (objects and arrays,
 * itself included) and its size as JSON, in UTF-8 bytes. A form's answers fit well inside both.
 */
export const MAX_INTERACTION_DEPTH = 8;
export const MAX_INTERACTION_BYTES = 16 * 1024;
export const MAX_CONTEXT_VALUE_CHARS = 500;
export const MAX_RATING_COMMENT_CHARS = 1000;
export const MAX_TICKET_CHARS = 4096;
/**
 * A ticket is short-lived: one whose expiry is further out than this (or that has none) is
 * refused, so a leaked ticket (a log, a shared link, a screenshot) stops working within a day.
 */
export const MAX_TICKET_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** The signer's clock may run this far ahead of ours. */
export const TICKET_CLOCK_SKEW_MS = 5 * 60 * 1000;

/** History turns the OpenAI agent sends along with the new message. */
export const AGENT_HISTORY_TURNS = 20;

// What one request to the model may carry (model-budget.ts). A client's run (an AG-UI body is up
// to 512 KiB, 30 a minute per address) would otherwise become a request of the same size to the
// model, paid for by the site: these bound each part the client supplies, and a part over its
// bound is refused with 413 before anything is sent.
/**
 * One message of the conversation as the model is sent it (its text, or a tool call and its
 * arguments, or a tool's result, as JSON). A message this run adds that is larger is refused; an
 * older one ends the history window there (the conversation carries on without it).
 */
export const MAX_MODEL_MESSAGE_BYTES = 32 * 1024;
/**
 * The conversation sent with one run, all its messages together: the newest that fit are sent,
 * older ones are left out as past the history turns; the messages a run adds must fit on their own.
 */
export const MAX_MODEL_HISTORY_BYTES = 96 * 1024;
/** The page context of one run (AG-UI `context` descriptions and values), sent to the model. */
export const MAX_MODEL_CONTEXT_BYTES = 8 * 1024;
/** The capability packs' summaries and `declare` docs of one request together (`client_capabilities.sandbox_packs`). */
export const MAX_MODEL_PACK_DOCS_BYTES = 32 * 1024;
/** The page's tools of one AG-UI run (names, descriptions and parameter schemas, as JSON), offered to the model as functions. */
export const MAX_MODEL_TOOLS_BYTES = 32 * 1024;

/** This server's own job ids (the hub's look different: the widget never checks them). */
export const JOB_ID_PATTERN = /^j_[A-Za-z0-9_-]{20}$/;
/** Ticket subjects become visitor ids (`t_<sub>`), so they stay short and URL-safe. */
export const TICKET_SUBJECT_PATTERN = /^[A-Za-z0-9_.@:-]{1,62}$/;

/**
 * The thread a visitor talks in when the client names none (the hub's own widget names none for
 * the first conversation). Its `~` is outside THREAD_ID_PATTERN, so no client can name it: a
 * client's thread called `default` is a thread of its own, as on the hub.
 */
export const DEFAULT_THREAD_ID = '~default';
/**
 * Jobs one thread may have waiting or running. A message sent while the thread still answers is
 * queued behind that answer (the hub accepts it too, never 409); past this many, 429.
 */
export const MAX_ACTIVE_JOBS_PER_THREAD = 4;
/** The Retry-After of that 429: about one demo answer. */
export const THREAD_BUSY_RETRY_AFTER_SECONDS = 5;

export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = '127.0.0.1';

// Connections (connection-guard.ts); `npm start` reads each from the environment (server-settings.ts).
/**
 * A request's headers must have all arrived this long after its connection opened (or after the
 * previous request on it ended): a client that sends them slowly holds a connection for nothing.
 * Past it: 408, and the connection is closed. Node's own default is 60 s.
 */
export const DEFAULT_HEADERS_TIMEOUT_MS = 20_000;
/**
 * A whole request, headers and body, must have arrived within this: a body that never comes holds
 * a connection no longer. It does not limit the answer, so SSE streams run on. Enough for the
 * largest upload (a 20 MB file, 27 MB as base64) over about 1.8 Mbit/s; Node's default is 300 s.
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;
/**
 * Open connections of the whole server (Node's `server.maxConnections`: past it a new one is
 * closed at once): above the 500 open streams, well below the file descriptors of a process.
 */
export const DEFAULT_MAX_CONNECTIONS = 1000;
/**
 * Open connections of one address (client-address.ts): past it a new one gets a 503 and is
 * closed, so one address cannot hold the server's connections half-open. Above the 50 streams an
 * address may have, with room for the requests of a few tabs beside them.
 */
export const DEFAULT_MAX_CONNECTIONS_PER_IP = 64;
/** The Retry-After of that 503. */
export const CONNECTION_REFUSED_RETRY_AFTER_SECONDS = 5;
/** POST requests per client IP and minute. */
export const DEFAULT_RATE_PER_MINUTE = 30;

// The reading routes and open streams (client-limits.ts); each can be raised with an environment
// variable (a load test from one machine is one address). Per address they are loose, since an
// office or a phone network puts many visitors behind one; per visitor they are tighter. The
// widget asks `/thread` once per page and about ten times over two minutes when it recovers a late
// answer, and reconnects a stream at most six times in a row with backoff.
/** `GET /thread` per client IP and minute. */
export const DEFAULT_THREAD_RATE_PER_IP = 600;
/** `GET /thread` per visitor (of one entry) and minute. */
export const DEFAULT_THREAD_RATE_PER_VISITOR = 60;
/** Stream requests (first connections and reconnects) per client IP and minute. */
export const DEFAULT_EVENTS_RATE_PER_IP = 600;
/** Stream requests per visitor (the job's owner) and minute. */
export const DEFAULT_EVENTS_RATE_PER_VISITOR = 60;
/** Open streams of the whole server: each holds a socket, and a process has a bounded number of files. */
export const DEFAULT_MAX_STREAMS = 500;
/** Open streams per client IP. */
export const DEFAULT_MAX_STREAMS_PER_IP = 50;
/** Open streams per visitor: a few tabs, each with a queued answer or two. */
export const DEFAULT_MAX_STREAMS_PER_VISITOR = 8;
/** The Retry-After of a refused stream: about one demo answer, after which a slot is usually free. */
export const STREAM_SLOT_RETRY_AFTER_SECONDS = 5;
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

// AG-UI (ag-ui/routes/agui.ts, DESIGN.md §9).
/**
 * `POST /agui/:entry` bodies: an AG-UI client sends the whole conversation with every run, so a
 * long thread with forms and generated views outgrows the 64 KiB of the other routes.
 */
export const MAX_AGUI_BODY_BYTES = 512 * 1024;
/** `threadId` and `runId`: they key stored interrupts and appear in logs, so they stay short and printable. */
export const AGUI_ID_PATTERN = /^[\x21-\x7e]{1,128}$/;
/** How long a demo interrupt (an approval) can be answered. */
export const AGUI_INTERRUPT_TTL_MS = 15 * 60 * 1000;
/** Interrupts, open or answered, are deleted this long after they were raised (answered ones are kept for idempotent replays). */
export const AGUI_INTERRUPT_RETENTION_MS = 24 * 60 * 60 * 1000;
/** Characters per streamed piece of a demo tool call's arguments. */
export const AGUI_ARGS_CHUNK_CHARS = 40;
/** Messages of the conversation the OpenAI-compatible model sees in AG-UI mode (the newest ones, within MAX_MODEL_HISTORY_BYTES). */
export const AGUI_OPENAI_HISTORY_MESSAGES = 40;
