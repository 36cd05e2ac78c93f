// A deterministic agent with no network: keywords in the visitor's message pick a scenario that
// exercises one part of the streaming contract (tool phases and resets, failures, dropped
// connections, stream timeouts, rich blocks, a form and its answer, cited sources, a document
// link, the thread's history, uploads, long markdown).
import { sleep, type Agent, type AgentSink } from './agent';
import {
  DOCS_ANSWER,
  DOCS_REFERENCES,
  FAIL_PARTIAL,
  FAIL_REPLY,
  FORM_ANSWER,
  FORM_CANCELLED_ANSWER,
  FORM_SUBMITTED_ANSWER,
  INTERACTION_ANSWER,
  LONG_ANSWER,
  SEARCH_ANSWER,
  SLOW_ANSWER,
  TIMEOUT_ANSWER,
  TOOL_PREAMBLE,
  REFUND_FORM,
  WEATHER_ANSWER,
  filesAnswer,
  recapAnswer,
  receivedAnswer,
  refundAnswer,
} from '../demo/demo-replies';
import { demoFileUrl } from '../demo/demo-files';
import { FIXED_ANSWERS, isFixed, triggerTable } from '../demo/demo-scenarios';
import { extractAttachments } from '../hub/attachments';
import { FORM_TYPE } from '../hub/form-response';
import { A2UI_TYPE } from '../hub/a2ui-response';
import { actionInText, demoActionAnswer, demoSurfaceAnswer } from '../demo/demo-a2ui';
import { demoPackView } from '../demo/demo-packs';
import { demoSandboxAnswer } from '../demo/demo-sandbox';
import {
  DEMO_CHUNK_CHARS,
  DEMO_SLOW_DELTA_MS,
  DEMO_TIMEOUT_ANSWER_MS,
  DEMO_TIMEOUT_WINDOW_MS,
  DEMO_TOOL_PAUSE_MS,
} from '../settings/limits';

export type DemoScenario =
  | 'fail'
  | 'timeout'
  | 'drop'
  | 'slow'
  | 'tool'
  | 'docs'
  | 'files'
  | 'recap'
  | 'chart'
  | 'diagram'
  | 'vega'
  | 'form'
  | 'a2ui'
  | 'products'
  | 'hello'
  | 'interaction'
  | 'received'
  | 'math'
  | 'long';

/** The order the scenarios are tried in (demo-scenarios.ts has their keywords). */
const TRIGGERS = triggerTable<DemoScenario>(['fail', 'timeout', 'drop', 'slow', 'tool', 'docs', 'files', 'recap', 'vega', 'diagram', 'chart', 'a2ui', 'products', 'form', 'math', 'hello']);

/** The attachment links a message's text carries, removed to quote what the visitor typed. */
const MARKDOWN_LINKS = /!?\[[^\]\n]*\]\(https?:\/\/[^\s()<>]+\)/g;

export function pickDemoScenario(text: string, isInteraction: boolean): DemoScenario {
  if (isInteraction) return 'interaction';
  // A message that carries uploads (the widget writes them into the text as links) is answered by
  // naming what arrived, whatever else it says.
  if (extractAttachments(text).length > 0) return 'received';
  for (const [scenario, pattern] of TRIGGERS) if (pattern.test(text)) return scenario;
  return 'long';
}

/** Splits into chunks of code points, never inside a surrogate pair. */
export function chunkText(text: string, size = DEMO_CHUNK_CHARS): string[] {
  const points = Array.from(text);
  const chunks: string[] = [];
  for (let i = 0; i < points.length; i += size) chunks.push(points.slice(i, i + size).join(''));
  return chunks;
}

/** How the SSE handler treats a job's streams, for the scenarios that test client recovery. */
export interface StreamHints {
  /** Close the stream window early (the "timeout" demo). */
  windowMs?: number;
  /** On the job's first connection, destroy the socket after this many deltas (the "drop" demo). */
  dropAfterDeltas?: number;
}

export function demoStreamHints(scenario: DemoScenario): StreamHints {
  if (scenario === 'timeout') return { windowMs: DEMO_TIMEOUT_WINDOW_MS };
  if (scenario === 'drop') return { dropAfterDeltas: Math.floor(chunkText(LONG_ANSWER).length / 2) };
  return {};
}

export interface DemoAgentOptions {
  /** Pause between deltas; 0 streams as fast as the event loop allows. */
  deltaDelayMs: number;
}

export function createDemoAgent(options: DemoAgentOptions): Agent {
  return async (input, sink, signal) => {
    const stream = async (text: string, delayMs = options.deltaDelayMs): Promise<void> => {
      for (const chunk of chunkText(text)) {
        await sleep(delayMs, signal);
        sink.delta(chunk);
      }
    };
    const answer = async (text: string, delayMs?: number, extras?: Parameters<AgentSink['done']>[1]): Promise<void> => {
      sink.phase('model', 1);
      await stream(text, delayMs);
      sink.done(text, extras);
    };


    const scenario = pickDemoScenario(input.text, input.interaction !== null);
    // Sandbox views ("calculator", "unit converter", "bill" with the page's kit) and what a view sends back.
    const view = scenario === 'received' ? null : input.interaction === null ? demoSandboxAnswer(input.text, input.sandboxKit) : null;
    if (view) return answer(view);
    // Views that call the page's capability packs ("search the docs", "pets"), where it has them.
    const packView = scenario !== 'received' && input.interaction === null && input.renderers.includes('sandbox') ? demoPackView(input.text, input.sandboxPacks ?? []) : null;
    if (packView) return answer(packView.answer);
    if (isFixed(scenario)) return answer(FIXED_ANSWERS[scenario]);
    switch (scenario) {
      case 'received':
        return answer(receivedAnswer(input.attachments, input.text.replace(MARKDOWN_LINKS, '')));
      case 'tool':
        return toolRound(input.text, sink, stream, signal);
      case 'fail':
        sink.phase('model', 1);
        await stream(FAIL_PARTIAL);
        sink.failed(FAIL_REPLY, 'demo failure requested');
        return;
      case 'timeout':
        // Spread the answer over longer than the stream window, whatever the configured pacing.
        return answer(TIMEOUT_ANSWER, DEMO_TIMEOUT_ANSWER_MS / chunkText(TIMEOUT_ANSWER).length);
      case 'slow':
        return answer(SLOW_ANSWER, DEMO_SLOW_DELTA_MS);
      case 'docs':
        return answer(DOCS_ANSWER, undefined, { references: DOCS_REFERENCES });
      case 'files':
        return answer(filesAnswer(demoFileUrl(input.baseUrl, 'acme-setup.pdf')));
      case 'recap':
        return answer(recapAnswer(input.history.filter((turn) => turn.role === 'user').map((turn) => turn.content)));
      case 'form':
        return answer(FORM_ANSWER);
      // A2UI surfaces (demo-a2ui.ts): a table booking, a product list.
      case 'a2ui':
        return answer(demoSurfaceAnswer('booking'));
      case 'products':
        return answer(demoSurfaceAnswer('products'));
      case 'interaction':
        if (input.interaction?.type === A2UI_TYPE) {
          const action = actionInText(input.text);
          return answer(demoActionAnswer(action?.name ?? 'a2ui_error', action?.context));
        }
        return answer(interactionAnswer(input.interaction));
      case 'drop':
        return answer(LONG_ANSWER);
    }
  };
}

/** Round 1 talks, calls a tool, then round 2 replaces that talk with the real answer. */
async function toolRound(
  text: string,
  sink: AgentSink,
  stream: (text: string) => Promise<void>,
  signal: AbortSignal,
): Promise<void> {
  const final = /\bweather\b/i.test(text) ? WEATHER_ANSWER : SEARCH_ANSWER;
  sink.phase('model', 1);
  await stream(TOOL_PREAMBLE);
  sink.phase('tool', 1);
  await sleep(DEMO_TOOL_PAUSE_MS, signal);
  sink.reset('tool_round', 2);
  sink.phase('model', 2);
  await stream(final);
  sink.done(final);
}

/** The answer to a response: a form's uses what was submitted; other renderers get a thank-you. */
export function interactionAnswer(interaction: Readonly<Record<string, unknown>> | null): string {
  if (interaction?.type !== FORM_TYPE) return INTERACTION_ANSWER;
  if (interaction.action === 'cancel') return FORM_CANCELLED_ANSWER;
  const values = (interaction.values ?? {}) as Readonly<Record<string, unknown>>;
  return interaction.form_id === REFUND_FORM.form_id ? refundAnswer(values) : FORM_SUBMITTED_ANSWER;
}
