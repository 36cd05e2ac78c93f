// The demo agent over AG-UI: the BailingHub demo's answers, and a scenario for each part of AG-UI
// 1.0 a client has to handle. `planDemoRun` is pure (a run in, the events and pauses to send and
// how the run ends out); `createAguiDemoAgent` only plays the plan back at its pace.
//
// The scenario is picked by the run, first match wins: answers to interrupts (a resume), then a
// tool result the client sent back (a host tool, a form), then keywords in the last user message
// (AGUI_TRIGGERS, whole words), else the long markdown answer.
import { EventType, contentToText, type Event, type Interrupt, type Message, type ResumeEntry } from '@ag-ui/core';
import { sleep } from './agent';
import type { AguiAgent, AguiEnding, AguiRun, RaisedInterrupt, ResumeAnswer } from './agui-agent';
import {
  isPause,
  reasoning,
  textChunks,
  textMessage,
  toolCall,
  toolCallArgs,
  toolCallEnd,
  toolCallResult,
  toolCallStart,
  type RunStep,
} from '../ag-ui/agui-events';
import {
  APPROVAL_PREAMBLE,
  CHUNKS_ANSWER,
  COMPARE_ANSWER,
  COMPARE_CITIES,
  COMPARE_PREAMBLE,
  FORM_PREAMBLE,
  HOST_TOOL_PREAMBLE,
  INVOICE_ARGS,
  INVOICE_CURRENCIES,
  INVOICE_MESSAGE,
  INVOICE_NOT_SENT,
  INVOICE_PREAMBLE,
  INVOICE_RESPONSE_SCHEMA,
  INVOICE_TOOL,
  MAINTENANCE_PREAMBLE,
  MAX_INVOICE_AMOUNT,
  MAX_INVOICE_NOTE_CHARS,
  MAX_INVOICE_TO_CHARS,
  MAX_TODOS,
  NEW_TODO_TITLE,
  NO_HOST_TOOLS_ANSWER,
  PAGE_INFO_TOOL,
  PROGRESS_ACTIVITY,
  PROGRESS_ANSWER,
  PROGRESS_STEPS,
  PROGRESS_TITLE,
  REASONING_ANSWER,
  REASONING_TEXT,
  REFERENCES_EVENT,
  RESTART_ARGS,
  RESTART_MESSAGE,
  RESTART_TOOL,
  SANDBOX_PREAMBLE,
  SANDBOX_TOOL,
  SEARCH_RESULT,
  SEARCH_TOOL,
  TRIM_ANSWER_REST,
  TRIM_ANSWER_START,
  STARTER_TODOS,
  WEATHER_ARGS,
  WEATHER_RESULT,
  WEATHER_TOOL,
  alreadyAnswered,
  formInvalidAnswer,
  hostToolAnswer,
  invoiceSent,
  restartDone,
  restartNotDone,
  todoAnswer,
  trimSummary,
  type InvoiceArgs,
  type TodoItem,
} from '../demo/agui-replies';
import { extractAttachments } from '../hub/attachments';
import { chunkText, interactionAnswer } from './demo-agent';
import { demoFileUrl } from '../demo/demo-files';
import {
  DOCS_ANSWER,
  DOCS_REFERENCES,
  FAIL_PARTIAL,
  FAIL_REPLY,
  FORM_ANSWER,
  LONG_ANSWER,
  REFUND_FORM,
  SEARCH_ANSWER,
  SLOW_ANSWER,
  TOOL_PREAMBLE,
  WEATHER_ANSWER,
  filesAnswer,
  recapAnswer,
  receivedAnswer,
} from '../demo/demo-replies';
import { demoPackView } from '../demo/demo-packs';
import { FIXED_ANSWERS, isFixed, triggerTable } from '../demo/demo-scenarios';
import { demoView, viewSendAnswer, viewSendPayload } from '../demo/demo-sandbox';
import { isPlainObject } from '../http/fields';
import { A2UI_ACTIVITY, demoActionAnswer, demoSurfaceActivity, demoSurfaceIntro, type DemoSurface } from '../demo/demo-a2ui';
import { FORM_TYPE } from '../hub/form-response';
import { AGUI_ARGS_CHUNK_CHARS, AGUI_INTERRUPT_TTL_MS } from '../settings/limits';
import { validateForm, validateValues } from '../../../renderers/bailing-form/schema';

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

export interface DemoPacing {
  /** Before each streamed piece (text, arguments, reasoning). */
  deltaDelayMs: number;
  /** Before a tool's result, and between a progress step's start and end. */
  toolPauseMs: number;
  /** The "slow" demo's pause per piece. */
  slowDelayMs: number;
}

export interface DemoPlan {
  steps: RunStep[];
  ending: AguiEnding;
}

/** Fresh ids for messages (`msg`), tool calls (`tc`), interrupts (`int`), activities and reasoning. */
export type NewId = (kind: 'msg' | 'tc' | 'int' | 'act' | 'rsn') => string;

const json = (value: unknown): string => JSON.stringify(value);
const success: AguiEnding = { type: 'finished' };

export function planDemoRun(run: AguiRun, newId: NewId, pacing: DemoPacing): DemoPlan {
  const { deltaDelayMs: d, toolPauseMs } = pacing;
  const say = (text: string, delayMs = d): RunStep[] => textMessage(newId('msg'), text, delayMs);
  const answer = (text: string, delayMs = d): DemoPlan => ({ steps: say(text, delayMs), ending: success });
  const messages = run.input.messages;
  const text = messageText(lastUserMessage(messages));

  const scenario = pickAguiScenario(run);
  // Views that call the page's capability packs ("search the docs", "pets"), where it has them.
  const packView = run.answers.length === 0 && run.renderers.includes('sandbox') ? demoPackView(text, run.sandboxPacks ?? []) : null;
  if (packView && (scenario === 'tool' || scenario === 'docs' || scenario === 'long')) return generatedUiPlan(newId, d, SANDBOX_PREAMBLE, SANDBOX_TOOL, packView.view);
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
      return { steps: [...reasoning(newId('rsn'), newId('rsn'), REASONING_TEXT, d), ...say(REASONING_ANSWER)], ending: success };
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
      return generatedUiPlan(newId, d, SANDBOX_PREAMBLE, SANDBOX_TOOL, view.view);
    }
  }
}

function describeAttachment(attachment: ReturnType<typeof extractAttachments>[number]): { type: 'image' | 'audio' | 'file'; name: string } {
  return { type: attachment.type, name: attachment.type === 'image' ? (attachment.caption ?? 'image') : attachment.name };
}

/** Talk, a tool call with its arguments in pieces, its result after a pause, then the answer that uses it. */
function toolPlan(text: string, newId: NewId, d: number, toolPauseMs: number): DemoPlan {
  const weather = /\bweather\b/i.test(text);
  const messageId = newId('msg');
  const toolCallId = newId('tc');
  const call = weather
    ? { name: WEATHER_TOOL, args: WEATHER_ARGS, result: WEATHER_RESULT, final: WEATHER_ANSWER }
    : { name: SEARCH_TOOL, args: { query: text.slice(0, 200) }, result: SEARCH_RESULT, final: SEARCH_ANSWER };
  return {
    steps: [
      ...textMessage(messageId, TOOL_PREAMBLE, d),
      ...toolCall({ toolCallId, toolCallName: call.name, parentMessageId: messageId, args: json(call.args) }, d, 8),
      { pauseMs: toolPauseMs },
      toolCallResult(newId('msg'), toolCallId, json(call.result)),
      ...textMessage(newId('msg'), call.final, d),
    ],
    ending: success,
  };
}

/**
 * The agent rewrites the thread while it answers: part of the answer, then a MESSAGES_SNAPSHOT in
 * which the turns before the previous one are one summary, in their first answer's place (the previous turn, the
 * question and the answer so far kept; with a single earlier turn, that one is summarized), then
 * the rest of the answer at the slow pace, so a client shows the new thread mid-run.
 */
function trimPlan(messages: readonly Message[], newId: NewId, d: number, slowDelayMs: number): DemoPlan {
  const messageId = newId('msg');
  const roles = messages.map((m) => m.role);
  const at = Math.max(0, roles.lastIndexOf('user'));
  const previous = roles.lastIndexOf('user', at - 1);
  const cut = previous > 0 ? previous : at;
  const summarized = messages.slice(0, cut).find((m) => m.role === 'assistant');
  const start = textMessage(messageId, TRIM_ANSWER_START, d).slice(0, -1);
  const rest = textMessage(messageId, TRIM_ANSWER_REST, slowDelayMs).slice(1);
  const snapshot: Event = {
    type: EventType.MESSAGES_SNAPSHOT,
    messages: [
      // The summary takes the place of the first answer it covers: 1.0 reconciliation keeps held
      // messages where they are and appends new ones, so a new id would land after the question.
      ...(summarized ? [{ id: summarized.id, role: 'assistant' as const, content: trimSummary(cut) }] : []),
      ...messages.slice(cut),
      { id: messageId, role: 'assistant', content: TRIM_ANSWER_START },
    ],
  };
  return { steps: [...start, snapshot, ...rest], ending: success };
}

/** Two tool calls of one message whose starts, arguments and ends interleave. */
function parallelPlan(newId: NewId, d: number, toolPauseMs: number): DemoPlan {
  const messageId = newId('msg');
  const [a, b] = COMPARE_CITIES.map((city) => {
    const id = newId('tc');
    return { id, pieces: toolCallArgs(id, json(city.args), 10), result: city.result };
  }) as [{ id: string; pieces: Event[]; result: unknown }, { id: string; pieces: Event[]; result: unknown }];
  const piece = (event: Event | undefined): RunStep[] => (event ? [{ pauseMs: d }, event] : []);
  // a starts and sends a piece; b starts; then their pieces alternate; b ends first.
  const steps: RunStep[] = [
    ...textMessage(messageId, COMPARE_PREAMBLE, d),
    toolCallStart({ toolCallId: a.id, toolCallName: WEATHER_TOOL, parentMessageId: messageId, args: '' }),
    ...piece(a.pieces[0]),
    toolCallStart({ toolCallId: b.id, toolCallName: WEATHER_TOOL, parentMessageId: messageId, args: '' }),
  ];
  for (let i = 0; i < Math.max(a.pieces.length, b.pieces.length); i++) steps.push(...piece(b.pieces[i]), ...piece(a.pieces[i + 1]));
  steps.push(toolCallEnd(b.id), toolCallEnd(a.id), { pauseMs: toolPauseMs });
  steps.push(toolCallResult(newId('msg'), b.id, json(b.result)), toolCallResult(newId('msg'), a.id, json(a.result)));
  steps.push(...textMessage(newId('msg'), COMPARE_ANSWER, d));
  return { steps, ending: success };
}

function isTodo(value: unknown): value is TodoItem {
  return isPlainObject(value) && typeof value.id === 'string' && typeof value.title === 'string' && value.title.length <= 200 && typeof value.done === 'boolean';
}

/** The state's other keys are kept: the snapshot replaces the whole state. */
const stateObject = (state: unknown): Record<string, unknown> => (isPlainObject(state) ? state : {});

/** STATE_SNAPSHOT of the list (the client's, when it sent a valid one), then RFC 6902 deltas that change it. */
function todoPlan(state: unknown, newId: NewId, d: number): DemoPlan {
  const sent = stateObject(state).todos;
  const todos: TodoItem[] = Array.isArray(sent) && sent.length > 0 && sent.every(isTodo) ? sent.map((t) => ({ ...t })) : STARTER_TODOS.map((t) => ({ ...t }));
  // Copies in every event: the list below goes on changing as the deltas are planned.
  const steps: RunStep[] = [{ type: EventType.STATE_SNAPSHOT, snapshot: { ...stateObject(state), todos: todos.map((t) => ({ ...t })) } }];
  if (todos.length >= MAX_TODOS) {
    steps.push({ type: EventType.STATE_DELTA, delta: [{ op: 'remove', path: '/todos/0' }] });
    todos.shift();
  }
  let next = todos.length + 1;
  while (todos.some((t) => t.id === `t${next}`)) next++;
  const added: TodoItem = { id: `t${next}`, title: NEW_TODO_TITLE, done: false };
  steps.push({ pauseMs: d }, { type: EventType.STATE_DELTA, delta: [{ op: 'add', path: '/todos/-', value: { ...added } }] });
  todos.push(added);
  const open = todos.findIndex((t) => !t.done && t !== added);
  let ticked: string | null = null;
  if (open >= 0) {
    ticked = todos[open]!.title;
    // `test` first: the patch applies only to the list it was written for.
    steps.push({ pauseMs: d }, {
      type: EventType.STATE_DELTA,
      delta: [
        { op: 'test', path: `/todos/${open}/id`, value: todos[open]!.id },
        { op: 'replace', path: `/todos/${open}/done`, value: true },
      ],
    });
    todos[open]!.done = true;
  }
  steps.push(...textMessage(newId('msg'), todoAnswer(added.title, ticked, todos.filter((t) => t.done).length, todos.length), d));
  return { steps, ending: success };
}

/**
 * An A2UI surface as @ag-ui/a2ui-middleware streams it: an `a2ui-surface` activity, building, then
 * its operations, each snapshot replacing the one before under one message id.
 */
function surfacePlan(which: DemoSurface, newId: NewId, d: number, toolPauseMs: number): DemoPlan {
  const messageId = `a2ui-surface-${newId('tc')}`;
  const steps: RunStep[] = [...textMessage(newId('msg'), demoSurfaceIntro(which), d)];
  for (const content of demoSurfaceActivity(which)) steps.push({ pauseMs: toolPauseMs / 4 }, { type: EventType.ACTIVITY_SNAPSHOT, messageId, activityType: A2UI_ACTIVITY, content, replace: true });
  return { steps, ending: success };
}

/** A progress activity updated by deltas as named steps start and finish, then the answer. */
function progressPlan(newId: NewId, d: number, toolPauseMs: number): DemoPlan {
  const messageId = newId('act');
  const activityType = PROGRESS_ACTIVITY;
  const steps: RunStep[] = [
    {
      type: EventType.ACTIVITY_SNAPSHOT,
      messageId,
      activityType,
      content: { title: PROGRESS_TITLE, steps: PROGRESS_STEPS.map((label) => ({ label, status: 'pending' })), done: 0, total: PROGRESS_STEPS.length },
    },
  ];
  PROGRESS_STEPS.forEach((stepName, i) => {
    steps.push(
      { type: EventType.STEP_STARTED, stepName },
      { type: EventType.ACTIVITY_DELTA, messageId, activityType, patch: [{ op: 'replace', path: `/steps/${i}/status`, value: 'running' }] },
      { pauseMs: toolPauseMs },
      {
        type: EventType.ACTIVITY_DELTA,
        messageId,
        activityType,
        patch: [
          { op: 'replace', path: `/steps/${i}/status`, value: 'done' },
          { op: 'replace', path: '/done', value: i + 1 },
        ],
      },
      { type: EventType.STEP_FINISHED, stepName },
    );
  });
  steps.push(...textMessage(newId('msg'), PROGRESS_ANSWER, d));
  return { steps, ending: success };
}

/** A tool call named for a renderer the client advertised, its payload as the streamed arguments; the client draws it. */
function generatedUiPlan(newId: NewId, d: number, preamble: string, name: string, payload: unknown): DemoPlan {
  const messageId = newId('msg');
  const toolCallId = newId('tc');
  return {
    steps: [
      ...textMessage(messageId, preamble, d),
      ...toolCall({ toolCallId, toolCallName: name, parentMessageId: messageId, args: json(payload) }, d, AGUI_ARGS_CHUNK_CHARS),
    ],
    ending: { type: 'finished', pendingToolCallIds: [toolCallId] },
  };
}

/** The page's own tool (get_page_info, else the first one the run lists), called for the client to run. */
function hostToolPlan(run: AguiRun, newId: NewId, d: number): DemoPlan {
  const tools = run.input.tools;
  const tool = tools.find((t) => t.name === PAGE_INFO_TOOL) ?? tools[0];
  if (!tool) return { steps: textMessage(newId('msg'), NO_HOST_TOOLS_ANSWER, d), ending: success };
  const messageId = newId('msg');
  const toolCallId = newId('tc');
  return {
    steps: [...textMessage(messageId, HOST_TOOL_PREAMBLE, d), ...toolCall({ toolCallId, toolCallName: tool.name, parentMessageId: messageId, args: '{}' }, d, 8)],
    ending: { type: 'finished', pendingToolCallIds: [toolCallId] },
  };
}

/** The name of the call a tool message answers, from the assistant message that made it. */
function toolCallName(messages: readonly Message[], toolCallId: string): string | undefined {
  for (const m of messages) {
    if (m.role !== 'assistant') continue;
    const call = m.toolCalls?.find((c) => c.id === toolCallId);
    if (call) return call.function.name;
  }
  return undefined;
}

/** The client ran what the last run left it (a host tool, a form): the answer uses each result. */
function toolResultPlan(messages: readonly Message[], newId: NewId, d: number): DemoPlan {
  const results: Extract<Message, { role: 'tool' }>[] = [];
  for (let i = messages.length - 1; i >= 0 && messages[i]!.role === 'tool'; i--) results.unshift(messages[i] as Extract<Message, { role: 'tool' }>);
  const parts = results.map((result) => {
    const name = toolCallName(messages, result.toolCallId) ?? 'unknown';
    const content = typeof result.content === 'string' ? result.content : contentToText(result.content);
    return name === FORM_TYPE ? formAnswer(content) : hostToolAnswer(name, content, result.error);
  });
  return { steps: textMessage(newId('msg'), parts.join('\n\n'), d), ending: success };
}

/** A `bailing-form` answered through its tool call: `{action, values}`, checked against the form it answers. */
function formAnswer(content: string): string {
  let response: unknown;
  try {
    response = JSON.parse(content);
  } catch {
    return formInvalidAnswer(['it is not JSON']);
  }
  if (!isPlainObject(response) || (response.action !== 'submit' && response.action !== 'cancel')) {
    return formInvalidAnswer(['it needs "action": "submit" or "cancel"']);
  }
  if (response.action === 'submit') {
    const form = validateForm(REFUND_FORM);
    const values = form.ok ? validateValues(form.form, response.values ?? {}) : null;
    if (!values?.ok) return formInvalidAnswer(values && !values.ok ? values.errors.map((e) => e.message) : ['the form is not valid']);
    return interactionAnswer({ type: FORM_TYPE, form_id: REFUND_FORM.form_id, action: 'submit', values: values.values });
  }
  return interactionAnswer({ type: FORM_TYPE, form_id: REFUND_FORM.form_id, action: 'cancel' });
}

type ApprovalKind = 'restart' | 'invoice';

/** Proposes the actions as tool calls, then ends the run asking for approval of each (the interrupt outcome). */
function approvalPlan(run: AguiRun, newId: NewId, d: number, preamble: string, kinds: readonly ApprovalKind[]): DemoPlan {
  const messageId = newId('msg');
  const steps: RunStep[] = textMessage(messageId, preamble, d);
  const raised: RaisedInterrupt[] = [];
  const expiresAt = new Date(run.now + AGUI_INTERRUPT_TTL_MS).toISOString();
  for (const kind of kinds) {
    const toolCallId = newId('tc');
    const tool = kind === 'restart' ? RESTART_TOOL : INVOICE_TOOL;
    const args = kind === 'restart' ? RESTART_ARGS : INVOICE_ARGS;
    steps.push(...toolCall({ toolCallId, toolCallName: tool, parentMessageId: messageId, args: json(args) }, d, 8));
    const interrupt: Interrupt = {
      id: newId('int'),
      reason: 'tool_call',
      message: kind === 'restart' ? RESTART_MESSAGE : INVOICE_MESSAGE,
      toolCallId,
      // The plain approval has no schema: approve or reject. The invoice's is its edit form.
      ...(kind === 'invoice' ? { responseSchema: INVOICE_RESPONSE_SCHEMA } : {}),
      expiresAt,
    };
    raised.push({ interrupt, action: { kind, tool, toolCallId, args } });
  }
  // What the resume needs, in the state before the interrupt (1.0: state at the interrupt boundary).
  steps.push({
    type: EventType.STATE_SNAPSHOT,
    snapshot: {
      ...stateObject(run.input.state),
      pendingApprovals: raised.map(({ interrupt, action }) => ({ interruptId: interrupt.id, tool: action.tool, args: action.args })),
    },
  });
  return { steps, ending: { type: 'finished', interrupts: raised } };
}

interface Decision {
  run: boolean;
  args: Record<string, unknown>;
  edited: boolean;
  reason?: 'declined' | 'cancelled';
}

function decide(answer: ResumeAnswer): Decision {
  const { entry, record } = answer;
  const args = record.action.args as Record<string, unknown>;
  if (entry.status === 'cancelled') return { run: false, args, edited: false, reason: 'cancelled' };
  const payload = entry.payload as unknown;
  const approved = payload === true || (isPlainObject(payload) && payload.approved === true);
  if (!approved) return { run: false, args, edited: false, reason: 'declined' };
  const edited = isPlainObject(payload) && isPlainObject(payload.editedArgs) ? payload.editedArgs : null;
  return { run: true, args: edited ?? args, edited: edited !== null };
}

/** Each answered interrupt: its tool's result (done or not run) against the original call, then one answer. */
function resumePlan(run: AguiRun, newId: NewId, pacing: DemoPacing): DemoPlan {
  const steps: RunStep[] = [];
  const lines: string[] = [];
  for (const answer of run.answers) {
    const kind = answer.record.action.kind as ApprovalKind;
    if (answer.replay) {
      lines.push(alreadyAnswered(answer.record.id));
      continue;
    }
    const decision = decide(answer);
    const toolCallId = answer.record.action.toolCallId as string;
    steps.push({ pauseMs: pacing.toolPauseMs });
    steps.push(
      toolCallResult(
        newId('msg'),
        toolCallId,
        json(decision.run ? { status: 'done', ...decision.args } : { status: 'not_run', reason: decision.reason }),
      ),
    );
    if (kind === 'restart') {
      const server = String(decision.args.server ?? RESTART_ARGS.server);
      lines.push(decision.run ? restartDone(server) : restartNotDone(server));
    } else lines.push(decision.run ? invoiceSent(decision.args as unknown as InvoiceArgs, decision.edited) : INVOICE_NOT_SENT);
  }
  const state = stateObject(run.input.state);
  if ('pendingApprovals' in state) steps.push({ type: EventType.STATE_DELTA, delta: [{ op: 'remove', path: '/pendingApprovals' }] });
  steps.push(...textMessage(newId('msg'), lines.join('\n\n'), pacing.deltaDelayMs));
  return { steps, ending: success };
}

/** Why `entry` cannot answer the approval `action` asked for, or null (agui-agent.ts `checkAnswer`). */
export function checkDemoAnswer(action: Readonly<Record<string, unknown>>, entry: ResumeEntry): string | null {
  if (entry.status === 'cancelled') return null;
  const payload = entry.payload as unknown;
  if (action.kind === 'restart') {
    const plain = isPlainObject(payload) && Object.keys(payload).length === 1 && typeof payload.approved === 'boolean';
    return typeof payload === 'boolean' || plain ? null : 'send {"approved": true} to go ahead, {"approved": false} to decline.';
  }
  if (action.kind === 'invoice') {
    if (!isPlainObject(payload) || typeof payload.approved !== 'boolean') return '"payload.approved" must be true or false.';
    const extra = Object.keys(payload).find((key) => key !== 'approved' && key !== 'editedArgs');
    if (extra !== undefined) return `"payload.${extra}" is not part of this form.`;
    return payload.editedArgs === undefined ? null : checkInvoiceArgs(payload.editedArgs);
  }
  return 'this interrupt cannot be answered any more.';
}

/** The edit form's rules (INVOICE_RESPONSE_SCHEMA), checked here: the client's form is not trusted to have applied them. */
function checkInvoiceArgs(args: unknown): string | null {
  if (!isPlainObject(args)) return '"payload.editedArgs" must be an object.';
  const extra = Object.keys(args).find((key) => !['to', 'amount', 'currency', 'note'].includes(key));
  if (extra !== undefined) return `"payload.editedArgs.${extra}" is not a field of the invoice.`;
  if (typeof args.to !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(args.to) || args.to.length > MAX_INVOICE_TO_CHARS) {
    return `"payload.editedArgs.to" must be an email address of at most ${MAX_INVOICE_TO_CHARS} characters.`;
  }
  if (typeof args.amount !== 'number' || !Number.isFinite(args.amount) || args.amount <= 0 || args.amount > MAX_INVOICE_AMOUNT) {
    return `"payload.editedArgs.amount" must be a number above 0 and at most ${MAX_INVOICE_AMOUNT}.`;
  }
  if (!INVOICE_CURRENCIES.includes(args.currency as (typeof INVOICE_CURRENCIES)[number])) {
    return `"payload.editedArgs.currency" must be one of ${INVOICE_CURRENCIES.join(', ')}.`;
  }
  if (args.note !== undefined && (typeof args.note !== 'string' || [...args.note].length > MAX_INVOICE_NOTE_CHARS)) {
    return `"payload.editedArgs.note" must be text of at most ${MAX_INVOICE_NOTE_CHARS} characters.`;
  }
  return null;
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
