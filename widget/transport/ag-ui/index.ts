// The pure core of the AG-UI 1.0 client: event validation, the run reducer, the run input.
export { parseAgUiEvent, EVENT_TYPES, type ParseResult } from './events';
export { applyPatch, type PatchResult } from './patch';
export {
  initialRun,
  reduceRun,
  feedRun,
  endOfStream,
  toolCallFor,
  MAX_WARNINGS,
  type AgUiRun,
  type RunStatus,
  type Part,
  type TextPart,
  type ToolPart,
  type ReasoningPart,
  type ActivityPart,
  type StepPart,
  type SubagentPart,
  type InitialRunOptions,
} from './run';
export { buildRunInput, resumeFor, PROTOCOL_VERSION, EDITED_ARGS_KEY, type Decision, type ResumeResult, type RunInputParts } from './input';
export type * from './types';
