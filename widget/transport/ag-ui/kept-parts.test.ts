// The parts each turn showed, kept for a reload (kept-parts.ts): kept only when they show
// something, ended as cut off when read back, changed where an earlier call settles, swapped
// with another thread's.
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../fixtures/memory-storage';
import { createKeptParts } from './kept-parts';
import type { Part } from './run';

const tool = (id: string, status: 'pending' | 'running' | 'done'): Part => ({ kind: 'tool', id, name: 'lookup', args: '{}', status }) as Part;
const stored = (storage: Storage) => JSON.parse(storage.getItem('parts') ?? 'null');

describe('createKeptParts', () => {
  it('keeps a turn that showed something, and none that showed only its answer', () => {
    const storage = memoryStorage();
    const kept = createKeptParts(storage, 'parts');
    kept.keep('a', [{ kind: 'text', id: 'm', role: 'assistant', text: 'the answer', done: true } as Part]);
    expect(stored(storage)).toBeNull();
    kept.keep('b', [tool('c1', 'done')]);
    expect(Object.keys(stored(storage))).toEqual(['b']);
  });

  it('reads a kept turn back with what still ran cut off, and what waits for a decision still waiting', () => {
    const storage = memoryStorage();
    createKeptParts(storage, 'parts').keep('t', [tool('run', 'running'), tool('wait', 'pending')]);
    const again = createKeptParts(storage, 'parts');
    expect(again.of('t')!.map((p) => (p as { status: string }).status)).toEqual(['cut', 'pending']);
    expect(again.of('other')).toBeNull();
  });

  it('changes an earlier call where its turn kept it, and writes only when one changed', () => {
    const storage = memoryStorage();
    const kept = createKeptParts(storage, 'parts');
    kept.keep('t', [tool('c1', 'pending')]);
    kept.change('c1', { status: 'done', result: '42' });
    expect(stored(storage).t[0]).toMatchObject({ status: 'done', result: '42' });
    storage.removeItem('parts');
    kept.change('nowhere', { status: 'done' });
    expect(stored(storage)).toBeNull();
  });

  it('swaps in another thread\'s parts, returning the ones they replace', () => {
    const storage = memoryStorage();
    const kept = createKeptParts(storage, 'parts');
    kept.keep('t', [tool('c1', 'done')]);
    const old = kept.restore({});
    kept.write();
    expect(stored(storage)).toEqual({});
    expect(kept.of('t')).toBeNull();
    kept.restore(old);
    expect(kept.of('t')).toHaveLength(1);
  });
});
