import { describe, expect, it } from 'vitest';
import { UnsavedEndings, type UnsavedEnding } from './unsaved-endings';

const ending = (reply: string): UnsavedEnding => ({
  event: { seq: 3, name: 'done', data: JSON.stringify({ done: true, error: true, reply }) },
  finish: { status: 'failed', reply, error: 'storage', at: 1 },
});

describe('UnsavedEndings', () => {
  it('holds an ending per job and serves it until it is written', () => {
    const held = new UnsavedEndings();
    held.hold('j1', ending('a'));
    expect(held.get('j1')).toEqual(ending('a'));
    expect(held.get('j2')).toBeUndefined();
    const written: string[] = [];
    expect(held.flush((jobId) => written.push(jobId))).toBe(1);
    expect(written).toEqual(['j1']);
    expect(held.get('j1')).toBeUndefined();
    expect(held.size).toBe(0);
  });

  it('stops at the first refused write (the database still refuses; each try may wait its busy timeout)', () => {
    const held = new UnsavedEndings();
    for (const id of ['j1', 'j2', 'j3']) held.hold(id, ending(id));
    const tried: string[] = [];
    const written = held.flush((jobId) => {
      tried.push(jobId);
      if (jobId === 'j2') throw new Error('SQLITE_BUSY');
    });
    expect({ written, tried, left: held.size }).toEqual({ written: 1, tried: ['j1', 'j2'], left: 2 });
    expect(held.get('j2')).toEqual(ending('j2'));
  });

  it('forgets the oldest past its bound', () => {
    const held = new UnsavedEndings(2);
    held.hold('j1', ending('1'));
    held.hold('j2', ending('2'));
    held.hold('j3', ending('3'));
    expect([held.get('j1'), held.get('j2')?.finish.reply, held.get('j3')?.finish.reply]).toEqual([undefined, '2', '3']);
  });
});
