// What a plan of the AG-UI demo agent is (agui-demo.ts): the events and pauses to send and how
// the run ends, the pacing they are sent at, and the fresh ids they are built with. Shared by the
// plans of each kind of scenario (agui-demo-tools.ts, agui-demo-state.ts, agui-demo-approvals.ts).
import type { RunStep } from '../ag-ui/agui-events';
import type { AguiEnding } from './agui-agent';

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

export const json = (value: unknown): string => JSON.stringify(value);
export const success: AguiEnding = { type: 'finished' };
