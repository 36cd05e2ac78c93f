// @vitest-environment jsdom
// The conversation shell against the reference server (real HTTP, SSE and SQLite), through the
// BailingHub backend: what the visitor sees and what the page keeps, turn by turn.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../../examples/server/app';
import { startTestServer } from '../../examples/server/test-support';
import type { ChatBackend } from './backend';
import { createConversation, MAX_MESSAGE_CHARS, type Conversation } from './conversation';
import type { EmbedOptions } from '../embed/embed';
import { storageKeys } from './history';
import { fallbackBlock } from '../registry/fallback';
import { createRegistry } from '../registry/registry';
import { createBailingClient } from '../transport/bailing';
import { createBailingBackend } from '../transport/bailing-backend';
import { en } from '../ui/i18n/i18n';
import { createMessageList } from '../ui/messages';
import { memoryStorage } from '../fixtures/memory-storage';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ deltaDelayMs: 5 });
});
afterAll(() => server.close());

interface Harness {
  conversation: Conversation;
  root: HTMLElement;
  composer: { text: string };
  storage: Storage;
  events: [string, unknown][];
  announced: string[];
  warnings: string[];
  streaming: boolean[];
  backend: ChatBackend;
}

const open: Harness[] = [];
afterEach(() => {
  for (const h of open.splice(0)) h.conversation.destroy();
  localStorage.clear();
});

function harness({ entry = 'demo_assistant', storage = localStorage, ticket = null as string | null, wrap = (b: ChatBackend) => b } = {}): Harness {
  const root = document.createElement('div');
  document.body.append(root);
  const options = { entry, api: server.url, scriptSrc: `${server.url}/dist/widget.js`, images: [] } as unknown as EmbedOptions;
  const client = createBailingClient({ baseUrl: server.url, entry });
  const warnings: string[] = [];
  const warn = (message: string) => void warnings.push(message);
  const backend = wrap(createBailingBackend({ client, entry, storage, ticket: () => ticket, context: () => ({}), warn }));
  const composer = { text: '' };
  const h: Harness = { root, composer, storage, events: [], announced: [], warnings, streaming: [], backend } as unknown as Harness;
  h.conversation = createConversation({
    options,
    backend,
    registry: createRegistry({ warn, fallback: fallbackBlock }),
    list: createMessageList(root, en),
    strings: en,
    storage,
    theme: () => ({ accent: '#2563eb', mode: 'light' }),
    emit: (event, detail) => void h.events.push([event, detail]),
    composer: { get: () => composer.text, set: (text) => void (composer.text = text) },
    setStreaming: (on) => void h.streaming.push(on),
    announce: (text) => void h.announced.push(text),
    warn,
    greeting: '',
    // The recovery schedule (1 s, 2 s, 3 s, … 124 s in all) at a twentieth of its pace: the
    // demo's late answer (3 s) is still found after a few look-ups, not at the first.
    setTimer: (run, ms) => setTimeout(run, ms / 20),
  });
  open.push(h);
  return h;
}

const bubbles = (h: Harness) => [...h.root.querySelectorAll('.bc-msg')].map((el) => ({ who: el.classList.contains('bc-msg-user') ? 'u' : 'a', text: el.querySelector('.bc-body')?.textContent ?? el.textContent!.replace(/^You: /, ''), error: el.classList.contains('bc-msg-error') }));
const stored = (h: Harness, entry = 'demo_assistant') => JSON.parse(h.storage.getItem(storageKeys(entry).history) ?? '[]');

async function until<T>(check: () => T | undefined | false, what: string, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
const doneEvents = (h: Harness) => h.events.filter(([name]) => name === 'done');

describe('conversation over the BailingHub backend', () => {
  it('a message is answered: the bubbles, the kept history with the job id, the events and announcements in order', async () => {
    const h = harness();
    h.composer.text = 'hello';
    expect(h.conversation.send('hello')).toBe(true);
    expect(h.composer.text).toBe('');
    await until(() => doneEvents(h).length === 1, 'the answer');
    const [[, done]] = doneEvents(h) as [[string, { jobId: string; reply: string }]];
    expect(done.reply).toMatch(/Acme help assistant/);
    expect(bubbles(h).map((b) => b.who)).toEqual(['u', 'a']);
    expect(bubbles(h)[1]!.text).toContain('Acme help assistant');
    const items = stored(h);
    expect(items.map((i: { r: string; j: string }) => [i.r, i.j])).toEqual([['u', done.jobId], ['a', done.jobId]]);
    expect(h.events.map(([name, detail]) => [name, (detail as { role?: string }).role])).toEqual([['message', 'user'], ['message', 'assistant'], ['done', undefined]]);
    expect(h.announced).toEqual([en.responding, en.complete]);
    expect(h.streaming).toEqual([true, false]);
  });

  it('a second message while the first streams is refused and kept; the first still finishes', async () => {
    const h = harness();
    h.conversation.send('slow please');
    h.composer.text = 'and another';
    expect(h.conversation.send('and another')).toBe(false);
    expect(h.composer.text).toBe('and another');
    expect(h.announced).toContain(en.busy);
    await until(() => doneEvents(h).length === 1, 'the slow answer', 20_000);
  });

  it('too long a message is refused before anything is sent, with the limit named', () => {
    const h = harness();
    expect(h.conversation.send('x'.repeat(MAX_MESSAGE_CHARS + 1))).toBe(false);
    expect(h.warnings.join()).toContain(`limited to ${MAX_MESSAGE_CHARS} characters`);
    expect(bubbles(h)).toEqual([]);
  });

  it('a refused turn (the entry wants a ticket): the visitor bubble goes, the text comes back with a note', async () => {
    const h = harness({ entry: 'ticket_demo' });
    h.composer.text = 'hello there';
    h.conversation.send('hello there');
    expect(h.composer.text).toBe('');
    await until(() => h.events.some(([name]) => name === 'error'), 'the refusal');
    expect(h.composer.text).toBe('hello there');
    expect(bubbles(h).map((b) => [b.who, b.error])).toEqual([['a', true]]);
    expect(stored(h, 'ticket_demo')).toEqual([]);
    expect(h.streaming).toEqual([true, false]);
  });

  it('a failed answer shows the server sentence with Retry; Retry asks again as a new turn', async () => {
    const h = harness();
    h.conversation.send('please fail');
    await until(() => h.events.some(([name, d]) => name === 'error' && (d as { jobId?: string }).jobId), 'the failure');
    const failed = h.root.querySelector('.bc-msg-error')!;
    expect(failed.textContent).toContain('could not finish');
    const retry = [...failed.querySelectorAll('button')].find((b) => b.textContent === en.retry)!;
    retry.click();
    await until(() => stored(h).filter((i: { r: string }) => i.r === 'u').length === 2, 'the second turn');
    const jobs = stored(h).filter((i: { r: string }) => i.r === 'u').map((i: { j: string }) => i.j);
    expect(new Set(jobs).size).toBe(2);
  });

  it('a stream that times out is recovered from the thread: the answer appears without a new turn', async () => {
    const h = harness();
    h.conversation.send('timeout');
    await until(() => h.root.textContent!.includes(en.recovering), 'the recovering note');
    // Not busy while it recovers: the composer is free.
    expect(h.streaming).toEqual([true, false]);
    await until(() => doneEvents(h).length === 1, 'the recovered answer', 20_000);
    expect(h.root.textContent).not.toContain(en.recovering);
    expect(stored(h).map((i: { r: string }) => i.r)).toEqual(['u', 'a']);
  });

  it('a long answer read in one burst is drawn in a task of its own, after the one that read it; a short one at once', async () => {
    const long = `${'A paragraph of a long answer. '.repeat(40)}\n\n`.repeat(20);
    // The first answer loads the markdown code (its own wait); the next two are drawn with it there.
    for (const [reply, ownTask] of [['Short answer.', null], ['Short answer.', false], [long, true]] as const) {
      let drawnInReadingTask: boolean | undefined;
      const h = harness({
        storage: memoryStorage(),
        wrap: (b) => ({
          ...b,
          follow: async (_id, report) => {
            // The whole text and the end in one task, as a burst read from the network is; the
            // next task looks whether the answer was drawn in this one.
            report({ text: reply, resets: 0, working: false });
            setTimeout(() => (drawnInReadingTask = doneEvents(h).length === 1));
            return { kind: 'answered', answer: { reply } };
          },
        }),
      });
      h.conversation.send('hello');
      await until(() => doneEvents(h).length === 1, 'the answer');
      // The look in the next task may come after the answer (drawn at once) was seen.
      await until(() => drawnInReadingTask !== undefined, 'the look after the reading task');
      if (ownTask !== null) expect(drawnInReadingTask).toBe(!ownTask);
      expect(h.root.querySelector('.bc-msg-assistant .bc-body')!.textContent!.replace(/\s+/g, '')).toBe(reply.replace(/\s+/g, ''));
    }
  });

  it("the first text is drawn at once, even just after a render of the turn's status", async () => {
    // The first answer loads the markdown code (its own wait); the second is the one looked at.
    for (const looked of [false, true]) {
      let drawnAtOnce: boolean | undefined;
      const next = () => new Promise((resolve) => setTimeout(resolve));
      const h = harness({
        storage: memoryStorage(),
        wrap: (b) => ({
          ...b,
          follow: async (_id, report) => {
            // A status first (the stream's open event, an agent's run starting): a render of no text.
            report({ text: '', resets: 0, working: true });
            await next();
            // The first words, a moment later: the task after the one that brought them looks.
            report({ text: 'First words', resets: 0, working: false });
            await next();
            drawnAtOnce = !!h.root.querySelector('.bc-msg-assistant .bc-body')?.textContent?.includes('First words');
            return { kind: 'answered', answer: { reply: 'First words.' } };
          },
        }),
      });
      h.conversation.send('hello');
      await until(() => doneEvents(h).length === 1, 'the answer');
      if (looked) expect(drawnAtOnce).toBe(true);
    }
  });

  it('reports that come before the first text is drawn arm its render once, however many (an agent reporting every delta)', async () => {
    // The first answer loads the markdown code (its own wait); the second is the one looked at.
    for (const looked of [false, true]) {
      let timers = 0;
      let drawn: string | undefined;
      const words = (n: number) => 'word '.repeat(n).trim();
      const h = harness({
        storage: memoryStorage(),
        wrap: (b) => ({
          ...b,
          follow: async (_id, report) => {
            const spy = vi.spyOn(globalThis, 'setTimeout');
            for (let n = 1; n <= 1000; n++) report({ text: words(n), resets: 0, working: false });
            timers = spy.mock.calls.length;
            spy.mockRestore();
            await new Promise((resolve) => setTimeout(resolve));
            drawn = h.root.querySelector('.bc-msg-assistant .bc-body')?.textContent ?? '';
            return { kind: 'answered', answer: { reply: `${words(1000)}.` } };
          },
        }),
      });
      h.conversation.send('hello');
      await until(() => doneEvents(h).length === 1, 'the answer');
      if (!looked) continue;
      expect(timers).toBeLessThan(5);
      // The render drew the text as it was when it ran: all of it.
      expect(drawn).toBe(words(1000));
    }
  });

  it('Stop ends the stream: what came stays, marked stopped; the composer is free', async () => {
    const h = harness();
    h.conversation.send('slow please');
    await until(() => h.root.querySelector('.bc-msg-assistant .bc-body')?.textContent, 'the first words');
    h.conversation.stop();
    await until(() => h.root.textContent!.includes(en.stopped), 'the stopped note');
    expect(h.streaming).toEqual([true, false]);
    expect(doneEvents(h)).toEqual([]);
    expect(h.root.querySelector('.bc-msg-assistant .bc-body')!.textContent!.length).toBeGreaterThan(0);
  });

  it('a page left mid-answer: the next page follows the same job to its answer (no second turn)', async () => {
    const first = harness();
    first.conversation.send('slow please');
    await until(() => stored(first).length === 1 && stored(first)[0].j, 'the turn to be taken');
    const jobId = stored(first)[0].j;
    first.conversation.destroy();
    const second = harness();
    second.conversation.show();
    await until(() => doneEvents(second).length === 1, 'the followed answer', 20_000);
    expect((doneEvents(second)[0]![1] as { jobId: string }).jobId).toBe(jobId);
    expect(stored(second).map((i: { r: string; j: string }) => [i.r, i.j])).toEqual([['u', jobId], ['a', jobId]]);
  });

  it('a page left mid-answer, over a backend with no thread to read (AG-UI): the question stays, its answer shows cut off with Retry', async () => {
    const first = harness();
    first.conversation.send('slow please');
    await until(() => stored(first).length === 1 && stored(first)[0].j, 'the turn to be taken');
    first.conversation.destroy();
    // As the AG-UI backend: no thread, no look-up, and a stream that cannot be picked up again.
    const second = harness({ wrap: (b) => ({ ...b, thread: undefined, lookUp: undefined, follow: async () => ({ kind: 'lost', reason: 'the page was left' }) }) });
    second.conversation.show();
    await until(() => second.root.textContent!.includes(en.interrupted), 'the interrupted note');
    expect(bubbles(second)).toEqual([{ who: 'u', text: 'slow please', error: false }, { who: 'a', text: '', error: false }]);
    expect([...second.root.querySelectorAll('.bc-msg-assistant button')].map((b) => b.textContent)).toEqual([en.retry]);
    expect(doneEvents(second)).toEqual([]);
    expect(second.streaming).toEqual([true, false]);
  });

  it("a thread read before a turn started does not re-render over that turn's answer", async () => {
    // The thread has a turn this page does not know of (the visitor's other tab).
    const other = harness({ storage: memoryStorage() });
    other.conversation.send('hello');
    await until(() => doneEvents(other).length === 1, 'the other tab\'s answer');
    const storage = memoryStorage();
    const visitorKey = storageKeys('demo_assistant').visitor;
    storage.setItem(visitorKey, other.storage.getItem(visitorKey)!);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let reads = 0;
    // The first open's thread request answers only after this page's own turn is done.
    const h = harness({ storage, wrap: (b) => ({ ...b, thread: async (signal) => { const items = await b.thread!(signal); reads++; await gate; return items; } }) });
    h.conversation.show();
    await until(() => reads === 1, 'the thread read');
    h.conversation.send('hello again');
    await until(() => doneEvents(h).length === 1, 'the answer');
    const answer = h.root.querySelector('.bc-msg-assistant')!;
    release();
    // What the stale read would have brought (the other tab's turn) is left for the next load.
    await gate;
    await new Promise((r) => setTimeout(r, 0));
    expect(h.root.querySelector('.bc-msg-assistant')).toBe(answer);
    expect(bubbles(h).map((b) => b.who)).toEqual(['u', 'a']);
  });

  it('new conversation: a new thread, an empty list and history; the next turn is in the new thread', async () => {
    const h = harness();
    h.conversation.send('hello');
    await until(() => doneEvents(h).length === 1, 'the answer');
    h.conversation.newConversation();
    expect(bubbles(h)).toEqual([]);
    expect(h.root.querySelector('.bc-undo')!.textContent).toContain('Conversation cleared');
    expect(h.root.querySelector('.bc-undo button')!.textContent).toBe('Undo');
    expect(stored(h)).toEqual([]);
    const thread = h.storage.getItem(storageKeys('demo_assistant').thread);
    expect(thread).toMatch(/^t_[A-Za-z0-9_-]{20}$/);
    // Sending takes the offer to undo away: the message goes in the new thread.
    h.conversation.send('recap');
    expect(h.root.querySelector('.bc-undo')).toBeNull();
    await until(() => doneEvents(h).length === 2, 'the answer in the new thread');
    // The demo's recap quotes the thread's earlier messages: none in the new thread.
    expect(stored(h).map((i: { r: string }) => i.r)).toEqual(['u', 'a']);
  });

  it('new conversation can be undone for a while: the thread, its list and its history come back, and the next turn continues it', async () => {
    const h = harness();
    const threadKey = storageKeys('demo_assistant').thread;
    h.conversation.send('hello');
    await until(() => doneEvents(h).length === 1, 'the answer');
    const before = stored(h);
    const oldThread = h.storage.getItem(threadKey);
    h.conversation.newConversation();
    expect(h.storage.getItem(threadKey)).not.toBe(oldThread);
    // A second press with nothing to clear keeps the first offer.
    h.conversation.newConversation();
    h.root.querySelector<HTMLButtonElement>('.bc-undo button')!.click();
    expect(stored(h)).toEqual(before);
    expect(h.storage.getItem(threadKey)).toBe(oldThread);
    expect(bubbles(h).map((b) => b.who)).toEqual(['u', 'a']);
    expect(h.root.querySelector('.bc-undo')).toBeNull();
    // Cleared again and not undone: the offer goes when its time is up (UNDO_MS), the new thread stays.
    h.conversation.newConversation();
    const newThread = h.storage.getItem(threadKey);
    await until(() => !h.root.querySelector('.bc-undo'), 'the end of the offer');
    expect(bubbles(h)).toEqual([]);
    expect(h.storage.getItem(threadKey)).toBe(newThread);
  });

  describe('Regenerate and Edit', () => {
    const redo = (h: Harness) => [...h.root.querySelectorAll<HTMLButtonElement>('.bc-redo')].map((b) => b.getAttribute('aria-label'));
    const marks = (h: Harness) => stored(h).map((i: { r: string; o?: string }) => `${i.r}${i.o ? `:${i.o}` : ''}`);

    it('Regenerate asks the last question again as a new turn, shown as the answer\'s second version ("‹ 2 / 2 ›"), also after a reload', async () => {
      const h = harness();
      const shown = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>('.bc-msg')].filter((el) => !el.closest('[hidden]')).map((el) => (el.classList.contains('bc-msg-user') ? 'u' : 'a'));
      const pager = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>('.bc-after:not([hidden]) .bc-acts > .bc-acts')].map((el) => el.textContent);
      h.conversation.send('hello');
      await until(() => redo(h).length == 2 && redo(h), 'the controls of the last turn');
      expect(redo(h)).toEqual(['Edit question', 'Regenerate']);
      h.root.querySelector<HTMLButtonElement>('.bc-redo[aria-label="Regenerate"]')!.click();
      // Taken away at once: the turn streams.
      expect(redo(h)).toEqual([]);
      await until(() => doneEvents(h).length === 2, 'the second answer');
      const items = stored(h);
      expect(marks(h)).toEqual(['u:regenerated', 'a:regenerated', 'u', 'a']);
      // The same question, as a new job.
      expect(items[2].t).toBe('hello');
      expect(items[2].j).not.toBe(items[0].j);
      // One question, one answer on screen: the new version, with the way back to the first.
      expect(shown(h.root)).toEqual(['u', 'a']);
      await until(() => pager(h.root).length == 1, 'the versions');
      expect(pager(h.root)).toEqual(['‹2 / 2›']);
      // Offered again, for the new last turn only (Edit on the question as first asked).
      await until(() => redo(h).length == 2, 'the controls of the new turn');
      h.root.querySelector<HTMLButtonElement>('.bc-after:not([hidden]) [aria-label="Previous version"]')!.click();
      expect(shown(h.root)).toEqual(['u', 'a']);
      await until(() => pager(h.root)[0] == '‹1 / 2›', 'the first version');
      expect(h.root.querySelector('.bc-after:not([hidden]) [aria-label="Next version"]')).toBe(document.activeElement);

      // A reload: the versions are drawn again from what the page kept and the server's thread, the latest shown.
      const again = harness({ storage: h.storage });
      again.conversation.show();
      await until(() => pager(again.root).length == 1, 'the versions after a reload');
      await until(() => redo(again).length == 2, 'the controls after a reload');
      expect(shown(again.root)).toEqual(['u', 'a']);
      expect(pager(again.root)).toEqual(['‹2 / 2›']);
    });

    it('a regeneration that fails gives the place back: the earlier answer shows, the failure under it with Retry, and the question once, also after a reload', async () => {
      // The hub's demo agent fails a message that asks it to: the regeneration (the second start) does.
      let starts = 0;
      const failSecond = (backend: ChatBackend): ChatBackend => ({ ...backend, start: (request, signal) => backend.start(++starts == 2 ? { ...request, message: `${request.message} (please fail)` } : request, signal) });
      const h = harness({ wrap: failSecond });
      const shown = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>('.bc-msg')].filter((el) => !el.closest('[hidden]')).map((el) => (el.classList.contains('bc-msg-user') ? 'u' : el.classList.contains('bc-msg-error') ? 'a:error' : 'a'));
      h.conversation.send('hello');
      await until(() => redo(h).length == 2 && redo(h), 'the controls of the last turn');
      h.root.querySelector<HTMLButtonElement>('.bc-redo[aria-label="Regenerate"]')!.click();
      await until(() => shown(h.root).join() == 'u,a,a:error' && h.root.querySelector('.bc-msg-error'), 'the earlier answer and the failure under it');
      // A reload: the question the regeneration asked again stays hidden (the hub keeps it as a visitor row of its own).
      const again = harness({ storage: h.storage });
      again.conversation.show();
      await until(() => again.root.querySelectorAll('.bc-msg-user').length == 2, 'the thread after a reload');
      await until(() => shown(again.root).join() == 'u,a,a:error' || shown(again.root).join(), 'the same rows after a reload');
      expect(shown(again.root)).toEqual(['u', 'a', 'a:error']);
      expect(again.root.querySelector('.bc-msg-error')?.textContent).toContain('Retry');
    });

    it('Edit puts the last question in the composer; what is sent replaces it as a new turn', async () => {
      const h = harness();
      h.conversation.send('hello');
      await until(() => redo(h).length == 2, 'the controls of the last turn');
      h.root.querySelector<HTMLButtonElement>('.bc-redo[aria-label="Edit question"]')!.click();
      expect(h.composer.text).toBe('hello');
      h.conversation.send('hi, what can you do?');
      await until(() => doneEvents(h).length === 2, 'the answer to the edited question');
      expect(marks(h)).toEqual(['u:edited', 'a:edited', 'u', 'a']);
      expect(stored(h)[2].t).toBe('hi, what can you do?');
      await until(() => h.root.querySelector('.bc-msg-user.bc-redone .bc-redone-tag'), 'the edited question marked');
      expect(h.root.querySelector('.bc-msg-user.bc-redone .bc-redone-tag')!.textContent).toBe('Edited below');
      // The next message after that is a new question, not an edit.
      await until(() => redo(h).length == 2, 'the controls of the new turn');
      h.conversation.send('hello again');
      await until(() => doneEvents(h).length === 3, 'the third answer');
      expect(marks(h)).toEqual(['u:edited', 'a:edited', 'u', 'a', 'u', 'a']);
    });

    it('not offered for a failed turn (it has Retry), nor while an answer streams', async () => {
      const h = harness();
      h.conversation.send('please fail');
      await until(() => h.events.some(([name, d]) => name === 'error' && (d as { jobId?: string }).jobId), 'the failure');
      expect(h.root.querySelector('.bc-msg-error .bc-action')).not.toBeNull();
      h.conversation.send('hello');
      await until(() => redo(h).length == 2, 'the controls of the answered turn');
      h.conversation.send('slow please');
      expect(redo(h)).toEqual([]);
      await until(() => h.root.querySelector('.bc-msg-assistant:last-child .bc-body')?.textContent, 'the slow answer streaming');
      expect(redo(h)).toEqual([]);
      await until(() => doneEvents(h).length === 2, 'the slow answer', 20_000);
      await until(() => redo(h).length == 2, 'the controls of the slow turn');
    });

    it('a backend without the capability offers neither', async () => {
      const h = harness({ wrap: (b) => ({ ...b, redo: undefined }) });
      h.conversation.send('hello');
      await until(() => h.root.querySelector('.bc-acts'), 'the answer actions');
      expect(redo(h)).toEqual([]);
    });
  });
});

describe('a message the network cannot take waits, and is sent once', () => {
  let online = true;
  const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!;
  beforeAll(() => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online }));
  afterAll(() => Object.defineProperty(Navigator.prototype, 'onLine', onLine));
  afterEach(() => void (online = true));

  /** Counts the turns started; `refuse` makes the next start fail as the network would. */
  const counting = (starts: string[], refuse?: { offline: boolean }) => (backend: ChatBackend): ChatBackend => ({
    ...backend,
    historyKey: backend.historyKey,
    start(request, signal) {
      starts.push(request.message ?? '');
      if (refuse?.offline) {
        refuse.offline = false;
        return Promise.reject(Object.assign(new TypeError('network error'), { offline: true }));
      }
      return backend.start(request, signal);
    },
  });
  const queuedKey = `${storageKeys('demo_assistant').history}_queued`;
  const sendNow = (h: Harness) => [...h.root.querySelectorAll('button')].find((b) => b.textContent === en.sendNow);

  it('offline: shown as waiting and kept, not sent; the online event and "Send now" together send it once', async () => {
    const starts: string[] = [];
    const h = harness({ wrap: counting(starts) });
    online = false;
    h.composer.text = 'where is my parcel';
    expect(h.conversation.send('where is my parcel')).toBe(true);
    expect(h.composer.text).toBe('');
    expect(h.root.textContent).toContain(en.queued);
    expect(JSON.parse(h.storage.getItem(queuedKey)!).map((m: { t: string }) => m.t)).toEqual(['where is my parcel']);
    // Another message while one waits stays in the box.
    h.composer.text = 'second';
    expect(h.conversation.send('second')).toBe(false);
    expect(h.composer.text).toBe('second');
    sendNow(h)!.click();
    expect(starts).toEqual([]);
    online = true;
    window.dispatchEvent(new Event('online'));
    sendNow(h)?.click();
    window.dispatchEvent(new Event('online'));
    await until(() => doneEvents(h).length === 1, 'the answer');
    expect(starts).toEqual(['where is my parcel']);
    expect(h.root.textContent).not.toContain(en.queued);
    expect(JSON.parse(h.storage.getItem(queuedKey)!)).toEqual([]);
  });

  it('a send that gets no response while the browser is online waits as "cannot reach", and is tried again by itself', async () => {
    const starts: string[] = [];
    const h = harness({ wrap: counting(starts, { offline: true }) });
    h.composer.text = 'are you open?';
    h.conversation.send('are you open?');
    await until(() => h.root.textContent!.includes(en.unreachable), 'the waiting note');
    expect(h.root.textContent).not.toContain(en.queued);
    expect(h.composer.text).toBe('');
    expect(sendNow(h)).toBeTruthy();
    // No click: the retry timer (UNREACHABLE_RETRY_MS) sends it again.
    await until(() => doneEvents(h).length === 1, 'the answer');
    expect(starts).toEqual(['are you open?', 'are you open?']);
    expect(bubbles(h).filter((b) => b.who === 'u').map((b) => b.text)).toEqual(['are you open?']);
  });

  it('kept over a reload: a conversation that starts online sends the waiting message once', async () => {
    localStorage.setItem(queuedKey, JSON.stringify([{ r: 'u', t: 'call me back', ts: Date.now() }]));
    const starts: string[] = [];
    const h = harness({ wrap: counting(starts) });
    window.dispatchEvent(new Event('online'));
    await until(() => doneEvents(h).length === 1, 'the answer');
    expect(starts).toEqual(['call me back']);
  });
});
