// The AG-UI demo's tool calls (pure plans): a server tool with its result, two calls whose events
// interleave, the page's own tool left for the client to run, a renderer's payload streamed as a
// call's arguments (generated UI), and the answer to the results a client sends back.
import { contentToText, type Event, type Message } from '@ag-ui/core';
import { toolCall, toolCallArgs, toolCallEnd, toolCallResult, toolCallStart, textMessage, type RunStep } from '../ag-ui/agui-events';
import {
  COMPARE_ANSWER,
  COMPARE_CITIES,
  COMPARE_PREAMBLE,
  HOST_TOOL_PREAMBLE,
  NO_HOST_TOOLS_ANSWER,
  PAGE_INFO_TOOL,
  SEARCH_RESULT,
  SEARCH_TOOL,
  WEATHER_ARGS,
  WEATHER_RESULT,
  WEATHER_TOOL,
  formInvalidAnswer,
  hostToolAnswer,
} from '../demo/agui-replies';
import { REFUND_FORM, SEARCH_ANSWER, TOOL_PREAMBLE, WEATHER_ANSWER } from '../demo/demo-replies';
import { isPlainObject } from '../http/fields';
import { FORM_TYPE } from '../hub/form-response';
import { AGUI_ARGS_CHUNK_CHARS } from '../settings/limits';
import { validateForm, validateValues } from '../../../renderers/bailing-form/schema';
import type { AguiRun } from './agui-agent';
import { json, success, type DemoPlan, type NewId } from './agui-demo-plan';
import { interactionAnswer } from './demo-agent';

/** Talk, a tool call with its arguments in pieces, its result after a pause, then the answer that uses it. */
export function toolPlan(text: string, newId: NewId, d: number, toolPauseMs: number): DemoPlan {
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

/** Two tool calls of one message whose starts, arguments and ends interleave. */
export function parallelPlan(newId: NewId, d: number, toolPauseMs: number): DemoPlan {
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

/**
 * A tool call named for a renderer the client advertised, its payload as the streamed arguments;
 * the client draws it. With `previewPauseMs`, the arguments stop halfway for that long, as a model
 * writing a long view does, so the renderer's preview of the fields so far is on screen a while.
 */
export function generatedUiPlan(newId: NewId, d: number, preamble: string, name: string, payload: unknown, previewPauseMs = 0): DemoPlan {
  const messageId = newId('msg');
  const toolCallId = newId('tc');
  const call = toolCall({ toolCallId, toolCallName: name, parentMessageId: messageId, args: json(payload) }, d, AGUI_ARGS_CHUNK_CHARS);
  if (previewPauseMs > 0) call.splice(Math.floor(call.length / 2), 0, { pauseMs: previewPauseMs });
  return {
    steps: [...textMessage(messageId, preamble, d), ...call],
    ending: { type: 'finished', pendingToolCallIds: [toolCallId] },
  };
}

/** The page's own tool (get_page_info, else the first one the run lists), called for the client to run. */
export function hostToolPlan(run: AguiRun, newId: NewId, d: number): DemoPlan {
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
export function toolResultPlan(messages: readonly Message[], newId: NewId, d: number): DemoPlan {
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
