// The AG-UI demo's state, activities and snapshots (pure plans): a to-do list as a STATE_SNAPSHOT
// then RFC 6902 deltas, a progress activity updated step by step, an A2UI surface as
// @ag-ui/a2ui-middleware streams it, and a MESSAGES_SNAPSHOT that rewrites the thread mid-answer.
import { EventType, type Event, type Message } from '@ag-ui/core';
import { textMessage, type RunStep } from '../ag-ui/agui-events';
import {
  MAX_TODOS,
  NEW_TODO_TITLE,
  PROGRESS_ACTIVITY,
  PROGRESS_ANSWER,
  PROGRESS_STEPS,
  PROGRESS_TITLE,
  STARTER_TODOS,
  TRIM_ANSWER_REST,
  TRIM_ANSWER_START,
  todoAnswer,
  trimSummary,
  type TodoItem,
} from '../demo/agui-replies';
import { A2UI_ACTIVITY, demoSurfaceActivity, demoSurfaceIntro, type DemoSurface } from '../demo/demo-a2ui';
import { isPlainObject } from '../http/fields';
import { success, type DemoPlan, type NewId } from './agui-demo-plan';

function isTodo(value: unknown): value is TodoItem {
  return isPlainObject(value) && typeof value.id === 'string' && typeof value.title === 'string' && value.title.length <= 200 && typeof value.done === 'boolean';
}

/** The state's other keys are kept: the snapshot replaces the whole state. */
export const stateObject = (state: unknown): Record<string, unknown> => (isPlainObject(state) ? state : {});

/** STATE_SNAPSHOT of the list (the client's, when it sent a valid one), then RFC 6902 deltas that change it. */
export function todoPlan(state: unknown, newId: NewId, d: number): DemoPlan {
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

/** A progress activity updated by deltas as named steps start and finish, then the answer. */
export function progressPlan(newId: NewId, d: number, toolPauseMs: number): DemoPlan {
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

/**
 * An A2UI surface as @ag-ui/a2ui-middleware streams it: an `a2ui-surface` activity, building, then
 * its operations, each snapshot replacing the one before under one message id.
 */
export function surfacePlan(which: DemoSurface, newId: NewId, d: number, toolPauseMs: number): DemoPlan {
  const messageId = `a2ui-surface-${newId('tc')}`;
  const steps: RunStep[] = [...textMessage(newId('msg'), demoSurfaceIntro(which), d)];
  // Half a tool's pause between snapshots: the building state lasts long enough to be drawn by a
  // page that reads the stream in 150 ms batches (a model writing a surface takes seconds).
  for (const content of demoSurfaceActivity(which)) steps.push({ pauseMs: toolPauseMs / 2 }, { type: EventType.ACTIVITY_SNAPSHOT, messageId, activityType: A2UI_ACTIVITY, content, replace: true });
  return { steps, ending: success };
}

/**
 * The agent rewrites the thread while it answers: part of the answer, then a MESSAGES_SNAPSHOT in
 * which the turns before the previous one are one summary, in their first answer's place (the previous turn, the
 * question and the answer so far kept; with a single earlier turn, that one is summarized), then
 * the rest of the answer at the slow pace, so a client shows the new thread mid-run.
 */
export function trimPlan(messages: readonly Message[], newId: NewId, d: number, slowDelayMs: number): DemoPlan {
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
