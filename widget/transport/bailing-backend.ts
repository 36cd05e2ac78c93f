// The BailingHub contract as a ChatBackend (widget/conversation/backend.ts): a turn is a job created by POST,
// followed over its SSE stream (reconnecting with Last-Event-ID), looked up in `/thread` when the
// stream gives up. The visitor and thread ids live in the hub's own widget's storage keys, so a
// visitor keeps their conversation when an operator swaps one widget for the other.

import { readAttachments } from '../attachments/attachments';
import type { ChatBackend, TurnAnswer, TurnEnd } from '../conversation/backend';
import { readReferences } from '../attachments/citations';
import { cleanThreadId, readString, storageKeys, writeString } from '../conversation/history';
import { randomId } from '../ids';
import type { HistoryItem, PageContext } from '../types';
import { parseStreamEvent, type BailingClient } from './bailing';
import { initialTurn, reduceTurn } from './bailing-stream';
import { turnRefusal } from './errors';
import { streamJob } from './sse';

export interface BailingBackendOptions {
  client: BailingClient;
  entry: string;
  storage: Storage | null;
  ticket(): string | null;
  context(): PageContext;
  warn(message: string): void;
  /** More of `client_capabilities` beside `renderers` (the capability packs' lines), once known. */
  capabilities?(): Promise<Record<string, unknown> | undefined> | undefined;
}

/** The answer as `done` or a `/thread` item carries it; citations and files checked one by one. */
const answerOf = (reply: string, failed: unknown, references: unknown, attachments: unknown): TurnAnswer => ({
  reply,
  failed: !!failed,
  references: readReferences(references),
  attachments: readAttachments(attachments),
});

export function createBailingBackend({ client, entry, storage, ticket, context, warn, capabilities }: BailingBackendOptions): ChatBackend {
  const keys = storageKeys(entry);
  // The hub's widget may have written these: the same visitor, and the same thread, go on.
  const known = readString(storage, keys.visitor);
  let visitorId = known || randomId('v_', 24);
  /**
   * A visitor id made on this page and not yet sent with a message: the hub has no thread for it
   * (a thread's scope is the visitor id, or a ticket's user), so a new visitor's page asks for none.
   */
  let unsent = !known;
  /** `''`: the default thread, as on the hub's widget, until the visitor starts a new conversation. */
  let threadId = cleanThreadId(readString(storage, keys.thread));
  writeString(storage, keys.visitor, visitorId);
  /** Who and which thread `/thread` is asked about: the same in the first sync and in recovery. */
  const threadQuery = () => ({ visitor_id: visitorId, thread_id: threadId || undefined, ticket: ticket() ?? undefined });
  const getThread = async (signal?: AbortSignal) => (await client.getThread(threadQuery(), signal)).messages;

  return {
    historyKey: keys.history,
    // No regenerate on the hub's wire: the question goes again as a new message in the same
    // thread, so the model sees the earlier question and answer before it (README).
    redo: true,
    visitor: () => visitorId,

    newThread() {
      const use = (id: string) => writeString(storage, keys.thread, (threadId = id) || null);
      const old = threadId;
      use(randomId('t_', 20));
      return () => use(old);
    },

    async start({ message, interaction, renderers }, signal) {
      let created;
      unsent = false;
      try {
        created = await client.createJob({
          ...(interaction ? { interaction_response: interaction } : { message }),
          visitor_id: visitorId,
          thread_id: threadId || undefined,
          ticket: ticket() ?? undefined,
          context: context(),
          // `renderers` as the hub reads it; the hub ignores what else is there (v0.3.4).
          client_capabilities: { renderers, ...(await capabilities?.()) },
        }, signal);
      } catch (error) {
        // 409: the hub still runs the previous answer of this thread (after Stop, or a late one).
        // Otherwise the hub's own sentence when it wrote one (a 429's `reply`, a 403's `error`).
        throw turnRefusal(error);
      }
      if (created.visitor_id && created.visitor_id !== visitorId) {
        visitorId = created.visitor_id;
        writeString(storage, keys.visitor, visitorId);
      }
      return {
        id: created.job_id,
        // The hub answered synchronously: nothing to stream.
        answer: created.done && typeof created.reply === 'string' ? answerOf(created.reply, created.error, created.references, created.attachments) : undefined,
      };
    },

    async follow(id, report, signal): Promise<TurnEnd> {
      let state = initialTurn(id);
      let tools = false;
      // One report for all the events of a network chunk (a fast stream brings thousands in one):
      // the conversation's work is per chunk, not per delta.
      let reported = state;
      let queued = false;
      const flush = () => {
        queued = false;
        const before = reported;
        reported = state;
        if (state.text !== before.text || state.resets !== before.resets || state.phase !== before.phase) report({ text: state.text, resets: state.resets, working: state.phase === 'tool', tools });
      };
      let end;
      try {
        end = await streamJob({
          url: client.eventsUrl(id, visitorId, ticket() ?? undefined),
          signal,
          onEvent: (name, data) => {
            const parsed = parseStreamEvent(name, data);
            if (!parsed.ok) return warn(`ignored a stream event: ${parsed.error}`);
            state = reduceTurn(state, parsed.event);
            tools ||= state.phase === 'tool';
            if (!queued) queueMicrotask(flush), (queued = true);
          },
        });
      } catch (error) {
        end = { kind: 'fatal', message: error instanceof Error ? error.message : String(error) } as const;
      }
      flush();
      if (state.status === 'done' && typeof state.reply === 'string') return { kind: 'answered', answer: answerOf(state.reply, false, state.references, state.attachments) };
      if (state.status === 'failed') return { kind: 'answered', answer: { reply: state.error ?? '', failed: true } };
      if (end.kind === 'aborted') return { kind: 'stopped' };
      // `timeout`, an exhausted reconnect budget or a refused stream: the job may still finish.
      return { kind: 'lost', reason: end.kind === 'terminal' ? end.event : end.kind === 'exhausted' ? end.lastError.message : end.message };
    },

    async lookUp(id, signal) {
      const answer = (await getThread(signal)).find((m) => m.r === 'a' && m.j === id);
      return answer ? answerOf(answer.t, answer.err, answer.refs, answer.atts) : null;
    },

    thread: (signal) => (unsent && !ticket() ? Promise.resolve([]) : getThread(signal)),

    async rate(id, rating, comment) {
      const t = ticket();
      await client.rate(id, { rating, visitor_id: visitorId, ...(comment ? { comment } : {}), ...(t ? { ticket: t } : {}) }).catch((error: unknown) => {
        throw turnRefusal(error);
      });
    },
  } satisfies ChatBackend & { thread(signal?: AbortSignal): Promise<HistoryItem[]> };
}
