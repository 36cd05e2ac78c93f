// The demo agent over AG-UI: the BailingHub demo's answers, and a scenario for each part of AG-UI
// 1.0 a client has to handle. `planDemoRun` is pure (a run in, the events and pauses to send and
// how the run ends out); `createAguiDemoAgent` only plays the plan back at its pace.
//
// The scenario is picked by the run, first match wins: answers to interrupts (a resume), then a
// tool result the client sent back (a host tool, a form), then keywords in the last user message
// (AGUI_TRIGGERS, whole words), else the long markdown answer. The plans of the larger scenarios
// are built by kind: tool calls (agui-demo-tools.ts), state, activities and snapshots
// (agui-demo-state.ts), approvals and their answers (agui-demo-approvals.ts).
import { EventType, contentToText, type Event, type Message } from '@ag-ui/core';
import { sleep } from './agent';
import type { AguiAgent, AguiRun } from './agui-agent';
import { approvalPlan, checkDemoAnswer, resumePlan } from './agui-demo-approvals';
import { success, type DemoPacing, type DemoPlan, type NewId } from './agui-demo-plan';
import { progressPlan, surfacePlan, todoPlan, trimPlan } from './agui-demo-state';
import { generatedUiPlan, hostToolPlan, parallelPlan, toolPlan, toolResultPlan } from './agui-demo-tools';
import { isPause, reasoning, textChunks, textMessage, type RunStep } from '../ag-ui/agui-events';
import {
  APPROVAL_PREAMBLE,
  CHUNKS_ANSWER,
  FORM_PREAMBLE,
  INVOICE_PREAMBLE,
  MAINTENANCE_PREAMBLE,
  REASONING_ANSWER,
  REASONING_TEXT,
  REFERENCES_EVENT,
  SANDBOX_PREAMBLE,
  SANDBOX_TOOL,
} from '../demo/agui-replies';
import { extractAttachments } from '../hub/attachments';
import { chunkText } from './demo-agent';
import { demoFileUrl } from '../demo/demo-files';
import {
  DOCS_ANSWER,
  DOCS_REFERENCES,
  FAIL_PARTIAL,
  FAIL_REPLY,
  FORM_ANSWER,
  LONG_ANSWER,
  REFUND_FORM,
  SLOW_ANSWER,
  filesAnswer,
  recapAnswer,
  receivedAnswer,
} from '../demo/demo-replies';
import { demoPackView } from '../demo/demo-packs';
import { FIXED_ANSWERS, isFixed, triggerTable } from '../demo/demo-scenarios';
import { demoView, viewSendAnswer, viewSendPayload } from '../demo/demo-sandbox';
import { isPlainObject } from '../http/fields';
import { demoActionAnswer } from '../demo/demo-a2ui';
import { FORM_TYPE } from '../hub/form-response';

export type AguiScenario =
  | 'resume'
  | 'tool-result'
  | 'received'
  | 'view-send'
  | 'fail'
  | 'drop'
  | 'slow'
  | 'maintenance'
  | 'approval'
  | 'invoice'
  | 'host-tool'
  | 'parallel'
  | 'tool'
  | 'todo'
  | 'reasoning'
  | 'progress'
  | 'chunks'
  | 'trim'
  | 'docs'
  | 'files'
  | 'recap'
  | 'vega'
  | 'diagram'
  | 'chart'
  | 'form'
  | 'a2ui'
  | 'products'
  | 'a2ui-action'
  | 'sandbox'
  | 'math'
  | 'hello'
  | 'long';

/** Keywords of the last user message, first match wins (so "slow chart" is slow); the shared ones are demo-scenarios.ts's. */
export const AGUI_TRIGGERS = triggerTable<AguiScenario>([
  'fail',
  'drop',
  'slow',
  ['maintenance', /\bmaintenance\b/i],
  ['approval', /\b(?:restart\w*|approv\w*)\b/i],
  ['invoice', /\binvoices?\b/i],
  ['host-tool', /\b(?:pages?|host[- ]tools?)\b/i],
  ['parallel', /\b(?:compare|parallel)\b/i],
  'tool',
  ['todo', /\b(?:to-?dos?|tasks?|state)\b/i],
  ['reasoning', /\b(?:think\w*|reason\w*)\b/i],
  ['progress', /\b(?:steps?|progress|deploy\w*|activity)\b/i],
  ['chunks', /\bchunks?\b/i],
  ['trim', /\b(?:trim\w*|summari[sz]e\w*|snapshot)\b/i],
  'docs',
  'files',
  'recap',
  'vega',
  'diagram',
  'chart',
  'a2ui',
  'products',
  'form',
  ['sandbox', /\b(?:calculator|unit[- ]?converter|convert(?:er)?|bill|split(?:ter)?|tip|kit)\b/i],
  'math',
  'hello',
  ['long', /\b(?:long|stream\w*|markdown)\b/i],
]);

/** The attachment links a message's text carries, removed to quote what the visitor typed. */
const MARKDOWN_LINKS = /!?\[[^\]\n]*\]\(https?:\/\/[^\s()<>]+\)/g;

export const messageText = (message: Message | undefined): string =>
  message && 'content' in message && (typeof message.content === 'string' || Array.isArray(message.content))
    ? contentToText(message.content as Parameters<typeof contentToText>[0]).trim()
    : '';

function lastUserMessage(messages: readonly Message[]): Message | undefined {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.role === 'user') return messages[i];
  return undefined;
}

export function pickAguiScenario(run: Pick<AguiRun, 'input' | 'answers'>): AguiScenario {
  if (run.answers.length > 0) return 'resume';
  // An action on a surface (as @ag-ui/a2ui-middleware carries it back): the run carries it, no message.
  if (isPlainObject((run.input.forwardedProps as { a2uiAction?: unknown } | undefined)?.a2uiAction)) return 'a2ui-action';
  if (run.input.messages.at(-1)?.role === 'tool') return 'tool-result';
  const text = messageText(lastUserMessage(run.input.messages));
  if (extractAttachments(text).length > 0) return 'received';
  if (viewSendPayload(text)) return 'view-send';
  for (const [scenario, pattern] of AGUI_TRIGGERS) if (pattern.test(text)) return scenario;
  return 'long';
}

/** The fewest milliseconds between two chunks of the demo's reasoning. */
const REASONING_DELAY_MS = 20;

export function planDemoRun(run: AguiRun, newId: NewId, pacing: DemoPacing): DemoPlan {
  const { deltaDelayMs: d, toolPauseMs } = pacing;
  const say = (text: string, delayMs = d): RunStep[] => textMessage(newId('msg'), text, delayMs);
  const answer = (text: string, delayMs = d): DemoPlan => ({ steps: say(text, delayMs), ending: success });
  const messages = run.input.messages;
  const text = messageText(lastUserMessage(messages));

  const scenario = pickAguiScenario(run);
  // Views that call the page's capability packs ("search the docs", "pets"), where it has them.
  const packView = run.answers.length === 0 && run.renderers.includes('sandbox') ? demoPackView(text, run.sandboxPacks ?? []) : null;
  if (packView && (scenario === 'tool' || scenario === 'docs' || scenario === 'long')) return generatedUiPlan(newId, d, SANDBOX_PREAMBLE, SANDBOX_TOOL, packView.view, toolPauseMs);
  if (isFixed(scenario)) return answer(FIXED_ANSWERS[scenario]);
  switch (scenario) {
    case 'resume':
      return resumePlan(run, newId, pacing);
    case 'tool-result':
      return toolResultPlan(messages, newId, d);
    case 'received':
      return answer(receivedAnswer(extractAttachments(text).map(describeAttachment), text.replace(MARKDOWN_LINKS, '')));
    case 'view-send':
      return answer(viewSendAnswer(viewSendPayload(text)!));
    case 'fail': {
      // The text so far stays open: the run fails in the middle of its message.
      const messageId = newId('msg');
      const partial = textMessage(messageId, FAIL_PARTIAL, d).slice(0, -1);
      return { steps: partial, ending: { type: 'error', message: FAIL_REPLY, code: 'demo_failure' } };
    }
    case 'drop': {
      const messageId = newId('msg');
      const pieces = chunkText(LONG_ANSWER);
      // Cut in the middle of the message: no TEXT_MESSAGE_END, no terminal event.
      const half = textMessage(messageId, pieces.slice(0, Math.floor(pieces.length / 2)).join(''), d).slice(0, -1);
      return { steps: half, ending: { type: 'drop' } };
    }
    case 'slow':
      return answer(SLOW_ANSWER, pacing.slowDelayMs);
    case 'maintenance':
      return approvalPlan(run, newId, d, MAINTENANCE_PREAMBLE, ['restart', 'invoice']);
    case 'approval':
      return approvalPlan(run, newId, d, APPROVAL_PREAMBLE, ['restart']);
    case 'invoice':
      return approvalPlan(run, newId, d, INVOICE_PREAMBLE, ['invoice']);
    case 'host-tool':
      return hostToolPlan(run, newId, d);
    case 'parallel':
      return parallelPlan(newId, d, toolPauseMs);
    case 'tool':
      return toolPlan(text, newId, d, toolPauseMs);
    case 'todo':
      return todoPlan(run.input.state, newId, d);
    case 'reasoning':
      // Reasoning takes its time (a model's does): at least REASONING_DELAY_MS a chunk, so even the
      // tests' fast pace leaves it running long enough for a page that reads in 150 ms batches to
      // see it running and time it.
      return { steps: [...reasoning(newId('rsn'), newId('rsn'), REASONING_TEXT, Math.max(d, REASONING_DELAY_MS)), ...say(REASONING_ANSWER)], ending: success };
    case 'progress':
      return progressPlan(newId, d, toolPauseMs);
    case 'chunks':
      return { steps: textChunks(newId('msg'), CHUNKS_ANSWER, d), ending: success };
    case 'trim':
      return trimPlan(messages, newId, d, pacing.slowDelayMs);
    case 'docs': {
      const messageId = newId('msg');
      const references: Event = { type: EventType.CUSTOM, name: REFERENCES_EVENT, value: { messageId, references: DOCS_REFERENCES } };
      return { steps: [...textMessage(messageId, DOCS_ANSWER, d), references], ending: success };
    }
    case 'files':
      return answer(filesAnswer(demoFileUrl(run.baseUrl, 'acme-setup.pdf')));
    case 'recap': {
      const users = messages.filter((m) => m.role === 'user').map(messageText);
      return answer(recapAnswer(users.slice(0, -1)));
    }
    case 'form':
      // Generated UI where the client draws forms itself; the fenced block everywhere else.
      if (!run.renderers.includes(FORM_TYPE)) return answer(FORM_ANSWER);
      return generatedUiPlan(newId, d, FORM_PREAMBLE, FORM_TYPE, REFUND_FORM);
    case 'a2ui':
    case 'products':
      return surfacePlan(scenario === 'a2ui' ? 'booking' : 'products', newId, d, toolPauseMs);
    case 'a2ui-action': {
      const action = (run.input.forwardedProps as { a2uiAction: { userAction?: { name?: unknown; context?: unknown } } }).a2uiAction.userAction;
      return answer(demoActionAnswer(action?.name, action?.context));
    }
    case 'sandbox': {
      const view = demoView(text, run.sandboxKit)!;
      if (!view.view || !run.renderers.includes('sandbox')) return answer(view.answer);
      return generatedUiPlan(newId, d, SANDBOX_PREAMBLE, SANDBOX_TOOL, view.view, toolPauseMs);
    }
  }
}

function describeAttachment(attachment: ReturnType<typeof extractAttachments>[number]): { type: 'image' | 'audio' | 'file'; name: string } {
  return { type: attachment.type, name: attachment.type === 'image' ? (attachment.caption ?? 'image') : attachment.name };
}

export interface AguiDemoOptions extends DemoPacing {
  newId: NewId;
}

/** Plays the plan: its pauses (aborted at once when the client goes), its events, its ending. */
export function createAguiDemoAgent(options: AguiDemoOptions): AguiAgent {
  return {
    async run(run, emit, signal) {
      const plan = planDemoRun(run, options.newId, options);
      for (const step of plan.steps) {
        if (isPause(step)) {
          if (step.pauseMs > 0) await sleep(step.pauseMs, signal);
        } else {
          emit(step);
        }
      }
      return plan.ending;
    },
    checkAnswer: checkDemoAnswer,
  };
}
