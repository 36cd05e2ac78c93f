// The AG-UI demo's approvals (pure): a run that proposes actions as tool calls and ends asking for
// approval of each (the interrupt outcome), the run that resumes it with the answers, and the
// rules an answer is checked against before the agent sees it (`checkDemoAnswer`).
import { EventType, type Interrupt, type ResumeEntry } from '@ag-ui/core';
import { textMessage, toolCall, toolCallResult, type RunStep } from '../ag-ui/agui-events';
import {
  INVOICE_ARGS,
  INVOICE_CURRENCIES,
  INVOICE_MESSAGE,
  INVOICE_NOT_SENT,
  INVOICE_RESPONSE_SCHEMA,
  INVOICE_TOOL,
  MAX_INVOICE_AMOUNT,
  MAX_INVOICE_NOTE_CHARS,
  MAX_INVOICE_TO_CHARS,
  RESTART_ARGS,
  RESTART_MESSAGE,
  RESTART_TOOL,
  alreadyAnswered,
  invoiceSent,
  restartDone,
  restartNotDone,
  type InvoiceArgs,
} from '../demo/agui-replies';
import { isPlainObject } from '../http/fields';
import { AGUI_INTERRUPT_TTL_MS } from '../settings/limits';
import type { AguiRun, RaisedInterrupt, ResumeAnswer } from './agui-agent';
import { json, success, type DemoPacing, type DemoPlan, type NewId } from './agui-demo-plan';
import { stateObject } from './agui-demo-state';

type ApprovalKind = 'restart' | 'invoice';

/** Proposes the actions as tool calls, then ends the run asking for approval of each (the interrupt outcome). */
export function approvalPlan(run: AguiRun, newId: NewId, d: number, preamble: string, kinds: readonly ApprovalKind[]): DemoPlan {
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
export function resumePlan(run: AguiRun, newId: NewId, pacing: DemoPacing): DemoPlan {
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
