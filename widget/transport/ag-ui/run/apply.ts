// Which piece of the reducer each AG-UI event goes to: one event folded into the run being made
// (edit.ts), with the lifecycle's gate and the closing of chunk lanes already passed (run.ts).
import type { AgUiEvent } from '../types';
import { own, r, type On } from './edit';
import { chunk } from './lanes';
import { runError, runFinished, runStarted, step, subagentEnded, subagentStarted } from './lifecycle';
import { continueMessage, encryptedValue, reasoningMessage, reasoningSpan, startMessage } from './messages';
import { activityDelta, activitySnapshot, messagesSnapshot, stateDelta } from './snapshots';
import { toolCallArgs, toolCallResult, toolCallStart } from './tools';

export function apply(ev: AgUiEvent): void {
  switch (ev.type) {
    case 'TEXT_MESSAGE_START':
      return startMessage(ev, 't:', ev.role ?? 'assistant', 'text');
    case 'TEXT_MESSAGE_CONTENT':
      return continueMessage(ev, 't:', 'text', ev.delta);
    case 'TEXT_MESSAGE_END':
      return continueMessage(ev, 't:', 'text');
    case 'REASONING_MESSAGE_START':
    case 'REASONING_MESSAGE_CONTENT':
    case 'REASONING_MESSAGE_END':
      return reasoningMessage(ev as On<'REASONING_MESSAGE_START' | 'REASONING_MESSAGE_CONTENT' | 'REASONING_MESSAGE_END'>);
    case 'REASONING_START':
    case 'REASONING_END':
      return reasoningSpan(ev as On<'REASONING_START' | 'REASONING_END'>);
    case 'TEXT_MESSAGE_CHUNK':
    case 'REASONING_MESSAGE_CHUNK':
      return chunk(ev, ev.type === 'TEXT_MESSAGE_CHUNK' ? 'text' : 'reasoning', 'messageId', apply);
    case 'TOOL_CALL_CHUNK':
      return chunk(ev, 'tool', 'toolCallId', apply);

    case 'TOOL_CALL_START':
      return toolCallStart(ev);
    case 'TOOL_CALL_ARGS':
    case 'TOOL_CALL_END':
      return toolCallArgs(ev);
    case 'TOOL_CALL_RESULT':
      return toolCallResult(ev);

    case 'STATE_SNAPSHOT':
      r.state = ev.snapshot;
      return;
    case 'STATE_DELTA':
      return stateDelta(ev);
    case 'MESSAGES_SNAPSHOT':
      return messagesSnapshot(ev);
    case 'ACTIVITY_SNAPSHOT':
      return activitySnapshot(ev);
    case 'ACTIVITY_DELTA':
      return activityDelta(ev);
    case 'RAW':
    case 'CUSTOM':
      (r.events = own(r.events)).push(ev);
      return;

    case 'RUN_STARTED':
      return runStarted(ev);
    case 'RUN_FINISHED':
      return runFinished(ev);
    case 'RUN_ERROR':
      return runError(ev);
    case 'STEP_STARTED':
    case 'STEP_FINISHED':
      return step(ev);
    case 'REASONING_ENCRYPTED_VALUE':
      return encryptedValue(ev);
    case 'SUBAGENT_STARTED':
      return subagentStarted(ev);
    case 'SUBAGENT_FINISHED':
    case 'SUBAGENT_ERROR':
      return subagentEnded(ev);
  }
}
