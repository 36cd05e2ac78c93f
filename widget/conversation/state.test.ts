// The conversation's reducer in tables: inputs from a state → the state and the effects asked for.
import { describe, expect, it } from 'vitest';
import type { TurnAnswer } from './backend';
import { KEPT_ROWS } from './history';
import { newConversationState, reduceConversation, type ConversationEffect, type ConversationInput, type ConversationRules, type ConversationState, type OpenTurn } from './state';
import { newTurn, type TurnInput } from './turn';
import type { HistoryItem } from '../types';

const RULES: ConversationRules = { recoveryDelays: [1000, 2000], thread: true, failed: 'No answer.' };
const NO_THREAD: ConversationRules = { ...RULES, thread: false, recoveryDelays: [] };
const NOW = 1000;

const q = (t: string, j?: string, more: Partial<HistoryItem> = {}): HistoryItem => ({ r: 'u', t, ts: 1, ...(j ? { j } : {}), ...more });
const a = (t: string, j?: string, more: Partial<HistoryItem> = {}): HistoryItem => ({ r: 'a', t, ts: 2, ...(j ? { j } : {}), ...more });
const hello = q('Hello');
const send = (more: Partial<Extract<ConversationInput, { type: 'send' }>> = {}): ConversationInput => ({ type: 'send', request: { message: 'Hello' }, user: hello, composerText: 'Hello', queueable: true, ...more });
const turn = (input: TurnInput, key = 1) => ({ ...input, key }) as ConversationInput;
const started = (id = 'j1', answer?: TurnAnswer) => turn({ type: 'started', turn: { id, answer } });
const progress = (text: string) => turn({ type: 'progress', progress: { text, resets: 0, working: false } });
const answered = (answer: TurnAnswer) => turn({ type: 'ended', end: { kind: 'answered', answer } });
const loaded = (server: HistoryItem[], before = 0): ConversationInput => ({ type: 'loaded', server, before });

/** A state shown and synced, with `items`. */
const shown = (items: HistoryItem[] = [], more: Partial<ConversationState> = {}): ConversationState => ({ ...newConversationState(items, null), shown: true, synced: true, ...more });
/** A state whose turn 1 runs (being sent). */
const sending = (more: Partial<OpenTurn> = {}, items: HistoryItem[] = []): ConversationState =>
  shown(items, { started: 1, running: 1, turns: { 1: { life: newTurn(), user: hello, composerText: 'Hello', queueable: true, ...more } } });
/** A state whose turn 1 (`j1`) streams. */
const streaming = (items: HistoryItem[] = [hello]) => shown(items, { started: 1, running: 1, turns: { 1: { life: newTurn('j1'), user: { ...hello, j: 'j1' }, composerText: 'Hello' } } });

/** Each effect as a short line: its type, its key, and what tells it apart. */
function brief(effect: ConversationEffect): string {
  const key = 'key' in effect ? ` ${effect.key}` : '';
  switch (effect.type) {
    case 'say':
      return `say ${effect.text}`;
    case 'too-long':
      return `too-long ${effect.length}`;
    case 'streaming':
      return `streaming ${effect.on ? 'on' : 'off'}`;
    case 'queued':
      return effect.retry ? 'queued retry' : 'queued';
    case 'sync':
      return `sync ${effect.before}`;
    case 'mark':
      return `mark ${effect.jobId} ${effect.how}`;
    case 'wait':
      return `wait${key} ${effect.ms}`;
    case 'enter':
      return `enter${key} ${effect.turn.life.phase}`;
    case 'retry':
      return `retry ${effect.user.t}`;
    default:
      return effect.type + key;
  }
}

/** Runs `inputs` from `from`, collecting every effect asked for. */
function play(from: ConversationState, inputs: ConversationInput[], rules = RULES, online = true) {
  let state = from;
  const effects: string[] = [];
  const all: ConversationEffect[] = [];
  for (const input of inputs) {
    const [next, asked] = reduceConversation(state, input, rules, NOW, online);
    state = next;
    all.push(...asked);
    effects.push(...asked.map(brief));
  }
  return { state, effects, all };
}

interface Row {
  title: string;
  from: ConversationState;
  inputs: ConversationInput[];
  rules?: ConversationRules;
  online?: boolean;
  effects: string[];
  /** What the state is afterwards (the named fields only). */
  state?: Partial<ConversationState>;
  /** The phase of each open turn afterwards, by key. */
  phases?: Record<number, string>;
}

const checked = ({ from, inputs, rules, online, effects, state, phases }: Row) => {
  const out = play(from, inputs, rules, online);
  expect(out.effects).toEqual(effects);
  if (state) expect(out.state).toMatchObject(state);
  if (phases) expect(Object.fromEntries(Object.entries(out.state.turns).map(([key, t]) => [key, t.life.phase]))).toEqual(phases);
  return out;
};
const check = (row: Row) => void checked(row);

describe('showing the thread', () => {
  it.each<Row>([
    { title: 'first show: painted, then the service thread loaded', from: newConversationState([], null), inputs: [{ type: 'show' }], effects: ['paint', 'sync 0'], state: { shown: true, synced: true } },
    { title: 'shown once only', from: newConversationState([], null), inputs: [{ type: 'show' }, { type: 'show' }], effects: ['paint', 'sync 0'] },
    { title: 'no thread to load: painted only', from: newConversationState([hello, a('Hi', 'j0')], null), inputs: [{ type: 'show' }], rules: NO_THREAD, effects: ['paint'], state: { synced: true } },
    {
      title: 'no thread to load, the page was left mid-answer: that turn is followed again',
      from: newConversationState([q('Hello', 'j1')], null),
      inputs: [{ type: 'show' }],
      rules: NO_THREAD,
      effects: ['paint', 'streaming on', 'resume 1', 'follow 1'],
      state: { running: 1, started: 1 },
      phases: { 1: 'streaming' },
    },
    { title: 'a new conversation is synced already: painting is all', from: { ...newConversationState([], null), synced: true }, inputs: [{ type: 'show' }], effects: ['paint'] },
  ])('$title', check);
});

describe('sending', () => {
  it.each<Row>([
    { title: 'online: shown, then sent as turn 1', from: newConversationState([], null), inputs: [send()], effects: ['paint', 'sync 0', 'streaming on', 'start 1'], state: { running: 1, started: 1 }, phases: { 1: 'creating' } },
    { title: 'while a turn runs: refused, the visitor told why', from: sending(), inputs: [send()], effects: ['say busy'], state: { started: 1 } },
    { title: 'while a message waits for the network: refused', from: shown([], { queued: hello }), inputs: [send()], effects: ['say queued'], state: { started: 0 } },
    { title: 'too long: not sent', from: shown(), inputs: [send({ request: { message: 'x'.repeat(4001) } })], effects: ['too-long 4001'], state: { started: 0, queued: null } },
    { title: '4000 characters (astral ones count once) go', from: shown(), inputs: [send({ request: { message: '😀'.repeat(4000) } })], effects: ['streaming on', 'start 1'] },
    { title: 'offline: the composer empties, the message waits', from: shown(), inputs: [send()], online: false, effects: ['composer', 'queued'], state: { queued: hello, started: 0, running: 0 } },
    { title: "offline, a sandbox view's send (not queueable): sent all the same", from: shown(), inputs: [send({ queueable: false, composerText: null })], online: false, effects: ['streaming on', 'start 1'] },
    { title: 'offline, a retry (no composer text): waits, the composer untouched', from: shown(), inputs: [send({ composerText: null })], online: false, effects: ['queued'] },
    {
      title: 'offline while editing: the edit ends, what it replaced stays unmarked',
      from: shown([], { editing: 'j0' }),
      inputs: [send({ redo: ['j0', 'edited'] })],
      online: false,
      effects: ['composer', 'queued', 'unedit'],
      state: { editing: '', queued: hello },
    },
    { title: 'offline, Regenerate while editing: the edit goes on', from: shown([], { editing: 'j0' }), inputs: [send({ redo: ['j0', 'regenerated'], composerText: null })], online: false, effects: ['queued'], state: { editing: 'j0' } },
    { title: 'online while editing: the strip goes as the turn starts', from: shown([], { editing: 'j0' }), inputs: [send({ redo: ['j0', 'edited'] })], effects: ['unedit', 'streaming on', 'start 1'], state: { editing: '' } },
    { title: "a renderer's response starts at once", from: shown(), inputs: [{ type: 'start', request: { interaction: {} }, user: hello }], effects: ['streaming on', 'start 1'], phases: { 1: 'creating' } },
    { title: 'turn keys count up', from: shown([], { started: 4 }), inputs: [send()], effects: ['streaming on', 'start 5'], state: { running: 5 } },
  ])('$title', check);
});

describe('a turn in the thread', () => {
  it.each<Row>([
    {
      title: 'taken, streamed, answered: both rows kept',
      from: sending(),
      inputs: [started(), progress('Hel'), progress('Hel'), progress('Hello'), answered({ reply: 'Hi there.' })],
      effects: ['save', 'taken 1', 'enter 1 streaming', 'follow 1', 'progress 1', 'progress 1', 'streaming off', 'enter 1 done', 'save'],
      state: { items: [{ ...hello, j: 'j1' }, { r: 'a', t: 'Hi there.', j: 'j1', ts: NOW }], running: 0, turns: {} },
    },
    {
      title: 'a tool ran on the way: the answer keeps the mark (w)',
      from: sending(),
      inputs: [started(), turn({ type: 'progress', progress: { text: '', resets: 0, working: true, tools: true } }), turn({ type: 'progress', progress: { text: 'Found', resets: 0, working: false, tools: true } }), answered({ reply: 'Found it.' })],
      effects: ['save', 'taken 1', 'enter 1 streaming', 'follow 1', 'progress 1', 'progress 1', 'streaming off', 'enter 1 done', 'save'],
      state: { items: [{ ...hello, j: 'j1' }, { r: 'a', t: 'Found it.', j: 'j1', ts: NOW, w: true }] },
    },
    {
      title: 'answered at once when taken',
      from: sending(),
      inputs: [started('j1', { reply: 'Hi.', references: [{ title: 'Doc' }], attachments: [{ name: 'a.pdf', url: '/a.pdf' }] } as unknown as TurnAnswer)],
      effects: ['save', 'taken 1', 'streaming off', 'enter 1 done', 'save'],
      state: { items: [{ ...hello, j: 'j1' }, { r: 'a', t: 'Hi.', j: 'j1', ts: NOW, refs: [{ title: 'Doc' }], atts: [{ name: 'a.pdf', url: '/a.pdf' }] } as HistoryItem] },
    },
    {
      title: 'an edit taken: the question it replaces is marked',
      from: sending({ redo: ['j0', 'edited'] }, [q('Old', 'j0'), a('Old answer', 'j0')]),
      inputs: [started()],
      effects: ['save', 'taken 1', 'mark j0 edited', 'enter 1 streaming', 'follow 1'],
      state: { items: [q('Old', 'j0', { o: 'edited' }), a('Old answer', 'j0', { o: 'edited' }), { ...hello, j: 'j1' }] },
    },
    {
      title: 'failed in the stream: an error row, in the service words',
      from: streaming(),
      inputs: [answered({ reply: 'Model down.', failed: true })],
      effects: ['streaming off', 'enter 1 failed', 'save'],
      state: { items: [hello, { r: 'a', t: 'Model down.', j: 'j1', ts: NOW, err: true, e: true }] },
    },
    {
      title: 'failed without a sentence: the widget says it',
      from: streaming(),
      inputs: [answered({ reply: '', failed: true })],
      effects: ['streaming off', 'enter 1 failed', 'save'],
      state: { items: [hello, { r: 'a', t: 'No answer.', j: 'j1', ts: NOW, err: true, e: true }] },
    },
    {
      title: 'the service rewrote the thread: its version, then this turn; painted again',
      from: streaming([q('Old'), a('Old answer'), { ...hello, j: 'j1' }]),
      inputs: [answered({ reply: 'Hi.', thread: [q('Rewritten', 'j0'), a('Yes', 'j0')] })],
      effects: ['streaming off', 'enter 1 done', 'save', 'save', 'paint'],
      state: { items: [q('Rewritten', 'j0'), a('Yes', 'j0'), { ...hello, j: 'j1' }, { r: 'a', t: 'Hi.', j: 'j1', ts: NOW }] },
    },
    {
      title: 'lost: recovering, the composer free again, the turn still open',
      from: streaming(),
      inputs: [turn({ type: 'ended', end: { kind: 'lost', reason: 'timeout' } })],
      effects: ['streaming off', 'enter 1 recovering', 'wait 1 1000'],
      state: { running: 0 },
      phases: { 1: 'recovering' },
    },
    {
      title: 'recovered: looked up after a wait, found',
      from: streaming(),
      inputs: [turn({ type: 'ended', end: { kind: 'lost', reason: 'timeout' } }), turn({ type: 'timer' }), turn({ type: 'looked-up', answer: null }), turn({ type: 'timer' }), turn({ type: 'looked-up', answer: { reply: 'Late.' } })],
      effects: ['streaming off', 'enter 1 recovering', 'wait 1 1000', 'look-up 1', 'wait 1 2000', 'look-up 1', 'enter 1 done', 'save'],
      state: { turns: {} },
    },
    {
      title: 'lost where nothing can be looked up: interrupted, over',
      from: streaming(),
      rules: NO_THREAD,
      inputs: [turn({ type: 'ended', end: { kind: 'lost', reason: 'x' } })],
      effects: ['streaming off', 'enter 1 interrupted'],
      state: { turns: {}, items: [hello] },
    },
    {
      title: 'stopped while streaming: one abort, then stopped; nothing kept',
      from: streaming(),
      inputs: [{ type: 'stop' }, { type: 'stop' }, turn({ type: 'ended', end: { kind: 'stopped' } })],
      effects: ['abort 1', 'streaming off', 'enter 1 stopped'],
      state: { items: [hello], turns: {}, running: 0 },
    },
    { title: 'stop with nothing running: nothing', from: shown(), inputs: [{ type: 'stop' }], effects: [] },
    { title: 'input for a turn that is over: nothing', from: shown(), inputs: [started(), progress('late')], effects: [] },
    {
      title: 'the oldest rows go past the limit',
      from: streaming(Array.from({ length: KEPT_ROWS }, (_, i) => q(`q${i}`, `j${i}`))),
      inputs: [answered({ reply: 'Last.' })],
      effects: ['streaming off', 'enter 1 done', 'save'],
    },
  ])('$title', (row) => {
    const { state } = checked(row);
    expect(state.items.length).toBeLessThanOrEqual(KEPT_ROWS);
  });
});

describe('a turn the service did not take', () => {
  const refused = (offline = false, turn?: OpenTurn): ConversationInput => ({ type: 'refused', key: 1, turn: turn ?? { life: newTurn(), user: hello, composerText: 'Hello' }, offline });
  it.each<Row>([
    { title: 'refused by the service: the composer gets it back', from: sending(), inputs: [refused()], effects: ['streaming off', 'enter 1 unsent', 'refused 1'], state: { running: 0, turns: {}, queued: null, items: [] } },
    { title: 'the network failed it: it waits, and is tried again after a while', from: sending(), inputs: [refused(true)], effects: ['streaming off', 'enter 1 unsent', 'queued retry'], state: { queued: hello } },
    { title: 'the browser went offline: it waits for the online event', from: sending(), inputs: [refused()], online: false, effects: ['streaming off', 'enter 1 unsent', 'queued'], state: { queued: hello } },
    { title: 'stopped, then failed by the network: not kept', from: sending(), inputs: [{ type: 'stop' }, refused(true)], effects: ['abort 1', 'streaming off', 'enter 1 unsent', 'refused 1'], state: { queued: null } },
    { title: "not the visitor's own message: never kept", from: sending({ queueable: false }), inputs: [refused(true)], effects: ['streaming off', 'enter 1 unsent', 'refused 1'] },
    { title: 'after the conversation ended: told all the same, from the turn as it was', from: shown(), inputs: [refused()], effects: ['refused 1'] },
  ])('$title', check);
});

describe('the message waiting for the network', () => {
  it.each<Row>([
    { title: 'flushed: it stops waiting, then is asked again', from: shown([], { queued: hello }), inputs: [{ type: 'flush' }, { type: 'flush' }], effects: ['queued', 'retry Hello'], state: { queued: null } },
    { title: 'not while a turn runs', from: { ...sending(), queued: hello }, inputs: [{ type: 'flush' }], effects: [], state: { queued: hello } },
    { title: 'nothing waiting: nothing', from: shown(), inputs: [{ type: 'flush' }], effects: [] },
  ])('$title', check);
});

describe("merging the service's thread", () => {
  const local = [q('Hello', 'j1'), a('Hi', 'j1', { v: 'up' })];
  it.each<Row>([
    { title: 'the same thread: nothing to paint', from: shown(local), inputs: [loaded([q('Hello', 'j1'), a('Hi', 'j1')])], effects: [] },
    {
      title: 'more on the server: merged (what only this page knows kept), kept and painted',
      from: shown(local),
      inputs: [loaded([q('Hello', 'j1'), a('Hi', 'j1'), q('More', 'j2'), a('Yes', 'j2')])],
      effects: ['save', 'paint'],
      state: { items: [q('Hello', 'j1'), a('Hi', 'j1', { v: 'up' }), q('More', 'j2'), a('Yes', 'j2')] },
    },
    { title: 'a turn started since it was read: left for the next load', from: shown(local, { started: 1 }), inputs: [loaded([q('More', 'j2')], 0)], effects: [], state: { items: local } },
    { title: 'a turn runs: not merged', from: { ...sending(), started: 0 }, inputs: [loaded([q('More', 'j2')], 0)], effects: [] },
    {
      title: 'the last question unanswered on the server too: its stream is followed again',
      from: shown([q('Hello', 'j1')]),
      inputs: [loaded([q('Hello', 'j1')])],
      effects: ['streaming on', 'resume 1', 'follow 1'],
      state: { running: 1 },
      phases: { 1: 'streaming' },
    },
    { title: "unanswered here, unknown to the server: left alone", from: shown([q('Hello', 'j9')]), inputs: [loaded([q('Other', 'j1'), a('A', 'j1')])], effects: ['save', 'paint'], state: { running: 0 } },
  ])('$title', check);
});

describe('ratings, editing, a new conversation', () => {
  const thread = [q('Hello', 'j1'), a('Hi', 'j1')];
  it.each<Row>([
    { title: 'rated: kept on the answer', from: shown(thread), inputs: [{ type: 'rated', jobId: 'j1', rating: 'down' }], effects: ['save'], state: { items: [thread[0], a('Hi', 'j1', { v: 'down' })] } },
    { title: 'a note: its comment kept, the rating untouched', from: shown([thread[0], a('Hi', 'j1', { v: 'up' })]), inputs: [{ type: 'rated', jobId: 'j1', rating: 'note', comment: 'Thanks' }], effects: ['save'], state: { items: [thread[0], a('Hi', 'j1', { v: 'up', c: 'Thanks' })] } },
    { title: 'an answer no longer in the thread: nothing', from: shown(thread), inputs: [{ type: 'rated', jobId: 'j7', rating: 'up' }], effects: [], state: { items: thread } },
    { title: 'Edit: the question being edited', from: shown(thread), inputs: [{ type: 'edit', jobId: 'j1' }], effects: [], state: { editing: 'j1' } },
    { title: 'Edit again: the old strip goes first', from: shown(thread, { editing: 'j1' }), inputs: [{ type: 'edit', jobId: 'j1' }], effects: ['unedit'], state: { editing: 'j1' } },
    { title: 'Edit cancelled', from: shown(thread, { editing: 'j1' }), inputs: [{ type: 'edit', jobId: '' }], effects: ['unedit'], state: { editing: '' } },
    {
      title: 'a new conversation mid-answer: turns ended, the thread emptied on a new thread',
      from: { ...streaming(thread), editing: 'j1', queued: hello },
      inputs: [{ type: 'reset' }],
      effects: ['unedit', 'clear', 'streaming off', 'new-thread', 'save', 'paint'],
      state: { items: [], turns: {}, running: 0, editing: '', shown: true, synced: true, queued: hello, started: 2, undo: thread },
    },
    { title: 'a new conversation with nothing to clear, and one to undo: the offer stays', from: shown([], { undo: thread }), inputs: [{ type: 'reset' }], effects: [], state: { undo: thread } },
    { title: 'a new conversation from an empty thread: nothing to undo', from: shown([]), inputs: [{ type: 'reset' }], effects: ['clear', 'new-thread', 'save', 'paint'], state: { undo: undefined, started: 1 } },
    { title: 'Undo: the old thread and its items back, the service merged in again', from: shown([], { undo: thread, started: 3 }), inputs: [{ type: 'undo', take: true }], effects: ['old-thread', 'save', 'paint', 'sync 3'], state: { items: thread, undo: undefined } },
    { title: 'Undo without a thread to read (AG-UI): no sync', from: shown([], { undo: thread }), inputs: [{ type: 'undo', take: true }], rules: NO_THREAD, effects: ['old-thread', 'save', 'paint'], state: { items: thread } },
    { title: 'the offer ends: the bar goes, the new thread stays', from: shown([], { undo: thread }), inputs: [{ type: 'undo', take: false }], effects: ['paint'], state: { items: [], undo: undefined } },
    { title: 'the offer ended already: nothing', from: shown([]), inputs: [{ type: 'undo', take: true }], effects: [], state: { items: [] } },
    { title: 'a message sent: the offer goes', from: shown([], { undo: thread }), inputs: [send()], effects: ['streaming on', 'start 1'], state: { undo: undefined } },
    { title: 'a thread read before the conversation was cleared: stale, not merged', from: shown(thread), inputs: [{ type: 'reset' }, loaded([q('Old', 'j0'), a('Old answer', 'j0')], 0)], effects: ['clear', 'new-thread', 'save', 'paint'], state: { items: [] } },
    { title: 'torn down: turns ended, the thread kept', from: streaming(thread), inputs: [{ type: 'destroy' }], effects: ['clear', 'streaming off'], state: { items: thread, turns: {}, running: 0 } },
    { title: 'torn down idle', from: shown(thread), inputs: [{ type: 'destroy' }], effects: ['clear'] },
  ])('$title', check);
});

describe('the reducer', () => {
  it('returns the state itself when nothing changes', () => {
    const from = shown([q('Hello', 'j1'), a('Hi', 'j1')]);
    for (const input of [{ type: 'show' }, { type: 'stop' }, { type: 'flush' }, started(), loaded([q('Hello', 'j1'), a('Hi', 'j1')])] as ConversationInput[]) {
      expect(reduceConversation(from, input, RULES, NOW, true)[0]).toBe(from);
    }
  });

  it('never changes the state it is given', () => {
    const from = streaming([q('Old', 'j0'), a('Old answer', 'j0')]);
    const copy = structuredClone(from);
    play(from, [progress('Hi'), answered({ reply: 'Hi.', thread: [] }), { type: 'rated', jobId: 'j0', rating: 'up' }, { type: 'reset' }]);
    expect(from).toEqual(copy);
  });
});
