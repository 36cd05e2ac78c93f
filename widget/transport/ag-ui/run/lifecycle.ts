// The run's lifecycle (RUN_STARTED, RUN_FINISHED and its outcomes, RUN_ERROR), its steps, and its
// subagents.
import type { ToolPart } from '../run';
import { addMsg, addPart, editPart, index, isOpen, msgAt, owner, partAt, r, setOpen, skip, track, warn, type On } from './edit';
import { failTools } from './tools';

export function runStarted(ev: On<'RUN_STARTED'>) {
  if (r.track.started && r.status === 'running') return skip(ev, 'the run is still active');
  // A new run on the stream (or the first): run-scoped tracking starts empty.
  const t = track();
  Object.assign(t, { started: true, open: new Set(), lanes: [], calls: new Set(), answered: new Set(), named: false, thinking: { n: t.thinking.n } });
  Object.assign(r, { runId: ev.runId, status: 'running', interrupts: [], pendingToolCalls: [] });
  delete r.error;
  delete r.result;
  // The input echo puts on record the messages the thread does not hold yet.
  for (const m of ev.input?.messages ?? []) if (msgAt(m.id) < 0) addMsg(m);
  return;
}
export function runFinished(ev: On<'RUN_FINISHED'>) {
  if (r.track.open.size) warn(`RUN_FINISHED while still open: ${[...r.track.open].join(', ')}`);
  const outcome = ev.outcome as any;
  const t = track();
  t.open = new Set();
  // An outcome this client does not know is stripped and read as success (1.0 lifecycle).
  if (outcome && !['success', 'interrupt', 'cancelled'].includes(outcome.type)) warn(`RUN_FINISHED: unknown outcome "${outcome.type}" read as success`);
  const named: string[] = outcome?.type === 'success' ? outcome.pendingToolCallIds ?? [] : [];
  r.pendingToolCalls = outcome?.type === 'cancelled' ? [] : named.length ? named : [...t.calls].filter((id) => !t.answered.has(id));
  t.named = named.length > 0;
  r.status = outcome?.type === 'interrupt' ? 'interrupt' : outcome?.type === 'cancelled' ? 'cancelled' : 'finished';
  if (r.status === 'interrupt') r.interrupts = outcome.interrupts;
  if (r.status === 'finished' && 'result' in ev) r.result = ev.result;
  for (const id of r.pendingToolCalls) {
    const i = partAt('tool', id);
    if (i >= 0 && (r.parts[i] as ToolPart).status === 'running') editPart(i).status = 'pending';
  }
  return;
}
export function runError(ev: On<'RUN_ERROR'>) {
  Object.assign(r, { status: 'error', error: { message: ev.message, ...(ev.code !== undefined && { code: ev.code }) }, interrupts: [], pendingToolCalls: [] });
  track().open = new Set();
  return failTools();
}

/** STEP_STARTED or STEP_FINISHED: a step part per start, numbered per name (and subagent). */
export function step(ev: On<'STEP_STARTED' | 'STEP_FINISHED'>) {
  const key = `p:${ev.subagentRunId ?? ''}/${ev.stepName}`;
  const opens = ev.type === 'STEP_STARTED';
  if (isOpen(key) === opens) return skip(ev, `the step "${ev.stepName}" is ${opens ? 'already' : 'not'} running`);
  setOpen(key, opens);
  // How many of that name came before (the new one's id), and where the last is (the open one).
  const [n, last] = r.track.steps.get(key) ?? [0, -1];
  if (!opens) return void (editPart(last).status = 'done');
  const at = addPart({ kind: 'step', id: `${ev.stepName}#${n}${ev.subagentRunId === undefined ? '' : '@' + ev.subagentRunId}`, name: ev.stepName, status: 'running', ...owner(ev) });
  index('steps').set(key, [n + 1, at]);
  return;
}

export function subagentStarted(ev: On<'SUBAGENT_STARTED'>) {
  const { subagentRunId: id, parentSubagentRunId: parent } = ev;
  if (partAt('subagent', id) >= 0) return skip(ev, `"${id}" was already started`);
  if (parent !== undefined && partAt('subagent', parent) < 0) return skip(ev, `its parent "${parent}" was never started`);
  setOpen('a:' + id, true);
  const part: any = { kind: 'subagent', id, status: 'running' };
  for (const k of ['name', 'description', 'parentSubagentRunId', 'parentToolCallId', 'parentMessageId'] as const) if (ev[k] !== undefined) part[k] = ev[k];
  return void addPart(part);
}
export function subagentEnded(ev: On<'SUBAGENT_FINISHED' | 'SUBAGENT_ERROR'>) {
  const id = ev.subagentRunId;
  if (!isOpen('a:' + id)) return skip(ev, `the subagent "${id}" is not running`);
  setOpen('a:' + id, false);
  const p = editPart(partAt('subagent', id));
  if (ev.type === 'SUBAGENT_ERROR') return void Object.assign(p, { status: 'failed', error: { message: ev.message, ...(ev.code !== undefined && { code: ev.code }) } });
  const outcome = ev.outcome as any;
  if (outcome && !['success', 'suspended'].includes(outcome.type)) warn(`SUBAGENT_FINISHED: unknown outcome "${outcome.type}" read as success`);
  p.status = outcome?.type === 'suspended' ? 'suspended' : 'done';
  if (outcome?.interruptIds) p.interruptIds = outcome.interruptIds;
  if ('result' in ev) p.result = ev.result;
  return;
}
