// @vitest-environment jsdom
// The list follows a mid-run MESSAGES_SNAPSHOT that rewrote earlier turns: drawn into the widget's
// own message list (ui/messages.ts), as the conversation lays a running turn out.
import { describe, expect, it } from 'vitest';
import type { PartsTools } from '../../conversation/backend';
import type { HistoryItem } from '../../types';
import { createMessageList } from '../../ui/messages';
import type { Strings } from '../../ui/i18n/i18n';
import { alignThread, createThreadView, type ThreadPart } from './thread-view';

const strings = new Proxy({}, { get: (_, key) => String(key) }) as Strings;
const u = (t: string): HistoryItem => ({ r: 'u', t, ts: 1 });
const a = (t: string, j = `r_${t}`): HistoryItem => ({ r: 'a', t, j, ts: 1 });

describe('alignThread', () => {
  it.each<[string, HistoryItem[], HistoryItem[], number[]]>([
    ['nothing changed: every row kept in place', [u('q1'), a('x')], [u('q1'), a('x')], [0, 1]],
    ['the oldest turn trimmed', [u('q1'), a('x'), u('q2'), a('y')], [u('q2'), a('y')], [2, 3]],
    ['an answer rewritten: the new text is a new row', [u('q1'), a('x')], [u('q1'), a('x, shorter')], [0, -1]],
    ['a row added between two kept ones', [u('q1'), a('x')], [u('q1'), a('note'), a('x')], [0, -1, 1]],
    ['the same text as a question and as an answer are not the same row', [u('same')], [a('same')], [-1]],
    ['nothing kept', [u('q1')], [], []],
    ['nothing shown', [], [u('q1')], [-1]],
  ])('%s', (_, shown, agent, kept) => expect(alignThread(shown, agent)).toEqual(kept));
});

/** A list laid out as the conversation lays it: the earlier turns, then the running turn's row, its parts, its bubble. */
function page(history: HistoryItem[]) {
  const container = document.createElement('div');
  const list = createMessageList(container, strings);
  list.addNote('Hi there');
  const rows = history.map((m) => {
    if (m.r === 'u') return list.addUser(m.t);
    const bubble = list.addAssistant();
    bubble.body.textContent = m.t;
    return bubble.el;
  });
  const turnRow = list.addUser('now');
  const bubble = list.addAssistant();
  bubble.body.textContent = 'streaming…';
  const parts = document.createElement('div');
  bubble.el.before(parts);
  let drawn = 0;
  const ui = {
    message() {
      drawn++;
      const b = list.addAssistant();
      return { el: b.el, show: (source: string) => void (b.body.textContent = source) };
    },
    user: (text: string) => (drawn++, list.addUser(text, null, 0)),
  } as unknown as PartsTools;
  const record = [...history, { ...u('now'), j: 'r_now' }];
  const visible = () => [...container.children].filter((n) => (n as HTMLElement).style.display !== 'none').map((n) => n.textContent?.replace(/^(you|assistant): /, '') ?? '');
  return { container, rows, turnRow, bubble, parts, ui, record, visible, drawn: () => drawn };
}

const thread = (...items: HistoryItem[]): ThreadPart => ({ kind: 'thread', items });

describe('createThreadView', () => {
  it('shows the agent’s version of the earlier turns at once: kept rows stay (the same elements), dropped ones hide, new ones are drawn in place; the running turn is left alone', () => {
    const p = page([u('q1'), a('x'), u('q2'), a('y')]);
    const view = createThreadView();
    view.draw(p.parts, thread(u('q2'), a('y, in short'), a('one more')), p.ui, () => p.record);
    expect(p.visible()).toEqual(['Hi there', 'q2', 'y, in short', 'one more', 'now', '', 'streaming…']);
    // Kept: the page's own row, not drawn again.
    expect(p.container.contains(p.rows[2]!) && p.rows[2]!.style.display).toBe('');
    expect(p.drawn()).toBe(2);
    expect(p.bubble.body.textContent).toBe('streaming…');
    expect(p.turnRow.nextElementSibling).toBe(p.parts);

    // The same version again changes nothing; a later snapshot keeps the rows already drawn for it.
    view.draw(p.parts, thread(u('q2'), a('y, in short'), a('one more')), p.ui, () => p.record);
    expect(p.drawn()).toBe(2);
    const added = [...p.container.children].find((n) => n.textContent?.includes('y, in short'));
    view.draw(p.parts, thread(u('q1'), u('q2'), a('y, in short')), p.ui, () => p.record);
    expect(p.visible()).toEqual(['Hi there', 'q1', 'q2', 'y, in short', 'now', '', 'streaming…']);
    expect([...p.container.children].find((n) => n.textContent?.includes('y, in short'))).toBe(added);
    expect(p.drawn()).toBe(2);
    expect(p.container.querySelectorAll('.bc-msg-user[role="article"]')).toHaveLength(3);

    // The run did not end answered: the page's record is back.
    view.restoreAll();
    expect(p.visible()).toEqual(['Hi there', 'q1', 'x', 'q2', 'y', 'now', '', 'streaming…']);
    expect(p.rows.every((r) => p.container.contains(r))).toBe(true);
  });

  it('a snapshot that put the earlier turns back as the page has them undoes what an earlier one did', () => {
    const p = page([u('q1'), a('x')]);
    const view = createThreadView();
    view.draw(p.parts, thread(a('x')), p.ui, () => p.record);
    expect(p.visible()).toEqual(['Hi there', 'x', 'now', '', 'streaming…']);
    view.draw(p.parts, undefined, p.ui, () => p.record);
    expect(p.visible()).toEqual(['Hi there', 'q1', 'x', 'now', '', 'streaming…']);
  });

  it('rows older than the page’s record are left as they are; an answer’s steps go with it', () => {
    const p = page([u('q0'), a('w'), u('q1'), a('x')]);
    // The steps of "x" stand right before its bubble.
    const steps = document.createElement('div');
    steps.className = 'bc-steps';
    steps.textContent = 'searched';
    p.rows[3]!.before(steps);
    const view = createThreadView();
    // The record holds only the last turn before the running one (the rest went past its limit).
    const record = [u('q1'), a('x'), { ...u('now'), j: 'r_now' }];
    view.draw(p.parts, thread(u('q1')), p.ui, () => record);
    expect(p.visible()).toEqual(['Hi there', 'q0', 'w', 'q1', 'now', '', 'streaming…']);
    expect(steps.style.display).toBe('none');
  });
});
