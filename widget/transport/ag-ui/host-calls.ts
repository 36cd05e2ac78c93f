// The page's answers to the tool calls a run left to it (host tools): each call's arguments checked
// against its tool's schema, its handler run (with a time limit), the result a tool message; and
// the messages a new turn sends, with the calls still open closed first.
import { randomId } from '../../ids';
import type { HostTool } from './options';
import type { AgUiRun, Part } from './run';
import { isRecord } from './kept-thread';
import { rendererTypeOf } from './parts-view';
import { compileToolSchema, type SchemaProblem, type ToolSchema } from './tool-schema';
import type { Message, ToolMessage } from './types';

/** Each tool's check of its arguments, made once (readHostTools has refused the tools whose schema is not one). */
const schemas = new WeakMap<HostTool, ToolSchema>();
const schemaOf = (tool: HostTool) => schemas.get(tool) ?? schemas.set(tool, compileToolSchema(tool.parameters)).get(tool)!;

/**
 * Runs the page's handler for each tool call the run left to it; the results become tool
 * messages. A call is the page's when the run offered its tool, or named it pending: a call of a
 * tool the page never offered, left without a result (an agent's own output tool, `final_result`),
 * is not asked of the page, and sending a run to say so would only loop.
 */
export async function answerToolCalls(run: AgUiRun, tools: readonly HostTool[], signal: AbortSignal, drawnByPage: (name: string) => boolean, warn: (message: string) => void): Promise<Message[] | null> {
  const asked = run.parts.filter((p) => p.kind === 'tool' && run.pendingToolCalls.includes(p.id) && !drawnByPage(p.name) && (run.track.named || tools.some((t) => t.name === p.name)));
  if (!asked.length) return null;
  const results: Message[] = [];
  for (const call of asked) {
    if (call.kind !== 'tool') continue;
    const tool = tools.find((t) => t.name === call.name);
    let content: string;
    let error: string | undefined;
    let problems: SchemaProblem[] | undefined;
    try {
      if (!tool) throw new Error(`no tool named "${call.name}" on this page`);
      let args: unknown;
      try {
        args = call.args.trim() ? JSON.parse(call.args) : {};
      } catch {
        throw new Error(`the arguments of ${call.name} are not JSON`);
      }
      // The model's arguments meet the tool's schema, or the handler never sees them: the
      // result tells the agent where and which rule, so it can call again with them right.
      const schema = schemaOf(tool);
      problems = schema.ok ? schema.check(args) : [{ path: '', rule: '$schema', message: `the tool's parameters schema is not valid: ${schema.error}` }];
      if (problems.length) throw new Error(`the arguments of ${call.name} do not match its parameters schema: ${problems.map((p) => p.message).join('; ')}`);
      problems = undefined;
      const value = await withTimeout(Promise.resolve().then(() => tool.handler(args)), tool.timeoutMs, signal, call.name);
      content = typeof value === 'string' ? value : JSON.stringify(value ?? null);
    } catch (e) {
      if (signal.aborted) throw e;
      error = e instanceof Error ? e.message : String(e);
      content = JSON.stringify(problems ? { error, problems } : { error });
      warn(`the tool ${call.name} failed: ${error}`);
    }
    results.push({ id: randomId('m_', 16), role: 'tool', toolCallId: call.id, content, ...(error ? { error } : {}) });
  }
  return results;
}

/** The tool calls of the thread that no tool message answers yet. */
export function openCalls(messages: readonly Message[]) {
  const answered = new Set(messages.flatMap((m) => (m.role === 'tool' ? [m.toolCallId] : [])));
  return messages.flatMap((m) => (m.role === 'assistant' && m.toolCalls ? m.toolCalls.filter((c) => !answered.has(c.id)) : []));
}

/** A tool step with the page's answer to it, when `results` has one. */
export function answered(part: Part, results: readonly Message[]): Part {
  if (part.kind !== 'tool') return part;
  const result = results.find((m): m is ToolMessage => m.role === 'tool' && m.toolCallId === part.id);
  // The results are the ones answerToolCalls made: their content is text.
  return result ? { ...part, status: result.error ? 'failed' : 'done', result: result.content as string } : part;
}


function withTimeout<T>(work: Promise<T>, ms: number, signal: AbortSignal, name: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} took longer than ${ms} ms`)), ms);
    const stop = () => reject(signal.reason ?? new Error('aborted'));
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal.removeEventListener('abort', stop);
    });
  });
}

/** The result a drawn tool call gets when the visitor goes on without answering it (the view was shown). */
export const SHOWN = JSON.stringify({ status: 'shown' });
/**
 * The error a call gets when the visitor goes on before it ran (they stopped the answer): in the
 * tool message's `error` (1.0 ToolMessage.error), so the agent does not read it as a result.
 */
const NOT_RUN = 'not run';

/**
 * What a new turn sends after the thread's `messages`: the visitor's message, or the answer of a
 * drawn call's renderer (its result), or an activity's own forwardedProps (`props`, with no
 * message of the visitor's), each open call closed first.
 */
export function turnMessages(messages: readonly Message[], message: string | undefined, interaction: Record<string, unknown> | undefined, drawnByPage: (name: string) => boolean): { sent: Message[]; props?: Record<string, unknown> } {
  const open = openCalls(messages);
  // A drawn tool call's renderer answered (a generated form was sent): that is the call's
  // result. The widget's own fields of the response are not the agent's.
  const drawnCall = interaction ? open.find((c) => rendererTypeOf(c.function.name) === interaction.type) : undefined;
  // An activity's renderer starts a run with its own forwardedProps (RendererActivity.run: an
  // A2UI action, which the agent's middleware turns into messages of its own): the run carries
  // them, and no message of the visitor's.
  const props = isRecord(interaction?.forwardedProps) ? (interaction.forwardedProps as Record<string, unknown>) : undefined;
  let sent: Message[];
  if (drawnCall && interaction && !props) {
    const { type: _t, version: _v, source_job_id: _s, ...response } = interaction;
    sent = [...messages, { id: randomId('m_', 16), role: 'tool', toolCallId: drawnCall.id, content: JSON.stringify(response) }];
  } else {
    // Going on past drawn calls (a view the visitor did not answer): each gets its result, as
    // every tool call must before the next user message. Another renderer's response reaches
    // the agent as the user's message, in JSON.
    const closed: Message[] = open.map((c) => ({ id: randomId('m_', 16), role: 'tool', toolCallId: c.id, ...(drawnByPage(c.function.name) ? { content: SHOWN } : { content: JSON.stringify({ error: NOT_RUN }), error: NOT_RUN }) }));
    const content = interaction ? JSON.stringify({ interaction_response: interaction }) : message ?? '';
    sent = [...messages, ...closed, ...(props ? [] : [{ id: randomId('m_', 16), role: 'user', content } satisfies Message])];
  }
  return { sent, props };
}
