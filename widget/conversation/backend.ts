// What the conversation asks of a chat service, whatever its wire. One implementation per
// protocol (transport/bailing-backend.ts for the BailingHub contract; the AG-UI module); the
// conversation imports none of them. Types only: no values, so importing this file costs no bytes.

import type { Attachment, HistoryItem, Rating, Reference } from '../types';
import type { MountRequest } from '../registry/registry';

/** One turn to start: the visitor's message, or a renderer's response to an earlier answer. */
export interface TurnRequest {
  /** The text as sent: typed text plus one markdown line per attachment. */
  message?: string;
  /** `{type, version, source_job_id, ...response}`, filled by the widget (DESIGN.md §7). */
  interaction?: Record<string, unknown>;
  /** The renderer types this page has registered, to advertise. */
  renderers: string[];
  /** The visitor's answer to what the previous turn asked (its decision card), in the backend's own shape. */
  resume?: unknown;
}

/** What the conversation lends a backend drawing a turn's parts: the page's renderers. */
export interface PartsTools {
  /** Whether the page has a renderer of `type`. */
  has(type: string): boolean;
  /**
   * Mounts renderer `type` with `source` (its payload's text) into `container`, as a block of
   * the turn's answer: its `respond` starts the next turn. With `activity` (an agent's activity
   * drawn by the renderer), the context's `activity` is what it makes of the rest of the context,
   * at each mount. Returns the teardown.
   */
  mount(type: string, source: string, container: HTMLElement, activity?: MountRequest['activity']): () => void;
  /** Starts renderer `type`'s preview of an unfinished `source` in `container`, or null when it has none. */
  preview(type: string, container: HTMLElement, source: string): { update(source: string): void; destroy(): void } | null;
  /**
   * A new assistant bubble (at the end of the list: the caller puts it in place), whose `show`
   * draws text as answers are drawn: markdown under the same sanitizer; renderer blocks mounted
   * once `final`, shown as text before.
   */
  message(): { el: HTMLElement; show(source: string, final: boolean): void };
  /** A new visitor row of `text` (at the end of the list: the caller puts it in place), as the list draws the visitor's messages. */
  user(text: string): HTMLElement;
  /** Puts `node` under the turn's answer text, in its bubble (what renderers draw, once the agent introduced it). */
  below(node: HTMLElement): void;
}

/** What the conversation lends a backend's decision card. */
export interface DecisionTools {
  /** Sends the visitor's decision as the next turn; `shown` is what their bubble says. Rejects with what to tell them. */
  answer(resume: unknown, shown: string): Promise<void>;
  /** Mounts renderer `type` with `payload` into `container`; `respond` gets what it sends. Returns the teardown. */
  mount(type: string, payload: Record<string, unknown>, container: HTMLElement, respond: (response: Record<string, unknown>) => void): () => void;
}

/** The answer of a turn, as the service has it once the turn is over. */
export interface TurnAnswer {
  reply: string;
  /** The service reported the turn failed; `reply` is then its sentence (may be empty). */
  failed?: boolean;
  references?: readonly Reference[];
  attachments?: readonly Attachment[];
  /**
   * The service now has the thread before this turn otherwise than the page shows it (an AG-UI
   * agent's MESSAGES_SNAPSHOT): what the visitor sees of it from now on, in place of the page's.
   */
  thread?: readonly HistoryItem[];
}

export interface StartedTurn {
  /** The service's id of the turn (BailingHub's job id, AG-UI's run id). */
  id: string;
  /** Answered already: there is nothing to follow. */
  answer?: TurnAnswer;
}

/** What the visitor may see of a turn while it runs: a snapshot, sent again whenever it changes. */
export interface TurnProgress {
  /** The provisional text of the answer so far. */
  readonly text: string;
  /** How many times provisional text was taken back (the view starts over at each). */
  readonly resets: number;
  /** The service works on something other than text (a tool): the bubble says "working". */
  readonly working: boolean;
  /** A tool ran during the turn (where the backend has no steps of its own to show): the answer keeps a step line. */
  readonly tools?: boolean;
  /**
   * What else the turn shows beside its text (tool steps, reasoning, progress), in the backend's
   * own shape: only its `drawParts` reads them.
   */
  readonly parts?: readonly unknown[];
}

/**
 * How following a turn ended. `lost`: the stream gave up (a timeout, a dropped connection past
 * the reconnect budget, a refused stream) while the service may still finish the turn.
 */
export type TurnEnd =
  | { kind: 'answered'; answer: TurnAnswer }
  | { kind: 'stopped' }
  | { kind: 'lost'; reason: string };

/**
 * What a refused `start` may say, beside its message: the service's own sentence for the visitor,
 * and whether it refused because an earlier turn of the thread still runs.
 */
export interface TurnRefusal extends Error {
  visitorText?: string | null;
  busy?: boolean;
  /** No response came at all (the network failed the request): worth sending again once online. */
  offline?: boolean;
}

export interface ChatBackend {
  /** The key under which the page keeps this conversation's history (in the service's own layout). */
  readonly historyKey: string;
  /** Who the service knows the visitor as (uploads carry it). */
  visitor(): string;
  /** Starts a new thread: the next turn no longer continues the old one. Returns what makes the old one current again (Undo). */
  newThread(): () => void;
  /**
   * Sends one turn. Rejects (a {@link TurnRefusal}) when it was not taken: nothing was started,
   * and the caller puts the visitor's text back. Never re-sent here: a second request would
   * start a second answer.
   */
  start(request: TurnRequest, signal: AbortSignal): Promise<StartedTurn>;
  /** Follows turn `id` until it ends, reporting each change of what the visitor may see. */
  follow(id: string, report: (progress: TurnProgress) => void, signal: AbortSignal): Promise<TurnEnd>;
  /**
   * After a `lost` end: looks the turn's answer up (`null`: not there yet). Absent when the
   * service cannot be asked again; a lost turn then shows as interrupted.
   */
  lookUp?(id: string, signal: AbortSignal): Promise<TurnAnswer | null>;
  /** The service's record of the thread, to merge with what this page kept. Absent: the page's own record is all there is. */
  thread?(signal?: AbortSignal): Promise<HistoryItem[]>;
  /**
   * Draws into `el` the decision turn `id`'s answer asks the visitor for, if one is open (or was
   * made and kept); returns whether it drew one.
   */
  drawDecision?(el: HTMLElement, id: string, tools: DecisionTools): boolean;
  /**
   * Draws a turn's `parts` into `el`, again at each change (the same element each time). `el`
   * stands in the message list before the turn's answer bubble: earlier messages of the turn and
   * its steps go there as rows of their own. With `ui`, a part may be drawn by a renderer of the
   * page (generative UI), and text as answers are.
   */
  drawParts?(el: HTMLElement, parts: readonly unknown[], ui: PartsTools): void;
  /** The parts turn `id` showed, as kept for a reload; absent or `null` when none were kept. */
  partsOf?(id: string): readonly unknown[] | null;
  /**
   * The last turn may be asked again as a new turn (Regenerate, Edit), the earlier one staying in
   * the thread: what the service then sees is the backend's to say. Absent: neither is offered.
   */
  readonly redo?: boolean;
  /** A rating or comment on answer `id`. Absent: answers get no rating controls. */
  rate?(id: string, rating: Rating, comment?: string): Promise<void>;
}
