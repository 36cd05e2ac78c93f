// @vitest-environment jsdom
// Where an open interrupt's card is drawn once its own answer left the page's 50-row history: with
// the newest answer shown, from the asks the thread keeps (a reload of a page whose history moved on).
import { describe, expect, it } from 'vitest';
import type { DecisionTools } from '../../conversation/backend';
import { memoryStorage } from '../../fixtures/memory-storage';
import { createAgUiBackend } from './backend';
import { storageKeysFor } from './kept-thread';
import type { DecisionAsk } from './decision-view';

const URL = 'http://127.0.0.1:9/agent';
const ask = (id: string, sent = false): DecisionAsk => ({ runId: `run-${id}`, interrupts: [{ id: `int-${id}`, reason: 'tool_call', message: `Restart ${id}?` }], calls: {}, decisions: {}, ...(sent && { sent }) });

function page(asks: Record<string, DecisionAsk>, answers: string[]) {
  const storage = memoryStorage();
  const keys = storageKeysFor(URL);
  storage.setItem(keys.asks, JSON.stringify(asks));
  storage.setItem(keys.history, JSON.stringify(answers.flatMap((j, i) => [{ r: 'u', t: `q${i}`, ts: i }, { r: 'a', t: `answer ${i}`, j, ts: i }])));
  const answered: unknown[] = [];
  const tools: DecisionTools = { answer: async (resume) => void answered.push(resume), mount: () => () => {} };
  const backend = createAgUiBackend({ agent: { url: URL, headers: {}, context: [] }, tools: [], storage, warn: () => {} });
  const draw = (id: string) => {
    const el = document.createElement('div');
    return { drawn: backend.drawDecision!(el, id, tools), el };
  };
  return { draw, answered };
}

describe('an open interrupt older than the history window', () => {
  it('its card goes with the newest answer shown, and answering it there resumes its own run', async () => {
    const { draw, answered } = page({ r_old: ask('old'), r_done: ask('done', true) }, ['r_a', 'r_b']);
    expect(draw('r_a').drawn).toBe(false);
    const { drawn, el } = draw('r_b');
    expect(drawn).toBe(true);
    expect(el.textContent).toContain('Restart old?');
    expect(el.textContent).not.toContain('Restart done?');
    (el.querySelector('button.bc-decision-yes') as HTMLButtonElement).click();
    await Promise.resolve();
    expect(answered).toEqual([{ turnId: 'r_old' }]);
  });

  it('the newest answer with a card of its own shows both, each in its own box', () => {
    const { draw } = page({ r_old: ask('old'), r_b: ask('b', true) }, ['r_a', 'r_b']);
    const { drawn, el } = draw('r_b');
    expect(drawn).toBe(true);
    expect([...el.children].map((c) => c.querySelector('p')?.textContent)).toEqual(['Restart b?', 'Restart old?']);
  });

  it('an open ask whose answer is still shown stays on that answer alone', () => {
    const { draw } = page({ r_a: ask('a') }, ['r_a', 'r_b']);
    expect(draw('r_a').drawn).toBe(true);
    expect(draw('r_b').drawn).toBe(false);
  });
});
