// What a renderer drawing an agent's activity may do besides draw it (widget/types.ts,
// RendererActivity): follow the activity's content as it changes, in place; start a new run of the
// agent carrying `forwardedProps` (an A2UI action goes back so); make a hidden request run whose
// `RUN_FINISHED.result` it gets (an MCP App's proxied request goes so). Each call that acts asks
// widget/consent first (DESIGN.md §13): only inside the visitor's gesture in the renderer's
// container, within the budgets below. No renderer is named here: which activity a renderer draws
// is the registry's answer for the activity's `activityType` (parts-view.ts).

import { createLedger, type ConsentBudgets } from '../../consent/consent';
import { contentConsent } from '../../consent/content';
import type { ActivityEnding, RendererActivity, RendererContext } from '../../types';

/**
 * What the renderers of activities may do, in all, on this page: calls (hidden requests) and
 * sends (runs shown as the visitor's turn), per answer and per page load. `maxViews` is not used
 * (an activity is drawn once, where the agent put it).
 */
export const ACTIVITY_BUDGETS: ConsentBudgets = Object.freeze({
  maxCalls: 500,
  maxCallsPerPage: 5000,
  maxCallsPerMinute: 120,
  maxSends: 20,
  minSendIntervalMs: 1000,
  maxViews: 1000,
});

/** What the activities of this page have used since it loaded: the budgets are the answer's and the page's. */
const ledger = createLedger();

/** What the AG-UI backend does for an activity's renderer. */
export interface ActivityHost {
  /** A hidden run carrying `forwardedProps`, neither shown nor kept: its `RUN_FINISHED.result`. */
  request(forwardedProps: Record<string, unknown>, signal: AbortSignal): Promise<unknown>;
  warn(message: string): void;
}

/** One activity as drawn: the context's `activity` at each mount, and the content's changes for the mounted one. */
export interface LiveActivity {
  /** Makes the context's `activity` for a mount (registry.ts calls it once a mount). */
  make(context: Omit<RendererContext, 'activity'>): RendererActivity;
  /**
   * Gives the mounted renderer `content`; false when it does not listen (the caller then mounts it
   * again, with `content` as its payload).
   */
  update(content: Record<string, unknown>): boolean;
  /** The turn that drew it is over: the mount now drawn hears it, and so does every later one. */
  end(how: ActivityEnding): void;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Activity `id` of type `type`, for the renderer of that type. */
export function liveActivity(id: string, type: string, host: ActivityHost): LiveActivity {
  /** The listeners of the mount now drawn (a new mount starts with none). */
  let listeners = new Set<(content: Record<string, unknown>) => void>();
  let enders = new Set<(how: ActivityEnding) => void>();
  let ended: ActivityEnding | undefined;
  /** Gives `listener` `value`; one that throws is named (`what` it failed to take), the others still hear. */
  const tell = <T>(listener: (value: T) => void, value: T, what: string) => {
    try {
      listener(value);
    } catch (e) {
      host.warn(`the renderer "${type}" failed to take ${what}: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  const END = 'the end of its turn';
  return {
    end(how) {
      if (ended) return;
      ended = how;
      for (const listener of enders) tell(listener, how, END);
      enders.clear();
    },
    update(content) {
      for (const listener of listeners) tell(listener, content, "the activity's new content");
      return listeners.size > 0;
    },
    make(context) {
      const mine = (listeners = new Set());
      const mineEnd = (enders = new Set());
      const { container, signal, message } = context;
      signal.addEventListener('abort', () => (mine.clear(), mineEnd.clear()), { once: true });
      const consent = contentConsent({ container, answer: message.jobId, restored: !!message.restored, ledger, budgets: ACTIVITY_BUDGETS, signal, warn: host.warn });
      const checkProps = (name: string, props: unknown) => {
        if (!isRecord(props)) throw new TypeError(`${name}: forwardedProps must be an object`);
      };
      return Object.freeze({
        type,
        id,
        onUpdate(listener: (content: Record<string, unknown>) => void) {
          if (typeof listener != 'function') throw new TypeError('onUpdate: the listener must be a function');
          if (signal.aborted) return () => {};
          mine.add(listener);
          return () => void mine.delete(listener);
        },
        onEnd(listener: (how: ActivityEnding) => void) {
          if (typeof listener != 'function') throw new TypeError('onEnd: the listener must be a function');
          if (signal.aborted) return () => {};
          if (ended) {
            const how = ended;
            queueMicrotask(() => signal.aborted || tell(listener, how, END));
            return () => {};
          }
          mineEnd.add(listener);
          return () => void mineEnd.delete(listener);
        },
        async run(forwardedProps: Record<string, unknown>, shown: string) {
          checkProps('agent.run', forwardedProps);
          if (typeof shown != 'string' || !shown.trim()) throw new TypeError('agent.run: shown must be the text of the visitor\'s turn');
          const ask = await consent.ask('agent.run', 'act', true);
          await context.respond({ forwardedProps }, { displayText: shown });
          consent.done(ask);
        },
        async request(forwardedProps: Record<string, unknown>, what: { name: string; effect: 'read' | 'act' }) {
          checkProps('agent.request', forwardedProps);
          const name = typeof what?.name == 'string' && what.name ? what.name.slice(0, 80) : 'agent.request';
          if (what?.effect !== 'read' && what?.effect !== 'act') throw new TypeError(`${name}: effect must be "read" or "act"`);
          consent.done(await consent.ask(name, what.effect));
          return host.request(forwardedProps, signal);
        },
      });
    },
  };
}
