// Shared types of the widget. Types only: no values, so importing this file costs no bytes.

/** Colour scheme the widget renders in. `auto` follows `prefers-color-scheme`. */
export type ThemeMode = 'light' | 'dark';

/** What a renderer learns of the widget's look (DESIGN.md §7). */
export interface RendererTheme {
  readonly accent: string;
  readonly mode: ThemeMode;
}

/** A summary of an interaction already sent for a message (never the submitted values). */
export interface ResponseSummary {
  readonly type: string;
  readonly version: number;
  readonly source_job_id: string;
  readonly form_id?: string;
  readonly submission_id?: string;
  readonly action?: string;
}

export interface RendererMessage {
  readonly jobId: string;
  readonly responses: readonly ResponseSummary[];
  /**
   * True when the answer was drawn again from the history (a reload, a merge with the server's
   * thread, another tab), not as it arrived: content that acts waits for the visitor to use it
   * (DESIGN.md §13). Absent in a request means false.
   */
  readonly restored?: boolean;
}

/** Local presentation of a response: what the visitor's own bubble shows. Never sent. */
export interface ResponsePresentation {
  displayText?: string;
}

/**
 * What `mount` receives. Frozen, and exactly these keys: it never carries the
 * ticket, visitor id, thread id or page context (DESIGN.md §7).
 */
export interface RendererContext {
  readonly container: HTMLElement;
  readonly payload: unknown;
  readonly source: string;
  readonly type: string;
  readonly version: number;
  readonly theme: RendererTheme;
  readonly signal: AbortSignal;
  readonly message: RendererMessage;
  /**
   * Sends the next user turn with this response. Rejects when it was not taken; an Error named
   * `BailingVisitorError` carries in `message` what the visitor should read (the hub's own
   * sentence, e.g. its refusal, or "please wait" while an answer streams), to show where they acted.
   */
  respond(response: Record<string, unknown>, presentation?: ResponsePresentation): Promise<void>;
  /**
   * Present only when the renderer draws an agent's activity (an AG-UI ACTIVITY_SNAPSHOT whose
   * `activityType` is this renderer's `type`), not a fenced block: see {@link RendererActivity}.
   */
  readonly activity?: RendererActivity;
}

/**
 * What a renderer drawing an agent's activity gets (AG-UI `ACTIVITY_SNAPSHOT` / `ACTIVITY_DELTA`;
 * the activity whose `activityType` is a registered renderer's `type` is drawn by it). The
 * context's `payload` is the activity's content when it was mounted.
 */
export interface RendererActivity {
  /** The activity's `activityType` (the renderer's type). */
  readonly type: string;
  /** The activity's message id. */
  readonly id: string;
  /**
   * Calls `listener` with the activity's content each time it changes (a delta, a replacing
   * snapshot), the mount kept in place: inputs and frames keep their state. A renderer that never
   * listens is mounted again with the new content instead. Listening ends with the mount's signal;
   * the returned function ends it sooner.
   */
  onUpdate(listener: (content: Record<string, unknown>) => void): () => void;
  /**
   * Calls `listener` once when the turn that drew the activity is over (at once, after the mount,
   * when it already is, as for a restored one): `done` (answered), `stopped` (the visitor stopped
   * it), `failed` (the run failed), `cut` (its stream was lost, or the page left before its end).
   * What the activity waited for and did not get by then will not come. Listening ends with the
   * mount's signal; the returned function ends it sooner.
   */
  onEnd(listener: (how: ActivityEnding) => void): () => void;
  /**
   * Starts a new run of the agent carrying `forwardedProps` (beside the widget's own, which keep
   * their values), shown as the visitor's turn `shown`. It acts as the visitor, so it is refused
   * outside a visitor's gesture in the renderer's container (DESIGN.md §13): call it from the click
   * or key handler, with the focus in the container. Rejects with the refusal, or when the chat
   * cannot send now (an answer still streams).
   */
  run(forwardedProps: Record<string, unknown>, shown: string): Promise<void>;
  /**
   * A hidden run carrying `forwardedProps`: resolves to its `RUN_FINISHED.result`; it is neither
   * shown as a turn nor kept in the thread. `ask` names it and says whether it acts (then, as
   * `run`, only inside the visitor's gesture) or only reads. Rejects with a refusal, the run's
   * error, or a stream that ended without finishing.
   */
  request(forwardedProps: Record<string, unknown>, ask: { name: string; effect: 'read' | 'act' }): Promise<unknown>;
}

/** How the turn that drew an activity ended (RendererActivity.onEnd). */
export type ActivityEnding = 'done' | 'stopped' | 'failed' | 'cut';

export type RendererCleanup = (() => void) | { destroy(): void } | void | undefined;

/**
 * What `preview` receives while its block streams (DESIGN.md §7). Frozen, and exactly these keys:
 * never the ticket, visitor id, thread id or page context, never `message` or `respond`.
 */
export interface RendererPreviewContext {
  /**
   * The same element on every call of one block: update what you drew rather than rebuild it.
   * Set its `data-keep` (`container.dataset.keep = ''`) and the block's `mount` gets this element,
   * in place, with what you drew still inside, instead of an empty one.
   */
  readonly container: HTMLElement;
  /**
   * `application/json`: the object or array parsed from the text so far (strings, arrays and
   * objects cut short are kept as far as they go; a number still being written is left out),
   * `undefined` while nothing parses. `text/plain`: the text so far. Untrusted, like `mount`'s.
   */
  readonly payload: unknown;
  /** The block's raw text so far. */
  readonly source: string;
  readonly type: string;
  readonly version: number;
  readonly theme: RendererTheme;
  /** Always false: the block is unfinished. `mount` gets the finished one. */
  readonly final: false;
  /** The same signal on every call of one block; aborts when the preview ends. */
  readonly signal: AbortSignal;
}

/** Renderer API v1 definition (DESIGN.md §7). */
export interface RendererDefinition {
  /** `^[a-z][a-z0-9._+-]{0,63}$`; registering a type again replaces it. */
  type: string;
  /** Defaults to 1. */
  version?: number;
  label?: string;
  /** Defaults to `application/json` (payload must be a JSON object or array). */
  contentType?: 'application/json' | 'text/plain';
  /** UTF-8 bytes of the block source. Defaults to 65536, capped at 262144. */
  maxPayloadBytes?: number;
  mount(context: RendererContext): RendererCleanup | Promise<RendererCleanup>;
  /**
   * Optional. Draws from the unfinished block while it streams: called once the fence's first
   * line is complete, then each time its text grew (at most once per live render), into the same
   * container. It ends (the signal aborts, the last cleanup returned runs once) when the block is
   * complete, or the answer is stopped, fails or is replaced; what it drew stays until `mount`
   * takes its place (or gets it, with `data-keep`: see `container`). Synchronous. A throw, or text over `maxPayloadBytes`, ends it and the block
   * shows as code while it streams.
   */
  preview?(context: RendererPreviewContext): RendererCleanup | void;
}

/** One item of the persisted / served history, the hub's own shape (DESIGN.md §4). */
export interface HistoryItem {
  /** `u` visitor, `a` assistant. */
  r: 'u' | 'a';
  /** The text: the visitor's message or the assistant's final reply. */
  t: string;
  /** Job id of the assistant reply (or the job the user turn started). */
  j?: string;
  /** Unix epoch milliseconds. */
  ts: number;
  /** A visitor's uploads (`t` is then the text without their markdown lines), as the hub's widget keeps them. */
  atts?: Attachment[];
  interaction?: ResponseSummary;
  /** The turn failed (an error reply, shown with a retry). Written together with `e`. */
  err?: boolean;
  /**
   * The hub's own widget's failure flag (its failed answers may have no `j`). Read as `err`, and
   * written beside it so the hub's widget shows this widget's failures as failures too.
   */
  e?: boolean;
  /** The visitor's rating of this answer, as the hub's widget keeps it. */
  v?: Rating;
  /** The visitor's comment on this answer, as the hub's widget keeps it. */
  c?: string;
  /** Knowledge-base citations of this answer (`done.references`), as the hub's widget keeps them. */
  refs?: Reference[];
  /**
   * This turn (its visitor row and its answer) was asked again below: `regenerated` (the same
   * question) or `edited` (a changed one). Kept, shown dimmed; only this page knows it.
   */
  o?: Redo;
  /** A visitor row that answered an AG-UI decision (resume), not a question: never asked again. */
  d?: true;
  /** A tool ran for this answer (the hub's `phase: tool`): a step line under it says so. Only this page knows it. */
  w?: true;
}

/** How a turn was asked again (Regenerate, Edit). */
export type Redo = 'regenerated' | 'edited';

/** A rating of an answer: `note` is a comment without thumbs (`POST /chat/:entry/rate/:job_id`). */
export type Rating = 'up' | 'down' | 'note';

/** One knowledge-base citation of an answer (BailingHub `done.references`). */
export interface Reference {
  /** The citation's number, as the answer's `[n]` markers refer to it. */
  readonly seq: number;
  readonly title: string;
  /** Relevance the hub's retriever gave it. */
  readonly score?: number;
  /** The cited passage. */
  readonly snippet?: string;
}

/** What an attachment is; an unknown kind from the wire is read as `file`. */
export type AttachmentKind = 'image' | 'audio' | 'file';

/** A file or image of a message (`done.attachments`, upload results, `/thread` items' `atts`). */
export interface Attachment {
  type: AttachmentKind;
  /** Absolute http(s) URL. */
  url: string;
  name?: string;
  caption?: string;
  /** Bytes, where known (the visitor's own uploads; a service may send it): shown on the file's card. */
  size?: number;
}

/** Appearance from `GET /chat/:entry/config` (DESIGN.md §4). Every field optional on the wire. */
export interface WidgetConfig {
  enabled: boolean;
  title: string;
  greeting: string;
  color: string;
  avatar: string;
  title_align: 'left' | 'center';
  /** Notice text, or `true` for the widget's own wording (BailingHub sends a boolean). */
  ai_notice: string | boolean;
  powered_by_visible: boolean;
  powered_by_text: string;
  brand: string;
  launcher_icon: string;
  position: 'left' | 'right';
  offset_x: number;
  offset_y: number;
  width: number;
  height: number;
  resizable: boolean;
  upload: boolean;
  default_open: boolean;
  /** Suggested first questions, shown as buttons until the visitor sends one (at most 4 are shown). */
  starters: string[];
  /** The language the widget speaks where the page sets no `data-lang` (`en`, `zh-CN`, …); `''`: the browser's. */
  lang: string;
}

/** Page context a host may set (`BailingChat.setContext`). Sent with each job, never to renderers. */
export interface PageContext {
  url?: string;
  title?: string;
  page_key?: string;
  page_name?: string;
}

/**
 * A tool the page runs when an AG-UI agent calls it (DESIGN.md §9): the preload's `tools` entries
 * and `BailingChat.registerTool` take this shape. The agent is told `name`, `description` and
 * `parameters`; the handler stays in the page.
 */
export interface HostToolDefinition {
  /** `^[A-Za-z_][A-Za-z0-9_-]{0,63}$`, as function calling accepts names. */
  name: string;
  /** What the tool does: the agent reads it to decide when to call it. Non-empty. */
  description: string;
  /**
   * JSON Schema of the arguments (draft-04, -07, 2019-09 or 2020-12, named by `$schema`; 2020-12
   * when it names none). The model's arguments are checked against it before `handler` runs; a
   * schema that is not a valid one leaves the tool out. Default: an object with no properties.
   */
  parameters?: Record<string, unknown>;
  /** Runs with the checked arguments; what it returns (or resolves to) is sent back as the result, as JSON unless a string. A throw is sent as the call's error. */
  handler(args: unknown): unknown;
  /** Longest the handler may take before the call fails, in ms: 1 to 600,000. Default 30,000. */
  timeoutMs?: number;
}

/** `state` and `event` come from an AG-UI agent (its shared state; its RAW and CUSTOM events). */
export type WidgetEventName = 'open' | 'close' | 'message' | 'done' | 'error' | 'state' | 'event';

/** What the core gives a build's built-in renderers at a widget's start (builds/builtins.ts). */
export interface BuiltinArgs {
  /** widget.js's own URL: modules are beside it. */
  scriptSrc: string;
  /** The owner's generated-views setting (preload `sandbox`, or `{}` for `data-sandbox="1"`); falsy when off. */
  sandbox: unknown;
  /** Sends a message as the visitor (`shown` is what the visitor's row shows). */
  send(message: string, shown: string): boolean | undefined;
  /** The widget's words, in its language. */
  strings: Promise<import('./ui/i18n/i18n').Words>;
  /** The page's CSP nonce. */
  nonce?: string;
  /** The owner's image origins (`data-images`). */
  images?: string[];
  warn(message: string): void;
}

/** A build's built-in renderers, registered before the host's, and what they add to `client_capabilities` once known. */
export interface Builtins {
  renderers: RendererDefinition[];
  capabilities?(): Promise<Record<string, unknown> | undefined>;
}
