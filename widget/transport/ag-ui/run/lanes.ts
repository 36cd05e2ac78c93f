// Chunk events (TEXT_MESSAGE_CHUNK, TOOL_CALL_CHUNK, REASONING_MESSAGE_CHUNK) expanded into the
// start / content / end events they stand for, in lanes per subagent, as @ag-ui/client's chunk
// transform does (1.0 streaming pattern). The events they stand for go to `apply` (apply.ts),
// which the caller hands in: apply.ts sends chunks here, so this file does not import it.
import type { Lane } from '../run';
import type { AgUiEvent } from '../types';
import { owner, r, skip, track } from './edit';

/** The start, content and end events of each streamed kind. */
const TRIAD = {
  text: ['TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END'],
  tool: ['TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END'],
  reasoning: ['REASONING_MESSAGE_START', 'REASONING_MESSAGE_CONTENT', 'REASONING_MESSAGE_END'],
} as const;

// Events that end the chunk stream of their own lane, and those that end every lane
// (1.0 streaming pattern, "Closing a chunk stream"). Anything else stands aside.
export const CLOSES_LANE = /^(TEXT_MESSAGE_(START|CONTENT|END)|TOOL_CALL_(START|ARGS|END|RESULT)|STATE_|CUSTOM|STEP_|REASONING_(START|END|MESSAGE_(START|CONTENT|END)))/;
export const CLOSES_ALL = /^(RUN_|MESSAGES_SNAPSHOT)/;

export const closeLane = (lane: string | undefined, apply: (ev: AgUiEvent) => void) => {
  const l = r.track.lanes.find((x) => x.owner === lane);
  if (!l) return;
  track().lanes = r.track.lanes.filter((x) => x !== l);
  apply({ type: TRIAD[l.kind][2], messageId: l.id, toolCallId: l.id, ...owner({ subagentRunId: l.owner }) } as AgUiEvent);
};

/** Which lane a chunk continues or opens (1.0 attribution rules), or why it has none. */
const laneFor = (kind: Lane['kind'], id: string | undefined, tag: string | undefined): { lane?: string; error?: string } => {
  if (id !== undefined) {
    const holder = r.track.lanes.find((l) => l.kind === kind && l.id === id);
    if (!holder) return { lane: tag };
    if (tag !== undefined && tag !== holder.owner) return { error: `its subagentRunId "${tag}" is not the one that opened "${id}"` };
    return { lane: holder.owner };
  }
  if (tag !== undefined || r.track.lanes.some((l) => l.kind === kind && l.owner === undefined)) return { lane: tag };
  const candidates = r.track.lanes.filter((l) => l.kind === kind);
  if (candidates.length > 1) return { error: 'it names neither an id nor a subagentRunId and several streams are open' };
  return { lane: candidates[0]?.owner };
};

/** Expands a chunk into the start / content events it stands for. */
export const chunk = (ev: any, kind: Lane['kind'], idKey: 'messageId' | 'toolCallId', apply: (ev: AgUiEvent) => void) => {
  const id: string | undefined = ev[idKey];
  const where = laneFor(kind, id, ev.subagentRunId);
  if (where.error) return skip(ev, where.error);
  const open = r.track.lanes.find((l) => l.owner === where.lane);
  const base = { ...owner(ev), ...(ev.metadata && { metadata: ev.metadata }) };
  let lane: Lane | undefined = open;
  if (open?.kind === kind && (id === undefined || id === open.id)) {
    // A continuation may repeat what its opener said, never contradict it.
    const said: Record<string, unknown> = kind === 'text' ? { role: open.role, name: open.name } : kind === 'tool' ? { toolCallName: open.name, parentMessageId: open.parent } : {};
    const clash = Object.keys(said).find((k) => ev[k] !== undefined && ev[k] !== said[k]);
    if (clash) return skip(ev, `its ${clash} "${ev[clash]}" contradicts what "${open.id}" opened with`);
  } else {
    closeLane(where.lane, apply);
    if (id === undefined) return skip(ev, `the first chunk of a stream must carry its ${idKey}`);
    if (kind === 'tool' && ev.toolCallName === undefined) return skip(ev, 'the first chunk of a tool call must carry its toolCallName');
    lane = { owner: where.lane, kind, id, role: kind === 'reasoning' ? kind : ev.role ?? 'assistant', name: kind === 'tool' ? ev.toolCallName : ev.name, parent: ev.parentMessageId };
    const t = track();
    t.lanes = [...t.lanes, lane];
    const { delta: _d, type: _t, ...fields } = ev;
    apply({ ...fields, ...base, type: TRIAD[kind][0], role: lane.role });
  }
  apply({ ...base, type: TRIAD[kind][1], messageId: lane!.id, toolCallId: lane!.id, delta: ev.delta ?? '' } as AgUiEvent);
};
