// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOCK_LATER_MS, createMessageList, keptFor } from './messages';
import type { Strings } from './i18n/i18n';

const strings = new Proxy({}, { get: (_, key) => String(key) }) as Strings;

/** A bubble showing `html` (what the live render drew), and a final render of `final`. */
const swap = (html: string, final: string) => {
  const bubble = createMessageList(document.createElement('div'), strings).addAssistant();
  bubble.body.innerHTML = html;
  const before = [...bubble.body.children];
  const template = document.createElement('template');
  template.innerHTML = final;
  const placeholders = [...template.content.querySelectorAll<HTMLElement>('.bc-rich')];
  bubble.setContent(template.content);
  return { body: bubble.body, before, placeholders };
};

describe('setContent and a preview that keeps what it drew', () => {
  it('keeps a shown `data-keep` preview in place for the renderer block of its type there, which mounts into it', () => {
    const { body, before, placeholders } = swap(
      '<p>Look:</p><div class="bc-preview" data-type="sandbox" data-keep=""><i>drawn</i></div><p>more</p>',
      '<p>Look:</p><div class="bc-rich" data-type="sandbox"></div><p>more, and the end</p>',
    );
    const kept = body.children[1] as HTMLElement;
    expect(kept).toBe(before[1]);
    expect(kept.className).toBe('bc-rich');
    expect(kept.innerHTML).toBe('<i>drawn</i>');
    expect(keptFor(placeholders[0]!)).toBe(kept);
    expect(body.children[0]).toBe(before[0]);
    expect(body.innerHTML).toBe('<p>Look:</p><div class="bc-rich" data-type="sandbox" data-keep=""><i>drawn</i></div><p>more, and the end</p>');
  });

  it.each([
    ['a preview that did not ask to be kept', '<div class="bc-preview" data-type="sandbox"><i>drawn</i></div>', '<div class="bc-rich" data-type="sandbox"></div>'],
    ['a kept preview where a block of another type is', '<div class="bc-preview" data-type="chart" data-keep=""><i>drawn</i></div>', '<div class="bc-rich" data-type="sandbox"></div>'],
    ['a kept preview where the final render has text', '<div class="bc-preview" data-type="sandbox" data-keep=""><i>drawn</i></div>', '<p>no view after all</p>'],
  ])('replaces %s', (_, html, final) => {
    const { body, before, placeholders } = swap(html, final);
    expect(body.firstChild).not.toBe(before[0]);
    expect(body.innerHTML).toBe(final);
    for (const placeholder of placeholders) expect(keptFor(placeholder)).toBe(placeholder);
  });
});

describe('each message is an article named for who said it and when', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());
  // 2026-12-01 10:42 UTC; formatted as the widget's language writes times, in the test's time zone.
  const ts = Date.UTC(2026, 11, 1, 10, 42);
  const rows: { title: string; lang: string; add(list: ReturnType<typeof createMessageList>): HTMLElement; label: string }[] = [
    { title: 'the visitor, in English', lang: 'en', add: (l) => l.addUser('hi', null, ts), label: `you, ${new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(ts)}` },
    { title: 'the assistant, by its name, in Chinese', lang: 'zh-CN', add: (l) => l.addAssistant(ts).el, label: `Acme Help, ${new Intl.DateTimeFormat('zh-CN', { timeStyle: 'short' }).format(ts)}` },
    { title: 'a restored message with no time: who only', lang: 'en', add: (l) => l.addUser('hi', null, 0), label: 'you' },
    { title: 'the greeting: the assistant', lang: 'en', add: (l) => l.addNote('Hello'), label: 'Acme Help' },
  ];
  it.each(rows)('$title', ({ lang, add, label }) => {
    const el = add(createMessageList(document.createElement('div'), strings, undefined, lang, 'Acme Help'));
    expect(el.getAttribute('role')).toBe('article');
    vi.runAllTimers();
    expect(el.getAttribute('aria-label')).toBe(label);
  });

  it('named by who at once, and by when CLOCK_LATER_MS later in an idle moment (a first date formatter is slow to make, and an answer may be awaited); later ones at once', () => {
    const list = createMessageList(document.createElement('div'), strings, undefined, 'en');
    const first = list.addUser('hi', null, ts);
    const second = list.addAssistant(ts).el;
    const labels = () => [first.getAttribute('aria-label'), second.getAttribute('aria-label')];
    expect(labels()).toEqual(['you', 'assistant']);
    vi.advanceTimersByTime(CLOCK_LATER_MS - 1);
    vi.runOnlyPendingTimers();
    expect(labels()).toEqual(['you', 'assistant']);
    vi.advanceTimersByTime(1);
    vi.runOnlyPendingTimers();
    const time = new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(ts);
    expect(labels()).toEqual([`you, ${time}`, `assistant, ${time}`]);
    expect(list.addUser('again', null, ts).getAttribute('aria-label')).toBe(`you, ${time}`);
  });

  it("warm (the visitor's approach) makes the clock in the next idle moment: the first message is named by when at once", () => {
    const list = createMessageList(document.createElement('div'), strings, undefined, 'en');
    list.warm();
    list.warm();
    expect(vi.getTimerCount()).toBe(1);
    vi.runOnlyPendingTimers();
    const time = new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(ts);
    expect(list.addUser('hi', null, ts).getAttribute('aria-label')).toBe(`you, ${time}`);
  });

  it('a message before the idle moment warm asked for (a call that opened the chat and sent at once): the clock CLOCK_LATER_MS later, not in that moment', () => {
    const list = createMessageList(document.createElement('div'), strings, undefined, 'en');
    list.warm();
    const el = list.addUser('hi', null, ts);
    vi.advanceTimersByTime(CLOCK_LATER_MS - 1);
    expect(el.getAttribute('aria-label')).toBe('you');
    vi.advanceTimersByTime(1);
    vi.runOnlyPendingTimers();
    expect(el.getAttribute('aria-label')).toBe(`you, ${new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(ts)}`);
  });

  it('a new message without a time is stamped now', () => {
    const el = createMessageList(document.createElement('div'), strings).addUser('hi');
    const now = new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(Date.now());
    vi.runAllTimers();
    expect(el.getAttribute('aria-label')).toBe(`you, ${now}`);
  });
});
