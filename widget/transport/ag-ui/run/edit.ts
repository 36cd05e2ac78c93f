// One event's edit of a run, for the reducer's pieces (run.ts's reduceRun and the modules beside
// this one): the run being made, copy-on-write, and the helpers that read and write its messages,
// parts and indexes. Module-level rather than a closure per event: reduceRun folds one event at a
// time, synchronously, and `begin` starts each one afresh; the reducer stays pure from outside.
import type { AgUiRun, Part, RunTrack } from '../run';
import type { AgUiEvent, ContentPart, Message, ToolCall } from '../types';

/** Warnings kept per run; a stream that breaks every rule should not grow memory without end. */
export const MAX_WARNINGS = 100;

/** `warnings` with `text` added, or with the note that warnings were dropped once the list is full. */
export const withWarning = (warnings: string[], text: string) =>
  warnings.length > MAX_WARNINGS ? warnings : [...warnings, warnings.length < MAX_WARNINGS ? text : 'further warnings were dropped'];

export const textOf = (content: unknown): string =>
  typeof content === 'string' ? content : Array.isArray(content) ? content.map((p: ContentPart) => (p.type === 'text' ? p.text : '')).join('') : '';

const copyOf = <T extends object>(v: T): T =>
  (Array.isArray(v) ? v.slice() : v instanceof Map ? new Map(v) : v instanceof Set ? new Set(v) : { ...v }) as T;

/** The run this event makes: a copy of the one it was given, its nested objects copied as they are written. */
export let r: AgUiRun;
let fresh: WeakSet<object>;
let owned: WeakSet<object> | undefined;
let wrote: boolean;
/** Parts changed (or added) by this event, by index: the indexes of running and pending ones follow them. */
let touched: number[];
/** This event added a part. */
let added: boolean;

/** Starts the edit of `run` for one event (`keep`: reduceRun's `owned`). */
export function begin(run: AgUiRun, keep: WeakSet<object> | undefined): AgUiRun {
  fresh = new WeakSet<object>();
  owned = keep;
  wrote = false;
  touched = [];
  added = false;
  r = copyOf(run);
  fresh.add(r);
  return r;
}
/** Something nested was written. */
export const written = () => wrote;

// Copy-on-write: a nested object is copied once per event (once per stream when `owned` may keep it), the first time it is written.
export const own = <T extends object>(v: T, keep = true): T => {
  wrote = true;
  if (fresh.has(v) || (keep && owned?.has(v))) return v;
  const c = copyOf(v);
  fresh.add(c);
  if (keep) owned?.add(c);
  return c;
};
export const track = () => (r.track = own(r.track));
/** The track's `key` index, writable. */
export const index = <K extends 'open' | 'calls' | 'answered' | 'at' | 'steps' | 'running' | 'pending' | 'texts'>(key: K): RunTrack[K] => {
  const t = track();
  return (t[key] = own(t[key]));
};
export const warn = (text: string) => void (r.warnings = withWarning(r.warnings, text));
export const skip = (ev: { type: string; legacy?: string }, why: string) => warn(`${ev.legacy ?? ev.type} skipped: ${why}`);
export const isOpen = (key: string) => r.track.open.has(key);
export const setOpen = (key: string, on: boolean) => {
  const open = index('open');
  // Deleted first: a key opened again goes last, as RUN_FINISHED's warning lists them.
  open.delete(key);
  if (on) open.add(key);
};
export const msgAt = (id: string) => r.messages.findIndex((m) => m.id === id);
export const editMsg = (i: number): any => {
  r.messages = own(r.messages);
  return (r.messages[i] = own(r.messages[i]));
};
export const addMsg = (m: Message, at = r.messages.length) => {
  r.messages = own(r.messages);
  r.messages.splice(at, 0, m);
  fresh.add(m);
};
export const callAt = (id: string): [number, number] => {
  for (let i = 0; i < r.messages.length; i++) {
    const j = ((r.messages[i] as any).toolCalls as ToolCall[] | undefined)?.findIndex((c) => c.id === id) ?? -1;
    if (j >= 0) return [i, j];
  }
  return [-1, -1];
};
export const editCall = ([i, j]: [number, number]): ToolCall => {
  const m = editMsg(i);
  m.toolCalls = own(m.toolCalls);
  const c = (m.toolCalls[j] = own(m.toolCalls[j]));
  c.function = own(c.function);
  return c;
};
export const partAt = (kind: Part['kind'], id: string) => r.track.at.get(`${kind}:${id}`) ?? -1;
export const editPart = (i: number): any => {
  r.parts = own(r.parts);
  touched.push(i);
  return (r.parts[i] = own(r.parts[i], false));
};
export const addPart = (p: Part) => {
  r.parts = own(r.parts);
  const i = r.parts.push(p) - 1;
  fresh.add(p);
  touched.push(i);
  added = true;
  index('at').set(`${p.kind}:${p.id}`, i);
  if (p.kind === 'text' && p.role === 'assistant') index('texts').push(i);
  return i;
};
/** The running and pending indexes as the parts this event changed now are. */
export const settle = () => {
  if (!touched.length) return;
  // The answer's text as it grows is the bubble's to draw (turn-progress.ts reads it from the
  // indexes): the parts' readers, which draw the rest, are not told of it.
  const { texts } = r.track;
  if (added || touched.some((i) => i !== texts[texts.length - 1])) track().edits++;
  const running = index('running');
  const pending = index('pending');
  for (const i of touched.splice(0)) {
    const p = r.parts[i]!;
    const status = p.kind === 'tool' || p.kind === 'step' ? p.status : undefined;
    if (status === 'running') running.add(i);
    else running.delete(i);
    if (status === 'pending') pending.add(i);
    else pending.delete(i);
  }
};
// Metadata on an event merges into what the event builds, key by key, the last write winning.
export const merge = (target: { metadata?: object }, ev: { metadata?: object }) => {
  if (ev.metadata) target.metadata = { ...target.metadata, ...ev.metadata };
};
export const owner = (ev: { subagentRunId?: string }) => (ev.subagentRunId !== undefined ? { subagentRunId: ev.subagentRunId } : {});
/** The event a case of apply.ts's switch hands on: AG-UI events of those types. */
export type On<T extends AgUiEvent['type']> = AgUiEvent & { type: T };
